"""The structured hand (`Game.hand`) of every game that has one: the cards a seat holds, each
with buttons that the game accepts, over seeded playouts."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine import Game
from engine.games import REGISTRY
from engine.players import play_step, random_player
from engine.rng import Rng
from tests.engine.toy_game import GAME as TOY

HELD = {
    "bloc_by_bloc": lambda state, seat: state.hands[seat],
    "space_insurrection": lambda state, seat: state.reserves[seat],
    "riot": lambda state, seat: state.hands[seat],
    "block_mania": lambda state, seat: state.hands[seat],
    "sealed_bids": lambda state, seat: [str(c) for c in state.hands[seat]],
}
"""What each game with a hand keeps in its state, as the ids its hand names."""

GAMES: list[Game[Any, Any]] = [*REGISTRY.values(), TOY]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_held_card_is_shown_and_every_button_is_accepted(game: Game[Any, Any]) -> None:
    players = game.player_counts[0]
    state = game.setup(game.make_options(players), seed=3)
    seats = range(len(state.seat_names))
    moves = {s: random_player(s) for s in seats}
    rng = Rng.seeded(3)
    shown = pressed = 0
    for _ in range(80):
        if game.outcome(state) is not None:
            break
        for seat in seats:
            hand = game.hand(state, seat)
            if hand is None:
                assert game.id not in HELD
                continue
            held = Counter(HELD[game.id](state, seat))
            assert Counter({card.id: card.count for card in hand}) == held
            assert all(card.name and card.text for card in hand)
            shown += len(hand)
            legal = {a.to_text() for a in game.legal_actions(state, seat)}
            for card in hand:
                for choice in card.choices:
                    action = game.parse_action(choice.action)
                    assert action.to_text() in legal
                    game.apply(state, seat, action)
                    pressed += 1
        state = play_step(game, state, moves, rng)[1].state
    if game.id in HELD:
        assert shown and pressed


def test_a_loot_card_is_named_with_its_text_and_what_it_may_do() -> None:
    game = REGISTRY["bloc_by_bloc"]
    state = game.setup(game.make_options(3), seed=2)
    moves = {s: random_player(s) for s in range(len(state.seat_names))}
    rng = Rng.seeded(1)
    while not any(card.choices for s in game.prompts(state) for card in game.hand(state, s) or []):
        state = play_step(game, state, moves, rng)[1].state
    seat = next(s for s in game.prompts(state) if any(c.choices for c in game.hand(state, s) or []))
    card = next(c for c in game.hand(state, seat) or [] if c.choices)
    words = str(game.hand_text(state, seat) or "")
    assert card.name in words and card.text in words
    assert any(card.name in choice.label for choice in card.choices)
