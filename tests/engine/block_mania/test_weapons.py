"""Heavy weapons and the quick reference's special weapons: setting up for 2 MP, the Missile
Launcher's four rockets, the Spit Cannon's incendiary shells, the Missile Defence Laser's
guard and the Robo Dog."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.block_mania import combat, damage, ordnance, turn
from engine.games.block_mania.actions import Attack, Drop, Move, SetUp
from engine.games.block_mania.state import Blocker, ManiaState

from .support import empty, put, rigged


def _gunner(state: ManiaState, item: str, at: str) -> Blocker:
    b = put(state, "juves", 0, at, [item])
    b.active, b.mp = True, 4
    b.set_up.append(item)
    return b


def test_a_heavy_weapon_fires_only_once_set_up_for_2_mp_and_packs_up_when_moved() -> None:
    state = empty()
    b = put(state, "juves", 0, "A35", ["missile_launcher"])
    b.active, b.mp = True, 1
    put(state, "mob", 1, "A36")
    assert not any(a.how in ("shoot", "square") for a in combat.options(state, b, 0))
    assert SetUp(blocker=b.id, item="missile_launcher") not in ordnance.offered(state)
    state.cp = 1  # 1 MP and 1 CP make the 2 MP
    ordnance.do_set_up(state, SetUp(blocker=b.id, item="missile_launcher"))
    assert b.mp == 0 and state.cp == 0
    assert any(a.how == "shoot" for a in combat.options(state, b, 0))
    state.cp = 1
    ordnance.move(state, Move(blocker=b.id, to="A34"))
    assert b.set_up == [] and not any(a.how == "shoot" for a in combat.options(state, b, 0))


@pytest.mark.parametrize(
    ("mode", "value"),
    [
        ("", 3),  # explosive rockets
        ("homing_rockets", 2),
        ("incendiary_rockets", 1),
        ("incendiary_shells", 5),
    ],
)
def test_each_rocket_and_shell_has_its_damage_value(mode: str, value: int) -> None:
    state = empty()
    item = "spit_cannon" if mode == "incendiary_shells" else "missile_launcher"
    b = _gunner(state, item, "A66")
    for roll, killed in ((6 - value, False), (7 - value, True)):
        target = put(state, "spugs", 1, "B06")  # Strength 1, a Window facing the gap
        rigged(state, [roll] + [1] * 6)
        combat.resolve(
            state, 0, b, Attack(blocker=b.id, how="shoot", target=target.id, weapon=mode)
        )
        assert (target.at == "gone") is killed


@pytest.mark.parametrize(
    ("mode", "dice", "damage", "fire"),
    [
        ("", [4, 1, 1], 2, 0),  # explosive: 1D6/2 Structural Damage (4 halves to 2)
        ("homing_rockets", [1], 1, 0),  # homing explosive: 1
        ("incendiary_rockets", [], 0, 2),  # incendiary: 2 Fire
        ("homing_incendiary_rockets", [], 0, 1),  # homing incendiary: 1 Fire
    ],
)
def test_each_rocket_leaves_its_structural_damage_or_fire(
    mode: str, dice: list[int], damage: int, fire: int
) -> None:
    state = empty()
    b = _gunner(state, "missile_launcher", "A66")
    target = put(state, "fatties", 1, "B06")
    rigged(state, [1, *dice])  # the shot itself misses
    combat.resolve(state, 0, b, Attack(blocker=b.id, how="shoot", target=target.id, weapon=mode))
    assert state.squares["B06"].damage == damage and state.squares["B06"].fire == fire


def test_incendiary_shells_add_a_fire() -> None:
    state = empty()
    b = _gunner(state, "spit_cannon", "A66")
    target = put(state, "fatties", 1, "B06")
    rigged(state, [1])
    attack = Attack(blocker=b.id, how="shoot", target=target.id, weapon="incendiary_shells")
    combat.resolve(state, 0, b, attack)
    assert state.squares["B06"].fire == 1


def test_homing_rockets_reach_any_window_without_line_of_fire_and_nothing_else() -> None:
    state = empty()
    b = _gunner(state, "missile_launcher", "A33")  # deep inside block A
    at_window = put(state, "mob", 1, "B05")
    inside = put(state, "mob", 1, "B35")
    offered = combat.options(state, b, 0)
    homing = [a for a in offered if a.weapon == "homing_rockets"]
    assert Attack(blocker=b.id, how="shoot", target=at_window.id, weapon="homing_rockets") in homing
    assert Attack(blocker=b.id, how="square", target="B05", weapon="homing_rockets") in homing
    assert not any(a.target in (inside.id, "B35") for a in homing)
    assert not any(a.target == at_window.id for a in offered if a.weapon == "")


def test_a_missile_defence_laser_in_a_window_nullifies_missile_attacks_on_its_block() -> None:
    state = empty()
    b = _gunner(state, "missile_launcher", "A66")
    target = put(state, "spugs", 1, "B06")
    guard = put(state, "mob", 1, "B03", ["missile_defence_laser"])
    guard.set_up.append("missile_defence_laser")
    rigged(state, [])  # no die is rolled
    notes = combat.resolve(state, 0, b, Attack(blocker=b.id, how="shoot", target=target.id))
    assert target.at == "B06" and notes[0].key == "mania.event.shot_down"
    guard.at = "B33"  # inside, not at a Window: no guard
    rigged(state, [6, 1, 1])  # 6 + 3 - 1 kills; then 1 Structural Damage, no collapse
    combat.resolve(state, 0, b, Attack(blocker=b.id, how="shoot", target=target.id))
    assert target.at == "gone"


def test_the_robo_dog_is_discarded_to_attack_the_nearest_enemy_at_3() -> None:
    state = empty()
    b = put(state, "juves", 0, "A35", ["robo_dog"])
    b.active = True
    near = put(state, "spugs", 1, "A55")
    put(state, "spugs", 1, "B05")
    dogs = [a for a in combat.options(state, b, 0) if a.how == "dog"]
    assert dogs == [Attack(blocker=b.id, how="dog", target=near.id)]
    rigged(state, [4])  # 4 + 3 - 1 = 6
    combat.resolve(state, 0, b, dogs[0])
    assert near.at == "gone" and b.kit == []


@pytest.mark.parametrize(
    ("item", "mode"), [("flamer", "flamer_discarded"), ("fire_bombs", "fire_bombs_discarded")]
)
def test_a_flamer_or_fire_bombs_discarded_after_use_place_three_fire_counters(
    item: str, mode: str
) -> None:
    state = empty()
    b = put(state, "juves", 0, "A66", [item, "laser"])
    b.active = True
    target = put(state, "fatties", 1, "B06")
    discard = Attack(blocker=b.id, how="shoot", target=target.id, weapon=mode)
    assert discard in combat.options(state, b, 0)
    rigged(state, [1])  # the shot misses
    notes = combat.resolve(state, 0, b, discard)
    assert state.squares["B06"].fire == 3
    assert b.kit == ["laser"] and notes[0].key == "mania.event.discarded"
    assert not any(a.weapon == mode for a in combat.options(state, b, 0))


def test_a_flamer_kept_after_use_places_one_fire_counter() -> None:
    state = empty()
    b = put(state, "juves", 0, "A66", ["flamer"])
    target = put(state, "fatties", 1, "B06")
    rigged(state, [1])
    combat.resolve(state, 0, b, Attack(blocker=b.id, how="shoot", target=target.id))
    assert state.squares["B06"].fire == 1 and b.kit == ["flamer"]


def test_dropping_a_weapon_costs_1_mp_and_takes_it_out_of_play() -> None:
    state = empty()
    b = put(state, "juves", 0, "A35", ["demo_charge", "missile_launcher"])
    b.active, b.mp = True, 1
    b.set_up.append("missile_launcher")
    drops = [a for a in ordnance.offered(state) if isinstance(a, Drop)]
    assert drops == [
        Drop(blocker=b.id, item="demo_charge"),
        Drop(blocker=b.id, item="missile_launcher"),
    ]
    notes = ordnance.do_drop(state, Drop(blocker=b.id, item="missile_launcher"))
    assert b.kit == ["demo_charge"] and b.set_up == [] and b.mp == 0
    assert notes[0].key == "mania.event.dropped"
    assert not any(isinstance(a, Drop) for a in ordnance.offered(state))  # no MP, no CP left
    with pytest.raises(IllegalAction) as refused:
        ordnance.do_drop(state, Drop(blocker=b.id, item="demo_charge"))
    assert refused.value.msg.key == "mania.refuse.drop"


def test_a_dropped_demo_charge_no_longer_goes_off_when_its_carrier_is_shot() -> None:
    state = empty()
    state.cp = 1
    b = put(state, "juves", 0, "A35", ["demo_charge"])
    b.active = True  # no MP: the command point pays
    ordnance.do_drop(state, Drop(blocker=b.id, item="demo_charge"))
    assert state.cp == 0
    rigged(state, [1])  # the shot misses; no accident die is rolled
    damage.attack_blocker(state, b, 0, [])
    assert b.at == "A35" and state.charges == []


def test_fire_bombs_thrown_from_a_window_at_level_3_or_higher_reach_the_plazas_below() -> None:
    state = empty()
    b = put(state, "juves", 0, "A63", ["fire_bombs"])
    b.active = True
    below = put(state, "mob", 1, "A60")  # on block A's Plaza under the gap-facing wall
    offered = combat.options(state, b, 0)
    assert Attack(blocker=b.id, how="square", target="B00") in offered
    assert Attack(blocker=b.id, how="shoot", target=below.id) in offered
    assert Attack(blocker=b.id, how="square", target="A60") not in offered  # its own block
    rigged(state, [6, 1])  # 6 + 1 - 6 = 1: a Structural Damage, no collapse; then its Fire
    combat.resolve(state, 0, b, Attack(blocker=b.id, how="square", target="B00"))
    assert state.squares["B00"].damage == 1 and state.squares["B00"].fire == 1


def test_fire_bombs_from_a_window_below_level_3_do_not_reach_a_plaza() -> None:
    state = empty()
    b = put(state, "juves", 0, "A62", ["fire_bombs"])
    b.active = True
    below = put(state, "mob", 1, "A60")
    throw = Attack(blocker=b.id, how="square", target="B00")
    assert throw not in combat.options(state, b, 0)
    assert Attack(blocker=b.id, how="shoot", target=below.id) not in combat.options(state, b, 0)
    with pytest.raises(IllegalAction) as refused:
        turn.attack(state, throw)
    assert refused.value.msg.key == "mania.refuse.throw"
