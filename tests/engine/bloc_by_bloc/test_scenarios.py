"""The ten mini-expansion scenarios: modified setups piece by piece, and their victories."""

from __future__ import annotations

from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.actions import Start
from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.legal import start_choices
from engine.games.bloc_by_bloc.state import BlocState
from engine.games.bloc_by_bloc.sunrise import next_night_check


def new(scenario: str, players: int = 4, **options: object) -> BlocState:
    return GAME.setup(GAME.make_options(players, scenario=scenario, **options), 11)


def started(state: BlocState) -> BlocState:
    for seat in range(state.seats):
        state = GAME.apply(state, seat, Start(district=start_choices(state, seat)[0])).state
    return state


def states(state: BlocState) -> list[str]:
    return board_of(state.city).of_type(DistrictType.STATE)


def test_routine_traffic_stop() -> None:
    state = new("routine-traffic-stop")
    tiles = state.city.tile_ids()
    assert "highway-overpass" in tiles and "commercial-1" not in tiles
    assert state.cops == dict.fromkeys(states(state), 5) and state.nights_left == 6
    assert state.agendas == [None] * 4
    assert new("routine-traffic-stop", 3).nights_left == 8


def test_routine_traffic_stop_victory_needs_every_highway_barricaded() -> None:
    state = started(new("routine-traffic-stop"))
    board = board_of(state.city)
    for conn in board.connections:
        if conn.kind == "highway":
            state.barricades[conn.key] = 1
    next_night_check(state)
    assert state.outcome is not None and state.outcome.winners == [0, 1, 2, 3]


def test_burn_down_the_company_town() -> None:
    state = new("burn-down-the-company-town")
    tiles = state.city.tile_ids()
    assert "mega-mall" in tiles and "interior-ministry" not in tiles
    assert set(state.vans) == {*states(state), "mega-mall"}
    assert all(n == 4 for n in state.cops.values()) and state.nights_left == 6
    assert state.loot_marks["mega-mall"] == [0] * 5


def test_burn_down_victory() -> None:
    state = started(new("burn-down-the-company-town"))
    for tile in board_of(state.city).of_type(DistrictType.COMMERCIAL):
        state.loot_marks[tile] = [2] * len(state.loot_marks[tile])
    next_night_check(state)
    assert state.outcome is not None and state.outcome.winners == [0, 1, 2, 3]


def test_abolish_the_police() -> None:
    state = new("abolish-the-police")
    named = {
        "telecom-network-hub",
        "the-park",
        "the-projects",
        "the-old-polytechnic",
        "smartphone-factory",
        "immigrant-detention-center",
    }
    assert set(state.vans) == named and state.staging_vans == 0
    assert state.cops == dict.fromkeys(named, 3)
    assert not any(c.startswith("emergency") for c in state.police_deck)
    state = started(state)
    assert all(state.blocs_in_city(s) == 3 + (s == state.first) for s in range(4))
    three = started(new("abolish-the-police", 3))
    assert all(three.blocs_in_city(s) == 4 + (s == three.first) for s in range(3))


def test_abolish_the_police_victory() -> None:
    state = started(new("abolish-the-police"))
    state.vans, state.cops, state.destroyed_vans, state.staging_cops = {}, {}, 6, 30
    next_night_check(state)
    assert state.outcome is not None and state.outcome.winners == [0, 1, 2, 3]


def test_occupy_everything() -> None:
    state = started(new("occupy-everything"))
    assert state.nights_left == 6
    assert sum(state.blocs_in_city(s) for s in range(4)) == 4 * 3 + 1


def test_asymmetrical_struggle() -> None:
    state = new("asymmetrical-struggle", mode="semi_cooperative")
    assert "nihilist" not in state.agendas
    assert all(n == 4 for n in state.cops.values())
    three = new("asymmetrical-struggle", 3)
    assert "the-stadium" in three.vans and three.cops["the-stadium"] == 4


def test_collective_liberation() -> None:
    state = new("collective-liberation")
    assert set(state.vans) == {"telecom-network-hub", "financial-district", "the-park", "the-plaza"}
    assert state.staging_vans == 2 and state.staging_cops == 18
    state = started(state)
    assert all(state.blocs_in_city(s) == 2 + (s == state.first) for s in range(4))


def test_autonomous_zone_phase_one() -> None:
    state = new("autonomous-zone-phase-1", mode="semi_cooperative")
    tiles = state.city.tile_ids()
    assert {"community-defense-hq", "communal-gardens"} <= set(tiles)
    assert "financial-district" not in tiles and "the-park" not in tiles
    assert set(state.vans) == {*states(state), "the-plaza"} and state.nights_left == 6
    assert all(state.agendas)


def test_autonomous_zone_police_veto_any_win() -> None:
    state = started(new("autonomous-zone-phase-1"))
    for tile in states(state):
        state.occupations[tile] = (
            state.occupations.get(tile)
            or state.occupations[next(iter(state.occupations))].model_copy()
        )
    state.cops["communal-gardens"] = 1
    state.staging_cops -= 1
    next_night_check(state)
    assert state.outcome is None


def test_let_the_infighting_begin_always_deals_nihilist_and_vanguardist_among_the_pool() -> None:
    for seed in range(5):
        state = GAME.setup(
            GAME.make_options(4, scenario="let-the-infighting-begin", mode="semi_cooperative"), seed
        )
        assert (
            "mega-mall" in state.city.tile_ids()
            and "financial-district" not in state.city.tile_ids()
        )
        assert set(state.vans) == {*states(state), "the-park"}
        assert all(n == 4 for n in state.cops.values()) and state.nights_left == 6
        assert len(set(state.agendas)) == 4


def test_smash_the_state_needs_liberated_state_districts() -> None:
    state = started(new("smash-the-state"))
    for tile in states(state):
        state.occupations[tile] = state.occupations[next(iter(state.occupations))].model_copy()
    next_night_check(state)
    assert state.outcome is None
    assert all(n == 4 for n in state.cops.values())


def test_autonomous_zone_phase_two() -> None:
    state = new("autonomous-zone-phase-2")
    tiles = state.city.tile_ids()
    assert {"community-defense-hq", "communal-gardens"} <= set(tiles) and "the-park" not in tiles
    assert sum(1 for t in tiles if t.startswith("highway")) == 2
    assert all(n == 4 for n in state.cops.values())
