"""Every table and threshold the quick reference gives, row by row."""

from __future__ import annotations

import pytest

from engine.games.block_mania import board, combat, damage, turn
from engine.games.block_mania.actions import Attack, Move

from .support import game, put, rigged


@pytest.mark.parametrize(
    ("roll", "dcol", "dlevel"),
    [
        (2, -1, -1),
        (3, -2, -1),
        (4, -2, 0),
        (5, -2, 1),
        (6, -1, 1),
        (7, 0, 1),
        (8, 1, 1),
        (9, 2, 1),
        (10, 2, 0),
        (11, 2, -1),
    ],
)
def test_fire_spread_table_row(roll: int, dcol: int, dlevel: int) -> None:
    assert damage.spread_target("A34", roll) == board.sid("A", 3 + dcol, 4 + dlevel)


def test_fire_spread_off_the_block_places_nothing() -> None:
    assert damage.spread_target("A09", 7) is None


@pytest.mark.parametrize(("roll", "killed"), [(5, False), (6, True)])
def test_shooting_kills_when_die_plus_damage_minus_strength_reaches_6(
    roll: int, killed: bool
) -> None:
    state = game()
    shooter = put(state, "juves", 0, "A33", ["laser"])  # Laser +3
    target = put(state, "mob", 1, "A34")  # Strength 3, Interior
    rigged(state, [roll])
    combat.resolve(state, 0, shooter, Attack(blocker=shooter.id, how="shoot", target=target.id))
    assert (target.at == "gone") is killed


def test_shooting_at_a_civic_or_plaza_square_adds_one() -> None:
    state = game()
    shooter = put(state, "juves", 1, "A11", ["laser"])
    target = put(state, "mob", 0, "A20")  # Civic
    rigged(state, [3, 6])  # 3 + 3 + 1 - 3 = 4... needs 6: 5 is not enough
    combat.resolve(state, 1, shooter, Attack(blocker=shooter.id, how="shoot", target=target.id))
    assert target.at == "A20"
    shooter.attacked = False
    rigged(state, [5, 6])  # 5 + 3 + 1 - 3 = 6
    combat.resolve(state, 1, shooter, Attack(blocker=shooter.id, how="shoot", target=target.id))
    assert target.at == "gone"


@pytest.mark.parametrize(
    ("mine", "theirs", "loser"), [(6, 1, "defender"), (1, 6, "attacker"), (3, 3, None)]
)
def test_close_combat_higher_wins_and_a_tie_locks(
    mine: int, theirs: int, loser: str | None
) -> None:
    state = game()
    a = put(state, "juves", 0, "A35", ["club"])  # 2 + 1
    d = put(state, "juves", 1, "A35", ["club"])
    rigged(state, [mine, theirs])
    combat.resolve(state, 0, a, Attack(blocker=a.id, how="melee", target=d.id))
    if loser is None:
        assert a.locked and d.locked and a.at == d.at == "A35"
    else:
        assert (a if loser == "attacker" else d).at == "gone"


def test_fatties_charging_get_two() -> None:
    state = game()
    a = put(state, "fatties", 0, "A35")  # 4 + 2 charge
    d = put(state, "citi_def", 1, "A35", ["club"])  # 3 + 1
    rigged(state, [2, 2])  # 6 against 6 without the charge: 8 with it
    combat.resolve(state, 0, a, Attack(blocker=a.id, how="melee", target=d.id))
    assert d.at == "gone" and a.at == "A35"


@pytest.mark.parametrize(("roll", "burns"), [(3, False), (4, True)])
def test_arson_succeeds_on_die_plus_strength_6(roll: int, burns: bool) -> None:
    state = game()
    b = put(state, "juves", 0, "B35")  # Strength 2
    rigged(state, [roll, 1])
    combat.resolve(state, 0, b, Attack(blocker=b.id, how="arson"))
    assert (state.squares["B35"].fire == 1) is burns


@pytest.mark.parametrize(("roll", "collapses"), [(3, False), (4, True)])
def test_structural_damage_collapses_on_die_plus_counters_6(roll: int, collapses: bool) -> None:
    state = game()
    state.squares["A35"].damage = 0
    rigged(state, [roll] + [1] * 20)
    damage.structural(state, "A35", [])
    state.squares["A35"].damage = 1
    assert state.squares["A35"].collapsed is False
    rigged(state, [roll] + [1] * 20)
    damage.structural(state, "A35", [])  # now 2 counters
    assert state.squares["A35"].collapsed is collapses


def test_a_collapse_loads_the_three_squares_above_and_costs_two_defeat_points() -> None:
    state = game()
    rigged(state, [1, 1, 1])
    damage.collapse(state, "A35", [])
    assert [state.squares[s].damage for s in ("A26", "A36", "A46")] == [1, 1, 1]
    assert state.defeat[0] == 2 and state.collapsed_now[0]


@pytest.mark.parametrize(("roll", "hurts"), [(2, False), (4, True)])
def test_fire_damages_a_square_on_die_plus_fires_7(roll: int, hurts: bool) -> None:
    state = game()
    state.squares["A35"].fire = 3  # a fourth spreads: roll 2D6 = 2 + 5 = 7, straight up
    rigged(state, [2, 5, roll, 3] + [3] * 10)
    damage.fire_phase(state, [])
    assert state.squares["A36"].fire >= 1
    assert (state.squares["A35"].damage >= 1) is hurts


def test_a_low_fire_roll_removes_a_fire_while_the_tank_stands() -> None:
    state = game()
    state.squares["A35"].fire = 1
    rigged(state, [1])  # adds one (2), then rolls 1: 1 + 2 < 7, and 1 puts one out
    damage.fire_phase(state, [])
    assert state.squares["A35"].fire == 1
    state.tanks[0] = False
    rigged(state, [1])
    damage.fire_phase(state, [])
    assert state.squares["A35"].fire == 2


def test_blockers_in_fire_die_on_die_plus_fires_7() -> None:
    state = game()
    b = put(state, "fatties", 0, "A35")
    state.squares["A35"].fire = 2
    rigged(state, [6, 3, 4])  # 3 fires; square roll 3 (3+3 < 7), Blocker roll 4 (4+3 = 7)
    damage.fire_phase(state, [])
    assert b.at == "gone"


@pytest.mark.parametrize(("dice", "crash"), [([1, 1, 1, 1, 2], False), ([1, 1, 1, 1, 1], True)])
def test_catastrophic_damage_crashes_when_5d6_is_at_most_the_collapsed_squares(dice, crash) -> None:
    state = game()
    for s in ("A05", "A15", "A25", "A35", "A45"):
        state.squares[s].collapsed = True
    state.collapsed_now[0] = True
    rigged(state, dice)
    damage.catastrophe(state, [])
    assert state.crashed[0] is crash


def test_square_strength_is_six_and_eight_for_the_armoury() -> None:
    assert board.strength("A35") == 6
    assert board.kind("A41") == "armoury" and board.strength("A41") == 8


def test_movement_costs() -> None:
    state = game()
    b = put(state, "juves", 0, "A35")
    b.active, b.mp = True, 4
    costs = board.steps(state, b)
    assert costs["A25"] == 1 and costs["A45"] == 1  # sideways
    assert costs["A34"] == 1 and costs["A36"] == 2  # down 1, up 2
    state.squares["A25"].collapsed = True
    assert board.steps(state, b)["A25"] == 2  # entering a collapsed square +1
    b.at = "A13"  # elevator: any distance for 1
    assert board.steps(state, b)["A19"] == 1
    b.at = "A10"  # beside the Civic
    assert board.steps(state, b)["A20"] == 0
    b.at = "A57"  # grav chute: down to level 0 for 1
    assert board.steps(state, b)["A50"] == 1
    b.at = "A64"  # pedway terminus to the other block's
    assert board.steps(state, b)["B04"] == 1


def test_extra_movement_costs_one_command_point_each() -> None:
    state = game()
    b = put(state, "juves", 0, "A35")
    b.active, b.mp, b.steps = True, 1, 0
    state.cp = 3
    turn.move(state, Move(blocker=b.id, to="A36"))  # 2 MP: 1 from the Blocker, 1 CP
    assert b.mp == 0 and state.cp == 2


def test_a_new_blocker_costs_four_command_points() -> None:
    state = game()
    state.phase, state.cp = "command", 5
    before = len(state.blockers)
    turn.deploy(state)
    assert state.cp == 1 and len(state.blockers) == before + 1
