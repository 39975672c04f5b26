"""Attack actions in clashes, with the rulebook's examples."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.actions import Attack, End, Move
from engine.games.bloc_by_bloc.board import board_of
from tests.engine.bloc_by_bloc.support import (
    act,
    barricade,
    cleared,
    cleared_with,
    kitchen_roll_owed,
    police_card,
    put_cops,
    put_van,
    rng_rolling,
    turn,
)


def test_defeat_one_riot_cop_sends_it_to_staging() -> None:
    state = cleared_with(blocs={"the-park": 1}, cops={"the-park": 1})
    state.rng = rng_rolling(4)
    state, _ = act(state, 0, Attack(die=1, district="the-park", target="cop"))
    assert state.cops == {} and state.staging_cops == 30


def test_example_two_blocs_defeat_two_of_three_cops_but_not_the_third() -> None:
    state = cleared_with(blocs={"the-park": 2}, cops={"the-park": 3})
    state.rng = rng_rolling(4)
    state, _ = act(state, 0, Attack(die=1, district="the-park", target="cop"))
    state, _ = act(state, 0, Attack(die=2, district="the-park", target="cop"))
    with pytest.raises(IllegalAction, match="already attacked"):
        GAME.apply(state, 0, Attack(die=3, district="the-park", target="cop"))
    assert state.cops == {"the-park": 1}


def test_only_blocs_in_a_clash_attack_and_they_cannot_move() -> None:
    state = cleared_with(blocs={"the-park": 1, "the-plaza": 1}, cops={"the-park": 1})
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Attack(die=1, district="the-plaza", target="cop"))
    assert refused.value.msg.key == "bloc.refuse.attack.no_clash"
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Move(die=1, from_district="the-park", to_district="street-market"))
    assert refused.value.msg.key == "bloc.refuse.move.police"


def test_attacks_need_a_die_at_least_the_difficulty() -> None:
    state = cleared_with(blocs={"the-park": 1}, cops={"the-park": 1})
    turn(state, 0, [3])
    with pytest.raises(IllegalAction, match="4 or more"):
        GAME.apply(state, 0, Attack(die=1, district="the-park", target="cop"))


def test_kick_out_two_cops_through_barricades_dismantles_them() -> None:
    state = cleared_with(blocs={"the-park": 1}, cops={"the-park": 3})
    key = barricade(state, "the-park", "street-market", 2)
    state.rng = rng_rolling(4)
    state, _ = act(state, 0, Attack(die=1, district="the-park", target="street-market"))
    assert state.cops == {"the-park": 1, "street-market": 2}
    assert key not in state.barricades


def test_kick_out_along_a_highway() -> None:
    state = cleared()
    board = board_of(state.city)
    highway = next(c for c in board.connections if c.kind == "highway")
    a, b = board.conn_ends[highway.key]
    state.blocs[0] = {a: 1}
    put_cops(state, a, 2)
    turn(state, 0, [6])
    state.rng = rng_rolling(4)
    state, _ = act(state, 0, Attack(die=1, district=a, target=b))
    assert state.cops == {b: 2}


def test_riot_van_takes_three_attacks_in_one_night() -> None:
    state = cleared()
    turn(state, 0, [6, 6, 6])
    state.blocs[0] = {"the-park": 3}
    put_van(state, "the-park")
    state.rng = rng_rolling(4)
    state, _ = act(state, 0, Attack(die=1, district="the-park", target="van"))
    assert state.vans == {"the-park": 1}
    police_card(state, "light-reinforcements-1")
    assert state.cops == {}, "a damaged van ignores police ops orders"
    state, _ = act(state, 0, Attack(die=2, district="the-park", target="van"))
    state, _ = act(state, 0, Attack(die=3, district="the-park", target="van"))
    assert state.vans == {} and state.destroyed_vans == 1 and state.staging_vans == 5


def test_one_reaction_roll_after_consecutive_attacks_in_one_clash() -> None:
    state = cleared_with(blocs={"the-park": 3, "the-plaza": 1}, cops={"the-park": 3})
    state.rng = rng_rolling(1)
    state, e1 = act(state, 0, Attack(die=1, district="the-park", target="cop"))
    state, e2 = act(state, 0, Attack(die=2, district="the-park", target="cop"))
    assert not any("Reaction roll" in e.text for e in e1 + e2)
    state, e3 = act(state, 0, End())
    assert sum("Reaction roll" in e.text for e in e3) == 1


def test_peoples_kitchen_dice_from_an_attack_runs_roll_at_the_end_are_used_that_turn() -> None:
    """Rulebook p.17: the People's Kitchen's extra die is used in the same turn. When the roll an
    attack run owes comes only as the faction ends its turn, the turn stays open for the die."""
    state = kitchen_roll_owed()
    assert [a.kind for a in GAME.legal_actions(state, 0)] == ["end"]
    state, events = act(state, 0, End())
    assert "Reaction roll for the Students in The Park: 6," in "\n".join(e.text for e in events)
    assert state.current == 0 and state.unused_dice() == [2] and state.dice[1].value == 3
    state, _ = act(state, 0, Move(die=2, from_district="the-park", to_district="street-market"))
    assert state.blocs[0] == {"street-market": 1}
    state, _ = act(state, 0, End())
    assert state.current == 1
