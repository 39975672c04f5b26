"""The spectator page in a real browser: Debian's headless Chromium, driven by Selenium through
chromedriver, against the real bot on the stand-in playing a real game. The page loads with its
board at a phone's width (400 px) and a desktop's (1280 px), without sideways scrolling on the
phone, where it loads a board rendition of a fraction of the full board's bytes; it shows a move
the bot publishes without a reload, and steps back through the log, in English and in Spanish.

Selenium's calls block, so they run in a thread while the bot goes on serving on the test's
event loop. `.ci/run` installs Chromium and chromedriver where they are missing."""

from __future__ import annotations

import asyncio
import io
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from PIL import Image

from tests.bot.harness import Session
from tests.bot.test_e2e_record import play_defaults
from tests.bot.test_spectate import link

pytestmark = pytest.mark.slow
webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
QUIET = (
    "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
    "--disable-background-networking --disable-component-update --disable-sync --hide-scrollbars"
)
"""Chromium's flags here: no sandbox (tests run as root), and none of its calls home, which a
machine without a network would refuse over and over."""
WAIT = 30.0


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()):
        pytest.skip("Chromium and chromedriver are not installed (.ci/run installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in [*QUIET.split(), f"--user-data-dir={tmp_path / 'chromium'}"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


async def until(driver: Any, check: Callable[[Any], Any]) -> Any:
    return await asyncio.to_thread(WebDriverWait(driver, WAIT).until, check)


BOARD_SHOWN = (
    "const i = document.getElementById('board');"
    "return i.complete && i.naturalWidth > 0 ? [i.clientWidth, i.clientHeight] : null;"
)
LOADED = (
    "const all = [...performance.getEntriesByType('navigation'),"
    " ...performance.getEntriesByType('resource')];"
    "return all.map((e) => [e.name, e.transferSize]);"
)
"""What the page loaded so far: each address and the bytes it took (headers included)."""


async def test_the_page_reads_on_a_phone_and_a_desktop_follows_a_move_and_steps_back(
    tmp_path: Path, browser: Any
):
    settings = {"web_port": 0, "web_base_url": "http://spectate.test", "web_burst": 500}
    async with Session(tmp_path / "games.sqlite3", **settings) as session:
        users = [session.user(name) for name in ("ana", "ben")]
        await session.open_game("not_on_my_block", *users, seed=3)
        await play_defaults(session, 2)
        assert session.bot is not None and session.bot.site is not None
        url = f"http://127.0.0.1:{session.bot.site.bound_port}{await link(session, users[0])}"

        for width in (400, 1280):
            await asyncio.to_thread(browser.set_window_size, width, 900)
            await asyncio.to_thread(browser.get, url)
            shown = await until(browser, lambda d: d.execute_script(BOARD_SHOWN))
            inner = browser.execute_script("return document.documentElement.clientWidth")
            if width == 400:
                assert inner - 40 <= shown[0] <= inner  # the board spans the phone's column
            else:
                assert 500 <= shown[0] <= inner * 0.7  # the log beside it
            wide = browser.execute_script("return document.documentElement.scrollWidth")
            assert wide <= inner, f"{wide} px of page in a {inner} px window at {width}"
            if width == 400:  # a phone takes the 480 px rendition, not the full board
                loaded = dict(browser.execute_script(LOADED))
                board = browser.execute_script("return document.getElementById('board').currentSrc")
                assert "/board/2-480.webp" in board and loaded[board] > 0
                full = board.replace("-480.webp", ".png")
                async with aiohttp.ClientSession() as http, http.get(full) as answer:
                    full_bytes = len(await answer.read())
                assert loaded[board] * 2 < full_bytes, (loaded[board], full_bytes)
            shot = Image.open(io.BytesIO(await asyncio.to_thread(browser.get_screenshot_as_png)))
            assert shot.width == width
            assert shot.convert("L").getextrema()[0] < 80  # drawn: dark text and board lines
            shot.save(tmp_path / f"page-{width}.png")

        await asyncio.to_thread(browser.set_window_size, 400, 900)
        await asyncio.to_thread(browser.get, url)
        await until(browser, lambda d: d.execute_script(BOARD_SHOWN))
        assert browser.find_element(By.ID, "latest").text == "step 2"
        await play_defaults(session, 1)  # a move published while the page is open
        await until(browser, lambda d: d.find_element(By.ID, "latest").text == "step 3")
        await until(
            browser, lambda d: "/board/3.png" in d.find_element(By.ID, "board").get_attribute("src")
        )
        assert browser.find_element(By.CSS_SELECTOR, '#log li[data-step="3"]')

        await asyncio.to_thread(browser.find_element(By.ID, "back").click)
        await until(browser, lambda d: d.find_element(By.ID, "caption").text == "Step 2 of 3")
        await until(browser, lambda d: d.execute_script(BOARD_SHOWN))
        shown = browser.execute_script("return document.getElementById('board').currentSrc")
        # a rendition (Chromium may take the 800 px one it already holds from the desktop's)
        assert re.search(r"/board/2-(480|800)\.webp\?lang=en$", shown), shown
        first = browser.find_element(By.CSS_SELECTOR, '#log li[data-step="0"] a.step')
        await asyncio.to_thread(first.click)
        await until(browser, lambda d: d.find_element(By.ID, "caption").text == "Step 0 of 3")

        # The same page in Spanish, by its language link: the script's words are Spanish too.
        spanish = browser.find_element(By.CSS_SELECTOR, '.languages a[hreflang="es"]')
        await asyncio.to_thread(spanish.click)
        await until(browser, lambda d: d.execute_script("return document.documentElement.lang"))
        assert browser.execute_script("return document.documentElement.lang") == "es"
        await until(browser, lambda d: d.execute_script(BOARD_SHOWN))
        assert browser.find_element(By.ID, "caption").text == "Paso 0 de 3"
        await asyncio.to_thread(browser.find_element(By.ID, "live").click)
        await until(
            browser, lambda d: d.find_element(By.ID, "caption").text == "Paso 3 de 3 (en directo)"
        )
        assert (
            browser.find_element(By.ID, "board").get_attribute("alt") == "El tablero en el paso 3"
        )
        assert browser.execute_script("return location.search") == "?lang=es"
        assert browser.title.endswith("paso 3")
