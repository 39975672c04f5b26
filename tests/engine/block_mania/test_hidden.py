"""Hands stay with their holders: views, the channel, and determinizations."""

from __future__ import annotations

from engine.games.block_mania.rules import GAME
from engine.rng import Rng

from .support import game


def test_a_view_shows_only_its_own_hand() -> None:
    state = game(3)
    mine = GAME.view(state, 0)
    assert mine.hand == state.hands[0]
    assert GAME.view(state, None).hand == []
    assert [s.cards for s in mine.seats] == [len(h) for h in state.hands]


def test_the_channel_view_names_no_card_and_no_deck_order() -> None:
    state = game(4)
    public = GAME.view(state, None).model_dump_json()
    assert '"hand":[]' in public and "deck" in public
    for card in set(state.deck) | set(state.justice):
        assert f'"{card}"' not in public


def test_determinize_keeps_the_seat_s_hand_and_deals_the_rest_again() -> None:
    state = game(5)
    seen = [GAME.determinize(state, 0, Rng.seeded(n)) for n in range(8)]
    assert all(s.hands[0] == state.hands[0] for s in seen)
    assert all(
        sorted(s.hands[1] + s.deck) == sorted(state.hands[1] + state.deck)
        and s.justice != []
        and all(c in ("arrest", "condemned") for c in s.justice)
        for s in seen
    )
    assert any(s.hands[1] != state.hands[1] or s.deck != state.deck for s in seen)
    assert all(GAME.view(s, 0) == GAME.view(state, 0) for s in seen)


def test_a_card_played_is_not_named_to_the_table_before_it_is_played() -> None:
    state = game(6)
    (seat,) = GAME.prompts(state)
    state.hands[seat] = ["overtime", "steady_aim", "block_pride"]
    plays = [a for a in GAME.legal_actions(state, seat) if a.kind == "play"]
    assert plays
    for action in plays:
        assert str(GAME.choice_label(state, action)) == "Play a card"
        assert action.card not in str(GAME.choice_label(state, action))
