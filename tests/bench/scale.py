"""Start-up and sweep cost with few and with many stored games: `python -m tests.bench.scale`.

Fills a fresh SQLite file with N running Bloc by Bloc games (4 players, a mid-game snapshot
each, a few logged moves and their sent posts, and one wait per game for the seat that owes a
move), then measures what a bot does at start-up and on every sweep: open the store (integrity
check and migrations), and run the due sweep's queries (waits whose reminder or limit has come,
games with posts to send) once with nothing due and once with 1% of the waits due. Prints wall
time and the process's peak RSS. The work should follow what is due, not what is stored.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.store.sqlite import SqliteStore
from engine.games import REGISTRY


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def fill(path: Path, games: int) -> None:
    """Write `games` running games straight into the tables, as years of play would leave."""
    game = REGISTRY["bloc_by_bloc"]
    state = game.setup(game.make_options(players=4), 1)
    for _ in range(12):
        seat = min(game.prompts(state))
        state = game.apply(state, seat, game.legal_actions(state, seat)[0]).state
    snapshot = state.model_dump_json()
    store = SqliteStore(path)
    await store.open()
    now = datetime.now(UTC)
    old = (now - timedelta(days=3)).isoformat(timespec="seconds")
    later = (now + timedelta(days=3)).isoformat(timespec="seconds")
    db = store.db
    await db.execute("BEGIN")
    for n in range(games):
        cur = await db.execute(
            "INSERT INTO games (channel_id, guild_id, game, host_id, status, options, players,"
            " seed, state, version, created_at, updated_at)"
            " VALUES (?, 1, 'bloc_by_bloc', 7, 'active', ?, '[7, 8, 9, 10]', 1, ?, 12, ?, ?)",
            (1000 + n, json.dumps({"players": 4}), snapshot, old, old),
        )
        game_id = cur.lastrowid
        for seq in range(1, 4):
            await db.execute(
                "INSERT INTO actions (game_id, seq, seat, user_id, action, created_at)"
                ' VALUES (?, ?, 0, 7, \'{"kind":"end"}\', ?)',
                (game_id, seq, old),
            )
            await db.execute(
                "INSERT INTO outbox (game_id, seq, kind, body, state, pieces, parts_sent, due_at,"
                " created_at) VALUES (?, ?, 'turn', '{}', 'sent', '[]', 1, ?, ?)",
                (game_id, seq, old, old),
            )
        # The seat whose turn it is: reminded once, the next reminder days away.
        await db.execute(
            "INSERT INTO waits (game_id, seat, user_id, decision, out_of_turn, since, reminders,"
            " remind_at, due_at) VALUES (?, 0, 7, 12, 0, ?, 1, ?, ?)",
            (game_id, old, later, later),
        )
    await db.execute("COMMIT")
    await store.aclose()


async def mark_due(path: Path, share: float) -> int:
    """Bring the next reminder of `share` of the waits into the past; how many were marked."""
    store = SqliteStore(path)
    await store.open()
    past = (datetime.now(UTC) - timedelta(hours=1)).isoformat(timespec="seconds")
    every = max(1, round(1 / share))
    cur = await store.db.execute(
        "UPDATE waits SET remind_at = ?, due_at = ? WHERE (game_id - 1) % ? = 0",
        (past, past, every),
    )
    await store.aclose()
    return cur.rowcount


async def sweep_once(path: Path) -> tuple[float, float, int]:
    """(store open ms, sweep ms, waits and games found due) in a fresh process-like state."""
    store = SqliteStore(path)
    started = time.perf_counter()
    await store.open()
    opened = (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    now = datetime.now(UTC)
    waits_due = await store.due_waits(now, 100)
    posts_due = await store.due_games(now, 100)
    swept = (time.perf_counter() - started) * 1000
    await store.aclose()
    return opened, swept, len(waits_due) + len(posts_due)


async def measure(games: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.sqlite3"
        began = time.perf_counter()
        await fill(path, games)
        filled = time.perf_counter() - began
        size = path.stat().st_size / 1024 / 1024
        opened, swept, due = await sweep_once(path)
        print(
            f"{games:>6} games ({size:.0f} MiB, filled in {filled:.1f} s): start-up (open, check,"
            f" migrate) {opened:.1f} ms; sweeps with nothing due {swept:.2f} ms, found {due}"
        )
        marked = await mark_due(path, 0.01)
        opened, swept, due = await sweep_once(path)
        print(
            f"{games:>6} games, {marked} due: sweeps {swept:.2f} ms, found {due} (one batch of"
            f" at most 100 a sweep); peak RSS so far {peak_rss_mib():.0f} MiB"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10, 10_000])
    args = parser.parse_args()
    for games in args.games:
        asyncio.run(measure(games))


if __name__ == "__main__":
    main()
