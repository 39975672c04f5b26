"""Interposition: a third faction standing in the street where an attack is declared may step
in between with all its units there (the publisher's glossary and FAQ; the English rulebook
names only the obstruction of a way into a building). The attack is then off; its attacker
may attack the units in between, and afterwards go on with the units it has not used."""

from __future__ import annotations

from engine.games.riot import GAME
from engine.games.riot.board import unit
from engine.games.riot.state import Clash, RiotState
from engine.messages import say
from tests.engine.riot.support import act, act_events, acting, at, pass_all, position

POLICE, AUTONOMEN, ANARCHISTS = 0, 1, 2


def street_with_three_factions() -> RiotState:
    """The Police's turn; two riot squads, one activist and one anarchist share street 1."""
    return position(units={"pol13": "s1", "pol14": "s1", "aut1": "s1", "ana1": "s1"})


def test_a_third_faction_in_the_street_is_asked_before_a_street_attack_starts() -> None:
    state = street_with_three_factions()
    state, events = act_events(
        state, POLICE, kind="attack", target="s1", defender="autonomen", units="pol13"
    )
    assert acting(state) == ANARCHISTS and not any(isinstance(p, Clash) for p in state.pending)
    assert "may step in between" in events[-1].text
    prompt = GAME.prompts(state)[ANARCHISTS]
    assert prompt.out_of_turn and prompt.default == {"kind": "obstruct", "answer": "allow"}
    assert "step in between with all your units there" in say(prompt.msg)
    assert sorted(say(c.msg) for c in prompt.choices) == ["Stay out", "Step in between"]


def test_staying_out_lets_the_declared_clash_begin() -> None:
    state = street_with_three_factions()
    state = act(state, POLICE, kind="attack", target="s1", defender="autonomen", units="pol13")
    state, events = act_events(state, ANARCHISTS, kind="obstruct", answer="allow")
    clash = state.pending[0]
    assert isinstance(clash, Clash) and clash.defenders == ["aut1"] and clash.attackers == ["pol13"]
    assert "The Anarchists stay out of it." in [e.text for e in events]


def test_stepping_in_calls_the_attack_off_and_spends_nothing() -> None:
    state = street_with_three_factions()
    state = act(state, POLICE, kind="attack", target="s1", defender="autonomen", units="pol13")
    state, events = act_events(state, ANARCHISTS, kind="obstruct", answer="block")
    assert state.pending == [] and acting(state) == POLICE and state.attacks == {}
    pol13 = unit(state, "pol13")
    assert pol13 is not None and not pol13.attacked and pol13.steps == 1
    assert "the attack is off, the Police may attack them instead" in events[-1].text


def test_after_clearing_the_units_in_between_the_attacker_goes_on_with_units_not_yet_used() -> None:
    """The publisher's FAQ: the attacker picks the units that fight those who stepped in, then
    continues the attack with units it has not used yet."""
    state = street_with_three_factions()
    state = act(state, POLICE, kind="attack", target="s1", defender="autonomen", units="pol13")
    state = act(state, ANARCHISTS, kind="obstruct", answer="block")
    state = act(state, POLICE, kind="attack", target="s1", defender="anarchists", units="pol13")
    assert acting(state) == AUTONOMEN  # the first target is now the third faction in the street
    state = act(state, AUTONOMEN, kind="obstruct", answer="allow")
    state = act(pass_all(state), POLICE, kind="press", answer="continue")
    state = pass_all(state)
    assert at(state, "ana1") == "supply" and at(state, "pol13") == "hospital"
    state = act(state, POLICE, kind="attack", target="s1", defender="autonomen", units="pol14")
    clash = state.pending[0]
    assert isinstance(clash, Clash) and clash.attackers == ["pol14"]


def test_a_mediactivist_eliminated_after_stepping_in_draws_its_owner_a_card() -> None:
    """The publisher's FAQ: a Mediactivist that steps in and falls counts as defending."""
    state = position(units={"pol13": "s1", "pol14": "s1", "ana1": "s1", "aut19": "s1"})
    before = len(state.hands[AUTONOMEN])
    state = act(state, POLICE, kind="attack", target="s1", defender="anarchists", units="pol13")
    state = act(state, AUTONOMEN, kind="obstruct", answer="block")
    state = act(state, POLICE, kind="attack", target="s1", defender="autonomen", units="pol13")
    state = act(state, ANARCHISTS, kind="obstruct", answer="allow")
    state = act(pass_all(state), POLICE, kind="press", answer="continue")
    state = pass_all(state)
    assert at(state, "aut19") == "supply" and len(state.hands[AUTONOMEN]) == before + 1


def test_only_a_third_faction_standing_in_that_street_is_asked() -> None:
    state = position(units={"pol13": "s1", "aut1": "s1", "ana1": "s2", "ana2": "b1a"})
    state = act(state, POLICE, kind="attack", target="s1", defender="autonomen", units="pol13")
    assert isinstance(state.pending[0], Clash)
