"""Discord's limits, in one place: every message, button, menu and choice list the bot builds is
cut to fit here, so the engine and the games never need to know them."""

from __future__ import annotations

MESSAGE = 2000
EMBED_DESCRIPTION = 4096
"""Characters in a message's content."""
MESSAGE_PIECE = MESSAGE - 100
"""Where long narration is cut into several messages, leaving room for a prefix."""
CHOICES = 25
"""Autocomplete suggestions, select-menu options and command choices."""
BUTTONS = 25
"""Buttons under one message (five rows of five)."""
ROWS = 5
"""Component rows under one message."""
PER_ROW = 5
"""Buttons in one component row."""
BUTTON_LABEL = 80
CHOICE_NAME = 100
"""Characters of an autocomplete entry's name or value, and of a select option's label."""
DESCRIPTION = 100
"""Characters of a command's or an option's description."""
PLACEHOLDER = 150
"""Characters of a select menu's placeholder."""
HISTORY_PAGE = 100
"""Messages one history request returns."""


def clip(text: str, limit: int) -> str:
    """At most `limit` characters, cut at a line or word boundary and marked as cut."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    at = max(cut.rfind("\n"), cut.rfind(" "))
    return (cut[:at] if at > limit // 2 else cut).rstrip() + "…"
