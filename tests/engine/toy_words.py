"""The toy games' words: finished English carried as messages (`core.name`, shown as it is in
every language). The toys test the engine contract and the bot's handling of it, not a
language, so they keep no catalog of their own."""

from __future__ import annotations

from engine.messages import Msg, m


def words(text: str) -> Msg:
    """A toy game's sentence, shown as it is whatever the reader's language."""
    return m("core.name", name=text)
