"""What a seat of Space Insurrection cannot see, dealt again for a search, and how a random
sheet of orders is made legal.

Hidden from a seat: the chits of the recruit pile, the other seats' reserves (their sizes are
public) with the chits they drew this turn, and the orders other seats have submitted but not
yet revealed. A determinization shuffles the pile and the other reserves together, keeping
every size, and writes each submitted sheet again at random. It is consistent with the seat's
view, not with everything it may remember: a chit once shown to it (an Agent that saw a
reserve, a destroyed unit returned to the pile) is dealt again like any other."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core import Game
from engine.games.space_insurrection import orders
from engine.games.space_insurrection.content.models import content
from engine.games.space_insurrection.state import SpaceState, type_of
from engine.kit.cards import redeal
from engine.rng import Rng
from engine.sheets import encode_orders


def resample(game: Game[SpaceState, Any], state: SpaceState, seat: int | None, rng: Rng) -> None:
    """Deal the hidden chits again and rewrite the other seats' submitted sheets, in place."""
    others = [s for s in range(len(state.seat_names)) if s != seat]
    swap = dict(redeal([state.pile, *(state.reserves[s] for s in others)], rng))
    for s in others:
        if s < len(state.drawn):
            state.drawn[s] = [swap.get(c, c) for c in state.drawn[s]]
    for s in sorted(state.sheets):
        if s == seat:
            continue
        sheet = orders.sheet(state, s)
        draft = game.sample_sheet(state, s, sheet, rng)
        complete = {line.key: draft.get(line.key, line.options[0].value) for line in sheet.lines}
        state.sheets[s] = encode_orders(complete)


def fix_sheet(state: SpaceState, seat: int, draft: dict[str, str]) -> dict[str, str]:
    """Troops go only aboard cruisers going the same way: Troops written to move without
    room aboard stay instead (declared Troops always have their carrier, and board first)."""
    if state.phase != "movement":
        return draft
    capacity = content().numbers.cruiser_capacity
    declared = {u: w for u, w in state.declared.items() if u in state.units}
    chosen = {u: w for u, w in declared.items() if state.units[u].owner == seat} | draft
    room: Counter[tuple[str, str]] = Counter()
    for unit_id, where in chosen.items():
        if where != orders.STAY and type_of(unit_id).id == "star_cruiser":
            room[(state.units[unit_id].world, where)] += capacity
    fixed = dict(draft)
    troops = [u for u in chosen if type_of(u).id == "troops" and chosen[u] != orders.STAY]
    for unit_id in sorted(troops, key=lambda u: u not in declared):
        leg = (state.units[unit_id].world, chosen[unit_id])
        if room[leg] > 0:
            room[leg] -= 1
        elif unit_id in fixed:
            fixed[unit_id] = orders.STAY
    return fixed
