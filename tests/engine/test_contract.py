"""The engine contract, shown on a tiny game: simultaneous orders, out-of-turn decisions,
hidden hands, dice and shuffles, refusals that change nothing, and replay from the log."""

import pytest

from engine import IllegalAction, Rng
from tests.engine.toy_game import GAME, Bid, BidState


def new_game(seed: int = 1, players: int = 2) -> BidState:
    return GAME.setup(GAME.make_options(players), seed)


def play(state: BidState, seat: int, action) -> BidState:
    return GAME.apply(state, seat, action).state


def test_every_seat_is_prompted_at_once_for_simultaneous_orders():
    state = new_game(players=3)
    assert sorted(GAME.prompts(state)) == [0, 1, 2]
    state = play(state, 1, Bid(card=state.hands[1][0]))
    assert sorted(GAME.prompts(state)) == [0, 2]


def test_a_secret_order_is_hidden_from_the_channel_and_other_seats_until_revealed():
    state = new_game()
    card = state.hands[0][0]
    result = GAME.apply(state, 0, Bid(card=card))
    public = [e.text for e in result.events if e.seat is None]
    private = [e.text for e in result.events if e.seat == 0]
    assert all(str(card) not in text for text in public)
    assert any(str(card) in text for text in private)
    spectator = GAME.view(result.state, None).model_dump()
    other = GAME.view(result.state, 1).model_dump()
    assert "hand" not in spectator and "my_bid" not in spectator
    assert other["my_bid"] is None and other["has_bid"] == [True, False]
    assert card not in other["hand"]


def test_hands_are_dealt_from_a_shuffled_deck_and_only_their_owner_sees_them():
    state = new_game(seed=5)
    dealt = sorted(state.hands[0] + state.hands[1])
    assert len(set(dealt)) == 6 and set(dealt) <= set(range(1, 10))
    assert GAME.view(state, 0).model_dump()["hand"] == state.hands[0]
    assert str(GAME.hand_text(state, 1)) == "Your hand: " + ", ".join(map(str, state.hands[1]))


def test_a_seat_that_is_not_prompted_is_refused():
    state = new_game()
    state = play(state, 0, Bid(card=state.hands[0][0]))
    with pytest.raises(IllegalAction, match="not Bidder 1's turn"):
        GAME.apply(state, 0, Bid(card=state.hands[0][0]))


def test_a_refused_action_leaves_the_state_untouched():
    state = new_game()
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match="do not hold"):
        GAME.apply(state, 0, Bid(card=99))
    assert state.model_dump_json() == before


def test_illegal_action_is_a_value_error_with_a_readable_message():
    assert issubclass(IllegalAction, ValueError)
    with pytest.raises(IllegalAction, match="card"):
        GAME.parse_action({"kind": "bid", "card": "seven"})
    with pytest.raises(IllegalAction, match="players"):
        GAME.make_options(5)


def tied_state() -> BidState:
    """Both seats bid the same value: build the position directly."""
    state = new_game()
    state.hands = [[4, 1, 2], [4, 3, 5]]
    state = play(state, 0, Bid(card=4))
    return play(state, 1, Bid(card=4))


def test_ties_are_broken_by_a_die_roll_and_the_loser_owes_a_decision_out_of_turn():
    state = tied_state()
    assert len(state.last_rolls) == 2 and all(1 <= r <= 6 for r in state.last_rolls)
    prompts = GAME.prompts(state)
    loser = state.pending_loser
    assert list(prompts) == [loser]
    assert prompts[loser].out_of_turn
    assert [c.label for c in prompts[loser].choices] == ["Accept", "Re-roll"]


def test_an_out_of_turn_decision_has_a_default_that_is_a_legal_action():
    state = tied_state()
    prompt = GAME.prompts(state)[state.pending_loser]
    assert prompt.default == {"kind": "settle", "choice": "accept"}
    after = play(state, prompt.seat, GAME.parse_action(prompt.default))
    assert after.pending_loser is None


def test_quick_choices_are_complete_actions():
    state = tied_state()
    loser = state.pending_loser
    choice = GAME.prompts(state)[loser].choices[0]
    after = play(state, loser, GAME.parse_action(choice.action))
    assert after.round == 2 and after.pending_loser is None


def test_same_seed_and_actions_give_the_same_game_and_the_log_replays():
    def run(seed: int) -> tuple[BidState, list[tuple[int, str]]]:
        state, log = new_game(seed), []
        while GAME.outcome(state) is None:
            seat = min(GAME.prompts(state))
            action = GAME.legal_actions(state, seat)[0]
            log.append((seat, action.to_text()))
            state = play(state, seat, action)
        return state, log

    first, log = run(11)
    second, _ = run(11)
    assert first == second
    replayed = new_game(11)
    for seat, text in log:
        replayed = play(replayed, seat, GAME.parse_action(text))
    assert replayed == first
    assert GAME.outcome(first) is not None


def test_rng_state_lives_in_the_game_state_and_round_trips_through_json():
    state = tied_state()
    restored = BidState.model_validate_json(state.model_dump_json())
    assert restored.rng.roll(10) == state.rng.model_copy().roll(10)


def test_rng_is_uniform_enough_for_dice():
    rng = Rng.seeded(3)
    counts = [0] * 6
    for value in rng.roll(6000):
        counts[value - 1] += 1
    assert all(900 < c < 1100 for c in counts)
