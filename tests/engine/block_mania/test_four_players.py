"""Four players: two teams of two, one per block (content/teams.json). Set-up, turn order,
Defensive Fire by the other block, teammates who may not fight each other, and a block's win
shared by both its players."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import IllegalAction
from engine.games.block_mania import board, combat
from engine.games.block_mania.actions import End
from engine.games.block_mania.content.models import content
from engine.games.block_mania.rules import GAME
from engine.games.block_mania.state import SHARED

from .support import game, put


def test_block_mania_seats_two_or_four_players() -> None:
    assert GAME.player_counts == (2, 4)
    assert GAME.make_options(4).players == 4
    with pytest.raises(IllegalAction) as refused:
        GAME.make_options(3)
    assert refused.value.msg.key == "core.invalid_field"
    assert str(refused.value) == 'players: "3" is not one of its choices: 2 and 4'


def test_four_players_share_two_blocks_with_three_blockers_each_and_one_futsie_a_block() -> None:
    state = game(3, players=4)
    assert state.seat_names == [
        "Block A, player 1",
        "Block B, player 1",
        "Block A, player 2",
        "Block B, player 2",
    ]
    owners = Counter(b.owner for b in state.blockers)
    assert owners == {0: 3, 1: 3, 2: 3, 3: 3, SHARED: 2}
    for b in state.blockers:
        if b.owner != SHARED:
            assert b.at[0] == board.block_of(b.owner) and board.parse(b.at)[2] == 0
    ids = [b.id for b in state.blockers]
    assert len(set(ids)) == len(ids)
    assert [len(h) for h in state.hands] == [content().cards.dealt] * 4
    # each player draws from half the block's counters (rounded up), less the three in play
    half = sum(-(-k.count // 2) for k in content().blockers.blockers)
    assert [len(r) for r in state.reserves] == [half - 3] * 4
    assert len(state.defeat) == len(state.crashed) == 2


def test_turns_alternate_between_the_blocks_and_the_next_player_answers_with_fire() -> None:
    state = game(5, players=4)
    order = []
    for _ in range(5):
        order.append(state.active)
        assert state.defender == (state.active + 1) % 4
        state.phase = "combat"
        state = GAME.apply(state, state.active, End()).state
    assert order == [0, 1, 2, 3, 0]


def test_the_defending_blocks_blockers_all_answer_commanded_by_the_next_player() -> None:
    state = game(2, players=4)
    for b in state.blockers:
        b.at = "gone"
    mover = put(state, "juves", 0, "A35")
    mover.active = True
    mine = put(state, "citi_def", 1, "A36", ["laser"])
    teammates = put(state, "citi_def", 3, "A34", ["laser"])
    put(state, "citi_def", 2, "A25", ["laser"])  # the mover's teammate does not shoot at it
    state.hands[1] = []
    state = GAME.apply(state, 0, End()).state
    assert state.phase == "defensive"
    (prompt,) = GAME.prompts(state).values()
    assert prompt.seat == 1
    shooters = {c.action["blocker"] for c in prompt.choices if c.action["kind"] == "attack"}
    assert shooters == {mine.id, teammates.id}


def test_teammates_neither_shoot_nor_fight_each_other_nor_their_own_block() -> None:
    state = game(1, players=4)
    for b in state.blockers:
        b.at = "gone"
    shooter = put(state, "citi_def", 0, "A64", ["laser", "club"])
    friend = put(state, "juves", 2, "A64")
    enemy = put(state, "juves", 3, "A64")
    found = combat.options(state, shooter, 0)
    targets = {(a.how, a.target) for a in found}
    assert ("melee", enemy.id) in targets and ("shoot", enemy.id) in targets
    assert not {t for _, t in targets} & {friend.id}
    assert not [a for a in found if a.how == "square" and a.target.startswith("A")]


def test_a_crash_wins_for_both_players_of_the_standing_block() -> None:
    state = game(4, players=4)
    for s in board.all_squares()[70:]:  # block B's upper half: 5D6 is at most 30
        if board.parse(s)[2] >= 5:
            state.squares[s].collapsed = True
    state.collapsed_now[1] = True
    state.phase = "combat"
    state = GAME.apply(state, 0, End()).state
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [0, 2]
    assert str(outcome.msg) == (
        "Block A, player 1 and Block A, player 2 win: the other block has crashed."
    )


def test_at_the_endgame_both_players_of_the_least_damaged_block_win() -> None:
    state = game(6, players=4)
    state.active = 3
    state.endgame, state.deck, state.justice = True, [], []
    state.defeat = [4, 1]
    state.phase = "combat"
    state = GAME.apply(state, 3, End()).state
    assert state.ended == "endgame" and state.winners == [1, 3]
