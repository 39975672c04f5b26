"""Movement: simultaneous secret orders, transport by cruiser, the smugglers' roll, and orders
refused for a reason."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.space_insurrection import GAME
from engine.games.space_insurrection.state import SpaceState
from tests.engine.space_insurrection.support import (
    WORLDS,
    blank,
    blockade_sheets,
    keys,
    order,
    public,
    put,
    refused,
    sheets,
    submit,
    values,
)

# ----- movement --------------------------------------------------------------------------------


def moving() -> SpaceState:
    state = blank()
    put(state, "agent-3", 0, "aldebar")
    put(state, "star_cruiser-1", 0, "aldebar")
    put(state, "troops-2", 0, "aldebar")
    put(state, "diplomat-1", 1, "kryos")
    sheets(state, "movement")
    return state


def test_example_order_agent_3_to_cassiopia():
    """The rulebook's first example order: Agent #3 sent to Cassiopia."""
    state = moving()
    state, _ = order(state, 0, "agent-3=cassiopia")
    state, events = submit(state, 1)
    assert state.units["agent-3"].world == "cassiopia"
    assert "Red moves: Agent #3 Aldebar to Cassiopia." in public(events)


def test_example_order_cruiser_1_carries_troops_2_to_jungla():
    """The rulebook's second example order: Star Cruiser #1 carrying Troops #2 to Jungla."""
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
    assert (
        f"Red's Agent #1 runs the blockade of Aldebar: rolls {roll}, needs 3 or more — {verdict}"
        in public(events)
    )


def test_an_enemy_personality_entering_a_blockaded_world_rolls_too(dice):
    state = blockaded()
    state, _ = order(state, 0, "agent-1=borealis")
    dice(5, 1)
    state, events = submit(state, 1)
    assert "agent-1" not in state.units
    assert "runs the blockade of Borealis: rolls 1, needs 3 or more — destroyed" in public(events)


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


def refused_sheet(state: SpaceState, seat: int, text: str, message: str) -> None:
    refused(state, message, lambda: order(state, seat, text))


def test_orders_for_another_seats_unit_are_refused():
    refused_sheet(
        moving(), 0, "diplomat-1=aldebar", "Blue's Diplomat #1 is not one of your units with orders"
    )


def test_orders_for_a_unit_that_does_not_move_are_refused():
    state = moving()
    put(state, "rebels-1", 0, "aldebar")
    refused_sheet(
        state, 0, "rebels-1=kryos", "Red's Rebels #1 is not one of your units with orders"
    )


def test_orders_to_a_destination_a_unit_cannot_reach_are_refused():
    refused_sheet(
        moving(), 0, "agent-3=atlantis", r'Agent #3 at Aldebar cannot be ordered to "atlantis"'
    )
    refused_sheet(blockade_sheets(), 0, "star_cruiser-1=kryos", "cannot be ordered to Kryos")


def test_troops_without_a_carrier_are_refused():
    state = blank()
    put(state, "troops-1", 0, "aldebar")
    put(state, "agent-1", 1, "kryos")
    sheets(state, "movement")
    refused_sheet(state, 0, "troops-1=jungla", "Troops #1 at Aldebar cannot be ordered to Jungla")
    refused_sheet(moving(), 0, "troops-2=jungla", "Troops move only aboard Star Cruisers")


def test_a_malformed_order_is_refused():
    refused_sheet(moving(), 0, "agent-3", "should read unit=destination")
    refused_sheet(moving(), 0, "agent-3=kryos;agent-3=gemma", "has two orders")


def test_a_sheet_submitted_twice_is_refused():
    state, _ = order(moving(), 0, "agent-3=kryos")
    refused_sheet(
        state, 0, "agent-3=gemma", "You have already submitted your orders for this phase"
    )
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
    state = blockade_sheets()
    with pytest.raises(IllegalAction, match=r"not part of this phase \(Blockade declarations\)"):
        GAME.apply(state, 0, GAME.parse_action({"kind": "moves", "orders": ""}))


def test_a_seat_with_nothing_to_order_cannot_submit():
    state = blank()
    put(state, "star_cruiser-1", 0, "borealis")
    put(state, "rebels-1", 1, "kryos")
    sheets(state, "blockade")
    with pytest.raises(IllegalAction, match="It is not Blue's turn to act"):
        GAME.apply(state, 1, GAME.parse_action({"kind": "blockades", "orders": ""}))
