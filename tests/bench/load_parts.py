"""What `tests.bench.load` reads off the bot's processes, and the parts of a move timed alone.

The bot and its drawing workers are read from /proc: resident memory, and CPU time split into
the bot's own process and its children (the workers). `act_alone` times `Tables.act` in this
process on a scratch database over seeded games of each mixed game: the move's own share of
the bot's CPU, so that what remains of the bot's CPU per move is publishing it.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bot.store.sqlite import SqliteStore
from bot.table.tables import Tables
from tests.bench.load_players import GAMES, Policy
from tests.bot.driver import seated

TICKS = os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (the drawing workers and the pool's helpers)."""
    found: list[int] = []
    todo = [pid]
    while todo:
        each = todo.pop()
        children = Path(f"/proc/{each}/task/{each}/children")
        try:
            kids = [int(p) for p in children.read_text().split()]
        except OSError:
            continue
        found += kids
        todo += kids
    return found


def rss_mib(pids: list[int]) -> float:
    return _memory_mib(pids, "status", "VmRSS:")


def pss_mib(pids: list[int]) -> float:
    """Memory of processes together, each page shared between them counted once: their
    proportional set sizes (a worker forked from the bot shares the code both loaded, which
    summing resident sizes would count twice)."""
    return _memory_mib(pids, "smaps_rollup", "Pss:")


def _memory_mib(pids: list[int], source: str, field: str) -> float:
    total = 0
    for each in pids:
        try:
            lines = Path(f"/proc/{each}/{source}").read_text().splitlines()
        except OSError:
            continue
        total += sum(int(line.split()[1]) for line in lines if line.startswith(field))
    return total / 1024


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of one process so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


@dataclass
class Usage:
    """CPU seconds of the bot's own process and of its workers, and peak memory of both."""

    bot: float = 0.0
    workers: float = 0.0
    peak_bot_mib: float = 0.0
    peak_all_mib: float = 0.0


class Meter:
    """Samples the bot processes and their workers: CPU summed over all of them, the largest
    bot process's resident memory, and the memory of all of them together (`pss_mib`). A
    worker's CPU is kept by pid, so one that is replaced still counts what it used."""

    def __init__(self, *pids: int) -> None:
        self.pids = pids
        self.start_bot = sum(cpu_seconds(pid) for pid in pids)
        self.start_workers = {w: cpu_seconds(w) for w in self._workers()}
        self.last_workers = dict(self.start_workers)
        self.usage = Usage()

    def _workers(self) -> list[int]:
        return [w for pid in self.pids for w in descendants(pid)]

    def sample(self) -> Usage:
        workers = self._workers()
        for w in workers:
            self.last_workers[w] = cpu_seconds(w)
        self.usage.bot = sum(cpu_seconds(pid) for pid in self.pids) - self.start_bot
        self.usage.workers = sum(
            used - self.start_workers.get(w, 0.0) for w, used in self.last_workers.items()
        )
        largest = max(rss_mib([pid]) for pid in self.pids)
        self.usage.peak_bot_mib = max(self.usage.peak_bot_mib, largest)
        self.usage.peak_all_mib = max(self.usage.peak_all_mib, pss_mib([*self.pids, *workers]))
        return self.usage


def _policy(game: str, seed: int) -> Policy:
    """Any game's seats played by its own players (`engine.players`), from what they see."""
    return seated(seed)


async def act_alone(moves: int = 150) -> dict[str, float]:
    """Median CPU ms of one `Tables.act` per game, alone in this process, over seeded games
    restarted when they end."""
    result: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteStore(Path(folder) / "alone.sqlite3")
        await store.open()
        tables = Tables(store, lobbies_per_user=1000, lobbies_per_server=1000)
        for n, (game, seats) in enumerate(GAMES.items()):
            spent: list[float] = []
            table = None
            play = _policy(game, n)
            for channel in range(10_000):
                table = await tables.open_lobby(n * 100_000 + channel, 1, game, 1)
                for user in range(2, seats + 1):
                    table = await tables.join(table, user)
                table = await tables.start(table, 1, seed=channel)
                while table.row.status == "active" and len(spent) < moves:
                    seat, action = play(table)
                    started = time.process_time()
                    await tables.act(
                        table, table.holder(seat), action.model_dump(mode="json"), seat
                    )
                    spent.append(time.process_time() - started)
                    table = await tables.by_id(table.row.id)
                    assert table is not None
                if len(spent) >= moves:
                    break
            result[game] = statistics.median(spent) * 1000
        await store.aclose()
    return result
