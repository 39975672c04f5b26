"""The city grid: adjacency, the random generator, the beginner city, scenario setups."""

from __future__ import annotations

import pytest

from engine.games.bloc_by_bloc.city import (
    ZIGZAG,
    City,
    CityError,
    PlacedTile,
    beginner_city,
    build_piles,
    generate_city,
    generate_standard_city,
    pile_letter_at,
)
from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.content.load import load_content
from engine.rng import Rng

C = load_content()
FOUR_WAY = "the-park"  # a 4-way district without metro
THREE_WAY = "polluted-slum"  # 3-way (dead end N at orientation 0), with metro
HIGHWAY = "highway-1"  # joins NW-NE and SW-SE at orientation 0
OVERPASS = "highway-overpass"  # joins NW-SE and NE-SW


def grid(special: dict[tuple[int, int], tuple[str, int]] | None = None) -> City:
    """A 5x5 city of plain 4-way districts with a few cells replaced."""
    special = special or {}
    rows = [
        [
            PlacedTile(
                tile=special.get((r, c), (FOUR_WAY, 0))[0],
                orientation=special.get((r, c), (FOUR_WAY, 0))[1],
            )
            for c in range(5)
        ]
        for r in range(5)
    ]
    return City(rows=rows)


# ----- adjacency ----------------------------------------------------------------------------


def test_four_way_districts_touch_their_orthogonal_neighbours() -> None:
    city = grid()
    assert city.neighbours((2, 2)) == [(1, 2), (2, 1), (2, 3), (3, 2)]


def test_the_edge_of_the_city_is_a_dead_end() -> None:
    assert grid().neighbours((0, 0)) == [(0, 1), (1, 0)]


def test_a_dead_end_blocks_both_ways() -> None:
    city = grid({(2, 2): (THREE_WAY, 0)})  # dead end faces north
    assert (1, 2) not in city.neighbours((2, 2))
    assert (2, 2) not in city.neighbours((1, 2))
    assert not city.adjacent((1, 2), (2, 2))
    assert city.neighbours((2, 2)) == [(2, 1), (2, 3), (3, 2)]


def test_orientation_turns_the_dead_end_clockwise() -> None:
    city = grid({(2, 2): (THREE_WAY, 1)})  # dead end now faces east
    assert city.exits((2, 2)) == {"S", "W", "N"}
    assert not city.adjacent((2, 2), (2, 3))
    assert city.adjacent((2, 2), (1, 2))


def test_highways_join_diagonal_neighbours_and_have_no_streets() -> None:
    city = grid({(2, 2): (HIGHWAY, 0)})
    assert city.adjacent((1, 1), (1, 3))  # top highway: NW corner to NE corner
    assert city.adjacent((3, 1), (3, 3))  # bottom highway
    assert not city.adjacent((1, 1), (3, 3))
    assert (2, 2) not in city.neighbours((1, 2))  # street into a highway tile: dead end
    assert (2, 2) not in city.district_positions()
    conn = city.connections_between((1, 1), (1, 3))
    assert [c.kind for c in conn] == ["highway"] and conn[0].via == ((2, 2),)


def test_a_turned_highway_joins_the_other_pairs() -> None:
    city = grid({(2, 2): (HIGHWAY, 1)})
    assert city.adjacent((1, 3), (3, 3))
    assert city.adjacent((1, 1), (3, 1))
    assert not city.adjacent((1, 1), (1, 3))


def test_the_overpass_joins_opposite_corners() -> None:
    city = grid({(2, 2): (OVERPASS, 0)})
    assert city.adjacent((1, 1), (3, 3)) and city.adjacent((1, 3), (3, 1))


def test_two_highways_can_join_the_same_two_districts() -> None:
    city = grid({(1, 2): (HIGHWAY, 0), (3, 2): (HIGHWAY, 0)})
    # (1,2) bottom highway: (2,1)-(2,3); (3,2) top highway: (2,1)-(2,3).
    conns = city.connections_between((2, 1), (2, 3))
    assert len(conns) == 2 and {c.via for c in conns} == {((1, 2),), ((3, 2),)}
    assert len({c.key for c in conns}) == 2


def test_a_highway_off_the_edge_is_a_dead_end() -> None:
    city = grid({(0, 2): (HIGHWAY, 0)})  # top highway leaves the grid
    assert city.adjacent((1, 1), (1, 3))
    assert len([c for c in city.connections() if c.via == ((0, 2),)]) == 1


def test_highways_continue_through_highway_tiles() -> None:
    city = grid({(1, 1): (HIGHWAY, 1), (2, 2): (HIGHWAY, 0)})
    # (2,2) top highway NW corner meets (1,1)'s SE corner; (1,1) at orientation 1 runs SE-NE.
    conn = city.connections_between((0, 2), (1, 3))
    assert [c.via for c in conn] == [((1, 1), (2, 2))]


def test_metro_stations_are_not_neighbours_by_street() -> None:
    """Only blocs ride the metro (see Board.reachable); riot cops follow streets and highways."""
    city = grid({(0, 0): (THREE_WAY, 0), (4, 4): (THREE_WAY, 0)})
    assert (4, 4) not in city.neighbours((0, 0))


def test_a_city_cut_in_two_is_not_connected() -> None:
    wall = {(r, 2): (HIGHWAY, 1) for r in range(5)}  # vertical highways only link r-1 to r+1
    city = grid(wall)
    assert not city.is_connected()
    assert grid().is_connected()


# ----- flipping -----------------------------------------------------------------------------


def test_liberating_keeps_orientation_and_hands_over_the_manifestation() -> None:
    city = generate_standard_city(Rng.seeded(3), 4)
    pos = next(p for p in city.positions() if city.district(p).liberatable)
    before = city.at(pos).model_copy()
    exits = city.exits(pos)
    card = city.liberate(pos)
    assert card == before.manifestation and city.at(pos).manifestation is None
    assert city.at(pos).orientation == before.orientation and city.exits(pos) == exits
    assert city.difficulty(pos) == city.district(pos).repressed_difficulty - 1
    assert city.shopping_centers(pos) == 0
    with pytest.raises(CityError):
        city.liberate(pos)


def test_commercial_districts_cannot_be_liberated() -> None:
    city = generate_standard_city(Rng.seeded(3), 4)
    pos = city.positions_of_type(DistrictType.COMMERCIAL)[0]
    with pytest.raises(CityError):
        city.liberate(pos)


# ----- the random city generator ------------------------------------------------------------


def test_the_generator_is_deterministic_per_seed() -> None:
    a = generate_standard_city(Rng.seeded(42), 4)
    b = generate_standard_city(Rng.seeded(42), 4)
    assert a == b
    assert a != generate_standard_city(Rng.seeded(43), 4)


def test_the_generator_always_builds_a_connected_city() -> None:
    for seed in range(60):
        for players in (2, 3, 4):
            assert generate_standard_city(Rng.seeded(seed), players).is_connected()


def test_tiles_are_laid_a_b_c_along_the_zigzag_ending_with_an_a() -> None:
    assert ZIGZAG[:6] == ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 4))
    assert ZIGZAG[-1] == (4, 4) and pile_letter_at((4, 4)) == "A"
    for seed in range(10):
        city = generate_standard_city(Rng.seeded(seed), 4)
        for pos in city.positions():
            assert city.district(pos).letter == pile_letter_at(pos)


def test_orientations_are_shuffled_not_aligned() -> None:
    city = generate_standard_city(Rng.seeded(7), 4)
    assert len({city.at(p).orientation for p in city.positions()}) > 1


def test_two_and_four_players_use_the_25_base_tiles() -> None:
    base = {d.id for d in C.districts.values() if d.letter in "ABC"}
    for players in (2, 4):
        assert set(generate_standard_city(Rng.seeded(1), players).tile_ids()) == base


def test_three_players_swap_the_financial_district_for_the_stadium_in_an_a_slot() -> None:
    city = generate_standard_city(Rng.seeded(1), 3)
    assert city.has_tile("the-stadium") and not city.has_tile("financial-district")
    assert pile_letter_at(city.position_of("the-stadium")) == "A"
    assert len(city.positions_of_type(DistrictType.STATE)) == 3


def test_a_manifestation_card_lies_under_every_tile() -> None:
    city = generate_standard_city(Rng.seeded(5), 4)
    under = [city.at(p).manifestation for p in city.positions()]
    assert None not in under and len(set(under)) == 25
    assert len(city.unused_manifestations) == 3
    assert set(under) | set(city.unused_manifestations) == set(C.manifestations)


def test_the_highway_overpass_option_replaces_a_c_pile_highway() -> None:
    city = generate_city(Rng.seeded(9), highway_overpass=True)
    pos = city.position_of("highway-overpass")
    assert pile_letter_at(pos) == "C"
    assert len(city.positions_of_type(DistrictType.HIGHWAY)) == 3
    assert not city.has_tile("highway-3")


def test_the_city_round_trips_through_json() -> None:
    city = generate_standard_city(Rng.seeded(11), 3)
    assert City.model_validate_json(city.model_dump_json()) == city


# ----- beginner city ------------------------------------------------------------------------


def test_the_beginner_city_matches_the_rulebook_description() -> None:
    city = beginner_city(Rng.seeded(0))
    tiles = city.tile_ids()
    assert len(tiles) == len(set(tiles)) == 25
    assert "the-stadium" in tiles  # it gets a riot van in the beginner game
    unused = set(C.districts) - set(tiles)
    assert len(unused) == 5 and {d.id for d in C.districts.values() if d.letter == "D"} <= unused
    assert len(city.positions_of_type(DistrictType.STATE)) == 4
    assert len(city.unused_manifestations) == 3
    assert city.is_connected()
    vans = len(city.positions_of_type(DistrictType.STATE)) + 1
    assert vans <= 6


# ----- scenarios ----------------------------------------------------------------------------


@pytest.mark.parametrize("scenario", sorted(C.scenarios))
def test_every_scenario_setup_can_be_built(scenario: str) -> None:
    s = C.scenarios[scenario]
    for players in s.players:
        setup = s.setup_for(players)
        for seed in range(5):
            city = (
                beginner_city(Rng.seeded(seed))
                if s.beginner_city
                else generate_city(Rng.seeded(seed), setup)
            )
            assert city.is_connected()
            for swap in setup.tile_swaps:
                assert city.has_tile(swap.add)
                if swap.remove:
                    assert not city.has_tile(swap.remove)
            for tile in setup.vans_in:
                assert city.has_tile(tile), (scenario, tile)


def test_phase_two_replaces_one_random_highway() -> None:
    setup = C.scenarios["autonomous-zone-phase-2"].setup
    removed = set()
    for seed in range(20):
        city = generate_city(Rng.seeded(seed), setup)
        highways = {city.at(p).tile for p in city.positions_of_type(DistrictType.HIGHWAY)}
        assert len(highways) == 2
        removed |= {"highway-1", "highway-2", "highway-3"} - highways
    assert len(removed) > 1


def test_a_swap_naming_a_missing_tile_is_refused() -> None:
    from engine.games.bloc_by_bloc.content.models import ScenarioSetup, TileSwap

    bad = ScenarioSetup(tile_swaps=(TileSwap(add="mega-mall", remove="no-such-tile"),))
    with pytest.raises(CityError):
        build_piles(Rng.seeded(0), bad)
