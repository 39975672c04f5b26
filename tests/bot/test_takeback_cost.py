"""An undo or a rewind late in a long game replays its log at most once per command, and never
on the event loop, so every other channel is served meanwhile; what it stores is what a replay
of the whole log gives, decision serials included."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from bot.table.model import Table
from engine import Game, history
from engine.games.not_on_my_block import GAME
from tests.bot.harness import Session, reply_text
from tests.standin import InteractionRecord, UserRecord

MOVES = 240


class Applies:
    """Counts the moves the engine applies, and notes whether any ran on the loop's thread."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, game: Game[Any, Any] = GAME) -> None:
        self.count, self.on_loop = 0, 0
        self.loop = threading.get_ident()
        apply = game.apply

        def counted(*args, **kwargs):
            self.count += 1
            self.on_loop += threading.get_ident() == self.loop
            return apply(*args, **kwargs)

        monkeypatch.setattr(game, "apply", counted)

    def reset(self) -> None:
        self.count = self.on_loop = 0


async def play(session: Session, moves: int) -> Table:
    """Each seat owing a decision plays its first legal move, `moves` times."""
    for _ in range(moves):
        table = await session.table()
        seat = min(table.prompts())
        action = table.game.legal_actions(table.state, seat)[0].model_dump()
        await session.bot.tables.act(table, table.holder(seat), action, seat)
    return await session.table()


async def counted_moves(session: Session, table: Table) -> int:
    return len(history.moves(await session.bot.store.action_log(table.row.id)))


async def taken_back_as_a_full_replay_would(
    session: Session, before: Table, run, applies: Applies
) -> tuple[int, int]:
    """Run the command that takes moves back, then check it stored exactly what rebuilding the
    log without them, from the start, gives; the moves it applied, and how many on the loop."""
    applies.reset()
    await run()
    spent = applies.count, applies.on_loop
    after = await session.table()
    entries = await session.bot.store.action_log(after.row.id)
    back = history.TakeBack.model_validate_json(entries[-1].action)
    rest = [e for e in entries[:-1] if e.seq not in back.seqs]
    rebuilt = history.rebuild(GAME, session.bot.tables.initial(before), rest)
    expected = history.take_back(before.state, rebuilt, back.seqs, rewind=back.rewind)
    assert back.decisions == expected.decisions
    assert after.state == rebuilt.model_copy(update={"decisions": expected.decisions})
    assert after.state == await session.bot.tables.replay(after)
    return spent


async def test_undo_and_rewind_in_a_long_game_replay_once_per_command_off_the_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    async with Session(tmp_path / "games.sqlite3") as real:
        alice, bob = real.user("alice"), real.user("bob")
        users = await real.open_game("not_on_my_block", alice, bob, seed=7)
        table = await play(real, MOVES)
        applies = Applies(monkeypatch)
        entries = await real.bot.store.action_log(table.row.id)
        assert entries[-1].reversible and entries[-2].user_id == entries[-1].user_id
        mover: UserRecord = users[entries[-1].user_id]

        # The undo: its question, then its Confirm, each one command.
        asked = await real.command(mover, "game", "undo", moves=2)
        assert reply_text(asked).startswith("Take back:")
        assert applies.count <= MOVES and applies.on_loop == 0

        async def confirm() -> InteractionRecord:
            return await real.click(mover, asked.reply, "Confirm")

        count, on_loop = await taken_back_as_a_full_replay_would(real, table, confirm, applies)
        assert "Taken back" in real.standin.message(asked.reply.id).content
        assert count <= MOVES and on_loop == 0

        table = await play(real, 3)

        # A rewind reaching back past that undo: the last Agree carries it out.
        applies.reset()
        asked = await real.confirm(alice, "game", "table", "rewind", moves=6)
        assert "once everyone agrees" in asked
        assert applies.count <= 2 * await counted_moves(real, table) and applies.on_loop == 0
        vote = next(m for m in reversed(real.posts()) if "asks the table to rewind" in m.content)
        moves = await counted_moves(real, table)

        async def agree() -> InteractionRecord:
            return await real.click(bob, vote, "Agree")

        count, on_loop = await taken_back_as_a_full_replay_would(real, table, agree, applies)
        assert "rewound" in real.posts()[-1].content
        assert count <= moves and on_loop == 0


async def test_the_reason_a_move_is_final_is_found_off_the_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    async with Session(tmp_path / "games.sqlite3") as real:
        alice, bob = real.user("alice"), real.user("bob")
        users = await real.open_game("bloc_by_bloc", alice, bob, seed=3)
        table = await real.table()
        while table.state.phase == "setup":
            seat = min(table.prompts())
            choice = table.prompts()[seat].choices[0]
            await real.bot.tables.act(table, table.holder(seat), choice.action, seat)
            table = await real.table()
        entries = await real.bot.store.action_log(table.row.id)
        applies = Applies(monkeypatch, table.game)
        refused = reply_text(await real.command(users[entries[-1].user_id], "game", "undo"))
        assert "cannot be undone" in refused and "dice" in refused
        assert applies.count <= len(entries) and applies.on_loop == 0
