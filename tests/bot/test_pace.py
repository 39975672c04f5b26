"""When a table reminds a player, when their time is up, and when it keeps quiet.

Everything here is pure: fixed times in, the next reminder and limit out.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from pydantic import ValidationError

from bot.store.models import Prefs, Wait
from bot.table.pace import Pace, after_reminder, follow, refusal, schedule

T0 = datetime(2025, 1, 6, 12, 0, tzinfo=UTC)
GAME = 1
DEADLINE = 48.0


def hours(n: float) -> timedelta:
    return timedelta(hours=n)


def fresh(seat: int = 0, *, decision: int = 1, out_of_turn: bool = False, at=T0) -> Wait:
    """The wait `follow` makes for a seat that just began to owe `decision`."""
    (wait,) = follow({}, {seat: (100 + seat, decision, out_of_turn)}, None, at, GAME)
    return wait


def plan(wait: Wait, pace: Pace, now: datetime, *, away=None, paused=False) -> Wait:
    return schedule(wait, pace, now, deadline_hours=DEADLINE, away=away, paused=paused)


# ----- reminders -------------------------------------------------------------------------


def test_first_reminder_after_remind_after_then_every_remind_every_then_none():
    pace = Pace(remind_after=12, remind_every=24, reminders=3)
    wait = plan(fresh(), pace, T0)
    assert wait.since == T0 and wait.reminders == 0
    assert wait.remind_at == T0 + hours(12) and wait.due_at == T0 + hours(12)
    assert wait.limit_at is None  # no turn limit by default

    sent = []
    now = T0
    while wait.due_at is not None:
        now = wait.due_at
        sent.append(now)
        wait = after_reminder(wait, pace, now)
        # Someone else moving in between reschedules the wait; that must not move the reminder.
        wait = plan(wait, pace, now + hours(1))
    assert sent == [T0 + hours(12), T0 + hours(36), T0 + hours(60)]
    assert wait.reminders == 3 and wait.remind_at is None


def test_no_reminders_at_all_when_the_table_wants_none():
    wait = plan(fresh(), Pace(reminders=0), T0)
    assert wait.remind_at is None and wait.due_at is None


def test_a_reminder_sent_late_schedules_the_next_from_now_not_a_burst():
    pace = Pace(remind_after=12, remind_every=24, reminders=5)
    wait = plan(fresh(), pace, T0)
    back_up = T0 + timedelta(days=5)  # the bot was down for five days: four reminders missed
    assert wait.due_at is not None and wait.due_at < back_up

    after = after_reminder(wait, pace, back_up)
    assert after.reminders == 1
    assert after.remind_at == back_up + hours(24)
    # A sweep straight after finds nothing more due: one reminder went out, not five.
    assert after.due_at is not None and after.due_at > back_up
    assert plan(after, pace, back_up).remind_at == back_up + hours(24)


def test_the_last_reminder_leaves_nothing_more_to_remind():
    pace = Pace(remind_after=1, remind_every=1, reminders=2)
    wait = after_reminder(plan(fresh(), pace, T0), pace, T0 + hours(1))
    assert wait.remind_at == T0 + hours(2)
    wait = after_reminder(wait, pace, T0 + hours(2))
    assert wait.reminders == 2 and wait.remind_at is None and wait.due_at is None


# ----- following a move ------------------------------------------------------------------


def test_a_seat_that_moved_starts_afresh_while_one_that_did_not_keeps_its_clock():
    pace = Pace(remind_after=12, remind_every=24, turn_limit=24)
    both = follow({}, {0: (100, 1, False), 1: (101, 1, False)}, None, T0, GAME)
    previous = {w.seat: plan(w, pace, T0) for w in both}
    assert previous[0].limit_at == T0 + hours(24)
    # Both were reminded once at T0+12h.
    previous = {s: after_reminder(w, pace, T0 + hours(12)) for s, w in previous.items()}
    assert previous[1].remind_at == T0 + hours(36)

    moved_at = T0 + hours(15)
    after = follow(previous, {0: (100, 2, False), 1: (101, 1, False)}, 0, moved_at, GAME)
    after = {w.seat: plan(w, pace, moved_at) for w in after}

    mover = after[0]
    # The limit is the time a player may take over a move: it counts from their last one, so a
    # new turn that begins with the seat's own move never inherits an old start.
    assert mover.since == moved_at and mover.limit_at == moved_at + hours(24)
    assert mover.decision == 2
    assert mover.reminders == 0 and mover.remind_at == moved_at + hours(12)  # counted anew

    other = after[1]  # did not move: nothing about them changes
    assert other.since == T0 and other.reminders == 1 and other.remind_at == T0 + hours(36)


def test_a_new_out_of_turn_decision_gets_a_fresh_deadline():
    pace = Pace(turn_limit=10)  # not used for decisions asked out of turn
    asked = plan(fresh(1, decision=3, out_of_turn=True), pace, T0)
    assert asked.limit_at == T0 + hours(DEADLINE)

    later = T0 + hours(40)
    # Someone else moved; the same question stands: its deadline does not move.
    (same,) = follow({1: asked}, {1: (101, 3, True)}, 0, later, GAME)
    assert plan(same, pace, later).limit_at == T0 + hours(DEADLINE)

    # A new question for the same seat: a full deadline from now, reminders from zero.
    reminded = after_reminder(asked, pace, T0 + hours(12))
    (new,) = follow({1: reminded}, {1: (101, 4, True)}, 0, later, GAME)
    new = plan(new, pace, later)
    assert new.since == later and new.reminders == 0
    assert new.limit_at == later + hours(DEADLINE)
    assert new.remind_at == later + hours(pace.remind_after)


def test_an_out_of_turn_question_after_a_turn_starts_its_own_clock():
    pace = Pace(turn_limit=24)
    turn = plan(fresh(0, decision=1), pace, T0)
    later = T0 + hours(20)
    (question,) = follow({0: turn}, {0: (100, 2, True)}, 1, later, GAME)
    question = plan(question, pace, later)
    assert question.out_of_turn and question.since == later
    assert question.limit_at == later + hours(DEADLINE)


# ----- pauses and time away --------------------------------------------------------------


def test_a_paused_table_has_nothing_due():
    pace = Pace(turn_limit=24, on_vacation="default")
    wait = plan(fresh(), pace, T0)
    assert wait.due_at is not None
    paused = plan(wait, pace, T0 + hours(1), paused=True)
    assert paused.remind_at is None and paused.limit_at is None and paused.due_at is None
    away = (T0 + timedelta(days=2), "default")
    assert plan(wait, pace, T0 + hours(1), paused=True, away=away).due_at is None


def test_away_with_clocks_paused_means_nothing_before_the_return():
    pace = Pace(remind_after=12, remind_every=24, turn_limit=24, on_vacation="pause")
    back = T0 + timedelta(days=3)
    wait = plan(fresh(), pace, T0, away=(back, "pause"))
    assert wait.remind_at == back + hours(12)
    assert wait.limit_at == back + hours(24)
    assert wait.due_at is not None and wait.due_at > back

    # Already reminded once before leaving: the next one still waits for the return.
    reminded = after_reminder(wait.model_copy(update={"remind_at": T0}), pace, T0 + hours(1))
    assert plan(reminded, pace, T0 + hours(1), away=(back, "pause")).remind_at == back + hours(24)


def test_away_with_defaults_makes_the_limit_now_even_without_a_turn_limit():
    now = T0 + hours(2)
    for pace in (Pace(on_vacation="default"), Pace(turn_limit=48, on_vacation="default")):
        wait = plan(fresh(), pace, now, away=(now + timedelta(days=3), "default"))
        assert wait.limit_at is not None and wait.limit_at <= now
        assert wait.due_at is not None and wait.due_at <= now


# ----- quiet hours -----------------------------------------------------------------------


def test_quiet_hours_spanning_midnight_end_at_the_local_end_hour():
    prefs = Prefs(quiet_from=22, quiet_to=7)
    day = datetime(2025, 1, 6, tzinfo=UTC)
    assert prefs.quiet_until(day + hours(23.5)) == day + hours(24 + 7)
    assert prefs.quiet_until(day + hours(22)) == day + hours(24 + 7)
    assert prefs.quiet_until(day + hours(3)) == day + hours(7)
    assert prefs.quiet_until(day + hours(7)) is None  # the end hour is not quiet
    assert prefs.quiet_until(day + hours(12)) is None
    assert prefs.quiet_until(day + hours(21.99)) is None


def test_quiet_hours_within_one_day():
    prefs = Prefs(quiet_from=13, quiet_to=15)
    day = datetime(2025, 1, 6, tzinfo=UTC)
    assert prefs.quiet_until(day + hours(14.5)) == day + hours(15)
    assert prefs.quiet_until(day + hours(12.5)) is None
    assert prefs.quiet_until(day + hours(15)) is None


def test_no_quiet_hours_unless_both_ends_are_set_and_differ():
    noon = datetime(2025, 1, 6, 12, tzinfo=UTC)
    assert Prefs().quiet_until(noon) is None
    assert Prefs(quiet_from=0).quiet_until(noon) is None
    assert Prefs(quiet_from=12, quiet_to=12).quiet_until(noon) is None


def test_quiet_hours_in_new_york_follow_its_clock_across_daylight_saving():
    prefs = Prefs(timezone="America/New_York", quiet_from=22, quiet_to=7)
    # Winter: 23:30 EST on 9 January is 04:30 UTC; 07:00 EST is 12:00 UTC.
    assert prefs.quiet_until(datetime(2025, 1, 10, 4, 30, tzinfo=UTC)) == datetime(
        2025, 1, 10, 12, tzinfo=UTC
    )
    # Clocks go forward on 9 March 2025 at 02:00: the night is an hour shorter, and 07:00 EDT
    # is 11:00 UTC.
    night = datetime(2025, 3, 9, 4, 30, tzinfo=UTC)  # 23:30 EST on 8 March
    end = prefs.quiet_until(night)
    assert end == datetime(2025, 3, 9, 11, tzinfo=UTC)
    assert end is not None and end.astimezone(UTC) - night == hours(6.5)
    # 07:30 EDT the same morning is not quiet any more, although it is 06:30 by winter time.
    assert prefs.quiet_until(datetime(2025, 3, 9, 11, 30, tzinfo=UTC)) is None
    # Clocks go back on 2 November 2025: 07:00 EST is 12:00 UTC.
    assert prefs.quiet_until(datetime(2025, 11, 2, 3, 30, tzinfo=UTC)) == datetime(
        2025, 11, 2, 12, tzinfo=UTC
    )


def test_quiet_hours_are_read_in_the_players_zone_not_utc():
    tokyo = Prefs(timezone="Asia/Tokyo", quiet_from=22, quiet_to=7)
    # 14:00 UTC is 23:00 in Tokyo: quiet until 07:00 Tokyo, 22:00 UTC.
    assert tokyo.quiet_until(datetime(2025, 1, 6, 14, tzinfo=UTC)) == datetime(
        2025, 1, 6, 22, tzinfo=UTC
    )
    # 23:00 UTC is 08:00 in Tokyo: awake, although it is night in UTC.
    assert tokyo.quiet_until(datetime(2025, 1, 6, 23, tzinfo=UTC)) is None


# ----- refusing settings out of range ----------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"turn_limit": 0.5}, "A turn limit is between 1 and 720 hours (0: no limit)."),
        ({"reminders": 21}, "A table sends 0 to 20 reminders."),
        ({"remind_after": 0}, "The first reminder comes 1 to 168 hours into a turn."),
        ({"turn_limit": 721}, "A turn limit is between 1 and 720 hours (0: no limit)."),
        ({"vacation_days": 61}, "A vacation lasts 0 to 60 days."),
        (
            {"on_limit": "kick"},
            'on limit: "kick" is not one of its choices: tell_host, default and computer',
        ),
    ],
)
def test_pace_refuses_out_of_range_values_in_words(changes, message):
    with pytest.raises(ValidationError) as caught:
        Pace.model_validate(changes)
    assert str(refusal(caught.value)) == message


def test_pace_accepts_the_edges_of_its_ranges():
    assert Pace(turn_limit=0).turn_limit == 0
    assert Pace(turn_limit=1, reminders=20, remind_after=168).reminders == 20


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"timezone": "Mars/Olympus_Mons"},
            'There is no time zone called "Mars/Olympus_Mons"; pick one from the list.',
        ),
        (
            {"timezone": "America"},
            'There is no time zone called "America"; pick one from the list.',
        ),
        (
            {"timezone": "Europe/" + "x" * 200},
            f'There is no time zone called "Europe/{"x" * 32}…"; pick one from the list.',
        ),
        ({"quiet_from": 24}, "Quiet hours start at an hour from 0 to 23."),
        ({"quiet_to": -1}, "Quiet hours end at an hour from 0 to 23."),
    ],
)
def test_prefs_refuse_unknown_zones_and_hours_in_words(changes, message):
    with pytest.raises(ValidationError) as caught:
        Prefs.model_validate(changes)
    assert str(refusal(caught.value, Prefs)) == message


def test_prefs_accept_a_real_zone():
    assert Prefs(timezone="America/New_York").timezone == "America/New_York"
