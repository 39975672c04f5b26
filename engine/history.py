"""The action log with take-backs: which entries still count, and the game they rebuild.

The log is append-only. A player's undo, or a rewind the whole table agreed to, is itself an
entry (`TakeBack`, logged for `TABLE_SEAT`) naming the entries it takes back, which are always
the latest ones still counting. Replaying the entries that still count rebuilds the game; the
take-back then moves every seat's decision serial past any it had before, so a button posted
for a decision that was answered and taken back can never answer the decision asked again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal, Protocol, TypeVar

from pydantic import BaseModel

from engine.core import Game, GameState, Result

TABLE_SEAT = -1
"""The seat a take-back is logged for: it belongs to the table, not to a player's seat."""


class TakeBack(BaseModel):
    kind: Literal["take_back"] = "take_back"
    seqs: list[int]
    """The log entries taken back, oldest first: the latest entries that still counted."""
    decisions: dict[int, int]
    """Every seat's decision serial once they are taken back."""
    rewind: bool = False
    """A rewind the table agreed to, rather than a player's own undo."""


class Entry(Protocol):
    @property
    def seq(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def action(self) -> str: ...
    @property
    def absent(self) -> bool:
        """The move is a default played for an absent player (`Game.apply`'s `absent`)."""
        ...


E = TypeVar("E", bound=Entry)


def counting(entries: Iterable[E]) -> list[E | TakeBack]:
    """The entries that still count, in order, with the take-backs that settled on them.

    A take-back removes what it names (and any earlier take-back recorded after those), then
    stays in the list: its decision serials apply at that point of the replay.
    """
    kept: list[E | TakeBack] = []
    for entry in entries:
        if entry.seat != TABLE_SEAT:
            kept.append(entry)
            continue
        back = TakeBack.model_validate_json(entry.action)
        gone = set(back.seqs)
        while gone:
            last = kept.pop()
            if not isinstance(last, TakeBack):
                gone.discard(last.seq)
        kept.append(back)
    return kept


def moves(entries: Iterable[E]) -> list[E]:
    """The moves that still count, without the take-backs between them."""
    return [e for e in counting(entries) if not isinstance(e, TakeBack)]


def rebuild(game: Game[Any, Any], start: GameState, entries: Sequence[Entry]) -> GameState:
    """The game as the log leaves it: every move that counts replayed from `start`."""
    state = start
    for entry in counting(entries):
        if isinstance(entry, TakeBack):
            state = state.model_copy(update={"decisions": dict(entry.decisions)})
        else:
            state = replay_move(game, state, entry).state
    return state


def replay_move(game: Game[Any, Any], state: GameState, entry: Entry) -> Result:
    """One logged move applied again, played for an absent player if it was then."""
    return game.apply(state, entry.seat, game.parse_action(entry.action), absent=entry.absent)


def take_back(before: GameState, rebuilt: GameState, seqs: list[int], *, rewind: bool) -> TakeBack:
    """The log entry for taking `seqs` back from `before`, whose replay without them is
    `rebuilt`: each seat's serial moves past both, so no earlier button matches again."""
    seats = before.decisions.keys() | rebuilt.decisions.keys() | set(range(len(before.seat_names)))
    decisions = {s: max(before.decisions.get(s, 0), rebuilt.decisions.get(s, 0)) + 1 for s in seats}
    return TakeBack(seqs=seqs, decisions=decisions, rewind=rewind)
