"""What a faction of Bloc by Bloc cannot see, dealt again for a search, and what an ended game
is worth to each faction.

Hidden from a seat (and from the channel): the other factions' loot cards (their counts are
public) and agendas, the order of the loot deck and of the police ops deck below its face-up
cards, and the manifestation cards still under the tiles or left out of the city. A
determinization deals all of these again under the setup's own rules, keeping every count.
Cards the game already tied to a decision stay where they are (a card set aside for the
sunrise, a card offered or asked for in a trade, cards drawn and awaiting a discard), since the
decision names them; the rest of that hand is dealt again. The loot discard pile is left as it
is: its cards were played in public. It is consistent with the seat's view, not with all it
may remember (a card it once gave away is dealt again like any other)."""

from __future__ import annotations

from collections import Counter

from engine.core import Termination
from engine.games.bloc_by_bloc.setup import deal_agendas
from engine.games.bloc_by_bloc.state import BlocState, DiscardChoice, LootOffer
from engine.games.bloc_by_bloc.victory import agenda_wins
from engine.kit.cards import redeal, unseen_order
from engine.rng import Rng

AGENDA_TRIES = 500
"""Redeals tried until the seat's own agenda comes back to it (one in ten does, on average)."""


def resample(state: BlocState, seat: int | None, rng: Rng) -> None:
    others = [s for s in range(state.seats) if s != seat]
    _deal_loot(state, others, rng)
    _deal_agendas(state, seat, rng)
    face_down = [
        (cell, cell.manifestation)
        for row in state.city.rows
        for cell in row
        if cell.manifestation is not None
    ]
    unseen = unseen_order([card for _, card in face_down] + state.city.unused_manifestations)
    rng.shuffle(unseen)
    for cell, _ in face_down:
        cell.manifestation = unseen.pop()
    state.city.unused_manifestations = unseen
    hidden = unseen_order(state.police_deck[state.police_revealed :])
    rng.shuffle(hidden)
    state.police_deck[state.police_revealed :] = hidden


def _tied(state: BlocState, seat: int) -> Counter[str]:
    """The seat's cards that a set-aside or a pending decision names."""
    tied = Counter(a.card for a in state.set_aside if a.seat == seat)
    for need in state.pending:
        if isinstance(need, LootOffer):
            if need.actor == seat:
                tied[need.card] += 1
            if need.seat == seat and need.want:
                tied[need.want] += 1
        elif isinstance(need, DiscardChoice) and need.seat == seat:
            tied.update(need.cards)
    return tied


def _deal_loot(state: BlocState, others: list[int], rng: Rng) -> None:
    """Shuffle the loot deck with the untied cards of the other hands, keeping every count."""
    free: dict[int, list[int]] = {}
    for s in others:
        tied = _tied(state, s)
        free[s] = []
        for i, card in enumerate(state.hands[s]):
            if tied[card] > 0:
                tied[card] -= 1
            else:
                free[s].append(i)
    loose = [[state.hands[s][i] for i in free[s]] for s in others]
    redeal([state.loot_deck, *loose], rng)
    for s, cards in zip(others, loose, strict=True):
        for i, card in zip(free[s], cards, strict=True):
            state.hands[s][i] = card


def _deal_agendas(state: BlocState, seat: int | None, rng: Rng) -> None:
    """Deal the agendas again as the scenario deals them, until the seat's own comes back."""
    if state.agendas[0] is None:
        return
    for _ in range(AGENDA_TRIES):
        dealt = deal_agendas(state.options, state.seats, rng)
        if seat is None or dealt[seat] == state.agendas[seat]:
            state.agendas = dealt
            return
    # Out of luck: give the seat its own back by swapping it with whoever holds it.
    assert seat is not None  # no seat to hand back to: the first deal was kept
    own = state.agendas[seat]
    if own in dealt:
        i = dealt.index(own)
        dealt[i], dealt[seat] = dealt[seat], own
    else:
        dealt[seat] = own
    state.agendas = dealt


def returns(state: BlocState) -> list[float] | None:
    """Fully cooperative: 1 to everyone when the insurrection succeeds, else 0. Semi-
    cooperative: a successful insurrection is worth 0.5 to every faction and 1 to those whose
    agenda wins with it; a faction winning alone gets 1 and the others 0. Losing (time, an
    imploded insurrection) is 0 for all."""
    result = state.outcome
    if result is None:
        return None
    seats = range(state.seats)
    if result.termination != Termination.GOAL:
        return [0.0 for _ in seats]
    if state.agendas[0] is None:
        return [1.0 for _ in seats]
    alone = len(result.winners) == 1 and agenda_wins(state, result.winners[0], "win_alone")
    shared = 0.0 if alone else 0.5
    return [1.0 if s in result.winners else shared for s in seats]
