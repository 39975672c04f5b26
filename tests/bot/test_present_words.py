"""What the bot adds to a game's own words, read as a player reads it: the end of a game names
one winner or a shared win, and a secret-orders prompt says "in secret" once (and one seat
"writes" its orders)."""

from __future__ import annotations

import pytest

from bot.store.models import GameRow
from bot.table import present
from bot.table.model import Table
from engine import Outcome, Termination
from engine.games.space_insurrection import GAME as SPACE
from engine.games.space_insurrection.flow import to_sheet
from tests.engine.space_insurrection.support import put
from tests.engine.toy_words import words

SEATS = ["Red", "Blue", "Yellow"]


def ending(winners: list[int]) -> Outcome:
    return Outcome(termination=Termination.GOAL, winners=winners, msg=words("The war is over."))


@pytest.mark.parametrize(
    ("winners", "said"),
    [
        ([0], "🏁 **Game over.** Winner: Red. The war is over."),
        ([0, 1, 2], "🏁 **Game over.** Shared win: Red, Blue and Yellow. The war is over."),
        ([], "🏁 **Game over.** No winner. The war is over."),
    ],
    ids=["one", "three-way tie", "nobody"],
)
def test_the_end_names_one_winner_or_a_shared_win(winners: list[int], said: str):
    line = present.game_over_line([SEATS[s] for s in winners], ending(winners))
    assert line == said


def test_the_end_does_not_repeat_a_reason_the_step_has_just_narrated():
    line = present.game_over_line(["Red"], ending([0]), narrated="Boom. The war is over.")
    assert line == "🏁 **Game over.** Winner: Red."


def table_of(game, players: int) -> Table:
    state = game.setup(game.make_options(players), 3)
    row = GameRow(
        id=1,
        channel_id=9,
        guild_id=None,
        game=game.id,
        host_id=11,
        status="active",
        options={},
        players=[11 * (i + 1) for i in range(players)],
        seed=3,
        state=None,
        version=1,
        lobby_message_id=None,
    )
    return Table(row=row, game=game, state=state)


def test_a_secret_orders_prompt_says_in_secret_once():
    table = table_of(SPACE, 3)
    put(table.state, "agent-1", 1, "aldebar")
    (opened,) = to_sheet(table.state, "movement")
    assert opened.text.endswith(": Blue writes their orders in secret."), "one seat writes"
    (prompt,) = SPACE.prompts(table.state).values()
    line = present.prompt_line(table, prompt)
    assert line.count("in secret") == 1, line
    assert "/game order`" in line and "/game orders`" in line
