"""Every playable game, by id. Adding a game means adding its package (and its board's module
in `render/`, named after the game's id) and one line in `GAMES`; each definition is checked
as it is registered."""

from engine.core import Game
from engine.games import bloc_by_bloc, block_mania, not_on_my_block, riot, space_insurrection
from engine.games.registry import GameDefinitionError, registry

GAMES: tuple[Game, ...] = (
    not_on_my_block.GAME,
    bloc_by_bloc.GAME,
    space_insurrection.GAME,
    riot.GAME,
    block_mania.GAME,
)

REGISTRY: dict[str, Game] = registry(GAMES)

__all__ = ["GAMES", "REGISTRY", "GameDefinitionError"]
