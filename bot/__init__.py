"""The Discord adapter: commands, buttons, DMs, storage and configuration.

Its words (command descriptions, replies) are catalogs in `bot/locale/`, joined to the engine's
and the games' when the package is first imported, so every part of the bot says them alike."""

from pathlib import Path

from engine.messages import add_catalog_folder

add_catalog_folder(Path(__file__).parent / "locale")
