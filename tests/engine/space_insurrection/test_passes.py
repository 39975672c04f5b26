"""Automatic passes in the action phase: a seat that could only pass at a world is passed for
it in one line instead of being asked, but only where the table can see that it has nothing to
do; a seat whose reserve might hold something to deploy or play is asked all the same."""

from __future__ import annotations

import random
from functools import cache

from engine.games.space_insurrection import GAME
from engine.games.space_insurrection.fight import might_act
from engine.games.space_insurrection.state import SpaceState
from engine.games.space_insurrection.turns import active_here
from tests.engine.space_insurrection.playout import random_move, waiting
from tests.engine.space_insurrection.support import (
    act,
    begin,
    blank,
    give,
    holding,
    loyal,
    public,
    put,
    where,
)
from tests.engine.space_insurrection.test_hidden import public_prompts, reshuffled


def test_a_seat_whose_units_have_nothing_to_do_is_passed_in_one_line():
    """Red's Ion Gun has no cruiser to shoot and cannot deploy, so Red is not asked at Borealis
    even with chits in reserve; Blue, whose Agent there might deploy, is."""
    state = blank()
    put(state, "ion_gun-1", 0, "borealis")
    put(state, "agent-1", 1, "borealis")
    holding(state, 0, 1)
    told = begin(state)
    assert "Actions at Borealis: Blue goes first; Red has nothing to do there" in told
    assert where(state) == "borealis" and state.acting == 1 and state.done == [0]


def test_a_world_where_nobody_has_anything_to_do_is_told_in_one_line():
    """An Assassin with no public personality to kill and an Ion Gun with no cruiser: neither
    seat is asked, and play moves on to the next world."""
    state = blank()
    put(state, "assassin-1", 0, "aldebar")
    put(state, "ion_gun-2", 1, "aldebar")
    put(state, "agent-3", 1, "cassiopia")
    holding(state, 0, 1)
    told = begin(state)
    assert "Red and Blue have nothing to do at Aldebar" in told
    assert "Actions at Cassiopia: Blue goes first" in told
    assert where(state) == "cassiopia" and state.acting == 1


def test_a_seat_left_with_nothing_to_do_is_passed_after_the_others_act(dice):
    """Red's Troops try to take the world; when Red's turn comes back only its Ion Gun is
    left, which has nothing to shoot: Red is passed and Blue acts on."""
    state = blank()
    put(state, "troops-1", 0, "aldebar")
    put(state, "ion_gun-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    put(state, "agent-3", 1, "aldebar")
    holding(state, 0, 1)
    begin(state)
    assert state.acting == 0
    dice(6)
    state, _ = act(state, 0, kind="act", unit="troops-1", action="control", target="aldebar")
    dice(6)
    state, text = act(state, 1, kind="act", unit="agent-2", action="spy", target="troops-1")
    assert text.endswith("Red has nothing to do at Aldebar.")
    assert state.acting == 1 and state.done == [0] and where(state) == "aldebar"


def test_a_seat_that_might_deploy_from_its_reserve_is_asked_even_with_nothing_to_deploy():
    """Red's Agent could deploy a personality or Rebels; Red holds only Troops, so Pass is all
    it can do, but the table cannot know that: Red is asked. With an empty reserve (its size
    is public) it is passed."""
    state = blank()
    put(state, "agent-1", 0, "aldebar")
    put(state, "rebels-10", 1, "kryos")
    give(state, 0, "troops-4")
    begin(state)
    assert where(state) == "aldebar" and state.acting == 0
    assert [a.kind for a in GAME.legal_actions(state, 0)] == ["pass"]
    state.reserves[0] = []
    state.pile.append("troops-4")
    assert "Red has nothing to do at Aldebar" in begin(state) and where(state) == "kryos"


def test_a_seat_that_might_hold_a_special_chit_is_asked():
    """With special chits in the game, any chit in a reserve might be one, playable from any
    world where the seat takes part."""
    state = blank(specials=1)
    put(state, "ion_gun-1", 0, "aldebar")
    put(state, "rebels-10", 1, "kryos")
    give(state, 0, "troops-4")
    begin(state)
    assert where(state) == "aldebar" and state.acting == 0


def test_the_owner_of_a_loyal_world_is_asked_there_only_if_the_world_might_act():
    """With no unit at its loyal world, Red is asked there while the world has its repair to
    make, even with an empty reserve; undisrupted, the world could only deploy, and an empty
    reserve has nothing to deploy."""
    state = blank()
    loyal(state, "aldebar", 0, disrupted=True)
    put(state, "rebels-10", 1, "kryos")
    begin(state)
    assert where(state) == "aldebar" and state.acting == 0, "the repair is its own action"
    state.world("aldebar").disrupted = False
    assert "Red has nothing to do at Aldebar" in begin(state) and where(state) == "kryos"


# ----- never from hidden information ----------------------------------------------------------


@cache
def action_phase_positions() -> list[SpaceState]:
    """Every third position of a few seeded random games (2 to 5 players, 0 to 2 special
    chits of each kind) in which a seat is asked in the action phase."""
    rnd = random.Random(7)
    found = []
    for seed in range(4):
        options = GAME.make_options(2 + seed, specials=seed % 3, last_turn=10)
        state = GAME.setup(options, seed)
        while GAME.outcome(state) is None:
            asked = waiting(state)
            if state.phase == "action" and rnd.random() < 1 / 3:
                found.append(state)
            seat, action = random_move(state, asked, rnd)
            state = GAME.apply(state, seat, action).state
    return found


def told_and_asked(state: SpaceState, seat: int, action) -> tuple[str, object, tuple]:
    result = GAME.apply(state, seat, action)
    after = result.state
    return public(result.events), public_prompts(after), (after.at, after.acting, after.done)


def test_passing_a_seat_never_depends_on_what_the_reserves_hold():
    """The same public move in two positions that differ only in the reserves' faces passes
    the same seats, tells the same lines and asks the same seat next."""
    rnd = random.Random(11)
    for state in action_phase_positions():
        seat = state.acting
        moves = [a for a in GAME.legal_actions(state, seat) if a.kind in ("pass", "act")]
        action = rnd.choice(moves)
        other = reshuffled(state, rnd)
        assert told_and_asked(state, seat, action) == told_and_asked(other, seat, action)


def test_a_seat_passed_for_could_only_have_passed():
    """At any world of a position, a seat taking part there that would be passed for has, had
    it been asked, Pass alone among its legal actions."""
    checked = 0
    for state in action_phase_positions():
        for at in range(len(state.worlds)):
            for seat in range(len(state.seat_names)):
                there = state.model_copy(update={"at": at, "done": [], "acting": seat})
                if active_here(there, seat) and not might_act(there, seat):
                    assert [a.kind for a in GAME.legal_actions(there, seat)] == ["pass"]
                    checked += 1
    assert checked > 100
