"""Turn order and card windows (engine/kit/turns.py)."""

from __future__ import annotations

import pytest

from engine.kit.turns import Round, Window, next_seat, seat_order
from engine.messages import m, say


def test_seat_order_rotates_from_the_first_player_and_skips_seats_out() -> None:
    assert seat_order(2, 4) == [2, 3, 0, 1]
    assert seat_order(2, 4, out={3}) == [2, 0, 1]


def test_next_seat_wraps_round_the_table_past_seats_out() -> None:
    assert next_seat(1, 4) == 2
    assert next_seat(3, 4) == 0
    assert next_seat(1, 4, out={2, 3}) == 0
    assert next_seat(1, 3, out={0, 2}) == 1
    assert next_seat(0, 2, out={0, 1}) is None


def test_a_round_runs_its_order_and_the_next_one_starts_in_a_new_order() -> None:
    turns = Round(order=[0, 2, 1, 3])
    assert turns.current == 0
    assert turns.advance(out={2}) == 1
    assert turns.advance() == 3
    assert turns.advance() is None
    assert turns.begin([0, 3, 1, 2], out={1}) == 0
    assert (turns.number, turns.order) == (2, [0, 3, 2])


def test_a_window_closes_only_when_every_seat_has_passed_in_a_row() -> None:
    """The defender answers first; a play gives both sides another chance."""
    window = Window.opening([1, 0])
    answers = []
    for played in (True, False, True, False):
        answers.append(window.seat)
        window.answer(played)
        assert not window.closed
    answers.append(window.seat)
    window.answer(played=False)
    assert window.closed and window.seat is None
    assert answers == [1, 0, 1, 0, 1]
    with pytest.raises(ValueError):
        window.answer(played=False)


def test_a_reaction_window_for_one_seat_stays_open_while_it_plays() -> None:
    window = Window.opening([1])
    window.answer(played=True)
    assert window.seat == 1
    window.answer(played=False)
    assert window.closed


def test_seats_that_cannot_play_are_passed_for() -> None:
    window = Window.opening([0, 1, 2])
    assert window.pass_unable(lambda seat: seat == 2) == [0, 1]
    assert window.seat == 2
    window.answer(played=True)
    assert window.pass_unable(lambda seat: False) == [0, 1, 2]
    assert window.closed


def test_the_window_prompt_defaults_to_passing() -> None:
    window = Window.opening([1, 0])
    passing = {"kind": "pass"}
    asked = m("core.pass")
    prompts = window.prompt(asked, passing, kinds=["card"])
    prompt = prompts[1]
    assert list(prompts) == [1] and prompt.out_of_turn and prompt.msg == asked
    assert prompt.choices[-1].label == "Pass" and say(prompt.choices[-1].msg, "es") == "Paso"
    assert prompt.default == passing and prompt.kinds == ["card", "pass"]
    assert prompt.choices[-1].action == passing
    window.answer(played=False)
    window.answer(played=False)
    assert window.prompt(asked, passing, kinds=["card"]) == {}


def test_an_empty_window_is_refused() -> None:
    with pytest.raises(ValueError):
        Window.opening([])
