"""The spectator page's HTML: one document, readable without its script, that the script keeps
up to date and lets a reader step through.

Everything a game says reaches the page through `text`, which escapes it before turning the
channel's bold and code marks into tags, so narration can never inject markup. The page's own
words are catalog messages said in the reader's language (`bot.web.words`); the script's words
ride along as JSON it reads, so the script holds no words of its own. The board is an `<img>` of
the step shown, with smaller renditions a phone picks (`srcset`); each log line links to its
step (`?step=N`), so stepping works without the script too, and the script
(`static/spectate.js`) turns the links, the slider and the buttons into in-place changes and
polls for moves.
"""

from __future__ import annotations

import html
import re
from urllib.parse import urlencode

from bot.table.spectate import LogLine, Seen
from bot.web import words
from engine.messages import m, say

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`([^`]+)`")

WIDTHS = (480, 800)
"""The widths of the board's smaller renditions: a phone's column at one and two device pixels
a CSS pixel (a wider screen takes the full board)."""
FULL_WIDTH = 1600
"""The width the full board is announced at in `srcset`: boards are 840 to 1,900 px wide, and
a browser takes it only where a rendition would be too small."""
SIZES = "(min-width: 900px) 60vw, 100vw"
"""How wide the board is shown: the page's whole column on a phone, its left part beside the
log on a wide screen (`spectate.css`)."""


def text(words_: str) -> str:
    """Narration as HTML: escaped, then bold and code marks as tags, line breaks kept."""
    escaped = html.escape(words_, quote=True)
    escaped = _BOLD.sub(r"<strong>\1</strong>", escaped)
    escaped = _CODE.sub(r"<code>\1</code>", escaped)
    return escaped.replace("\n", "<br>")


class Address:
    """The page's addresses for one reader: its own path, and the language it was asked in
    when the address named one (`?lang=`), which every link then keeps."""

    def __init__(self, base: str, language: str, chosen: bool) -> None:
        self.base, self.language, self.chosen = base, language, chosen

    def query(self, step: int | None = None, language: str | None = None) -> str:
        """`?step=N&lang=xx`, each part only where wanted."""
        asked: dict[str, str | int] = {} if step is None else {"step": step}
        if language is not None or self.chosen:
            asked["lang"] = language or self.language
        return "?" + urlencode(asked)

    def lang(self) -> str:
        """The language part of an image's or a state's address."""
        return "?" + urlencode({"lang": self.language})

    def board(self, step: int | str) -> str:
        return f"{self.base}/board/{step}.png{self.lang()}"

    def srcset(self, step: int | str) -> str:
        smaller = [f"{self.base}/board/{step}-{w}.webp{self.lang()} {w}w" for w in WIDTHS]
        return ", ".join([*smaller, f"{self.board(step)} {FULL_WIDTH}w"])


def log_item(line: LogLine, shown: int, where: Address) -> str:
    current = ' aria-current="step"' if line.seq == shown else ""
    return (
        f'<li data-id="{line.id}" data-step="{line.seq}"{current}>'
        f'<a class="step" href="{html.escape(where.query(line.seq))}">#{line.seq}</a> '
        f'<span class="said">{text(line.text)}</span></li>'
    )


def waiting_html(seen: Seen) -> str:
    return "".join(f"<li>{text(w)}</li>" for w in seen.waiting)


def result_html(seen: Seen) -> str:
    return f'<p class="result">{text(seen.result)}</p>' if seen.result else ""


def switch(where: Address, shown: int, latest: int) -> str:
    """Links to the page in each language the bot speaks, the current one marked."""
    step = None if shown == latest else shown
    links = []
    for language, name in words.choices():
        current = ' aria-current="true"' if language == where.language else ""
        href = html.escape(where.query(step, language))
        links.append(
            f'<a href="{href}" hreflang="{language}" lang="{language}"{current}>'
            f"{html.escape(name)}</a>"
        )
    label = html.escape(say(m("bot.web.languages"), where.language))
    return f'<nav class="languages" aria-label="{label}">{" · ".join(links)}</nav>'


def document(seen: Seen, shown: int, where: Address, timelapse: bool) -> str:
    """The whole page for a game (`seen`) showing step `shown`, in `where.language`; every
    address on it is built from `where`."""
    lang = where.language

    def w(key: str, **args: str | int) -> str:
        return html.escape(say(m(f"bot.web.{key}", **args), lang), quote=True)

    title = html.escape(say(m("bot.web.title", title=seen.title, step=seen.step), lang))
    lapse = (
        f'<p><a class="lapse" href="{where.base}/timelapse.webp">{w("timelapse")}</a></p>'
        if timelapse
        else ""
    )
    log = "".join(log_item(line, shown, where) for line in seen.log)
    script = words.script_words(lang, seen.title)
    q = where.query
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<title>{title}</title>
<link rel="stylesheet" href="/static/spectate.css">
<script id="words" type="application/json">{script}</script>
<script src="/static/spectate.js" defer></script>
</head>
<body data-base="{where.base}" data-step="{seen.step}" data-shown="{shown}"
 data-version="{seen.version}" data-status="{html.escape(seen.status)}"
 data-last-id="{seen.log[-1].id if seen.log else 0}" data-lang="{lang}"
 data-chosen="{"1" if where.chosen else ""}" data-board="{html.escape(where.board("{step}"))}"
 data-srcset="{html.escape(where.srcset("{step}"))}">
<header>
<h1>{html.escape(seen.title)}</h1>
<p class="where"><span id="status" class="status {html.escape(seen.status)}">\
{html.escape(words.status_word(seen.status, lang))}</span>
 · <span id="latest">{w("latest", step=seen.step)}</span></p>
{switch(where, shown, seen.step)}
</header>
<main>
<section class="board" aria-label="{w("board")}">
<figure>
<img id="board" src="{html.escape(where.board(shown))}" srcset="{html.escape(where.srcset(shown))}"
 sizes="{SIZES}" alt="{w("board_alt", step=shown)}" width="1000" height="1000">
<figcaption id="caption">{w("step_of", shown=shown, latest=seen.step)}</figcaption>
</figure>
<nav class="steps" aria-label="{w("steps")}">
<a id="first" class="button" href="{html.escape(q(0))}" aria-label="{w("first")}">|◀</a>
<a id="back" class="button" href="{html.escape(q(max(0, shown - 1)))}" \
aria-label="{w("back")}">◀</a>
<input id="slider" type="range" min="0" max="{seen.step}" value="{shown}" aria-label="{w("step")}">
<a id="next" class="button" href="{html.escape(q(min(seen.step, shown + 1)))}" \
aria-label="{w("next")}">▶</a>
<a id="live" class="button" href="{html.escape(q())}" aria-label="{w("live")}">▶|</a>
</nav>
</section>
<section class="table" aria-label="{w("table")}">
<h2>{w("now")}</h2>
<ul id="waiting">{waiting_html(seen)}</ul>
<div id="result">{result_html(seen)}</div>
{lapse}
<h2>{w("log")}</h2>
<ol id="log">{log}</ol>
</section>
</main>
</body>
</html>
"""


def not_found(language: str) -> str:
    """The page for any address that shows nothing, in the reader's language."""
    title = html.escape(say(m("bot.web.not_found_title"), language))
    said = text(say(m("bot.web.not_found"), language))
    return f"""<!doctype html>
<html lang="{language}"><head><meta charset="utf-8"><title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><p>{said}</p></body></html>
"""
