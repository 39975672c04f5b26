"""The three phases of secret orders: blockade declarations, surveillance (and the orders it
makes an owner declare), and movement with transport and the smugglers' roll. Each is an
order sheet per seat, revealed when the last seat submits."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.space_insurrection import GAME, flow
from engine.games.space_insurrection.state import SpaceState
from tests.engine.space_insurrection.support import (
    WORLDS,
    act,
    blank,
    give,
    loyal,
    order,
    private,
    public,
    put,
    sheets,
    submit,
)


def line(state: SpaceState, seat: int, key: str):
    sheet = GAME.prompts(state)[seat].sheet
    assert sheet is not None
    return sheet.line(key)


def values(state: SpaceState, seat: int, key: str) -> list[str]:
    found = line(state, seat, key)
    return [] if found is None else [o.value for o in found.options]


def keys(state: SpaceState, seat: int) -> list[str]:
    sheet = GAME.prompts(state)[seat].sheet
    assert sheet is not None
    return [line.key for line in sheet.lines]


# ----- blockade ----------------------------------------------------------------------------------


def cruisers() -> SpaceState:
    state = blank()
    put(state, "star_cruiser-1", 0, "borealis")
    put(state, "star_cruiser-2", 1, "cassiopia")
    sheets(state, "blockade")
    return state


def test_every_seat_with_a_cruiser_writes_blockade_declarations():
    state = cruisers()
    assert state.phase == "blockade" and state.owing == [0, 1]
    assert sorted(GAME.prompts(state)) == [0, 1]
    assert GAME.prompts(state)[0].kinds == ["blockades"]


def test_a_cruiser_may_blockade_only_the_world_it_orbits():
    state = cruisers()
    assert values(state, 0, "star_cruiser-1") == ["orbit", "blockade"]
    assert "blockade Borealis" in line(state, 0, "star_cruiser-1").options[1].label
    assert keys(state, 0) == ["star_cruiser-1"], "only one's own cruisers"


def test_a_disrupted_cruiser_cannot_blockade():
    state = blank()
    put(state, "star_cruiser-1", 0, "borealis", disrupted=True)
    put(state, "star_cruiser-2", 1, "cassiopia")
    sheets(state, "blockade")
    assert state.owing == [1]


def test_blockades_are_revealed_together_when_the_last_seat_submits():
    state = cruisers()
    state, events = submit(state, 0, **{"star_cruiser-1": "blockade"})
    assert not state.units["star_cruiser-1"].blockading, "nothing happens yet"
    assert "blockade" not in public(events).replace("blockade declarations", "")
    state, events = submit(state, 1)
    assert state.units["star_cruiser-1"].blockading
    assert not state.units["star_cruiser-2"].blockading
    assert "Blockades: Red's Star Cruiser #1 blockades Borealis" in public(events)
    assert state.phase != "blockade"


def test_a_blockading_cruiser_cannot_move():
    state = blank()
    put(state, "star_cruiser-1", 0, "borealis", blockading=True)
    put(state, "star_cruiser-2", 0, "borealis")
    put(state, "troops-1", 0, "borealis")
    put(state, "agent-1", 1, "borealis")
    sheets(state, "movement")
    assert keys(state, 0) == ["star_cruiser-2", "troops-1"]


def test_a_blockading_cruiser_cannot_carry_troops():
    state = blank()
    put(state, "star_cruiser-1", 0, "borealis", blockading=True)
    put(state, "troops-1", 0, "borealis")
    put(state, "agent-1", 1, "borealis")
    sheets(state, "movement")
    assert values(state, 0, "troops-1") == ["stay"]


@pytest.fixture
def turn_two(dice):
    state = blank()
    loyal(state, "borealis", 1)
    put(state, "star_cruiser-1", 0, "borealis", blockading=True)
    put(state, "agent-1", 1, "borealis")
    state.busy = True
    return state


def test_a_blockade_lasts_until_the_next_blockade_phase(turn_two, dice):
    """Declared this turn, it still stands in the next turn's recruit phase (Recruit-3)."""
    state = turn_two
    dice(4)
    events = flow.end_turn(state)
    assert "Borealis 4 (blockaded: 3 or less) (missed)" in public(events)
    assert state.phase == "blockade" and state.units["star_cruiser-1"].blockading


def test_a_blockade_not_declared_again_is_lifted_at_the_next_blockade_phase(turn_two, dice):
    state = turn_two
    dice(6)
    flow.end_turn(state)
    state, events = submit(state, 0)
    assert not state.units["star_cruiser-1"].blockading
    assert "No cruiser blockades this turn" in public(events)


def test_a_blockade_is_lifted_even_when_no_cruiser_can_declare(turn_two, dice):
    """The blockading cruiser was disrupted: nobody writes declarations, and the old blockade
    ends all the same."""
    state = turn_two
    state.units["star_cruiser-1"].disrupted = True
    dice(6)
    flow.end_turn(state)
    assert state.phase != "blockade"
    assert not state.units["star_cruiser-1"].blockading


def test_a_blockade_may_be_declared_again():
    state = blank()
    put(state, "star_cruiser-1", 0, "borealis", blockading=True)
    put(state, "agent-1", 1, "borealis")
    sheets(state, "blockade")
    state, _ = submit(state, 0, **{"star_cruiser-1": "blockade"})
    assert state.units["star_cruiser-1"].blockading


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
    """The rulebook's example: "Observe-2 means that the observation succeedes on a roll of 1-2
    on D6"."""
    for roll, seen in ((1, True), (2, True), (3, False), (6, False)):
        state = watching()
        dice(roll)
        state, events = submit(state, 0, **{"agent-1": "reserve-1"})
        assert f"rolls {roll} (needs 2 or less), {'seen' if seen else 'not seen'}" in public(events)
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
    assert "(1-4)" in line(state, 0, "agent-1").options[-1].label
    dice(roll)
    state, _ = submit(state, 0, **{"agent-1": "troops-1"})
    assert (state.phase == "declare") == seen


def test_an_agent_elsewhere_observes_a_unit_on_2(dice):
    state = watching()
    assert "(1-2)" in line(state, 0, "agent-1").options[-1].label
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


# ----- movement --------------------------------------------------------------------------------


def moving() -> SpaceState:
    state = blank()
    put(state, "agent-3", 0, "aldebar")
    put(state, "star_cruiser-1", 0, "aldebar")
    put(state, "troops-2", 0, "aldebar")
    put(state, "diplomat-1", 1, "kryos")
    sheets(state, "movement")
    return state


def test_move_agent_3_to_cassiopia():
    """The rulebook's example order: "Move Agent#3 to Cassiopia."."""
    state = moving()
    state, _ = order(state, 0, "agent-3=cassiopia")
    state, events = submit(state, 1)
    assert state.units["agent-3"].world == "cassiopia"
    assert "Red moves: Agent #3 Aldebar to Cassiopia." in public(events)


def test_move_star_cruiser_1_and_troops_2_to_planet_jungla():
    """The rulebook's example order: "Move Star cruiser #1 and Troops#2 to planet Jungla."."""
    state = moving()
    state, _ = order(state, 0, "star_cruiser-1=jungla;troops-2=jungla")
    state, _ = submit(state, 1)
    assert state.units["star_cruiser-1"].world == state.units["troops-2"].world == "jungla"
    assert state.units["agent-3"].world == "aldebar"


def test_a_unit_can_move_to_any_world_from_any_other():
    state = moving()
    assert values(state, 0, "agent-3") == ["stay", *WORLDS[1:]]
    assert values(state, 1, "diplomat-1") == ["stay", *WORLDS[:-1]]


def test_rebels_installations_and_bases_do_not_move_but_rebel_leaders_do():
    state = blank()
    for chit in ("rebels-1", "base-1", "force_field-1", "ion_gun-1", "rebel_leader-1"):
        put(state, chit, 0, "aldebar")
    put(state, "agent-1", 1, "kryos")
    sheets(state, "movement")
    assert keys(state, 0) == ["rebel_leader-1"]


def test_a_seat_with_nothing_that_moves_writes_no_movement_orders():
    state = blank()
    put(state, "rebels-1", 0, "aldebar")
    put(state, "agent-1", 1, "kryos")
    sheets(state, "movement")
    assert state.owing == [1]


def test_troops_move_only_with_a_cruiser():
    state = blank()
    put(state, "troops-1", 0, "aldebar")
    put(state, "star_cruiser-1", 0, "borealis")
    put(state, "agent-1", 1, "kryos")
    sheets(state, "movement")
    assert values(state, 0, "troops-1") == ["stay"], "a cruiser elsewhere does not count"


def test_troops_move_only_with_a_cruiser_going_the_same_way():
    state = moving()
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match="Troops move only aboard Star Cruisers"):
        order(state, 0, "troops-2=jungla")
    needed = "1 Troops unit from Aldebar to Jungla need 1 Star Cruiser from Aldebar"
    with pytest.raises(IllegalAction, match=needed):
        order(state, 0, "star_cruiser-1=kryos;troops-2=jungla")
    assert state.model_dump_json() == before


def test_a_cruiser_carries_two_troops():
    state = moving()
    put(state, "troops-3", 0, "aldebar")
    put(state, "troops-4", 0, "aldebar")
    sheets(state, "movement")
    needed = "3 Troops units from Aldebar to Jungla need 2 Star Cruisers"
    with pytest.raises(IllegalAction, match=needed):
        order(state, 0, "star_cruiser-1=jungla;troops-2=jungla;troops-3=jungla;troops-4=jungla")
    state, _ = order(state, 0, "star_cruiser-1=jungla;troops-2=jungla;troops-3=jungla")
    state, _ = submit(state, 1)
    assert [u.id for u in state.units_at("jungla")] == ["star_cruiser-1", "troops-2", "troops-3"]
    assert state.units["troops-4"].world == "aldebar"


def test_two_cruisers_carry_four_troops():
    state = moving()
    put(state, "star_cruiser-2", 0, "aldebar")
    for n in (3, 4, 5):
        put(state, f"troops-{n}", 0, "aldebar")
    sheets(state, "movement")
    moves = ";".join(f"{u}=jungla" for u in state.units if state.units[u].owner == 0)
    moves = moves.replace("agent-3=jungla;", "")
    state, _ = order(state, 0, moves)
    state, _ = submit(state, 1)
    assert len(state.units_at("jungla")) == 6


def test_units_without_orders_stay():
    state = moving()
    state, _ = submit(state, 0)
    state, events = submit(state, 1)
    assert [u.world for u in state.units.values()] == ["aldebar"] * 3 + ["kryos"]
    assert "Orders revealed: nobody moves." in public(events)


def test_movement_is_simultaneous_and_nothing_shows_before_the_last_sheet():
    state = moving()
    state, events = order(state, 0, "agent-3=kryos")
    assert state.units["agent-3"].world == "aldebar"
    assert public(events) == "Red has submitted movement orders."
    assert GAME.view(state, 0).orders == "agent-3=kryos;star_cruiser-1=stay;troops-2=stay"
    for seat in (None, 1):
        assert "agent-3=kryos" not in GAME.view(state, seat).model_dump_json()
    state, events = order(state, 1, "diplomat-1=aldebar")
    assert state.units["agent-3"].world == "kryos"
    assert state.units["diplomat-1"].world == "aldebar", "they cross paths: both arrive"
    assert (
        "Red moves: Agent #3 Aldebar to Kryos.\nBlue moves: Diplomat #1 Kryos to Aldebar."
        in public(events)
    )


def test_wounded_and_disrupted_units_may_move():
    state = blank()
    put(state, "agent-1", 0, "aldebar", wounded=True)
    put(state, "star_cruiser-1", 0, "aldebar", disrupted=True)
    put(state, "troops-1", 0, "aldebar", disrupted=True)
    put(state, "agent-2", 1, "kryos")
    sheets(state, "movement")
    state, _ = order(state, 0, "agent-1=gemma;star_cruiser-1=gemma;troops-1=gemma")
    state, _ = submit(state, 1)
    assert len(state.units_at("gemma")) == 3


# ----- smugglers -------------------------------------------------------------------------------


def blockaded() -> SpaceState:
    """Blue blockades Aldebar and Borealis; Red's Agent and Troops (with a cruiser) at Aldebar."""
    state = blank()
    put(state, "star_cruiser-9", 1, "aldebar", blockading=True)
    put(state, "star_cruiser-8", 1, "borealis", blockading=True)
    put(state, "agent-1", 0, "aldebar")
    put(state, "star_cruiser-1", 0, "aldebar")
    put(state, "troops-1", 0, "aldebar")
    put(state, "diplomat-1", 1, "kryos")
    sheets(state, "movement")
    return state


@pytest.mark.parametrize(("roll", "lost"), [(1, True), (2, True), (3, False), (6, False)])
def test_an_enemy_personality_leaving_a_blockaded_world_is_destroyed_on_1_or_2(dice, roll, lost):
    state = blockaded()
    state, _ = order(state, 0, "agent-1=gemma")
    dice(roll)
    state, events = submit(state, 1)
    assert ("agent-1" not in state.units) == lost
    assert ("agent-1" in state.pile) == lost
    verdict = "destroyed" if lost else "through"
    assert f"Red's Agent #1 runs the blockade of Aldebar: rolls {roll}, {verdict}" in public(events)


def test_an_enemy_personality_entering_a_blockaded_world_rolls_too(dice):
    state = blockaded()
    state, _ = order(state, 0, "agent-1=borealis")
    dice(5, 1)
    state, events = submit(state, 1)
    assert "agent-1" not in state.units
    assert "runs the blockade of Borealis: rolls 1, destroyed" in public(events)


def test_a_personality_destroyed_leaving_does_not_roll_again_entering(dice):
    state = blockaded()
    state, _ = order(state, 0, "agent-1=borealis")
    dice(2)
    state, _ = submit(state, 1)
    assert "agent-1" not in state.units


def test_military_units_and_the_blockaders_own_personalities_pass_freely(dice):
    state = blockaded()
    state, _ = order(state, 0, "star_cruiser-1=gemma;troops-1=gemma")
    state, _ = order(state, 1, "diplomat-1=aldebar")  # no die is rolled
    assert state.units["troops-1"].world == "gemma"
    assert state.units["diplomat-1"].world == "aldebar"


def test_a_personality_that_stays_on_a_blockaded_world_does_not_roll():
    state = blockaded()
    state, _ = submit(state, 0)
    state, _ = submit(state, 1)
    assert state.units["agent-1"].world == "aldebar"


# ----- bad input -------------------------------------------------------------------------------


def refused(state: SpaceState, seat: int, text: str, message: str) -> None:
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match=message):
        order(state, seat, text)
    assert state.model_dump_json() == before, "a refused sheet changed nothing"


def test_orders_for_another_seats_unit_are_refused():
    refused(
        moving(), 0, "diplomat-1=aldebar", "Blue's Diplomat #1 is not one of your units with orders"
    )


def test_orders_for_a_unit_that_does_not_move_are_refused():
    state = moving()
    put(state, "rebels-1", 0, "aldebar")
    refused(state, 0, "rebels-1=kryos", "Red's Rebels #1 is not one of your units with orders")


def test_orders_to_a_destination_a_unit_cannot_reach_are_refused():
    refused(moving(), 0, "agent-3=atlantis", r'Agent #3 at Aldebar cannot be ordered to "atlantis"')
    refused(cruisers(), 0, "star_cruiser-1=kryos", "cannot be ordered to Kryos")


def test_troops_without_a_carrier_are_refused():
    state = blank()
    put(state, "troops-1", 0, "aldebar")
    put(state, "agent-1", 1, "kryos")
    sheets(state, "movement")
    refused(state, 0, "troops-1=jungla", "Troops #1 at Aldebar cannot be ordered to Jungla")
    refused(moving(), 0, "troops-2=jungla", "Troops move only aboard Star Cruisers")


def test_a_malformed_order_is_refused():
    refused(moving(), 0, "agent-3", "should read unit=destination")
    refused(moving(), 0, "agent-3=kryos;agent-3=gemma", "has two orders")


def test_a_sheet_submitted_twice_is_refused():
    state, _ = order(moving(), 0, "agent-3=kryos")
    refused(state, 0, "agent-3=gemma", "You have already submitted your orders for this phase")
    assert state.sheets[0] == "agent-3=kryos;star_cruiser-1=stay;troops-2=stay"


def test_a_sheet_after_the_reveal_is_refused():
    state, _ = submit(moving(), 0)
    state, _ = submit(state, 1)
    assert state.phase == "action" and state.acting is not None
    for seat in (0, 1):
        before = state.model_dump_json()
        with pytest.raises(IllegalAction, match=r"not part of this phase|not Red's turn|not Blue"):
            GAME.apply(state, seat, GAME.parse_action({"kind": "moves", "orders": ""}))
        assert state.model_dump_json() == before


def test_a_sheet_of_another_phase_is_refused():
    state = cruisers()
    with pytest.raises(IllegalAction, match=r"not part of this phase \(Blockade declarations\)"):
        GAME.apply(state, 0, GAME.parse_action({"kind": "moves", "orders": ""}))


def test_a_seat_with_nothing_to_order_cannot_submit():
    state = blank()
    put(state, "star_cruiser-1", 0, "borealis")
    put(state, "rebels-1", 1, "kryos")
    sheets(state, "blockade")
    with pytest.raises(IllegalAction, match="It is not Blue's turn to act"):
        GAME.apply(state, 1, GAME.parse_action({"kind": "blockades", "orders": ""}))
