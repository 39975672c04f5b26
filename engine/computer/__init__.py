"""Computer players for empty and abandoned seats, in every registered game, that decide from
their seat's view alone (see `levels` for the two levels, `search` for the strong level's
search, `tally` for putting searches run in parallel together).

>>> from engine.games import REGISTRY
>>> from engine.players import seen
>>> game = REGISTRY["not_on_my_block"]
>>> state = game.setup(game.make_options(2), seed=1)
>>> seat = next(iter(game.prompts(state)))
>>> play = strong(game, Budget(iterations=20, depth=4))(seed=5)
>>> play(seen(game, state, seat)) in game.legal_actions(state, seat)
True
"""

from engine.computer.levels import (
    SHALLOW,
    STRONG,
    Level,
    casual,
    computer,
    decide,
    evaluation,
    search,
    strong,
    think,
)
from engine.computer.search import Budget
from engine.computer.tally import Choice, Tally, best, merge

__all__ = [
    "SHALLOW",
    "STRONG",
    "Budget",
    "Choice",
    "Level",
    "Tally",
    "best",
    "casual",
    "computer",
    "decide",
    "evaluation",
    "merge",
    "search",
    "strong",
    "think",
]
