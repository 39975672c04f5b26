"""Positions for Block Mania's tests: a fresh game, and dice that roll what a test says."""

from __future__ import annotations

from collections.abc import Iterable

from engine.games.block_mania.rules import GAME
from engine.games.block_mania.state import Blocker, ManiaOptions, ManiaState


class Dice:
    """Rolls taken from a list, in order, so a test states each die it needs."""

    def __init__(self, rolls: Iterable[int]) -> None:
        self.rolls = list(rolls)

    def randint(self, low: int, high: int) -> int:
        value = self.rolls.pop(0)
        assert low <= value <= high
        return value

    def roll(self, count: int, sides: int = 6) -> list[int]:
        return [self.randint(1, sides) for _ in range(count)]

    def below(self, n: int) -> int:
        return 0


def game(seed: int = 1, players: int = 2) -> ManiaState:
    return GAME.setup(ManiaOptions(players=players), seed)


def rigged(state: ManiaState, rolls: Iterable[int]) -> Dice:
    dice = Dice(rolls)
    object.__setattr__(state, "rng", dice)
    return dice


def put(
    state: ManiaState, type_id: str, owner: int, at: str, kit: list[str] | None = None
) -> Blocker:
    """A Blocker placed where a test needs it."""
    b = Blocker(id=f"T{len(state.blockers)}", type=type_id, owner=owner, at=at, kit=kit or [])
    state.blockers.append(b)
    return b


def empty(seed: int = 1) -> ManiaState:
    """A game with no Blocker in play and no command points, so a test states every piece."""
    state = game(seed)
    state.blockers = []
    state.cp = 0
    return state
