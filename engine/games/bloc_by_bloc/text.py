"""Words for the players: what the table is waiting for, a seat's hand, the status line,
autocomplete labels and action descriptions. Like the view, nothing here names a loot card or
an agenda to anyone but the seat holding it.

Everything here is a message (`engine.messages`): the sentences live in the game's catalogs.
"""

from __future__ import annotations

from typing import Any

from engine.core import ActionBase, IllegalAction, Prompt
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.places import (
    agenda_goals,
    agenda_name,
    commas,
    district_name,
    faction_name,
    occupation_name,
    seat_of_faction,
    semicolons,
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
from engine.messages import ENGLISH, Arg, Msg, m, say
from engine.words import excerpt

LABEL_LIMIT = 99
"""The longest `describe` label (in English): a confirmation or a button, never a paragraph."""


def as_is(text: object) -> Msg:
    """What a player typed, or a number, shown as it is in every language."""
    return m("bloc.as_is", text=excerpt(text))


def decision_text(state: BlocState) -> Msg:
    """What the table is waiting for, in words safe for everyone to read; once the game is over,
    how it ended."""
    if state.outcome is not None:
        return m("bloc.status.game_over", result=_result(state))
    if not state.pending:
        if state.phase == "setup":
            return m("bloc.status.setup")
        return m("bloc.status.turn", who=the(state, state.current, True))
    return pending_text(state, state.pending[0])


def pending_text(state: BlocState, need: Pending) -> Msg:
    if isinstance(need, StopChance):
        where = district_name(need.district)
        who, boss = the(state, need.actor, True), the(state, need.seat, True)
        return m(f"bloc.pending.stop.{need.action.kind}", who=who, where=where, boss=boss)
    if isinstance(need, LootOffer):
        who, to = the(state, need.actor, True), the(state, need.seat)
        return m(f"bloc.pending.{'trade' if need.trade else 'gift'}", who=who, to=to)
    if isinstance(need, DiscardChoice):
        return m("bloc.pending.discard", who=the(state, need.seat, True), n=need.count)
    if isinstance(need, VictimChoice):
        where = district_name(need.district)
        return m("bloc.pending.victim", n=need.count, where=where, who=the(state, need.seat))
    step = "repression" if need.step == "police_repression" else "liberation"
    return m(f"bloc.pending.window.{step}")


def hand_text(state: BlocState, seat: int) -> Msg:
    lines = [m("bloc.hand.you_play", who=the(state, seat))]
    hand = state.hands[seat]
    if hand:
        lines.append(m("bloc.hand.loot"))
        for card in sorted(set(hand), key=hand.index):
            n = hand.count(card)
            said: dict[str, Arg] = {"card": card_name(card), "text": m(f"bloc.loot.{card}.text")}
            lines.append(
                m("bloc.hand.cards", n=n, **said) if n > 1 else m("bloc.hand.card", **said)
            )
    else:
        lines.append(m("bloc.hand.no_loot"))
    offer = next((p for p in state.pending if isinstance(p, LootOffer) and p.seat == seat), None)
    if offer is not None:
        offered: dict[str, Arg] = {"who": the(state, offer.actor), "card": card_name(offer.card)}
        if not offer.trade:
            lines.append(m("bloc.hand.offer", **offered))
        elif offer.want:
            lines.append(m("bloc.hand.offer.trade", want=card_name(offer.want), **offered))
        else:
            lines.append(m("bloc.hand.offer.trade_any", **offered))
    agenda = state.agendas[seat]
    if agenda is not None:
        lines.append(m("bloc.hand.agenda", agenda=agenda_name(agenda), goals=agenda_goals(agenda)))
    return commas(lines, "bloc.list.lines")


def status_text(state: BlocState, prompts: dict[int, Prompt]) -> Msg:
    morale = morale_name(state)
    if state.outcome is not None:
        return m("bloc.status.over", night=state.night, morale=morale, result=_result(state))
    said: dict[str, Arg] = {"night": state.night, "n": state.nights_left, "morale": morale}
    decision = decision_text(state)
    if not prompts:
        return m("bloc.status.waiting_nobody", decision=decision, **said)
    waiting = [the(state, s) for s in prompts]
    return m("bloc.status.waiting", decision=decision, waiting=waiting, **said)


def morale_name(state: BlocState) -> Msg:
    return m(f"bloc.morale.{load_content().morale.steps[state.morale].label.lower()}")


def _result(state: BlocState) -> Msg:
    """The ending and who won, in one or two sentences."""
    assert state.outcome is not None
    winners = winners_text(state, state.outcome.winners)
    return m("bloc.end.line", reason=state.outcome.msg, winners=winners)


def winners_text(state: BlocState, winners: list[int]) -> Msg:
    if not winners:
        return m("bloc.win.nobody")
    if len(winners) == state.seats > 1:
        return m("bloc.win.everyone")
    who = [the(state, s, i == 0) for i, s in enumerate(winners)]
    return m("bloc.win.shared" if len(winners) > 1 else "bloc.win.one", who=who)


def label_value(state: BlocState, kind: str, field: str, value: Any) -> Msg:
    """Friendly autocomplete labels: dice with their values, districts with who is there."""
    if field == "die":
        if value == 0:
            return m("bloc.label.free_action")
        i = int(value) - 1
        if 0 <= i < len(state.dice):
            d = state.dice[i]
            return m(f"bloc.label.die.{'used' if d.used else 'unused'}", die=value, value=d.value)
        return as_is(value)
    if field in ("district", "from_district", "to_district", "toward") and value:
        if value not in load_content().districts:
            return as_is(value)
        return _crowd(state, value)
    if field in ("card", "want") and value:
        return card_name(value)
    if field == "occupation":
        return _occupation(value)
    if field == "faction":
        return faction_name(value) if value in load_content().factions else as_is(value)
    if field == "target":
        if value == "cop":
            return m("bloc.label.target.cop")
        if value == "van":
            return m("bloc.label.target.van")
        if value in load_content().districts:
            return m("bloc.label.target.kick", where=district_name(value))
    return as_is(value)


def _crowd(state: BlocState, tile: str) -> Msg:
    """A district's name and who stands there, the same for every reader: labels carry no
    seat, and an out-of-turn seat must not read the acting faction's blocs as its own."""
    here = [(s, state.blocs_of(s, tile)) for s in range(state.seats)]
    here = [(s, n) for s, n in here if n]
    parts = []
    if here:
        total = sum(n for _, n in here)
        each = [
            m("bloc.label.crowd.faction", name=faction_name(state.factions[s]), n=n)
            for s, n in here
        ]
        parts.append(m("bloc.label.crowd.blocs", n=total, each=commas(each)))
    cops = state.cops.get(tile, 0)
    if cops:
        parts.append(m("bloc.count.cops", n=cops))
    if tile in state.vans:
        parts.append(m("bloc.label.crowd.van"))
    if not parts:
        return district_name(tile)
    return m("bloc.label.crowd", where=district_name(tile), crowd=semicolons(parts))


# ----- describing an action ------------------------------------------------------------------


def describe(state: BlocState, action: ActionBase) -> Msg:
    """A short label for a complete action, e.g. "Move 2 blocs Overcrowded Jail → The Park
    (die 1)": a confirmation of a move taken or a button, never the whole district. The die
    is left out when it would make the English label too long for a button."""
    label = _label(state, action)
    die = getattr(action, "die", None)
    if die is not None:
        spent = m("bloc.label.with_die", label=label, die=_die(action.kind, die))
        label = spent if len(say(spent, ENGLISH)) <= LABEL_LIMIT else label
    return label


def _die(kind: str, die: int) -> Msg:
    if die == 0:
        return m("bloc.label.free_move" if kind == "move" else "bloc.label.no_die")
    return m("bloc.label.die", die=die)


SIMPLE = {
    "hack": "bloc.label.hack",
    "draw": "bloc.label.draw",
    "decline": "bloc.label.decline",
    "end": "bloc.label.end",
    "pass": "bloc.label.pass",
}
"""Actions whose label names nothing but the action."""


def _label(state: BlocState, action: ActionBase) -> Msg:
    a: Any = action
    kind = action.kind
    if kind in SIMPLE:
        return m(SIMPLE[kind])
    if kind == "start":
        return m("bloc.label.start", where=_district(a.district))
    if kind == "move":
        where, to = _district(a.from_district), _district(a.to_district)
        return m("bloc.label.move", n=a.blocs, where=where, to=to)
    if kind == "barricade":
        where = _district(a.district)
        if len(a.targets()) == 1:
            return m("bloc.label.barricade", where=where, to=_district(a.toward))
        return m("bloc.label.barricades", n=len(a.targets()), where=where)
    if kind == "loot":
        step = "burn" if a.step == "burn" else "graffiti"
        return m(f"bloc.label.loot.{step}", where=_district(a.district))
    if kind in ("build", "swap"):
        return m(
            f"bloc.label.{kind}", occupation=_occupation(a.occupation), where=_district(a.district)
        )
    if kind == "attack":
        where = _district(a.district)
        if a.target in ("cop", "van"):
            return m(f"bloc.label.attack.{a.target}", where=where)
        return m("bloc.label.attack.kick", where=where, to=_district(a.target))
    if kind == "form":
        return m("bloc.label.form", where=_district(a.district))
    if kind == "card":
        return _card_label(a.card, a.district, a.toward)
    if kind in ("gift", "trade"):
        said = {"card": card_name(a.card), "to": _faction(state, a.faction)}
        if kind == "gift":
            return m("bloc.label.gift", **said)
        if a.want:
            return m("bloc.label.trade", want=card_name(a.want), **said)
        return m("bloc.label.trade_any", **said)
    if kind == "accept":
        return (
            m("bloc.label.accept", card=card_name(a.card))
            if a.card
            else m("bloc.label.accept_offer")
        )
    if kind == "discard":
        return m("bloc.label.discard", card=card_name(a.card))
    if kind in ("stop", "allow"):
        return _stop_label(state, kind)
    if kind == "defeat":
        return m("bloc.label.defeat", who=_faction(state, a.faction, True))
    if kind == "prefer":
        return _prefer_label(a.setting, a.value)
    return as_is(kind.capitalize())


def _card_label(card: str, district: str, toward: str) -> Msg:
    said: dict[str, Msg] = {"card": card_name(card)}
    if district:
        said["where"] = _district(district)
    if toward:
        said["to"] = _district(toward)
    shape = "_in" * bool(district) + "_toward" * bool(toward)
    return m(f"bloc.label.card{shape}", **said)


def _stop_label(state: BlocState, kind: str) -> Msg:
    need = state.pending[0] if state.pending else None
    if not isinstance(need, StopChance):
        return m(f"bloc.label.{kind}_action")
    if kind == "stop":
        return m("bloc.label.stop", stopped=stopped_text(state, need))
    where = district_name(need.district)
    return m(f"bloc.label.allow.{need.action.kind}", who=the(state, need.actor), where=where)


def stopped_text(state: BlocState, need: StopChance) -> Msg:
    """What a stop prevents: "the Students from looting a shopping center in The Park"."""
    where = district_name(need.district)
    return m(f"bloc.stopped.{need.action.kind}", who=the(state, need.actor), where=where)


PREFERENCES = {("stop", "ask"), ("stop", "never"), ("scanner", "auto"), ("scanner", "never")}
"""The standing choices that have a label of their own."""


def _prefer_label(setting: str, value: str) -> Msg:
    if (setting, value) in PREFERENCES:
        return m(f"bloc.label.prefer.{setting}.{value}")
    return m("bloc.label.prefer")


def _district(tile: str) -> Msg:
    return district_name(tile) if tile in load_content().districts else as_is(tile)


def _occupation(occ: str) -> Msg:
    return occupation_name(occ) if occ in load_content().occupations else as_is(occ)


def card_name(card: str) -> Msg:
    return m(f"bloc.loot.{card}.name") if card in load_content().loot else as_is(card)


def _faction(state: BlocState, name: str, capital: bool = False) -> Msg:
    try:
        return the(state, seat_of_faction(state, name), capital)
    except IllegalAction:
        return as_is(name)
