"""What happens when the table stops waiting for a seat: every prompt's default is a legal
action that moves the game on, a round in which nobody does anything ends the game, who is on
deck, which actions may be taken back, and that nothing a seat is asked depends on anything
hidden (nothing is)."""

from __future__ import annotations

import random

import pytest

from engine import Termination
from engine.games.not_on_my_block import GAME
from engine.games.not_on_my_block.state import NombState
from tests.engine.defaults import default_action
from tests.engine.not_on_my_block.support import (
    act,
    apartment,
    position,
    red_completes_protection,
    red_may_propose_a_swap,
    temporarily_protected,
)


def force(state: NombState) -> NombState:
    """Apply the default of the one seat being waited for, after checking it is legal."""
    ((seat, _),) = GAME.prompts(state).items()
    return GAME.apply(state, seat, default_action(GAME, state, seat), absent=True).state


def default_of(state: NombState) -> dict[str, object]:
    ((_, prompt),) = GAME.prompts(state).items()
    assert prompt.default is not None
    return prompt.default


# ----- own-turn defaults ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_an_absent_resident_places_apartments_away_from_the_edge_and_risk_zones(players):
    state = GAME.setup(GAME.make_options(players), 1)
    placed: list[str] = []
    while state.phase == "placement":
        seat = state.active
        default = default_of(state)
        assert default["kind"] == "place"
        state = force(state)
        placed.append(str(default["block"]))
        assert apartment(state, placed[-1]) is not None
        if state.phase == "placement" and players == 4:
            assert state.active == seat % 3 + 1, "the next Resident places"
    assert len(placed) == 9 and len(set(placed)) == 9
    for block in placed:
        assert state.board.type_of(block) == "empty", "not a Risk Zone"
        assert block[0] not in "AI" and block[1:] not in ("1", "9"), "not on the edge"
    assert state.phase == "play" and state.active == 0, "then the Developer starts"


@pytest.mark.parametrize("seat", [0, 1])
def test_an_absent_players_turn_ends_with_nothing_moved(seat):
    state = position(2, apartments={"C4": "red"}, active=seat)
    assert default_of(state) == {"kind": "end"}
    after = force(state)
    assert after.active == 1 - seat
    assert after.reps == state.reps and after.agents == state.agents


def test_a_turn_with_moves_made_is_ended_too():
    state = position(2, apartments={"C4": "red"}, active=1)
    state = act(state, 1, kind="move", piece="red1", to="E6")
    assert default_of(state) == {"kind": "end"}
    assert force(state).active == 0


def test_a_developer_who_revokes_and_leaves_sends_the_first_rep_and_the_agent_to_start():
    state = temporarily_protected()
    state = act(state, 0, kind="move", piece="agent1", to="C4")
    assert default_of(state) == {"kind": "sendback", "rep": "blue1", "to": "E5"}
    state = force(state)
    assert state.reps["blue1"] == "E5" and state.reps["yellow2"] == "C4"
    assert default_of(state) == {"kind": "return", "agent": "agent1", "to": "E5"}
    state = force(state)
    assert state.agents["agent1"] == "E5" and not state.pending
    assert default_of(state) == {"kind": "end"}, "back to the Developer's turn"


def test_a_developer_who_catches_reps_and_leaves_sends_each_to_start():
    state = position(
        2, apartments={"A1": "red"}, reps={"red1": "D6", "blue2": "D6"}, agents={"agent1": "E6"}
    )
    state = act(state, 0, kind="suppress", agent="agent1", to="D6")
    state = force(state)
    state = force(state)
    assert state.reps["red1"] == state.reps["blue2"] == "E5"
    assert not state.pending and state.agents["agent1"] == "E5"


def test_a_developer_who_builds_a_luxury_store_and_leaves_skips_its_push():
    state = position(2, apartments={"G8": "red"}, agents={"agent1": "H7", "agent2": "H7"})
    state = act(state, 0, kind="develop", store="H7")
    assert default_of(state) == {"kind": "skip"}
    state = force(state)
    assert not state.pending and apartment(state, "G8") == "red standing"


def test_a_protector_who_leaves_sends_their_center_rep_to_start():
    state = red_completes_protection()
    state = act(state, 1, kind="protect", apartment="A4", center="C7")
    prompt = GAME.prompts(state)[1]
    assert not prompt.out_of_turn
    assert prompt.default == {"kind": "sendback", "rep": "red1", "to": "E5"}
    state = force(state)
    assert state.reps["red1"] == "E5" and list(GAME.prompts(state)) == [2]


# ----- the standstill ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_a_round_of_turns_ended_for_absent_players_ends_the_game_with_no_winner(players):
    state = position(players, apartments={"C4": "red", "D2": "blue", "F8": "yellow"})
    for _ in range(players - 1):
        state = force(state)
        assert GAME.outcome(state) is None
    assert "standstill" in GAME.prompts(state)[state.active].text
    state = force(state)
    result = GAME.outcome(state)
    assert result is not None and result.winners == [] and "standstill" in result.reason
    assert result.termination == Termination.STANDSTILL
    assert GAME.prompts(state) == {}


@pytest.mark.parametrize("players", [2, 4])
def test_players_who_end_their_turns_themselves_play_on(players):
    state = position(players, apartments={"C4": "red", "D2": "blue", "F8": "yellow"})
    for _ in range(3 * players):
        assert "standstill" not in GAME.prompts(state)[state.active].text
        state = act(state, state.active, kind="end")
        assert GAME.outcome(state) is None
    assert state.round == 4


def test_the_last_seat_is_warned_only_of_what_a_turn_ended_for_it_would_do():
    state = position(2, apartments={"C4": "red"})
    state = force(state)
    assert GAME.prompts(state)[1].text.endswith(
        "The other player's last turn was ended for them while they were away: if yours is "
        "ended for you too, the game stops in a standstill with no winner."
    )
    state = act(state, 1, kind="end")
    assert GAME.outcome(state) is None, "the Resident ended the turn themselves"


def test_a_choice_or_anything_done_starts_the_count_again():
    state = position(2, apartments={"C4": "red"})
    state = force(state)
    state = act(state, 1, kind="move", piece="red1", to="E6")
    state = force(state)
    state = force(state)
    assert GAME.outcome(state) is None, "the Resident moved: only the Developer was away since"
    state = act(state, 1, kind="end")
    state = force(state)
    assert GAME.outcome(state) is None, "the Resident ended a turn: only the Developer was away"
    assert "standstill" in GAME.prompts(state)[1].text
    state = force(state)
    assert GAME.outcome(state) is not None


def test_an_eliminated_resident_is_not_waited_for_in_a_standstill():
    state = position(4, apartments={"C4": "red", "D2": "blue"})
    state.eliminated = [3]
    for _seat in (0, 1, 2):
        assert GAME.outcome(state) is None
        state = force(state)
    assert GAME.outcome(state) is not None


# ----- who is on deck ------------------------------------------------------------------------


def test_next_up_follows_the_turn_order_and_skips_eliminated_residents():
    state = position(4, apartments={"C4": "red", "D2": "blue"})
    assert GAME.next_up(state) == 1
    state = act(state, 0, kind="end")
    assert GAME.next_up(state) == 2
    state.eliminated = [2]
    assert GAME.next_up(state) == 3
    state.active = 3
    assert GAME.next_up(state) == 0
    two = position(2, apartments={"C4": "red"}, active=1)
    assert GAME.next_up(two) == 0


def test_next_up_during_set_up_is_the_next_to_place_then_the_developer():
    four = GAME.setup(GAME.make_options(4), 2)
    assert GAME.next_up(four) == 2
    for _ in range(8):
        four = force(four)
    assert four.active == 3 and GAME.next_up(four) == 0, "the last apartment, then play"
    two = GAME.setup(GAME.make_options(2), 2)
    assert GAME.next_up(two) == 0, "the Resident's placements are one set-up turn"


def test_nobody_is_next_once_the_game_is_over():
    state = position(2, apartments={"C4": "red"})
    state = force(force(state))
    assert GAME.outcome(state) is not None and GAME.next_up(state) is None


# ----- taking back ---------------------------------------------------------------------------


def reversible(state: NombState, seat: int, **fields: object) -> bool:
    action = GAME.parse_action(fields)
    result = GAME.apply(state, seat, action)
    return GAME.reversible(state, result.state, seat, action, result.events)


def test_moves_pushes_and_ending_a_turn_may_be_taken_back():
    state = position(2, apartments={"C4": "red", "A1": "blue"}, agents={"agent1": "C5"})
    assert reversible(state, 0, kind="move", piece="agent1", to="C4")
    assert reversible(state, 0, kind="move", piece="agent1", to="D5")
    assert reversible(state, 0, kind="end")


def test_answering_a_swap_proposal_may_not_be_taken_back():
    state = red_may_propose_a_swap()
    assert reversible(state, 1, kind="collude", rep="red1", agent="agent2"), "only asked"
    state = act(state, 1, kind="collude", rep="red1", agent="agent2")
    assert not reversible(state, 0, kind="consent", answer="decline")
    assert not reversible(state, 0, kind="consent", answer="accept")


def test_the_move_that_wins_may_not_be_taken_back():
    state = position(2, apartments={"A4": "red", "A1": "blue"}, agents={"agent1": "B4"})
    for apt in [a for a in state.apartments if a.at is None][:4]:
        apt.status = "pushed"
    assert GAME.outcome(act(state, 0, kind="move", piece="agent1", to="A4")) is not None
    assert not reversible(state, 0, kind="move", piece="agent1", to="A4")


# ----- nothing a seat is asked depends on anything hidden ------------------------------------


def test_who_is_asked_and_what_can_be_read_from_the_board_everyone_sees():
    """Not On My Block hides nothing: every seat's view is the channel's, and the seat asked
    (and so whose timer runs) is the one that view names."""
    rnd = random.Random(4)
    for players in (2, 4):
        state = GAME.setup(GAME.make_options(players), players)
        for _ in range(400):
            if GAME.outcome(state) is not None:
                break
            public = GAME.view(state, None)
            assert all(GAME.view(state, s) == public for s in range(players))
            expected = public.pending.seat if public.pending else public.active_seat
            prompts = GAME.prompts(state)
            assert list(prompts) == [expected]
            assert prompts[expected].out_of_turn == (expected != public.active_seat)
            actions = GAME.legal_actions(state, expected)
            state = GAME.apply(state, expected, rnd.choice(actions)).state
