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

from engine.core import Game, GameState, Prompt, Result

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


def replay_move(
    game: Game[Any, Any], state: GameState, entry: Entry, prompts: dict[int, Prompt] | None = None
) -> Result:
    """One logged move applied again, played for an absent player if it was then. `prompts`:
    the state's own, when the caller has them from the move before (`Result.prompts`), so
    that a long replay works out each state's prompts once rather than twice."""
    return game.apply(
        state, entry.seat, game.parse_action(entry.action), absent=entry.absent, prompts=prompts
    )


def take_back(before: GameState, rebuilt: GameState, seqs: list[int], *, rewind: bool) -> TakeBack:
    """The log entry for taking `seqs` back from `before`, whose replay without them is
    `rebuilt`: each seat's serial moves past both, so no earlier button matches again."""
    seats = before.decisions.keys() | rebuilt.decisions.keys() | set(range(len(before.seat_names)))
    decisions = {s: max(before.decisions.get(s, 0), rebuilt.decisions.get(s, 0)) + 1 for s in seats}
    return TakeBack(seqs=seqs, decisions=decisions, rewind=rewind)


class Timeline:
    """The entries that still count (as `counting` lists them), kept while a log is replayed
    entry by entry, so that a take-back costs the moves it takes back rather than a replay of
    the whole game.

    The game after each counted entry is kept for the latest `dense` entries and at every
    `every`-th one below them, so memory stays bounded whatever the log's length, and the game
    before any counted entry is at most `every` replayed moves away. `without` gives exactly
    what `rebuild` gives for the log less the latest moves; `settle` then records the take-back.
    """

    def __init__(
        self, game: Game[Any, Any], start: GameState, *, dense: int = 64, every: int = 64
    ) -> None:
        self.game, self.start = game, start
        self.dense, self.every = dense, every
        self._items: list[Entry | TakeBack] = []
        self._states: list[GameState | None] = []
        self._moves = 0
        self.state = start
        """The game as the entries so far leave it."""

    @property
    def moves(self) -> int:
        """How many moves still count."""
        return self._moves

    def move(self, entry: Entry, after: GameState) -> None:
        """`entry`, a move, was applied, leaving the game as `after`."""
        self._push(entry, after)
        self._moves += 1

    def latest(self, count: int) -> tuple[int, list[Entry]]:
        """The latest `count` moves that still count, oldest first, and where the first of them
        stands among the counted entries. `count` is at most `moves`."""
        found: list[Entry] = []
        index = len(self._items)
        while len(found) < count:
            index -= 1
            item = self._items[index]
            if not isinstance(item, TakeBack):
                found.append(item)
        return index, found[::-1]

    def without(self, first: int) -> GameState:
        """The game rebuilt without the counted entries from `first` on, as `rebuild` replays
        the log less those moves: the take-backs among them are not undone by that (their
        moves are gone already), so the latest of them still sets the decision serials."""
        state = self._before(first)
        between = [i for i in self._items[first:] if isinstance(i, TakeBack)]
        if between:
            state = state.model_copy(update={"decisions": dict(between[-1].decisions)})
        return state

    def settle(self, first: int, back: TakeBack, after: GameState) -> None:
        """The take-back `back` removed the counted entries from `first` on, leaving `after`."""
        gone = self._items[first:]
        self._moves -= sum(1 for i in gone if not isinstance(i, TakeBack))
        del self._items[first:], self._states[first:]
        self._push(back, after)

    def _push(self, item: Entry | TakeBack, after: GameState) -> None:
        self._items.append(item)
        self._states.append(after)
        self.state = after
        self._thin(len(self._items) - 1 - self.dense)

    def _keep(self, index: int, top: int) -> bool:
        """Whether the game after entry `index` stays kept while `top` is the latest: one of
        the latest `dense` (`top` itself and the `dense - 1` below it), or a checkpoint."""
        return index > top - self.dense or (index + 1) % self.every == 0

    def _thin(self, index: int) -> None:
        if index >= 0 and not self._keep(index, len(self._items) - 1):
            self._states[index] = None

    def _before(self, index: int) -> GameState:
        """The game after the counted entries before `index`: from the nearest kept state,
        replayed on, keeping the states it passes that the window or a checkpoint wants."""
        known = index - 1
        while known >= 0 and self._states[known] is None:
            known -= 1
        state = self.start if known < 0 else self._states[known]
        assert state is not None
        for at in range(known + 1, index):
            item = self._items[at]
            if isinstance(item, TakeBack):
                state = state.model_copy(update={"decisions": dict(item.decisions)})
            else:
                state = replay_move(self.game, state, item).state
            if self._keep(at, index):
                self._states[at] = state
        return state
