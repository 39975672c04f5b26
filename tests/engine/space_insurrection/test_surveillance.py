"""Surveillance: Agents observing reserves and units in secret orders, results to the observer
alone, and the orders an observation makes an owner declare in public."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.space_insurrection import GAME
from engine.games.space_insurrection.state import SpaceState
from tests.engine.space_insurrection.support import (
    WORLDS,
    act,
    blank,
    give,
    keys,
    line,
    order,
    private,
    public,
    put,
    sheets,
    submit,
    values,
)

# ----- surveillance ----------------------------------------------------------------------------


def watching(agent_at: str = "aldebar", target_at: str = "borealis") -> SpaceState:
    state = blank()
    put(state, "agent-1", 0, agent_at)
    put(state, "troops-1", 1, target_at)
    put(state, "star_cruiser-1", 1, target_at)
    put(state, "rebels-1", 1, target_at)
    give(state, 1, "governor-3", "diplomat-4")
    sheets(state, "surveillance")
    return state


def test_only_seats_with_unwounded_agents_write_surveillance_orders():
    state = watching()
    assert state.phase == "surveillance" and state.owing == [0]
    wounded = blank()
    put(wounded, "agent-1", 0, "aldebar", wounded=True)
    put(wounded, "agent-2", 1, "aldebar")
    sheets(wounded, "surveillance")
    assert wounded.owing == [1]


def test_an_agent_may_observe_each_opponents_reserve_or_an_enemy_unit_that_moves():
    state = watching()
    assert values(state, 0, "agent-1") == ["rest", "reserve-1", "star_cruiser-1", "troops-1"]


def test_observe_2_means_a_roll_of_1_or_2_succeeds(dice):
    """The rulebook's worked example of its notation: an observation written Observe-2 works
    when the die shows 1 or 2, and on nothing higher."""
    for roll, seen in ((1, True), (2, True), (3, False), (6, False)):
        state = watching()
        dice(roll)
        state, events = submit(state, 0, **{"agent-1": "reserve-1"})
        assert f"rolls {roll}, needs 2 or less — {'seen' if seen else 'not seen'}" in public(events)
        assert bool(private(events, 0).count("sees")) == seen


def test_an_observed_reserve_is_told_to_the_observer_alone(dice):
    state = watching()
    dice(2)
    state, events = submit(state, 0, **{"agent-1": "reserve-1"})
    assert "Your Agent #1 sees Blue's reserve: Governor #3 and Diplomat #4." in private(events, 0)
    assert "Governor" not in public(events) and "Diplomat" not in public(events)
    assert private(events, 1) == ""
    assert "Governor" not in GAME.view(state, None).model_dump_json()


def test_an_observed_unit_must_have_its_order_declared(dice):
    state = watching()
    dice(2)
    state, events = submit(state, 0, **{"agent-1": "troops-1"})
    assert "Blue must declare its order" in public(events)
    assert state.phase == "declare" and state.to_declare == ["troops-1"]
    prompt = GAME.prompts(state)[1]
    assert prompt.out_of_turn and prompt.kinds == ["declare"]
    assert prompt.default == {"kind": "declare", "unit": "troops-1", "to": "stay"}


def test_an_unsuccessful_observation_makes_nobody_declare(dice):
    state = watching()
    dice(3)
    state, _ = submit(state, 0, **{"agent-1": "troops-1"})
    assert state.phase == "movement" and state.to_declare == []


@pytest.mark.parametrize(("roll", "seen"), [(4, True), (5, False)])
def test_an_agent_in_the_same_system_observes_on_4(dice, roll, seen):
    state = watching("borealis", "borealis")
    assert "(1-4)" in str(line(state, 0, "agent-1").options[-1].label)
    dice(roll)
    state, _ = submit(state, 0, **{"agent-1": "troops-1"})
    assert (state.phase == "declare") == seen


def test_an_agent_elsewhere_observes_a_unit_on_2(dice):
    state = watching()
    assert "(1-2)" in str(line(state, 0, "agent-1").options[-1].label)
    dice(3)
    state, _ = submit(state, 0, **{"agent-1": "troops-1"})
    assert state.phase == "movement"


def test_a_wounded_agent_cannot_observe():
    state = blank()
    put(state, "agent-1", 0, "aldebar", wounded=True)
    put(state, "agent-2", 0, "aldebar")
    put(state, "troops-1", 1, "aldebar")
    sheets(state, "surveillance")
    assert keys(state, 0) == ["agent-2"]


def test_an_agent_that_observed_cannot_act_in_the_action_phase(dice):
    state = watching("borealis", "borealis")
    put(state, "agent-2", 0, "borealis")
    dice(6)  # fails: it acted all the same
    state, _ = submit(state, 0, **{"agent-1": "reserve-1"})
    assert state.units["agent-1"].observed and not state.units["agent-2"].observed
    assert state.phase == "movement"
    state, _ = submit(state, 0)
    state, _ = submit(state, 1)
    assert state.phase == "action"
    while state.worlds[state.at].id != "borealis" or state.acting != 0:
        state, _ = act(state, state.acting, kind="pass")
    units = {a.unit for a in GAME.legal_actions(state, 0) if a.kind == "act"}
    assert "agent-2" in units and "agent-1" not in units
    with pytest.raises(IllegalAction, match="Agent #1 has no action left this turn"):
        act(state, 0, kind="act", unit="agent-1", action="spy", target="troops-1")


def test_a_declared_order_is_locked_on_the_movement_sheet(dice):
    state = watching()
    dice(1)
    state, _ = submit(state, 0, **{"agent-1": "star_cruiser-1"})
    state, text = act(state, 1, kind="declare", unit="star_cruiser-1", to="jungla")
    assert "Blue declares: Star Cruiser #1 will move to Jungla" in text
    assert state.phase == "movement" and state.declared == {"star_cruiser-1": "jungla"}
    locked = line(state, 1, "star_cruiser-1")
    assert locked.locked and [o.value for o in locked.options] == ["jungla"]
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match="cannot be ordered to Kryos"):
        order(state, 1, "star_cruiser-1=kryos")
    assert state.model_dump_json() == before
    state, _ = submit(state, 0)
    state, _ = submit(state, 1)  # the empty sheet: the declared line goes with it
    assert state.units["star_cruiser-1"].world == "jungla"
    assert state.declared == {}


def test_declared_troops_take_a_cruiser_along(dice):
    state = watching()
    dice(1)
    state, _ = submit(state, 0, **{"agent-1": "troops-1"})
    declare = GAME.prompts(state)[1]
    assert {c.action["to"] for c in declare.choices} == {"stay", *WORLDS} - {"borealis"}
    state, text = act(state, 1, kind="declare", unit="troops-1", to="jungla")
    assert "Troops #1 will move to Jungla aboard Star Cruiser #1" in text
    assert state.declared == {"troops-1": "jungla", "star_cruiser-1": "jungla"}
    assert line(state, 1, "star_cruiser-1").locked
    state, _ = submit(state, 0)
    state, _ = submit(state, 1)
    assert state.units["troops-1"].world == state.units["star_cruiser-1"].world == "jungla"


def test_troops_with_no_cruiser_can_only_be_declared_to_stay(dice):
    state = blank()
    put(state, "agent-1", 0, "aldebar")
    put(state, "troops-1", 1, "borealis")
    sheets(state, "surveillance")
    dice(1)
    state, _ = submit(state, 0, **{"agent-1": "troops-1"})
    assert [c.action["to"] for c in GAME.prompts(state)[1].choices] == ["stay"]
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match="Troops #1 cannot be declared to Jungla"):
        act(state, 1, kind="declare", unit="troops-1", to="jungla")
    assert state.model_dump_json() == before


def test_a_cruiser_declared_as_a_carrier_is_not_asked_again(dice):
    """Both the Troops and their only cruiser are seen: declaring the Troops declares the
    cruiser, which is then settled (declaring it elsewhere would strand the Troops, and the
    empty movement sheet would be refused)."""
    state = watching()
    put(state, "agent-2", 0, "aldebar")
    sheets(state, "surveillance")
    dice(1, 1)
    state, _ = submit(state, 0, **{"agent-1": "troops-1", "agent-2": "star_cruiser-1"})
    assert state.to_declare == ["troops-1", "star_cruiser-1"]
    state, _ = act(state, 1, kind="declare", unit="troops-1", to="jungla")
    assert state.phase == "movement" and state.to_declare == []
    default = GAME.prompts(state)[1].default
    assert default is not None
    state, _ = submit(state, 0)
    state = GAME.apply(state, 1, GAME.parse_action(default)).state
    assert state.units["troops-1"].world == "jungla"


def test_a_second_observation_of_a_declared_unit_asks_nothing_more(dice):
    state = watching("borealis", "borealis")
    put(state, "agent-2", 0, "borealis")
    sheets(state, "surveillance")
    dice(1, 1)
    state, _ = submit(state, 0, **{"agent-1": "troops-1", "agent-2": "troops-1"})
    assert state.to_declare == ["troops-1"]


def test_only_the_unit_asked_for_may_be_declared(dice):
    state = watching()
    dice(1)
    state, _ = submit(state, 0, **{"agent-1": "troops-1"})
    with pytest.raises(
        IllegalAction, match="Blue's Star Cruiser #1 is not the unit you must declare"
    ):
        act(state, 1, kind="declare", unit="star_cruiser-1", to="jungla")
