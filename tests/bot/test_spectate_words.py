"""The spectator page speaks its reader's language, and hands a phone a smaller board.

A Spanish browser reads the page (its words, its script's words, what the table waits for, a
404) with no phrase of the English catalog; an English one reads English; a language the bot
does not speak falls back to the table's; `?lang=` switches, and the page's links keep it. A
phone's browser is offered renditions of the board a few hundred pixels wide (`srcset`), drawn
from the full board and far smaller than it."""

from __future__ import annotations

import html
import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import aiohttp
import pytest
from PIL import Image

import bot
from bot.table import spectate
from bot.web import page as web_page
from bot.web.pictures import shrink
from engine.messages import ENGLISH, catalog, read_catalog, say
from render import RENDERERS
from tests.bot.harness import Session
from tests.bot.spectate_games import played
from tests.bot.test_e2e_record import bid, narrated, play_defaults, toy
from tests.bot.test_spectate import Browser, link, view_png
from tests.bot.test_table_spanish import leftovers
from tests.engine.toy_game import GAME as TOY

PAGE_WORDS = ("bot.web.", "bot.spectate.", "bot.present.")
"""The catalog entries of the page's own words and of what it says about the table."""
FIELD = re.compile(r"\{[^}]*\}")
SPANISH = "es-ES,es;q=0.9,en;q=0.5"
ENGLISH_BROWSER = "en-GB,en;q=0.9,es;q=0.3"
SCRIPT = Path(bot.__file__).parent / "web" / "static" / "spectate.js"


def english_phrases() -> set[str]:
    """Every English phrase of the page's entries that its Spanish entry does not share: the
    fixed text between fields, each sentence part of at least three letters."""
    spanish = catalog("es").entries
    path = Path(bot.__file__).parent / "locale" / f"{ENGLISH}.po"
    phrases: set[str] = set()
    for message in read_catalog(path, ENGLISH):
        key = str(message.id[0] if isinstance(message.id, tuple) else message.id)
        if not key.startswith(PAGE_WORDS):
            continue
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        theirs = " ".join(spanish.get(key, ()))
        for text in texts:
            for part in FIELD.split(str(text)):
                for phrase in re.split(r"[\n.;:!?()·,]", part):
                    words = re.sub(r"^\W+|\W+$", "", phrase)
                    if len(re.sub(r"\W", "", words)) >= 3 and words not in theirs:
                        phrases.add(words)
    return phrases


class Read(HTMLParser):
    """What a reader of a page sees and hears: its text, its labels and alternative texts, the
    words its script writes (the JSON it reads), all but the log when `log` is False."""

    def __init__(self, log: bool) -> None:
        super().__init__()
        self.log, self.said, self._in_log, self._in_words = log, [], 0, False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "ol" and found.get("id") == "log":
            self._in_log += 1
        self._in_words = tag == "script" and found.get("id") == "words"
        if not self._in_log or self.log:
            self.said += [v or "" for k, v in attrs if k in ("aria-label", "alt", "title")]

    def handle_endtag(self, tag: str) -> None:
        if tag == "ol" and self._in_log:
            self._in_log -= 1
        self._in_words = False

    def handle_data(self, data: str) -> None:
        if self._in_words:
            self.said += [FIELD.sub(" ", w) for w in json.loads(data).values()]
        elif not self._in_log or self.log:
            self.said.append(data)


def read(page: str, log: bool = True) -> str:
    reader = Read(log)
    reader.feed(page)
    return "\n".join(reader.said)


def english_in(said: str) -> list[str]:
    return sorted(p for p in english_phrases() if re.search(rf"(?<!\w){re.escape(p)}(?!\w)", said))


@pytest.fixture
async def watched(tmp_path: Path, toy_installed, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(RENDERERS, TOY.id, view_png)
    settings = {"web_port": 0, "web_base_url": "http://spectate.test/", "web_burst": 1000}
    async with Session(tmp_path / "games.sqlite3", **settings) as s:
        yield s


def test_the_scan_knows_the_pages_english() -> None:
    phrases = english_phrases()
    assert {"Step back", "Log", "Now", "Live", "The board at step"} <= phrases
    assert "No" not in phrases  # a word both languages write the same is no leftover


async def test_a_spanish_browser_reads_the_page_in_spanish_and_an_english_one_in_english(
    watched: Session,
):
    ana, ben = watched.user("ana"), watched.user("ben")
    await watched.open_game("not_on_my_block", ana, ben, seed=3)  # an English table
    await play_defaults(watched, 1)
    table = await watched.table()
    asked = next(iter(table.prompts().values())).msg
    path = await link(watched, ana)
    async with aiohttp.ClientSession() as http:
        browser = Browser(watched, http)
        status, body, headers = await browser.get(path, **{"Accept-Language": SPANISH})
        assert status == 200 and "Accept-Language" in headers["Vary"]
        page = body.decode()
        assert '<html lang="es">' in page
        said = read(page, log=False)  # the log is the channel's narration, in English here
        assert "Paso 1 de 1" in said and "Registro" in said and "En directo" in said
        assert say(asked, "es") in said  # what the table waits for, in the reader's language
        assert say(asked, ENGLISH) not in said
        assert english_in(said) == []

        status, body, _ = await browser.get(path, **{"Accept-Language": ENGLISH_BROWSER})
        english = read(body.decode(), log=False)
        assert '<html lang="en">' in body.decode()
        assert "Step 1 of 1" in english and "Log" in english and say(asked, ENGLISH) in english
        assert "Registro" not in english

        status, body, _ = await browser.get(path, **{"Accept-Language": "fr-FR,de;q=0.8"})
        assert '<html lang="en">' in body.decode()  # a language the bot lacks: the table's

        # A link switches, whatever the browser says, and every link on the page keeps it.
        status, body, _ = await browser.get(
            f"{path}?step=0&lang=es", **{"Accept-Language": ENGLISH_BROWSER}
        )
        page = body.decode()
        assert '<html lang="es">' in page and "Paso 0 de 1" in read(page)
        assert 'href="?step=1&amp;lang=es"' in page  # the next step, still Spanish
        assert 'href="?step=0&amp;lang=en" hreflang="en" lang="en">English</a>' in page
        assert english_in(read(page, log=False)) == []

        _, body, _ = await browser.get(f"{path}/state.json?lang=es")
        state = json.loads(body)
        assert state["status_word"] == "En directo"
        assert say(asked, "es") in html.unescape(state["waiting_html"])
        assert english_in(state["waiting_html"]) == []

        status, body, _ = await browser.get("/s/nothing-here", **{"Accept-Language": SPANISH})
        assert status == 404 and "Aquí no hay ninguna página" in body.decode()
        assert english_in(read(body.decode())) == []


async def test_an_english_tables_log_reads_in_a_spanish_browsers_language(watched: Session):
    """The log keeps its words as messages: a Spanish browser reads an English table's
    narration in Spanish, on the page and in what its script fetches; an English one in
    English."""
    ana, ben = watched.user("ana"), watched.user("ben")
    await watched.open_game("not_on_my_block", ana, ben, seed=3)  # an English table
    await play_defaults(watched, 3)
    spanish, english = await narrated(watched, "es"), await narrated(watched, ENGLISH)
    only_english = [line for line in english if line not in spanish]
    assert only_english
    path = await link(watched, ana)
    async with aiohttp.ClientSession() as http:
        browser = Browser(watched, http)
        _, body, _ = await browser.get(path, **{"Accept-Language": SPANISH})
        _, fetched, _ = await browser.get(f"{path}/state.json?lang=es")
        _, theirs, _ = await browser.get(path, **{"Accept-Language": ENGLISH_BROWSER})
    logs = {
        "page": body.decode(),
        "script": "".join(x["html"] for x in json.loads(fetched)["log"]),
    }
    for where, told in logs.items():
        assert all(web_page.text(line) in told for line in spanish), where
        assert [line for line in only_english if web_page.text(line) in told] == [], where
        assert leftovers(html.unescape(told)) == [], where
    assert all(web_page.text(line) in theirs.decode() for line in english)


async def test_a_spanish_tables_page_reads_in_spanish_to_a_browser_the_bot_cannot_speak_to(
    watched: Session,
):
    watched.standin.world.guild_locales[watched.standin.guild.id] = "es-ES"
    host, _guest = await toy(watched)
    await bid(watched, host)
    path = await link(watched, host)
    async with aiohttp.ClientSession() as http:
        status, body, _ = await Browser(watched, http).get(path, **{"Accept-Language": "fr"})
    page = body.decode()
    said = read(page)  # the log included: the channel was told it in Spanish
    assert status == 200 and '<html lang="es">' in page and "Registro" in said
    assert english_in(said) == [] and leftovers(said) == []


def test_the_script_writes_no_words_of_its_own():
    """Every string in the page's script is a name, an address part or a selector: anything
    a reader sees comes from the page's words."""
    code = re.sub(r"(?m)(^|\s)//.*$", "", SCRIPT.read_text())  # comments are for developers
    literals = re.findall(r'"((?:[^"\\]|\\.)*)"|\'((?:[^\'\\]|\\.)*)\'', code)
    prose = [a or b for a, b in literals if re.search(r"[A-Za-z]{2,}\s|\s[A-Za-z]{2,}", a or b)]
    prose.remove("use strict")  # the script's mode, not a word to a reader
    assert prose == []


async def test_a_phone_is_offered_a_smaller_board_and_no_other_size(watched: Session):
    host, _guest = await toy(watched)
    path = await link(watched, host)
    async with aiohttp.ClientSession() as http:
        browser = Browser(watched, http)
        _, body, _ = await browser.get(path)
        page = body.decode()
        srcset = re.search(r'<img id="board"[^>]* srcset="([^"]+)"', page)
        assert srcset is not None
        assert [c.split()[-1] for c in srcset[1].split(", ")] == ["480w", "800w", "1600w"]
        assert f"{path}/board/0-480.webp?lang=en 480w" in srcset[1]
        assert 'sizes="(min-width: 900px) 60vw, 100vw"' in page
        status, small, headers = await browser.get(f"{path}/board/0-480.webp")
        assert status == 200 and headers["Content-Type"] == "image/webp"
        assert Image.open(io.BytesIO(small)).format == "WEBP"
        for other in ("0-481.webp", "0-4800.webp", "9-480.webp"):
            assert (await browser.get(f"{path}/board/{other}"))[0] == 404, other


@pytest.mark.parametrize("key", ["bloc_by_bloc", "not_on_my_block"])
def test_a_phones_rendition_is_the_board_at_480_px_in_a_fraction_of_its_bytes(key: str):
    _game, options, seed, entries = played(key, steps=4)
    png = spectate.board_at(key, options, seed, entries, 4)
    small = shrink(png, 480)
    full, seen = Image.open(io.BytesIO(png)), Image.open(io.BytesIO(small))
    assert seen.width == 480 and abs(seen.height - full.height * 480 / full.width) <= 1
    assert len(small) * 2 < len(png)  # Bloc by Bloc's: a fifth
