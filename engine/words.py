"""Counting words every game and client shares, so no line ever reads "1 bloc(s)" or "1 dice".

>>> count(1, "bloc"), count(3, "bloc"), count(1, "die", "dice"), count(0, "move")
('1 bloc', '3 blocs', '1 die', '0 moves')
>>> listing(["red", "blue", "yellow"]), listing(["Prisoners"])
('red, blue and yellow', 'Prisoners')
>>> quoted("red9"), quoted("x" * 60)[-4:]
('"red9"', 'xx…"')
>>> doing(["Blue"], "write"), doing(["Blue", "Red"], "write"), verb(1, "have")
('Blue writes', 'Blue and Red write', 'has')
>>> winners_line(["Red"]), winners_line(["Red", "Blue", "Yellow"]), winners_line([])
('Winner: Red', 'Shared win: Red, Blue and Yellow', 'No winner')
"""

from __future__ import annotations

from collections.abc import Sequence

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


def listing(items: Sequence[str], conjunction: str = "and") -> str:
    """Items as English lists them: "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


THIRD_PERSON = {"be": "is", "have": "has", "do": "does", "go": "goes"}
"""Verbs whose one-subject form adding an s would get wrong."""


def verb(n: int, base: str) -> str:
    """The present tense of `base` agreeing with `n` subjects: one Blue "writes", Blue and Red
    "write" (a seat is one player, so "Blue write" reads as a slip)."""
    if n == 1:
        return THIRD_PERSON.get(base) or plural(base)
    return "are" if base == "be" else base


def doing(names: Sequence[str], base: str) -> str:
    """Names listed as the subject of a verb that agrees with them: "Blue writes", "Blue and
    Red write"."""
    return f"{listing(names)} {verb(len(names), base)}"


def winners_line(names: Sequence[str]) -> str:
    """Who won, as the end of a game announces it: one winner, a win shared by several (named,
    so a three-way tie never reads "Winner:" for three), or none."""
    if not names:
        return "No winner"
    if len(names) == 1:
        return f"Winner: {names[0]}"
    return f"Shared win: {listing(names)}"


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
