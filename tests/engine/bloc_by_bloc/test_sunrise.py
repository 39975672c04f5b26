"""Sunrise: Police Repression (with the rulebook's examples), liberation, and the endgame."""

from __future__ import annotations

from engine.core import Termination
from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.actions import Defeat
from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.places import difficulty
from engine.games.bloc_by_bloc.state import BlocState
from engine.games.bloc_by_bloc.sunrise import begin_sunrise, next_night_check, run_sunrise
from tests.engine.bloc_by_bloc.support import (
    act,
    barricade,
    cleared,
    cleared_with,
    occupied_park_under_cops,
    occupy,
    put_cops,
    put_van,
    seat_of,
)


def _sunrise(state: BlocState) -> None:
    state.phase, state.sunrise_step = "sunrise", "start"
    state.hands = [[] for _ in state.hands]  # no card windows
    run_sunrise(state)


def _everyone_somewhere(state: BlocState) -> None:
    """Keep every faction alive in the quiet Commercial District 2 (no zero-bloc defeat)."""
    for seat in range(state.seats):
        state.add_blocs(seat, "commercial-2", 1)


def test_van_defeats_all_blocs_and_evicts_the_occupation() -> None:
    state = cleared()
    state.blocs[0] = {"the-park": 1}
    state.blocs[1] = {"the-park": 1}
    occupy(state, 1, "the-park")
    put_van(state, "the-park")
    state.vans["the-park"] = 2
    state.phase, state.sunrise_step = "sunrise", "start"
    state.hands = [[] for _ in state.hands]
    lines = [e.text for e in run_sunrise(state)]
    assert state.blocs_in("the-park") == 0 and "the-park" not in state.occupations
    assert state.vans == {"the-park": 0}, "damaged vans are repaired first"
    first, second = state.seat_names[0], state.seat_names[1]
    assert (
        f"Repression in The Park (riot van): the {first} lose 1 bloc; the {second} lose 1 bloc; "
        f"the {second}' occupation is evicted." in lines
    )


def test_example_three_cops_defeat_three_different_blocs() -> None:
    state = cleared()
    for seat in range(3):
        state.blocs[seat] = {"the-park": 1}
    put_cops(state, "the-park", 3)
    _sunrise(state)
    assert state.blocs_in("the-park") == 0 and state.cops == {"the-park": 3}


def test_example_one_cop_evicts_an_occupation() -> None:
    state = cleared()
    occupy(state, seat_of(state, "students"), "the-park")
    put_cops(state, "the-park", 1)
    _sunrise(state)
    assert "the-park" not in state.occupations


def test_example_two_cops_defeat_two_blocs_and_the_occupation_survives() -> None:
    state = occupied_park_under_cops("workers", blocs=2, cops=2)
    _sunrise(state)
    assert state.blocs_in("the-park") == 0 and "the-park" in state.occupations


def test_example_three_cops_defeat_two_blocs_and_evict() -> None:
    state = occupied_park_under_cops("neighbors", blocs=2, cops=3)
    _sunrise(state)
    assert state.blocs_in("the-park") == 0 and "the-park" not in state.occupations


def test_example_faction_with_most_blocs_decides_who_falls() -> None:
    state = cleared()
    prisoners, neighbors = seat_of(state, "prisoners"), seat_of(state, "neighbors")
    state.blocs[prisoners] = {"the-park": 2}
    state.blocs[neighbors] = {"the-park": 1}
    put_cops(state, "the-park", 2)
    _everyone_somewhere(state)
    _sunrise(state)
    prompt = GAME.prompts(state)[prisoners]
    assert prompt.out_of_turn and prompt.default is not None
    state, _ = act(state, prisoners, Defeat(faction="neighbors"))
    assert not state.pending, "only Prisoners blocs are left: no more choice to make"
    assert state.blocs_of(prisoners, "the-park") == 1 and state.blocs_of(neighbors, "the-park") == 0


def test_tie_for_most_blocs_goes_to_the_earliest_faction_tonight() -> None:
    state = cleared()
    state.first = 2
    state.blocs[1] = {"the-park": 1}
    state.blocs[3] = {"the-park": 1}
    put_cops(state, "the-park", 1)
    _everyone_somewhere(state)
    _sunrise(state)
    assert state.pending[0].seat == 3


def test_police_repression_removes_no_barricades() -> None:
    state = cleared_with(blocs={"the-park": 1}, cops={"the-park": 4})
    key = barricade(state, "the-park", "street-market", 2)
    put_van(state, "the-park")
    _sunrise(state)
    assert state.barricades == {key: 2}


def _liberation_example(card: str) -> BlocState:
    state = cleared()
    prisoners = seat_of(state, "prisoners")
    neighbors, students = seat_of(state, "neighbors"), seat_of(state, "students")
    occupy(state, prisoners, "overcrowded-jail", "molotov-factory")
    state.blocs[prisoners] = {"overcrowded-jail": 4}
    state.blocs[neighbors] = {"overcrowded-jail": 2}
    state.blocs[students] = {"overcrowded-jail": 2}
    state.add_blocs(seat_of(state, "workers"), "commercial-2", 1)
    pos = board_of(state.city).pos["overcrowded-jail"]
    state.city.at(pos).manifestation = card
    state.morale = 2
    return state


def test_liberation_example_eight_blocs_at_difficulty_four() -> None:
    state = _liberation_example("mass-looting")
    assert difficulty(state, "overcrowded-jail") == 4
    orientation = state.city.at(board_of(state.city).pos["overcrowded-jail"]).orientation
    _sunrise(state)
    cell = state.city.at(board_of(state.city).pos["overcrowded-jail"])
    assert cell.liberated and cell.orientation == orientation and cell.manifestation is None
    assert difficulty(state, "overcrowded-jail") == 3
    for faction in ("prisoners", "neighbors", "students"):
        assert len(state.hands[seat_of(state, faction)]) == 2, "2 loot cards at difficulty 3"
    assert state.hands[seat_of(state, "workers")] == []
    assert state.morale == 1
    assert "mass-looting" in state.manifestations_done


def test_seven_blocs_do_not_liberate_a_difficulty_four_district() -> None:
    state = _liberation_example("mass-looting")
    state.add_blocs(seat_of(state, "students"), "overcrowded-jail", -1)
    _sunrise(state)
    assert not state.city.at(board_of(state.city).pos["overcrowded-jail"]).liberated


def test_liberation_clears_loot_tokens() -> None:
    state = cleared()
    for seat in range(4):
        state.blocs[seat] = {"the-plaza": 2}
    occupy(state, 0, "the-plaza")
    state.loot_marks["the-plaza"] = [2]
    _sunrise(state)
    assert "the-plaza" not in state.loot_marks


def test_two_revealing_manifestations_add_up() -> None:
    state = cleared()
    board = board_of(state.city)
    for tile, card in (("the-plaza", "leaked-police-plans"), ("the-park", "hacked-radio")):
        occupy(state, 0, tile)
        for seat in range(4):
            state.add_blocs(seat, tile, 2)
        state.city.at(board.pos[tile]).manifestation = card
    _sunrise(state)
    assert state.police_revealed == 4, "2 + 2 cards at liberated difficulty 3"
    view = GAME.view(state, None)
    assert len(view.police_revealed) == 4


def test_insurrection_succeeds_when_every_state_district_is_occupied() -> None:
    state = cleared()
    _everyone_somewhere(state)
    for tile in board_of(state.city).of_type(DistrictType.STATE):
        occupy(state, 0, tile)
    put_cops(state, "financial-district", 1)
    state.blocs[1]["financial-district"] = 1
    _sunrise(state)
    assert "financial-district" in state.occupations, "the cop hit a bloc, not the occupation"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.termination is Termination.GOAL
    assert outcome.winners == [0, 1, 2, 3]


def test_a_faction_with_no_blocs_means_everyone_loses() -> None:
    state = cleared()
    state.blocs[0] = {"the-park": 1}
    next_night_check(state)
    assert state.phase == "over" and state.outcome is not None
    assert state.outcome.termination == Termination.ELIMINATION and state.outcome.winners == []
    assert state.outcome.reason == (
        "A faction has no blocs left in the city: the insurrection implodes."
    )


def test_time_runs_out_after_the_last_night() -> None:
    state = cleared()
    _everyone_somewhere(state)
    state.nights_left = 1
    next_night_check(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.termination is Termination.TIME_LIMIT
    assert outcome.winners == [] and "military" in outcome.reason


def test_next_night_passes_the_marker_left_and_moves_the_countdown() -> None:
    state = cleared()
    _everyone_somewhere(state)
    state.first, state.nights_left, state.night = 3, 5, 2
    next_night_check(state)
    assert (state.first, state.nights_left, state.night, state.current) == (0, 4, 3, 0)


def _every_shopping_center_burned(agendas: list[str | None]) -> BlocState:
    """Everyone alive, `agendas` dealt in seat order, and twelve shopping centers burned: enough
    for the Nihilist to win alone."""
    state = cleared()
    _everyone_somewhere(state)
    state.agendas = agendas
    state.loot_marks = {
        "commercial-1": [2, 2, 2],
        "commercial-2": [2, 2, 2],
        "commercial-3": [2, 2, 2],
        "street-market": [2, 2],
        "the-plaza": [2],
    }
    return state


def _every_state_district_occupied() -> BlocState:
    """Everyone alive, faction 0 occupying every State district (the insurrection succeeds), and
    the agendas dealt Insurrectionist, Expropriator, Autonomist, Mutualist in seat order."""
    state = cleared()
    _everyone_somewhere(state)
    state.agendas = ["insurrectionist", "expropriator", "autonomist", "mutualist"]
    for tile in board_of(state.city).of_type(DistrictType.STATE):
        occupy(state, 0, tile)
    return state


def test_a_single_win_alone_ends_the_game() -> None:
    state = _every_shopping_center_burned(
        ["nihilist", "insurrectionist", "autonomist", "mutualist"]
    )
    next_night_check(state)
    assert state.outcome is not None and state.outcome.termination is Termination.GOAL
    assert state.outcome.winners == [0]


def test_two_simultaneous_win_alone_completions_let_the_game_go_on() -> None:
    state = _every_shopping_center_burned(["nihilist", "insurrectionist", "autonomist", "nihilist"])
    next_night_check(state)
    assert state.phase == "turn" and state.outcome is None


def test_semi_cooperative_success_rewards_only_completed_agendas() -> None:
    state = _every_state_district_occupied()
    state.hands[1] = ["masks"] * 4
    next_night_check(state)
    assert state.outcome is not None and state.outcome.winners == [0, 1]


def _sunrise_events(state: BlocState) -> list[str]:
    state.phase, state.sunrise_step = "sunrise", "start"
    state.hands = [[] for _ in state.hands]
    return [e.text for e in begin_sunrise(state) + run_sunrise(state)]


def test_sunrise_reads_as_its_own_summary() -> None:
    state = _liberation_example("mass-looting")
    workers = seat_of(state, "workers")
    state.blocs[workers] = {"the-park": 2, "commercial-2": 1}
    put_cops(state, "the-park", 1)
    state.night, state.nights_left, state.morale = 3, 5, 3
    lines = _sunrise_events(state)
    assert lines[0] == "🌅 Sunrise of night 3: the police strike back."
    assert "Repression in The Park (1 riot cop): the Workers lose 1 bloc." in lines
    liberated = next(i for i, t in enumerate(lines) if "Overcrowded Jail is liberated" in t)
    assert "the Prisoners" in lines[liberated]
    card = load_content().manifestations["mass-looting"]
    assert lines[liberated + 1] == f"Manifestation: Mass Looting. {card.text}"
    assert "Police morale drops a step on its track but stays Confident." in lines
    assert lines[-1].startswith("Police morale: Confident (2 ops cards a turn). 4 nights left;")


def test_a_quiet_sunrise_says_so() -> None:
    state = cleared()
    _everyone_somewhere(state)
    lines = _sunrise_events(state)
    assert "Police repression: nobody faces the police." in lines
    assert "No district is liberated tonight." in lines


def test_game_over_states_the_result_and_reveals_every_agenda() -> None:
    state = _every_state_district_occupied()
    lines = [e.text for e in next_night_check(state)]
    assert lines[0].startswith("The insurrection is successful! The ")
    assert lines[0].endswith(" win.") and "Game over" not in lines[0]
    content = load_content()
    for seat, agenda in enumerate(state.agendas):
        assert agenda is not None
        card = content.agendas[agenda]
        line = next(t for t in lines if t.startswith(f"The {state.seat_names[seat]}' agenda"))
        assert card.name in line and all(o.text in line for o in card.options)


def test_a_cooperative_game_over_reveals_no_agenda() -> None:
    state = cleared()
    state.nights_left = 1
    _everyone_somewhere(state)
    lines = [e.text for e in next_night_check(state)]
    assert lines == ["Time runs out: the military arrives. Nobody wins."]
