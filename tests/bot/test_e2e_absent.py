"""A table whose players all stop responding still reaches its end by its own rules: each turn
passes its limit, its default is played and announced, until the game is over."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.table.model import SYSTEM_USER
from tests.bot.harness import Session, game_end, reply_text


@pytest.mark.parametrize(
    ("game", "players"),
    [("not_on_my_block", 2), ("bloc_by_bloc", 2), ("space_insurrection", 3)],
)
async def test_a_table_that_stopped_answering_still_finishes(
    tmp_path: Path, game: str, players: int
):
    async with Session(tmp_path / "games.sqlite3", decision_deadline_hours=48) as session:
        users = [session.user(f"p{n}") for n in range(players)]
        await session.open_game(game, *users, seed=11)
        host = users[0]
        answer = reply_text(
            await session.command(host, "game", "settings", turn_limit=6, on_limit="default")
        )
        assert "turn limit 6 h" in answer
        for _ in range(2000):
            if (await session.bot.store.get(session.game_id)).status == "finished":
                break
            await session.advance(49)
        row = await session.bot.store.get(session.game_id)
        assert row.status == "finished"
        log = await session.bot.store.action_log(row.id)
        forced = [e for e in log if e.user_id == SYSTEM_USER]
        assert forced and len(forced) == len(log)  # nobody moved: the table played every move
        # Every default announced, none silently (several of one turn share its message).
        told = sum(m.content.count("Default for") for m in session.posts())
        assert told == len(forced)
        end, _ = await game_end(session)
        assert "Game over" in end.content
