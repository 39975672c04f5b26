"""The same game plays the same on either store: a whole game of the test-only Sealed Bids
(secret hands by DM, bids made at once, a decision owed out of turn), with a restart midway,
on SQLite and on PostgreSQL (`DATABASE_URL`), tells the channel and the players exactly the
same things, and logs the same moves."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.driver import play_until_over, seated
from tests.bot.harness import Session
from tests.engine.toy_game import GAME as TOY
from tests.postgres import Server

SEED = 5

Seen = tuple[list[tuple[str, list[str], list[str]]], list[tuple[int, str]]]


async def played(folder: Path, **settings: str) -> Seen:
    """What the channel and the players' DMs showed (ids of the session's users and channel
    written as names), and the game's log."""
    async with Session(folder / "games.sqlite3", **settings) as session:
        alice, bob = session.user("alice"), session.user("bob")
        users = await session.open_game(TOY.id, alice, bob, seed=SEED)
        names = {str(u.id): u.name for u in users.values()}

        async def midway(n: int) -> None:
            if n == 3:
                await session.restart()

        assert await play_until_over(session, users, seated(SEED), before_step=midway) > 3
        assert session.bot is not None
        finished = await session.bot.tables.by_id(session.game_id)
        assert finished is not None and finished.row.status == "finished"
        assert await session.bot.tables.replay(finished) == finished.state
        shown = []
        for place in [session.channel, *(session.standin.dm_channel(u) for u in (alice, bob))]:
            for m in session.standin.messages(place):
                text = m.content
                for found, name in [*names.items(), (str(session.channel.id), "games")]:
                    text = text.replace(found, name)
                pings = sorted(names[str(i)] for i in m.pinged_ids)
                shown.append((text, pings, [a.filename for a in m.attachments]))
        log = await session.bot.store.action_log(session.game_id)
        return shown, [(e.seat, e.action) for e in log]


@pytest.mark.usefixtures("toy_installed")
async def test_a_game_plays_the_same_on_sqlite_and_on_postgresql(tmp_path: Path, postgres: Server):
    (tmp_path / "sqlite").mkdir()
    (tmp_path / "postgresql").mkdir()
    on_sqlite = await played(tmp_path / "sqlite")
    on_postgresql = await played(tmp_path / "postgresql", database_url=await postgres.database())
    assert not (tmp_path / "postgresql" / "games.sqlite3").exists(), "PostgreSQL was not used"
    assert on_postgresql[1] == on_sqlite[1]
    assert on_postgresql[0] == on_sqlite[0]
