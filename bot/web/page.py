"""The spectator page's HTML: one document, readable without its script, that the script keeps
up to date and lets a reader step through.

Everything a game says reaches the page through `text`, which escapes it before turning the
channel's bold and code marks into tags, so narration can never inject markup. The board is an
`<img>` of the step shown; each log line links to its step (`?step=N`), so stepping works
without the script too, and the script (`static/spectate.js`) turns the links, the slider and
the buttons into in-place changes and polls for moves.
"""

from __future__ import annotations

import html
import re

from bot.table.spectate import LogLine, Seen

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`([^`]+)`")

STATUS_WORDS = {"running": "Live", "finished": "Finished", "abandoned": "Abandoned"}


def text(words: str) -> str:
    """Narration as HTML: escaped, then bold and code marks as tags, line breaks kept."""
    escaped = html.escape(words, quote=True)
    escaped = _BOLD.sub(r"<strong>\1</strong>", escaped)
    escaped = _CODE.sub(r"<code>\1</code>", escaped)
    return escaped.replace("\n", "<br>")


def log_item(line: LogLine, shown: int) -> str:
    current = ' aria-current="step"' if line.seq == shown else ""
    return (
        f'<li data-id="{line.id}" data-step="{line.seq}"{current}>'
        f'<a class="step" href="?step={line.seq}">#{line.seq}</a> '
        f'<span class="said">{text(line.text)}</span></li>'
    )


def document(seen: Seen, shown: int, base: str, board_url: str, timelapse: bool) -> str:
    """The whole page for a game (`seen`) showing step `shown`; `base` is the page's own path,
    which every other address on it is built from."""
    title = html.escape(seen.title)
    status = STATUS_WORDS.get(seen.status, seen.status)
    waiting = "".join(f"<li>{text(w)}</li>" for w in seen.waiting)
    result = f'<p class="result">{text(seen.result)}</p>' if seen.result else ""
    lapse = (
        f'<p><a class="lapse" href="{base}/timelapse.webp">🎞️ Timelapse of the whole game</a></p>'
        if timelapse
        else ""
    )
    log = "".join(log_item(line, shown) for line in seen.log)
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<title>{title} · step {seen.step}</title>
<link rel="stylesheet" href="/static/spectate.css">
<script src="/static/spectate.js" defer></script>
</head>
<body data-base="{base}" data-step="{seen.step}" data-shown="{shown}" data-version="{seen.version}"
 data-status="{html.escape(seen.status)}" data-last-id="{seen.log[-1].id if seen.log else 0}">
<header>
<h1>{title}</h1>
<p class="where"><span id="status" class="status {html.escape(seen.status)}">{status}</span>
 · <span id="latest">step {seen.step}</span></p>
</header>
<main>
<section class="board" aria-label="Board">
<figure>
<img id="board" src="{board_url}" alt="The board at step {shown}" width="1000" height="1000">
<figcaption id="caption">Step {shown} of {seen.step}</figcaption>
</figure>
<nav class="steps" aria-label="Steps">
<a id="first" class="button" href="?step=0" aria-label="First step">|◀</a>
<a id="back" class="button" href="?step={max(0, shown - 1)}" aria-label="Step back">◀</a>
<input id="slider" type="range" min="0" max="{seen.step}" value="{shown}" aria-label="Step">
<a id="next" class="button" href="?step={min(seen.step, shown + 1)}" aria-label="Step on">▶</a>
<a id="live" class="button" href="?" aria-label="Latest step">▶|</a>
</nav>
</section>
<section class="table" aria-label="The table">
<h2>Now</h2>
<ul id="waiting">{waiting}</ul>
<div id="result">{result}</div>
{lapse}
<h2>Log</h2>
<ol id="log">{log}</ol>
</section>
</main>
</body>
</html>
"""


NOT_FOUND = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Not found</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><p>There is no page here. A spectator link may have been turned off or replaced by the
game's host; ask in the game's channel for the current one (<code>/game spectate</code>).</p>
</body></html>
"""
