"""Bloc by Bloc's own player and evaluation as a cooperative table would notice them: a faction
walks into a State district free of police and builds there with the die that can, storms a
State district only its dice can clear, clears the cop that shuts the table out of one, builds
its Start again, takes its blocs out of the reach of a group of cops (but on the last night
into a held State district to take the cops' blows), gives up a bloc at sunrise from the
faction that can spare it; and a night with more State districts held, or no
faction about to be wiped out, is worth more."""

from __future__ import annotations

from engine.core import ActionBase
from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.actions import Attack, Build, Defeat, Move
from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.player import evaluate, prior
from engine.games.bloc_by_bloc.state import BlocState
from engine.players import seen
from tests.engine.bloc_by_bloc.support import (
    act,
    cleared,
    faction_turn,
    occupy,
    put_cops,
    put_van,
    sunrise,
)

SEEDS = range(8)
STATE_DISTRICTS = ("financial-district", "telecom-network-hub", "international-airport")


def considered(state: BlocState, seat: int, seed: int) -> ActionBase:
    return prior(seed)(seen(GAME, state, seat))


def is_state(state: BlocState, tile: str) -> bool:
    return board_of(state.city).info(tile).type is DistrictType.STATE


def test_a_faction_walks_into_an_open_state_district_and_builds_there_with_its_six() -> None:
    for seed in SEEDS:
        state, seat = faction_turn("workers", [6, 2, 3], blocs={"street-market": 2})
        state.hands[seat] = []
        chosen = considered(state, seat, seed)
        assert isinstance(chosen, Move) and is_state(state, chosen.to_district), chosen
        assert state.dice[chosen.die - 1].value != 6
        state, _ = act(state, seat, chosen)
        build = considered(state, seat, seed)
        assert isinstance(build, Build) and build.district == chosen.to_district, build
        assert state.dice[build.die - 1].value == 6


def test_a_faction_storms_a_state_district_its_dice_can_clear_and_defeats_the_cop() -> None:
    for seed in SEEDS:
        state, seat = faction_turn("workers", [6, 2], blocs={"the-park": 2})
        state.hands[seat] = []
        put_cops(state, "financial-district", 1)
        for tile in ("telecom-network-hub", "international-airport", "interior-ministry"):
            put_cops(state, tile, 3)
            put_van(state, tile)
        chosen = considered(state, seat, seed)
        assert isinstance(chosen, Move) and chosen.to_district == "financial-district", chosen
        assert state.dice[chosen.die - 1].value == 2
        state, _ = act(state, seat, chosen)
        attack = considered(state, seat, seed)
        assert attack == Attack(die=1, district="financial-district", target="cop")


def workers_turn(dice: list[int], blocs: dict[str, int]) -> tuple[BlocState, int]:
    """The Workers to act with `dice`, their Start built on Global Shipping, no cards in hand."""
    state, seat = faction_turn(
        "workers", dice, blocs=blocs, occupations={"global-shipping-center": "faction-start"}
    )
    state.hands[seat] = []
    return state, seat


def test_a_faction_clears_the_cop_that_shuts_the_table_out_of_the_last_state_district() -> None:
    """The Telecom Network Hub is the last State district to take, and no faction can walk
    into it: a riot van holds the Stadium and a lone cop The Projects. The Workers, beside The
    Projects with dice to clear it, walk one bloc in with their low die (the other stays
    behind, out of reach) and defeat the cop with the five, opening the way for whoever rolls
    the six."""
    for seed in SEEDS:
        state, seat = workers_turn([5, 2], blocs={"garment-sweatshop": 2})
        for other, tile in enumerate(("financial-district", "international-airport")):
            occupy(state, other, tile)
            state.blocs[other] = {tile: 3}
        occupy(state, 2, "interior-ministry")
        state.blocs[2] = {"interior-ministry": 3}
        put_cops(state, "the-stadium", 3)
        put_van(state, "the-stadium")
        put_cops(state, "the-projects", 1)
        chosen = considered(state, seat, seed)
        assert chosen == Move(
            die=2, from_district="garment-sweatshop", to_district="the-projects", blocs=1
        ), chosen
        state, _ = act(state, seat, chosen)
        attack = considered(state, seat, seed)
        assert attack == Attack(die=1, district="the-projects", target="cop"), attack


def test_a_faction_that_lost_its_start_builds_it_again() -> None:
    """The Start forms a bloc every turn: without it a faction only dwindles, so it is built
    again with the die that can, even where the faction's only blocs stand."""
    for seed in SEEDS:
        state, seat = faction_turn("workers", [4, 1], blocs={"garment-sweatshop": 2})
        state.hands[seat] = []
        chosen = considered(state, seat, seed)
        assert chosen == Build(die=1, district="garment-sweatshop", occupation="faction-start")


def test_on_the_last_night_blocs_walk_into_a_held_state_district_to_take_the_cops_blows() -> None:
    """Only the last sunrise counts: two cops in a held State district would defeat its one
    bloc and evict the occupation, so the Workers walk blocs in to take the blows (keeping one
    out of reach, lest the faction be wiped out), though they cannot clear the cops."""
    for seed in SEEDS:
        state, seat = workers_turn([2, 3], blocs={"the-park": 3})
        state.nights_left = 1
        occupy(state, 1, "financial-district")
        state.blocs[1] = {"financial-district": 1}
        put_cops(state, "financial-district", 2)
        chosen = considered(state, seat, seed)
        assert isinstance(chosen, Move) and chosen.to_district == "financial-district", chosen
        assert chosen.blocs < 3 and state.dice[chosen.die - 1].value == 2, chosen


def test_blocs_beside_a_group_of_cops_walk_away_from_it() -> None:
    for seed in SEEDS:
        state, seat = faction_turn("neighbors", [2, 3, 4], blocs={"the-projects": 2})
        state.hands[seat] = []
        for tile in (*STATE_DISTRICTS, "interior-ministry"):
            put_cops(state, tile, 3)
            put_van(state, tile)
        put_cops(state, "telecom-network-hub", 1)
        chosen = considered(state, seat, seed)
        assert isinstance(chosen, Move) and chosen.from_district == "the-projects", chosen
        board = board_of(state.city)
        beside = [n for n in board.neighbours[chosen.to_district] if state.cops.get(n, 0) >= 2]
        assert not state.police_in(chosen.to_district) and not beside, chosen


def test_the_bloc_that_falls_at_sunrise_comes_from_the_faction_that_can_spare_it() -> None:
    for seed in SEEDS:
        state = cleared()
        state.blocs[0] = {"the-park": 3, "street-market": 4}
        state.blocs[1] = {"the-park": 1}
        state.blocs[2] = {"commercial-2": 2}
        state.blocs[3] = {"commercial-2": 2}
        put_cops(state, "the-park", 2)
        sunrise(state)
        (asked,) = GAME.prompts(state)
        assert asked == 0
        assert considered(state, 0, seed) == Defeat(faction=state.factions[0])


def spread(state: BlocState) -> BlocState:
    """Every faction with blocs in a quiet district, far from any cop."""
    for seat, tile in enumerate(
        ("commercial-2", "street-market", "the-old-polytechnic", "the-plaza")
    ):
        state.blocs[seat] = {tile: 3}
    return state


def test_state_districts_held_through_the_coming_sunrise_are_worth_more() -> None:
    one, two, vans = spread(cleared()), spread(cleared()), spread(cleared())
    occupy(one, 0, "financial-district")
    for state in (two, vans):
        occupy(state, 0, "financial-district")
        occupy(state, 1, "telecom-network-hub")
    occupy(vans, 2, "international-airport")
    occupy(vans, 3, "interior-ministry")
    put_van(vans, "international-airport")
    put_van(vans, "interior-ministry")
    assert evaluate(two)[0] > evaluate(one)[0]
    assert evaluate(two)[0] > evaluate(vans)[0]
    assert len(set(evaluate(two))) == 1


def test_a_faction_about_to_be_wiped_out_is_worth_less() -> None:
    safe, doomed = spread(cleared()), spread(cleared())
    for state in (safe, doomed):
        occupy(state, 0, "financial-district")
    put_van(doomed, "the-plaza")
    assert evaluate(doomed)[0] < evaluate(safe)[0]


def test_an_occupation_the_cops_outnumber_counts_for_less() -> None:
    held, outnumbered = spread(cleared()), spread(cleared())
    for state in (held, outnumbered):
        occupy(state, 0, "financial-district")
        state.blocs[0]["financial-district"] = 1
    put_cops(held, "commercial-1", 2)
    put_cops(outnumbered, "financial-district", 2)
    assert evaluate(outnumbered)[0] < evaluate(held)[0]
