"""Sunrise: Police Repression, District Liberation and the Next Night check.

The phase runs as a small state machine (`state.sunrise_step`) because it can pause: a card
window (Shields, Lock-on Chains, Banners) or the choice of whose blocs fall.

Sunrise cards (`sunrise_cards`) set aside as factions ended their turns are played at their
step where they still help. At most one card window a sunrise, at Police Repression before the
riot cops attack, for the factions that chose to be asked and are placed, as everyone can see,
to use such a card. Who is asked, and when, never depends on which cards anyone holds.
"""

from __future__ import annotations

from engine.core import Event, Outcome, Termination
from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.cards import resolve_manifestation
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.night import start_turn
from engine.games.bloc_by_bloc.places import difficulty, district_name, is_liberated, the
from engine.games.bloc_by_bloc.state import BlocState, VictimChoice
from engine.games.bloc_by_bloc.sunrise_cards import open_window, play_set_aside
from engine.games.bloc_by_bloc.text import winners_text
from engine.games.bloc_by_bloc.victory import agenda_wins, insurrection_successful, vetoed
from engine.messages import raw
from engine.words import listing


def begin_sunrise(state: BlocState) -> list[Event]:
    state.phase = "sunrise"
    state.sunrise_step = "start"
    return [Event(msg=raw(f"🌅 Sunrise of night {state.night}: the police strike back."))]


def proceed(state: BlocState) -> list[Event]:
    """Run the sunrise on; when it hands over to a new night, open the first turn."""
    events: list[Event] = []
    if state.phase == "sunrise":
        events += run_sunrise(state)
        # run_sunrise moves the phase on, which mypy's narrowing of `state.phase` cannot see.
        if state.phase == "turn":  # type: ignore[comparison-overlap]
            events += start_turn(state)
    return events


def run_sunrise(state: BlocState) -> list[Event]:
    """Carry the sunrise on until it needs a decision or hands over to the next night."""
    events: list[Event] = []
    while not state.pending and state.phase == "sunrise":
        step = state.sunrise_step
        if step == "start":
            if any(state.vans.values()):
                events.append(Event(msg=raw("Damaged riot vans are repaired.")))
            for tile in state.vans:
                state.vans[tile] = 0
            state.sunrise_step = "vans"
            open_window(state)
        elif step == "vans":
            vans = _vans_attack(state)
            events += vans + play_set_aside(state, "police_repression")
            board = board_of(state.city)
            state.repression_queue = [
                t
                for t in board.districts
                if state.cops.get(t) and (state.blocs_in(t) or t in state.occupations)
            ]
            if not state.repression_queue and not vans:
                events.append(Event(msg=raw("Police repression: nobody faces the police.")))
            state.sunrise_step = "cops"
        elif step == "cops":
            if not state.repression_queue:
                state.sunrise_step = "liberate"
                continue
            tile = state.repression_queue.pop(0)
            events += cops_attack(state, tile, state.cops[tile], _decider(state, tile))
        elif step == "liberate":
            events += play_set_aside(state, "liberation")
            events += liberate_all(state) or [Event(msg=raw("No district is liberated tonight."))]
            state.sunrise_step = "next"
        else:
            events += next_night_check(state)
    return events


def _vans_attack(state: BlocState) -> list[Event]:
    """Every riot van defeats all blocs and evicts the occupation in its district."""
    events = []
    for tile in state.vans:
        parts = [
            f"{the(state, s)} lose {n} bloc{'s' * (n > 1)}"
            for s in range(state.seats)
            if (n := state.blocs[s].pop(tile, 0))
        ]
        occ = state.occupations.pop(tile, None)
        if occ is not None:
            parts.append(f"{the(state, occ.seat)}' occupation is evicted")
        if parts:
            where = f"Repression in {district_name(tile)} (riot van)"
            events.append(Event(msg=raw(f"{where}: {'; '.join(parts)}.")))
    return events


def _decider(state: BlocState, tile: str) -> int:
    """Most blocs in the district; on a tie, whoever played earliest tonight."""
    order = state.order_from_first()
    return max(order, key=lambda s: (state.blocs_of(s, tile), -order.index(s)))


def _shields(state: BlocState, seat: int, tile: str) -> int:
    return sum(p.shields for p in state.protections if p.seat == seat and p.district == tile)


def default_victim(state: BlocState, tile: str) -> int:
    """Sensible default for the decider: the faction with the most blocs there loses one."""
    order = state.order_from_first()
    present = [s for s in order if state.blocs_of(s, tile)]
    return max(present, key=lambda s: (state.blocs_of(s, tile), -order.index(s)))


def cops_attack(
    state: BlocState, tile: str, hits: int, decider: int, chosen: int | None = None
) -> list[Event]:
    """Each cop attacks once: blocs first, then the occupation. Pauses for the decider when
    blocs of several factions are there and not all of them will fall; `chosen` is the faction
    the decider has just picked for the next hit. Narrates one line per district (per pause)."""
    lost = [0] * state.seats
    shielded = [0] * state.seats
    cops = hits
    evicted: list[Event] = []
    asked = False
    while hits > 0:
        present = [s for s in range(state.seats) if state.blocs_of(s, tile)]
        if not present:
            evicted = _evict(state, tile)
            break
        cover = sum(state.blocs_of(s, tile) + _shields(state, s, tile) for s in present)
        if chosen is None and len(present) > 1 and hits < cover:
            state.pending.append(VictimChoice(seat=decider, district=tile, count=hits))
            asked = True
            break
        victim = present[0] if chosen is None else chosen
        chosen = None
        if hit_bloc(state, tile, victim):
            lost[victim] += 1
        else:
            shielded[victim] += 1
        hits -= 1
    parts = [f"{the(state, s)} lose {n} bloc{'s' * (n > 1)}" for s, n in enumerate(lost) if n] + [
        f"Shields block {n} attack{'s' * (n > 1)} on {the(state, s)}"
        for s, n in enumerate(shielded)
        if n
    ]
    if evicted:
        parts.append(evicted[0].text)
    if asked and not parts:
        return []
    where = f"Repression in {district_name(tile)} ({cops} riot cop{'s' * (cops > 1)})"
    return [Event(msg=raw(f"{where}: {'; '.join(parts) or 'nothing falls'}."))]


def hit_bloc(state: BlocState, tile: str, seat: int) -> bool:
    """One cop attack on the seat's blocs there: False when a Shield takes it instead."""
    for p in state.protections:
        if p.seat == seat and p.district == tile and p.shields:
            p.shields -= 1
            return False
    state.add_blocs(seat, tile, -1)
    return True


def _evict(state: BlocState, tile: str) -> list[Event]:
    occ = state.occupations.get(tile)
    if occ is None:
        return []
    if any(p.chained and p.seat == occ.seat and p.district == tile for p in state.protections):
        return [Event(msg=raw("Lock-on chains hold the occupation"))]
    del state.occupations[tile]
    return [Event(msg=raw(f"{the(state, occ.seat)}' occupation is evicted"))]


def liberate_all(state: BlocState) -> list[Event]:
    board = board_of(state.city)
    events: list[Event] = []
    for tile in board.districts:
        if (
            tile not in state.occupations
            or is_liberated(state, tile)
            or not board.info(tile).liberatable
        ):
            continue
        need = 2 * difficulty(state, tile)
        if state.blocs_in(tile) + state.liberation_bonus.get(tile, 0) < need:
            continue
        liberators = [s for s in range(state.seats) if state.blocs_of(s, tile)]
        state.loot_marks.pop(tile, None)
        card = state.city.liberate(board.pos[tile])
        state.manifestations_done.append(card or "")
        who = listing([the(state, s) for s in liberators])
        events.append(Event(msg=raw(f"🎉 {district_name(tile)} is liberated by {who}!")))
        if card:
            events += resolve_manifestation(state, card, tile, liberators)
    return events


def next_night_check(state: BlocState) -> list[Event]:
    """Endgame conditions, then the first faction marker and countdown move on.

    A faction wiped out of the city is checked first: the rulebook says agendas are then
    ignored, so it overrides any win. A win alone comes before the shared success because it
    ends the game for everyone else.
    """
    if any(state.blocs_in_city(s) == 0 for s in range(state.seats)):
        return _over(
            state,
            Termination.ELIMINATION,
            [],
            "A faction has no blocs left in the city: the insurrection implodes.",
        )
    if not vetoed(state):
        if state.agendas[0] is not None:
            alone = [s for s in range(state.seats) if agenda_wins(state, s, "win_alone")]
            if len(alone) == 1:
                return _over(
                    state,
                    Termination.GOAL,
                    alone,
                    f"{state.seat_names[alone[0]]} complete a win-alone agenda.",
                )
        if insurrection_successful(state):
            if state.agendas[0] is None:
                winners = list(range(state.seats))
            else:
                winners = [s for s in range(state.seats) if agenda_wins(state, s, "win_together")]
            return _over(state, Termination.GOAL, winners, "The insurrection is successful!")
    state.nights_left -= 1
    if state.nights_left <= 0:
        return _over(state, Termination.TIME_LIMIT, [], "Time runs out: the military arrives.")
    state.night += 1
    state.first = state.left_of(state.first)
    state.current = state.first
    state.turns_taken = 0
    state.attacked = {}
    state.protections = []
    state.liberation_bonus = {}
    state.set_aside = []
    state.sunrise_step = ""
    state.phase = "turn"
    nights = f"{state.nights_left} night{'s' * (state.nights_left > 1)} left"
    return [Event(msg=raw(f"{morale_line(state)} {nights}; {the(state, state.first)} go first."))]


def morale_line(state: BlocState) -> str:
    step = load_content().morale.steps[state.morale]
    cards = "card" if step.draws == 1 else "cards"
    return f"Police morale: {step.label} ({step.draws} ops {cards} a turn)."


def _over(
    state: BlocState, termination: Termination, winners: list[int], reason: str
) -> list[Event]:
    state.phase = "over"
    state.outcome = Outcome(termination=termination, winners=winners, msg=raw(reason))
    events = [Event(msg=raw(f"{reason} {winners_text(state, winners)}"))]
    content = load_content()
    for seat, agenda in enumerate(state.agendas):
        if agenda is not None:
            card = content.agendas[agenda]
            goals = " Or: ".join(o.text for o in card.options)
            events.append(Event(msg=raw(f"{the(state, seat, True)}' agenda: {card.name}. {goals}")))
    return events
