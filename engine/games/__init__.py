"""Every playable game, by id. Adding a game means adding its package and one line here."""

from engine.core import Game

REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    REGISTRY[game.id] = game
    return game
