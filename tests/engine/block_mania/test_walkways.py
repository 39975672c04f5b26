"""Hits on the ways across the gap, stage by stage as the quick reference gives them: the
Pedway, the Sky Rail (Strength 4, the Missile Defence Laser only) and the Mega Way."""

from __future__ import annotations

import pytest

from engine.games.block_mania import board, combat
from engine.games.block_mania.actions import Attack
from engine.games.block_mania.state import Blocker, ManiaState

from .support import empty, put, rigged


def _shoot(state: ManiaState, b: Blocker, walkway: str, roll: int, mode: str = "") -> None:
    rigged(state, [roll])
    attack = Attack(blocker=b.id, how="walkway", target=walkway, weapon=mode)
    assert attack in combat.options(state, b, 0)
    combat.resolve(state, 0, b, attack)


@pytest.mark.parametrize(("roll", "hit"), [(3, False), (4, True)])
def test_a_walkway_is_hit_on_die_plus_damage_minus_6_reaching_1(roll: int, hit: bool) -> None:
    state = empty()
    b = put(state, "juves", 0, "A65", ["laser"])  # +3, at a Window facing the gap
    _shoot(state, b, "pedway", roll)
    assert state.walkways.get("pedway", 0) == int(hit)


def test_the_pedway_stops_at_the_first_hit_collapses_at_the_second_is_severed_at_the_third() -> (
    None
):
    state = empty()
    b = put(state, "juves", 0, "A65", ["laser"])
    walker = put(state, "juves", 0, "A64")  # on the Pedway Terminus
    walker.mp = 3
    assert board.steps(state, walker)["B04"] == 1
    said = []
    for _ in range(3):
        _shoot(state, b, "pedway", 6)
        said.append(state.walkways["pedway"])
        assert "B04" not in board.steps(state, walker)
    assert said == [1, 2, 3]
    assert not any(a.how == "walkway" and a.target == "pedway" for a in combat.options(state, b, 0))


def test_the_mega_way_is_damaged_by_the_first_hit_and_closed_by_the_second() -> None:
    state = empty()
    b = put(state, "juves", 0, "A65", ["laser"])
    driver = put(state, "juves", 0, "A50")  # A's Vehicle Park
    driver.mp = 3
    _shoot(state, b, "mega_way", 6)
    assert board.steps(state, driver)["B10"] == 1  # B's Vehicle Park, still reachable
    _shoot(state, b, "mega_way", 6)
    assert "B10" not in board.steps(state, driver)


def test_only_the_missile_defence_laser_shoots_the_sky_rail_at_strength_4() -> None:
    state = empty()
    laser = put(state, "juves", 0, "A65", ["laser"])
    assert not any(a.target == "sky_rail" for a in combat.options(state, laser, 0))
    b = put(state, "juves", 0, "A67", ["missile_defence_laser"])
    b.set_up.append("missile_defence_laser")
    rider = put(state, "juves", 0, "A68")  # A's Sky Rail Station
    rider.mp = 3
    assert board.steps(state, rider)["B08"] == 1
    _shoot(state, b, "sky_rail", 1)  # 1 + 3 - 4 = 0: no hit
    assert "B08" in board.steps(state, rider)
    _shoot(state, b, "sky_rail", 2)  # 2 + 3 - 4 = 1: the first hit collapses it
    assert "B08" not in board.steps(state, rider)


def test_walkways_are_seen_only_from_squares_facing_the_gap() -> None:
    state = empty()
    b = put(state, "juves", 0, "A45", ["laser"])
    assert not any(a.how == "walkway" for a in combat.options(state, b, 0))


def test_a_flyer_beside_the_gap_lands_on_the_mega_way_and_goes_to_a_vehicle_park_for_1_mp() -> None:
    state = empty()
    flyer = put(state, "superhero", 0, "A67")  # a Window facing the gap
    flyer.mp = 4
    assert board.steps(state, flyer)["A50"] == 1 and board.steps(state, flyer)["B10"] == 1
    inside = put(state, "superhero", 0, "A37")  # not beside the gap: a whole flight
    inside.mp = 4
    assert board.steps(state, inside)["B10"] == 4
    walker = put(state, "juves", 0, "A67")
    walker.mp = 4
    assert "B10" not in board.steps(state, walker)
    state.walkways["mega_way"] = 2  # collapsed: no landing on it
    assert board.steps(state, flyer)["B10"] == 4


def test_the_train_passes_no_collapsed_tubeway_square_in_either_block() -> None:
    state = empty()
    rider = put(state, "juves", 0, "A68")  # A's Sky Rail Station
    rider.mp = 3
    assert board.tubeway() == ("A48", "A58", "B28", "B18")
    assert board.steps(state, rider)["B08"] == 1
    state.squares["B28"].collapsed = True  # B's Tubeway, behind its Station
    assert "B08" not in board.steps(state, rider)
    state.squares["B28"].collapsed = False
    state.squares["A48"].collapsed = True
    assert "B08" not in board.steps(state, rider)


def test_a_flyer_beside_the_gap_lands_on_the_sky_rail_for_a_station_whose_tubeway_stands() -> None:
    state = empty()
    flyer = put(state, "superhero", 0, "A65")
    flyer.mp = 4
    assert board.steps(state, flyer)["B08"] == 1 and board.steps(state, flyer)["A68"] == 1
    state.squares["A58"].collapsed = True  # A's Tubeway: only B's Station by the rail
    assert board.steps(state, flyer)["A68"] == 4 and board.steps(state, flyer)["B08"] == 1
    state.walkways["sky_rail"] = 1  # the Sky Rail collapsed: a whole flight
    assert board.steps(state, flyer)["B08"] == 4


def test_no_vehicle_rides_the_mega_way_through_a_collapsed_tunnel_but_a_flyer_lands_on_it() -> None:
    state = empty()
    driver = put(state, "juves", 0, "A50")  # A's Vehicle Park
    driver.mp = 3
    flyer = put(state, "superhero", 0, "A67")
    flyer.mp = 4
    assert board.steps(state, driver)["B10"] == 1
    state.squares["B20"].collapsed = True  # one of B's Tunnel squares
    assert "B10" not in board.steps(state, driver)
    assert board.steps(state, flyer)["B10"] == 1
