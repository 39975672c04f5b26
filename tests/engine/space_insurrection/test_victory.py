"""How the game ends, judged as a turn ends: every world loyal to one seat, or one seat alone
with units on the board; shared wins; the last turn; a turn of nothing but defaults played
for absent players (a standstill), which a player's own pass never makes."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, Termination
from engine.games.space_insurrection import GAME, flow
from engine.games.space_insurrection.actions import Pass
from engine.games.space_insurrection.state import SpaceState
from tests.engine.defaults import default_action
from tests.engine.space_insurrection.support import WORLDS, act, at, blank, holding, loyal, put


def end_turn(state: SpaceState, busy: bool = True) -> SpaceState:
    state.busy = busy
    state.phase, state.acting = "action", None
    flow.end_turn(state)
    return state


def test_all_worlds_loyal_to_a_seat_at_the_end_of_the_turn_wins(dice):
    state = blank()
    for world in WORLDS[1:]:
        loyal(state, world, 0)
    put(state, "diplomat-1", 0, "aldebar")
    put(state, "agent-2", 1, "kryos")
    holding(state, 0, 1)
    at(state, "aldebar", 0)
    dice(1)
    state, text = act(state, 0, kind="act", unit="diplomat-1", action="control", target="aldebar")
    assert all(w.loyal == 0 for w in state.worlds)
    assert GAME.outcome(state) is None, "not until the turn ends"
    while GAME.outcome(state) is None:
        state, text = act(state, state.acting, kind="pass")
    result = GAME.outcome(state)
    assert result.termination == Termination.GOAL and result.winners == [0]
    assert result.reason == "Every world is loyal to Red."
    assert "Every world is loyal to Red." in text
    assert str(GAME.status_text(state, None)) == "Game over. Every world is loyal to Red."
    assert GAME.prompts(state) == {}


def test_nine_worlds_are_not_enough():
    state = blank()
    for world in WORLDS[1:]:
        loyal(state, world, 0)
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "kryos")
    assert GAME.outcome(end_turn(state)) is None


def test_the_last_seat_with_units_on_the_board_wins(dice):
    state = blank(3)
    put(state, "troops-1", 0, "aldebar")
    put(state, "troops-2", 1, "aldebar")
    loyal(state, "kryos", 2)  # Yellow holds a world but has no unit on the board
    holding(state, 2)
    at(state, "aldebar", 0)
    dice(1, 1)
    state, _ = act(state, 0, kind="act", unit="troops-1", action="attack", target="troops-2")
    assert GAME.outcome(state) is None, "not until the turn ends"
    while GAME.outcome(state) is None:
        state, _ = act(state, state.acting, kind="pass")
    result = GAME.outcome(state)
    assert result.termination == Termination.ELIMINATION and result.winners == [0]
    assert result.reason == "Red alone has units left on the board."


def test_units_in_reserve_do_not_count_as_on_the_board():
    state = blank()
    put(state, "agent-1", 0, "aldebar")
    state.reserves[1] = ["troops-5"]
    state.pile.remove("troops-5")
    assert GAME.outcome(end_turn(state)).winners == [0]


def test_two_seats_meeting_a_condition_together_share_the_win():
    state = blank()
    for world in WORLDS:
        loyal(state, world, 0)
    put(state, "agent-1", 1, "aldebar")
    result = GAME.outcome(end_turn(state))
    assert result.winners == [0, 1] and result.termination == Termination.GOAL
    assert result.reason == "Every world is loyal to Red; Blue alone has units left on the board."


def test_the_last_turn_gives_the_win_to_the_most_loyal_worlds():
    state = blank(3, last_turn=10)
    state.turn = 10
    loyal(state, "aldebar", 1)
    loyal(state, "borealis", 1)
    loyal(state, "cassiopia", 2)
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    result = GAME.outcome(end_turn(state))
    assert result.termination == Termination.TIME_LIMIT and result.winners == [1]
    assert result.reason == "The last turn is over: Blue holds the most loyal worlds (2 worlds)."


def test_a_tie_on_the_last_turn_is_shared():
    state = blank(3, last_turn=10)
    state.turn = 10
    loyal(state, "aldebar", 0)
    loyal(state, "borealis", 2)
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    result = GAME.outcome(end_turn(state))
    assert result.winners == [0, 2] and "Red and Yellow hold the most" in result.reason


def test_the_game_goes_on_before_the_last_turn(dice):
    state = blank(last_turn=10)
    state.turn = 9
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    assert GAME.outcome(end_turn(state)) is None and state.turn == 10


@pytest.mark.parametrize("turn", [15, 30, 100])
def test_with_no_last_turn_the_game_goes_on(turn):
    state = blank(last_turn=0)
    state.turn = turn
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    assert GAME.outcome(end_turn(state)) is None


def test_a_turn_with_nothing_done_at_all_is_a_standstill_with_no_winner():
    state = blank()
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    result = GAME.outcome(end_turn(state, busy=False))
    assert result.termination == Termination.STANDSTILL and result.winners == []
    assert "nothing done" in result.reason


def test_a_turn_of_passes_played_for_absent_players_is_a_standstill():
    state = blank()
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    flow.to_action(state)
    while GAME.outcome(state) is None:
        state = GAME.apply(state, state.acting, Pass(), absent=True).state
        assert state.turn == 1
    assert GAME.outcome(state).termination == Termination.STANDSTILL


def test_one_pass_chosen_by_a_player_keeps_the_game_going():
    state = blank()
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    flow.to_action(state)
    state, _ = act(state, state.acting, kind="pass")
    while state.turn == 1:
        state = GAME.apply(state, state.acting, Pass(), absent=True).state
    assert GAME.outcome(state) is None and state.turn == 2


def test_two_players_passing_through_their_first_turn_play_on():
    """Both players of a fresh game leave every sheet empty and press Pass at every world,
    though each could deploy: their own choices, so the second turn begins."""
    state = GAME.setup(GAME.make_options(2), 7)
    while state.turn == 1 and GAME.outcome(state) is None:
        (seat, *_) = sorted(GAME.prompts(state))
        state = GAME.apply(state, seat, default_action(GAME, state, seat)).state
    assert GAME.outcome(state) is None
    assert state.turn == 2 and GAME.prompts(state)


def test_a_failed_attempt_is_something_done(dice):
    state = blank()
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    flow.to_action(state)
    dice(6)
    state, _ = act(state, 0, kind="act", unit="agent-1", action="spy", target="agent-2")
    assert state.busy


def test_defaults_alone_end_a_new_game_after_its_first_turn():
    for players in (2, 3, 4, 5):
        state = GAME.setup(GAME.make_options(players), players)
        while GAME.outcome(state) is None:
            (seat, *_) = sorted(GAME.prompts(state))
            state = GAME.apply(state, seat, default_action(GAME, state, seat), absent=True).state
        assert state.turn == 1
        assert GAME.outcome(state).termination == Termination.STANDSTILL


def test_the_last_turn_is_scored_even_when_every_player_was_away():
    state = blank(last_turn=10)
    state.turn = 10
    loyal(state, "aldebar", 0)
    put(state, "agent-1", 0, "aldebar")
    put(state, "agent-2", 1, "aldebar")
    result = GAME.outcome(end_turn(state, busy=False))
    assert result.termination == Termination.TIME_LIMIT and result.winners == [0]


def test_nothing_more_may_be_done_once_the_game_is_over():
    state = blank()
    put(state, "agent-1", 0, "aldebar")
    end_turn(state)
    with pytest.raises(IllegalAction, match="The game is over"):
        act(state, 0, kind="pass")
    assert GAME.prompts(state) == {} and GAME.next_up(state) is None
