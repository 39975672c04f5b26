"""`python -m bot`: run the bot with settings from the environment or `.env`."""

from __future__ import annotations

import logging
import sys

from bot.config import Settings


def main() -> int:
    settings = Settings()
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        print(
            "No bot token: set DISCORD_TOKEN in the environment or in a .env file "
            "(see README.md, 'Create the Discord application').",
            file=sys.stderr,
        )
        return 2
    from bot.app import GameBot

    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    bot = GameBot(settings)
    bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
