"""A faction's turn outside clashes: the first round's placement, income and area points at
the start of a turn, purchases, deployment, movement, cards played on one's own turn, the end
of a turn (a Public Opinion card revealed, eliminations, the standstill rule) and the Police
choosing the protesters' order at the end of a round."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations

from engine.core import ActionBase, IllegalAction
from engine.games.riot import board as b
from engine.games.riot import names
from engine.games.riot.actions import (
    Buy,
    BuyCard,
    Deploy,
    Hospital,
    Move,
    Order,
    Place,
    Play,
    Ready,
)
from engine.games.riot.content.models import content
from engine.games.riot.state import (
    HOSPITAL,
    HQ,
    NEW,
    POLICE,
    SUPPLY,
    Casualty,
    Obstruction,
    RiotState,
    Unit,
)
from engine.kit import cards as deck
from engine.messages import Msg, m

POLICE_BONUS = {2: 0, 3: 2, 4: 3}
"""The Police's extra income each turn by table size."""
AREA_POINTS_TO_WIN = 7


def in_play(state: RiotState) -> list[int]:
    return [s for s in range(state.players) if s not in state.out]


def protesters(state: RiotState) -> list[int]:
    return [s for s in in_play(state) if s != POLICE]


def own(state: RiotState, seat: int) -> list[Unit]:
    return [u for u in state.units if u.faction == state.factions[seat]]


def strength(state: RiotState, seat: int) -> int:
    """Units a faction has on the board (the wounded included): what the Police's income counts."""
    return sum(1 for u in own(state, seat) if b.on_board(u))


# ----- first round ---------------------------------------------------------------------------


def placements(state: RiotState, seat: int) -> Iterator[Place]:
    held = {b.area_of()[x] for x in b.held_buildings(state, state.factions[seat])}
    if not any(u.at == SUPPLY for u in own(state, seat)):
        return
    for building in b.building_values():
        if b.holder(state, building) is None and b.area_of()[building] not in held:
            yield Place(building=building)


def place(state: RiotState, seat: int, action: Place) -> list[Msg]:
    building = action.building.strip().lower()
    if Place(building=building) not in list(placements(state, seat)):
        raise IllegalAction(m("riot.refuse.place"))
    basic = content().basic(state.factions[seat]).id
    piece = next(u for u in own(state, seat) if u.at == SUPPLY and u.type == basic)
    piece.at = building
    state.placing.pop(0)
    notes = [m("riot.event.placed", faction=names.seat(state, seat), place=names.place(building))]
    if not state.placing:
        notes += start_turn(state, POLICE)
    return notes


# ----- the start of a turn -------------------------------------------------------------------


def income(state: RiotState, seat: int) -> int:
    if seat == POLICE:
        weakest = min((strength(state, s) for s in protesters(state)), default=0)
        cut = sum(
            card.amount
            for card in content().opinion
            if card.id == "income_cut"
            for p in state.penalties
            if p == card.id
        )
        return max(0, weakest + POLICE_BONUS[state.players] - cut)
    held = b.held_buildings(state, state.factions[seat])
    return sum(b.building_values()[x] for x in held)


def area_points(state: RiotState, seat: int) -> int:
    faction = state.factions[seat]
    return sum(
        1 for n in b.areas() if all(b.holder(state, x) == faction for x in b.buildings_in(n))
    )


def start_turn(state: RiotState, seat: int) -> list[Msg]:
    """Area points, then credits; units get their steps back and the turn opens on purchases."""
    notes: list[Msg] = []
    state.phase = "buy"
    state.cards_bought = 0
    state.attacks = {}
    state.clash_with_police = False
    state.acted = False
    faction = state.factions[seat]
    for u in own(state, seat):
        u.steps = content().unit(u.type).moves
        u.moved = u.attacked = u.fresh = False
        if b.is_building(u.at):
            u.wounded = False
    if faction in ("autonomen", "anarchists"):
        gained = area_points(state, seat)
        if gained:
            state.points[seat] += gained
            notes.append(
                m(
                    "riot.event.points",
                    faction=names.faction(faction),
                    n=gained,
                    total=state.points[seat],
                )
            )
        if state.points[seat] >= AREA_POINTS_TO_WIN:
            state.ended, state.winners = "points", [seat]
            return notes
    if faction == "nationalists" and state.goal:
        goal = content().goal(state.goal)
        if goal.kind == "buildings" and len(b.held_buildings(state, faction)) >= goal.amount:
            state.ended, state.winners = "goal", [seat]
            return notes
    state.credits[seat] = income(state, seat)
    notes.append(m("riot.event.turn", faction=names.faction(faction), n=state.credits[seat]))
    return notes


# ----- purchases and deployment --------------------------------------------------------------


def card_price(state: RiotState) -> int:
    return state.cards_bought + 1


def purchases(state: RiotState, seat: int) -> Iterator[ActionBase]:
    faction = state.factions[seat]
    for kind in content().units:
        if kind.faction != faction or kind.cost > state.credits[seat]:
            continue
        if seat == POLICE and kind.special != "basic" and "no_specials" in state.penalties:
            continue
        if any(u.type == kind.id and u.at == SUPPLY for u in state.units):
            yield Buy(unit=kind.id)
    affordable = seat != POLICE and card_price(state) <= state.credits[seat]
    if affordable and (state.decks[seat] or state.discards[seat]):
        yield BuyCard()
    yield Ready()


def buy(state: RiotState, seat: int, action: Buy) -> list[Msg]:
    kind = action.unit.strip().lower()
    if Buy(unit=kind) not in list(purchases(state, seat)):
        raise IllegalAction(m("riot.refuse.buy", n=state.credits[seat]))
    piece = next(u for u in state.units if u.type == kind and u.at == SUPPLY)
    state.credits[seat] -= content().unit(kind).cost
    piece.at = NEW
    faction, bought = names.seat(state, seat), names.unit_type(kind)
    return [m("riot.event.bought", faction=faction, type=bought, piece=piece.id)]


def buy_card(state: RiotState, seat: int) -> list[Msg]:
    if BuyCard() not in list(purchases(state, seat)):
        raise IllegalAction(m("riot.refuse.card", price=card_price(state)))
    state.credits[seat] -= card_price(state)
    state.cards_bought += 1
    drawn = deck.draw(state.decks[seat], discard=state.discards[seat], rng=state.rng)
    state.hands[seat] += drawn
    return [m("riot.event.card_bought", faction=names.seat(state, seat), n=state.cards_bought)]


def ready(state: RiotState, seat: int) -> list[Msg]:
    state.phase = "deploy" if any(u.at == NEW for u in own(state, seat)) else "act"
    return [m("riot.event.ready", faction=names.seat(state, seat))]


def deployments(state: RiotState, seat: int) -> Iterator[Deploy]:
    places = [HQ] if seat == POLICE else [f"e{n}" for n in b.areas()]
    seen: set[str] = set()
    for u in own(state, seat):
        if u.at == NEW and u.type not in seen:
            seen.add(u.type)
            for where in places:
                yield Deploy(unit=u.id, to=where)


def deploy(state: RiotState, seat: int, action: Deploy) -> list[Msg]:
    piece = b.unit(state, action.unit)
    to = action.to.strip().lower()
    places = [HQ] if seat == POLICE else [f"e{n}" for n in b.areas()]
    if piece is None or piece.faction != state.factions[seat] or piece.at != NEW:
        raise IllegalAction(m("riot.refuse.deploy_unit"))
    if to not in places:
        raise IllegalAction(m("riot.refuse.deploy_place", faction=names.seat(state, seat)))
    _arrive(piece, to)
    if not any(u.at == NEW for u in own(state, seat)):
        state.phase = "act"
    return [m("riot.event.deployed", unit=names.unit(piece), place=names.place(to))]


def _arrive(piece: Unit, to: str) -> None:
    piece.at = to
    piece.fresh = True
    piece.steps = content().unit(piece.type).moves


# ----- movement and cards on one's own turn --------------------------------------------------


def moves(state: RiotState, seat: int) -> Iterator[Move]:
    police = seat == POLICE
    for u in own(state, seat):
        if u.steps <= 0 or u.attacked or not b.on_board(u):
            continue
        for to in b.steps_from(u.at, police):
            if b.is_building(to) and b.holder(state, to) is not None:
                continue
            yield Move(unit=u.id, to=to)


def blockers(state: RiotState, seat: int, street: str) -> list[int]:
    """The other factions with units in `street`, who may obstruct a way into a building."""
    return [s for s in in_play(state) if s != seat and b.units_at(state, street, state.factions[s])]


def move(state: RiotState, seat: int, action: Move, checked: bool = False) -> list[Msg]:
    piece = b.unit(state, action.unit)
    to = action.to.strip().lower()
    if piece is None or piece.faction != state.factions[seat]:
        raise IllegalAction(m("riot.refuse.not_yours"))
    if Move(unit=piece.id, to=to) not in list(moves(state, seat)):
        raise IllegalAction(m("riot.refuse.move", unit=names.unit(piece), place=names.place(to)))
    if b.is_building(to) and not checked:
        waiting = blockers(state, seat, piece.at)
        if waiting:
            state.pending.append(
                Obstruction(
                    seat=waiting[0],
                    mover=seat,
                    action=Move(unit=piece.id, to=to).model_dump(),
                    waiting=waiting[1:],
                )
            )
            return [m("riot.event.asks_way", unit=names.unit(piece), place=names.place(to))]
    start = piece.at
    piece.at = to
    piece.steps -= 1
    piece.moved = True
    piece.wounded = False
    return [
        m(
            "riot.event.moved",
            unit=names.unit(piece),
            start=names.place(start),
            place=names.place(to),
        )
    ]


def turn_cards(state: RiotState, seat: int) -> Iterator[Play]:
    for card_id in dict.fromkeys(state.hands[seat]):
        card = content().card(card_id)
        if card.effect == "free_unit":
            basic = content().basic(state.factions[seat]).id
            if any(u.type == basic and u.at == SUPPLY for u in own(state, seat)):
                for n in b.areas():
                    yield Play(card=card_id, target=f"e{n}")
        elif card.effect == "extra_move":
            for u in own(state, seat):
                if b.on_board(u) and not u.attacked:
                    yield Play(card=card_id, target=u.id)


def play_turn_card(state: RiotState, seat: int, action: Play) -> list[Msg]:
    card_id, target = action.card.strip().lower(), action.target.strip().lower()
    if Play(card=card_id, target=target) not in list(turn_cards(state, seat)):
        raise IllegalAction(m("riot.refuse.play_now"))
    deck.discard(state.hands[seat], card_id, state.discards[seat])
    who = names.seat(state, seat)
    if content().card(card_id).effect == "free_unit":
        basic = content().basic(state.factions[seat]).id
        new = next(u for u in own(state, seat) if u.type == basic and u.at == SUPPLY)
        _arrive(new, target)
        return [
            m(
                "riot.event.flash_mob",
                faction=who,
                unit=names.unit(new),
                place=names.place(target),
            )
        ]
    piece = b.unit(state, target)
    assert piece is not None
    piece.steps += content().card(card_id).amount
    return [m("riot.event.run", faction=who, unit=names.unit(piece))]


# ----- the end of a turn and of a round ------------------------------------------------------


def end_turn(state: RiotState, seat: int) -> list[Msg]:
    """Unspent credits go, a Public Opinion card turns if the Police clashed; the turn is over
    once the Police have answered what the card asks of them (`finish_turn`)."""
    notes = leave_entry_points(state, seat)
    state.credits[seat] = 0
    if seat == POLICE:
        state.penalties = []
    if state.clash_with_police and state.opinion:
        notes += reveal_opinion(state)
    if state.ended or state.pending:
        return notes
    return notes + finish_turn(state)


def leave_entry_points(state: RiotState, seat: int) -> list[Msg]:
    """No unit stays on an entry point (the rulebook), nor in the Hospital (the Spanish FAQ
    holds the Police to it too): one left there with its step unused takes it at the end of
    the turn, into its street or into the HQ, where the Police may stay."""
    notes: list[Msg] = []
    for u in own(state, seat):
        if u.steps > 0 and (b.is_entry(u.at) or u.at == HOSPITAL):
            start, to = u.at, b.steps_from(u.at, seat == POLICE)[0]
            u.at, u.wounded, u.moved = to, False, True
            u.steps -= 1
            notes.append(
                m(
                    "riot.event.moved",
                    unit=names.unit(u),
                    start=names.place(start),
                    place=names.place(to),
                )
            )
    return notes


def finish_turn(state: RiotState) -> list[Msg]:
    """Eliminations, the standstill rule, then the next turn, or the Police's choice of order
    at the end of a round."""
    notes = eliminate(state)
    if state.ended:
        return notes
    state.idle_turns = 0 if state.acted else state.idle_turns + 1
    if state.idle_turns >= len(in_play(state)):
        state.ended = "standstill"
        return notes
    following = state.round.advance(state.out)
    if following is not None:
        return notes + start_turn(state, following)
    if len(protesters(state)) > 1:
        state.phase = "order"
        return notes
    state.round.begin([POLICE, *protesters(state)], state.out)
    return notes + start_turn(state, POLICE)


def reveal_opinion(state: RiotState) -> list[Msg]:
    card = state.opinion.pop(0)
    state.revealed.append(card)
    notes = [m(f"riot.opinion.{card}.event"), m("riot.event.opinion_left", n=len(state.opinion))]
    if not state.opinion:
        state.ended, state.winners = "police", [POLICE]
        return notes
    if card in ("income_cut", "no_specials", "no_building_attacks"):
        state.penalties.append(card)
    elif card == "hospital":
        street = casualties(state)
        if len(street) == 1:
            notes += send_to_hospital(state, street[0])
        elif street:
            state.pending.append(Casualty())
    elif card == "protesters_draw":
        for s in protesters(state):
            state.hands[s] += deck.draw(state.decks[s], discard=state.discards[s], rng=state.rng)
    return notes


def casualties(state: RiotState) -> list[Unit]:
    """The Police units a Hospital penalty may fall on: those standing in a street, the
    weakest first (ties: the cheaper), which is what the Police are given when they let the
    clock answer."""
    street = [u for u in own(state, POLICE) if b.is_street(u.at)]
    return sorted(street, key=lambda u: (content().unit(u.type).force, content().unit(u.type).cost))


def hospital(state: RiotState, action: Hospital) -> list[Msg]:
    """The Police's pick for the Hospital penalty; the turn that turned the card then ends."""
    piece = b.unit(state, action.unit)
    if piece is None or piece not in casualties(state):
        raise IllegalAction(m("riot.refuse.hospital"))
    state.pending.pop(0)
    return send_to_hospital(state, piece) + finish_turn(state)


def send_to_hospital(state: RiotState, piece: Unit) -> list[Msg]:
    piece.at, piece.wounded = HOSPITAL, True
    return [m("riot.event.to_hospital", unit=names.unit(piece))]


def eliminate(state: RiotState) -> list[Msg]:
    """Protester factions with no unit left on the board are out; the Police never are."""
    notes: list[Msg] = []
    for s in protesters(state):
        if strength(state, s) == 0:
            state.out.append(s)
            notes.append(m("riot.event.eliminated", faction=names.seat(state, s)))
    if not protesters(state):
        state.ended, state.winners = "elimination", [POLICE]
    return notes


def orders(state: RiotState) -> list[Order]:
    return [
        Order(order=",".join(state.factions[s] for s in perm))
        for perm in permutations(protesters(state))
    ]


def set_order(state: RiotState, action: Order) -> list[Msg]:
    chosen = [x.strip().lower() for x in action.order.split(",")]
    if Order(order=",".join(chosen)) not in orders(state):
        raise IllegalAction(m("riot.refuse.order"))
    seats = [state.factions.index(f) for f in chosen]  # type: ignore[arg-type]
    state.round.begin([POLICE, *seats], state.out)
    notes = [m("riot.event.order", factions=[names.seat(state, s) for s in seats])]
    return notes + start_turn(state, POLICE)


def default_order(state: RiotState) -> Order:
    """The order of the round just over, seats out left out."""
    kept = [s for s in state.round.order if s != POLICE and s not in state.out]
    return Order(order=",".join(state.factions[s] for s in kept))


def end(state: RiotState, seat: int) -> list[Msg]:
    return [m("riot.event.end", faction=names.seat(state, seat)), *end_turn(state, seat)]
