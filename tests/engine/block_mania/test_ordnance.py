"""Charges armed and left behind, as the quick reference rolls them: Demo Charge, Thermo Bomb,
Nerve Gas, Plascrete Virus and the face-down Trip Mine."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.block_mania import board, combat, damage, ordnance
from engine.games.block_mania.actions import Arm, Attack, Move
from engine.games.block_mania.rules import GAME
from engine.games.block_mania.state import Blocker, ManiaState

from .support import empty, put, rigged


def _armed(state: ManiaState, item: str, at: str, mp: int = 4) -> Blocker:
    b = put(state, "juves", 0, at, [item])
    b.active, b.mp = True, mp
    return b


@pytest.mark.parametrize(("roll", "killed"), [(4, False), (5, True)])
def test_a_demo_charge_goes_off_as_the_combat_phase_begins(roll: int, killed: bool) -> None:
    state = empty()
    b = _armed(state, "demo_charge", "B35")
    foe = put(state, "mob", 1, "B35")  # Strength 3: 1D6 + 4 - 3 must reach 6
    ordnance.do_arm(state, Arm(blocker=b.id, item="demo_charge"))
    assert b.mp == 3 and b.kit == [] and [c.at for c in state.charges] == ["B35"]
    assert foe.at == "B35" and state.squares["B35"].damage == 0  # nothing until Combat
    rigged(state, [1, roll, 6, 1, 1, 1])  # the armer survives (1+4-2), 1D6/2 of 6 is 3
    ordnance.combat_begins(state)
    assert (foe.at == "gone") is killed and b.at == "B35"
    assert state.squares["B35"].damage == 3 and state.charges == []


@pytest.mark.parametrize(("accident", "goes_off"), [(5, False), (6, True)])
def test_a_demo_charge_carrier_under_attack_sets_it_off_on_a_6(
    accident: int, goes_off: bool
) -> None:
    state = empty()
    shooter = put(state, "juves", 0, "B34", ["laser"])
    carrier = put(state, "mob", 1, "B35", ["demo_charge"])
    rigged(state, [1, accident, 6, 2, 1])  # the shot misses; the blast kills (6+4-3), 1 SD
    attack = Attack(blocker=shooter.id, how="shoot", target=carrier.id)
    combat.resolve(state, 0, shooter, attack)
    assert (carrier.at == "gone") is goes_off
    assert (state.squares["B35"].damage == 1) is goes_off


def test_a_blast_spares_a_blocker_a_carried_charge_going_off_has_already_killed() -> None:
    state = empty()
    carrier = put(state, "juves", 1, "A35", ["demo_charge"])
    other = put(state, "juves", 1, "A35")
    # The blast misses the carrier (1), whose charge goes off (6): it misses the carrier
    # again (1) and kills the other (6); 1D6/2 = 1 Structural Damage, no collapse (1). The
    # first blast then has only its own Structural Damage left to place (1, 1).
    rigged(state, [1, 6, 1, 6, 1, 1, 1, 1])
    damage.blast(state, "demo_charge", "A35", [])
    assert other.at == "gone" and carrier.at == "A35"
    assert state.defeat[1] == 1 and state.squares["A35"].damage == 2


def test_a_thermo_bomb_collapses_its_square_and_sets_the_three_above_alight() -> None:
    state = empty()
    b = _armed(state, "thermo_bomb", "B35")
    with pytest.raises(IllegalAction) as refused:
        ordnance.do_arm(state, Arm(blocker=b.id, item="thermo_bomb"))  # must step away
    assert refused.value.msg.key == "mania.refuse.arm"
    ordnance.do_arm(state, Arm(blocker=b.id, item="thermo_bomb", to="B25"))
    assert b.at == "B25" and b.mp == 2  # 1 MP to arm, 1 to step sideways
    rigged(state, [1, 1, 1])  # the load on the three squares above collapses none
    ordnance.combat_begins(state)
    assert state.squares["B35"].collapsed
    assert [state.squares[s].fire for s in ("B26", "B36", "B46")] == [1, 1, 1]


def test_a_thermo_bomb_sets_no_fire_in_a_square_above_that_collapses() -> None:
    state = empty()
    b = _armed(state, "thermo_bomb", "B35")
    ordnance.do_arm(state, Arm(blocker=b.id, item="thermo_bomb", to="B25"))
    rigged(state, [5, 1, 1, 1, 1, 1])  # B26 collapses (5 + 1), loading B17, B27, B37
    ordnance.combat_begins(state)
    assert state.squares["B26"].collapsed and state.squares["B26"].fire == 0
    assert state.squares["B36"].fire == 1 and state.squares["B46"].fire == 1


@pytest.mark.parametrize(
    ("square", "roll", "killed"),
    [
        ("B35", 4, False),  # Interior: 5 or 6
        ("B35", 5, True),
        ("B05", 5, False),  # Window: 6 only
        ("B05", 6, True),
    ],
)
def test_nerve_gas_kills_on_5_inside_and_6_at_a_window(
    square: str, roll: int, killed: bool
) -> None:
    state = empty()
    b = _armed(state, "nerve_gas", "B32")  # B's Power House
    victim = put(state, "mob", 1, square)
    ordnance.do_arm(state, Arm(blocker=b.id, item="nerve_gas"))
    rigged(state, [1, roll])  # the armer, still in the Power House, survives a 1
    ordnance.combat_begins(state)
    assert (victim.at == "gone") is killed and b.at == "B32"


def test_nerve_gas_spares_the_balconies_and_is_armed_only_in_a_power_house() -> None:
    state = empty()
    b = _armed(state, "nerve_gas", "B35")
    assert not any(isinstance(a, Arm) for a in ordnance.offered(state))
    b.at = "B32"
    safe = put(state, "mob", 1, "B63")  # a Balcony of block B
    ordnance.do_arm(state, Arm(blocker=b.id, item="nerve_gas"))
    rigged(state, [1])  # only the armer rolls
    ordnance.combat_begins(state)
    assert safe.at == "B63"


@pytest.mark.parametrize(
    ("up", "side", "dcol", "dlevel"),
    [(1, 1, -1, 1), (2, 4, 0, 1), (3, 5, 1, 0), (4, 2, -1, 0), (5, 3, 0, -1), (6, 6, 1, -1)],
)
def test_the_plascrete_virus_damages_on_4_and_moves_by_2d6(
    up: int, side: int, dcol: int, dlevel: int
) -> None:
    state = empty()
    b = _armed(state, "plascrete_virus", "B35")
    ordnance.do_arm(state, Arm(blocker=b.id, item="plascrete_virus"))
    rigged(state, [6])
    assert ordnance.virus_phase(state) == []  # A's turn: block B's owner rolls in theirs
    state.active = 1
    rigged(state, [3])
    ordnance.virus_phase(state)
    assert state.squares["B35"].damage == 0
    rigged(state, [4, 1, up, side])  # damage (collapse roll 1), then the move
    ordnance.virus_phase(state)
    assert state.squares["B35"].damage == 1
    assert [c.at for c in state.charges] == [board.sid("B", 3 + dcol, 5 + dlevel)]


def test_the_plascrete_virus_rolls_again_for_its_own_square_and_harms_no_collapsed_one() -> None:
    state = empty()
    b = _armed(state, "plascrete_virus", "B35")
    ordnance.do_arm(state, Arm(blocker=b.id, item="plascrete_virus"))
    state.active = 1
    state.squares["B35"].collapsed = True
    rigged(state, [4, 3, 4, 2, 3])  # no damage in a collapsed square; (3, 4) stays: again
    ordnance.virus_phase(state)
    assert state.squares["B35"].damage == 0 and state.charges[0].at == "B36"


def test_a_trip_mine_is_laid_face_down_in_an_interior_square_on_the_way_out() -> None:
    state = empty()
    b = _armed(state, "trip_mine", "B05")  # a Window: no mine here
    assert not any(isinstance(a, Arm) for a in ordnance.offered(state))
    b.at = "B35"
    lay = Arm(blocker=b.id, item="trip_mine", to="B25")
    assert lay in ordnance.offered(state)
    assert "Trip Mine" not in str(GAME.choice_label(state, lay))
    ordnance.do_arm(state, lay)
    assert b.at == "B25" and state.charges[0].face_down
    friend = put(state, "juves", 0, "B45")
    friend.active, friend.mp = True, 2
    ordnance.move(state, Move(blocker=friend.id, to="B35"))  # its own side passes safely
    assert friend.at == "B35" and len(state.charges) == 1


@pytest.mark.parametrize(("roll", "killed"), [(4, False), (5, True)])
def test_a_trip_mine_goes_off_under_an_enemy_at_4_with_a_structural_damage(
    roll: int, killed: bool
) -> None:
    state = empty()
    b = _armed(state, "trip_mine", "B35")
    ordnance.do_arm(state, Arm(blocker=b.id, item="trip_mine", to="B25"))
    state.active = 1
    foe = put(state, "mob", 1, "B45")  # Strength 3: 1D6 + 4 - 3 must reach 6
    foe.active, foe.mp = True, 3
    rigged(state, [roll, 1])
    ordnance.move(state, Move(blocker=foe.id, to="B35"))
    assert (foe.at == "gone") is killed
    assert state.squares["B35"].damage == 1 and state.charges == []


def test_a_face_down_mine_shows_as_a_counter_named_only_to_its_side() -> None:
    state = empty()
    b = _armed(state, "trip_mine", "B35")
    ordnance.do_arm(state, Arm(blocker=b.id, item="trip_mine", to="B25"))
    seen = {seat: GAME.view(state, seat).charges for seat in (0, 1, None)}
    assert [(c.at, c.item) for c in seen[0]] == [("B35", "trip_mine")]
    assert [(c.at, c.item, c.face_down) for c in seen[1]] == [("B35", "", True)]
    assert "trip_mine" not in GAME.view(state, None).model_dump_json()
