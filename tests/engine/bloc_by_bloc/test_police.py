"""Police ops cards and riot cop movement, with the rulebook's worked examples.

Positions are built on the beginner city: The Park (Public) touches the Financial District (12)
and International Airport (14); Commercial District 2 touches Overcrowded Jail (Prisoners) and
The Projects (Neighbors); Overcrowded Jail touches Underfunded High School (Students).
"""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.actions import End, Move
from engine.games.bloc_by_bloc.night import move_targets
from engine.games.bloc_by_bloc.police import morale_draws, police_step
from engine.games.bloc_by_bloc.view import BlocView
from render.bloc_by_bloc.side import ops_lines
from tests.engine.bloc_by_bloc.support import (
    cleared,
    cops_at_barricades,
    occupy,
    police_card,
    put_cops,
    put_van,
)


def test_id_priority_example_group_of_four_moves_to_highest_state_district() -> None:
    state = cleared()
    put_cops(state, "the-park", 4)
    police_card(state, "advance-state-highest")
    assert state.cops == {"the-park": 1, "international-airport": 3}


def test_id_priority_lowest_picks_the_lower_police_id() -> None:
    state = cleared()
    put_cops(state, "the-park", 4)
    police_card(state, "advance-state-lowest")
    assert state.cops == {"the-park": 1, "financial-district": 3}


def test_barricade_example_one_barricade_stops_one_of_four() -> None:
    state, key = cops_at_barricades("commercial-2", 4, toward="overcrowded-jail", barricades=1)
    police_card(state, "advance-prisoners-highest")
    assert state.cops == {"commercial-2": 2, "overcrowded-jail": 2}
    assert key not in state.barricades


def test_barricade_example_two_barricades_stop_half_of_five_moving() -> None:
    state, key = cops_at_barricades("commercial-2", 6, toward="the-projects", barricades=2)
    police_card(state, "advance-neighbors-lowest")
    assert state.cops == {"commercial-2": 3, "the-projects": 3}
    assert key not in state.barricades


def test_barricade_example_three_barricades_stop_all_and_are_dismantled() -> None:
    state, key = cops_at_barricades(
        "overcrowded-jail", 5, toward="underfunded-high-school", barricades=3
    )
    police_card(state, "advance-students-lowest")
    assert state.cops == {"overcrowded-jail": 5}
    assert key not in state.barricades
    assert state.staging_cops == 25, "stopped cops hold; they do not go to staging"


def test_solo_cops_and_cops_in_clashes_hold_and_vans_never_move() -> None:
    state = cleared()
    put_cops(state, "the-park", 1)
    put_cops(state, "street-market", 3)
    state.blocs[0]["street-market"] = 1
    put_van(state, "the-park")
    police_card(state, "advance-state-highest")
    police_card(state, "advance-public-highest")
    assert state.cops == {"the-park": 1, "street-market": 3}
    assert state.vans == {"the-park": 0}


def test_cops_move_even_when_already_in_a_district_of_that_type() -> None:
    state = cleared()
    put_cops(state, "the-stadium", 3)
    police_card(state, "advance-public-lowest")
    assert state.cops == {"the-stadium": 3}, "the Stadium has no Public neighbour to enter"
    put_cops(state, "the-park", 2)
    police_card(state, "advance-public-lowest")
    assert state.cops["street-market"] == 1 and state.cops["the-park"] == 1


def test_cops_never_use_the_metro() -> None:
    state = cleared()
    put_cops(state, "garment-sweatshop", 4)
    police_card(state, "advance-prisoners-highest")
    assert state.cops == {"garment-sweatshop": 4}, "Overcrowded Jail is only a metro hop away"


def test_reinforcements_follow_id_priority_when_staging_runs_short() -> None:
    state = cleared()
    for tile in ("financial-district", "telecom-network-hub", "interior-ministry"):
        put_van(state, tile)
    put_cops(state, "the-park", 27)
    police_card(state, "heavy-reinforcements-2")
    assert state.cops == {"the-park": 27, "interior-ministry": 2, "telecom-network-hub": 1}
    assert state.staging_cops == 0


def test_damaged_van_ignores_reinforcement_orders() -> None:
    state = cleared()
    put_van(state, "the-park")
    state.vans["the-park"] = 1
    police_card(state, "light-reinforcements-1")
    assert state.cops == {}


def test_tactical_retreat_sends_solo_cops_home_unless_with_a_van_or_in_a_clash() -> None:
    state = cleared()
    for tile in ("the-park", "street-market", "the-plaza"):
        put_cops(state, tile, 1)
    put_cops(state, "the-stadium", 2)
    put_van(state, "street-market")
    state.blocs[0]["the-plaza"] = 1
    police_card(state, "tactical-retreat")
    assert state.cops == {"street-market": 1, "the-plaza": 1, "the-stadium": 2}


def test_strategic_rotation_keeps_six() -> None:
    state = cleared()
    put_cops(state, "the-park", 9)
    put_cops(state, "the-plaza", 6)
    police_card(state, "strategic-rotation-1")
    assert state.cops == {"the-park": 6, "the-plaza": 6}
    assert state.staging_cops == 18


def test_emergency_reinforcements_go_to_highest_id_cop_district_without_a_van() -> None:
    state = cleared()
    put_cops(state, "the-park", 1)
    put_cops(state, "the-projects", 2)
    put_van(state, "the-stadium")
    put_cops(state, "the-stadium", 1)
    police_card(state, "emergency-reinforcements-1")
    assert set(state.vans) == {"the-stadium", "the-park"}


def test_emergency_reinforcements_never_exceed_four_vans() -> None:
    state = cleared()
    for tile in ("financial-district", "telecom-network-hub", "interior-ministry", "the-plaza"):
        put_van(state, tile)
    put_cops(state, "the-park", 2)
    police_card(state, "emergency-reinforcements-1")
    assert len(state.vans) == 4 and state.staging_vans == 2


def test_maneuvers_move_vans_to_the_highest_id_police_districts() -> None:
    state = cleared()
    put_van(state, "commercial-1")
    put_van(state, "overcrowded-jail")
    put_cops(state, "the-stadium", 1)
    put_cops(state, "the-plaza", 1)
    put_cops(state, "the-park", 1)
    police_card(state, "maneuvers-1")
    assert set(state.vans) == {"the-stadium", "the-plaza"}
    assert state.staging_vans == 4


def test_metro_lockdown_binds_the_faction_to_the_left_until_its_next_turn_ends() -> None:
    state = cleared()
    police_card(state, "metro-lockdown-1")
    assert state.lockdowns[1] == ["metro-lockdown-1"]
    assert "metro-lockdown-1" not in state.police_discard


def test_metro_lockdown_shuts_the_metro_to_every_faction_until_the_left_factions_turn_ends():
    """The card forbids factions (all of them) the metro; lying before the faction to the left
    only times it, until the end of that faction's next turn (rulebook p.13)."""
    state = cleared()
    state.police_deck = [
        c for c in state.police_deck if c not in ("metro-lockdown-2", "chief-of-police-fired")
    ]
    state.blocs[0] = {"garment-sweatshop": 1}
    put_cops(state, "the-projects", 1)
    put_cops(state, "privatized-university", 1)
    by_metro = Move(die=1, from_district="garment-sweatshop", to_district="commercial-1")
    police_card(state, "metro-lockdown-1")  # drawn on seat 0's turn: it lies before seat 1
    assert state.lockdowns[1] == ["metro-lockdown-1"]
    with pytest.raises(IllegalAction, match="metro lockdown"):
        GAME.apply(state, 0, by_metro)
    assert "commercial-1" not in move_targets(state, 2, "garment-sweatshop")
    assert all(f.metro_locked for f in GAME.view(state, None).factions)
    state = GAME.apply(state, 0, End()).state
    assert state.current == 1 and state.lockdowns[1] == ["metro-lockdown-1"]
    state = GAME.apply(state, 1, End()).state
    assert state.current == 2 and state.lockdowns == [[], [], [], []]
    assert "metro-lockdown-1" in state.police_discard
    assert "commercial-1" in move_targets(state, 2, "garment-sweatshop")
    assert not any(f.metro_locked for f in GAME.view(state, None).factions)


def test_chief_fired_reshuffles_and_starts_the_discard_pile() -> None:
    state = cleared()
    total = len(state.police_deck)
    state.police_discard = state.police_deck[:10]
    state.police_deck = state.police_deck[10:]
    police_card(state, "chief-of-police-fired")
    assert state.police_discard == ["chief-of-police-fired"]
    assert len(state.police_deck) + 1 == total


def test_paramilitary_operations_hit_occupations_without_police() -> None:
    state = cleared()
    occupy(state, 0, "the-park")
    occupy(state, 1, "the-plaza")
    put_cops(state, "the-plaza", 1)
    police_card(state, "paramilitary-operations-1")
    assert state.cops == {"the-park": 2, "the-plaza": 1}


def test_morale_rise_takes_effect_from_the_next_police_step() -> None:
    state = cleared()
    state.police_deck.remove("advance-workers-highest")
    state.police_deck.insert(0, "advance-workers-highest")
    assert morale_draws(state) == 1
    police_step(state)
    assert state.last_police_ops == ["advance-workers-highest"]
    state.morale = 2
    assert morale_draws(state) == 2


def test_discard_pile_is_reshuffled_when_the_deck_runs_out() -> None:
    state = cleared()
    state.police_discard = state.police_deck[1:]
    state.police_deck = state.police_deck[:1]
    police_step(state)
    state.morale = 0
    police_step(state)
    assert len(state.police_deck) + len(state.police_discard) == 32


def test_view_and_side_panel_tell_twin_police_ops_cards_apart() -> None:
    state = cleared()
    state.police_deck.remove("advance-workers-highest")
    state.police_deck.insert(0, "advance-workers-highest")
    police_step(state)
    view = GAME.view(state, None)
    assert isinstance(view, BlocView)
    card = view.last_police_ops[0]
    assert str(card.name) == "Advance on Workers Districts"
    assert str(card.detail) == "highest ID first, +1 morale"
    lines = [line.text for line in ops_lines(view)]
    assert "1. Advance on Workers Districts (highest ID first, +1 morale)" in lines
