"""Who plays or answers next: a round's turn order, and card windows that stay open until
every seat passes in a row.

Seats are the integers a game already uses; seats that are out of the game (eliminated, or a
faction with nothing left) are named in `out` and skipped. The pieces are plain functions and
small pydantic models, so a game stores them in its state and a replay rebuilds them exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from pydantic import BaseModel

from engine.core import Prompt, QuickChoice
from engine.messages import Msg, m


def seat_order(first: int, seats: int, out: Collection[int] = ()) -> list[int]:
    """The seats in turn order from `first` round the table, those out left out: a round's
    order when the first player rotates (Bloc by Bloc's first faction marker)."""
    return [s for s in ((first + i) % seats for i in range(seats)) if s not in out]


def next_seat(after: int, seats: int, out: Collection[int] = ()) -> int | None:
    """The seat after `after` round the table that is still in the game; None when every other
    seat is out (`after` itself comes back only if it is the one left in)."""
    return next((s for s in seat_order(after + 1, seats) if s not in out), None)


class Round(BaseModel):
    """A round's turns in an order fixed when it starts (seat order from a rotating first
    player, or an order a seat chooses, as RIOT's Police picks the protesters'), and whose
    turn it is. `turn` counts the turns already over this round."""

    order: list[int]
    turn: int = 0
    number: int = 1

    @property
    def current(self) -> int | None:
        """The seat whose turn it is; None once everyone in the order has had theirs."""
        return self.order[self.turn] if self.turn < len(self.order) else None

    def advance(self, out: Collection[int] = ()) -> int | None:
        """End the current turn and give the next to the following seat still in; None when
        the round is over (start the next with `begin`)."""
        self.turn += 1
        while self.turn < len(self.order) and self.order[self.turn] in out:
            self.turn += 1
        return self.current

    def begin(self, order: Sequence[int], out: Collection[int] = ()) -> int | None:
        """Start the next round in `order`, skipping seats that are out; returns who plays
        first (None when nobody is left)."""
        self.order = [s for s in order if s not in out]
        self.turn = 0
        self.number += 1
        return self.current


class Window(BaseModel):
    """A window in which seats may play cards or react, answering one at a time in `order`
    round and round, until every seat has passed in a row: a play gives every other seat
    (and the one who played) a new chance to answer. RIOT's Blitz windows in a clash (the
    defender first, alternating until both pass) and Block Mania's reaction step after an
    activation are such windows. A pass is always open and is every prompt's default, so an
    absent player never holds a window open."""

    order: list[int]
    at: int = 0
    passes: int = 0
    """Passes in a row since the last play; the window closes when every seat has passed."""

    @classmethod
    def opening(cls, order: Sequence[int]) -> Window:
        if not order:
            raise ValueError("a window needs at least one seat to answer")
        return cls(order=list(order))

    @property
    def closed(self) -> bool:
        return self.passes >= len(self.order)

    @property
    def seat(self) -> int | None:
        """The seat asked now; None once the window has closed."""
        return None if self.closed else self.order[self.at]

    def answer(self, played: bool) -> None:
        """Record the asked seat's answer, a play or a pass, and ask the next seat."""
        if self.closed:
            raise ValueError("the window is closed")
        self.passes = 0 if played else self.passes + 1
        self.at = (self.at + 1) % len(self.order)

    def pass_unable(self, may_play: Callable[[int], bool]) -> list[int]:
        """Pass for every seat in turn that cannot play (no card left, say), until a seat that
        can is asked or the window closes; returns the seats passed. Judge `may_play` from what
        the table sees (how many cards a hand holds), or skipping a seat tells its hand."""
        passed: list[int] = []
        while (seat := self.seat) is not None and not may_play(seat):
            self.answer(played=False)
            passed.append(seat)
        return passed

    def prompt(
        self,
        text: Msg,
        pass_action: dict[str, Any],
        kinds: Sequence[str] = (),
        choices: Sequence[QuickChoice] = (),
        out_of_turn: bool = True,
    ) -> dict[int, Prompt]:
        """The asked seat's prompt (none once closed): `kinds` and `choices` are its ways to
        play, passing is offered last, and passing is the default. A window is usually
        answered out of turn; say False when the seat whose turn it is answers it."""
        seat = self.seat
        if seat is None:
            return {}
        pass_kind = str(pass_action["kind"])
        return {
            seat: Prompt(
                seat=seat,
                msg=text,
                kinds=[*kinds, *([] if pass_kind in kinds else [pass_kind])],
                choices=[*choices, QuickChoice(msg=m("core.pass"), action=pass_action)],
                out_of_turn=out_of_turn,
                default=pass_action,
            )
        }
