"""A player whose command the bot died in the middle of is told, after the restart, what became
of it: the move counted (with what it did), or nothing was changed and they may try again.

The bot here runs in the test's process; `pull_the_plug` stops it the way a kill would matter
to these answers: nothing more reaches its database, and its replies stay as they were.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.store.answers import OWED
from bot.store.sqlite import SqliteStore
from tests.bot.harness import STEP_TIMEOUT, Session
from tests.engine.toy_game import GAME as TOY
from tests.standin import Fault, InteractionRecord, UserRecord


@pytest.fixture
async def session(tmp_path: Path, toy_installed) -> AsyncIterator[Session]:
    async with Session(tmp_path / "games.sqlite3", publish_check_seconds=0.2) as s:
        yield s


async def started(session: Session) -> UserRecord:
    host, guest = session.user("host"), session.user("guest")
    await session.command(host, "game", "new", game=TOY.id)
    await session.command(guest, "game", "join")
    await session.command(host, "game", "start")
    session.game_id = (await session.table()).row.id
    return host


async def bid_sent(session: Session, user: UserRecord) -> InteractionRecord:
    """The bid as the player sends it, without waiting for the answer."""
    table = await session.table()
    card = table.state.hands[table.seats_of(user.id)[0]][0]
    filled = await session.picked(user, TOY.short_name, "bid", card=card)
    return await session.standin.slash(user, session.channel, TOY.short_name, "bid", **filled)


async def logged(session: Session) -> int:
    assert session.bot is not None
    return len(await session.bot.store.action_log(session.game_id))


async def owed_rows(session: Session) -> int:
    assert session.bot is not None
    async with session.bot.store.db.execute("SELECT COUNT(*) FROM owed_answers") as cur:
        return int((await cur.fetchone())[0])


async def hanging(session: Session, faults: list[Fault], what: str) -> None:
    """Wait until the bot is publishing, held in one of the hung requests: the change is
    stored by then, and the answer waits behind it. Pulling the plug any earlier could find
    the publisher reading the store, which a crash would not let answer the player."""
    await session.standin.wait_until(
        lambda: any(f.hits for f in faults), timeout=STEP_TIMEOUT, what=f"{what} to hang"
    )


async def pull_the_plug(session: Session) -> None:
    """Stop the bot as a crash would for its answers: the database is gone first, so nothing
    the dying bot still tries is stored, and the player's reply is left as it stood."""
    bot = session.bot
    assert bot is not None
    bot.shutdown_grace = 0.0
    await bot.store.aclose()
    await session.stop_bot()


async def told_after_restart(session: Session, record: InteractionRecord) -> str:
    await session.start_bot()
    await session.standin.wait_until(
        lambda: record.original_content is not None,
        timeout=STEP_TIMEOUT,
        what="the cut-off command's reply to be edited",
    )
    return record.original_content or ""


async def test_a_move_stored_before_a_crash_is_told_it_counted_and_what_it_did(
    session: Session, caplog: pytest.LogCaptureFixture
):
    caplog.set_level(logging.INFO, logger="bot")
    host = await started(session)
    assert await owed_rows(session) == 0  # answered commands leave nothing behind
    channel = f"/channels/{session.channel.id}/messages"
    hung = [
        session.standin.hang("POST", channel, 60.0),
        session.standin.hang("PATCH", f"{channel}/*", 60.0),
    ]
    record = await bid_sent(session, host)
    await hanging(session, hung, "the move's post")
    assert record.loading
    assert await logged(session) == 1  # the move is stored; its post hangs, the player waits

    await pull_the_plug(session)
    assert record.loading  # still "thinking…"
    session.standin.clear_faults()
    text = await told_after_restart(session, record)

    assert text.startswith("✅ That counted")
    assert session.bot is not None
    told = await session.bot.store.narration(session.game_id, first_seq=1, last_seq=1)
    said = [t.text for t in told if t.kind == "turn"]
    assert said and said[0] in text  # what the move did, as the channel is told it
    assert record.ephemeral and not record.original.components  # private, no stale buttons
    assert await logged(session) == 1
    await session.standin.wait_until(
        lambda: any(said[0] in m.content for m in session.posts()),
        timeout=STEP_TIMEOUT,
        what="the channel to be told too",
    )
    assert await owed_rows(session) == 0  # the token is gone once used
    assert record.token not in caplog.text


async def test_a_command_cut_off_before_it_was_stored_is_told_to_try_again(
    session: Session, monkeypatch: pytest.MonkeyPatch
):
    host = await started(session)
    assert session.bot is not None
    reached, never = asyncio.Event(), asyncio.Event()

    async def stalls(*args: object, **kwargs: object) -> None:
        reached.set()
        await never.wait()  # the move's transaction never begins: the bot dies first
        raise RuntimeError("the process is gone")

    monkeypatch.setattr(session.bot.store, "record_action", stalls)
    record = await bid_sent(session, host)
    await asyncio.wait_for(reached.wait(), STEP_TIMEOUT)
    assert record.loading

    await pull_the_plug(session)
    try:
        text = await told_after_restart(session, record)
    finally:
        never.set()  # the dead bot's handler is let go only now, to end as the test does

    assert text.startswith("⚠️ That did not go through")
    assert "nothing was changed" in text and "try again" in text
    assert await logged(session) == 0
    retried = await bid_sent(session, host)  # and trying again works
    assert (await retried.done(timeout=STEP_TIMEOUT)).original_content.startswith("✅")
    assert await logged(session) == 1


@pytest.mark.parametrize(
    ("locale", "went_through", "status"),
    [
        ("en-US", "✅ That went through", "/game status"),
        ("es-ES", "✅ Eso se ha hecho, aunque me he reiniciado", "/partida estado"),
    ],
)
async def test_a_change_other_than_a_move_stored_before_a_crash_is_told_it_went_through(
    session: Session, locale: str, went_through: str, status: str
):
    """In the language the player's client read when they sent the command."""
    host, guest = session.user("host"), session.user("guest")
    guest.locale = locale
    await session.command(host, "game", "new", game=TOY.id)
    edit = session.standin.hang("PATCH", f"/channels/{session.channel.id}/messages/*", 60.0)
    record = await session.standin.slash(guest, session.channel, "game", "join")
    await hanging(session, [edit], "the lobby's edit")
    assert guest.id in (await session.table()).row.players  # stored; the lobby's edit hangs

    await pull_the_plug(session)
    session.standin.clear_faults()
    text = await told_after_restart(session, record)

    assert text.startswith(went_through) and status in text, text
    assert guest.id in (await session.table()).row.players


async def test_expired_tokens_are_dropped_and_each_row_is_claimed_by_one_run(tmp_path: Path):
    store = SqliteStore(tmp_path / "games.sqlite3")
    await store.open()
    try:
        now = datetime.now(UTC)
        await store.owe(1, 9, "stale", now - timedelta(seconds=1), 5, 6, "en")
        await store.owe(2, 9, "fresh", now + timedelta(minutes=10), 5, 6, "en")
        claimed = await store.claim_owed(now)
        assert [(p.interaction_id, p.changed, p.last_seq) for p in claimed] == [(2, False, None)]
        assert "fresh" not in repr(claimed)  # tokens never reach a log line
        # A run that died while telling leaves the row to the next run, until it is settled.
        assert [p.interaction_id for p in await store.claim_owed(now)] == [2]
        await store.settle(2)
        assert await store.claim_owed(now) == []
        assert OWED.get() is None
    finally:
        await store.aclose()
