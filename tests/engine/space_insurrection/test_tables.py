"""Success rolls and result tables: every unit's Action-X from the rulebook's unit table, each
entry of the Attack, Kill, Sabotage and Bombardment tables, Heal-3, Repair-3, a world's
Repair-2, the Spy bonus, and a second wound or disruption eliminating a unit. The rulebook's
own examples are named tests."""

from __future__ import annotations

import pytest

from engine.games.space_insurrection import GAME, flow
from engine.games.space_insurrection.content.models import content
from engine.games.space_insurrection.state import SpaceState
from tests.engine.space_insurrection.support import act, at, blank, give, loyal, put

# (acting unit, action, target, X) as the rulebook's unit table gives them (L28-45, L139-140).
# A target starting with "+" is a chit of that type deployed from the reserve; "world" acts as
# the loyal world itself; "aldebar" is the world the action is taken on.
ACTION_X = [
    ("assassin", "kill", "security", 3),
    ("assassin", "kill", "governor", 3),
    ("security", "kill", "agent", 3),
    ("security", "kill", "rebel_leader", 3),
    ("security", "deploy", "+diplomat", 3),
    ("security", "deploy", "+saboteur", 3),
    ("star_cruiser", "attack", "star_cruiser", 3),
    ("star_cruiser", "bombard", "troops", 3),
    ("star_cruiser", "bombard", "ion_gun", 3),
    ("star_cruiser", "bombard", "aldebar", 3),
    ("troops", "attack", "troops", 4),
    ("troops", "attack", "rebels", 4),
    ("troops", "attack", "base", 4),
    ("troops", "control", "aldebar", 3),
    ("troops", "subdue", "aldebar", 4),
    ("diplomat", "incite", "aldebar", 3),
    ("diplomat", "control", "aldebar", 3),
    ("diplomat", "deploy", "+governor", 4),
    ("diplomat", "deploy", "+assassin", 4),
    ("agent", "spy", "troops", 4),
    ("agent", "spy", "governor", 4),
    ("agent", "deploy", "+security", 3),
    ("agent", "deploy", "+agent", 3),
    ("agent", "deploy", "+rebels", 3),
    ("saboteur", "sabotage", "troops", 3),
    ("saboteur", "sabotage", "star_cruiser", 3),
    ("saboteur", "sabotage", "ion_gun", 4),
    ("saboteur", "sabotage", "base", 4),
    ("governor", "deploy", "+troops", 5),
    ("governor", "deploy", "+diplomat", 5),
    ("governor", "deploy", "+rebel_leader", 5),
    ("governor", "subdue", "aldebar", 3),
    ("rebel_leader", "deploy", "+rebels", 5),
    ("rebel_leader", "incite", "aldebar", 4),
    ("rebels", "attack", "troops", 3),
    ("rebels", "attack", "force_field", 3),
    ("rebels", "incite", "aldebar", 3),
    ("rebels", "deploy", "+rebels", 4),
    ("base", "deploy", "+troops", 5),
    ("base", "deploy", "+star_cruiser", 5),
    ("base", "deploy", "+ion_gun", 5),
    ("base", "deploy", "+force_field", 5),
    ("ion_gun", "attack", "star_cruiser", 3),
    ("world", "deploy", "+base", 4),
    ("world", "deploy", "+security", 4),
    ("world", "deploy", "+agent", 4),
    ("world", "repair", "", 2),
    ("assassin", "heal", "", 3),
    ("governor", "heal", "", 3),
    ("troops", "repair", "", 3),
    ("base", "repair", "", 3),
]
TABLES = ("kill", "attack", "sabotage", "bombard")


def position(unit: str, action: str, target: str) -> tuple[SpaceState, dict[str, str]]:
    """Red's unit (or loyal world) at Aldebar able to take the action, and the action."""
    state = blank()
    put(state, "rebels-10", 1, "kryos")
    world = state.world("aldebar")
    if unit == "world" or (unit == "governor" and action == "deploy"):
        loyal(state, "aldebar", 0)
    if action == "subdue":
        world.uprising = True
    actor = "aldebar" if unit == "world" else f"{unit}-1"
    if unit != "world":
        put(state, actor, 0, "aldebar")
    fields = {"unit": actor}
    if action == "heal":
        state.units[actor].wounded = True
    elif action == "repair" and unit == "world":
        world.disrupted = True
    elif action == "repair":
        state.units[actor].disrupted = True
    if target.startswith("+"):
        chit = f"{target[1:]}-3"
        give(state, 0, chit)
        fields |= {"kind": "deploy", "chit": chit}
    else:
        fields |= {"kind": "act", "action": action}
        if target == "aldebar":
            fields["target"] = "aldebar"
        elif target:
            fields["target"] = f"{target}-2"
            put(state, f"{target}-2", 1, "aldebar")
    at(state, "aldebar", 0)
    return state, fields


def tabled(action: str, target: str) -> bool:
    return action in TABLES and target not in ("", "aldebar")


def test_the_table_covers_every_action_of_every_unit():
    listed = {(u, a) for u, a, _, _ in ACTION_X}
    for kind in content().types:
        for option in kind.actions:
            assert (kind.id, option.act) in listed
    for option in content().world.actions:
        assert ("world", option.act) in listed
    assert not content().type("force_field").actions, "a Force Field takes no action"


@pytest.mark.parametrize(("unit", "action", "target", "x"), ACTION_X)
def test_action_x_succeeds_on_x_or_less(dice, unit, action, target, x):
    state, fields = position(unit, action, target)
    dice(x, *([6] if tabled(action, target) else []))
    _, text = act(state, 0, **fields)
    assert f"rolls {x}, needs {x} or less — success" in text and "fails" not in text


@pytest.mark.parametrize(("unit", "action", "target", "x"), ACTION_X)
def test_action_x_fails_above_x(dice, unit, action, target, x):
    state, fields = position(unit, action, target)
    dice(x + 1)
    after, text = act(state, 0, **fields)
    assert f"rolls {x + 1}, needs {x} or less — fails" in text
    assert after.units.keys() == state.units.keys()
    assert after.reserves == state.reserves, "a failed deployment keeps the chit"


def test_each_action_is_offered_where_it_may_be_taken():
    for unit, action, target, _ in ACTION_X:
        state, fields = position(unit, action, target)
        assert GAME.parse_action(fields) in GAME.legal_actions(state, 0), (unit, action, target)


# ----- result tables -------------------------------------------------------------------------

RESULTS = {
    # action: (attacker, target, results for rolls 1 to 6)
    "attack": ("troops", "troops", ["destroyed"] * 4 + ["disrupted"] * 2),
    "kill": ("assassin", "governor", ["killed"] * 3 + ["wounded"] * 3),
    "sabotage": ("saboteur", "troops", ["destroyed"] * 2 + ["disrupted"] * 4),
    "bombard": ("star_cruiser", "troops", ["destroyed"] + ["disrupted"] * 5),
}


@pytest.mark.parametrize("action", list(RESULTS))
@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_result_table(dice, action, roll):
    attacker, target, results = RESULTS[action]
    state, fields = position(attacker, action, target)
    dice(1, roll)
    state, text = act(state, 0, **fields)
    result = results[roll - 1]
    faces = [face for face in range(1, 7) if results[face - 1] == result]
    band = f"{faces[0]}-{faces[-1]}" if len(faces) > 1 else f"{faces[0]}"
    told = f"{action} table rolls {roll} ({band} {result}): {target.capitalize()} #2 is {result}"
    assert told in text
    victim = f"{target}-2"
    if result in ("destroyed", "killed"):
        assert victim not in state.units and victim in state.pile
    else:
        assert getattr(state.units[victim], result)


@pytest.mark.parametrize(("action", "flag"), [("kill", "wounded"), ("attack", "disrupted")])
def test_a_second_wound_or_disruption_eliminates(dice, action, flag):
    attacker, target, _ = RESULTS[action]
    state, fields = position(attacker, action, target)
    setattr(state.units[f"{target}-2"], flag, True)
    dice(1, 6)
    state, text = act(state, 0, **fields)
    assert f"#2, already {flag}, is eliminated" in text
    assert f"{target}-2" not in state.units and f"{target}-2" in state.pile


def test_bombarding_a_worlds_industry_disrupts_the_world(dice):
    state, fields = position("star_cruiser", "bombard", "aldebar")
    dice(3)
    state, text = act(state, 0, **fields)
    assert state.world("aldebar").disrupted
    assert (
        "bombards the industry of Aldebar: rolls 3, needs 3 or less — success; the world is" in text
    )


def test_a_disrupted_worlds_industry_is_not_bombarded_again():
    state, _ = position("star_cruiser", "bombard", "aldebar")
    state.world("aldebar").disrupted = True
    assert not any(a.kind == "act" and a.target == "aldebar" for a in GAME.legal_actions(state, 0))


def test_a_cruiser_does_not_bombard_the_industry_of_its_own_loyal_world():
    state, _ = position("star_cruiser", "bombard", "aldebar")
    state.world("aldebar").loyal = 0
    assert not any(a.kind == "act" and a.target == "aldebar" for a in GAME.legal_actions(state, 0))


def test_a_force_field_makes_its_world_immune_to_bombardment():
    state, _ = position("star_cruiser", "bombard", "troops")
    put(state, "force_field-1", 1, "aldebar")
    put(state, "star_cruiser-5", 1, "aldebar")
    offered = {(a.action, a.target) for a in GAME.legal_actions(state, 0) if a.kind == "act"}
    assert not any(action == "bombard" for action, _ in offered)
    assert ("attack", "star_cruiser-5") in offered, "other actions go on"


def test_a_force_field_protects_whoever_owns_it():
    state, _ = position("star_cruiser", "bombard", "troops")
    put(state, "force_field-1", 0, "aldebar")
    assert not any(getattr(a, "action", "") == "bombard" for a in GAME.legal_actions(state, 0))


def test_a_disrupted_force_field_protects_nothing_until_repaired(dice):
    """Immunity is the Force Field's entry in the unit table's action column, and a disrupted
    installation takes no action but its repair: while disrupted, its world, the units on it
    and the Force Field itself may be bombarded; once repaired, none may."""
    state, _ = position("star_cruiser", "bombard", "troops")
    put(state, "force_field-1", 1, "aldebar", disrupted=True)
    bombarded = {
        a.target for a in GAME.legal_actions(state, 0) if getattr(a, "action", "") == "bombard"
    }
    assert bombarded == {"troops-2", "force_field-1", "aldebar"}
    dice(3, 4)
    after, text = act(
        state, 0, kind="act", unit="star_cruiser-1", action="bombard", target="force_field-1"
    )
    assert "force_field-1" not in after.units and "already disrupted, is eliminated" in text
    state.units["force_field-1"].disrupted = False
    assert not any(getattr(a, "action", "") == "bombard" for a in GAME.legal_actions(state, 0))


def test_bombardment_targets_military_units_and_installations_only():
    state, _ = position("star_cruiser", "bombard", "troops")
    put(state, "governor-2", 1, "aldebar")
    put(state, "base-2", 1, "aldebar")
    targets = {
        a.target for a in GAME.legal_actions(state, 0) if getattr(a, "action", "") == "bombard"
    }
    assert targets == {"troops-2", "base-2", "aldebar"}


@pytest.mark.parametrize(("roll", "healed"), [(3, True), (4, False)])
def test_all_personalities_have_heal_3(dice, roll, healed):
    state, fields = position("agent", "heal", "")
    dice(roll)
    state, _ = act(state, 0, **fields)
    assert state.units["agent-1"].wounded != healed


@pytest.mark.parametrize(("roll", "repaired"), [(3, True), (4, False)])
def test_all_nonpersonality_units_have_repair_3(dice, roll, repaired):
    state, fields = position("ion_gun", "repair", "")
    dice(roll)
    state, _ = act(state, 0, **fields)
    assert state.units["ion_gun-1"].disrupted != repaired


# ----- the rulebook's examples ---------------------------------------------------------------


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_sabotage_3_succeeds_on_a_roll_of_1_to_3(dice, roll):
    """The rulebook's first example of the notation: a sabotage written Sabotage-3 works when
    the die shows 3 or less (here the Saboteur against a military unit)."""
    state, fields = position("saboteur", "sabotage", "troops")
    dice(roll, *([6] if roll <= 3 else []))
    _, text = act(state, 0, **fields)
    assert ("fails" in text) == (roll > 3)


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_sabotage_4_succeeds_on_a_roll_of_1_to_4(dice, roll):
    """The rulebook's second example: Sabotage-4 works when the die shows 4 or less (the
    Saboteur against an installation)."""
    state, fields = position("saboteur", "sabotage", "ion_gun")
    dice(roll, *([6] if roll <= 4 else []))
    _, text = act(state, 0, **fields)
    assert ("fails" in text) == (roll > 4)


def spied_governor(dice) -> SpaceState:
    """Red's Agent has spied on Blue's Governor at Aldebar; Red's Assassins are there too."""
    state = blank()
    put(state, "agent-1", 0, "aldebar")
    put(state, "assassin-1", 0, "aldebar")
    put(state, "assassin-2", 0, "aldebar")
    put(state, "governor-2", 1, "aldebar")
    put(state, "rebels-10", 1, "kryos")
    at(state, "aldebar", 0)
    state.done = [1]
    dice(4)
    state, text = act(state, 0, kind="act", unit="agent-1", action="spy", target="governor-2")
    assert "further actions against it this turn succeed on one more" in text
    assert state.spied == ["governor-2"]
    return state


def test_kill_3_becomes_kill_4_against_a_spied_target(dice):
    """The rulebook's spy example: once an Agent has spied on a target, a Kill-3 against it
    this turn works on a 4 as well."""
    state = spied_governor(dice)
    dice(4, 1)
    state, text = act(state, 0, kind="act", unit="assassin-1", action="kill", target="governor-2")
    assert "rolls 4, needs 4 or less — success" in text and "governor-2" not in state.units
    assert "Governor #2 (spied on: +1): rolls 4" in text, "the roll says why it needs one more"


def test_kill_4_against_a_spied_target_fails_on_5(dice):
    state = spied_governor(dice)
    dice(5)
    _, text = act(state, 0, kind="act", unit="assassin-1", action="kill", target="governor-2")
    assert "rolls 5, needs 4 or less — fails" in text


def test_the_spy_bonus_holds_for_every_further_action_that_turn(dice):
    state = spied_governor(dice)
    dice(4, 5)
    state, _ = act(state, 0, kind="act", unit="assassin-1", action="kill", target="governor-2")
    dice(4, 1)
    state, text = act(state, 0, kind="act", unit="assassin-2", action="kill", target="governor-2")
    assert "needs 4 or less" in text and "governor-2" not in state.units


def test_a_second_agent_may_spy_on_a_target_already_spied_but_the_bonus_stays_one(dice):
    """The rulebook limits the bonus, not the spying: a second Agent may spy on the same
    target (its own action and roll, itself helped by the first spy), and a later Kill-3 is
    still a Kill-4, never a Kill-5."""
    state = spied_governor(dice)
    put(state, "agent-2", 0, "aldebar")
    spies = {a.target for a in GAME.legal_actions(state, 0) if getattr(a, "action", "") == "spy"}
    assert "governor-2" in spies
    dice(5)
    state, text = act(state, 0, kind="act", unit="agent-2", action="spy", target="governor-2")
    assert "rolls 5, needs 5 or less — success" in text
    assert "already spied on: the bonus stays one" in text
    assert state.spied == ["governor-2"]
    dice(5)
    _, text = act(state, 0, kind="act", unit="assassin-1", action="kill", target="governor-2")
    assert "rolls 5, needs 4 or less — fails" in text


def test_the_spy_bonus_ends_with_the_turn(dice):
    state = spied_governor(dice)
    state.busy = True
    flow.end_turn(state)
    assert state.spied == []


def test_the_spy_bonus_is_only_against_the_target(dice):
    state = spied_governor(dice)
    put(state, "security-2", 1, "aldebar")
    dice(4, 6)
    _, text = act(state, 0, kind="act", unit="assassin-1", action="kill", target="governor-2")
    assert "needs 4" in text
    state2 = spied_governor(dice)
    put(state2, "diplomat-2", 1, "aldebar")
    dice(4)
    _, text = act(state2, 0, kind="act", unit="assassin-1", action="kill", target="diplomat-2")
    assert "rolls 4, needs 3 or less — fails" in text
