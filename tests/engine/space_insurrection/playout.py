"""A seeded random player for Space Insurrection, and the checks the playouts run after every
step: chits conserved, units where they may be, orders and reserves hidden, someone to act,
every default legal."""

from __future__ import annotations

import random
from collections import Counter

from engine.core import ActionBase, Prompt
from engine.games.space_insurrection import GAME
from engine.games.space_insurrection.content.models import content
from engine.games.space_insurrection.orders import STAY
from engine.games.space_insurrection.state import SHEET_PHASES, SpaceState, all_chits, type_of
from tests.engine.space_insurrection.support import WORLDS


def random_sheet(state: SpaceState, prompt: Prompt, rnd: random.Random) -> dict[str, str]:
    """A random draft of a seat's sheet that the game must accept: each line written now and
    then, and Troops sent only where enough of their cruisers go."""
    assert prompt.sheet is not None
    eager = {"blockades": 0.3, "surveillance": 0.6, "moves": 0.35}[prompt.sheet.kind]
    draft = {
        line.key: rnd.choice(line.options).value
        for line in prompt.sheet.lines
        if not line.locked and rnd.random() < eager
    }
    if prompt.sheet.kind == "moves":
        chosen = {line.key: line.options[0].value for line in prompt.sheet.lines if line.locked}
        chosen |= draft
        capacity = content().numbers.cruiser_capacity
        room: Counter[tuple[str, str]] = Counter()
        for unit_id, where in chosen.items():
            if where != STAY and type_of(unit_id).id == "star_cruiser":
                room[(state.units[unit_id].world, where)] += capacity
        for unit_id, where in chosen.items():
            if where == STAY or type_of(unit_id).id != "troops":
                continue
            leg = (state.units[unit_id].world, where)
            if room[leg] > 0:
                room[leg] -= 1
            else:
                assert unit_id in draft, "a declared order always has its carrier"
                draft[unit_id] = STAY
    return draft


Waiting = dict[int, tuple[Prompt, list[ActionBase]]]
"""Each seat being waited for: its prompt and its legal actions."""


def waiting(state: SpaceState, prompts: dict[int, Prompt] | None = None) -> Waiting:
    """A seat with a sheet submits it whole: its legal actions are not listed. `prompts`: the
    state's, where the apply that made it returned them."""
    asked = GAME.prompts(state) if prompts is None else prompts
    return {
        s: (p, [] if p.sheet is not None else GAME.legal_actions(state, s))
        for s, p in asked.items()
    }


def random_move(state: SpaceState, asked: Waiting, rnd: random.Random) -> tuple[int, ActionBase]:
    """One of the seats being waited for and a random legal action of its: a random sheet, or
    (in the action phase) mostly something other than passing."""
    assert asked, "nobody can act in a running game"
    seat = rnd.choice(sorted(asked))
    prompt, actions = asked[seat]
    if prompt.sheet is not None:
        return seat, GAME.parse_action(prompt.sheet.submission(random_sheet(state, prompt, rnd)))
    assert actions, f"{state.seat_names[seat]} has a prompt but no legal action"
    busy = [a for a in actions if a.kind != "pass"]
    if busy and rnd.random() < 0.85:
        return seat, rnd.choice(busy)
    return seat, rnd.choice(actions)


def check_invariants(
    state: SpaceState, specials: int, prompts: dict[int, Prompt] | None = None
) -> Waiting:
    """Every chit is in exactly one place; units are where they may be; the phase is waiting
    for someone while the game runs; secrets stay with their seat; every default is legal.
    Returns who is waited for, for the player to use."""
    held = [*state.pile, *(c for r in state.reserves for c in r), *state.units]
    assert sorted(held) == sorted(all_chits(specials)), "chits conserved"
    seats = len(state.seat_names)
    for unit_id, unit in state.units.items():
        kind = type_of(unit_id)
        assert unit.id == unit_id and unit.world in WORLDS and 0 <= unit.owner < seats
        assert not unit.wounded or kind.personality
        assert not unit.disrupted or not kind.personality
        assert not unit.blockading or kind.id == "star_cruiser"
        assert not unit.observed or kind.id == "agent"
    for world in state.worlds:
        assert world.loyal is None or 0 <= world.loyal < seats
        assert not (world.uprising and world.loyal is not None)
    asked = waiting(state, prompts)
    prompts = {s: p for s, (p, _) in asked.items()}
    if GAME.outcome(state) is not None:
        assert prompts == {}
        return asked
    assert prompts, "someone can always act"
    if state.phase == "action":
        assert list(prompts) == [state.acting]
    if state.phase in SHEET_PHASES:
        assert set(prompts) == set(state.owing)
        assert all(p.sheet is not None and p.kinds == [p.sheet.kind] for p in prompts.values())
        if state.sheets:
            # The channel's view, and one seat's in turn (a seat's view differs from the
            # channel's only by its own reserve and orders).
            other = (state.turn + len(state.sheets)) % seats
            views = {v: GAME.view(state, v).model_dump_json() for v in (None, other)}
            for seat, text in state.sheets.items():
                parts = [p for p in text.split(";") if p]
                for viewer, shown in views.items():
                    if viewer != seat:
                        assert not any(p in shown for p in parts), "an order shows early"
        else:
            for seat, prompt in prompts.items():
                assert prompt.sheet is not None
                assert prompt.default == prompt.sheet.submission({}), "the empty sheet"
                if any(line.locked for line in prompt.sheet.lines):
                    # Declared orders go with the empty sheet: it is accepted all the same.
                    GAME.apply(state, seat, GAME.parse_action(prompt.default))
        return asked
    for prompt, actions in asked.values():
        assert prompt.default is not None
        assert actions, "a prompted seat has something to do"
        assert GAME.parse_action(prompt.default) in actions, "every default is legal"
    return asked
