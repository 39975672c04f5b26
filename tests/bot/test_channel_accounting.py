"""The channel benchmark's bookkeeping on a hand-made game: which waits count as told, and the
per-turn figures and targets it prints."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tests.bench.channel_accounting import (
    Move,
    Start,
    Tell,
    count_waits,
    messages_per_turn_target,
    per_turn,
    targets,
    turns_played,
)

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
ANA, BEN, CY = 101, 102, 103
HOLDERS = {0: ANA, 1: BEN, 2: CY}


def move(minute: float, seat: int, owed: set[int], mark: int, turn: int = 1) -> Move:
    return Move(T0 + timedelta(minutes=minute), seat, frozenset(owed), HOLDERS, mark, turn)


START = Start(T0, 0)


def test_a_player_asked_while_watching_is_told_without_a_ping() -> None:
    # Ana acts twice in a row, a minute apart: she is at the table when asked again.
    moves = [move(1, 0, {0}, 10), move(2, 0, {0}, 20)]
    waits = count_waits(START, moves, tells=[Tell(ANA, 5)])
    assert (waits.total, waits.untold) == (2, 0)


def test_a_player_away_longer_than_the_grace_must_be_pinged_in_the_wait() -> None:
    # Ana moves at minute 1; Ben at minute 3 and 30; Ana is asked again at minute 30, 29 minutes
    # after her own move, and answers at minute 31.
    moves = [
        move(1, 0, {0}, 10),
        move(3, 1, {1}, 20),
        move(30, 1, {1}, 30),
        move(31, 0, {0}, 40),
    ]
    earlier = [Tell(ANA, 5), Tell(BEN, 15)]
    waits = count_waits(START, moves, earlier)
    assert (waits.total, waits.untold) == (4, 1)
    assert waits.examples == ["seat 0 at move 3"]
    # A ping between her being asked (after move 2) and her answer tells her ...
    assert count_waits(START, moves, [*earlier, Tell(ANA, 35)]).untold == 0
    # ... one before she was asked, or to someone else, does not.
    for late in (Tell(ANA, 25), Tell(CY, 35)):
        assert count_waits(START, moves, [*earlier, late]).untold == 1
    # A table with a longer grace counts her as still watching.
    assert count_waits(START, moves, earlier, timedelta(hours=1)).untold == 0


def test_seats_asked_together_wait_until_each_answers() -> None:
    # Three seats are asked at the start (one ping each); Ben and Cy answer much later, after
    # the others; Cy is pinged only by the start message, Ben was never pinged.
    moves = [
        move(5, 0, {0, 1, 2}, 10),
        move(60, 1, {1, 2}, 20),
        move(120, 2, {2}, 30),
    ]
    waits = count_waits(START, moves, [Tell(ANA, 1), Tell(CY, 2)])
    assert (waits.total, waits.untold) == (3, 1)
    assert waits.examples == ["seat 1 at move 1"]


def test_a_wait_that_ends_without_its_seat_acting_is_not_counted() -> None:
    # Cy owes an answer in a window that Ana's move closes: Cy never had to act.
    moves = [move(1, 0, {0, 2}, 10), move(2, 1, {1}, 20)]
    waits = count_waits(START, moves, [Tell(ANA, 5), Tell(BEN, 15)])
    assert (waits.total, waits.untold) == (2, 0)


def test_figures_are_divided_by_the_turns_someone_moved_in() -> None:
    moves = [move(1, 0, {0}, 1, turn=1), move(2, 1, {1}, 2, turn=1), move(3, 0, {0}, 3, turn=2)]
    assert turns_played(moves) == 2
    assert per_turn(7, turns_played(moves)) == 3.5
    assert turns_played([]) == 1


def test_targets_say_met_or_not_met_and_a_new_game_gets_the_defaults() -> None:
    assert messages_per_turn_target("bloc_by_bloc", 3) == 5
    assert messages_per_turn_target("riot", 4) == 6
    assert messages_per_turn_target("space_insurrection", 3) == 3
    assert messages_per_turn_target("a_game_added_later", 4) == 3
    found = targets(
        "a_game_added_later",
        4,
        messages_per_turn=3.0,
        pings_per_player_per_turn=1.6,
        boards_per_turn=1.0,
        writes_per_action=1.1,
        untold=1,
    )
    verdicts = {t.name: t.line().endswith("NOT met") for t in found}
    assert verdicts == {
        "new messages/turn": False,
        "pings/player/turn": True,
        "full boards/turn": False,
        "writes/action": False,
        "untold waits": True,
    }


def test_a_player_told_twice_for_one_ask_is_counted() -> None:
    # Ben is asked at Ana's move (mark 10) and answers at mark 40, pinged at 15 and again at 25.
    moves = [move(1, 0, {0, 1}, 10), move(40, 1, {1}, 40)]
    waits = count_waits(START, moves, tells=[Tell(ANA, 5), Tell(BEN, 15), Tell(BEN, 25)])
    assert (waits.total, waits.untold, waits.repeated) == (2, 0, 1)
