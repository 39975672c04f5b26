"""`python -m bot`: run the bot with settings from the environment or `.env`, or look after
its database.

    python -m bot [run]          connect to Discord and run the games
    python -m bot backup PATH    copy the database, even while the bot runs
    python -m bot restore PATH   put a backup in place of the database, the bot stopped
    python -m bot replay FILE --out DIR   draw a game record offline (`bot/table/replay.py`)
    python -m bot migrate-db --to URL     copy every game of the SQLite file to PostgreSQL
    python -m bot --help | --version

Problems an operator must fix (no token, a bad setting, a database the bot cannot use, a token
Discord refuses, Discord out of reach at start-up, a backup that cannot be restored) end the
process with one line on stderr instead of a traceback: exit code 2 for settings, 1 for the
rest. SIGTERM (`docker stop`) and SIGINT (Ctrl-C) shut the bot down cleanly with exit code 0.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable
from contextlib import aclosing, suppress
from datetime import timedelta
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import ValidationError
from pydantic_settings import SettingsError

from bot import logs
from bot.config import Settings, explain
from bot.store.schema import StoreUnusable

if TYPE_CHECKING:
    from bot.discord.app import GameBot
    from bot.discord.workers import Workers

log = logging.getLogger("bot")
DISTRIBUTION = "boardgame-bot"
EXPIRY_EVERY = timedelta(hours=1)
"""How often ended games past FINISHED_GAMES_KEEP_DAYS are looked for."""


def version() -> str:
    """The installed package's version; a checkout that was never installed has none."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "(not installed: run `pip install .` to give it a version)"


def parser() -> argparse.ArgumentParser:
    cli = argparse.ArgumentParser(
        prog="python -m bot",
        description="Play-by-post board games on Discord. Settings come from the environment "
        "or a .env file (README.md, 'Run the bot'); with no command, the bot runs.",
    )
    cli.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    commands = cli.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("run", help="connect to Discord and run the games (the default)")
    backup = commands.add_parser(
        "backup",
        help="copy the database (DATABASE_PATH) to PATH through SQLite's online backup; "
        "safe while the bot runs",
    )
    backup.add_argument("path", type=Path, metavar="PATH", help="the copy to write")
    restore = commands.add_parser(
        "restore",
        help="check the backup at PATH and put it in place of the database; the bot must be "
        "stopped",
    )
    restore.add_argument("path", type=Path, metavar="PATH", help="the backup to restore")
    commands.add_parser(
        "health",
        help="ask the running bot's /healthz (HEALTH_PORT) and exit 0 if it is healthy, for "
        "a container's HEALTHCHECK",
    )
    forget = commands.add_parser(
        "forget",
        help="forget a person who asked the operator (not through /game me forget): delete "
        "their settings and put a seat label in place of them in ended games",
    )
    forget.add_argument("user_id", type=int, metavar="USER_ID", help="their Discord user id")
    move = commands.add_parser(
        "migrate-db",
        help="copy every game of the SQLite file (DATABASE_PATH) into a PostgreSQL database "
        "and check each by replay; safe to run again; the file is left as it was",
    )
    move.add_argument(
        "--to",
        metavar="URL",
        help="the PostgreSQL database (postgresql://…); without it, DATABASE_URL",
    )
    # Listed for --help only: `main` hands everything after `replay` to the replay's own parser.
    commands.add_parser(
        "replay", help="draw a game record from /game export offline (replay --help)"
    )
    return cli


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["replay"]:  # no Discord and no settings at all
        from bot.table.replay import main as replay

        return replay(argv[1:])
    args = parser().parse_args(argv)
    settings = load_settings()
    if isinstance(settings, int):
        return settings
    if args.command == "health":
        return health(settings)
    if args.command == "forget":
        try:
            print(asyncio.run(forget_user(settings, args.user_id)))
        except StoreUnusable as exc:
            print(exc, file=sys.stderr)
            return 1
        return 0
    if args.command == "migrate-db":
        return migrate_db(settings, args.to)
    if args.command in ("backup", "restore"):
        from bot.store import backup

        if settings.database_url is not None:
            print(
                "backup and restore copy the SQLite file (DATABASE_PATH); the PostgreSQL "
                "database of DATABASE_URL is backed up with its server's tools (pg_dump).",
                file=sys.stderr,
            )
            return 2

        try:
            if args.command == "backup":
                print(backup.backup(settings.database_path, args.path))
            else:
                print(backup.restore(args.path, settings.database_path))
        except StoreUnusable as exc:
            print(exc, file=sys.stderr)
            return 1
        return 0
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        print(
            "No bot token: set DISCORD_TOKEN in the environment or in a .env file "
            "(see README.md, 'Create the Discord application').",
            file=sys.stderr,
        )
        return 2
    try:
        return asyncio.run(serve(settings))
    except StoreUnusable as exc:
        print(exc, file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # before the signal handlers are in place: nothing to save yet
        return 130


def migrate_db(settings: Settings, to: str | None) -> int:
    """Copy the SQLite file's games into PostgreSQL (`bot.table.moving`); the URL, which may
    hold a password, is never printed."""
    from bot.config import POSTGRESQL
    from bot.store import backup
    from bot.table.moving import move_up

    url = to or (settings.database_url.get_secret_value() if settings.database_url else "")
    if not url.startswith(POSTGRESQL):
        print(
            "migrate-db needs a PostgreSQL database: --to postgresql://user:password@host/name "
            "(or DATABASE_URL).",
            file=sys.stderr,
        )
        return 2
    running = backup.holder(settings.database_path)
    if running is not None:
        print(
            f"A bot runs on {settings.database_path} ({running}); stop it first, so that no "
            "move is made after its game was copied.",
            file=sys.stderr,
        )
        return 1
    try:
        lines, problems = asyncio.run(move_up(settings.database_path, url))
    except StoreUnusable as exc:
        print(exc, file=sys.stderr)
        return 1
    for line in problems:
        print(line, file=sys.stderr)
    print("\n".join(lines))
    return 1 if problems else 0


def health(settings: Settings) -> int:
    """Ask the bot on this host how it is; one line, and 0 only when it is healthy."""
    if settings.health_port is None:
        print("HEALTH_PORT is not set: the bot serves no health endpoint.", file=sys.stderr)
        return 1
    host = "127.0.0.1" if settings.health_host in ("0.0.0.0", "::") else settings.health_host
    url = f"http://{host}:{settings.health_port}/healthz"
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            print(answer.read().decode())
            return 0
    except urllib.error.HTTPError as exc:  # 503: the body says which check failed
        print(exc.read().decode(), file=sys.stderr)
    except OSError as exc:
        print(f"No answer from {url} ({exc}).", file=sys.stderr)
    return 1


async def forget_user(settings: Settings, user_id: int) -> str:
    """`/game me forget` for a person who asked the operator; one line saying what was done."""
    from bot.store.choice import chosen

    url = settings.database_url.get_secret_value() if settings.database_url else None
    store, _ = chosen(settings.database_path, url)
    await store.open()
    async with aclosing(store):
        done = await store.forget(user_id)
    running = ", ".join(f"game {g.game_id} in channel {g.channel_id}" for g in done.running)
    return (
        f"User {user_id}: settings {'deleted' if done.settings_deleted else 'none kept'}, "
        f"{done.games_relabelled} ended game(s) now show a seat label"
        + (f"; still seated in {running} until they end." if running else ".")
    )


def load_settings() -> Settings | int:
    """The settings with logging set up from them, or the exit code after one line saying
    which setting is wrong."""
    try:
        settings = Settings()
    except ValidationError as exc:
        problems = explain(Settings, exc)
        print(f"Bad setting: {problems} (see README.md, 'Run the bot').", file=sys.stderr)
        return 2
    except SettingsError as exc:  # a value that is not even valid JSON, say
        print(f"Bad setting: {exc} (see README.md, 'Run the bot').", file=sys.stderr)
        return 2
    level = logging.getLevelName(settings.log_level.upper())
    if not isinstance(level, int):
        print(
            f"Bad setting: LOG_LEVEL {settings.log_level!r} is not a logging level.",
            file=sys.stderr,
        )
        return 2
    logs.configure(level, settings.log_format)
    return settings


async def serve(settings: Settings) -> int:
    """Open the store and hold it, then connect; the store comes first so that a database the
    bot cannot use, or one another bot runs on, stops it before it appears online to anyone.

    The drawing workers start once the code they share with the bot has loaded, and warm up
    on another core while the rest loads (`bot.discord.workers`); they stop with the bot, or
    here if it never ran."""
    from bot.discord.collector import hold_collector
    from bot.discord.workers import Workers

    hold_collector()  # until `settle_collector`, once everything is loaded
    workers = Workers(settings.render_workers)
    try:
        return await _serve(settings, workers)
    finally:
        workers.stop()


async def _serve(settings: Settings, workers: Workers) -> int:
    import aiohttp
    import discord

    from bot.discord.app import GameBot
    from bot.discord.collector import settle_collector
    from bot.store.choice import chosen
    from bot.table.upkeep import Tenancy, expire_ended_games, scheduled_backups

    assert settings.discord_token is not None
    url = settings.database_url.get_secret_value() if settings.database_url else None
    store, where = chosen(settings.database_path, url)
    await store.open()
    async with aclosing(store):
        tenancy = Tenancy(
            store,
            where,
            version(),
            timedelta(seconds=settings.database_lease_seconds),
            shards=settings.shard_ids,
            shard_count=settings.shard_count,
        )
        await tenancy.take()
        bot = GameBot(settings, store=store, holder=tenancy.me.holder, workers=workers)
        bot.before_store_closes.append(tenancy.release)
        chores = [asyncio.create_task(tenancy.keep(bot.close), name="lease")]
        if settings.backup_dir is not None:
            every = timedelta(hours=settings.backup_every_hours)
            chores.append(
                asyncio.create_task(
                    scheduled_backups(
                        settings.database_path, settings.backup_dir, every, settings.backup_keep
                    ),
                    name="backups",
                )
            )
        if settings.finished_games_keep_days:
            keep = timedelta(days=settings.finished_games_keep_days)
            chores.append(
                asyncio.create_task(expire_ended_games(store, keep, EXPIRY_EVERY), name="expiry")
            )
        bot.before_store_closes.extend(_cancelling(chore) for chore in chores)
        if settings.health_port is not None:
            from bot.discord.endpoint import Endpoint  # aiohttp's server: loaded only to serve

            endpoint = Endpoint(bot, tenancy)
            try:
                await endpoint.start()
            except OSError as exc:
                await tenancy.release()
                print(
                    f"Cannot serve the health endpoint on {settings.health_host}:"
                    f"{settings.health_port} ({exc.strerror or exc}); pick another HEALTH_PORT.",
                    file=sys.stderr,
                )
                return 1
            bot.before_store_closes.insert(0, endpoint.stop)
        settle_collector(automatic=False)  # modules, commands and content loaded: kept
        _stop_on_signals(bot)
        try:
            async with bot:
                await bot.start(settings.discord_token.get_secret_value())
        except discord.LoginFailure as exc:
            print(f"Discord refused the bot token ({exc}); check DISCORD_TOKEN.", file=sys.stderr)
            return 1
        except aiohttp.ClientConnectionError as exc:  # once connected, discord.py reconnects
            print(f"Cannot reach Discord ({exc}); check the network.", file=sys.stderr)
            return 1
        finally:
            await bot.close()
    return 0


def _cancelling(task: asyncio.Task[None]) -> Callable[[], Awaitable[None]]:
    async def cancel() -> None:
        task.cancel()
        with suppress(asyncio.CancelledError):
            await task

    return cancel


def _stop_on_signals(bot: GameBot) -> None:
    """SIGTERM and SIGINT start one clean shutdown; repeats while it runs are ignored.

    Python as PID 1 in a container gets no default SIGTERM handling, and a handler that raised
    KeyboardInterrupt could cut a move off in the middle; closing the client lets it finish.
    """
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []

    def stop(sig: signal.Signals) -> None:
        if stopping:
            return
        log.info("shutting down (%s)", sig.name)
        stopping.append(loop.create_task(bot.close(), name="stop"))

    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop, sig)
        except NotImplementedError:  # Windows: Ctrl-C still raises KeyboardInterrupt
            return


if __name__ == "__main__":
    sys.exit(main())
