"""The search hooks of the engine contract, for every registered game and the toy games:
a determinized state looks the same to its seat and plays on, with other dice to come; order
sheets offer several legal submissions; a quiet apply makes the very state a narrated one does;
an ended game is worth something in [0, 1] to every seat."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Game
from engine.games import GAMES
from engine.players import pick_seat, random_player, seen
from engine.rng import Rng
from tests.engine import toy_game, toy_orders
from tests.engine.search_positions import positions

ALL: list[Game[Any, Any]] = [*GAMES, toy_game.GAME, toy_orders.GAME]
SEEDS = (1, 2)
STEPS = 160


def ids(game: Game[Any, Any]) -> str:
    return game.id


@pytest.mark.parametrize("game", ALL, ids=ids)
def test_a_determinized_state_looks_the_same_to_its_seat(game: Game[Any, Any]) -> None:
    """Every seat, and the channel, sees the same view (and the seat the same hand) in a
    determinized state as in the true one, which is left untouched."""
    checked = 0
    for seed in SEEDS:
        for n, state in enumerate(positions(game, seed, STEPS, 4)):
            before = state.model_dump_json()
            for seat in [None, *range(len(state.seat_names))]:
                sample = game.determinize(state, seat, Rng.seeded(seed * 1000 + n))
                assert game.view(sample, seat) == game.view(state, seat)
                if seat is not None:
                    assert game.hand_text(sample, seat) == game.hand_text(state, seat)
                assert game.outcome(sample) == game.outcome(state)
                checked += 1
            assert state.model_dump_json() == before
    assert checked > 10


@pytest.mark.parametrize("game", ALL, ids=ids)
def test_the_dice_to_come_differ_between_samples(game: Game[Any, Any]) -> None:
    """A sample never carries the true generator, and two samples carry different ones; one
    `rng` always gives the same sample."""
    state = next(positions(game, 3, 30, 30))
    one = game.determinize(state, 0, Rng.seeded(1))
    two = game.determinize(state, 0, Rng.seeded(2))
    assert len({one.rng.state, two.rng.state, state.rng.state}) == 3
    assert one.rng.model_copy().roll(12) != two.rng.model_copy().roll(12)
    assert game.determinize(state, 0, Rng.seeded(1)) == one


@pytest.mark.parametrize("game", ALL, ids=ids)
def test_a_determinized_state_plays_on(game: Game[Any, Any]) -> None:
    """Defaults, then the search's own submissions, are accepted in a sample for a few steps."""
    for n, state in enumerate(positions(game, 4, STEPS, 20)):
        sample = game.determinize(state, n % len(state.seat_names), Rng.seeded(n))
        for step in range(6):
            prompts = game.prompts(sample)
            if not prompts:
                break
            seat = sorted(prompts)[step % len(prompts)]
            if step % 2:
                action = game.sheet_actions(sample, seat, Rng.seeded(step), 3)[-1]
            else:
                action = game.parse_action(prompts[seat].default or {})
            sample = game.apply(sample, seat, action, absent=step % 2 == 0).state


@pytest.mark.parametrize("game", ALL, ids=ids)
def test_sheet_actions_are_legal_and_repeatable(game: Game[Any, Any]) -> None:
    """Whatever a search may branch on is accepted, and one rng gives the same list: distinct
    sheets for a seat writing orders, the legal actions otherwise."""
    for seed in SEEDS:
        for n, state in enumerate(positions(game, seed, STEPS, 5)):
            for seat, prompt in game.prompts(state).items():
                actions = game.sheet_actions(state, seat, Rng.seeded(n), 8)
                assert actions == game.sheet_actions(state, seat, Rng.seeded(n), 8)
                if prompt.sheet is None:
                    assert actions == game.legal_actions(state, seat)
                    continue
                assert 0 < len({a.to_text() for a in actions}) == len(actions) <= 8
                for action in actions:
                    game.apply(state, seat, action)


@pytest.mark.parametrize("game", ALL, ids=ids)
def test_a_quiet_apply_makes_the_narrated_state(game: Game[Any, Any]) -> None:
    """Move for move, the quiet apply's state equals the narrated one's (decision serials
    included), it tells nothing, and the prompts it hands on are the new state's."""
    for seed in SEEDS:
        loud = quiet = game.setup(game.make_options(max(game.player_counts)), seed)
        players = {s: random_player(seed + s) for s in range(len(loud.seat_names))}
        rng = Rng.seeded(seed)
        prompts = game.prompts(quiet)
        for _ in range(STEPS):
            if game.outcome(loud) is not None:
                break
            seat = pick_seat(prompts, rng)
            action = players[seat](seen(game, loud, seat, prompts[seat]))
            loud = game.apply(loud, seat, action).state
            result = game.apply(quiet, seat, action, quiet=True, prompts=prompts)
            quiet, prompts = result.state, result.prompts or {}
            assert quiet == loud and result.events == []
            assert prompts == game.prompts(loud)


@pytest.mark.parametrize("game", ALL, ids=ids)
def test_an_ended_game_is_worth_something_to_every_seat(game: Game[Any, Any]) -> None:
    """None while running; at the end one value in [0, 1] per seat, the most to the winners
    (hand-built endings per rulebook are in each game's test_search.py)."""
    for seed in range(4):
        for state in positions(game, seed, 400, 40):
            values = game.returns(state)
            result = game.outcome(state)
            if result is None:
                assert values is None
                continue
            assert values is not None and len(values) == len(state.seat_names)
            assert all(0.0 <= v <= 1.0 for v in values)
            for winner in result.winners:
                assert values[winner] == max(values) > 0


def test_the_toy_games_hands_and_sealed_orders_are_dealt_again() -> None:
    """Sealed Bids: every card seat 0 cannot see turns up in each other hand and as the sealed
    bid; Scouts: another camp's sealed orders are written again, always legal."""
    bids = toy_game.GAME
    state = bids.setup(bids.make_options(3), 4)
    state = bids.apply(state, 1, toy_game.Bid(card=state.hands[1][0])).state
    unseen = {c for s in (1, 2) for c in state.hands[s]} | {state.bids[1]}
    places: dict[int | None, set[str]] = {card: set() for card in unseen}
    for n in range(200):
        sample = bids.determinize(state, 0, Rng.seeded(n))
        assert sample.hands[0] == state.hands[0]
        assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
        for seat in (1, 2):
            for card in sample.hands[seat]:
                places[card].add(f"hand {seat}")
        places[sample.bids[1]].add("bid")
    assert all(found == {"hand 1", "hand 2", "bid"} for found in places.values())
    scouts = toy_orders.GAME
    state = scouts.setup(scouts.make_options(2), 4)
    state = scouts.apply(state, 1, scouts.sheet_actions(state, 1, Rng.seeded(1), 5)[-1]).state
    written = set()
    for n in range(40):
        sample = scouts.determinize(state, 0, Rng.seeded(n))
        written.add(str(sample.orders[1]))
        scouts.apply(sample, 0, scouts.parse_action(scouts.prompts(sample)[0].default or {}))
    assert len(written) > 3
