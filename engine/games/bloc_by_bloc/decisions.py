"""The decisions the table waits for (`state.pending`): for each kind, the answers it offers and
what an answer does, side by side.

Decisions are queued by the rules that raise them: an advanced action in someone else's
district (night.py), a gift or trade (rules.py), drawing more loot than a faction keeps
(night.py), riot cops choosing between factions (sunrise.py) and the sunrise card window
(sunrise_cards.py). The first in the queue is answered before anything else happens.
"""

from __future__ import annotations

from engine.core import ActionBase, Event, IllegalAction
from engine.games.bloc_by_bloc import night, sunrise, sunrise_cards
from engine.games.bloc_by_bloc.actions import (
    Accept,
    Allow,
    Card,
    Decline,
    Defeat,
    Discard,
    Pass,
    Stop,
)
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.decks import discard_loot, loot_name
from engine.games.bloc_by_bloc.places import seat_of_faction, the
from engine.games.bloc_by_bloc.state import (
    BlocState,
    CardWindow,
    DiscardChoice,
    LootOffer,
    StopChance,
    VictimChoice,
)
from engine.games.bloc_by_bloc.text import stopped_text
from engine.messages import m

# ----- stop: the faction with the most blocs may stop an advanced action ---------------------


def _stop(state: BlocState, need: StopChance, action: ActionBase) -> list[Event]:
    if not isinstance(action, Stop | Allow):
        raise IllegalAction(m("bloc.refuse.stop_or_allow"))
    state.pending.pop(0)
    who = the(state, need.seat, True)
    if isinstance(action, Stop):
        return [Event(msg=m("bloc.stop", who=who, stopped=stopped_text(state, need)))]
    return [
        Event(msg=m("bloc.allow", who=who, actor=the(state, need.actor))),
        *night.carry_out(state, need.actor, need.action),
    ]


# ----- offer: a gift or a trade of loot cards ------------------------------------------------


def _offer_answers(state: BlocState, seat: int, need: LootOffer) -> list[ActionBase]:
    if not need.trade:
        return [Accept(), Decline()]
    if need.want:
        held = need.want in state.hands[seat]
        return [*([Accept(card=need.want)] if held else []), Decline()]
    return [*(Accept(card=c) for c in sorted(set(state.hands[seat]))), Decline()]


def _answer(state: BlocState, need: LootOffer, action: ActionBase) -> list[Event]:
    deal = "trade" if need.trade else "gift"
    if isinstance(action, Decline):
        state.pending.pop(0)
        return [Event(msg=m(f"bloc.{deal}.declined", who=the(state, need.seat, True)))]
    if not isinstance(action, Accept):
        raise IllegalAction(m("bloc.refuse.accept_or_decline"))
    if need.trade:
        if need.want and action.card != need.want:
            raise IllegalAction(m("bloc.refuse.trade.wants", card=loot_name(need.want)))
        if action.card not in state.hands[need.seat]:
            if action.card in load_content().loot:
                raise IllegalAction(m("bloc.refuse.trade.not_held", card=loot_name(action.card)))
            raise IllegalAction(m("bloc.refuse.trade.not_held_any"))
    state.pending.pop(0)
    state.hands[need.actor].remove(need.card)
    state.hands[need.seat].append(need.card)
    events = [Event(msg=m(f"bloc.{deal}.accepted", who=the(state, need.seat, True)))]
    if need.trade:
        state.hands[need.seat].remove(action.card)
        state.hands[need.actor].append(action.card)
        events.append(Event(msg=m("bloc.receive", card=loot_name(action.card)), seat=need.actor))
    events.append(Event(msg=m("bloc.receive", card=loot_name(need.card)), seat=need.seat))
    return events


# ----- discard: loot drawn beyond what a faction keeps ---------------------------------------


def _discard(state: BlocState, need: DiscardChoice, action: ActionBase) -> list[Event]:
    if not isinstance(action, Discard) or action.card not in need.cards:
        raise IllegalAction(m("bloc.refuse.discard.which"))
    if action.card not in state.hands[need.seat]:
        raise IllegalAction(m("bloc.refuse.discard.gone"))
    discard_loot(state, need.seat, action.card)
    need.cards.remove(action.card)
    need.count -= 1
    if need.count == 0:
        state.pending.pop(0)
    return [Event(msg=m("bloc.discard", who=the(state, need.seat, True)))]


def default_discard(state: BlocState, need: DiscardChoice) -> Discard:
    """The card let go for a faction that does not choose: the last one drawn still in hand,
    so the faction keeps the cards it would have had from plain draws, and nothing is judged
    for it."""
    held = [c for c in need.cards if c in state.hands[need.seat]]
    return Discard(card=held[-1])


# ----- repression: whose bloc the next riot cop defeats --------------------------------------


def victims(state: BlocState, need: VictimChoice) -> list[ActionBase]:
    return [
        Defeat(faction=state.factions[s])
        for s in range(state.seats)
        if state.blocs_of(s, need.district)
    ]


def _defeat(state: BlocState, need: VictimChoice, action: ActionBase) -> list[Event]:
    if not isinstance(action, Defeat):
        raise IllegalAction(m("bloc.refuse.defeat.choose"))
    victim = seat_of_faction(state, action.faction)
    if not state.blocs_of(victim, need.district):
        raise IllegalAction(m("bloc.refuse.defeat.none_there"))
    state.pending.pop(0)
    events = sunrise.cops_attack(state, need.district, need.count, need.seat, chosen=victim)
    return events + sunrise.proceed(state)


# ----- window: loot cards played at sunrise, or a pass -----------------------------------------


def _window(state: BlocState, seat: int, need: CardWindow, action: ActionBase) -> list[Event]:
    """A card played keeps the seat in the window while it still holds cards (hand sizes are
    public, so leaving on the last card tells nothing). A pass is its last word, and so is a
    card set aside for District Liberation, which the table reads as the same pass. The window
    closes, and the sunrise goes on, once every seat asked is done."""
    if not isinstance(action, Card | Pass):
        raise IllegalAction(m("bloc.refuse.card_or_pass"))
    moment = sunrise_cards.MOMENTS[need.step]
    passed = [Event(msg=m("bloc.window.pass", who=the(state, seat, True), moment=moment))]
    if isinstance(action, Pass):
        events = passed
    elif sunrise_cards.sets_aside(action.card, need.step):
        events = sunrise_cards.window_card(state, seat, action, need.step) + passed
    else:
        events = sunrise_cards.window_card(state, seat, action, need.step)
        if state.hands[seat]:
            return events
    need.waiting.remove(seat)
    if need.waiting:
        return events
    state.pending.pop(0)
    return events + sunrise.proceed(state)


# ----- the decision at the head of the queue -------------------------------------------------


def answers(state: BlocState, seat: int) -> list[ActionBase]:
    """Every answer `seat` may give to the decision at the head of the queue (none if it is
    not theirs to give)."""
    need = state.pending[0]
    if isinstance(need, CardWindow):
        if seat not in need.waiting:
            return []
        return [*sunrise_cards.window_answers(state, seat, need.step), Pass()]
    if seat != need.seat:
        return []
    if isinstance(need, StopChance):
        return [Stop(), Allow()]
    if isinstance(need, LootOffer):
        return _offer_answers(state, seat, need)
    if isinstance(need, DiscardChoice):
        return [Discard(card=c) for c in sorted(set(need.cards)) if c in state.hands[seat]]
    return victims(state, need)


def settle(state: BlocState, seat: int, action: ActionBase) -> list[Event]:
    """Check `action` as `seat`'s answer to the decision at the head of the queue and carry it
    out; refused, nothing has changed."""
    need = state.pending[0]
    if isinstance(need, CardWindow):
        if seat not in need.waiting:
            raise IllegalAction(m("bloc.refuse.nothing_to_decide"))
        return _window(state, seat, need, action)
    if seat != need.seat:
        raise IllegalAction(m("bloc.refuse.nothing_to_decide"))
    if isinstance(need, StopChance):
        return _stop(state, need, action)
    if isinstance(need, LootOffer):
        return _answer(state, need, action)
    if isinstance(need, DiscardChoice):
        return _discard(state, need, action)
    return _defeat(state, need, action)
