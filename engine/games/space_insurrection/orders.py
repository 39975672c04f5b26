"""The three phases of secret orders: blockade declarations, surveillance and movement.

Every seat asked writes a sheet and submits it whole; nothing of it is shown until the last
seat has submitted (or been given the empty sheet by a deadline). Then the phase resolves at
once. An Agent's successful observation of a unit makes its owner declare that unit's
movement order in public, which locks the line on the movement sheet."""

from __future__ import annotations

from collections import Counter
from functools import cache

from engine.core import Event, IllegalAction
from engine.games.space_insurrection.content.models import content
from engine.games.space_insurrection.names import (
    named,
    rolls,
    seat_colour,
    semicolons,
    unit_name,
    world_name,
    world_names,
)
from engine.games.space_insurrection.state import SpaceState, Unit, chit_name, type_of
from engine.messages import Arg, Msg, m
from engine.sheets import OrderLine, OrderOption, OrderSheet, decode_orders, encode_orders

STAY = "stay"
MOVES_A_LINE = 5
"""Moves told on one line of the reveal, so a line stays short enough to read."""
KINDS = {"blockade": "blockades", "surveillance": "surveillance", "movement": "moves"}


def title(phase: str) -> Msg:
    """A sheet phase's orders, as a heading ("Blockade declarations")."""
    return m(f"space.title.{phase}")


def orders_of(phase: str) -> Msg:
    """A sheet phase's orders within a sentence ("blockade declarations")."""
    return m(f"space.orders.{phase}")


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
                label=line_name(u),
                options=[
                    OrderOption(value="orbit", label=m("space.sheet.orbit")),
                    OrderOption(
                        value="blockade",
                        label=m("space.sheet.blockade", world=world_name(u.world)),
                    ),
                ],
            )
            for u in cruisers(state, seat)
        ]
    elif phase == "surveillance":
        lines = [_watch_line(state, seat, u) for u in agents(state, seat)]
    else:
        lines = [_move_line(state, seat, u) for u in movers(state, seat)]
    return OrderSheet(kind=KINDS[phase], title=title(phase), lines=lines)


def line_name(unit: Unit) -> Msg:
    """A sheet line's unit: "Star Cruiser #1 at Aldebar"."""
    return m("space.unit.at", unit=chit_name(unit.id), world=world_name(unit.world))


def _watch_line(state: SpaceState, seat: int, agent: Unit) -> OrderLine:
    numbers = content().numbers
    options = [OrderOption(value="rest", label=m("space.sheet.rest"))]
    options += [
        OrderOption(
            value=f"reserve-{s}",
            label=m("space.sheet.observe_reserve", seat=seat_colour(state, s), x=numbers.observe),
        )
        for s in range(len(state.seat_names))
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
                label=m(
                    "space.sheet.observe_unit",
                    unit=unit_name(state, unit.id),
                    world=world_name(unit.world),
                    x=x,
                ),
            )
        )
    return OrderLine(key=agent.id, label=line_name(agent), options=options)


def _move_line(state: SpaceState, seat: int, unit: Unit) -> OrderLine:
    label = line_name(unit)
    if unit.id in state.declared:
        where = state.declared[unit.id]
        declared = m("space.sheet.declared", order=where_to(unit, where))
        return OrderLine(
            key=unit.id,
            label=label,
            options=[OrderOption(value=where, label=declared)],
            locked=True,
        )
    options = [OrderOption(value=STAY, label=where_to(unit, STAY))]
    if type_of(unit.id).id != "troops" or _carriers(state, unit):
        options += [
            OrderOption(value=w, label=where_to(unit, w)) for w in world_names() if w != unit.world
        ]
    return OrderLine(key=unit.id, label=label, options=options)


def where_to(unit: Unit, where: str) -> Msg:
    """A movement order: "stay at Aldebar", "move to Gemma"."""
    return _where_to(unit.world, where)


@cache
def _where_to(at: str, where: str) -> Msg:
    """Kept per world and order: every movement sheet offers each unit every world."""
    if where == STAY:
        return m("space.order.stay", world=world_name(at))
    return m("space.order.move", world=world_name(where))


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
        raise IllegalAction(m("space.refuse.already_submitted"))
    written = sheet(state, seat)
    for key, value in orders.items():
        line = written.line(key)
        if line is None:
            raise IllegalAction(m("space.refuse.no_orders_for", unit=named(state, key)))
        if value not in {o.value for o in line.options}:
            raise IllegalAction(
                m(
                    "space.refuse.cannot_order",
                    line=line_name(state.units[key]),
                    to=named(state, value),
                )
            )
    complete = {line.key: orders.get(line.key, line.options[0].value) for line in written.lines}
    if state.phase == "movement":
        _check_transport(state, complete)
    state.owing.remove(seat)
    state.sheets[seat] = encode_orders(complete)
    # The submitter's own answer shows their orders; a DM would only add noise.
    return [
        Event(
            msg=m("space.submitted", seat=seat_colour(state, seat), orders=orders_of(state.phase))
        )
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
            raise IllegalAction(
                m(
                    "space.refuse.transport",
                    troops=m("space.count.troops", n=n),
                    origin=world_name(origin),
                    to=world_name(where),
                    cruisers=m("space.count.cruisers", n=-(-n // capacity)),
                    capacity=capacity,
                )
            )


def parse(state: SpaceState) -> dict[int, dict[str, str]]:
    return {seat: decode_orders(text) for seat, text in state.sheets.items()}


# ----- revealing -------------------------------------------------------------------------------
def reveal_blockades(state: SpaceState) -> list[Msg]:
    sheets = parse(state)
    lines = []
    for seat in range(len(state.seat_names)):
        for unit in _own(state, seat):
            if type_of(unit.id).id != "star_cruiser":
                continue
            unit.blockading = sheets.get(seat, {}).get(unit.id) == "blockade"
            if unit.blockading:
                state.busy = True
                lines.append(
                    m(
                        "space.blockades.one",
                        unit=unit_name(state, unit.id),
                        world=world_name(unit.world),
                    )
                )
    if not lines:
        return [m("space.blockades.none")]
    return [m("space.blockades.declared", blockades=semicolons(lines))]


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
                what = m("space.reserve.of", seat=seat_colour(state, other))
                events.append(
                    Event(msg=_observed(state, agent_id, what, roll, numbers.observe, None))
                )
                if ok:
                    chits = [chit_name(c) for c in state.reserves[other]]
                    agent_name = chit_name(agent_id)
                    seen = (
                        m("space.observe.sees", agent=agent_name, what=what, chits=chits)
                        if chits
                        else m("space.observe.sees_nothing", agent=agent_name, what=what)
                    )
                    events.append(Event(msg=seen, seat=seat))
                continue
            if target not in state.units:
                events.append(
                    Event(msg=m("space.observe.nothing", agent=unit_name(state, agent_id)))
                )
                continue
            x = (
                numbers.observe_near
                if state.units[target].world == agent.world
                else numbers.observe
            )
            what = unit_name(state, target)
            owner: Msg | None = None
            if roll <= x and target not in state.declared and target not in state.to_declare:
                state.to_declare.append(target)
                owner = seat_colour(state, state.units[target].owner)
            events.append(Event(msg=_observed(state, agent_id, what, roll, x, owner)))
    return events


def _observed(
    state: SpaceState, agent_id: str, what: Msg, roll: int, x: int, owner: Msg | None
) -> Msg:
    """An observation's roll; `owner` names the seat that must now declare its unit's order."""
    agent = unit_name(state, agent_id)
    if roll > x:
        return m("space.observe.unseen", agent=agent, what=what, roll=rolls(roll, x))
    if owner is None:
        return m("space.observe.seen", agent=agent, what=what, roll=rolls(roll, x))
    return m("space.observe.must_declare", agent=agent, what=what, roll=rolls(roll, x), seat=owner)


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


def declare(state: SpaceState, seat: int, unit_id: str, where: str) -> list[Msg]:
    if not state.to_declare or state.to_declare[0] != unit_id:
        raise IllegalAction(m("space.refuse.not_to_declare", unit=named(state, unit_id)))
    unit = state.units[unit_id]
    if where == unit.world:
        where = STAY
    if where not in declare_options(state, unit_id):
        raise IllegalAction(
            m("space.refuse.cannot_declare", chit=chit_name(unit_id), to=named(state, where))
        )
    state.to_declare.pop(0)
    said: dict[str, Arg] = {
        "seat": seat_colour(state, seat),
        "chit": chit_name(unit_id),
        "order": where_to(unit, where),
    }
    note = m("space.declared", **said)
    if where != STAY and type_of(unit_id).id == "troops":
        carrier = _carrier_for(state, unit, where)
        assert carrier is not None
        if state.declared.get(carrier.id) != where:
            state.declared[carrier.id] = where
        if carrier.id in state.to_declare:
            # Its order is now declared; declaring it again could strand the Troops.
            state.to_declare.remove(carrier.id)
        note = m("space.declared_aboard", **said, carrier=chit_name(carrier.id))
    state.declared[unit_id] = where
    return [note]


def reveal_moves(state: SpaceState) -> list[Msg]:
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
            moved.append(
                m(
                    "space.moves.one",
                    chit=chit_name(unit_id),
                    origin=world_name(origin),
                    to=world_name(where),
                )
            )
            state.busy = True
            unit.world = where
            if type_of(unit_id).personality:
                for crossed in (origin, where):
                    if not _blockaded_for(state, crossed, seat):
                        continue
                    roll = state.rng.roll(1)[0]
                    lost = roll <= numbers.smuggler
                    smuggled.append(
                        m(
                            f"space.smugglers.{'destroyed' if lost else 'through'}",
                            unit=unit_name(state, unit_id),
                            world=world_name(crossed),
                            roll=rolls(roll, numbers.smuggler + 1, high=True),
                        )
                    )
                    if lost:
                        del state.units[unit_id]
                        state.pile.append(unit_id)
                        break
        for start in range(0, len(moved), MOVES_A_LINE):
            lines.append(
                m(
                    "space.moves.more" if start else "space.moves.seat",
                    seat=seat_colour(state, seat),
                    moves=semicolons(moved[start : start + MOVES_A_LINE]),
                )
            )
    head = m("space.moves.revealed" if lines else "space.moves.nobody")
    return [head, *lines, *smuggled]


def _blockaded_for(state: SpaceState, world_id: str, seat: int) -> bool:
    return any(
        u.blockading and u.owner != seat and u.world == world_id for u in state.units.values()
    )


def _own(state: SpaceState, seat: int) -> list[Unit]:
    return sorted((u for u in state.units.values() if u.owner == seat), key=lambda u: u.id)
