"""Protection, collusion, elimination and the end of the game."""

import pytest

from engine.core import IllegalAction, Termination
from engine.games.not_on_my_block import GAME
from engine.games.not_on_my_block import mechanics as m
from tests.engine.not_on_my_block.support import (
    act,
    apartment,
    outcome_once_red_protects_a4,
    position,
    red_completes_protection,
    red_may_propose_a_swap,
)


def ready_to_protect(players: int = 2, active: int = 1, **kw):
    """Red and blue reps on Center C7, a red rep on the red apartment at A4."""
    reps = {"red1": "C7", "blue1": "C7", "red2": "A4", **kw.pop("reps", {})}
    apartments = {"A4": "red", "I1": "blue", "I9": "yellow", **kw.pop("apartments", {})}
    return position(players, apartments=apartments, reps=reps, active=active, **kw)


def test_permanent_protection_protects_the_apartment_and_sends_the_center_reps_home():
    state = ready_to_protect()
    prompt = GAME.prompts(state)[1]
    assert {"kind": "protect", "apartment": "A4", "center": "C7"} in [
        c.action for c in prompt.choices
    ]
    state = act(state, 1, kind="protect", apartment="A4", center="C7")
    assert apartment(state, "A4") == "red protected"
    assert "Send Red rep 1 and Blue rep 1 back" in GAME.prompts(state)[1].text
    state = act(state, 1, kind="sendback", rep="red1", to="E5")
    state = act(state, 1, kind="sendback", rep="blue1", to="B3")
    assert (state.reps["red1"], state.reps["blue1"]) == ("E5", "B3")
    assert state.rep_moves["red"] == 4, "protecting costs no moves"


def test_faq_resident_2_the_rep_on_the_protected_apartment_stays():
    state = ready_to_protect()
    state = act(state, 1, kind="protect", apartment="A4", center="C7")
    assert state.reps["red2"] == "A4"


def test_faq_resident_3_two_reps_on_different_centers_do_not_protect():
    state = ready_to_protect(reps={"blue1": "G3"})
    with pytest.raises(IllegalAction, match="needs reps of two different colours"):
        act(state, 1, kind="protect", apartment="A4", center="C7")
    assert not [a for a in GAME.legal_actions(state, 1) if a.kind == "protect"]


def test_protection_needs_a_rep_of_the_apartments_own_colour_on_it():
    state = ready_to_protect(reps={"red2": "E5", "blue2": "A4"})
    with pytest.raises(IllegalAction, match="A red rep must stand on the red apartment at A4"):
        act(state, 1, kind="protect", apartment="A4", center="C7")


def test_protection_needs_the_apartments_colour_on_the_center():
    state = ready_to_protect(apartments={"A6": "yellow"}, reps={"yellow1": "A6"})
    with pytest.raises(IllegalAction, match="no yellow rep is on C7"):
        act(state, 1, kind="protect", apartment="A6", center="C7")


def test_four_players_whoever_completes_protection_picks_any_eligible_apartment():
    state = red_completes_protection()
    protects = [a for a in GAME.legal_actions(state, 1) if a.kind == "protect"]
    assert [(a.apartment, a.center) for a in protects] == [("A4", "C7")]
    state = act(state, 1, kind="protect", apartment="A4", center="C7")
    assert apartment(state, "A4") == "blue protected"


def test_four_players_only_the_resident_who_completes_protection_may_trigger_it():
    """Rulebook lines 296-298: in the 4-player game whoever completes the final requirement
    chooses the apartment. Red completes it; Blue, who completed nothing, may not trigger it,
    even on Blue's own turn; Red still may on a later turn while the position stands."""
    state = red_completes_protection()
    state = act(state, 1, kind="end")
    state.active, state.rep_moves = 2, {"blue": 4}
    assert not [a for a in GAME.legal_actions(state, 2) if a.kind == "protect"]
    with pytest.raises(IllegalAction, match="Red Resident completed the requirements at C7"):
        act(state, 2, kind="protect", apartment="A4", center="C7")
    state.active, state.rep_moves = 1, {"red": 4}
    state = act(state, 1, kind="protect", apartment="A4", center="C7")
    assert apartment(state, "A4") == "blue protected"


def test_four_players_a_position_nobody_completed_cannot_be_protected():
    state = position(
        4,
        apartments={"A4": "blue", "A6": "red", "I1": "yellow"},
        reps={"blue1": "C7", "blue2": "A4", "red1": "C7"},
        active=2,
    )
    with pytest.raises(IllegalAction, match="nobody has completed them"):
        act(state, 2, kind="protect", apartment="A4", center="C7")


def test_four_players_each_resident_sends_their_own_center_rep_home():
    """Line 294 and FAQ 2 (line 459): both Center reps go to Start or a Store; the protector
    places their own, and the other Resident, asked out of turn, places theirs (default Start)."""
    state = red_completes_protection()
    state = act(state, 1, kind="protect", apartment="A4", center="C7")
    assert list(GAME.prompts(state)) == [1]
    state = act(state, 1, kind="sendback", rep="red1", to="B3")
    prompts = GAME.prompts(state)
    assert list(prompts) == [2] and prompts[2].out_of_turn
    assert prompts[2].default == {"kind": "sendback", "rep": "blue1", "to": "E5"}
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, kind="sendback", rep="blue1", to="E8")
    assert refused.value.msg.key == "core.not_your_turn"
    assert str(refused.value) == "It is not Red Resident's turn to act."
    state = act(state, 2, kind="sendback", rep="blue1", to="E8")
    assert (state.reps["red1"], state.reps["blue1"]) == ("B3", "E8")
    assert list(GAME.prompts(state)) == [1] and state.protection_rights == {}


def test_an_agent_standing_on_an_apartment_that_becomes_protected_goes_to_start():
    state = ready_to_protect(agents={"agent3": "A4"})
    state = act(state, 1, kind="protect", apartment="A4", center="C7")
    assert state.agents["agent3"] == "E5"


def test_temporary_protection_takes_any_two_reps_of_any_colours():
    state = position(
        2,
        apartments={"C4": "blue"},
        reps={"red1": "C4", "yellow1": "C4"},
        agents={"agent1": "C5"},
    )
    view = GAME.view(state, None)
    assert [a.temporarily_protected for a in view.apartments if a.at == "C4"] == [True]
    state = act(state, 0, kind="move", piece="agent1", to="C4")
    assert apartment(state, "C4") == "blue standing", "it was not pushed"


def test_a_protected_apartment_cannot_be_pushed_by_the_luxury_store_either():
    state = position(
        2,
        apartments={"G8": "red"},
        reps={"red1": "G8", "blue1": "G8"},
        agents={"agent1": "H7", "agent2": "H7"},
    )
    state = act(state, 0, kind="develop", store="H7")
    assert not state.pending


# ----- collusion -------------------------------------------------------------------------------


def test_collusion_does_not_exist_with_two_players():
    state = position(2, apartments={"A1": "red"}, active=1)
    with pytest.raises(IllegalAction, match="only exists in the 4-player game"):
        act(state, 1, kind="collude", rep="red1", agent="agent1")


def test_a_resident_proposes_a_swap_and_the_developer_consents_out_of_turn():
    state = red_may_propose_a_swap()
    state = act(state, 1, kind="collude", rep="red1", agent="agent2")
    prompts = GAME.prompts(state)
    assert list(prompts) == [0] and prompts[0].out_of_turn
    assert prompts[0].default == {"kind": "consent", "answer": "decline"}
    assert [c.label for c in prompts[0].choices] == ["Accept the swap", "Decline the swap"]
    state = act(state, 0, kind="consent", answer="accept")
    assert state.reps["red1"] == "F6" and state.agents["agent2"] == "D4"
    assert state.active == 1 and state.rep_moves == {"red": 4}, "swapping costs no moves"


def test_the_developer_proposes_a_swap_to_the_reps_owner_who_may_decline():
    state = position(
        4,
        apartments={"A1": "red", "B1": "blue", "C1": "yellow"},
        reps={"blue3": "D4"},
        agents={"agent1": "F6"},
    )
    state = act(state, 0, kind="collude", rep="blue3", agent="agent1")
    assert list(GAME.prompts(state)) == [2]
    state = act(state, 2, kind="consent", answer="decline")
    assert state.reps["blue3"] == "D4" and state.agents["agent1"] == "F6"
    assert list(GAME.prompts(state)) == [0] and state.dev_moves == 8


def test_collusion_has_no_per_turn_limit_unless_the_table_sets_one():
    """Lines 324 and 426 set no limit on proposals; `collusion_limit` is a table setting that
    allows one per turn, so a declined Resident cannot keep pinging the Developer."""
    assert GAME.make_options(4).collusion_limit == "unlimited"
    assert GAME.setup(GAME.make_options(4, collusion_limit="one_per_turn"), 0).collusion_limit == (
        "one_per_turn"
    )
    for limit in ("unlimited", "one_per_turn"):
        state = position(
            4,
            apartments={"A1": "red", "B1": "blue", "C1": "yellow"},
            reps={"red1": "D4", "red2": "D5"},
            agents={"agent2": "F6"},
            active=1,
        )
        state.collusion_limit = limit
        state = act(state, 1, kind="collude", rep="red1", agent="agent2")
        state = act(state, 0, kind="consent", answer="decline")
        again = {"kind": "collude", "rep": "red2", "agent": "agent2"}
        if limit == "unlimited":
            assert "collude" in GAME.prompts(state)[1].kinds
            state = act(state, 1, **again)
            assert list(GAME.prompts(state)) == [0]
        else:
            assert "collude" not in GAME.prompts(state)[1].kinds
            with pytest.raises(IllegalAction, match="allows one per turn"):
                act(state, 1, **again)


def test_a_resident_may_only_offer_their_own_rep_and_never_one_on_a_center():
    state = position(4, apartments={"A1": "red"}, reps={"red1": "C7"}, active=1)
    with pytest.raises(IllegalAction, match="Blue rep 1 is not yours"):
        act(state, 1, kind="collude", rep="blue1", agent="agent1")
    with pytest.raises(IllegalAction, match="Agents cannot enter Community Center C7"):
        act(state, 1, kind="collude", rep="red1", agent="agent1")


# ----- elimination and winning -------------------------------------------------------------------


def test_a_resident_with_no_apartment_left_is_eliminated_and_skipped():
    state = position(
        4,
        apartments={"A4": "blue", "I1": "red", "I9": "yellow"},
        agents={"agent1": "B4"},
    )
    state = act(state, 0, kind="move", piece="agent1", to="A4")
    assert state.eliminated == [2]
    assert GAME.view(state, None).seats[2].eliminated
    state = act(state, 0, kind="end")
    state = act(state, 1, kind="end")
    assert state.active == 3
    assert GAME.legal_actions(state, 2) == []


def test_an_eliminated_residents_reps_leave_play_and_count_for_nothing():
    """Protection needs two Residents (line 292) and an eliminated Resident (line 497) is no
    longer one: their reps go back to Start for good, so they fill no Center requirement and
    give no temporary protection."""
    state = position(
        4,
        apartments={"A4": "blue", "G8": "red", "D2": "red", "I9": "yellow"},
        reps={"blue1": "C7", "red1": "C7", "red2": "G8", "blue2": "D2", "red3": "D2"},
        agents={"agent1": "B4", "agent2": "D3"},
    )
    m.protection_check(state, "G8", "C7")
    state = act(state, 0, kind="move", piece="agent1", to="A4")
    assert state.eliminated == [2]
    assert {state.reps[r] for r in ("blue1", "blue2", "blue3")} == {"E5"}
    with pytest.raises(IllegalAction, match="needs reps of two different colours"):
        m.protection_check(state, "G8", "C7")
    assert [a.temporarily_protected for a in GAME.view(state, None).apartments if a.at == "D2"] == [
        False
    ]
    state = act(state, 0, kind="move", piece="agent2", to="D2")
    assert apartment(state, "D1") == "red standing", "no longer temporarily protected"


def test_example_developer_wins_with_five_apartments_pushed_out():
    state = position(
        2,
        apartments={"A4": "red", "B1": "blue"},
        protected={"I9": "yellow", "I8": "yellow"},
        agents={"agent1": "B4"},
    )
    for apt in state.apartments:
        if apt.status == "unplaced" and sum(a.status == "pushed" for a in state.apartments) < 4:
            apt.status = "pushed"
    state = act(state, 0, kind="move", piece="agent1", to="A4")
    result = GAME.outcome(state)
    assert result is not None and result.winners == [0]
    assert result.termination is Termination.GOAL and "5 apartments" in result.reason
    assert GAME.prompts(state) == {} and GAME.view(state, None).phase == "over"
    with pytest.raises(IllegalAction, match="The game is over"):
        act(state, 0, kind="end")


def test_surrounded_apartments_count_toward_the_developers_five():
    state = position(2, apartments={"C4": "red", "C3": "blue"}, luxury=["C5", "B4", "D4"])
    statuses = ["pushed", "pushed", "pushed", "surrounded"]
    for apt in (a for a in state.apartments if a.status == "unplaced"):
        if statuses:
            apt.status = statuses.pop()
    assert GAME.outcome(state) is None
    state.agents["agent1"] = "B3"
    state = act(state, 0, kind="move", piece="agent1", to="C3")
    assert GAME.outcome(state).winners == [0]


def test_two_player_resident_wins_the_moment_five_are_protected():
    state = ready_to_protect(protected={"I2": "blue", "I3": "blue", "I4": "yellow", "I5": "red"})
    state = act(state, 1, kind="protect", apartment="A4", center="C7")
    result = GAME.outcome(state)
    assert result is not None and result.winners == [1]
    assert GAME.prompts(state) == {}


def test_example_four_players_tie_on_apartments_broken_by_protected_ones():
    # Red: 3 on the board, all protected. Blue: 3 on the board, 2 protected.
    # Yellow: 1 left, 2 pushed out. Five protected in all, completed by Red.
    result = outcome_once_red_protects_a4(
        {"A4": "red", "F9": "blue", "A9": "yellow"},
        protected={"I1": "red", "I2": "red", "I3": "blue", "I4": "blue"},
    )
    assert result.winners == [1]
    assert "Red Resident wins" in result.reason


def test_four_players_a_complete_tie_is_a_shared_win():
    # Red and Blue each end with 2 apartments, both protected; Yellow with 1.
    result = outcome_once_red_protects_a4(
        {"A4": "red"}, protected={"I1": "red", "I2": "blue", "I3": "blue", "I4": "yellow"}
    )
    assert result.winners == [1, 2] and "share the win" in result.reason
