"""Every playable game, by id. Adding a game means adding its package and one line here."""

from engine.core import Game

REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    REGISTRY[game.id] = game
    return game


from engine.games.not_on_my_block import GAME as _nomb  # noqa: E402 - needs register defined

register(_nomb)

from engine.games.bloc_by_bloc import GAME as _bloc  # noqa: E402 - needs register defined

register(_bloc)
