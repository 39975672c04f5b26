"""A computer at the table, through the stand-in: the host seats one with the lobby's button,
plays a whole game of Not On My Block against it, and every computer move is made by the bot
on its own, announced in the channel like a player's, with its seat named as a computer and
never pinged."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.discord import deadlines
from bot.table.computer_ids import is_computer, level_of
from bot.table.model import Table
from engine import ActionBase
from engine.computer import Level
from engine.players import player_for, seen
from tests.bot.driver import Policy, step
from tests.bot.harness import Session, game_end, reply_text
from tests.standin import UserRecord

STEPS = 3000


def mine(user_id: int, seed: int) -> Policy:
    """The person's own decisions, by the game's own player, seeing only their seat."""

    def play(table: Table) -> tuple[int, ActionBase]:
        prompts = table.prompts()
        seat = min(s for s in prompts if table.holder(s) == user_id)
        player = player_for(table.game, seed + seat)
        return seat, player(seen(table.game, table.state, seat, prompts[seat]))

    return play


async def play_on(
    session: Session,
    people: dict[int, UserRecord],
    done: Callable[[Table], Awaitable[bool]],
    seed: int = 5,
    nudge: bool = True,
) -> Table:
    """People play their own decisions (by the game's own players) and the due sweep lets the
    computers play theirs, until `done` says so or the game is over. The bot sweeps as soon
    as a computer owes a move, so a person acts only once the channel shows all that was
    committed, as they would. `nudge`: the test runs a sweep itself while a computer owes a
    move, rather than only waiting for the bot's own."""
    bot = session.bot
    assert bot is not None
    for _ in range(STEPS):
        found = await bot.tables.by_id(session.game_id)
        assert found is not None
        table = found
        if await bot.store.open_posts(session.game_id):
            await asyncio.sleep(0.01)  # the channel does not show the latest move yet
            continue
        if table.row.status == "finished" or await done(table):
            return table
        owing = [table.holder(s) for s in sorted(table.prompts())]
        person = next((u for u in owing if u in people), None)
        if person is not None:
            answer = await step(session, people, mine(person, seed))
            assert answer.startswith("✅"), answer
        elif nudge:
            await session.advance(0.01)  # the due sweep: the computer moves
        else:
            await asyncio.sleep(0.01)
    raise AssertionError(f"not done after {STEPS} steps")


async def never(table: Table) -> bool:
    return False


async def test_a_person_plays_not_on_my_block_to_its_end_against_the_computer(tmp_path: Path):
    async with Session(tmp_path / "games.sqlite3") as session:
        host = session.user("host")
        await session.command(host, "game", "new", game="not_on_my_block")
        lobby = session.posts()[-1]
        await session.click(host, lobby, "+ Computer (casual)")
        assert "🤖 computer (casual)" in str(session.standin.message(lobby.id).embeds)
        assert session.bot is not None
        session.bot.tables.seed_source = lambda: 8
        await session.click(host, session.standin.message(lobby.id), "Start")
        table = await session.table()
        session.game_id = table.row.id
        computer = next(p for p in table.row.players if is_computer(p))
        table = await play_on(session, {host.id: host}, never)
        assert table.row.status == "finished"
        log = await session.bot.store.action_log(table.row.id)
        assert {e.user_id for e in log} == {host.id, computer}
        end, _ = await game_end(session)  # the end, then the timelapse right after it
        assert "Game over" in end.content
        said = [m.content for m in session.posts()]
        assert any("🤖 computer (casual)" in text for text in said), "its seat is named"
        assert not any(f"<@{computer}>" in text for text in said), "it is never mentioned"
        # Its moves show as they are made, like a person's: none is told as one the bot
        # failed to post, and a turn of many moves does not take a message per move.
        assert not any("Posted late" in text for text in said)
        turns = sum("➡️" in text for text in said)
        assert len(said) <= 2 * turns + 3, (len(said), turns)


async def test_the_host_sends_the_last_computer_away_from_the_lobby(tmp_path: Path):
    """One computer too many is one click undone; the button shows only while a computer is
    seated, nobody but the host may use it, and the game's menus keep what rows are left."""
    async with Session(tmp_path / "games.sqlite3") as session:
        host, bob = session.user("host"), session.user("bob")
        await session.command(host, "game", "new", game="bloc_by_bloc")
        lobby = session.posts()[-1]
        assert "− Computer" not in lobby.button_labels
        await session.click(host, lobby, "+ Computer (casual)")
        await session.click(host, session.standin.message(lobby.id), "+ Computer (strong)")
        lobby = session.standin.message(lobby.id)
        assert "− Computer" in lobby.button_labels
        rows = lobby.components
        assert len(rows) == 5 and sum(c.get("type") == 3 for c in lobby.iter_components()) == 3

        refused = await session.click(bob, lobby, "− Computer")
        assert reply_text(refused) == "⚠️ Only the host can send a computer away."
        assert len((await session.table()).row.players) == 3

        answer = await session.click(host, session.standin.message(lobby.id), "− Computer")
        assert reply_text(answer) == "The last computer seated left the lobby."
        players = (await session.table()).row.players
        assert [level_of(p) for p in players] == [None, Level.CASUAL]
        embed = str(session.standin.message(lobby.id).embeds)
        assert "computer (casual)" in embed and "computer (strong)" not in embed

        await session.click(host, session.standin.message(lobby.id), "− Computer")
        lobby = session.standin.message(lobby.id)
        assert "− Computer" not in lobby.button_labels
        assert sum(c.get("type") == 3 for c in lobby.iter_components()) == 4
        assert [level_of(p) for p in (await session.table()).row.players] == [None]


async def test_the_computer_answers_at_once_without_waiting_for_the_next_sweep(tmp_path: Path):
    """The bot's own sweep runs every minute here; the computer's moves come as soon as the
    channel shows the move before them, turn after turn."""
    async with Session(tmp_path / "games.sqlite3") as session:
        host = session.user("host")
        await session.command(host, "game", "new", game="not_on_my_block")
        await session.command(host, "game", "seat", "computer", level="casual")
        assert session.bot is not None and session.bot.due_sweep.every == 60
        bot = session.bot
        bot.tables.seed_source = lambda: 8
        await session.click(host, session.posts()[0], "Start")
        session.game_id = (await session.table()).row.id

        async def three_turns(table: Table) -> bool:
            log = [is_computer(e.user_id) for e in await bot.store.action_log(table.row.id)]
            return sum(1 for b, a in zip([False, *log], log, strict=False) if a and not b) >= 3

        started = time.monotonic()
        table = await play_on(session, {host.id: host}, three_turns, nudge=False)
        assert await three_turns(table)
        assert time.monotonic() - started < 30


async def test_the_computer_submits_secret_orders_in_space_insurrection(tmp_path: Path):
    async with Session(tmp_path / "games.sqlite3") as session:
        host = session.user("host")
        await session.command(host, "game", "new", game="space_insurrection")
        await session.command(host, "game", "seat", "computer", level="casual")
        assert session.bot is not None
        session.bot.tables.seed_source = lambda: 3
        await session.click(host, session.posts()[0], "Start")
        session.game_id = (await session.table()).row.id
        bot = session.bot

        async def two_sheets(table: Table) -> bool:
            log = await bot.store.action_log(table.row.id)
            sheets = [e for e in log if is_computer(e.user_id) and '"orders"' in e.action]
            return len(sheets) >= 2

        table = await play_on(session, {host.id: host}, two_sheets)
        assert await two_sheets(table)
        said = "\n".join(m.content for m in session.posts())
        assert "🤖 computer (casual)" in said


async def test_a_player_is_replaced_by_the_computer_and_later_takes_a_seat_back(
    tmp_path: Path,
):
    async with Session(tmp_path / "games.sqlite3") as session:
        host, bob = session.user("host"), session.user("bob")
        await session.open_game("bloc_by_bloc", host, bob, seed=6)
        people = {host.id: host, bob.id: bob}

        async def moves(n: int) -> Callable[[Table], Awaitable[bool]]:
            assert session.bot is not None
            start = len(await session.bot.store.action_log(session.game_id))

            async def enough(table: Table) -> bool:
                assert session.bot is not None
                return len(await session.bot.store.action_log(table.row.id)) >= start + n

            return enough

        await play_on(session, people, await moves(12))
        answer = reply_text(
            await session.command(host, "game", "seat", "computer", level="casual", player=bob)
        )
        assert "computer (casual) plays" in answer, answer
        del people[bob.id]
        table = await play_on(session, people, await moves(12))
        assert bob.id not in table.row.players
        computer = next(p for p in table.row.players if is_computer(p))
        log = await session.bot.store.action_log(table.row.id)  # type: ignore[union-attr]
        assert any(e.user_id == computer for e in log), "the computer played bob's seats"
        assert table.state is not None
        name = table.state.seat_names[table.seats_of(computer)[0]]
        refused = reply_text(
            await session.command(host, "game", "seat", "return", seat=name, newcomer=host)
        )
        assert "already plays" in refused
        told_before = len(session.standin.dms(bob))
        answer = reply_text(
            await session.command(host, "game", "seat", "return", seat=name, newcomer=bob)
        )
        assert "plays" in answer and all(
            table.state.seat_names[s] in answer for s in table.seats_of(computer)
        ), answer
        table = await session.table()
        assert table.state is not None
        assert table.holder(table.state.seat_names.index(name)) == bob.id
        assert len(session.standin.dms(bob)) > told_before, "the seat's secrets come by DM"
        people[bob.id] = bob
        await play_on(session, people, await moves(6))


async def test_a_table_may_let_the_computer_stand_in_when_a_turn_limit_passes(tmp_path: Path):
    async with Session(tmp_path / "games.sqlite3") as session:
        host, bob = session.user("host"), session.user("bob")
        await session.open_game("not_on_my_block", host, bob, seed=4)
        answer = reply_text(
            await session.command(host, "game", "settings", turn_limit=6, on_limit="computer")
        )
        assert "the computer plays the seat until it is handed back" in answer, answer
        table = await session.table()
        late = table.holder(min(table.prompts()))
        await session.advance(7)  # the limit passes: the computer takes the seat
        table = await session.table()
        assert late not in table.row.players
        computer = next(p for p in table.row.players if is_computer(p))
        said = session.posts()[-1].content
        assert "the computer (casual) plays their seat" in said, said
        await session.advance(0.01)  # and moves for it
        assert session.bot is not None
        log = await session.bot.store.action_log(table.row.id)
        assert any(e.user_id == computer for e in log)
        table = await session.table()
        assert table.state is not None
        name = table.state.seat_names[table.seats_of(computer)[0]]
        late_user = host if late == host.id else bob
        answer = reply_text(
            await session.command(host, "game", "seat", "return", seat=name, newcomer=late_user)
        )
        assert "plays" in answer and all(
            table.state.seat_names[s] in answer for s in table.seats_of(computer)
        ), answer
        assert late in (await session.table()).row.players


async def test_the_table_is_free_while_the_computer_thinks_and_a_move_made_stale_is_dropped(
    tmp_path: Path, monkeypatch
):
    """A strong computer thinks about a second. Meanwhile the channel's commands are answered
    (the thinking holds no lock), and a host who hands the computer's seat to a person before
    it has decided sees that person owe the decision: the computer's answer is not played."""
    thinking, release = asyncio.Event(), asyncio.Event()
    real = deadlines.thinker

    def slow(drawing, game_id):
        think = real(drawing, game_id)

        async def held(*args):
            thinking.set()
            await release.wait()
            return await think(*args)

        return held

    monkeypatch.setattr(deadlines, "thinker", slow)
    async with Session(tmp_path / "games.sqlite3") as session:
        host, bob = session.user("host"), session.user("bob")
        await session.command(host, "game", "new", game="not_on_my_block")
        await session.command(host, "game", "seat", "computer", level="casual")
        assert session.bot is not None
        bot = session.bot
        bot.tables.seed_source = lambda: 8
        await session.click(host, session.posts()[0], "Start")
        session.game_id = (await session.table()).row.id

        async def computer_owes(table: Table) -> bool:
            return any(is_computer(table.holder(s)) for s in table.prompts())

        table = await play_on(session, {host.id: host}, computer_owes, nudge=False)
        await asyncio.wait_for(thinking.wait(), 10)
        status = await asyncio.wait_for(session.command(host, "game", "status"), 5)
        assert reply_text(status), "the table answers while the computer thinks"
        computer = next(p for p in table.row.players if is_computer(p))
        assert table.state is not None
        seat = next(s for s in table.prompts() if table.holder(s) == computer)
        name = table.state.seat_names[seat]
        answer = reply_text(
            await asyncio.wait_for(
                session.command(host, "game", "seat", "return", seat=name, newcomer=bob), 5
            )
        )
        assert "plays" in answer and all(
            table.state.seat_names[s] in answer for s in table.seats_of(computer)
        ), answer
        logged = len(await bot.store.action_log(session.game_id))
        release.set()
        await asyncio.sleep(0.5)
        assert len(await bot.store.action_log(session.game_id)) == logged
        table = await session.table()
        assert table.holder(seat) == bob.id and seat in table.prompts()
