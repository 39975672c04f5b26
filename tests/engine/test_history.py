"""Take-backs in the append-only log: which moves still count, and the game they rebuild."""

from __future__ import annotations

from dataclasses import dataclass

from engine import GameState
from engine.games import REGISTRY
from engine.history import (
    TABLE_SEAT,
    TakeBack,
    Timeline,
    counting,
    moves,
    rebuild,
    take_back,
)
from engine.rng import Rng
from tests.engine.toy_game import GAME, BidOptions


@dataclass(frozen=True)
class Logged:
    seq: int
    seat: int
    action: str
    absent: bool = False


class Log:
    """A game's log as the store keeps it: numbered entries, take-backs among them."""

    def __init__(self) -> None:
        self.entries: list[Logged] = []

    def move(self, seat: int, action: str = "{}") -> int:
        seq = len(self.entries) + 1
        self.entries.append(Logged(seq, seat, action))
        return seq

    def back(self, entry: TakeBack) -> int:
        seq = len(self.entries) + 1
        self.entries.append(Logged(seq, TABLE_SEAT, entry.model_dump_json()))
        return seq

    def undo(self, *seqs: int, rewind: bool = False) -> int:
        return self.back(TakeBack(seqs=list(seqs), decisions={}, rewind=rewind))


def seqs(entries) -> list[int]:
    return [e.seq for e in entries]


# ----- which entries count (fake entries) ------------------------------------------------


def test_an_undo_removes_exactly_the_latest_moves_it_names():
    log = Log()
    for seat in (0, 1, 0, 1):
        log.move(seat)
    log.undo(3, 4)
    assert seqs(moves(log.entries)) == [1, 2]
    kept = counting(log.entries)
    assert isinstance(kept[-1], TakeBack) and kept[-1].seqs == [3, 4]


def test_a_second_undo_after_more_moves_leaves_the_first_one_standing():
    log = Log()
    log.move(0), log.move(1), log.move(0)
    log.undo(3)
    log.move(0), log.move(1)
    log.undo(6)
    assert seqs(moves(log.entries)) == [1, 2, 5]
    kept = counting(log.entries)
    assert [type(e).__name__ for e in kept] == [
        "Logged",
        "Logged",
        "TakeBack",
        "Logged",
        "TakeBack",
    ]
    assert [e.seqs for e in kept if isinstance(e, TakeBack)] == [[3], [6]]


def test_a_rewind_past_an_earlier_take_back_removes_it_with_the_moves():
    log = Log()
    log.move(0), log.move(1), log.move(0)
    log.undo(3)
    log.move(0), log.move(1)
    # The latest three moves still counting are 2, 5 and 6 (3 was taken back already).
    log.undo(2, 5, 6, rewind=True)
    kept = counting(log.entries)
    assert seqs(moves(log.entries)) == [1]
    assert len(kept) == 2 and isinstance(kept[1], TakeBack) and kept[1].rewind
    log.move(1)
    assert seqs(moves(log.entries)) == [1, 8]


def test_moves_made_after_a_take_back_count():
    log = Log()
    log.move(0), log.move(1)
    log.undo(2)
    log.move(1)
    assert seqs(moves(log.entries)) == [1, 4]


# ----- the game they rebuild (the sealed-bid toy game) -------------------------------------


def fresh(players: int = 3) -> GameState:
    return GAME.setup(BidOptions(players=players), seed=7)


class Table:
    """Plays the toy game as the bot does: each move logged, take-backs stored rebuilt."""

    def __init__(self, players: int = 3) -> None:
        self.start = fresh(players)
        self.state = self.start
        self.log = Log()
        self.seen: list[GameState] = [self.state]

    def play(self, seat: int | None = None, pick: int = 0) -> int:
        seat = min(GAME.prompts(self.state)) if seat is None else seat
        action = GAME.legal_actions(self.state, seat)[pick]
        self.state = GAME.apply(self.state, seat, action).state
        self.seen.append(self.state)
        return self.log.move(seat, action.to_text())

    def take_back(self, count: int, *, rewind: bool = False) -> TakeBack:
        gone = seqs(moves(self.log.entries))[-count:]
        rebuilt = rebuild(GAME, self.start, [e for e in self.log.entries if e.seq not in gone])
        entry = take_back(self.state, rebuilt, gone, rewind=rewind)
        self.log.back(entry)
        self.state = rebuilt.model_copy(update={"decisions": entry.decisions})
        self.seen.append(self.state)
        return entry


def replayed(start: GameState, entries) -> GameState:
    """Only the moves that still count, replayed one by one, with no take-back in between."""
    state = start
    for entry in moves(entries):
        state = GAME.apply(state, entry.seat, GAME.parse_action(entry.action)).state
    return state


def board(state: GameState) -> dict:
    return state.model_dump(exclude={"decisions"})


def test_rebuild_equals_replaying_only_the_moves_that_still_count():
    table = Table()
    for _ in range(4):
        table.play()
    table.take_back(2)
    table.play(pick=1)
    table.play()
    table.take_back(1)
    for _ in range(3):
        table.play()

    rebuilt = rebuild(GAME, table.start, table.log.entries)
    assert board(rebuilt) == board(replayed(table.start, table.log.entries))
    # ... and is exactly the game the table went on with, decision serials included.
    assert rebuilt == table.state
    assert seqs(moves(table.log.entries)) == [1, 2, 6, 9, 10, 11]


def test_an_undo_gives_back_the_game_as_it_was_before_the_moves():
    table = Table()
    table.play(), table.play()
    before_two = table.seen[-1]
    table.play(), table.play()
    table.take_back(2)
    assert board(table.state) == board(before_two)
    assert board(rebuild(GAME, table.start, table.log.entries)) == board(before_two)


def test_a_rewind_past_an_earlier_undo_rebuilds_from_what_still_counted():
    table = Table()
    table.play()  # 1
    after_first = table.seen[-1]
    table.play(), table.play()  # 2, 3
    table.take_back(1)  # 4 takes back 3
    table.play(pick=2), table.play()  # 5, 6
    entry = table.take_back(3, rewind=True)  # takes back 2, 5, 6
    assert entry.seqs == [2, 5, 6] and entry.rewind
    assert seqs(moves(table.log.entries)) == [1]
    rebuilt = rebuild(GAME, table.start, table.log.entries)
    assert board(rebuilt) == board(after_first)
    assert rebuilt == table.state


def test_after_a_take_back_no_earlier_decision_serial_can_match():
    table = Table()
    for _ in range(5):
        table.play()
    table.take_back(1)
    table.play(pick=1), table.play()
    posted = {
        (seat, prompt.decision)
        for state in table.seen
        for seat, prompt in GAME.prompts(state).items()
    }
    highest = {seat: max(s.decisions.get(seat, 0) for s in table.seen) for seat in range(3)}

    entry = table.take_back(3, rewind=True)

    assert set(entry.decisions) == {0, 1, 2}
    for seat in range(3):
        assert entry.decisions[seat] > highest[seat], seat
    asked_again = {(seat, p.decision) for seat, p in GAME.prompts(table.state).items()}
    assert asked_again and not asked_again & posted  # no button posted before answers these
    # The log alone gives the same serials, so a restarted bot agrees with the one that ran.
    assert rebuild(GAME, table.start, table.log.entries).decisions == entry.decisions


def test_a_seat_that_never_had_a_decision_still_gets_a_fresh_serial():
    table = Table(players=2)
    table.play(seat=0)
    entry = table.take_back(1)
    assert set(entry.decisions) == {0, 1}
    assert all(serial >= 1 for serial in entry.decisions.values())


def test_a_timeline_keeps_its_window_and_checkpoints_only_however_long_the_game():
    """A long record replays in bounded memory: the timeline holds the latest `dense` games
    and one in `every`, not one game per move (it once kept them all)."""
    game = REGISTRY["not_on_my_block"]
    state = start = game.setup(game.make_options(2), seed=3)
    seen, log, rng = [state], Log(), Rng.seeded(3)
    timeline = Timeline(game, start, dense=4, every=10)
    for _ in range(60):
        seat = min(game.prompts(state))
        action = rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action).state
        seen.append(state)
        log.move(seat, action.to_text())
        timeline.move(log.entries[-1], state)
    kept = [i for i, state in enumerate(timeline._states) if state is not None]
    assert kept == [9, 19, 29, 39, 49, 56, 57, 58, 59]
    # ... and what it gives back without the latest moves is still the game as it was.
    first, _gone = timeline.latest(7)
    assert timeline.without(first) == seen[53]
