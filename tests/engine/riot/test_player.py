"""RIOT's own player and evaluation as a table would notice them: protesters make for the
buildings that complete an area and stay in them, send new units where an area is nearly
held, block the Police's way to their buildings and do not ask a blocked way again; the Police
break a whole area before it scores and stand in the street of one being filled; a whole
area held is worth more than as many buildings scattered; and the Autonomen so played beat a
random Police."""

from __future__ import annotations

from engine.games.riot import GAME
from engine.games.riot.actions import Attack, Deploy, End, Move, Obstruct
from engine.games.riot.player import evaluate, player, prior
from engine.games.riot.state import NEW, POLICE, RiotState
from engine.players import play_out, random_player, seen
from engine.rng import Rng
from tests.engine.riot.support import act, acting, position

AUTONOMEN = 1
SEEDS = range(8)


def considered(state: RiotState, seed: int) -> object:
    seat = acting(state)
    return prior(seed)(seen(GAME, state, seat))


def test_a_unit_takes_the_empty_building_that_completes_its_area_first() -> None:
    state = position(
        2, units={"aut1": "b1b", "aut2": "b1c", "aut3": "s1", "aut4": "s3"}, active=AUTONOMEN
    )
    for seed in SEEDS:
        assert considered(state, seed) == Move(unit="aut3", to="b1a")


def test_a_unit_holding_a_building_stays_in_it() -> None:
    state = position(2, units={"aut1": "b1a", "aut2": "b1b", "aut3": "b1c"}, active=AUTONOMEN)
    for seed in SEEDS:
        assert considered(state, seed) == End()


def test_new_units_go_to_the_area_closest_to_being_held() -> None:
    state = position(2, units={"aut1": "b2a", "aut2": "b2b", "aut3": "b5a"}, active=AUTONOMEN)
    state.phase = "deploy"
    for unit in ("aut4", "aut19"):
        next(u for u in state.units if u.id == unit).at = NEW
    for seed in SEEDS:
        chosen = considered(state, seed)
        assert isinstance(chosen, Deploy) and chosen.to == "e2"


def test_the_autonomen_block_the_police_s_way_to_their_building() -> None:
    state = position(
        2, units={"pol1": "s1", "pol2": "s1", "pol3": "s1", "aut1": "b1a", "aut2": "s1"}
    )
    state = act(state, POLICE, kind="attack", target="b1a", defender="autonomen", units="")
    assert acting(state) == AUTONOMEN
    for seed in SEEDS:
        assert considered(state, seed) == Obstruct(answer="block")


def test_a_way_blocked_is_not_asked_again_in_the_same_turn() -> None:
    state = position(
        2, units={"aut1": "b1b", "aut2": "b1c", "aut3": "s1", "pol1": "s1"}, active=AUTONOMEN
    )
    for seed in SEEDS:
        play = prior(seed)
        asked = play(seen(GAME, state, AUTONOMEN))
        assert asked == Move(unit="aut3", to="b1a")
        blocked = act(
            GAME.apply(state, AUTONOMEN, asked).state, POLICE, kind="obstruct", answer="block"
        )
        again = play(seen(GAME, blocked, AUTONOMEN))
        assert again != asked and not isinstance(again, Attack)


def test_the_police_break_a_whole_area_before_it_scores() -> None:
    state = position(
        2,
        units={
            **{"aut1": "b1a", "aut2": "b1b", "aut3": "b1c", "aut4": "b2a"},
            **{"pol13": "s1", "pol14": "s1", "pol15": "s2", "pol16": "s2"},
        },
    )
    for seed in SEEDS:
        chosen = considered(state, seed)
        assert isinstance(chosen, Attack) and chosen.target.startswith("b1"), chosen


def test_the_police_stand_in_the_street_of_an_area_being_filled() -> None:
    state = position(2, units={"aut1": "b3a", "aut2": "b3b", "pol1": "hq"})
    for seed in SEEDS:
        assert considered(state, seed) == Move(unit="pol1", to="s3")


def test_a_whole_area_is_worth_more_than_as_many_buildings_scattered() -> None:
    whole = position(2, units={"aut1": "b1a", "aut2": "b1b", "aut3": "b1c"}, active=AUTONOMEN)
    scattered = position(2, units={"aut1": "b1a", "aut2": "b2a", "aut3": "b3a"}, active=AUTONOMEN)
    assert evaluate(whole)[AUTONOMEN] > evaluate(scattered)[AUTONOMEN]
    assert evaluate(whole)[POLICE] < evaluate(scattered)[POLICE]
    ahead = whole.model_copy(deep=True)
    ahead.points[AUTONOMEN] = 4
    assert evaluate(ahead)[AUTONOMEN] > evaluate(whole)[AUTONOMEN]


def test_the_autonomen_beat_a_random_police_at_the_table() -> None:
    """Played by their own heuristic, they take and hold whole areas before the Police can
    wear them down; a player that wandered in and out of buildings lost most such games."""
    won = 0
    games = 6
    for seed in range(games):
        state = GAME.setup(GAME.make_options(2), seed)
        seats = {POLICE: random_player(seed), AUTONOMEN: player(seed)}
        state, _ = play_out(GAME, state, seats, Rng.seeded(seed), 3000)
        won += state.winners == [AUTONOMEN]
    assert won >= games - 1, won
