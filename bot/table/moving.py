"""Moving up, the check: each game copied to PostgreSQL (`bot.store.moving`) plays back.

A copy is held to the file it came from and to itself: its log is the SQLite file's, move for
move, and replaying that log from the game's setup gives the snapshot stored beside it. A game
that fails either is named, with what differs, so the operator keeps running on SQLite until
it is understood.
"""

from __future__ import annotations

from pathlib import Path

from bot.store import moving
from bot.store.postgres import PostgresStore
from bot.table.model import PlayerError
from bot.table.tables import Tables


async def verify(source: Path, target: PostgresStore, game_ids: list[int]) -> dict[int, str]:
    """The games among `game_ids` whose copy in `target` is not true to `source`, and why."""
    tables = Tables(target)
    logs = moving.source_logs(source, game_ids)
    wrong: dict[int, str] = {}
    for game_id in game_ids:
        copied = [(e.seq, e.seat, e.action) for e in await target.action_log(game_id)]
        if copied != logs[game_id]:
            wrong[game_id] = f"game {game_id}: its log differs from the SQLite file's"
            continue
        try:
            table = await tables.by_id(game_id)
        except PlayerError as exc:  # a game this version of the bot does not have
            wrong[game_id] = f"game {game_id}: {exc}"
            continue
        if table is None:
            wrong[game_id] = f"game {game_id}: not found in the PostgreSQL database"
        elif table.state is not None and await tables.replay(table) != table.state:
            wrong[game_id] = f"game {game_id}: replaying its log does not give its stored state"
    return wrong


async def move_up(source: Path, url: str) -> tuple[list[str], list[str]]:
    """Copy every game of `source` into the PostgreSQL database at `url` and check each: the
    lines to print (a summary) and the problems (one line each; none when all went over)."""
    target = PostgresStore(url)
    await target.open()
    try:
        done = await moving.copy_games(source, target)
        wrong = await verify(source, target, done.copied + done.already)
    finally:
        await target.aclose()
    problems = [*done.refused.values(), *wrong.values()]
    good = len(done.copied) - len(set(done.copied) & set(wrong))
    lines = [
        f"Copied {good} games ({done.moves} moves) from {source} to the PostgreSQL database"
        f" ({target.where}); {len(done.already)} were there already from an earlier run."
        " Each copy's log is the file's and replays to its stored state."
        f" {source} is unchanged."
    ]
    return lines, problems
