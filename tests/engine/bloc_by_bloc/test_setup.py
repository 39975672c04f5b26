"""Setup: options the rulebook forbids, police deployment, decks, factions, scenarios."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.actions import Start
from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.state import BlocState


def new(players: int = 4, seed: int = 3, **options: object) -> BlocState:
    return GAME.setup(GAME.make_options(players, **options), seed)


@pytest.mark.parametrize(
    ("players", "options", "reason"),
    [
        (2, {"mode": "semi_cooperative"}, "2 players"),
        (4, {"beginner": True, "mode": "semi_cooperative"}, "fully cooperatively"),
        (4, {"beginner": True, "difficulty": "hard"}, "Easy"),
        (4, {"beginner": True, "scenario": "smash-the-state"}, "scenario"),
        (2, {"scenario": "let-the-infighting-begin", "mode": "semi_cooperative"}, "3 or 4 players"),
        (3, {"scenario": "autonomous-zone-phase-2"}, "2 or 4 players"),
        (4, {"scenario": "abolish-the-police", "mode": "semi_cooperative"}, "Semi-cooperative"),
        (4, {"scenario": "occupy-everything", "city": "beginner"}, "random city"),
        (4, {"highway_overpass": True, "city": "beginner"}, "random city"),
    ],
)
def test_forbidden_combinations_are_refused_with_a_reason(players, options, reason) -> None:
    with pytest.raises(IllegalAction, match=reason):
        GAME.make_options(players, **options)


def test_four_player_police_deployment_and_panels() -> None:
    state = new()
    board = board_of(state.city)
    states = board.of_type(DistrictType.STATE)
    assert len(states) == 4
    assert state.vans == dict.fromkeys(states, 0)
    assert state.cops == dict.fromkeys(states, 3)
    assert (state.staging_cops, state.staging_vans) == (18, 2)
    assert state.morale == 0 and state.nights_left == 8
    assert all(len(hand) == 2 for hand in state.hands)
    assert len(state.loot_deck) == 60 - 8


@pytest.mark.parametrize(("difficulty", "cards"), [("easy", 32), ("medium", 33), ("hard", 34)])
def test_difficulty_keeps_paramilitary_cards(difficulty: str, cards: int) -> None:
    state = new(difficulty=difficulty)
    assert len(state.police_deck) == cards
    paramilitary = [c for c in state.police_deck if c.startswith("paramilitary")]
    assert len(paramilitary) == cards - 31


def test_three_players_swap_the_financial_district_for_the_stadium() -> None:
    state = new(3)
    tiles = state.city.tile_ids()
    assert "the-stadium" in tiles and "financial-district" not in tiles
    assert len(board_of(state.city).of_type(DistrictType.STATE)) == 3
    assert set(state.vans) == {
        "interior-ministry",
        "international-airport",
        "telecom-network-hub",
        "the-stadium",
    }
    assert state.seats == 3 and len(state.unused_factions) == 1


def test_two_players_hold_two_factions_each_fully_cooperatively() -> None:
    state = new(2)
    assert state.seats == 4 and sorted(state.holders) == [0, 0, 1, 1]
    assert state.agendas == [None] * 4


def test_semi_cooperative_deals_secret_agendas() -> None:
    state = new(4, mode="semi_cooperative")
    assert all(state.agendas) and len(set(state.agendas)) == 4


def test_beginner_game() -> None:
    state = new(4, beginner=True)
    assert state.nights_left == 6 and len(state.police_deck) == 32
    assert "the-stadium" in state.vans and len(state.vans) == 5
    assert new(3, beginner=True).nights_left == 8


def test_every_faction_chooses_a_start_district_then_the_first_faction_plays() -> None:
    state = new()
    prompts = GAME.prompts(state)
    assert sorted(prompts) == [0, 1, 2, 3] and all(p.kinds == ["start"] for p in prompts.values())
    for seat in range(4):
        choice = GAME.legal_actions(state, seat)[0]
        assert isinstance(choice, Start)
        state = GAME.apply(state, seat, choice).state
        assert state.occupations[choice.district].occ == "faction-start"
    assert state.phase == "turn" and state.current == state.first
    final = state.first_rolls[-1]
    assert final.count(max(final)) == 1, "tied leaders roll again"
    assert len(state.dice) == 3 and state.blocs_in_city(state.first) == 2


def test_a_start_district_must_be_the_factions_own() -> None:
    state = new()
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Start(district="the-park"))
    assert refused.value.msg.key == "bloc.refuse.start.where"


def test_three_players_on_the_beginner_city_keep_the_financial_district_beside_the_stadium():
    """Ruling (see README): the beginner city already holds The Stadium with its van, so the
    3-player swap does not apply; five vans stand in four State districts and The Stadium."""
    state = new(3, beginner=True)
    tiles = state.city.tile_ids()
    assert "the-stadium" in tiles and "financial-district" in tiles
    states = board_of(state.city).of_type(DistrictType.STATE)
    assert len(states) == 4
    assert set(state.vans) == {*states, "the-stadium"}
    assert state.nights_left == 8


def test_highway_overpass_can_be_used_in_any_game_even_autonomous_zone_phase_two() -> None:
    """Rulebook p.7: the Overpass fits any game; Phase II replaces one highway (p.19), so with
    three base highways the city holds the Overpass, the Defense HQ and one base highway."""
    for seed in range(6):
        state = new(4, seed, scenario="autonomous-zone-phase-2", highway_overpass=True)
        tiles = state.city.tile_ids()
        assert {"highway-overpass", "community-defense-hq", "communal-gardens"} <= set(tiles)
        base = [t for t in tiles if t in ("highway-1", "highway-2", "highway-3")]
        assert len(base) == 1 and "highway-3" not in base, "the Overpass takes the C highway"
        assert state.city.is_connected()


def test_loot_cards_are_dealt_two_per_player() -> None:
    """Setup step 8 deals 2 loot cards to each player (agendas go to each faction, step 9); a
    player holding two factions splits theirs, one to each."""
    four = new(4)
    assert [len(hand) for hand in four.hands] == [2, 2, 2, 2]
    two = new(2)
    assert [len(hand) for hand in two.hands] == [1, 1, 1, 1]
    for player in (0, 1):
        held = [s for s in range(4) if two.holders[s] == player]
        assert sum(len(two.hands[s]) for s in held) == 2
    assert len(two.loot_deck) == 60 - 4
    assert [len(hand) for hand in new(3).hands] == [2, 2, 2]
