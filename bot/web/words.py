"""The spectator page's language: the reader's, not the table's.

A link is shared beyond the game's channel, so the page speaks whoever opens it: a language
asked for in the address (`?lang=es`, what the page's language links set), else the first one
the browser's `Accept-Language` names that the bot has catalogs for, else the table's. The
page's own words are catalog messages (`bot.web.*` in `bot/locale`); the narration in its log
stays in the table's language, as the channel was told it.
"""

from __future__ import annotations

import json
import re

from babel.core import Locale, UnknownLocaleError

from engine.messages import Msg, known, languages, m, say

_RANGE = re.compile(
    r"^\s*([A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*|\*)\s*(?:;\s*q\s*=\s*([0-9.]{1,5}))?"
)
MAX_RANGES = 20
"""Language ranges of one header read: a browser sends a handful; the rest is ignored."""


def accepted(header: str | None) -> list[str]:
    """The language ranges of an `Accept-Language` header, most wanted first (a range with
    q=0 is refused, so left out; equal weights keep the header's order)."""
    ranges: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")[:MAX_RANGES]):
        found = _RANGE.match(part)
        if found is None or found[1] == "*":
            continue
        try:
            weight = float(found[2]) if found[2] else 1.0
        except ValueError:
            continue
        if weight > 0:
            ranges.append((-weight, index, found[1]))
    return [name for _, _, name in sorted(ranges)]


def spoken(name: str | None) -> str | None:
    """The catalog language for a language tag, or None when the bot has no catalog for it."""
    if not name:
        return None
    language = known(name)
    base = name.replace("_", "-").split("-")[0].lower()
    return language if language == base else None


def reader_language(asked: str | None, header: str | None, table: str | None) -> str:
    """The language a page is said in: the address's `lang`, the browser's, the table's."""
    for name in (asked, *accepted(header)):
        language = spoken(name)
        if language is not None:
            return language
    return known(table)


def autonym(language: str) -> str:
    """A language's name in itself ("English", "Español"), as its switch link reads for anyone
    who reads it (Babel's CLDR names)."""
    try:
        name = Locale.parse(language).get_display_name(language) or language
    except (ValueError, UnknownLocaleError):
        name = language
    return name[:1].upper() + name[1:]


def choices() -> list[tuple[str, str]]:
    """Every language the page can be read in, with its own name."""
    return [(language, autonym(language)) for language in languages()]


STATUS = {
    "running": m("bot.web.status.running"),
    "finished": m("bot.web.status.finished"),
    "abandoned": m("bot.web.status.abandoned"),
}


def status_word(status: str, language: str) -> str:
    """A game's state as its badge reads."""
    word = STATUS.get(status)
    return say(word, language) if word is not None else status


SCRIPT: dict[str, Msg] = {
    "caption": m("bot.web.step_of", shown="{shown}", latest="{latest}"),
    "caption_live": m("bot.web.step_of_live", shown="{shown}", latest="{latest}"),
    "alt": m("bot.web.board_alt", step="{step}"),
    "latest": m("bot.web.latest", step="{step}"),
}
"""The words the page's script writes itself, as templates: it fills `{shown}`, `{latest}`
and `{step}` in."""


def script_words(language: str, title: str) -> str:
    """The script's words in `language`, as the JSON the page carries for it (safe inside a
    `<script type="application/json">`: no `<` survives)."""
    words = {name: say(msg, language) for name, msg in SCRIPT.items()}
    words["title"] = say(m("bot.web.title", title=title, step="{step}"), language)
    return json.dumps(words, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e")
