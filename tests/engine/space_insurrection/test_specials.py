"""The optional special chits: each played from the reserve as the seat's action in its turn at
a world, with automatic success, then back to the pile."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.space_insurrection import GAME
from engine.games.space_insurrection.state import SpaceState
from tests.engine.space_insurrection.support import act, at, blank, give, loyal, put


def table(chit: str) -> SpaceState:
    """Red's turn at Aldebar with one special chit in reserve; Red's Agent and Troops there
    face Blue's Governor and Troops; Blue's Rebels hold Kryos."""
    state = blank(specials=1)
    put(state, "agent-1", 0, "aldebar")
    put(state, "troops-1", 0, "aldebar")
    put(state, "governor-2", 1, "aldebar")
    put(state, "troops-2", 1, "aldebar")
    put(state, "rebels-10", 1, "kryos")
    give(state, 0, f"special-{chit}-1")
    at(state, "aldebar", 0)
    return state


def play(state: SpaceState, chit: str, target: str = "", unit: str = "") -> tuple[SpaceState, str]:
    state, text = act(state, 0, kind="play", chit=f"special-{chit}-1", target=target, unit=unit)
    assert f"special-{chit}-1" in state.pile and not any(
        c.startswith("special-") for c in state.reserves[0]
    ), "a played chit goes back to the pile"
    return state, text


def targets(state: SpaceState, chit: str) -> set[tuple[str, str]]:
    return {
        (a.target, a.unit)
        for a in GAME.legal_actions(state, 0)
        if a.kind == "play" and a.chit == f"special-{chit}-1"
    }


def test_betrayal_gains_control_of_a_target_personality():
    """Betrayal names no "any": like a unit's action, it reaches only the world being
    resolved."""
    state = table("betrayal")
    put(state, "diplomat-3", 1, "gemma")
    assert targets(state, "betrayal") == {("governor-2", "")}, "personalities at this world only"
    state, text = play(state, "betrayal", "governor-2")
    assert state.units["governor-2"].owner == 0
    assert "Red plays Betrayal: Blue's Governor #2 changes sides" in text


def test_playing_a_special_chit_is_the_seats_action(dice):
    state = table("betrayal")
    state, _ = play(state, "betrayal", "governor-2")
    assert state.acting == 1, "play passes on"


def test_sabotage_succeeds_automatically_against_any_military_target(dice):
    """The chit reaches "any Military target": an enemy military unit or installation on any
    world."""
    state = table("sure_sabotage")
    put(state, "base-2", 1, "aldebar")
    put(state, "ion_gun-2", 1, "gemma")
    assert targets(state, "sure_sabotage") == {
        ("troops-2", ""),
        ("base-2", ""),
        ("ion_gun-2", ""),
        ("rebels-10", ""),
    }
    dice(5)
    after, text = play(state, "sure_sabotage", "ion_gun-2")
    assert after.units["ion_gun-2"].disrupted
    assert (
        "Red plays Sabotage: Blue's Ion Gun #2 at Gemma, sure to succeed; sabotage table rolls 5"
        in text
    )
    dice(2)  # the sabotage table only: no success roll
    state, text = play(state, "sure_sabotage", "troops-2")
    assert (
        "troops-2" not in state.units
        and "sabotage table rolls 2 (1-2 destroyed): Troops #2 is destroyed" in text
    )


def test_deploy_rebels_succeeds_automatically_on_any_planet_but_your_own():
    state = table("sure_rebels")
    give(state, 0, "rebels-1")
    loyal(state, "gemma", 0)
    found = targets(state, "sure_rebels")
    assert ("jungla", "rebels-1") in found and ("gemma", "rebels-1") not in found
    assert len(found) == 9
    state, text = play(state, "sure_rebels", "jungla", "rebels-1")
    assert state.units["rebels-1"].world == "jungla" and state.units["rebels-1"].owner == 0
    assert "Rebels #1 arrives on Jungla" in text


@pytest.mark.parametrize(
    ("special", "unit", "action"),
    [
        ("careful_planning", "agent-1", "spy"),  # a personality
        ("tactical_superiority", "troops-1", "attack"),  # a military unit
    ],
)
def test_an_extra_action_chit_lets_its_kind_of_unit_act_twice(dice, special, unit, action):
    state = table(special)
    assert targets(state, special) == {(unit, "")}
    state, _ = play(state, special, unit)
    dice(6, 6)
    for _ in range(2):
        state.acting = 0
        state, _ = act(state, 0, kind="act", unit=unit, action=action, target="troops-2")
    assert state.units[unit].actions == 2


def test_assassination_succeeds_automatically_against_any_target_personality(dice):
    """The chit reaches "any target Personality", worded as those that reach "any target
    planet": an enemy personality on any world, not only the one being resolved; never one's
    own."""
    state = table("assassination")
    put(state, "diplomat-3", 1, "gemma")
    put(state, "agent-4", 0, "gemma")
    assert targets(state, "assassination") == {("governor-2", ""), ("diplomat-3", "")}
    label = str(GAME.label_value(state, "play", "target", "diplomat-3"))
    assert label == "Blue's Diplomat #3 at Gemma", "autocomplete says where it is"
    dice(3)  # the kill table only
    after, text = play(state, "assassination", "diplomat-3")
    assert "diplomat-3" not in after.units
    assert (
        "Red plays Assassination: Blue's Diplomat #3 at Gemma, sure to succeed; kill table rolls 3"
        in text
    )
    dice(1)
    after, text = play(state, "assassination", "governor-2")
    assert "governor-2" not in after.units and "at Aldebar" not in text, "here needs no place"


def test_assassination_is_a_successful_kill_which_may_wound(dice):
    """Automatic success skips the success roll, not the kill table that a successful kill
    rolls on: 4-6 wounds, and a wounded target is killed (a second wound)."""
    state = table("assassination")
    dice(5)
    after, text = play(state, "assassination", "governor-2")
    assert after.units["governor-2"].wounded and "(4-6 wounded)" in text
    state.units["governor-2"].wounded = True
    dice(6)
    after, text = play(state, "assassination", "governor-2")
    assert "governor-2" not in after.units and "already wounded, is eliminated" in text


def test_quick_recovery_heals_or_repairs_a_target_unit():
    state = table("quick_recovery")
    assert targets(state, "quick_recovery") == set(), "nothing to heal or repair"
    state.units["agent-1"].wounded = True
    put(state, "star_cruiser-1", 0, "gemma", disrupted=True)
    assert targets(state, "quick_recovery") == {("agent-1", ""), ("star_cruiser-1", "")}
    after, text = play(state, "quick_recovery", "agent-1")
    assert not after.units["agent-1"].wounded and "Agent #1 healed" in text
    after, text = play(state, "quick_recovery", "star_cruiser-1")
    assert not after.units["star_cruiser-1"].disrupted and "repaired" in text


def test_deploy_personality_succeeds_automatically_on_any_planet():
    state = table("sure_personality")
    give(state, 0, "governor-1", "troops-3")
    found = targets(state, "sure_personality")
    assert {u for _, u in found} == {"governor-1"} and len(found) == 10
    state, _ = play(state, "sure_personality", "kryos", "governor-1")
    assert state.units["governor-1"].world == "kryos"


def test_incite_uprising_succeeds_automatically_on_any_planet():
    state = table("sure_incite")
    loyal(state, "kryos", 1)
    loyal(state, "gemma", 0)
    found = {t for t, _ in targets(state, "sure_incite")}
    assert "kryos" in found and "gemma" not in found and len(found) == 9
    state, _ = play(state, "sure_incite", "kryos")
    assert state.world("kryos").uprising and state.world("kryos").loyal is None


def test_subdue_uprising_succeeds_automatically_on_any_planet():
    state = table("sure_subdue")
    assert targets(state, "sure_subdue") == set()
    loyal(state, "kryos", None, uprising=True)
    state, _ = play(state, "sure_subdue", "kryos")
    assert not state.world("kryos").uprising and state.world("kryos").loyal == 0


def test_diplomacy_brings_any_neutral_planet_under_your_control():
    state = table("diplomacy")
    loyal(state, "kryos", 1)
    loyal(state, "gemma", None, uprising=True)
    found = {t for t, _ in targets(state, "diplomacy")}
    assert found == {"aldebar", "borealis", "cassiopia", "draconis", "eridani", "fomalhaut"} | {
        "helion",
        "jungla",
    }
    state, text = play(state, "diplomacy", "jungla")
    assert state.world("jungla").loyal == 0 and "Jungla is loyal to Red" in text


def test_a_special_chit_not_held_cannot_be_played():
    state = table("betrayal")
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match="Diplomacy \\(special\\) is not a special chit in"):
        act(state, 0, kind="play", chit="special-diplomacy-1", target="jungla")
    with pytest.raises(IllegalAction, match="Betrayal cannot be played on Blue's Troops #2 now"):
        act(state, 0, kind="play", chit="special-betrayal-1", target="troops-2")
    assert state.model_dump_json() == before


def test_a_unit_chit_is_not_played_and_a_special_chit_is_not_deployed():
    state = table("sure_personality")
    give(state, 0, "agent-5")
    with pytest.raises(IllegalAction, match="is not a special chit in your reserve"):
        act(state, 0, kind="play", chit="agent-5", target="jungla")
    with pytest.raises(IllegalAction, match="is not a unit in your reserve"):
        act(state, 0, kind="deploy", unit="agent-1", chit="special-sure_personality-1")


def test_no_special_chit_is_played_out_of_the_seats_turn():
    state = table("betrayal")
    state.acting = 1
    with pytest.raises(IllegalAction, match="It is not Red's turn"):
        act(state, 0, kind="play", chit="special-betrayal-1", target="governor-2")
