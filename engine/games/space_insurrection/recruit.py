"""The recruit phase: loyal worlds and Governors roll to draw chits into hidden reserves, and
reserves over the limit are discarded down.

Only the rolls and the number of chits drawn are public; what was drawn goes to its owner."""

from __future__ import annotations

from engine.core import Event, IllegalAction
from engine.games.space_insurrection.content.models import content
from engine.games.space_insurrection.names import commas, seat_colour, semicolons, world_name
from engine.games.space_insurrection.state import SpaceState, chit_name, type_of
from engine.kit import cards
from engine.messages import Msg, m


def blockaded_against(state: SpaceState, world_id: str, seat: int) -> bool:
    """Whether another seat's cruiser blockades the world."""
    return any(u.blockading and u.owner != seat for u in state.units_at(world_id))


def recruit(state: SpaceState) -> list[Event]:
    """Every loyal world, and one healthy Governor on each, tries once for each seat, in seat
    order. Uprisings have no loyal owner, so they never recruit; disrupted worlds do not."""
    numbers = content()
    events: list[Event] = []
    state.drawn = [[] for _ in state.seat_names]
    for seat in range(len(state.seat_names)):
        rolls: list[Msg] = []
        for world in state.worlds:
            if world.loyal != seat or world.disrupted:
                continue
            blockaded = blockaded_against(state, world.id, seat)
            x = numbers.world.recruit_blockaded if blockaded else numbers.world.recruit
            tries = [world_name(world.id)]
            if any(
                u.owner == seat and type_of(u.id).id == "governor" and not u.wounded
                for u in state.units_at(world.id)
            ):
                tries.append(m("space.recruit.governor", world=world_name(world.id)))
            for who in tries:
                roll = state.rng.roll(1)[0]
                chit = cards.draw_at_random(state.pile, state.rng) if roll <= x else None
                drew = chit is not None
                if chit is not None:
                    state.reserves[seat].append(chit)
                    state.drawn[seat].append(chit)
                note = m("space.recruit.roll", who=who, roll=roll)
                if blockaded:
                    note = m("space.recruit.blockaded", note=note, x=x)
                if not drew:
                    note = m(f"space.recruit.{'missed' if roll > x else 'pile_empty'}", note=note)
                rolls.append(note)
        if rolls:
            got = len(state.drawn[seat])
            recruits = m(
                "space.recruit.rolls",
                n=got,
                seat=seat_colour(state, seat),
                x=numbers.world.recruit,
                rolls=semicolons(rolls),
            )
            events.append(Event(msg=recruits))
        if state.drawn[seat]:
            drawn = commas([chit_name(c) for c in state.drawn[seat]])
            events.append(Event(msg=m("space.recruit.drawn", chits=drawn), seat=seat))
    if not events:
        events.append(Event(msg=m("space.recruit.nobody")))
    return events


def over_limit(state: SpaceState) -> list[int]:
    limit = content().numbers.reserve_limit
    return [s for s, reserve in enumerate(state.reserves) if len(reserve) > limit]


def default_discard(state: SpaceState, seat: int) -> str:
    """The chit last drawn that is still held, else the last in the reserve."""
    held = [c for c in state.drawn[seat] if c in state.reserves[seat]] if state.drawn else []
    return (held or state.reserves[seat])[-1]


def discard(state: SpaceState, seat: int, chit: str) -> list[Event]:
    if seat not in over_limit(state):
        raise IllegalAction(m("space.refuse.within_limit"))
    if chit not in state.reserves[seat]:
        named = chit_name(chit) if "-" in chit else chit
        raise IllegalAction(m("space.refuse.not_in_reserve", chit=named))
    cards.discard(state.reserves[seat], chit, state.pile)
    left = len(state.reserves[seat])
    return [
        Event(msg=m("space.discarded", n=left, seat=seat_colour(state, seat))),
        Event(msg=m("space.discarded_own", chit=chit_name(chit)), seat=seat),
    ]
