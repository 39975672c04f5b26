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
from engine.games.bloc_by_bloc.places import (
    agenda_goals,
    agenda_name,
    difficulty,
    district_name,
    faction_name,
    is_liberated,
    semicolons,
    the,
)
from engine.games.bloc_by_bloc.police import morale_label
from engine.games.bloc_by_bloc.state import BlocState, VictimChoice
from engine.games.bloc_by_bloc.sunrise_cards import open_window, play_set_aside
from engine.games.bloc_by_bloc.text import winners_text
from engine.games.bloc_by_bloc.victory import agenda_wins, insurrection_successful, vetoed
from engine.messages import Msg, m


def begin_sunrise(state: BlocState) -> list[Event]:
    state.phase = "sunrise"
    state.sunrise_step = "start"
    return [Event(msg=m("bloc.sunrise.begin", night=state.night))]


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
                events.append(Event(msg=m("bloc.sunrise.vans_repaired")))
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
                events.append(Event(msg=m("bloc.sunrise.nobody_faces")))
            state.sunrise_step = "cops"
        elif step == "cops":
            if not state.repression_queue:
                state.sunrise_step = "liberate"
                continue
            tile = state.repression_queue.pop(0)
            events += cops_attack(state, tile, state.cops[tile], _decider(state, tile))
        elif step == "liberate":
            events += play_set_aside(state, "liberation")
            events += liberate_all(state) or [Event(msg=m("bloc.sunrise.none_liberated"))]
            state.sunrise_step = "next"
        else:
            events += next_night_check(state)
    return events


def _vans_attack(state: BlocState) -> list[Event]:
    """Every riot van defeats all blocs and evicts the occupation in its district."""
    events = []
    for tile in state.vans:
        parts = [
            m("bloc.sunrise.lose", who=the(state, s), n=n)
            for s in range(state.seats)
            if (n := state.blocs[s].pop(tile, 0))
        ]
        occ = state.occupations.pop(tile, None)
        if occ is not None:
            parts.append(m("bloc.sunrise.evicted", who=the(state, occ.seat)))
        if parts:
            where = district_name(tile)
            events.append(
                Event(msg=m("bloc.sunrise.van_repression", where=where, parts=semicolons(parts)))
            )
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
    parts = [m("bloc.sunrise.lose", who=the(state, s), n=n) for s, n in enumerate(lost) if n] + [
        m("bloc.sunrise.shielded", who=the(state, s), n=n) for s, n in enumerate(shielded) if n
    ]
    if evicted:
        parts.append(evicted[0].msg)
    if asked and not parts:
        return []
    fell = semicolons(parts) if parts else m("bloc.sunrise.nothing_falls")
    return [Event(msg=m("bloc.sunrise.repression", where=district_name(tile), n=cops, parts=fell))]


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
        return [Event(msg=m("bloc.sunrise.chained"))]
    del state.occupations[tile]
    return [Event(msg=m("bloc.sunrise.evicted", who=the(state, occ.seat)))]


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
        who = [the(state, s) for s in liberators]
        events.append(Event(msg=m("bloc.sunrise.liberated", where=district_name(tile), who=who)))
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
            m("bloc.end.implodes"),
        )
    if not vetoed(state):
        if state.agendas[0] is not None:
            alone = [s for s in range(state.seats) if agenda_wins(state, s, "win_alone")]
            if len(alone) == 1:
                return _over(
                    state,
                    Termination.GOAL,
                    alone,
                    m("bloc.end.alone", who=faction_name(state.factions[alone[0]])),
                )
        if insurrection_successful(state):
            if state.agendas[0] is None:
                winners = list(range(state.seats))
            else:
                winners = [s for s in range(state.seats) if agenda_wins(state, s, "win_together")]
            return _over(state, Termination.GOAL, winners, m("bloc.end.success"))
    state.nights_left -= 1
    if state.nights_left <= 0:
        return _over(state, Termination.TIME_LIMIT, [], m("bloc.end.time"))
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
    first = the(state, state.first)
    line = m("bloc.sunrise.next", morale=morale_line(state), n=state.nights_left, who=first)
    return [Event(msg=line)]


def morale_line(state: BlocState) -> Msg:
    step = load_content().morale.steps[state.morale]
    return m("bloc.morale.line", label=morale_label(step.label), n=step.draws)


def _over(
    state: BlocState, termination: Termination, winners: list[int], reason: Msg
) -> list[Event]:
    state.phase = "over"
    state.outcome = Outcome(termination=termination, winners=winners, msg=reason)
    events = [Event(msg=m("bloc.end.line", reason=reason, winners=winners_text(state, winners)))]
    for seat, agenda in enumerate(state.agendas):
        if agenda is not None:
            said = dict(who=the(state, seat, True), agenda=agenda_name(agenda))
            events.append(Event(msg=m("bloc.end.agenda", goals=agenda_goals(agenda), **said)))
    return events
