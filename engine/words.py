"""A player's own input as a refusal repeats it back: one line, clipped, quoted. The only text
the engine shows that no catalog holds, because the player wrote it.

>>> quoted("red9"), quoted("x" * 60)[-4:]
('"red9"', 'xx…"')
"""

from __future__ import annotations

EXCERPT = 40
"""The most of a player's own input an error message repeats back."""


def excerpt(text: object, limit: int = EXCERPT) -> str:
    """A player's input as an error may repeat it: one line, at most `limit` characters, clipped
    with an ellipsis, so a pasted essay never comes back in full."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def quoted(text: object, limit: int = EXCERPT) -> str:
    """`excerpt` in double quotes, for naming what a player typed: "red9"."""
    return f'"{excerpt(text, limit)}"'
