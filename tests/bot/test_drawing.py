"""Boards are drawn in worker processes, each game by the same one, and a worker that dies
costs only a retry; the workers and the bot set their collector aside after start-up."""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import re
import signal
import subprocess
import sys
import weakref
from collections import OrderedDict
from pathlib import Path

import pytest
from PIL import Image
from pydantic import BaseModel

from bot.discord import drawing_worker
from bot.discord.collector import GROWTH, YOUNG_THRESHOLD, collect_if_grown
from bot.discord.drawing import Drawing
from bot.discord.health import watch_loop_lag
from bot.store.models import GameRow
from bot.table import record, timelapse
from bot.table.model import Table
from engine import Game
from engine.games import REGISTRY
from tests.bot.child import ChildBot
from tests.bot.spectate_games import played
from tests.standin import StandIn

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


def nomb_table(game_id: int = 1) -> Table:
    game = REGISTRY["not_on_my_block"]
    table = table_of(game, game.setup(game.make_options(players=2), 3), players=2, seed=3)
    table.row.id = game_id
    return table


async def worker_of(drawing: Drawing, game_id: int) -> int:
    """The pid of the process that draws game `game_id`'s pictures."""
    return await drawing._draw(nomb_table(game_id), os.getpid)


async def test_a_board_is_drawn_in_a_worker_and_a_dead_worker_is_replaced():
    drawing = Drawing(workers=1)
    await drawing.start()
    try:
        worker = await worker_of(drawing, 1)
        assert worker != os.getpid()
        first = await drawing.board(nomb_table())
        os.kill(worker, signal.SIGKILL)
        second = await drawing.board(nomb_table())
        assert first.fp.getvalue() == second.fp.getvalue()
        again = await worker_of(drawing, 1)
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
        "    pid = await asyncio.get_running_loop().run_in_executor(d._pools[0], os.getpid)\n"
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


def test_workers_started_with_the_bot_are_copies_of_it_and_a_replacement_loads_its_own():
    """At the start the bot loads the engine and the renderers once and forks its workers, which
    then load nothing (a spawned worker spent a core-second loading them again, on every
    restart). A worker replaced later, while the bot's threads run, is spawned: a fork then
    could copy a thread's lock mid-call."""
    script = (
        "import asyncio, os, signal\n"
        "from bot.discord.drawing import Drawing\n"
        "def cmdline(pid): return open(f'/proc/{pid}/cmdline', 'rb').read()\n"
        "async def main():\n"
        "    d = Drawing(workers=2)\n"
        "    await d.start()\n"
        "    loop = asyncio.get_running_loop()\n"
        "    pids = [await loop.run_in_executor(p, os.getpid) for p in d._pools]\n"
        "    print([cmdline(p) == cmdline(os.getpid()) for p in pids])\n"
        "    os.kill(pids[0], signal.SIGKILL)\n"
        "    await d.work(1, 'not_on_my_block', os.getpid)\n"
        "    fresh = await loop.run_in_executor(d._pools[0], os.getpid)\n"
        "    print(fresh != pids[0], b'spawn_main' in cmdline(fresh))\n"
        "    d.stop()\n"
        "asyncio.run(main())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert done.stdout.splitlines() == ["[True, True]", "True True"], done.stdout + done.stderr


def test_games_of_each_kind_are_spread_over_the_workers() -> None:
    """Channels opened in turn as a Bloc by Bloc and a Not On My Block table: each worker is
    home to as many games of each kind (spread by their count alone, every Bloc by Bloc game
    went to one worker, with every city's layers and most of the drawing), and a game keeps
    its worker."""
    drawing = Drawing(workers=2)
    kind = {game: "bloc_by_bloc" if game % 2 else "not_on_my_block" for game in range(1, 9)}
    homes = {game: drawing.home(game, kind[game]) for game in kind}
    for each in ("bloc_by_bloc", "not_on_my_block"):
        assert sorted(homes[g] for g in homes if kind[g] == each) == [0, 0, 1, 1], homes
    assert {game: drawing.home(game, kind[game]) for game in kind} == homes


def test_a_forgotten_game_no_longer_counts_for_its_worker(monkeypatch) -> None:
    """Past `HOMES_KEPT` the longest idle game is forgotten, and its worker counts one game of
    its kind fewer: the next game of that kind goes there."""
    monkeypatch.setattr("bot.discord.drawing.HOMES_KEPT", 3)
    drawing = Drawing(workers=2)
    assert [drawing.home(game, "riot") for game in (1, 2, 3)] == [0, 1, 0]
    assert drawing.home(4, "block_mania") == 1  # game 1 forgotten: worker 0 has one riot game
    assert drawing.home(5, "riot") == 0


async def test_each_game_is_drawn_by_one_worker_and_keeps_it_when_another_dies():
    """A game's layers stay cached in the one worker that draws it: games are spread over the
    workers, each always goes to the same one, and a dead worker's games move to its
    replacement while the other worker (and its caches) carries on."""
    drawing = Drawing(workers=2)
    await drawing.start()
    try:
        homes = {game: {await worker_of(drawing, game) for _ in range(6)} for game in range(1, 5)}
        assert all(len(pids) == 1 for pids in homes.values()), homes
        first, second, third, fourth = (pids.pop() for pids in homes.values())
        assert len({first, second, third, fourth}) == 2, "four games, both workers busy"
        os.kill(first, signal.SIGKILL)
        drawn = await drawing.board(nomb_table(1))
        assert Image.open(drawn.fp).format == "PNG"
        replacement = await worker_of(drawing, 1)
        assert replacement != first
        others = {game: pid for game, pid in zip((2, 3, 4), (second, third, fourth), strict=True)}
        for game, pid in others.items():
            now = await worker_of(drawing, game)
            assert now == (replacement if pid == first else pid)
    finally:
        drawing.stop()


async def test_workers_set_their_collector_aside_after_warming_up():
    drawing = Drawing(workers=1)
    await drawing.start()
    try:
        frozen = await drawing._draw(nomb_table(), gc.get_freeze_count)
        threshold = await drawing._draw(nomb_table(), gc.get_threshold)
    finally:
        drawing.stop()
    assert frozen > 10_000, "the renderers, engine and content are frozen once loaded"
    assert threshold[0] == YOUNG_THRESHOLD


async def test_the_bot_sets_its_collector_aside_once_started(tmp_path: Path):
    """What start-up loaded (discord.py, the commands, every game's content) is frozen, so the
    collections that interrupt play never walk it; the bot says so in its log."""
    async with StandIn() as standin, ChildBot(standin, tmp_path / "games.sqlite3") as child:
        pass
    settled = re.search(r"garbage collector settled: (\d+) objects frozen", child.stderr)
    assert settled is not None, child.stderr
    assert int(settled.group(1)) > 50_000
    assert f"collected once {GROWTH} more objects are kept" in child.stderr


def test_with_the_collector_off_the_bot_collects_once_it_keeps_more_and_frees_cycles_then():
    """The bot's collector does not run on its own (each collection stalled every table): it
    runs once the process keeps `GROWTH` more objects, and then frees the reference cycles
    made since, and sets aside what it keeps."""

    class Node:
        other: object

    assert not collect_if_grown(), "with the collector on (this process) it does nothing"
    gc.disable()
    try:
        gc.collect()
        a, b = Node(), Node()
        a.other, b.other = b, a
        cycle = weakref.ref(a)
        del a, b
        kept = [[] for _ in range(GROWTH // 2)]
        assert not collect_if_grown(), "collected before it grew enough"
        assert cycle() is not None
        kept += [[] for _ in range(GROWTH)]
        frozen = gc.get_freeze_count()
        assert collect_if_grown()
        assert cycle() is None, "a cycle made since the last collection is freed"
        assert gc.get_freeze_count() >= frozen + len(kept), "what it keeps is set aside"
        assert not collect_if_grown(), "nothing grew since"
    finally:
        gc.unfreeze()
        gc.enable()


async def test_the_health_report_walks_no_frozen_object(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
):
    """The report of collections reads counters: asking how many objects are frozen walks
    every one of them (10 to 20 ms on a busy bot), a stall every report would add."""

    def walks(*_: object) -> int:
        raise AssertionError("the report walked the frozen objects")

    monkeypatch.setattr(gc, "get_freeze_count", walks)
    with caplog.at_level(logging.INFO, logger="bot.discord.health"):
        watching = asyncio.create_task(watch_loop_lag(0.2))
        try:
            for _ in range(200):
                if "garbage collections over" in caplog.text or watching.done():
                    break
                await asyncio.sleep(0.05)
            assert not watching.done(), watching.exception()
        finally:
            watching.cancel()
    assert re.search(r"\d+ objects more than after the last collection", caplog.text), caplog.text


async def test_a_timelapse_lets_the_other_games_of_its_worker_be_drawn_meanwhile():
    """A finished game's timelapse takes its worker seconds; a board another game asks for
    meanwhile is drawn between two of its slices, not once it is done. A dead worker takes the
    half-drawn timelapse with it: asked again, it is drawn anew."""
    key = "bloc_by_bloc"
    _game, options, seed, entries = played(key, steps=60)
    finished = nomb_table(7).row.model_copy(update={"game": key, "options": options, "seed": seed})
    log = [record.Entry(seq=s, seat=t, action=a, absent=b) for s, t, a, b in entries]
    drawing = Drawing(workers=1)
    await drawing.start()
    try:
        lapse = asyncio.create_task(drawing.lapse(finished, log))
        await asyncio.sleep(0.5)  # under way: the worker is on its slices
        board = await drawing.board(nomb_table(8))
        assert not lapse.done(), "the board waited for the whole timelapse"
        assert Image.open(board.fp).format == "PNG"
        data = await lapse
        assert (
            data == timelapse.Lapse(key, options, seed, entries, drawing.timelapse_frames).whole()
        )

        worker = await worker_of(drawing, 7)
        again = asyncio.create_task(drawing.lapse(finished, log))
        await asyncio.sleep(0.5)
        os.kill(worker, signal.SIGKILL)
        assert await again == data
    finally:
        drawing.stop()


async def test_timelapses_finishing_together_are_each_drawn_whole():
    """Several games of one worker ending at once: their timelapses are drawn one after the
    other (each holds its frames while drawn), and each is its own game's."""
    drawing = Drawing(workers=1)
    await drawing.start()
    try:
        asked = []
        for number, key in enumerate(("not_on_my_block", "riot", "block_mania"), start=20):
            _game, options, seed, entries = played(key, steps=15)
            row = nomb_table(number).row.model_copy(
                update={"game": key, "options": options, "seed": seed}
            )
            log = [record.Entry(seq=s, seat=t, action=a, absent=b) for s, t, a, b in entries]
            asked.append((key, options, seed, entries, drawing.lapse(row, log)))
        drawn = await asyncio.gather(*(lapse for *_, lapse in asked))
        for (key, options, seed, entries, _), data in zip(asked, drawn, strict=True):
            assert (
                data
                == timelapse.Lapse(key, options, seed, entries, drawing.timelapse_frames).whole()
            )
    finally:
        drawing.stop()


def test_the_state_after_a_move_is_seen_once_for_the_pictures_of_the_next(monkeypatch):
    """Each picture of a move needs the view before it and after it, and the state after one
    move is the state before the next: a worker builds each view once (a Bloc by Bloc view
    costs about 3 ms), even with other games' pictures drawn in between."""
    game = REGISTRY["bloc_by_bloc"]
    built: list[object] = []
    real = game.view

    def counted(state: BaseModel, seat: int | None) -> BaseModel:
        built.append(state)
        return real(state, seat)

    monkeypatch.setattr(game, "view", counted)
    monkeypatch.setattr(drawing_worker, "_VIEWS", OrderedDict())
    states = [game.setup(game.make_options(4), seed) for seed in range(3)]
    first, second, other = (s.model_dump_json() for s in states)
    drawing_worker.turn(game.id, second, None, first)
    drawing_worker.turn(game.id, other, None, None)
    drawing_worker.step(game.id, first, second)
    drawing_worker.turn(game.id, second, None, first)
    assert len(built) == 3
