"""Loot cards for the sunrise: cards set aside until their step, and the one card window, who
it asks and what they may answer.

As it ends its turn (`/bloc end` with a card and a district), a faction may set one sunrise
card aside for tonight. Factions choose never to be asked at sunrise by default (`/bloc prefer
sunrise never`), and this is how they use their cards; telling the table nothing, for an
ending reads the same with or without a card set aside.

A card set aside stays in the hand, unseen (hand sizes do not move), until its step, which
plays it only where it still applies: Shields where riot cops will attack the faction's blocs,
Lock-on Chains where they can reach its occupation, Banners where, with the other cards set
aside there, they carry the district over its threshold. Otherwise it stays in the hand and
is never shown.

For factions that chose to be asked (`/bloc prefer sunrise ask`), the window opens at most once
a sunrise, at Police Repression, before the riot cops attack. Repression cards played in it act
on this repression; a liberation card named there is set aside for District Liberation as the
faction's last answer, which the table reads as a pass. Who is asked depends on what everyone
sees (the board, hand sizes) and on standing choices, never on the cards held or set aside: a
faction holding any card, placed so that some repression or liberation card would have a
target. See the package README, "Sunrise cards".
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import Event, IllegalAction
from engine.games.bloc_by_bloc.actions import Card, End
from engine.games.bloc_by_bloc.cards import (
    card_targets,
    loot_card,
    play_card,
    playable_cards,
    playable_now,
)
from engine.games.bloc_by_bloc.content.effects import (
    LiberationBonus,
    PreventAttacks,
    ProtectOccupation,
)
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.content.models import LootCard
from engine.games.bloc_by_bloc.decks import loot_name
from engine.games.bloc_by_bloc.places import (
    difficulty,
    district_name,
    is_liberated,
    require_district,
)
from engine.games.bloc_by_bloc.state import BlocState, CardWindow, SetAside, WindowStep
from engine.messages import m

REPRESSION: WindowStep = "police_repression"
LIBERATION: WindowStep = "liberation"
STEPS: tuple[WindowStep, ...] = (REPRESSION, LIBERATION)
MOMENTS = {REPRESSION: m("bloc.moment.repression"), LIBERATION: m("bloc.moment.liberation")}


def _step_of(card: LootCard) -> WindowStep | None:
    """The sunrise step the card is for, if it is for one."""
    return next((s for s in STEPS if card.timing == s and playable_now(card, s)), None)


# ----- the window ----------------------------------------------------------------------------


def window_seats(state: BlocState) -> list[int]:
    """The seats the window asks, in seat order: each holds a card, is placed so that some
    repression or liberation card, were it in that hand, would have a target now, and has not
    chosen never to be asked at sunrise."""
    sunrise = [c for c in load_content().loot.values() if _step_of(c)]
    return [
        s
        for s in range(state.seats)
        if state.hands[s]
        and not state.never_asked_at_sunrise(s)
        and any(card_targets(state, s, card) for card in sunrise)
    ]


def open_window(state: BlocState) -> None:
    """Queue tonight's card window, unless nobody is to be asked."""
    seats = window_seats(state)
    if seats:
        state.pending.append(CardWindow(step=REPRESSION, waiting=seats))


def _sets_aside(card: LootCard, step: WindowStep) -> bool:
    return step == REPRESSION and _step_of(card) == LIBERATION


def sets_aside(card_id: str, step: WindowStep) -> bool:
    """Whether naming this card in a window of this step sets it aside (a liberation card at
    Police Repression) rather than playing it. Setting aside is the faction's last answer in
    the window, and the table reads it as a pass."""
    content = load_content().loot
    return card_id in content and _sets_aside(content[card_id], step)


def _free_copies(state: BlocState, seat: int, card: str) -> int:
    """Copies of the card in the seat's hand not set aside yet."""
    aside = sum(1 for a in state.set_aside if a.seat == seat and a.card == card)
    return state.hands[seat].count(card) - aside


def window_answers(state: BlocState, seat: int, step: WindowStep) -> list[Card]:
    """The cards the seat may play in the window, then the liberation cards it may set aside
    there (the pass is the caller's)."""
    played = list(playable_cards(state, seat, step))
    aside = [
        Card(card=cid, district=d, toward=t)
        for cid in sorted(set(state.hands[seat]))
        if _sets_aside(loot_card(cid), step) and _free_copies(state, seat, cid) > 0
        for d, t in card_targets(state, seat, loot_card(cid))
    ]
    return played + aside


def window_card(state: BlocState, seat: int, a: Card, step: WindowStep) -> list[Event]:
    """A card named in the window: a liberation card at Police Repression is set aside (see
    `sets_aside`), any other card of the step is played (a copy set aside as the faction ended
    its turn is played now instead, where the faction names)."""
    content = load_content().loot
    if not sets_aside(a.card, step):
        events = play_card(state, seat, a, step)
        if _free_copies(state, seat, a.card) < 0:
            mine = [o for o in state.set_aside if o.seat == seat and o.card == a.card]
            state.set_aside.remove(mine[-1])
        return events
    card = content[a.card]
    if a.district:
        require_district(state, a.district)
    if (a.district, a.toward) not in card_targets(state, seat, card):
        raise IllegalAction(m("bloc.refuse.aside.not_there", card=loot_name(a.card)))
    return _set_aside(state, seat, a, LIBERATION)


# ----- setting a card aside as a faction ends its turn --------------------------------------


def order_districts(state: BlocState, seat: int, card: LootCard) -> list[str]:
    """Where the seat may set a sunrise card aside for as it ends its turn: wherever its pieces
    stand that the card could help at sunrise, whatever the police do before then."""
    effect = card.effects[0]
    if isinstance(effect, PreventAttacks):
        return sorted(state.blocs[seat])
    if isinstance(effect, ProtectOccupation):
        return sorted(state.occupations_of(seat))
    if isinstance(effect, LiberationBonus):
        return sorted(
            t for t in state.blocs[seat] if t in state.occupations and not is_liberated(state, t)
        )
    return []


def end_options(state: BlocState, seat: int) -> Iterator[End]:
    """Every way the seat may end its turn setting one sunrise card aside."""
    for cid in sorted(set(state.hands[seat])):
        card = loot_card(cid)
        if _step_of(card) and _free_copies(state, seat, cid) > 0:
            for tile in order_districts(state, seat, card):
                yield End(card=cid, district=tile)


def check_end(state: BlocState, seat: int, a: End) -> None:
    """Refuse an ending that names a card it cannot set aside (nothing has changed yet)."""
    if not a.card and not a.district:
        return
    content = load_content().loot
    if a.card not in content or _step_of(content[a.card]) is None:
        raise IllegalAction(m("bloc.refuse.aside.not_sunrise"))
    card = content[a.card]
    if _free_copies(state, seat, a.card) <= 0:
        raise IllegalAction(m("bloc.refuse.aside.none_free", card=loot_name(a.card)))
    if a.district not in order_districts(state, seat, card):
        raise IllegalAction(m("bloc.refuse.aside.where", card=loot_name(a.card)))


def end_set_aside(state: BlocState, seat: int, a: End) -> list[Event]:
    """Set aside the card the ending names, if any (checked by `check_end`). Only the faction
    is told: the channel reads the same ending either way."""
    if not a.card:
        return []
    step = _step_of(loot_card(a.card))
    assert step is not None
    return _set_aside(state, seat, Card(card=a.card, district=a.district), step)


def refuse_at_the_wrong_time(card_id: str) -> None:
    """A sunrise card named on the faction's own turn: say how it is used instead."""
    content = load_content().loot
    step = _step_of(content[card_id]) if card_id in content else None
    if step is not None:
        raise IllegalAction(
            m("bloc.refuse.aside.later", card=loot_name(card_id), moment=MOMENTS[step])
        )


def _set_aside(state: BlocState, seat: int, a: Card, step: WindowStep) -> list[Event]:
    name = loot_name(a.card)
    if _free_copies(state, seat, a.card) <= 0:
        raise IllegalAction(m("bloc.refuse.aside.none_free", card=name))
    state.set_aside.append(SetAside(seat=seat, card=a.card, district=a.district))
    where = district_name(a.district)
    aside = m("bloc.aside", card=name, where=where, moment=MOMENTS[step])
    return [Event(msg=aside, seat=seat)]


# ----- playing the cards set aside, at their step -------------------------------------------


def play_set_aside(state: BlocState, step: WindowStep) -> list[Event]:
    """Play the cards set aside for this step where they still apply, in tonight's turn order;
    the others of the step go back to being plain cards in the hand, never shown."""
    mine = [a for a in state.set_aside if _step_of(loot_card(a.card)) == step]
    state.set_aside = [a for a in state.set_aside if a not in mine]
    turn = state.order_from_first()
    mine.sort(key=lambda a: turn.index(a.seat))
    if step == LIBERATION:
        return _liberation(state, mine)
    events: list[Event] = []
    for a in mine:
        if a.card in state.hands[a.seat] and _repression_helps(state, a):
            events += play_card(state, a.seat, Card(card=a.card, district=a.district), step)
    return events


def _repression_helps(state: BlocState, a: SetAside) -> bool:
    """Shields while the cops there outnumber the shields already up for the faction's blocs;
    Lock-on Chains on an occupation the cops can reach, not chained yet."""
    card = loot_card(a.card)
    if (a.district, "") not in card_targets(state, a.seat, card):
        return False
    guard = [p for p in state.protections if p.seat == a.seat and p.district == a.district]
    if isinstance(card.effects[0], ProtectOccupation):
        return not any(p.chained for p in guard)
    return sum(p.shields for p in guard) < state.cops[a.district]


def _liberation(state: BlocState, orders: list[SetAside]) -> list[Event]:
    """In each district, the cards set aside for it that still apply (in the hand, a bloc of
    their faction there, the district occupied and not liberated) are played, no more than
    needed, if together they carry it over its threshold."""
    events: list[Event] = []
    for tile in dict.fromkeys(a.district for a in orders):
        usable: list[SetAside] = []
        for a in (a for a in orders if a.district == tile):
            counted = sum(1 for b in usable if b.seat == a.seat and b.card == a.card)
            if state.hands[a.seat].count(a.card) > counted and _still_applies(state, a):
                usable.append(a)
        need = 2 * difficulty(state, tile)
        if not _have(state, tile) < need <= _have(state, tile) + sum(map(_bonus, usable)):
            continue
        for a in usable:
            if _have(state, tile) >= need:
                break
            events += play_card(state, a.seat, Card(card=a.card, district=tile), LIBERATION)
    return events


def _have(state: BlocState, tile: str) -> int:
    return state.blocs_in(tile) + state.liberation_bonus.get(tile, 0)


def _still_applies(state: BlocState, a: SetAside) -> bool:
    return (
        state.blocs_of(a.seat, a.district) > 0
        and a.district in state.occupations
        and not is_liberated(state, a.district)
    )


def _bonus(a: SetAside) -> int:
    return sum(e.count for e in loot_card(a.card).effects if isinstance(e, LiberationBonus))
