"""`python -m bot`: run the bot with settings from the environment or `.env`.

`python -m bot replay FILE --out DIR` instead draws a game record offline (`bot/table/replay.py`).

Problems an operator must fix (no token, a bad setting, a database the bot cannot use, a token
Discord refuses, Discord out of reach at start-up) end the process with one line on stderr
instead of a traceback: exit code 2 for settings, 1 for the rest. SIGTERM (`docker stop`) and
SIGINT (Ctrl-C) shut the bot down cleanly with exit code 0.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from contextlib import aclosing
from typing import TYPE_CHECKING

from pydantic import ValidationError
from pydantic_settings import SettingsError

from bot.config import Settings, explain
from bot.store.schema import StoreUnusable

if TYPE_CHECKING:
    from bot.discord.app import GameBot

log = logging.getLogger("bot")


def main() -> int:
    if sys.argv[1:2] == ["replay"]:  # `python -m bot replay FILE --out DIR`: no Discord at all
        from bot.table.replay import main as replay

        return replay(sys.argv[2:])
    try:
        settings = Settings()
    except ValidationError as exc:
        problems = explain(Settings, exc)
        print(f"Bad setting: {problems} (see README.md, 'Run the bot').", file=sys.stderr)
        return 2
    except SettingsError as exc:  # a value that is not even valid JSON, say
        print(f"Bad setting: {exc} (see README.md, 'Run the bot').", file=sys.stderr)
        return 2
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        print(
            "No bot token: set DISCORD_TOKEN in the environment or in a .env file "
            "(see README.md, 'Create the Discord application').",
            file=sys.stderr,
        )
        return 2
    level = logging.getLevelName(settings.log_level.upper())
    if not isinstance(level, int):
        print(
            f"Bad setting: LOG_LEVEL {settings.log_level!r} is not a logging level.",
            file=sys.stderr,
        )
        return 2
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        return asyncio.run(serve(settings))
    except StoreUnusable as exc:
        print(exc, file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # before the signal handlers are in place: nothing to save yet
        return 130


async def serve(settings: Settings) -> int:
    """Open the store, then connect; the store comes first so that a database the bot cannot
    use stops it before it appears online to anyone."""
    import aiohttp
    import discord

    from bot.discord.app import GameBot
    from bot.discord.health import settle_collector
    from bot.store.sqlite import SqliteStore

    assert settings.discord_token is not None
    store = SqliteStore(settings.database_path)
    await store.open()
    async with aclosing(store):
        bot = GameBot(settings, store=store)
        settle_collector()  # modules, commands and content loaded: kept for good
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
