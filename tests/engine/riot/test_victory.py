"""How RIOT ends: the last Public Opinion card for the Police, seven area points for the
Autonomen or the Anarchists, the secret goal for the Nationalists, protesters wiped out, and a
table nobody plays at any more."""

from __future__ import annotations

from engine.core import Termination
from engine.games.riot import GAME
from engine.games.riot.turn import start_turn
from tests.engine.riot.support import act, acting, pass_all, position


def test_area_points_come_from_areas_whose_every_building_is_held() -> None:
    state = position(units={"aut1": "b1a", "aut2": "b1b", "aut3": "b1c", "aut4": "b2a"}, active=2)
    start_turn(state, 1)
    assert state.points[1] == 1


def test_seven_area_points_win_for_the_autonomen() -> None:
    state = position(units={"aut1": "b1a", "aut2": "b1b", "aut3": "b1c"}, active=2)
    state.points[1] = 6
    start_turn(state, 1)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [1]
    assert outcome.reason.startswith("The Autonomen reach 7 area points and win.")


def test_the_nationalists_do_not_score_area_points() -> None:
    state = position(units={"nat1": "b1a", "nat2": "b1b", "nat3": "b1c"})
    start_turn(state, 3)
    assert state.points[3] == 0 and state.credits[3] == 4


def test_the_nationalist_occupation_goal_wins_at_the_start_of_their_turn() -> None:
    held = ["b1a", "b1b", "b1c", "b2a", "b2b", "b2c", "b3a", "b3b"]
    state = position(units={f"nat{i + 1}": b for i, b in enumerate(held)})
    state.goal = "occupy"
    start_turn(state, 3)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [3]
    assert outcome.termination == Termination.GOAL


def test_the_last_public_opinion_card_wins_for_the_police() -> None:
    state = position(units={"pol13": "s1", "aut1": "s1", "aut2": "b2a"})
    state.opinion = state.opinion[:1]
    state.clash_with_police = True
    state = act(state, 0, kind="end")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [0]
    assert outcome.reason.startswith("The last Public Opinion card is turned over")


def test_a_protester_with_no_unit_left_is_out_and_the_police_win_alone() -> None:
    state = position(2, units={"pol13": "s1", "aut1": "s1"})
    state = act(state, 0, kind="attack", target="s1", defender="autonomen", units="pol13")
    state = act(state, 0, kind="press", answer="continue")
    state = act(state, 0, kind="end")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.termination == Termination.ELIMINATION
    assert outcome.winners == [0]


def test_an_eliminated_protester_is_skipped_in_the_round() -> None:
    state = position(3, units={"pol13": "s1", "aut1": "s1", "ana1": "b4a"})
    state = act(state, 0, kind="attack", target="s1", defender="autonomen", units="pol13")
    state = act(state, 0, kind="press", answer="continue")
    state = act(state, 0, kind="end")
    assert state.out == [1] and state.active == 2


def test_a_round_of_turns_ended_for_absent_players_is_a_standstill() -> None:
    state = GAME.setup(GAME.make_options(3), 5)
    steps = 0
    while GAME.outcome(state) is None:
        ((seat, prompt),) = GAME.prompts(state).items()
        state = GAME.apply(state, seat, GAME.parse_action(prompt.default or {}), absent=True).state
        steps += 1
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.termination == Termination.STANDSTILL
    assert outcome.winners == [] and steps < 40


def test_a_present_player_ending_the_turn_is_no_standstill() -> None:
    state = position(3, units={"aut1": "b1a", "ana1": "b2a"})
    for _ in range(6):
        ((seat, prompt),) = GAME.prompts(state).items()
        state = GAME.apply(state, seat, GAME.parse_action(prompt.default or {})).state
    assert GAME.outcome(state) is None


def test_the_nationalist_purge_goal_wins_at_the_eighth_autonomen_or_anarchist_knocked_out() -> None:
    state = position(units={"nat19": "s1", "nat20": "s1", "aut1": "s1", "nat1": "b4a"}, active=3)
    state.goal = "purge"
    state.eliminations[3] = 7
    state = act(state, 3, kind="attack", target="s1", defender="autonomen", units="nat19,nat20")
    state = act(pass_all(state), 3, kind="press", answer="continue")
    while GAME.prompts(state):  # the hand-to-hand window, until the clash ends the game
        state = act(state, acting(state), kind="pass")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [3] and state.eliminations[3] == 8
    assert outcome.termination == Termination.GOAL
