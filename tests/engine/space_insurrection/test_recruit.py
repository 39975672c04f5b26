"""The recruit phase: loyal worlds and one Governor on each roll to draw chits; blockades,
disruption, wounds, uprisings and neutral worlds; the reserve limit of seven and its discard."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.space_insurrection import GAME, flow
from tests.engine.space_insurrection.support import (
    act,
    blank,
    give,
    loyal,
    private,
    public,
    put,
)


def recruiting(players: int = 2):
    """Red loyal on Aldebar, with units on the board for both seats so the game goes on."""
    state = blank(players)
    loyal(state, "aldebar", 0)
    put(state, "base-1", 0, "aldebar")
    put(state, "base-2", 1, "kryos")
    return state


def recruit(state):
    """Run the recruit phase (it opens the turn); the events it tells."""
    return flow.begin_turn(state)


def test_a_loyal_world_recruits_on_1_to_5(dice):
    state = recruiting()
    dice(5)
    events = recruit(state)
    assert len(state.reserves[0]) == 1 and state.reserves[0][0] not in state.pile
    assert "Red recruits 1 chit, a roll of 5 or less drawing one: Aldebar 5." in public(events)


def test_a_loyal_world_recruits_nothing_on_a_6(dice):
    state = recruiting()
    dice(6)
    events = recruit(state)
    assert state.reserves[0] == []
    assert "Red recruits 0 chits, a roll of 5 or less drawing one: Aldebar 6 (missed)." in public(
        events
    )


@pytest.mark.parametrize(("roll", "drawn"), [(3, 1), (4, 0)])
def test_an_enemy_blockade_makes_it_recruit_3(dice, roll, drawn):
    state = recruiting()
    put(state, "star_cruiser-1", 1, "aldebar", blockading=True)
    dice(roll)
    assert "(blockaded: 3 or less" in public(recruit(state))
    assert len(state.reserves[0]) == drawn


def test_a_seats_own_blockade_does_not_slow_its_recruiting(dice):
    state = recruiting()
    put(state, "star_cruiser-1", 0, "aldebar", blockading=True)
    dice(4)
    recruit(state)
    assert len(state.reserves[0]) == 1


def test_an_enemy_cruiser_that_does_not_blockade_does_not_slow_it(dice):
    state = recruiting()
    put(state, "star_cruiser-1", 1, "aldebar")
    dice(5)
    recruit(state)
    assert len(state.reserves[0]) == 1


def test_a_world_disrupted_by_bombardment_does_not_recruit(dice):
    state = recruiting()
    state.world("aldebar").disrupted = True
    put(state, "governor-1", 0, "aldebar")
    events = recruit(state)  # no die is rolled at all
    assert state.reserves[0] == []
    assert "Nobody recruits this turn." in public(events)


def test_a_governor_on_its_loyal_world_recruits_once_more(dice):
    state = recruiting()
    put(state, "governor-1", 0, "aldebar")
    dice(5, 5)
    events = recruit(state)
    assert len(state.reserves[0]) == 2
    assert "Aldebar 5; the Governor on Aldebar 5." in public(events)


def test_only_one_governor_per_world_recruits(dice):
    state = recruiting()
    put(state, "governor-1", 0, "aldebar")
    put(state, "governor-2", 0, "aldebar")
    dice(1, 1)
    recruit(state)
    assert len(state.reserves[0]) == 2


def test_governors_on_two_loyal_worlds_each_recruit(dice):
    state = recruiting()
    loyal(state, "borealis", 0)
    put(state, "governor-1", 0, "aldebar")
    put(state, "governor-2", 0, "borealis")
    dice(1, 1, 1, 1)
    recruit(state)
    assert len(state.reserves[0]) == 4


def test_a_governor_under_an_enemy_blockade_recruits_on_3(dice):
    state = recruiting()
    put(state, "governor-1", 0, "aldebar")
    put(state, "star_cruiser-1", 1, "aldebar", blockading=True)
    dice(3, 4)
    recruit(state)
    assert len(state.reserves[0]) == 1


def test_a_wounded_governor_does_not_recruit(dice):
    state = recruiting()
    put(state, "governor-1", 0, "aldebar", wounded=True)
    dice(1)
    recruit(state)
    assert len(state.reserves[0]) == 1, "the world alone"


def test_a_governor_on_a_world_not_loyal_to_its_seat_does_not_recruit(dice):
    state = recruiting()
    put(state, "governor-1", 0, "borealis")
    loyal(state, "cassiopia", 1)
    put(state, "governor-2", 0, "cassiopia")
    dice(1, 1)  # Aldebar for Red, Cassiopia for Blue
    recruit(state)
    assert len(state.reserves[0]) == 1 and len(state.reserves[1]) == 1


def test_a_governor_on_a_disrupted_world_does_not_recruit(dice):
    state = recruiting()
    loyal(state, "borealis", 0, disrupted=True)
    put(state, "governor-1", 0, "borealis")
    dice(1)
    recruit(state)
    assert len(state.reserves[0]) == 1, "Aldebar alone"


def test_neutral_worlds_and_uprisings_do_not_recruit(dice):
    state = recruiting()
    loyal(state, "borealis", None, uprising=True)
    put(state, "governor-1", 0, "borealis")
    put(state, "governor-2", 0, "cassiopia")
    dice(1)
    recruit(state)
    assert len(state.reserves[0]) == 1


def test_every_seat_recruits_in_seat_order(dice):
    state = recruiting(3)
    loyal(state, "kryos", 1)
    loyal(state, "gemma", 2)
    put(state, "base-3", 2, "gemma")
    dice(6, 1, 1)
    events = recruit(state)
    assert [len(r) for r in state.reserves] == [0, 1, 1]
    lines = public(events)
    assert lines.index("Red recruits") < lines.index("Blue recruits") < lines.index("Yellow")


def test_the_chits_drawn_are_told_to_their_owner_alone(dice):
    state = recruiting()
    put(state, "governor-1", 0, "aldebar")
    dice(1, 1)
    events = recruit(state)
    names = [[str(n) for n in GAME.view(state, 0).reserve or []]]
    assert names[0] and all(n in private(events, 0) for n in names[0])
    assert all(n not in public(events) for n in names[0])
    assert private(events, 1) == ""


def test_an_empty_pile_recruits_nothing(dice):
    state = recruiting()
    state.reserves[1] = list(state.pile)
    state.pile = []
    dice(1)
    recruit(state)
    assert state.reserves[0] == []


# ----- the reserve limit ----------------------------------------------------------------------


def over_the_limit(dice, held: int = 6, drawn: int = 2):
    state = recruiting()
    give(state, 0, *[f"agent-{n}" for n in range(1, held + 1)])
    put(state, "governor-1", 0, "aldebar")
    dice(*[1] * drawn, *[6] * (2 - drawn))
    events = recruit(state)
    return state, events


def test_a_reserve_of_seven_after_recruiting_keeps_every_chit(dice):
    state, _ = over_the_limit(dice, held=5)
    assert len(state.reserves[0]) == 7 and state.phase != "discard"


def test_a_reserve_over_seven_after_recruiting_is_discarded_down(dice):
    state, _ = over_the_limit(dice)
    assert len(state.reserves[0]) == 8 and state.phase == "discard"
    prompts = GAME.prompts(state)
    assert list(prompts) == [0] and prompts[0].out_of_turn
    assert "discard 1 chit" in prompts[0].text
    chit = state.reserves[0][0]
    state, text = act(state, 0, kind="discard", chit=chit)
    assert chit in state.pile and chit not in state.reserves[0]
    assert len(state.reserves[0]) == 7 and state.phase != "discard"
    assert "Red discards a chit (7 chits left)" in text


def test_the_default_discard_is_the_chit_drawn_last(dice):
    state, _ = over_the_limit(dice, held=7)
    assert len(state.reserves[0]) == 9
    last = state.drawn[0][-1]
    assert GAME.prompts(state)[0].default == {"kind": "discard", "chit": last}
    state, _ = act(state, 0, kind="discard", chit=last)
    first = state.drawn[0][0]
    assert GAME.prompts(state)[0].default == {"kind": "discard", "chit": first}
    state, _ = act(state, 0, kind="discard", chit=first)
    assert state.phase != "discard"


def test_every_seat_over_the_limit_discards_at_once(dice):
    state = recruiting()
    loyal(state, "kryos", 1)
    give(state, 0, *[f"agent-{n}" for n in range(1, 8)])
    give(state, 1, *[f"security-{n}" for n in range(1, 8)])
    dice(1, 1)
    recruit(state)
    assert sorted(GAME.prompts(state)) == [0, 1]
    state, _ = act(state, 1, kind="discard", chit="security-1")
    assert state.phase == "discard" and list(GAME.prompts(state)) == [0]


def test_a_chit_not_in_the_reserve_cannot_be_discarded(dice):
    state, _ = over_the_limit(dice)
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match="Troops #1 is not in your reserve"):
        act(state, 0, kind="discard", chit="troops-1")
    assert state.model_dump_json() == before


def test_discards_are_offered_for_every_chit_held(dice):
    state, _ = over_the_limit(dice)
    offered = {a.chit for a in GAME.legal_actions(state, 0)}
    assert offered == set(state.reserves[0])
