"""The quick reference's rules that the table, turn, weapon, ordnance and walkway tests leave
unchecked, one test a rule, each named after it (the coverage table is in DESIGN.md)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.block_mania import board, combat, damage, names, ordnance, turn
from engine.games.block_mania.actions import Activate, Attack, Draw, Move
from engine.games.block_mania.content.models import content
from engine.games.block_mania.rules import GAME
from engine.messages import say

from .support import empty, put, rigged


def test_the_command_phase_rolls_2d6_command_points() -> None:
    state = empty()
    rigged(state, [3, 5])
    turn.start_turn(state, [])
    assert state.cp == 8 and state.phase == "command"


def test_activating_a_blocker_costs_its_own_command_value() -> None:
    state = empty()
    state.cp = 5
    fat = put(state, "fatties", 0, "A35")
    turn.activate(state, Activate(blocker=fat.id))
    assert state.cp == 5 - content().blocker("fatties").command
    assert fat.active and fat.mp == content().blocker("fatties").mp


def test_shooting_and_other_attacks_cost_no_command_points() -> None:
    state = empty()
    state.phase, state.cp = "combat", 2
    b = put(state, "juves", 0, "B35")
    b.active = True
    rigged(state, [1])
    turn.attack(state, Attack(blocker=b.id, how="arson"))
    assert state.cp == 2


def test_each_blocker_makes_one_attack_however_many_weapons_it_has() -> None:
    state = empty()
    state.phase = "combat"
    b = put(state, "citi_def", 0, "A33", ["laser", "stump_gun"])
    foe = put(state, "mob", 1, "A34")
    b.active = True
    rigged(state, [1])
    turn.attack(state, Attack(blocker=b.id, how="shoot", target=foe.id, weapon=""))
    assert foe.at == "A34" and not any(a.blocker == b.id for a in turn.attacks(state))


@pytest.mark.parametrize(
    ("phase", "card", "open_"),
    [
        ("command", "overtime", True),  # a CP card
        ("command", "new_recruit", True),  # an H card
        ("command", "steady_aim", False),  # an A card
        ("defensive", "overtime", False),
        ("defensive", "new_recruit", True),
        ("defensive", "steady_aim", True),
        ("combat", "overtime", False),
        ("combat", "new_recruit", True),
        ("combat", "steady_aim", True),
    ],
)
def test_mania_cards_play_in_their_phases(phase: str, card: str, open_: bool) -> None:
    """CP cards in the Command phase, H cards in every phase, A cards when fire and combat
    are resolved."""
    state = empty()
    state.hands[0] = [card]
    state.phase = phase  # type: ignore[assignment]
    assert bool(turn.cards_for(state, 0)) is open_


def test_the_end_phase_draws_one_card() -> None:
    state = empty()
    state.hands[0] = []
    top = state.deck[0]
    rigged(state, [1] * 20)
    turn.end_phase(state)
    assert state.hands[0] == [top]


def test_leaving_a_collapsed_square_costs_one_more_mp() -> None:
    state = empty()
    b = put(state, "juves", 0, "A35")
    b.mp = 4
    state.squares["A35"].collapsed = True
    costs = board.steps(state, b)
    assert costs["A25"] == 2 and costs["A34"] == 2 and costs["A36"] == 3


def test_a_plaza_costs_no_mp() -> None:
    state = empty()
    b = put(state, "juves", 0, "A10")
    b.mp = 4
    assert board.steps(state, b)["A00"] == 0


def test_flying_reaches_any_square_for_all_the_mp_left() -> None:
    state = empty()
    hero = put(state, "superhero", 0, "A35")
    hero.mp = 3
    costs = board.steps(state, hero)
    assert costs["A09"] == 3 and costs["B69"] == 3


@pytest.mark.parametrize("type_id", ["mob", "fatties"])
def test_mob_and_fatties_never_fly_even_with_a_power_board_or_bat_suit(type_id: str) -> None:
    state = empty()
    b = put(state, type_id, 0, "A35", ["power_board", "bat_suit"])
    b.mp = 3
    assert not board.flies(b) and "A09" not in board.steps(state, b)


@pytest.mark.parametrize("type_id", ["mob", "fatties"])
def test_mob_and_fatties_looting_keep_no_flying_gear(type_id: str) -> None:
    state = empty()
    b = put(state, type_id, 0, "B41")  # B's Shopping Mall
    pool = content().equipment.loot
    flying = [i for i in pool if content().item(i).fly]
    assert flying
    rigged(state, [6] + [1] * 10)
    state.rng.below = lambda n: next(k for k in range(n) if pool[k] in flying)  # type: ignore[method-assign]
    combat.resolve(state, 0, b, Attack(blocker=b.id, how="loot"))
    assert not any(content().item(i).fly for i in b.kit)


def test_line_of_fire_crosses_the_open_air_but_not_walls() -> None:
    state = empty()
    assert board.line_of_fire(state, "A65", "B05")  # window to window across the gap
    assert board.line_of_fire(state, "A35", "A45")  # towards the next square
    assert not board.line_of_fire(state, "A15", "A45")  # not through Interior squares
    assert not board.line_of_fire(state, "A55", "B05")  # not out through a Window


def test_close_combat_counts_every_weapon_carried() -> None:
    state = empty()
    a = put(state, "juves", 0, "A35", ["club", "laser"])  # 2 + 1 + 3
    d = put(state, "mob", 1, "A35", ["stump_gun"])  # 3 + 2
    rigged(state, [1, 1])  # 7 against 6: one weapon alone would lose
    combat.resolve(state, 0, a, Attack(blocker=a.id, how="melee", target=d.id))
    assert d.at == "gone" and a.at == "A35"


def test_locked_blockers_may_not_leave_their_square() -> None:
    state = empty()
    a = put(state, "juves", 0, "A35")
    put(state, "juves", 1, "A35").locked = True
    a.locked, a.active, a.mp = True, True, 4
    assert not any(mv.blocker == a.id for mv in turn.moves(state))


@pytest.mark.parametrize(
    ("square", "offered"),
    [("B31", True), ("B21", True), ("B41", True), ("B35", False), ("B20", False)],
)
def test_looting_only_in_a_bank_shopping_mall_or_armoury(square: str, offered: bool) -> None:
    state = empty()
    b = put(state, "juves", 0, square)
    assert any(a.how == "loot" for a in combat.options(state, b, 0)) is offered


@pytest.mark.parametrize(("roll", "draws"), [(3, False), (4, True)])
def test_looting_a_shopping_mall_draws_three_counters_on_die_plus_strength_6(
    roll: int, draws: bool
) -> None:
    state = empty()
    b = put(state, "juves", 0, "B41")  # B's Shopping Mall; Strength 2
    rigged(state, [roll])
    notes = combat.resolve(state, 0, b, Attack(blocker=b.id, how="loot"))
    looted = [n for n in notes if n.key == "mania.event.looted"]
    assert bool(looted) is draws
    if draws:
        items = looted[0].args["items"]
        assert isinstance(items, list) and len(items) == 3


def test_fire_fighting_from_a_fire_control_reaches_diagonal_squares() -> None:
    state = empty()
    b = put(state, "juves", 0, "A22")  # A's Fire Control
    state.squares["A33"].fire = 3
    state.squares["A35"].fire = 1
    targets = [a.target for a in combat.options(state, b, 0) if a.how == "firefight"]
    assert targets == ["A33"]
    rigged(state, [4])  # 4 + 2 = 6
    combat.resolve(state, 0, b, Attack(blocker=b.id, how="firefight", target="A33"))
    assert state.squares["A33"].fire == 0


def test_fatties_cannot_fight_fires() -> None:
    state = empty()
    b = put(state, "fatties", 0, "A22")
    state.squares["A32"].fire = 1
    assert not any(a.how == "firefight" for a in combat.options(state, b, 0))


def test_a_superhero_may_neither_loot_nor_set_fires() -> None:
    state = empty()
    hero = put(state, "superhero", 0, "B41")  # B's Shopping Mall
    assert not {a.how for a in combat.options(state, hero, 0)} & {"loot", "arson"}


def test_fire_does_not_spread_into_a_collapsed_square() -> None:
    state = empty()
    state.squares["A35"].fire = 3
    state.squares["A36"].collapsed = True
    rigged(state, [2, 5] + [3] * 10)  # 7: straight up
    damage.fire_phase(state, [])
    assert state.squares["A36"].fire == 0


def test_a_collapse_for_any_reason_rolls_for_the_squares_above() -> None:
    state = empty()
    state.squares["A36"].damage = 4
    rigged(state, [1, 2] + [1] * 10)  # A26: 1 + 1 stands; A36: 2 + 5 falls; the rest stand
    damage.collapse(state, "A35", [])
    assert state.squares["A36"].collapsed and state.squares["A37"].damage == 1


def test_a_crashed_block_puts_no_blocker_in_play_and_cannot_be_entered() -> None:
    state = empty()
    state.crashed[1] = True
    state.active, state.cp = 1, 12
    assert not turn.may_deploy(state)
    b = put(state, "superhero", 0, "A65")
    b.mp = 4
    assert not any(s[0] == "B" for s in board.steps(state, b))


def test_a_crashed_block_is_open_air_for_line_of_fire() -> None:
    state = empty()
    assert not board.line_of_fire(state, "A65", "B35")
    state.crashed[1] = True
    assert board.line_of_fire(state, "A65", "B35")


def test_anyone_activates_a_futsie() -> None:
    state = empty()
    state.cp = 6
    futsie = put(state, "futsie", -1, "A35")
    for seat in (0, 1):
        state.active = seat
        futsie.active = False
        assert Activate(blocker=futsie.id) in turn.activatable(state)


def test_a_futsie_attacks_its_own_block_but_others_do_not() -> None:
    state = empty()
    futsie = put(state, "futsie", -1, "A35", ["stump_gun"])
    juve = put(state, "juves", 0, "A35", ["stump_gun"])
    assert any(a.how == "square" and a.target[0] == "A" for a in combat.options(state, futsie, 0))
    assert not any(a.how == "square" and a.target[0] == "A" for a in combat.options(state, juve, 0))


def test_a_futsie_attacks_only_once_activated() -> None:
    state = empty()
    state.phase = "combat"
    futsie = put(state, "futsie", -1, "B35", ["stump_gun"])
    assert not any(a.blocker == futsie.id for a in turn.attacks(state))
    futsie.active = True
    assert any(a.blocker == futsie.id for a in turn.attacks(state))


@pytest.mark.parametrize(("dice", "blows"), [([4, 1], False), ([5, 6, 1], True)])
def test_a_damaged_armoury_explodes_on_5_or_6_at_plus_3_even_diagonally(
    dice: list[int], blows: bool
) -> None:
    state = empty()
    near = put(state, "juves", 0, "A52")  # diagonal to A's Armoury (A41)
    rigged(state, dice)  # explosion roll, (6 + 3 - 2 kills), then the collapse roll
    damage.structural(state, "A41", [])
    assert (near.at == "gone") is blows


def test_a_burning_vehicle_park_explodes_on_5_or_6_at_plus_3() -> None:
    state = empty()
    near = put(state, "juves", 0, "A41")
    rigged(state, [5, 5])  # explodes; 5 + 3 - 2 = 6
    damage.add_fire(state, "A50", [])
    assert near.at == "gone" and state.squares["A50"].exploded


def test_scrawling_on_an_enemy_civic_square_costs_its_block_a_defeat_point() -> None:
    state = empty()
    b = put(state, "spugs", 0, "B40", ["spray_can"])  # B's Civic, with a spray can
    assert Attack(blocker=b.id, how="scrawl") in combat.options(state, b, 0)
    combat.resolve(state, 0, b, Attack(blocker=b.id, how="scrawl"))
    assert state.defeat[1] == content().tables.defeat.scrawl and state.squares["B40"].scrawl


def test_the_water_tanks_first_damage_destroys_it_and_puts_out_the_fires_below() -> None:
    state = empty()
    for s in ("A28", "A38", "A48"):
        state.squares[s].fire = 2
    rigged(state, [1])
    damage.structural(state, "A39", [])
    assert state.tanks[0] is False
    assert [state.squares[s].fire for s in ("A28", "A38", "A48")] == [0, 0, 0]


def test_a_pedway_terminus_moves_only_while_the_pedway_works() -> None:
    state = empty()
    walker = put(state, "juves", 0, "A64")
    walker.mp = 3
    assert board.steps(state, walker)["B04"] == 1
    state.walkways["pedway"] = 1
    assert "B04" not in board.steps(state, walker)


def test_moving_between_vehicle_parks_or_sky_rail_stations_costs_1_mp() -> None:
    state = empty()
    driver = put(state, "juves", 0, "A50")
    rider = put(state, "juves", 0, "A68")
    driver.mp = rider.mp = 3
    assert board.steps(state, driver)["B10"] == 1
    assert board.steps(state, rider)["B08"] == 1


def test_move_rejects_a_move_costing_more_than_mp_and_command_points() -> None:
    state = empty()
    b = put(state, "juves", 0, "A35")
    b.active, b.mp = True, 1
    assert Move(blocker=b.id, to="A36") not in turn.moves(state)


def test_a_set_up_vibro_drill_places_a_structural_damage_each_time_it_is_used() -> None:
    state = empty()
    a = put(state, "juves", 0, "B35", ["vibro_drill"])
    d = put(state, "juves", 1, "B35")
    a.set_up.append("vibro_drill")
    rigged(state, [6, 1, 1])  # 6 + 2 + 2 beats 1 + 2; the square's collapse roll 1 + 1
    combat.resolve(state, 0, a, Attack(blocker=a.id, how="melee", target=d.id))
    assert d.at == "gone" and state.squares["B35"].damage == 1


@pytest.mark.parametrize(("roll", "hurts"), [(3, False), (4, True)])
def test_shooting_an_interior_square_places_a_structural_damage(roll: int, hurts: bool) -> None:
    """Read with the square threshold of 1: a Laser (+3) against Strength 6 needs a 4."""
    state = empty()
    b = put(state, "juves", 0, "B33", ["laser"])
    rigged(state, [roll, 1])
    combat.resolve(state, 0, b, Attack(blocker=b.id, how="square", target="B34"))
    assert (state.squares["B34"].damage == 1) is hurts


def test_attacks_go_in_order_shooting_close_combat_looting_scrawling_arson_fire_fighting() -> None:
    """Once a Blocker has set a fire, the phase has reached arson: no Blocker may shoot any
    more, while a later kind is still open."""
    state = empty()
    state.phase = "combat"
    setter = put(state, "juves", 0, "B35")
    shooter = put(state, "citi_def", 0, "B33", ["laser"])
    foe = put(state, "mob", 1, "B34")
    setter.active = shooter.active = True
    rigged(state, [1])  # the fire is not set, but the attack is made
    turn.attack(state, Attack(blocker=setter.id, how="arson"))
    shot = Attack(blocker=shooter.id, how="shoot", target=foe.id)
    assert shot not in turn.attacks(state)
    assert Attack(blocker=shooter.id, how="arson") in turn.attacks(state)
    with pytest.raises(IllegalAction) as refused:
        turn.attack(state, shot)
    assert say(refused.value.msg) == (
        "Too late for shooting: this Combat phase has moved on to arson. Attacks go in order:"
        " shooting, close combat, looting, scrawling, arson, fire fighting."
    )
    assert foe.at == "B34" and not shooter.attacked


@pytest.mark.parametrize("square", ["A03", "A00"])  # a Balcony, a Plaza
def test_shooting_a_blocker_in_an_open_air_square_adds_one(square: str) -> None:
    """The squares out in the open air, a Balcony or a Plaza, are as exposed as a Civic: a
    Laser (+3) kills a Strength 3 target there on a 5, not only on a 6."""
    state = empty()
    shooter = put(state, "juves", 1, board.neighbours(square)[0], ["laser"])
    target = put(state, "mob", 0, square)
    rigged(state, [5])  # 5 + 3 + 1 - 3 = 6
    combat.resolve(state, 1, shooter, Attack(blocker=shooter.id, how="shoot", target=target.id))
    assert target.at == "gone"


@pytest.mark.parametrize(("square", "kind"), [("A41", "armoury"), ("A21", "hardware")])
def test_drawing_armoury_or_hardware_counters_costs_all_the_mp_left(square: str, kind: str) -> None:
    """An Armoury deals Armoury counters, a Shopping Mall Hardware; the draw takes whatever MP
    the Blocker has left, so it draws once a turn."""
    state = empty()
    b = put(state, "juves", 0, square, ["club"])
    b.active, b.mp, state.cp = True, 3, 5
    pool = content().equipment.armoury if kind == "armoury" else content().equipment.hardware
    rigged(state, [])
    assert Draw(blocker=b.id) in GAME.legal_actions(state, 0)
    notes = ordnance.do_draw(state, Draw(blocker=b.id))
    assert b.mp == 0 and state.cp == 5 and b.kit == ["club", pool[0]]
    drawn = say(names.item(pool[0]))
    assert say(notes[0]) == f"{say(names.blocker(b))} draws a counter: the {drawn}."
    assert Draw(blocker=b.id) not in GAME.legal_actions(state, 0)


def test_counters_are_drawn_only_in_an_armoury_or_shopping_mall_and_never_by_a_superhero() -> None:
    state = empty()
    walker = put(state, "juves", 0, "A31")
    hero = put(state, "superhero", 0, "A41")
    walker.active = hero.active = True
    walker.mp = hero.mp = 3
    offered = GAME.legal_actions(state, 0)
    assert Draw(blocker=walker.id) not in offered and Draw(blocker=hero.id) not in offered
    with pytest.raises(IllegalAction) as refused:
        ordnance.do_draw(state, Draw(blocker=hero.id))
    assert refused.value.msg.key == "mania.refuse.draw"


@pytest.mark.parametrize("type_id", ["mob", "fatties"])
def test_mob_and_fatties_drawing_flying_gear_draw_again(type_id: str) -> None:
    state = empty()
    b = put(state, type_id, 0, "A21")  # the Shopping Mall's Hardware
    b.active, b.mp = True, 2
    flying = [i for i in content().equipment.hardware if content().item(i).fly]
    assert flying
    for _ in range(20):
        b.kit, b.mp = [], 2
        ordnance.do_draw(state, Draw(blocker=b.id))
        assert not set(b.kit) & set(flying)
