"""Setting up RIOT: the factions for each table size, the units, the first round's placement
and the Police's first income."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.riot import GAME
from engine.games.riot.board import area_of, held_buildings
from engine.games.riot.content.models import content
from engine.games.riot.state import RiotState
from tests.engine.riot.support import act


@pytest.mark.parametrize(
    ("players", "factions"),
    [
        (2, ["police", "autonomen"]),
        (3, ["police", "autonomen", "anarchists"]),
        (4, ["police", "autonomen", "anarchists", "nationalists"]),
    ],
)
def test_each_table_size_plays_the_publishers_faction_set(
    players: int, factions: list[str]
) -> None:
    state = GAME.setup(GAME.make_options(players), 1)
    assert state.factions == factions
    assert state.seat_names == [f.capitalize() for f in factions]


def test_ninety_six_unit_tokens_twenty_four_per_faction() -> None:
    assert sum(u.count for u in content().units) == 96
    for faction in ("police", "autonomen", "anarchists", "nationalists"):
        assert sum(u.count for u in content().units if u.faction == faction) == 24


def test_forty_two_protester_cards_ten_opinion_cards_two_goals() -> None:
    assert sum(c.count for c in content().cards) == 42
    assert sum(c.count for c in content().opinion) == 10
    assert len(content().goals) == 2


def test_the_nationalist_goal_is_dealt_only_with_nationalists() -> None:
    assert GAME.setup(GAME.make_options(3), 2).goal == ""
    four = GAME.setup(GAME.make_options(4), 2)
    assert four.goal in {g.id for g in content().goals}
    assert len(four.set_aside_goals) == 1


def _place_by_default(state: RiotState) -> RiotState:
    while state.phase == "placement":
        (seat,) = GAME.prompts(state)
        state = act(state, seat, **(GAME.prompts(state)[seat].default or {}))
    return state


def test_first_round_each_protester_takes_two_buildings_in_two_areas() -> None:
    state = _place_by_default(GAME.setup(GAME.make_options(4), 3))
    for faction in ("autonomen", "anarchists", "nationalists"):
        held = held_buildings(state, faction)
        assert len(held) == 2
        assert len({area_of()[b] for b in held}) == 2


def test_two_players_autonomen_take_four_buildings_in_four_areas_by_default() -> None:
    state = _place_by_default(GAME.setup(GAME.make_options(2), 3))
    held = held_buildings(state, "autonomen")
    assert len({area_of()[b] for b in held}) == 4


def test_two_players_the_spanish_three_building_opening_is_an_option() -> None:
    state = _place_by_default(GAME.setup(GAME.make_options(2, opening=3), 3))
    assert len(held_buildings(state, "autonomen")) == 3


def test_a_second_building_in_the_same_area_is_refused() -> None:
    state = GAME.setup(GAME.make_options(2), 3)
    state = act(state, 1, kind="place", building="b1a")
    with pytest.raises(IllegalAction, match="area where you hold none"):
        act(state, 1, kind="place", building="b1b")


def test_after_placement_the_police_start_with_income_from_the_smallest_faction() -> None:
    state = _place_by_default(GAME.setup(GAME.make_options(4), 3))
    assert state.phase == "buy" and state.active == 0
    assert state.credits[0] == 2 + 3


@pytest.mark.parametrize(("players", "bonus"), [(2, 0), (3, 2), (4, 3)])
def test_police_bonus_by_table_size(players: int, bonus: int) -> None:
    state = _place_by_default(GAME.setup(GAME.make_options(players), 3))
    smallest = 4 if players == 2 else 2
    assert state.credits[0] == smallest + bonus
