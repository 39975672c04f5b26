"""Pure, synchronous game rules. See engine/README.md for the contract every game follows."""

from engine.core import (
    ActionBase,
    ChoiceStyle,
    Event,
    Game,
    GameState,
    IllegalAction,
    OrderAction,
    Outcome,
    Prompt,
    QuickChoice,
    Result,
    Termination,
)
from engine.rng import Rng
from engine.sheets import OrderLine, OrderOption, OrderSheet

__all__ = [
    "ActionBase",
    "ChoiceStyle",
    "Event",
    "Game",
    "GameState",
    "IllegalAction",
    "OrderAction",
    "OrderLine",
    "OrderOption",
    "OrderSheet",
    "Outcome",
    "Prompt",
    "QuickChoice",
    "Result",
    "Rng",
    "Termination",
]
