"""Bloc by Bloc's search hooks: what a faction cannot see (other hands and agendas, the decks'
order, manifestations under the tiles) is dealt again over every place it could be, cards a
decision names stay put, and an ended game is worth what the rulebook's mode makes it worth."""

from __future__ import annotations

from collections import Counter

from engine.core import Termination
from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.state import BlocState, DiscardChoice
from engine.games.bloc_by_bloc.sunrise import next_night_check
from engine.rng import Rng
from tests.engine.bloc_by_bloc.support import cleared, occupy, table

SAMPLES = 400


def loot_everywhere(state: BlocState) -> Counter[str]:
    return Counter([*state.loot_deck, *state.loot_discard, *(c for h in state.hands for c in h)])


def test_unseen_loot_is_spread_over_the_deck_and_every_other_hand() -> None:
    """Seat 0 keeps its hand; every kind of card it cannot see turns up in each other hand and
    in the deck, every count is kept, and no card appears or vanishes."""
    state = table(4, mode="semi_cooperative")
    kinds = set(state.loot_deck) | {c for s in (1, 2, 3) for c in state.hands[s]}
    places: dict[str, set[str]] = {kind: set() for kind in kinds}
    for n in range(SAMPLES):
        sample = GAME.determinize(state, 0, Rng.seeded(n))
        assert sample.hands[0] == state.hands[0]
        assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
        assert len(sample.loot_deck) == len(state.loot_deck)
        assert loot_everywhere(sample) == loot_everywhere(state)
        for seat in (1, 2, 3):
            for card in sample.hands[seat]:
                places[card].add(f"hand {seat}")
        for card in sample.loot_deck:
            places[card].add("deck")
    assert all(found == {"deck", "hand 1", "hand 2", "hand 3"} for found in places.values())


def test_other_agendas_are_dealt_again_and_ones_own_is_kept() -> None:
    state = table(4, mode="semi_cooperative")
    dealt: dict[int, set[str | None]] = {1: set(), 2: set(), 3: set()}
    for n in range(SAMPLES // 4):
        sample = GAME.determinize(state, 0, Rng.seeded(n))
        assert sample.agendas[0] == state.agendas[0]
        assert len(set(sample.agendas)) == 4
        for seat in dealt:
            dealt[seat].add(sample.agendas[seat])
    assert all(state.agendas[0] not in agendas for agendas in dealt.values())
    assert all(len(agendas) >= 7 for agendas in dealt.values())


def test_manifestations_and_the_police_deck_are_dealt_again() -> None:
    """Every manifestation card lies, in some sample, under many cells; the police ops deck's
    face-up cards stay on top and the rest comes in other orders."""
    state = table(4)
    state.police_revealed = 2
    under: dict[str, set[str]] = {}
    orders = set()
    for n in range(SAMPLES):
        sample = GAME.determinize(state, 1, Rng.seeded(n))
        for row in sample.city.rows:
            for cell in row:
                if cell.manifestation is not None:
                    under.setdefault(cell.manifestation, set()).add(cell.tile)
        assert sample.police_deck[:2] == state.police_deck[:2]
        assert sorted(sample.police_deck) == sorted(state.police_deck)
        orders.add(tuple(sample.police_deck))
    cells = sum(c.manifestation is not None for row in state.city.rows for c in row)
    assert all(len(tiles) > cells // 2 for tiles in under.values())
    assert len(orders) > SAMPLES // 2


def test_cards_a_decision_names_stay_in_their_hand() -> None:
    """Seat 1 drew two cards and must discard one of them: both stay in its hand."""
    state = table(4, mode="semi_cooperative")
    state.hands[1] = ["fireworks", "masks", "dumpsters"]
    state.pending = [DiscardChoice(seat=1, cards=["masks", "dumpsters"], count=1)]
    for n in range(50):
        hand = GAME.determinize(state, 0, Rng.seeded(n)).hands[1]
        assert Counter(hand) >= Counter(["masks", "dumpsters"])


def insurrection(mode: str) -> BlocState:
    """Every State district occupied by the first faction, every faction in the city."""
    state = cleared(4, mode=mode)
    for seat in range(4):
        state.blocs[seat] = {"the-plaza": 1}
    for tile in board_of(state.city).of_type(DistrictType.STATE):
        occupy(state, 0, tile)
    return state


def test_a_fully_cooperative_success_is_worth_one_to_all() -> None:
    state = insurrection("fully_cooperative")
    assert GAME.returns(state) is None
    next_night_check(state)
    assert GAME.returns(state) == [1.0, 1.0, 1.0, 1.0]


def test_a_semi_cooperative_success_is_shared_and_a_met_agenda_wins() -> None:
    """The insurrection succeeds; only the Expropriator's agenda (four loot cards in hand)
    is met: it wins, the others share the success."""
    state = insurrection("semi_cooperative")
    state.agendas = ["mutualist", "expropriator", "communalist", "autonomist"]
    state.hands[1] = ["masks"] * 4
    next_night_check(state)
    assert state.outcome is not None and state.outcome.winners == [1]
    assert GAME.returns(state) == [0.5, 1.0, 0.5, 0.5]


def test_winning_alone_leaves_nothing_to_the_others() -> None:
    """The Vanguardist holds three State districts and the most blocs: it wins alone, before
    the insurrection's shared success."""
    state = insurrection("semi_cooperative")
    state.agendas = ["communalist", "vanguardist", "communalist", "mutualist"]
    state.occupations = {}
    for tile in board_of(state.city).of_type(DistrictType.STATE)[:3]:
        occupy(state, 1, tile)
    state.blocs[1] = {"the-plaza": 5}
    next_night_check(state)
    assert state.outcome is not None and state.outcome.winners == [1]
    assert GAME.returns(state) == [0.0, 1.0, 0.0, 0.0]


def test_time_running_out_is_worth_nothing() -> None:
    state = cleared(4, mode="semi_cooperative")
    for seat in range(4):
        state.blocs[seat] = {"the-plaza": 1}
    state.nights_left = 1
    next_night_check(state)
    assert state.outcome is not None
    assert state.outcome.termination == Termination.TIME_LIMIT
    assert GAME.returns(state) == [0.0, 0.0, 0.0, 0.0]
