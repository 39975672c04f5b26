"""Loot cards and occupation abilities, one effect type at a time."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.actions import (
    Attack,
    Barricade,
    Build,
    Card,
    Discard,
    Draw,
    Form,
    Hack,
    Loot,
    Move,
    Pass,
    Swap,
)
from engine.games.bloc_by_bloc.board import board_of
from tests.engine.bloc_by_bloc.support import (
    act,
    ask_all,
    barricade,
    cleared,
    cleared_with,
    faction_turn,
    occupy,
    put_cops,
    rng_rolling,
    seat_of,
    sunrise,
    texts,
    turn,
)


def test_molotovs_stack_to_reach_the_difficulty() -> None:
    state = cleared_with(blocs={"the-park": 1}, cops={"the-park": 1})
    turn(state, 0, [2])
    state.hands[0] = ["molotovs-1", "molotovs-1"]
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Attack(die=1, district="the-park", target="cop"))
    assert refused.value.msg.key == "bloc.refuse.die.low"
    assert str(refused.value) == "This needs a die of 4 or more; die 1 shows 2."
    state, _ = act(state, 0, Card(card="molotovs-1"))
    state, _ = act(state, 0, Card(card="molotovs-1"))
    state.rng = rng_rolling(4)
    state, _ = act(state, 0, Attack(die=1, district="the-park", target="cop"))
    assert state.cops == {} and state.hands[0] == []


def test_molotov_factory_adds_two() -> None:
    state, prisoners = faction_turn(
        "prisoners",
        [1],
        blocs={"the-park": 1},
        occupations={"overcrowded-jail": "molotov-factory"},
    )
    state.hands[prisoners] = ["molotovs-1"]
    put_cops(state, "the-park", 1)
    state, _ = act(state, prisoners, Card(card="molotovs-1"))
    assert state.uses.attack_bonus == 3


def test_medic_kit_needs_an_occupation_in_the_city() -> None:
    state = cleared()
    state.hands[0] = ["medic-kit"]
    state.blocs[0] = {"the-park": 1}
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Card(card="medic-kit", district="the-park"))
    assert refused.value.msg.key == "bloc.refuse.card.not_there"
    occupy(state, 0, "the-plaza")
    state, _ = act(state, 0, Card(card="medic-kit", district="the-plaza"))
    assert state.blocs[0] == {"the-park": 1, "the-plaza": 2}


def test_fireworks_is_not_an_attack_and_has_its_own_reaction_roll() -> None:
    state = cleared_with(blocs={"the-park": 1}, cops={"the-park": 3})
    state.hands[0] = ["fireworks"]
    state.rng = rng_rolling(1)
    state, events = act(state, 0, Card(card="fireworks", district="the-park"))
    assert state.cops == {"the-park": 2}, "2 scattered, then the reaction roll of 1 calls one"
    assert any(": 1, the cops are called." in e.text for e in events)
    assert state.attacked == {} and all(not d.used for d in state.dice)


def test_energy_drinks_bicycles_and_masks() -> None:
    state = cleared()
    state.hands[0] = ["energy-drinks", "bicycles", "masks"]
    state.blocs[0] = {"the-park": 1}
    state, _ = act(state, 0, Card(card="energy-drinks"))
    assert len(state.dice) == 4
    state, _ = act(state, 0, Card(card="bicycles"))
    state, _ = act(state, 0, Move(die=0, from_district="the-park", to_district="the-plaza"))
    assert state.blocs[0] == {"the-plaza": 1}
    state, _ = act(state, 0, Card(card="masks"))
    state.rng = rng_rolling(1)
    state, _ = act(state, 0, Loot(die=1, district="the-plaza"))
    assert state.cops == {}, "masked: no reaction roll, so no cop was called"


def test_police_scanner_rerolls_a_bad_reaction_by_standing_choice() -> None:
    state = cleared()
    state.hands[0] = ["police-scanner"]
    state.blocs[0] = {"the-plaza": 1}
    state.rng = rng_rolling(1, 5)
    state, _ = act(state, 0, Loot(die=1, district="the-plaza"))
    assert state.cops == {} and "police-scanner" not in state.hands[0]


def test_dumpsters_place_two_barricades_for_free() -> None:
    state = cleared()
    state.hands[0] = ["dumpsters"]
    state.blocs[0] = {"the-park": 1}
    state, _ = act(state, 0, Card(card="dumpsters", district="the-park", toward="street-market"))
    assert sum(state.barricades.values()) == 2


def test_shields_and_lock_on_chains_during_police_repression() -> None:
    state = ask_all(cleared())
    state.hands = [["shields", "lock-on-chains"], [], [], []]
    state.blocs[0] = {"the-park": 2, "commercial-2": 1}
    occupy(state, 0, "the-park")
    put_cops(state, "the-park", 5)
    for seat in range(1, 4):
        state.blocs[seat] = {"commercial-2": 1}
    sunrise(state)
    prompts = GAME.prompts(state)
    assert list(prompts) == [0] and prompts[0].default == Pass().model_dump()
    state, _ = act(state, 0, Card(card="shields", district="the-park"))
    state, _ = act(state, 0, Card(card="lock-on-chains", district="the-park"))
    # Its hand empty, the faction has nothing more to answer: the window closes by itself.
    # Five attacks: two stopped by the Shields, two defeat the blocs, the last one finds the
    # occupation chained in place.
    assert not state.pending and state.phase == "turn"
    assert state.blocs[0] == {"commercial-2": 1} and state.occupations["the-park"].seat == 0


def test_banners_count_two_extra_blocs_for_liberation() -> None:
    """Named in the sunrise's window, Banners are set aside (the faction's last answer there,
    read as a pass) and played at District Liberation."""
    state = ask_all(cleared())
    state.hands = [["banners"], [], [], []]
    occupy(state, 0, "the-plaza")
    state.blocs[0] = {"the-plaza": 6}
    for seat in range(1, 4):
        state.blocs[seat] = {"commercial-2": 1}
    sunrise(state)
    state, events = act(state, 0, Card(card="banners", district="the-plaza"))
    public = texts([e for e in events if e.seat is None])
    assert public.index("pass") < public.index("play Banners"), "set aside, then played"
    assert state.city.at(board_of(state.city).pos["the-plaza"]).liberated


def test_assembly_hall_forms_a_bloc_once_a_turn() -> None:
    state = cleared()
    occupy(state, 0, "the-park", "assembly-hall")
    state, _ = act(state, 0, Form(die=1, district="the-park"))
    assert state.blocs[0] == {"the-park": 1}
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Form(die=2, district="the-park"))
    assert refused.value.msg.key == "bloc.refuse.form.used"


def test_strike_hall_makes_building_nearby_basic() -> None:
    state, workers = faction_turn(
        "workers", [1], blocs={"street-market": 1}, occupations={"the-park": "strike-hall"}
    )
    state.rng = rng_rolling(1)
    state, _ = act(
        state, workers, Build(die=1, district="street-market", occupation="assembly-hall")
    )
    assert state.occupations["street-market"].seat == workers and state.cops == {}


def test_comrade_cafe_makes_graffiti_basic() -> None:
    state, neighbors = faction_turn(
        "neighbors", [1], blocs={"the-plaza": 1}, occupations={"the-projects": "comrade-cafe"}
    )
    state, _ = act(state, neighbors, Loot(die=1, district="the-plaza"))
    assert state.loot_marks["the-plaza"] == [1]


def test_scavengers_hideout_draws_three_and_keeps_two() -> None:
    state, prisoners = faction_turn(
        "prisoners",
        [6],
        blocs={"the-plaza": 1},
        occupations={"overcrowded-jail": "scavengers-hideout"},
    )
    state.hands[prisoners] = []
    state.rng = rng_rolling(4)
    state, _ = act(state, prisoners, Loot(die=1, district="the-plaza"))
    assert len(state.hands[prisoners]) == 3 and state.pending[0].kind == "discard"
    state, _ = act(state, prisoners, Discard(card=state.pending[0].cards[0]))
    assert len(state.hands[prisoners]) == 2 and not state.pending


def test_hacker_space_and_propaganda_workshop() -> None:
    state, students = faction_turn("students", [1], occupations={"the-park": "hacker-space"})
    workers = seat_of(state, "workers")
    state, _ = act(state, students, Hack(die=1))
    state, _ = act(state, students, Discard(card=state.pending[0].cards[0]))
    assert len(state.hands[students]) == 3
    turn(state, workers, [1])
    occupy(state, workers, "the-plaza", "propaganda-workshop")
    state, _ = act(state, workers, Draw())
    assert len(state.hands[workers]) == 3
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, workers, Draw())
    assert refused.value.msg.key == "bloc.refuse.workshop.used"


def test_social_center_gives_a_free_move() -> None:
    state, students = faction_turn(
        "students", [1], blocs={"the-plaza": 2}, occupations={"the-park": "social-center"}
    )
    state, _ = act(
        state, students, Move(die=0, from_district="the-plaza", to_district="the-park", blocs=2)
    )
    assert not state.dice[0].used
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, students, Move(die=0, from_district="the-park", to_district="the-plaza"))
    assert refused.value.msg.key == "bloc.refuse.move.no_free"


def test_guerrilla_garden_spreads_three_barricades_with_one_die() -> None:
    state, neighbors = faction_turn(
        "neighbors", [1, 1], blocs={"the-park": 1}, occupations={"the-park": "guerrilla-garden"}
    )
    build = Barricade(
        die=1,
        district="the-park",
        toward="street-market",
        toward_2="international-airport",
        toward_3="street-market",
    )
    assert build in GAME.legal_actions(state, neighbors)
    state, events = act(state, neighbors, build)
    board = board_of(state.city)

    def on(to: str) -> int:
        return sum(state.barricades.get(c.key, 0) for c in board.between("the-park", to))

    assert (on("street-market"), on("international-airport")) == (2, 1)
    assert [d.used for d in state.dice] == [True, False]
    assert "3 barricades around The Park" in texts(events)


def test_guerrilla_garden_respects_three_per_connection_and_other_districts() -> None:
    state, neighbors = faction_turn(
        "neighbors",
        [1],
        blocs={"the-park": 1, "the-plaza": 1},
        occupations={"the-park": "guerrilla-garden"},
    )
    barricade(state, "the-park", "street-market", 2)
    two_more = Barricade(
        die=1, district="the-park", toward="street-market", toward_2="street-market"
    )
    assert two_more not in GAME.legal_actions(state, neighbors)
    with pytest.raises(IllegalAction, match="3 at most"):
        GAME.apply(state, neighbors, two_more)
    elsewhere = Barricade(
        die=1, district="the-plaza", toward="commercial-3", toward_2="interior-ministry"
    )
    with pytest.raises(IllegalAction, match="Guerrilla Garden"):
        GAME.apply(state, neighbors, elsewhere)


def test_strike_hall_building_it_is_still_an_advanced_action_with_a_reaction_roll() -> None:
    """Rulebook p.17: the Strike Hall makes building basic only once it stands, so the action
    that builds it is advanced (a die of the difficulty, then a reaction roll)."""
    state, workers = faction_turn("workers", [4], blocs={"the-park": 1})
    state.rng = rng_rolling(1)
    state, events = act(state, workers, Build(die=1, district="the-park", occupation="strike-hall"))
    assert state.occupations["the-park"].occ == "strike-hall"
    assert ": 1, the cops are called." in texts(events) and state.cops == {"the-park": 1}


def test_strike_hall_swapping_it_out_is_a_basic_action_without_a_reaction_roll() -> None:
    """Swapping in the Strike Hall's own district is basic while it stands there, so taking it
    out that way needs no reaction roll, though it is gone once the swap is done."""
    state, workers = faction_turn(
        "workers", [1], blocs={"the-park": 1}, occupations={"the-park": "strike-hall"}
    )
    state.rng = rng_rolling(1)
    state, events = act(
        state, workers, Swap(die=1, district="the-park", occupation="assembly-hall")
    )
    assert state.occupations["the-park"].occ == "assembly-hall"
    assert "Reaction roll" not in texts(events) and state.cops == {}
