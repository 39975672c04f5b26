"""Protection, collusion, elimination and the end of the game."""

import pytest

from engine.core import IllegalAction
from engine.games.not_on_my_block import GAME
from tests.engine.not_on_my_block.nomb_support import act, apartment, position


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
    assert "Send Red rep 1, Blue rep 1 back" in GAME.prompts(state)[1].text
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
    state = position(
        4,
        apartments={"A4": "blue", "A6": "red", "I1": "yellow"},
        reps={"blue1": "C7", "blue2": "A4", "red1": "C6"},
        active=1,
    )
    state = act(state, 1, kind="move", piece="red1", to="C7")
    protects = [a for a in GAME.legal_actions(state, 1) if a.kind == "protect"]
    assert [(a.apartment, a.center) for a in protects] == [("A4", "C7")]
    state = act(state, 1, kind="protect", apartment="A4", center="C7")
    assert apartment(state, "A4") == "blue protected"


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
    state = position(
        4,
        apartments={"A1": "red", "B1": "blue", "C1": "yellow"},
        reps={"red1": "D4"},
        agents={"agent2": "F6"},
        active=1,
    )
    state = act(state, 1, kind="collude", rep="red1", agent="agent2")
    prompts = GAME.prompts(state)
    assert list(prompts) == [0] and prompts[0].out_of_turn
    assert prompts[0].default == {"kind": "consent", "answer": "decline"}
    assert [c.label for c in prompts[0].choices] == ["Accept the swap", "Decline the swap"]
    state = act(state, 0, kind="consent", answer="accept")
    assert state.reps["red1"] == "F6" and state.agents["agent2"] == "D4"
    assert state.active == 1 and state.rep_moves == {"red": 4}, "swapping costs no moves"
    with pytest.raises(IllegalAction, match="already proposed this turn"):
        act(state, 1, kind="collude", rep="red2", agent="agent1")


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
    assert "5 apartments" in result.reason
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
    state = position(
        4,
        apartments={"A4": "red", "F9": "blue", "A9": "yellow"},
        protected={"I1": "red", "I2": "red", "I3": "blue", "I4": "blue"},
        reps={"red1": "C7", "blue1": "C7", "red2": "A4"},
        active=1,
    )
    for apt in state.apartments:
        if apt.status == "unplaced":
            apt.status = "pushed"
    state = act(state, 1, kind="protect", apartment="A4", center="C7")
    result = GAME.outcome(state)
    assert result.winners == [1]
    assert "Red Resident wins" in result.reason


def test_four_players_a_complete_tie_is_a_shared_win():
    # Red and Blue each end with 2 apartments, both protected; Yellow with 1.
    state = position(
        4,
        apartments={"A4": "red"},
        protected={"I1": "red", "I2": "blue", "I3": "blue", "I4": "yellow"},
        reps={"red1": "C7", "blue1": "C7", "red2": "A4"},
        active=1,
    )
    for apt in state.apartments:
        if apt.status == "unplaced":
            apt.status = "pushed"
    state = act(state, 1, kind="protect", apartment="A4", center="C7")
    result = GAME.outcome(state)
    assert result.winners == [1, 2] and "share the win" in result.reason
