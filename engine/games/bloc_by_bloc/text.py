"""Words for the players: what the table is waiting for, a seat's hand, the status line,
autocomplete labels and action descriptions. Like the view, nothing here names a loot card or
an agenda to anyone but the seat holding it.
"""

from __future__ import annotations

from typing import Any

from engine.core import ActionBase, Prompt
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.places import district_name, occupation_name, the
from engine.games.bloc_by_bloc.state import (
    BlocState,
    DiscardChoice,
    LootOffer,
    Pending,
    StopChance,
    VictimChoice,
)


def decision_text(state: BlocState) -> str:
    """What the table is waiting for, in words safe for everyone to read."""
    if state.outcome is not None:
        return state.outcome.reason
    if not state.pending:
        if state.phase == "setup":
            return "Every faction chooses its starting district."
        return f"The {state.seat_names[state.current]} are taking their turn."
    return pending_text(state, state.pending[0])


def pending_text(state: BlocState, need: Pending) -> str:
    names = state.seat_names
    if isinstance(need, StopChance):
        return (
            f"The {names[need.actor]} want to {need.action.kind} "
            f"in {district_name(need.district)}. "
            f"The {names[need.seat]} have the most blocs there: stop it or allow it?"
        )
    if isinstance(need, LootOffer):
        what = "a trade of loot cards" if need.trade else "a loot card"
        return f"The {names[need.actor]} offer the {names[need.seat]} {what}. Accept or decline?"
    if isinstance(need, DiscardChoice):
        return f"The {names[need.seat]} choose {need.count} of the cards just drawn to discard."
    if isinstance(need, VictimChoice):
        return (
            f"{need.count} riot cop attack(s) in {district_name(need.district)}: "
            f"the {names[need.seat]} choose whose bloc falls next."
        )
    moment = "Police Repression" if need.step == "police_repression" else "District Liberation"
    return f"{moment}: each faction may play loot cards now, or pass."


def hand_text(state: BlocState, seat: int) -> str:
    content = load_content()
    lines = [f"You play the {state.seat_names[seat]}."]
    hand = state.hands[seat]
    if hand:
        lines.append(
            "Loot cards: "
            + "; ".join(f"{content.loot[c].name} ({content.loot[c].text})" for c in hand)
        )
    else:
        lines.append("Loot cards: none.")
    offer = next((p for p in state.pending if isinstance(p, LootOffer) and p.seat == seat), None)
    if offer is not None:
        line = f"Offer waiting: {the(state, offer.actor)} offer you {content.loot[offer.card].name}"
        if offer.trade:
            back = content.loot[offer.want].name if offer.want else "a card of your choice"
            line += f" for your {back}" if offer.want else f" for {back}"
        lines.append(line + ".")
    agenda = state.agendas[seat]
    if agenda is not None:
        card = content.agendas[agenda]
        options = " | ".join(f"[{o.mode.replace('_', ' ')}] {o.text}" for o in card.options)
        lines.append(f"Agenda: {card.name}: {options}")
    return "\n".join(lines)


def status_text(state: BlocState, prompts: dict[int, Prompt]) -> str:
    waiting = ", ".join(state.seat_names[s] for s in prompts) or "nobody"
    return (
        f"Night {state.night}, {state.nights_left} night(s) left; police morale "
        f"{load_content().morale.steps[state.morale].label}. {decision_text(state)} "
        f"Waiting for: {waiting}."
    )


def label_value(state: BlocState, kind: str, field: str, value: Any) -> str:
    """Friendly autocomplete labels: dice with their values, districts with who is there."""
    if field == "die":
        if value == 0:
            return "Free action (no die)"
        i = int(value) - 1
        if 0 <= i < len(state.dice):
            d = state.dice[i]
            return f"Die {value}: shows {d.value}" + (" (used)" if d.used else " (unused)")
        return str(value)
    if field in ("district", "from_district", "to_district", "toward") and value:
        districts = load_content().districts
        if value not in districts:
            return str(value)
        return f"{districts[value].name}{_crowd(state, value)}"
    if field == "card" and value:
        loot = load_content().loot
        return loot[value].name if value in loot else str(value)
    if field == "occupation":
        return occupation_name(value)
    if field == "faction":
        factions = load_content().factions
        return factions[value].name if value in factions else str(value)
    if field == "target" and value not in ("cop", "van"):
        return (
            f"kick out into {district_name(value)}"
            if value in load_content().districts
            else str(value)
        )
    return str(value)


def _crowd(state: BlocState, tile: str) -> str:
    """Who stands in a district, the same for every reader: labels carry no seat, and an
    out-of-turn seat must not read the acting faction's blocs as its own."""
    here = [(state.seat_names[s], state.blocs_of(s, tile)) for s in range(state.seats)]
    here = [(name, n) for name, n in here if n]
    parts = []
    if here:
        total = sum(n for _, n in here)
        each = ", ".join(f"{name} {n}" for name, n in here)
        parts.append(f"{total} bloc{'s' * (total > 1)}: {each}")
    cops = state.cops.get(tile, 0)
    if cops:
        parts.append(f"{cops} cop{'s' * (cops > 1)}")
    if tile in state.vans:
        parts.append("riot van")
    return f" ({'; '.join(parts)})" if parts else ""


def describe(state: BlocState, action: ActionBase) -> str:
    data = action.model_dump(exclude={"kind"})
    parts = [label_value(state, action.kind, k, v) for k, v in data.items() if v not in ("", None)]
    return " ".join([action.kind, *parts])
