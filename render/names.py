"""Players' Discord display names on board images.

A renderer takes `players`: the display name of each seat's holder, indexed by seat (None when
the caller has none, as tests and benchmarks do). Names are shown beside the game's own seat or
faction name ("Workers · ana"), never instead of it: the seat name is what the rules talk about.

The bundled font draws ASCII and a little punctuation only, so a name is first brought into
what it can draw: accents are dropped ("José" -> "Jose"), a few letters are spelled out ("ß" ->
"ss"), and what still has no glyph (other scripts, emoji) is left out. A name with nothing left
is not shown at all, which beats a row of empty boxes.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from render.fonts import font

Players = Sequence[str | None] | None
"""Display names by seat, as `render(view, players)` and `focus(before, after, players)` take."""

MAX_NAME = 24
"""Characters kept of a display name (Discord allows 32): the rest becomes an ellipsis."""
SEPARATOR = " · "

SPELLED = str.maketrans(
    {
        "ß": "ss",
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
        "Œ": "OE",
        "ø": "o",
        "Ø": "O",
        "ł": "l",
        "Ł": "L",
        "đ": "d",
        "Đ": "D",
        "ð": "d",
        "Ð": "D",
        "þ": "th",
        "Þ": "Th",
        "ı": "i",
        "’": "'",
        "‘": "'",
        "“": '"',
        "”": '"',
        "–": "-",
        "—": "-",
    }
)


@lru_cache(maxsize=1024)
def _drawable(char: str) -> bool:
    """The bundled font has a glyph for `char` (not its empty-box stand-in)."""
    if char == " ":
        return True
    face = font(24)
    return bytes(face.getmask(char)) != _missing_glyph()


@lru_cache(maxsize=1)
def _missing_glyph() -> bytes:
    return bytes(font(24).getmask("\uffff"))


@lru_cache(maxsize=512)
def clean_name(name: str | None) -> str:
    """`name` as the bundled font can draw it, trimmed to `MAX_NAME`; "" if nothing is left."""
    if not name:
        return ""
    text = unicodedata.normalize("NFKD", name.translate(SPELLED))
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = "".join(c if c.isprintable() and _drawable(c) else " " for c in text)
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
