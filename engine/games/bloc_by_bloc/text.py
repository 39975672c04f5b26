"""Words for the players: what the table is waiting for, a seat's hand, the status line,
autocomplete labels and action descriptions. Like the view, nothing here names a loot card or
an agenda to anyone but the seat holding it.
"""

from __future__ import annotations

from typing import Any

from engine.core import ActionBase, IllegalAction, Prompt
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.places import (
    district_name,
    occupation_name,
    seat_of_faction,
    the,
)
from engine.games.bloc_by_bloc.state import (
    BlocState,
    DiscardChoice,
    LootOffer,
    Pending,
    StopChance,
    VictimChoice,
)
from engine.words import count, excerpt, listing

ADVANCED = {
    "loot": "loot a shopping center",
    "build": "build an occupation",
    "swap": "swap an occupation",
}
"""An advanced action another faction may stop, as a sentence names it."""
STOPPED = {
    "loot": "looting a shopping center",
    "build": "building an occupation",
    "swap": "swapping an occupation",
}

LABEL_LIMIT = 99
"""The longest `describe` label: a confirmation or a button, never a paragraph."""


def decision_text(state: BlocState) -> str:
    """What the table is waiting for, in words safe for everyone to read; once the game is over,
    how it ended."""
    if state.outcome is not None:
        return f"Game over: {_result(state)}"
    if not state.pending:
        if state.phase == "setup":
            return "Every faction chooses its starting district."
        return f"The {state.seat_names[state.current]} are taking their turn."
    return pending_text(state, state.pending[0])


def pending_text(state: BlocState, need: Pending) -> str:
    names = state.seat_names
    if isinstance(need, StopChance):
        what = ADVANCED.get(need.action.kind, need.action.kind)
        return (
            f"The {names[need.actor]} want to {what} in {district_name(need.district)}. "
            f"The {names[need.seat]} have the most blocs there: stop it or allow it?"
        )
    if isinstance(need, LootOffer):
        what = "a trade of loot cards" if need.trade else "a loot card"
        return f"The {names[need.actor]} offer the {names[need.seat]} {what}. Accept or decline?"
    if isinstance(need, DiscardChoice):
        cards = count(need.count, "card")
        return f"The {names[need.seat]} choose {cards} of those just drawn to discard."
    if isinstance(need, VictimChoice):
        attacks = count(need.count, "riot cop attack")
        return (
            f"{attacks} still to come in {district_name(need.district)}: "
            f"the {names[need.seat]} choose whose bloc falls next."
        )
    moment = "Police Repression" if need.step == "police_repression" else "District Liberation"
    return f"{moment}: each faction may play loot cards now, or pass."


def hand_text(state: BlocState, seat: int) -> str:
    content = load_content()
    lines = [f"You play the {state.seat_names[seat]}."]
    hand = state.hands[seat]
    if hand:
        lines.append("Loot cards:")
        for card in sorted(set(hand), key=hand.index):
            n = hand.count(card)
            many = f"{n} × " if n > 1 else ""
            lines.append(f"- {many}{content.loot[card].name}: {content.loot[card].text}")
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
        agenda_card = content.agendas[agenda]
        goals = " Or: ".join(o.text for o in agenda_card.options)
        lines.append(f"Agenda: {agenda_card.name}. {goals}")
    return "\n".join(lines)


def status_text(state: BlocState, prompts: dict[int, Prompt]) -> str:
    morale = load_content().morale.steps[state.morale].label
    if state.outcome is not None:
        return f"Game over after night {state.night}; police morale {morale}. " + _result(state)
    waiting = listing([the(state, s) for s in prompts]) or "nobody"
    return (
        f"Night {state.night}, {count(state.nights_left, 'night')} left; police morale "
        f"{morale}. {decision_text(state)} Waiting for {waiting}."
    )


def _result(state: BlocState) -> str:
    """The ending and who won, in one or two sentences."""
    assert state.outcome is not None
    return f"{state.outcome.reason} {winners_text(state, state.outcome.winners)}"


def winners_text(state: BlocState, winners: list[int]) -> str:
    if not winners:
        return "Nobody wins."
    if len(winners) == state.seats > 1:
        return "Every faction wins."
    who = listing([the(state, s) for s in winners])
    share = " share the win" if len(winners) > 1 else " win"
    return f"{who[0].upper()}{who[1:]}{share}."


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
            return excerpt(value)
        return f"{districts[value].name}{_crowd(state, value)}"
    if field == "card" and value:
        loot = load_content().loot
        return loot[value].name if value in loot else excerpt(value)
    if field == "occupation":
        return _occupation(value)
    if field == "faction":
        factions = load_content().factions
        return factions[value].name if value in factions else excerpt(value)
    if field == "target":
        if value == "cop":
            return "defeat a riot cop"
        if value == "van":
            return "hit the riot van"
        if value in load_content().districts:
            return f"kick 2 riot cops out into {district_name(value)}"
    return excerpt(value)


def _crowd(state: BlocState, tile: str) -> str:
    """Who stands in a district, the same for every reader: labels carry no seat, and an
    out-of-turn seat must not read the acting faction's blocs as its own."""
    here = [(state.seat_names[s], state.blocs_of(s, tile)) for s in range(state.seats)]
    here = [(name, n) for name, n in here if n]
    parts = []
    if here:
        total = sum(n for _, n in here)
        each = ", ".join(f"{name} {n}" for name, n in here)
        parts.append(f"{count(total, 'bloc')}: {each}")
    cops = state.cops.get(tile, 0)
    if cops:
        parts.append(count(cops, "cop"))
    if tile in state.vans:
        parts.append("riot van")
    return f" ({'; '.join(parts)})" if parts else ""


# ----- describing an action ------------------------------------------------------------------


def describe(state: BlocState, action: ActionBase) -> str:
    """A short label for a complete action, e.g. "Move 2 blocs Overcrowded Jail → The Park
    (die 1)": a confirmation of a move taken or a button, never the whole district."""
    label = _label(state, action)
    die = getattr(action, "die", None)
    if die is not None:
        spent = f"{label} ({_die(action.kind, die)})"
        label = spent if len(spent) <= LABEL_LIMIT else label
    return excerpt(label, LABEL_LIMIT)


def _die(kind: str, die: int) -> str:
    if die == 0:
        return "free move" if kind == "move" else "no die"
    return f"die {die}"


def _label(state: BlocState, action: ActionBase) -> str:
    a: Any = action
    kind = action.kind
    if kind == "start":
        return f"Start in {_district(a.district)}"
    if kind == "move":
        blocs = count(a.blocs, "bloc")
        return f"Move {blocs} {_district(a.from_district)} → {_district(a.to_district)}"
    if kind == "barricade":
        if len(a.targets()) == 1:
            return f"Barricade between {_district(a.district)} and {_district(a.toward)}"
        return f"Build {count(len(a.targets()), 'barricade')} around {_district(a.district)}"
    if kind == "loot":
        verb = "Burn" if a.step == "burn" else "Graffiti"
        return f"{verb} a shopping center in {_district(a.district)}"
    if kind == "build":
        return f"Build {_occupation(a.occupation)} in {_district(a.district)}"
    if kind == "swap":
        return f"Swap in {_occupation(a.occupation)} at {_district(a.district)}"
    if kind == "attack":
        where = _district(a.district)
        if a.target == "cop":
            return f"Attack a riot cop in {where}"
        if a.target == "van":
            return f"Hit the riot van in {where}"
        return f"Kick riot cops out of {where} into {_district(a.target)}"
    if kind == "form":
        return f"Form a bloc at the Assembly Hall in {_district(a.district)}"
    if kind == "hack":
        return "Hacker Space: draw 2 loot cards, keep 1"
    if kind == "draw":
        return "Draw the Propaganda Workshop's free loot card"
    if kind == "card":
        where = f" in {_district(a.district)}" if a.district else ""
        toward = f" toward {_district(a.toward)}" if a.toward else ""
        return f"Play {_card(a.card)}{where}{toward}"
    if kind in ("gift", "trade"):
        offer = f"Offer {_card(a.card)} to {_faction(state, a.faction)}"
        if kind == "gift":
            return offer
        return f"{offer} for {_card(a.want) if a.want else 'a card of their choice'}"
    if kind == "accept":
        return f"Accept, giving {_card(a.card)}" if a.card else "Accept the offer"
    if kind == "decline":
        return "Decline the offer"
    if kind == "discard":
        return f"Discard {_card(a.card)}"
    if kind == "end":
        return "End turn"
    if kind in ("stop", "allow"):
        return _stop_label(state, kind)
    if kind == "defeat":
        name = _faction(state, a.faction)
        return f"{name[0].upper()}{name[1:]} lose a bloc"
    if kind == "pass":
        return "Pass: play no loot card now"
    if kind == "prefer":
        return _prefer_label(a.setting, a.value)
    return kind.capitalize()


def _stop_label(state: BlocState, kind: str) -> str:
    need = state.pending[0] if state.pending else None
    if not isinstance(need, StopChance):
        return "Stop the action" if kind == "stop" else "Allow the action"
    if kind == "stop":
        return f"Stop {stopped_text(state, need)}"
    who, where = the(state, need.actor), district_name(need.district)
    return f"Let {who} {ADVANCED.get(need.action.kind, need.action.kind)} in {where}"


def stopped_text(state: BlocState, need: StopChance) -> str:
    """What a stop prevents: "the Students from looting a shopping center in The Park"."""
    doing = STOPPED.get(need.action.kind, need.action.kind)
    return f"the {state.seat_names[need.actor]} from {doing} in {district_name(need.district)}"


PREFERENCES = {
    ("stop", "ask"): "Standing choice: ask me whether to stop other factions",
    ("stop", "never"): "Standing choice: never ask me to stop other factions",
    ("scanner", "auto"): "Standing choice: reroll bad reaction rolls with my Police Scanner",
    ("scanner", "never"): "Standing choice: never use my Police Scanner by itself",
}


def _prefer_label(setting: str, value: str) -> str:
    return PREFERENCES.get((setting, value), "Standing choice")


def _district(tile: str) -> str:
    districts = load_content().districts
    return districts[tile].name if tile in districts else excerpt(tile)


def _occupation(occ: str) -> str:
    return occupation_name(occ) if occ in load_content().occupations else excerpt(occ)


def _card(card: str) -> str:
    loot = load_content().loot
    return loot[card].name if card in loot else excerpt(card)


def _faction(state: BlocState, name: str) -> str:
    try:
        return the(state, seat_of_faction(state, name))
    except IllegalAction:
        return excerpt(name)
