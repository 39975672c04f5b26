"""The three phases of secret orders: blockade declarations, surveillance and movement.

Every seat asked writes a sheet and submits it whole; nothing of it is shown until the last
seat has submitted (or been given the empty sheet by a deadline). Then the phase resolves at
once. An Agent's successful observation of a unit makes its owner declare that unit's
movement order in public, which locks the line on the movement sheet."""

from __future__ import annotations

from collections import Counter

from engine.core import Event, IllegalAction
from engine.games.space_insurrection.content.models import content
from engine.games.space_insurrection.names import (
    named,
    rolls,
    unit_name,
    world_name,
    world_names,
)
from engine.games.space_insurrection.state import SpaceState, Unit, chit_name, type_of
from engine.messages import raw
from engine.sheets import OrderLine, OrderOption, OrderSheet, decode_orders, encode_orders
from engine.words import count, listing

STAY = "stay"
MOVES_A_LINE = 5
"""Moves told on one line of the reveal, so a line stays short enough to read."""
KINDS = {"blockade": "blockades", "surveillance": "surveillance", "movement": "moves"}
TITLES = {
    "blockade": "Blockade declarations",
    "surveillance": "Surveillance orders",
    "movement": "Movement orders",
}


# ----- who writes what -------------------------------------------------------------------------
def cruisers(state: SpaceState, seat: int) -> list[Unit]:
    """Cruisers that may declare a blockade: every one not disrupted."""
    return [u for u in _own(state, seat) if type_of(u.id).id == "star_cruiser" and not u.disrupted]


def agents(state: SpaceState, seat: int) -> list[Unit]:
    return [u for u in _own(state, seat) if type_of(u.id).id == "agent" and not u.wounded]


def movers(state: SpaceState, seat: int) -> list[Unit]:
    """Units that may be given movement orders: those that move, except blockading cruisers."""
    return [u for u in _own(state, seat) if type_of(u.id).moves and not u.blockading]


def writers(state: SpaceState, phase: str) -> list[int]:
    pick = {"blockade": cruisers, "surveillance": agents, "movement": movers}[phase]
    return [s for s in range(len(state.seat_names)) if pick(state, s)]


def sheet(state: SpaceState, seat: int) -> OrderSheet:
    phase = state.phase
    if phase == "blockade":
        lines = [
            OrderLine(
                key=u.id,
                label=f"{chit_name(u.id)} at {world_name(u.world)}",
                options=[
                    OrderOption(value="orbit", label="stay free to move"),
                    OrderOption(value="blockade", label=f"blockade {world_name(u.world)}"),
                ],
            )
            for u in cruisers(state, seat)
        ]
    elif phase == "surveillance":
        lines = [_watch_line(state, seat, u) for u in agents(state, seat)]
    else:
        lines = [_move_line(state, seat, u) for u in movers(state, seat)]
    return OrderSheet(kind=KINDS[phase], title=TITLES[phase], lines=lines)


def _watch_line(state: SpaceState, seat: int, agent: Unit) -> OrderLine:
    numbers = content().numbers
    options = [OrderOption(value="rest", label="no observation (free to act later)")]
    options += [
        OrderOption(
            value=f"reserve-{s}",
            label=f"observe {name}'s reserve (1-{numbers.observe})",
        )
        for s, name in enumerate(state.seat_names)
        if s != seat
    ]
    for unit in sorted(state.units.values(), key=lambda u: (u.world, u.id)):
        if unit.owner == seat or not type_of(unit.id).moves or unit.blockading:
            continue
        near = unit.world == agent.world
        x = numbers.observe_near if near else numbers.observe
        options.append(
            OrderOption(
                value=unit.id,
                label=f"observe {unit_name(state, unit.id)} at {world_name(unit.world)} (1-{x})",
            )
        )
    return OrderLine(
        key=agent.id, label=f"{chit_name(agent.id)} at {world_name(agent.world)}", options=options
    )


def _move_line(state: SpaceState, seat: int, unit: Unit) -> OrderLine:
    label = f"{chit_name(unit.id)} at {world_name(unit.world)}"
    if unit.id in state.declared:
        where = state.declared[unit.id]
        return OrderLine(
            key=unit.id,
            label=label,
            options=[OrderOption(value=where, label=_where(unit, where) + " (declared)")],
            locked=True,
        )
    options = [OrderOption(value=STAY, label=f"stay at {world_name(unit.world)}")]
    if type_of(unit.id).id != "troops" or _carriers(state, unit):
        options += [
            OrderOption(value=w, label=f"move to {name}")
            for w, name in world_names().items()
            if w != unit.world
        ]
    return OrderLine(key=unit.id, label=label, options=options)


def _where(unit: Unit, where: str) -> str:
    return f"stay at {world_name(unit.world)}" if where == STAY else f"move to {world_name(where)}"


def _carriers(state: SpaceState, troops: Unit) -> list[Unit]:
    return [
        u
        for u in movers(state, troops.owner)
        if u.world == troops.world and type_of(u.id).id == "star_cruiser"
    ]


# ----- submitting ------------------------------------------------------------------------------
def submit(state: SpaceState, seat: int, orders: dict[str, str]) -> list[Event]:
    """Check a whole sheet, keep it secret, and resolve the phase once every seat is in."""
    if seat not in state.owing:
        raise IllegalAction("You have already submitted your orders for this phase.")
    written = sheet(state, seat)
    for key, value in orders.items():
        line = written.line(key)
        if line is None:
            raise IllegalAction(
                f"{named(state, key)} is not one of your units with orders to write."
            )
        if value not in {o.value for o in line.options}:
            raise IllegalAction(f"{line.label} cannot be ordered to {named(state, value)}.")
    complete = {line.key: orders.get(line.key, line.options[0].value) for line in written.lines}
    if state.phase == "movement":
        _check_transport(state, complete)
    state.owing.remove(seat)
    state.sheets[seat] = encode_orders(complete)
    # The submitter's own answer shows their orders; a DM would only add noise.
    return [
        Event(msg=raw(f"{state.seat_names[seat]} has submitted {TITLES[state.phase].lower()}."))
    ]


def _check_transport(state: SpaceState, orders: dict[str, str]) -> None:
    """Troops move only in a cruiser going the same way, at most `cruiser_capacity` each."""
    capacity = content().numbers.cruiser_capacity
    troops: Counter[tuple[str, str]] = Counter()
    lift: Counter[tuple[str, str]] = Counter()
    for unit_id, where in orders.items():
        if where == STAY:
            continue
        unit = state.units[unit_id]
        kind = type_of(unit_id).id
        if kind == "troops":
            troops[(unit.world, where)] += 1
        elif kind == "star_cruiser":
            lift[(unit.world, where)] += capacity
    for (origin, where), n in troops.items():
        if n > lift[(origin, where)]:
            needed = count(-(-n // capacity), "Star Cruiser")
            raise IllegalAction(
                f"Troops move only aboard Star Cruisers: {count(n, 'Troops unit')} from "
                f"{world_name(origin)} to {world_name(where)} need {needed} from "
                f"{world_name(origin)} going there too (each carries {capacity})."
            )


def parse(state: SpaceState) -> dict[int, dict[str, str]]:
    return {seat: decode_orders(text) for seat, text in state.sheets.items()}


# ----- revealing -------------------------------------------------------------------------------
def reveal_blockades(state: SpaceState) -> list[str]:
    sheets = parse(state)
    lines = []
    for seat in range(len(state.seat_names)):
        for unit in _own(state, seat):
            if type_of(unit.id).id != "star_cruiser":
                continue
            unit.blockading = sheets.get(seat, {}).get(unit.id) == "blockade"
            if unit.blockading:
                state.busy = True
                lines.append(f"{unit_name(state, unit.id)} blockades {world_name(unit.world)}")
    return [("Blockades: " + "; ".join(lines)) if lines else "No cruiser blockades this turn"]


def reveal_surveillance(state: SpaceState) -> list[Event]:
    """Each observation in seat order from the first player: a reserve seen goes to the
    observer alone; a unit seen must have its order declared."""
    numbers = content().numbers
    sheets = parse(state)
    events: list[Event] = []
    n = len(state.seat_names)
    for seat in [(state.first + i) % n for i in range(n)]:
        for agent_id, target in sheets.get(seat, {}).items():
            if target == "rest" or agent_id not in state.units:
                continue
            agent = state.units[agent_id]
            agent.observed = True
            state.busy = True
            roll = state.rng.roll(1)[0]
            if target.startswith("reserve-"):
                other = int(target.split("-")[1])
                ok = roll <= numbers.observe
                what = f"{state.seat_names[other]}'s reserve"
                events.append(
                    Event(msg=raw(_observed(state, agent_id, what, roll, numbers.observe)))
                )
                if ok:
                    seen = listing([chit_name(c) for c in state.reserves[other]]) or "nothing"
                    events.append(
                        Event(
                            msg=raw(f"Your {chit_name(agent_id)} sees {what}: {seen}."), seat=seat
                        )
                    )
                continue
            if target not in state.units:
                events.append(
                    Event(msg=raw(f"{unit_name(state, agent_id)} finds nothing to observe."))
                )
                continue
            x = (
                numbers.observe_near
                if state.units[target].world == agent.world
                else numbers.observe
            )
            what = unit_name(state, target)
            text = _observed(state, agent_id, what, roll, x)
            if roll <= x and target not in state.declared and target not in state.to_declare:
                state.to_declare.append(target)
                text += f" {state.seat_names[state.units[target].owner]} must declare its order."
            events.append(Event(msg=raw(text)))
    return events


def _observed(state: SpaceState, agent_id: str, what: str, roll: int, x: int) -> str:
    result = "seen" if roll <= x else "not seen"
    return f"{unit_name(state, agent_id)} observes {what}: {rolls(roll, x)} — {result}."


def declare_options(state: SpaceState, unit_id: str) -> list[str]:
    """Where an observed unit may be declared to go: anywhere for a mover, and for Troops only
    where a cruiser at their world can still take them."""
    unit = state.units[unit_id]
    others = [w for w in world_names() if w != unit.world]
    if type_of(unit_id).id != "troops":
        return [STAY, *others]
    return [STAY, *(w for w in others if _carrier_for(state, unit, w) is not None)]


def _carrier_for(state: SpaceState, troops: Unit, where: str) -> Unit | None:
    """A cruiser that can take these Troops to `where`: one already declared there with room
    aboard, else one with no declared order yet."""
    capacity = content().numbers.cruiser_capacity
    carriers = _carriers(state, troops)
    going = [c for c in carriers if state.declared.get(c.id) == where]
    aboard = sum(
        1
        for u, w in state.declared.items()
        if w == where
        and u != troops.id
        and type_of(u).id == "troops"
        and state.units[u].world == troops.world
    )
    if aboard < capacity * len(going):
        return going[0]
    free = [c for c in carriers if c.id not in state.declared]
    return free[0] if free else None


def declare(state: SpaceState, seat: int, unit_id: str, where: str) -> list[str]:
    if not state.to_declare or state.to_declare[0] != unit_id:
        raise IllegalAction(
            f"{named(state, unit_id)} is not the unit you must declare an order for."
        )
    unit = state.units[unit_id]
    if where == unit.world:
        where = STAY
    if where not in declare_options(state, unit_id):
        raise IllegalAction(f"{chit_name(unit_id)} cannot be declared to {named(state, where)}.")
    state.to_declare.pop(0)
    note = f"{state.seat_names[seat]} declares: {chit_name(unit_id)} will {_where(unit, where)}"
    if where != STAY and type_of(unit_id).id == "troops":
        carrier = _carrier_for(state, unit, where)
        assert carrier is not None
        if state.declared.get(carrier.id) != where:
            state.declared[carrier.id] = where
        if carrier.id in state.to_declare:
            # Its order is now declared; declaring it again could strand the Troops.
            state.to_declare.remove(carrier.id)
        note += f" aboard {chit_name(carrier.id)}"
    state.declared[unit_id] = where
    return [note]


def reveal_moves(state: SpaceState) -> list[str]:
    """Everyone moves at once; enemy personalities crossing a blockade risk the smugglers' roll."""
    numbers = content().numbers
    sheets = parse(state)
    lines = []
    smuggled = []
    for seat in range(len(state.seat_names)):
        moved = []
        for unit_id, where in sheets.get(seat, {}).items():
            if where == STAY or unit_id not in state.units:
                continue
            unit = state.units[unit_id]
            origin = unit.world
            moved.append(f"{chit_name(unit_id)} {world_name(origin)} to {world_name(where)}")
            state.busy = True
            unit.world = where
            if type_of(unit_id).personality:
                for crossed in (origin, where):
                    if not _blockaded_for(state, crossed, seat):
                        continue
                    roll = state.rng.roll(1)[0]
                    lost = roll <= numbers.smuggler
                    smuggled.append(
                        f"{unit_name(state, unit_id)} runs the blockade of {world_name(crossed)}: "
                        f"{rolls(roll, numbers.smuggler + 1, high=True)} — "
                        + ("destroyed" if lost else "through")
                    )
                    if lost:
                        del state.units[unit_id]
                        state.pile.append(unit_id)
                        break
        for start in range(0, len(moved), MOVES_A_LINE):
            more = " (continued)" if start else ""
            lines.append(
                f"{state.seat_names[seat]} moves{more}: "
                + "; ".join(moved[start : start + MOVES_A_LINE])
            )
    return ["Orders revealed." if lines else "Orders revealed: nobody moves", *lines, *smuggled]


def _blockaded_for(state: SpaceState, world_id: str, seat: int) -> bool:
    return any(
        u.blockading and u.owner != seat and u.world == world_id for u in state.units.values()
    )


def _own(state: SpaceState, seat: int) -> list[Unit]:
    return sorted((u for u in state.units.values() if u.owner == seat), key=lambda u: u.id)
