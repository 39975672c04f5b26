"""Boards are drawn in worker processes, and a worker that dies costs only a retry."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from PIL import Image
from pydantic import BaseModel

from bot.discord.drawing import Drawing
from bot.store.models import GameRow
from bot.table.model import Table
from engine import Game
from engine.games import REGISTRY

ROOT = Path(__file__).resolve().parents[2]


def table_of(game: Game, state: BaseModel, players: int, seed: int) -> Table:
    """A running table of `game` at `state`, seating people 1 to `players`, as drawing sees it."""
    row = GameRow(
        id=1,
        channel_id=1,
        guild_id=1,
        game=game.id,
        host_id=1,
        status="active",
        options={},
        players=list(range(1, players + 1)),
        seed=seed,
        state=None,
        version=1,
        lobby_message_id=None,
    )
    return Table(row=row, game=game, state=state)


def nomb_table() -> Table:
    game = REGISTRY["not_on_my_block"]
    return table_of(game, game.setup(game.make_options(players=2), 3), players=2, seed=3)


async def test_a_board_is_drawn_in_a_worker_and_a_dead_worker_is_replaced():
    drawing = Drawing(workers=1)
    await drawing.start()
    try:
        loop = asyncio.get_running_loop()
        worker = await loop.run_in_executor(drawing._pool, os.getpid)
        assert worker != os.getpid()
        first = await drawing.board(nomb_table())
        os.kill(worker, signal.SIGKILL)
        second = await drawing.board(nomb_table())
        assert first.fp.getvalue() == second.fp.getvalue()
        again = await loop.run_in_executor(drawing._pool, os.getpid)
        assert again not in (worker, os.getpid())
        image = Image.open(second.fp)
        assert image.format == "PNG" and image.width > 400
    finally:
        drawing.stop()


async def test_workers_die_with_a_bot_that_is_killed_outright(tmp_path):
    script = (
        "import asyncio, os\n"
        "from bot.discord.drawing import Drawing\n"
        "async def main():\n"
        "    d = Drawing(workers=1)\n"
        "    await d.start()\n"
        "    pid = await asyncio.get_running_loop().run_in_executor(d._pool, os.getpid)\n"
        "    print(pid, flush=True)\n"
        "    await asyncio.sleep(60)\n"
        "asyncio.run(main())\n"
    )
    bot = await asyncio.create_subprocess_exec(
        sys.executable, "-c", script, stdout=asyncio.subprocess.PIPE, cwd=ROOT
    )
    assert bot.stdout is not None
    worker = int((await asyncio.wait_for(bot.stdout.readline(), 30)).decode())
    bot.kill()
    await bot.wait()
    for _ in range(50):
        if not Path(f"/proc/{worker}").exists():
            break
        await asyncio.sleep(0.1)
    assert not Path(f"/proc/{worker}").exists(), "the drawing worker outlived the bot"
