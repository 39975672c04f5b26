"""Players' Discord display names on board images.

A renderer takes `players`: the display name of each seat's holder, indexed by seat (None when
the caller has none, as tests and benchmarks do). Names are shown beside the game's own seat or
faction name ("Workers · ana"), never instead of it: the seat name is what the rules talk about.

The board fonts draw every accent and, through their fallback, Chinese, Japanese and Korean
(render/fonts.py), so a name is drawn as written ("José", "Zoë", "山田"); only what no font has a
glyph for (emoji, with the joiners and variation selectors that build them) is left out. A name
with nothing left is not shown at all, which beats a row of empty boxes.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from render.fonts import has_glyph

Players = Sequence[str | None] | None
"""Display names by seat, as `render(view, players)` and `focus(before, after, players)` take."""

MAX_NAME = 24
"""Characters kept of a display name (Discord allows 32): the rest becomes an ellipsis."""
SEPARATOR = " · "

INVISIBLE = re.compile("[\u200b-\u200f\u2060\ufe00-\ufe0f\U000e0100-\U000e01ef]")
"""Zero-width joiners and variation selectors: they only shape the emoji around them."""


@lru_cache(maxsize=512)
def clean_name(name: str | None) -> str:
    """`name` as the board fonts can draw it, trimmed to `MAX_NAME`; "" if nothing is left."""
    if not name:
        return ""
    text = INVISIBLE.sub("", unicodedata.normalize("NFC", name))
    text = "".join(c if c.isprintable() and has_glyph(c) else " " for c in text)
    text = " ".join(text.split())
    if len(text) > MAX_NAME:
        text = text[: MAX_NAME - 1].rstrip() + "…"
    return text


def player_name(players: Players, seat: int) -> str:
    """The cleaned display name of `seat`'s holder, or "" when there is none to show."""
    if players is None or not 0 <= seat < len(players):
        return ""
    return clean_name(players[seat])


def with_player(label: str, players: Players, seat: int) -> str:
    """`label` with the seat holder's display name beside it: "Workers · ana"."""
    name = player_name(players, seat)
    return f"{label}{SEPARATOR}{name}" if name else label
