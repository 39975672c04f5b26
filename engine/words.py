"""Counting words every game and client shares, so no line ever reads "1 bloc(s)" or "1 dice".

>>> count(1, "bloc"), count(3, "bloc"), count(1, "die", "dice"), count(0, "move")
('1 bloc', '3 blocs', '1 die', '0 moves')
>>> quoted("red9"), quoted("x" * 60)[-4:]
('"red9"', 'xx…"')
"""

from __future__ import annotations

IRREGULAR = {
    "die": "dice",
    "action die": "action dice",
    "riot cop": "riot cops",
    "police ops card": "police ops cards",
    "agency": "agencies",
    "city": "cities",
    "body": "bodies",
    "man": "men",
}
"""Plurals that adding an s would get wrong."""


def plural(noun: str) -> str:
    """The plural of a noun or a noun phrase ending in its noun."""
    if noun in IRREGULAR:
        return IRREGULAR[noun]
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    return noun + "s"


def count(n: int, noun: str, many: str | None = None) -> str:
    """`n` followed by the noun in the right number: "1 bloc", "2 blocs", "0 blocs"."""
    return f"{n} {noun if n == 1 else many or plural(noun)}"


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
