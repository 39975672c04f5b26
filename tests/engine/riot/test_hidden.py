"""What each seat may see: its own hand and (the Nationalists) its goal; counts only of
others' hands; the goal to all once the game is over. Search samples keep a seat's view."""

from __future__ import annotations

from engine.games.riot import GAME
from engine.games.riot.state import RiotState
from engine.messages import say
from engine.rng import Rng
from tests.engine.riot.support import position


def _state() -> RiotState:
    state = position(
        units={"aut1": "b1a", "ana1": "b2a", "nat1": "b3a"},
        hands={1: ["autonomen.stones"], 2: ["anarchists.molotov", "anarchists.run"]},
    )
    state.goal = "purge"
    return state


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others() -> None:
    state = _state()
    view = GAME.view(state, 1)
    assert view.hand == ["autonomen.stones"]
    assert [s.cards for s in view.seats] == [0, 1, 2, 0]
    assert GAME.view(state, None).hand == []
    assert "molotov" not in GAME.view(state, 1).model_dump_json()


def test_only_the_nationalists_see_their_goal_until_the_end() -> None:
    state = _state()
    assert GAME.view(state, 3).goal == "purge"
    for seat in (None, 0, 1, 2):
        view = GAME.view(state, seat)
        assert view.goal is None and "purge" not in view.model_dump_json()
    state.ended, state.winners = "police", [0]
    assert GAME.view(state, None).goal == "purge"


def test_the_nationalists_hand_text_names_their_goal() -> None:
    state = _state()
    assert GAME.hand_text(state, 3) is not None
    assert "Eliminate at least 8" in str(GAME.hand_text(state, 3))
    assert GAME.hand_text(state, 0) is None


def test_a_determinized_state_looks_the_same_to_the_seat() -> None:
    state = _state()
    for seat in (None, 0, 1, 2, 3):
        for i in range(5):
            sample = GAME.determinize(state, seat, Rng.seeded(i))
            assert GAME.view(sample, seat) == GAME.view(state, seat)
            if seat == 3:
                assert sample.goal == "purge"


def test_a_card_played_from_a_hand_is_not_named_on_public_buttons() -> None:
    state = _state()
    play = GAME.parse_action({"kind": "play", "card": "autonomen.stones", "target": "pol13"})
    assert "Stones" in str(GAME.describe(state, play))
    assert "Stones" not in str(GAME.choice_label(state, play))


def test_the_result_tells_the_table_the_nationalist_goal() -> None:
    state = _state()
    state.ended, state.winners = "police", [0]
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert say(outcome.msg).endswith(
        "The Nationalists' secret goal was: Eliminate at least 8 Autonomen and Anarchist units."
    )
