"""Hidden information: reserves and submitted orders leave the engine only to their seat; what
the channel sees (views, public events, prompts and their buttons) never depends on them."""

from __future__ import annotations

import json
import random
import re

from pydantic import BaseModel

from engine.games.space_insurrection import GAME
from engine.games.space_insurrection.state import SpaceState, chit_name
from engine.messages import Msg
from tests.engine.space_insurrection.support import (
    blank,
    give,
    order,
    private,
    public,
    put,
    sheets,
    submit,
)


def secrets_of(state: SpaceState, seat: int, viewer: int | None = None) -> list[re.Pattern[str]]:
    """Patterns that would give away a seat's reserve or its submitted orders to `viewer`, in a
    JSON dump or a sentence (`Agent #1` but not `Agent #10`; a special chit's name only when
    the viewer holds none of that name itself)."""
    own = set() if viewer is None else {str(chit_name(c)) for c in state.reserves[viewer]}
    found = []
    for chit in state.reserves[seat]:
        found.append(re.compile(rf'"{re.escape(chit)}"'))
        if str(chit_name(chit)) not in own:
            found.append(re.compile(rf"{re.escape(str(chit_name(chit)))}(?!\d)"))
    if seat in state.sheets:
        found += [re.compile(re.escape(p)) for p in state.sheets[seat].split(";") if p]
    return found


def english(value: object) -> str:
    """A view as JSON with every message said in English, as a reader would see it."""

    def said(item: object) -> object:
        if isinstance(item, Msg):
            return str(item)
        if isinstance(item, BaseModel):
            return {name: said(getattr(item, name)) for name in type(item).model_fields}
        if isinstance(item, list | tuple):
            return [said(x) for x in item]
        if isinstance(item, dict):
            return {k: said(v) for k, v in item.items()}
        return item

    return json.dumps(said(value))


def leaks(secrets: list[re.Pattern[str]], text: str) -> list[str]:
    return [p.pattern for p in secrets if p.search(text)]


def assert_hidden(state: SpaceState) -> None:
    """No view but a seat's own, no hand but its own and no status line shows its reserve or
    its orders."""
    seats = range(len(state.seat_names))
    for seat in seats:
        for viewer in [None, *(s for s in seats if s != seat)]:
            secrets = secrets_of(state, seat, viewer)
            assert not leaks(secrets, english(GAME.view(state, viewer))), (seat, viewer)
            if viewer is not None:
                assert not leaks(secrets, str(GAME.hand_text(state, viewer) or "")), (seat, viewer)
        assert not leaks(secrets_of(state, seat), str(GAME.status_text(state, None)))


def ordered() -> SpaceState:
    state = blank()
    put(state, "agent-3", 0, "aldebar")
    put(state, "diplomat-1", 1, "kryos")
    give(state, 0, "governor-4", "troops-7")
    give(state, 1, "assassin-2")
    sheets(state, "movement")
    return state


def test_the_channel_and_other_seats_never_see_a_reserve():
    state = ordered()
    assert_hidden(state)
    assert GAME.view(state, None).reserve is None
    assert [s.reserve for s in GAME.view(state, None).seats] == [2, 1], "only how many"
    assert [str(n) for n in GAME.view(state, 0).reserve or []] == ["Governor #4", "Troops #7"]
    assert [str(n) for n in GAME.view(state, 1).reserve or []] == ["Assassin #2"]


def test_the_hand_shows_a_seat_its_own_reserve_and_orders():
    state, _ = order(ordered(), 0, "agent-3=cassiopia")
    hand = str(GAME.hand_text(state, 0))
    assert "Governor #4 and Troops #7" in hand
    assert "Your submitted orders: Agent #3 → Cassiopia" in hand
    assert "Cassiopia" not in str(GAME.hand_text(state, 1))


def test_submitted_orders_stay_secret_until_the_last_seat_submits():
    state, events = order(ordered(), 0, "agent-3=cassiopia")
    assert public(events) == "Red has submitted movement orders."
    assert all(e.seat is None for e in events), "no DM: the submitter's answer shows them"
    assert GAME.view(state, 0).orders == "agent-3=cassiopia"
    assert GAME.view(state, None).orders is None and GAME.view(state, 1).orders is None
    assert [s.submitted for s in GAME.view(state, None).seats] == [True, False]
    assert_hidden(state)
    assert GAME.prompts(state)[1].sheet == GAME.prompts(ordered())[1].sheet


def test_the_reveal_tells_every_order_at_once():
    state, _ = order(ordered(), 0, "agent-3=cassiopia")
    state, events = order(state, 1, "diplomat-1=gemma")
    told = public(events)
    assert "Agent #3 Aldebar to Cassiopia" in told and "Diplomat #1 Kryos to Gemma" in told
    assert GAME.view(state, None).orders is None


def test_blockade_and_surveillance_orders_are_secret_too(dice):
    state = blank()
    put(state, "star_cruiser-1", 0, "aldebar")
    put(state, "agent-1", 1, "aldebar")
    put(state, "star_cruiser-2", 1, "aldebar")
    sheets(state, "blockade")
    state, events = submit(state, 0, **{"star_cruiser-1": "blockade"})
    assert "blockade" not in public(events).replace("blockade declarations", "")
    assert_hidden(state)
    state, _ = submit(state, 1)
    assert state.phase == "surveillance"
    dice(6)
    state, events = submit(state, 1, **{"agent-1": "reserve-0"})
    assert public(events).startswith("Blue has submitted surveillance orders.\n")
    assert "Red's reserve: rolls 6" in public(events), "told at the reveal, not before"


def test_the_owner_of_a_reserve_observed_learns_only_that_it_was_observed(dice):
    state = blank()
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "kryos")
    give(state, 1, "troops-7")
    sheets(state, "surveillance")
    state, _ = submit(state, 0, **{"agent-1": "reserve-1"})
    dice(1)
    state, events = submit(state, 1)
    assert "Troops #7" in private(events, 0)
    assert "Troops" not in public(events) and "Troops" not in private(events, 1)


def test_a_reveal_of_orders_cannot_be_taken_back(dice):
    state = ordered()
    action = GAME.parse_action({"kind": "moves", "orders": "agent-3=cassiopia"})
    result = GAME.apply(state, 0, action)
    assert not GAME.reversible(state, result.state, 0, action, result.events)


def test_a_declared_order_cannot_be_taken_back(dice):
    state = blank()
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    sheets(state, "surveillance")
    state, _ = submit(state, 0, **{"agent-1": "agent-2"})
    dice(1, 6)
    state, _ = submit(state, 1, **{"agent-2": "agent-1"})
    assert state.phase == "declare"
    action = GAME.parse_action({"kind": "declare", "unit": "agent-2", "to": "stay"})
    result = GAME.apply(state, 1, action)
    assert not GAME.reversible(state, result.state, 1, action, result.events)


def test_a_pass_may_be_taken_back():
    state = blank()
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    from engine.games.space_insurrection import flow

    flow.to_action(state)
    action = GAME.parse_action({"kind": "pass"})
    result = GAME.apply(state, state.acting, action)
    assert GAME.reversible(state, result.state, state.acting, action, result.events)


def test_a_deployment_is_labelled_in_public_without_its_chit():
    state = blank()
    put(state, "base-1", 0, "aldebar")
    give(state, 0, "troops-4")
    put(state, "agent-1", 1, "aldebar")
    state.acting, state.phase = 0, "action"
    action = GAME.parse_action({"kind": "deploy", "unit": "base-1", "chit": "troops-4"})
    assert "Troops" not in str(GAME.choice_label(state, action))
    assert "Troops #4" in str(GAME.describe(state, action))
    play = GAME.parse_action({"kind": "play", "chit": "special-diplomacy-1", "target": "kryos"})
    assert str(GAME.choice_label(state, play)) == "play a special chit"
    discard = GAME.parse_action({"kind": "discard", "chit": "troops-4"})
    assert "Troops" not in str(GAME.choice_label(state, discard))


# ----- prompts never depend on a reserve ---------------------------------------------------------


def public_prompts(state: SpaceState) -> dict[int, object]:
    """What the table sees of each prompt: everything but the default (which is the seat's)."""
    return {
        seat: prompt.model_dump(exclude={"default"}) for seat, prompt in GAME.prompts(state).items()
    }


def reshuffled(state: SpaceState, rnd: random.Random) -> SpaceState:
    """The same position with every reserve refilled from the pile with other chits (as many)."""
    other = state.model_copy(deep=True)
    pool = [*other.pile, *(c for r in other.reserves for c in r)]
    rnd.shuffle(pool)
    for seat, reserve in enumerate(other.reserves):
        other.reserves[seat] = [pool.pop() for _ in reserve]
    other.pile = pool
    return other


def test_two_states_differing_only_in_a_reserve_give_identical_prompts():
    state = blank(specials=1)
    put(state, "base-1", 0, "aldebar")
    put(state, "security-1", 0, "aldebar")
    put(state, "agent-1", 1, "aldebar")
    state.acting, state.phase = 0, "action"
    empty = public_prompts(state)
    give(state, 0, "troops-4", "agent-4", "special-diplomacy-1", "special-betrayal-1")
    assert public_prompts(state) == empty
    other = reshuffled(state, random.Random(1))
    assert other.reserves != state.reserves
    assert public_prompts(other) == empty
    assert GAME.view(other, None) == GAME.view(state, None)


def test_prompts_in_random_games_never_depend_on_the_reserves():
    rnd = random.Random(3)
    for seed in range(4):
        state = GAME.setup(GAME.make_options(2 + seed % 4, specials=seed % 3), seed)
        for _ in range(200):
            if GAME.outcome(state) is not None:
                break
            other = reshuffled(state, rnd)
            assert public_prompts(other) == public_prompts(state)
            assert GAME.view(other, None) == GAME.view(state, None)
            assert GAME.status_text(other, None) == GAME.status_text(state, None)
            assert_hidden(state)
            seat = rnd.choice(sorted(GAME.prompts(state)))
            prompt = GAME.prompts(state)[seat]
            if prompt.sheet is not None:
                draft = {
                    line.key: rnd.choice(line.options).value
                    for line in prompt.sheet.lines
                    if not line.locked and rnd.random() < 0.3
                }
                try:
                    action = GAME.parse_action(prompt.sheet.submission(draft))
                    state = GAME.apply(state, seat, action).state
                except ValueError:
                    state = GAME.apply(state, seat, GAME.parse_action(prompt.default)).state
            else:
                actions = GAME.legal_actions(state, seat)
                state = GAME.apply(state, seat, rnd.choice(actions)).state
