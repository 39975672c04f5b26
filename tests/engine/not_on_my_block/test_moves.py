"""Moving reps and agents: orthogonal steps, move allowances, luxury costs, forbidden blocks."""

import pytest

from engine.core import IllegalAction
from engine.games.not_on_my_block import GAME
from tests.engine.not_on_my_block.support import act, position


def resident_turn(players: int = 2, **kw):
    return position(players, active=1, **kw)


def test_reps_step_up_down_left_or_right_but_never_diagonally():
    state = resident_turn(apartments={"A1": "red"}, reps={"red1": "C4"})
    for to in ("C5", "C3", "B4", "D4"):
        act(state, 1, kind="move", piece="red1", to=to)
    with pytest.raises(IllegalAction, match="one block up, down, left or right"):
        act(state, 1, kind="move", piece="red1", to="D5")


def test_reps_cannot_leave_the_board():
    state = resident_turn(apartments={"C4": "red"}, reps={"red1": "A1"})
    with pytest.raises(IllegalAction, match="not a block on this board"):
        act(state, 1, kind="move", piece="red1", to="A0")


def test_four_moves_per_colour_spread_across_that_colours_reps():
    state = resident_turn(apartments={"A1": "red"}, reps={"blue1": "A5", "blue2": "A6"})
    state = act(state, 1, kind="move", piece="blue1", to="A4")
    state = act(state, 1, kind="move", piece="blue1", to="A3")
    state = act(state, 1, kind="move", piece="blue2", to="A7")
    state = act(state, 1, kind="move", piece="blue2", to="A8")
    assert state.rep_moves == {"red": 4, "blue": 0, "yellow": 4}
    with pytest.raises(IllegalAction, match="Blue has only 0 moves left"):
        act(state, 1, kind="move", piece="blue1", to="A2")


def test_two_player_resident_gets_twelve_moves_four_per_colour():
    state = resident_turn()
    assert state.rep_moves == {"red": 4, "blue": 4, "yellow": 4}


def test_four_player_resident_moves_only_their_own_reps():
    state = position(4, apartments={"A1": "red"}, active=2)
    assert state.rep_moves == {"blue": 4}
    with pytest.raises(IllegalAction, match="Red rep 1 is not yours"):
        act(state, 2, kind="move", piece="red1", to="E6")


def test_example_moving_through_luxury_housing_costs_three_in_total():
    state = resident_turn(apartments={"A1": "red"}, reps={"red1": "C3"}, luxury=["C4"])
    state = act(state, 1, kind="move", piece="red1", to="C4")
    state = act(state, 1, kind="move", piece="red1", to="C5")
    assert state.reps["red1"] == "C5" and state.rep_moves["red"] == 1


def test_example_landing_on_a_luxury_store_costs_two():
    state = resident_turn(apartments={"A1": "red"}, reps={"red1": "H6"}, luxury_stores=["H7"])
    state = act(state, 1, kind="move", piece="red1", to="H7")
    assert state.rep_moves["red"] == 2


def test_leaving_a_luxury_block_is_free():
    state = resident_turn(apartments={"A1": "red"}, reps={"red1": "C4"}, luxury=["C4"])
    state = act(state, 1, kind="move", piece="red1", to="C5")
    assert state.rep_moves["red"] == 3


def test_entering_luxury_with_one_move_left_is_refused_with_the_reason():
    state = resident_turn(apartments={"A1": "red"}, reps={"red1": "C3"}, luxury=["C4"])
    state.rep_moves["red"] = 1
    with pytest.raises(
        IllegalAction, match="Red has only 1 move left this turn; entering Luxury Housing costs 2"
    ):
        act(state, 1, kind="move", piece="red1", to="C4")


def test_a_community_center_holds_at_most_two_reps_of_different_colours():
    state = resident_turn(apartments={"A1": "red"}, reps={"red1": "C7", "red2": "C6"})
    with pytest.raises(IllegalAction, match="already holds a red rep"):
        act(state, 1, kind="move", piece="red2", to="C7")
    state = act(state, 1, kind="move", piece="blue1", to="E6")
    state.reps["blue1"] = "B7"
    state = act(state, 1, kind="move", piece="blue1", to="C7")
    state.reps["yellow1"] = "D7"
    with pytest.raises(IllegalAction, match="already holds 2 reps"):
        act(state, 1, kind="move", piece="yellow1", to="C7")


def test_the_developer_has_eight_moves_across_all_agents():
    state = position(2, apartments={"A1": "red"})
    for agent, to in [("agent1", "E6"), ("agent2", "E4"), ("agent3", "D5"), ("agent4", "F5")]:
        state = act(state, 0, kind="move", piece=agent, to=to)
    for agent, to in [("agent1", "E7"), ("agent2", "E3"), ("agent3", "C5"), ("agent4", "G5")]:
        state = act(state, 0, kind="move", piece=agent, to=to)
    assert state.active == 1, "with nothing left to do, the turn passed on by itself"
    spent = position(4, apartments={"A1": "red"})
    spent.dev_moves = 0
    with pytest.raises(IllegalAction, match="no moves left"):
        act(spent, 0, kind="move", piece="agent5", to="E6")


def test_agents_pay_one_move_even_on_luxury_blocks():
    state = position(2, apartments={"A1": "red"}, agents={"agent1": "C3"}, luxury=["C4"])
    state = act(state, 0, kind="move", piece="agent1", to="C4")
    assert state.dev_moves == 7


def test_agents_cannot_enter_community_centers():
    state = position(2, apartments={"A1": "red"}, agents={"agent1": "C6"})
    with pytest.raises(IllegalAction, match="Agents cannot enter Community Center C7"):
        act(state, 0, kind="move", piece="agent1", to="C7")


def test_agents_cannot_land_on_permanently_protected_apartments():
    state = position(2, protected={"C4": "red"}, agents={"agent1": "C5"})
    with pytest.raises(IllegalAction, match="cannot land on the permanently protected"):
        act(state, 0, kind="move", piece="agent1", to="C4")


def test_legal_actions_list_every_step_and_nothing_illegal():
    state = resident_turn(apartments={"A1": "red"}, reps={"red1": "C6"})
    moves = {(a.piece, a.to) for a in GAME.legal_actions(state, 1) if a.kind == "move"}
    assert ("red1", "C7") in moves and ("red1", "C5") in moves
    for action in GAME.legal_actions(state, 1):
        GAME.apply(state, 1, action)
