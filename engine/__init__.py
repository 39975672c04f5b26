"""Pure, synchronous game rules. See engine/README.md for the contract every game follows."""

from engine.core import (
    ActionBase,
    Event,
    Game,
    GameState,
    IllegalAction,
    Outcome,
    Prompt,
    QuickChoice,
    Result,
)
from engine.rng import Rng

__all__ = [
    "ActionBase",
    "Event",
    "Game",
    "GameState",
    "IllegalAction",
    "Outcome",
    "Prompt",
    "QuickChoice",
    "Result",
    "Rng",
]
