"""The deck, pile and hand kit (engine/kit/cards.py), and the structured hand on the toy game."""

from __future__ import annotations

from collections import Counter

from engine.kit.cards import deal, discard, draw, draw_at_random, redeal, reshuffle, sizes
from engine.rng import Rng
from tests.engine.toy_game import GAME, Bid


def test_draw_takes_the_top_cards_in_order() -> None:
    deck = ["a", "b", "c"]
    assert draw(deck, 2) == ["a", "b"]
    assert deck == ["c"]


def test_an_empty_deck_is_rebuilt_from_the_shuffled_discards() -> None:
    deck, pile = ["a"], ["b", "c", "d"]
    drawn = draw(deck, 3, discard=pile, rng=Rng.seeded(5))
    assert drawn[0] == "a"
    assert set(drawn[1:]) <= {"b", "c", "d"}
    assert sorted(drawn[1:] + deck) == ["b", "c", "d"]
    assert pile == []


def test_draw_stops_when_deck_and_discards_are_both_empty() -> None:
    deck, pile = ["a"], ["b"]
    assert draw(deck, 5, discard=pile, rng=Rng.seeded(1)) == ["a", "b"]
    assert draw(deck, 1, discard=pile, rng=Rng.seeded(1)) == []


def test_reshuffle_follows_the_state_generator() -> None:
    """The same seed reshuffles the same way; another seed (a determinized state) differs."""
    orders = set()
    for seed in (1, 1, 2, 3):
        deck, pile = ["x"], list("abcdefgh")
        reshuffle(deck, pile, Rng.seeded(seed))
        assert sorted(deck) == sorted("xabcdefgh") and pile == []
        orders.add(tuple(deck))
    assert len(orders) == 3


def test_deal_counts_out_each_hand_from_the_top() -> None:
    deck = list(range(10))
    assert deal(deck, [3, 2]) == [[0, 1, 2], [3, 4]]
    assert deck == [5, 6, 7, 8, 9]


def test_a_pile_is_drawn_from_anywhere_until_empty() -> None:
    pile, rng = list("abcd"), Rng.seeded(9)
    got = [draw_at_random(pile, rng) for _ in range(5)]
    assert sorted(c for c in got if c) == list("abcd") and got[-1] is None


def test_discard_moves_one_copy() -> None:
    hand, pile = ["molotov", "molotov", "bike"], list[str]()
    discard(hand, "molotov", pile)
    assert hand == ["molotov", "bike"] and pile == ["molotov"]
    assert sizes([hand, pile, []]) == [2, 1, 0]


def test_redeal_keeps_sizes_and_spreads_the_cards() -> None:
    seen: Counter[tuple[int, str]] = Counter()
    rng = Rng.seeded(3)
    for _ in range(300):
        deck, hand = ["a", "b", "c"], ["d"]
        pairs = redeal([deck, hand], rng)
        assert len(deck) == 3 and len(hand) == 1
        assert [old for old, _ in pairs] == ["a", "b", "c", "d"]
        assert [new for _, new in pairs] == [*deck, *hand]
        seen[(1, hand[0])] += 1
    assert set(seen) == {(1, c) for c in "abcd"}


def test_the_hand_lists_each_card_with_the_button_that_plays_it() -> None:
    state = GAME.setup(GAME.make_options(2), seed=4)
    hand = GAME.hand(state, 0)
    assert [card.id for card in hand] == [str(c) for c in state.hands[0]]
    first = hand[0]
    assert first.name == f"The {first.id}" and first.count == 1
    [choice] = first.choices
    assert choice.label == f"bid {first.id}"  # a bid's public label hides the card
    after = GAME.apply(state, 0, GAME.parse_action(choice.action)).state
    assert int(first.id) not in after.hands[0] and after.bids[0] == int(first.id)


def test_cards_that_cannot_be_played_now_have_no_buttons() -> None:
    state = GAME.setup(GAME.make_options(2), seed=4)
    after = GAME.apply(state, 0, Bid(card=state.hands[0][0])).state
    hand = GAME.hand(after, 0)
    assert len(hand) == 2 and all(not card.choices for card in hand)
