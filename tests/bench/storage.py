"""What the database keeps per action: `python -m tests.bench.storage`.

Plays whole scripted games through the real bot and the loopback stand-in, back to back in one
channel and one SQLite file, until `--actions` actions are in the logs (every registered game
in turn, with its fewest players and its own computer players; `--only` picks games). Every
move goes the way a player's does: a typed command or a click, committed with its outbox
posts, published, the living message edited, buttons retired. Then it prints bytes per action twice:

- as played: what the file holds right after the last move, while the publisher's sweep prunes
  posts delivered longer ago than `--keep` seconds (the bot's own delay is an hour,
  `OUTBOX_KEEP_MINUTES`, which a game spread over days passes between most of its moves);
- after the safe delay: once every delivered post has been pruned (`SqliteOutbox.prune`), as
  a running bot's sweep leaves it.

Each print gives the main file and the write-ahead log, the bytes of every table and index (from
the `dbstat` virtual table when this SQLite has it, else the lengths of the columns), and the
bytes per column of the tables that grow with play. Nothing here is a test: it prints figures.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sqlite3
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from bot.discord.publication import PRUNE_BATCH
from engine.games import REGISTRY
from tests.bench.channel import NAMES
from tests.bot.driver import play_until_over, seated
from tests.bot.harness import Session

GROWING = ["outbox", "actions", "games", "waits", "live_buttons", "drafts"]
"""Tables whose columns are broken down: what play adds to or rewrites."""


async def play_games(session: Session, target: int, seed: int, only: list[str]) -> list[str]:
    """Play whole games in the session's channel until the logs hold `target` actions."""
    configs = [(g, game.player_counts[0]) for g, game in sorted(REGISTRY.items())]
    configs = [(g, p) for g, p in configs if not only or g in only]
    people = [session.user(n) for n in NAMES]
    played: list[str] = []
    total = 0
    index = 0
    while total < target:
        game, players = configs[index % len(configs)]
        users = await session.open_game(game, *people[:players], seed=seed + index)
        steps = await play_until_over(session, users, seated(seed + index), max_steps=5000)
        await session.standin.wait_idle(quiet=0.3, timeout=20)
        total += steps
        played.append(f"{game} {players}p: {steps}")
        print(f"  {played[-1]} actions (total {total})", flush=True)
        index += 1
    return played


def table_bytes(db: sqlite3.Connection) -> dict[str, int]:
    """Bytes on disk of each table and index: its pages, or its column lengths without dbstat."""
    try:
        rows = db.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name").fetchall()
        return {str(n): int(s) for n, s in rows}
    except sqlite3.OperationalError:
        names = [
            r[0]
            for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        ]
        return {n: sum(column_bytes(db, n).values()) for n in names}


def free_bytes(path: Path) -> int:
    """Pages of the main file that pruning emptied: SQLite fills them before it grows the file."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        pages = int(db.execute("PRAGMA freelist_count").fetchone()[0])
        return pages * int(db.execute("PRAGMA page_size").fetchone()[0])
    finally:
        db.close()


def column_bytes(db: sqlite3.Connection, table: str) -> dict[str, int]:
    columns = [r[1] for r in db.execute(f"PRAGMA table_info({table})").fetchall()]
    sums = ", ".join(f"COALESCE(SUM(LENGTH({c})), 0)" for c in columns)
    row = db.execute(f"SELECT {sums} FROM {table}").fetchone()
    return dict(zip(columns, (int(v) for v in row), strict=True))


def report(path: Path, actions: int, title: str) -> None:
    """Print the file, the WAL, each table and the columns of the growing ones, per action."""
    main = path.stat().st_size
    wal_path = path.with_name(path.name + "-wal")
    wal = wal_path.stat().st_size if wal_path.exists() else 0
    per = max(actions, 1)
    print(f"\n{title}: {actions} actions")
    print(f"  main file {main / 1e6:8.2f} MB  {main / per:8.0f} B/action")
    free = free_bytes(path)
    print(f"  free      {free / 1e6:8.2f} MB  {free / per:8.0f} B/action (reused before it grows)")
    print(f"  WAL       {wal / 1e6:8.2f} MB  {wal / per:8.0f} B/action")
    print(f"  together  {(main + wal) / 1e6:8.2f} MB  {(main + wal) / per:8.0f} B/action")
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        sizes = table_bytes(db)
        print("  tables and indexes, B/action:")
        for name, size in sorted(sizes.items(), key=lambda kv: -kv[1]):
            if size:
                print(f"    {name:<32}{size / per:8.0f}")
        for table in GROWING:
            rows = int(db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
            columns = column_bytes(db, table)
            big = ", ".join(
                f"{c} {b / per:.0f}" for c, b in sorted(columns.items(), key=lambda kv: -kv[1]) if b
            )
            print(f"  {table} ({rows} rows), column bytes/action: {big}")
        states = db.execute(
            "SELECT state, COUNT(*), SUM(pieces IS NOT NULL) FROM outbox GROUP BY state"
        ).fetchall()
        shown = ", ".join(f"{s} {n} ({p})" for s, n, p in states)
        print(f"  outbox rows by state (with composed messages): {shown}")
    finally:
        db.close()


async def run(target: int, seed: int, only: list[str], keep: float) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        async with Session(path, outbox_keep_minutes=keep / 60) as session:
            await play_games(session, target, seed, only)
            assert session.bot is not None
            store = session.bot.store
            async with store.db.execute("SELECT COUNT(*) FROM actions") as cur:
                actions = int((await cur.fetchone())[0])
            report(path, actions, f"as played (the sweep pruning posts delivered {keep:g} s ago)")
            while await store.prune(datetime.now(UTC), limit=PRUNE_BATCH):
                pass
            report(path, actions, "after the safe delay (every delivered post pruned)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000, help="actions to play, at least")
    parser.add_argument("--seed", type=int, default=4, help="seed of the first game")
    parser.add_argument("--only", nargs="*", default=[], help="game ids to play (default: all)")
    parser.add_argument(
        "--keep", type=float, default=5.0, help="safe delay in seconds (the bot's: an hour)"
    )
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    asyncio.run(run(args.actions, args.seed, args.only, args.keep))


if __name__ == "__main__":
    main()
