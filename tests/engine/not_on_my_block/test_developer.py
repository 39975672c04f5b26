"""The Developer's actions: pushing, Luxury Stores, dissent suppression, revoking, surrounding."""

import pytest

from engine.core import IllegalAction
from engine.games.not_on_my_block import GAME
from tests.engine.not_on_my_block.support import (
    act,
    act_events,
    agent1_raids_d6,
    agent1_steps_onto_c4,
    apartment,
    position,
    temporarily_protected,
)


def test_stepping_onto_an_apartment_pushes_it_and_leaves_luxury_housing():
    state = agent1_steps_onto_c4()
    assert apartment(state, "C3") == "red standing" and apartment(state, "C4") is None
    assert "C4" in state.luxury_housing
    assert state.agents["agent1"] == "E5", "without a Luxury Store the agent goes back to Start"
    assert state.dev_moves == 7


def test_faq_developer_1_a_row_of_apartments_is_pushed_as_a_chain():
    state = position(
        2, apartments={"C4": "red", "D4": "blue", "E4": "yellow"}, agents={"agent1": "B4"}
    )
    state = act(state, 0, kind="move", piece="agent1", to="C4")
    assert [apartment(state, b) for b in ("C4", "D4", "E4", "F4")] == [
        None,
        "red standing",
        "blue standing",
        "yellow standing",
    ]
    assert state.luxury_housing == ["C4"]


def test_an_apartment_pushed_off_the_edge_is_gone_and_counts_for_the_developer():
    state = position(2, apartments={"A4": "red", "A1": "blue"}, agents={"agent1": "B4"})
    state, events = act_events(state, 0, kind="move", piece="agent1", to="A4")
    assert next(a.status for a in state.apartments if a.colour == "red") == "pushed"
    assert GAME.view(state, None).pushed_out == 1
    assert any("pushed off the board" in e.text for e in events)


def test_reps_and_agents_in_the_way_are_not_pushed_and_do_not_block():
    state = agent1_steps_onto_c4(reps={"blue1": "C3"}, agents={"agent2": "C3"})
    assert apartment(state, "C3") == "red standing"
    assert state.reps["blue1"] == "C3" and state.agents["agent2"] == "C3"


def test_apartments_may_be_pushed_into_a_risk_zone():
    state = position(2, apartments={"D5": "red"}, agents={"agent1": "D4"})
    state = act(state, 0, kind="move", piece="agent1", to="D5")
    assert apartment(state, "D6") == "red standing"


@pytest.mark.parametrize(
    ("extra", "target", "why"),
    [
        ({"luxury": ["C3"]}, "C3", "Luxury Housing"),
        ({"luxury_stores": ["B3"]}, "B3", "Luxury Store"),
        ({}, "B3", "Store"),
        ({}, "E5", "Start"),
        ({}, "C7", "Community Center"),
        ({"protected": {"C3": "blue"}}, "C3", "permanently protected"),
    ],
)
def test_apartments_cannot_be_pushed_into_anything_but_an_empty_block(extra, target, why):
    # Put the apartment next to the target and the agent on the other side.
    col, row = target[0], int(target[1:])
    apt, agent = f"{col}{row + 1}", f"{col}{row + 2}"
    state = position(2, apartments={apt: "red"}, agents={"agent1": agent}, **extra)
    with pytest.raises(IllegalAction, match=why):
        act(state, 0, kind="move", piece="agent1", to=apt)


def test_a_chain_is_blocked_by_a_temporarily_protected_apartment_in_it():
    state = position(
        2,
        apartments={"C4": "red", "C3": "blue"},
        reps={"red1": "C3", "red2": "C3"},
        agents={"agent1": "C5"},
    )
    with pytest.raises(IllegalAction, match="C3 is temporarily protected"):
        act(state, 0, kind="move", piece="agent1", to="C4")


def test_faq_resident_5_a_rep_on_a_pushed_apartment_stays_put():
    state = agent1_steps_onto_c4(reps={"red1": "C4"})
    assert state.reps["red1"] == "C4" and apartment(state, "C3") == "red standing"


def test_faq_resident_4_a_rep_stays_when_its_block_becomes_luxury_housing():
    state = position(
        2,
        apartments={"C4": "red", "C3": "blue"},
        reps={"red1": "C4"},
        luxury=["C5", "B4", "D4"],
        agents={"agent1": "B3"},
    )
    # Push the blue apartment on C3 right: C3 becomes Luxury Housing and C4 is surrounded.
    state = act(state, 0, kind="move", piece="agent1", to="C3")
    assert "C4" in state.luxury_housing and state.reps["red1"] == "C4"


def test_after_a_push_the_developer_chooses_start_or_a_luxury_store():
    state = agent1_steps_onto_c4(luxury_stores=["E8", "B3"])
    prompt = GAME.prompts(state)[0]
    assert "Start or a Luxury Store" in prompt.text
    assert [c.action["to"] for c in prompt.choices] == ["E5", "E8", "B3"]
    with pytest.raises(IllegalAction, match="Start or a Luxury Store"):
        act(state, 0, kind="return", agent="agent1", to="C7")
    with pytest.raises(IllegalAction, match="Return Agent 1"):
        act(state, 0, kind="end")
    state = act(state, 0, **prompt.choices[2].action)
    assert state.agents["agent1"] == "B3" and not state.pending


# ----- Luxury Stores -----------------------------------------------------------------------


def test_two_agents_on_a_store_develop_it_into_a_luxury_store():
    state = position(2, apartments={"A1": "red"}, agents={"agent1": "E8", "agent2": "E7"})
    with pytest.raises(IllegalAction, match="need 2 agents on the Store at E8"):
        act(state, 0, kind="develop", store="E8")
    state = act(state, 0, kind="move", piece="agent2", to="E8")
    assert any(
        c.action == {"kind": "develop", "store": "E8"} for c in GAME.prompts(state)[0].choices
    )
    state, events = act_events(state, 0, kind="develop", store="E8")
    assert state.luxury_stores == ["E8"]
    assert any("o apartment within 2 blocks" in e.text for e in events)
    assert state.dev_moves == 7, "developing costs no moves"


def test_only_two_luxury_stores_exist():
    state = position(
        2,
        apartments={"A1": "red"},
        agents={"agent1": "B3", "agent2": "B3"},
        luxury_stores=["E8", "H7"],
    )
    with pytest.raises(IllegalAction, match="Both Luxury Stores are already built"):
        act(state, 0, kind="develop", store="B3")


def test_a_luxury_store_grants_one_push_of_an_apartment_within_two_blocks():
    state = position(
        2,
        apartments={"G8": "red", "H5": "blue", "A1": "yellow"},
        agents={"agent1": "H7", "agent2": "H7"},
    )
    state = act(state, 0, kind="develop", store="H7")
    prompt = GAME.prompts(state)[0]
    targets = {(c.action.get("apartment"), c.action.get("direction")) for c in prompt.choices}
    assert ("G8", "up") in targets and ("H5", "down") in targets and (None, None) in targets
    with pytest.raises(IllegalAction, match="more than 2 blocks"):
        act(state, 0, kind="bonus", apartment="A1", direction="up")
    state = act(state, 0, kind="bonus", apartment="G8", direction="up")
    assert apartment(state, "G9") == "red standing" and "G8" in state.luxury_housing
    assert not state.pending and state.mode == "push"


def test_faq_developer_2_the_luxury_store_push_chains_apartments():
    state = position(
        2,
        apartments={"G7": "red", "F7": "blue"},
        agents={"agent1": "H7", "agent2": "H7"},
    )
    state = act(state, 0, kind="develop", store="H7")
    state = act(state, 0, kind="bonus", apartment="G7", direction="left")
    assert apartment(state, "F7") == "red standing" and apartment(state, "E7") == "blue standing"


def test_the_luxury_store_push_may_be_skipped():
    state = position(2, apartments={"G8": "red"}, agents={"agent1": "H7", "agent2": "H7"})
    state = act(state, 0, kind="develop", store="H7")
    state = act(state, 0, kind="skip")
    assert not state.pending and apartment(state, "G8") == "red standing"


def test_agents_may_return_to_a_luxury_store_instead_of_start():
    state = agent1_steps_onto_c4(luxury_stores=["E8"])
    state = act(state, 0, kind="return", agent="agent1", to="E8")
    assert state.agents["agent1"] == "E8"


# ----- dissent suppression -----------------------------------------------------------------


def test_faq_developer_3_suppression_sends_every_rep_on_the_block_home():
    state = agent1_raids_d6({"red1": "D6", "blue2": "D6"})
    prompt = GAME.prompts(state)[0]
    assert "Send Red rep 1 and Blue rep 2 back to Start or a Store" in prompt.text
    assert len(prompt.choices) == 2 * 5
    state = act(state, 0, kind="sendback", rep="red1", to="B3")
    state = act(state, 0, kind="sendback", rep="blue2", to="E5")
    assert state.reps["red1"] == "B3" and state.reps["blue2"] == "E5"
    assert state.agents["agent1"] == "E5" and state.mode == "suppress"


def test_reps_are_sent_to_start_or_a_store_that_is_not_gentrified():
    state = agent1_raids_d6({"red1": "D6"}, luxury_stores=["E8"])
    with pytest.raises(IllegalAction, match="Start or a Store: E5, H7, B3, E2"):
        act(state, 0, kind="sendback", rep="red1", to="E8")


def test_reps_outside_risk_zones_are_not_caught():
    state = position(2, apartments={"A1": "red"}, reps={"red1": "E6"}, agents={"agent1": "E7"})
    with pytest.raises(IllegalAction, match="needs reps on a Risk Zone"):
        act(state, 0, kind="suppress", agent="agent1", to="E6")
    state = act(state, 0, kind="move", piece="agent1", to="E6")
    assert state.reps["red1"] == "E6" and state.agents["agent1"] == "E6" and not state.pending


def test_edge_case_1_a_protected_apartment_on_a_risk_zone_loses_only_one_rep():
    state = agent1_raids_d6(
        {"red1": "D6", "blue1": "D6", "yellow1": "D6"}, apartments={"D6": "red"}
    )
    assert "Choose one of" in GAME.prompts(state)[0].text
    state = act(state, 0, kind="sendback", rep="blue1", to="E5")
    assert sorted(r for r, at in state.reps.items() if at == "D6") == ["red1", "yellow1"]
    assert apartment(state, "D6") == "red standing", "a protected apartment is not pushed"


def test_edge_case_2_push_or_suppress_the_lone_rep_not_both():
    base = position(
        2,
        apartments={"D6": "red", "B6": "blue"},
        reps={"red1": "D6", "blue1": "B6"},
        agents={"agent1": "E6", "agent2": "A6"},
    )
    pushed = act(base, 0, kind="move", piece="agent1", to="D6")
    assert apartment(pushed, "D6") is None and apartment(pushed, "C6") == "red standing"
    assert pushed.reps["red1"] == "D6", "pushing leaves the rep where it was"
    with pytest.raises(IllegalAction, match="already pushed this turn"):
        act(pushed, 0, kind="suppress", agent="agent2", to="B6")
    caught = act(base, 0, kind="suppress", agent="agent1", to="D6")
    caught = act(caught, 0, kind="sendback", rep="red1", to="E5")
    assert apartment(caught, "D6") == "red standing" and caught.reps["red1"] == "E5"


def test_faq_developer_4_after_suppressing_no_push_that_turn():
    state = agent1_raids_d6({"red1": "D6"}, apartments={"A4": "blue"}, agents={"agent2": "B4"})
    state = act(state, 0, kind="sendback", rep="red1", to="E5")
    with pytest.raises(IllegalAction, match="already sent reps home this turn"):
        act(state, 0, kind="move", piece="agent2", to="A4")
    state = act(state, 0, kind="end")
    state = act(state, 1, kind="end")
    state = act(state, 0, kind="move", piece="agent2", to="A4")
    assert statuses(state) == ["pushed"]


# ----- temporary protection ------------------------------------------------------------------


def test_landing_on_a_temporarily_protected_apartment_revokes_it():
    state = temporarily_protected()
    state = act(state, 0, kind="move", piece="agent1", to="C4")
    choices = [c.action for c in GAME.prompts(state)[0].choices]
    assert {"kind": "sendback", "rep": "yellow2", "to": "B3"} in choices
    state = act(state, 0, kind="sendback", rep="yellow2", to="B3")
    state = act(state, 0, kind="return", agent="agent1", to="E8")
    assert state.reps == {**state.reps, "blue1": "C4", "yellow2": "B3"}
    assert apartment(state, "C4") == "red standing" and state.agents["agent1"] == "E8"


def test_revoking_counts_as_sending_reps_home_so_no_push_after_it():
    state = agent1_steps_onto_c4(
        apartments={"A4": "blue"}, reps={"blue1": "C4", "yellow2": "C4"}, agents={"agent2": "B4"}
    )
    state = act(state, 0, kind="sendback", rep="blue1", to="E5")
    with pytest.raises(IllegalAction, match="already sent reps home"):
        act(state, 0, kind="move", piece="agent2", to="A4")


# ----- surrounded ------------------------------------------------------------------------------


def test_a_surrounded_apartment_becomes_luxury_housing_and_goes_to_the_developer():
    state = position(
        2,
        apartments={"C4": "red", "C3": "blue"},
        luxury=["C5", "B4", "D4"],
        agents={"agent1": "B3"},
    )
    state, events = act_events(state, 0, kind="move", piece="agent1", to="C3")
    assert apartment(state, "C4") is None and "C4" in state.luxury_housing
    assert any("surrounded" in e.text for e in events)
    view = GAME.view(state, None)
    assert view.surrounded == 1 and view.developer_score == 1


def test_a_luxury_store_also_counts_toward_surrounding():
    state = position(
        2,
        apartments={"B4": "red"},
        luxury=["A4", "B5", "C4"],
        agents={"agent1": "B3", "agent2": "B3"},
    )
    state = act(state, 0, kind="develop", store="B3")
    assert statuses(state) == ["surrounded"]


def test_an_apartment_on_the_board_edge_is_never_surrounded():
    state = position(
        2, apartments={"A4": "red", "A2": "blue"}, luxury=["A5", "B4"], agents={"agent1": "A1"}
    )
    state = act(state, 0, kind="move", piece="agent1", to="A2")
    assert apartment(state, "A4") == "red standing"


def statuses(state):
    return sorted(a.status for a in state.apartments if a.status not in ("unplaced", "standing"))
