"""The spectator page through the real bot and the stand-in: `/game spectate` gives a link that
opens the game's page, a wrong, replaced or turned-off link gets 404, the page updates after a
move, every step shows only what the channel may see, a fast address is slowed down, and a
finished game ends with its timelapse."""

from __future__ import annotations

import html
import io
import json
import re
from pathlib import Path

import aiohttp
import pytest
from multidict import CIMultiDict
from PIL import Image, PngImagePlugin

from bot.table import record, spectate, timelapse
from bot.web.guard import POLICY
from bot.web.pictures import shrink
from engine.games import REGISTRY
from render import RENDERERS, board_png
from tests.bot.harness import Session, reply_text
from tests.bot.spectate_games import played
from tests.bot.test_e2e_record import bid, play_defaults, toy
from tests.engine.toy_game import GAME as TOY
from tests.standin import UserRecord

LINK = re.compile(r"http://spectate\.test(/s/[A-Za-z0-9_-]{32})")


def view_png(view) -> bytes:
    """A toy board that carries the view it was drawn from, so a test can read it back."""
    info = PngImagePlugin.PngInfo()
    info.add_text("view", view.model_dump_json())
    buffer = io.BytesIO()
    Image.new("RGB", (48, 32), "white").save(buffer, "PNG", pnginfo=info)
    return buffer.getvalue()


def drawn_view(png: bytes) -> dict:
    image = Image.open(io.BytesIO(png))
    return json.loads(image.text["view"])  # type: ignore[attr-defined]


@pytest.fixture
async def watched(tmp_path: Path, toy_installed, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(RENDERERS, TOY.id, view_png)
    settings = {"web_port": 0, "web_base_url": "http://spectate.test/", "web_burst": 1000}
    async with Session(tmp_path / "games.sqlite3", **settings) as s:
        yield s


class Browser:
    """Requests to the bot's spectator server, as a browser at one address sends them."""

    def __init__(self, session: Session, http: aiohttp.ClientSession) -> None:
        assert session.bot is not None and session.bot.site is not None
        self.root = f"http://127.0.0.1:{session.bot.site.bound_port}"
        self.http = http

    async def get(self, path: str, **headers: str) -> tuple[int, bytes, CIMultiDict[str]]:
        async with self.http.get(self.root + path, headers=headers) as answer:
            return answer.status, await answer.read(), CIMultiDict(answer.headers)


async def link(session: Session, user: UserRecord, **options: str) -> str:
    text = reply_text(await session.command(user, "game", "spectate", **options))
    found = LINK.search(text)
    assert found, text
    return found[1]


async def test_the_link_opens_the_page_and_a_wrong_replaced_or_turned_off_one_is_not_found(
    watched: Session,
):
    host, guest = await toy(watched)
    path = await link(watched, guest)  # anyone at the table may ask for the link
    assert await link(watched, host) == path  # one link per game, the same for everyone
    async with aiohttp.ClientSession() as http:
        browser = Browser(watched, http)
        status, body, headers = await browser.get(path)
        assert status == 200
        page = body.decode()
        assert "Sealed Bids" in page and f'src="{path}/board/0.png?lang=en"' in page
        assert headers["Content-Security-Policy"] == POLICY
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"
        status, _png, headers = await browser.get(f"{path}/board/0.png")
        assert status == 200 and headers["Content-Type"] == "image/png"

        wrong = path[:-4] + ("AAAA" if not path.endswith("AAAA") else "BBBB")
        for missing in (wrong, "/s/short", f"{path}/board/9.png", "/", "/s/../etc/passwd"):
            status, body, headers = await browser.get(missing)
            assert status == 404, missing
            assert headers["Content-Security-Policy"] == POLICY

        refused = reply_text(await watched.command(guest, "game", "spectate", link="new"))
        assert "Only the game's host" in refused
        assert (await browser.get(path))[0] == 200

        fresh = await link(watched, host, link="new")
        assert fresh != path
        assert (await browser.get(path))[0] == 404
        assert (await browser.get(f"{path}/board/0.png"))[0] == 404
        assert (await browser.get(fresh))[0] == 200

        off = reply_text(await watched.command(host, "game", "spectate", link="off"))
        assert "off" in off
        assert (await browser.get(fresh))[0] == 404
        asked = reply_text(await watched.command(guest, "game", "spectate"))
        assert "turned this game's spectator page off" in asked
        assert (await browser.get(fresh))[0] == 404


async def test_the_page_updates_after_a_move_and_shows_every_step_as_the_channel_saw_it(
    watched: Session,
):
    host, guest = await toy(watched)
    path = await link(watched, host)
    async with aiohttp.ClientSession() as http:
        browser = Browser(watched, http)
        status, body, headers = await browser.get(f"{path}/state.json")
        assert status == 200
        first = json.loads(body)
        tag = headers["ETag"]
        assert first["step"] == 0 and first["status"] == "running"
        assert (await browser.get(f"{path}/state.json", **{"If-None-Match": tag}))[0] == 304

        await bid(watched, host)
        await bid(watched, guest)
        status, body, _ = await browser.get(
            f"{path}/state.json?after={first['log'][-1]['id']}", **{"If-None-Match": tag}
        )
        assert status == 200  # the poll sees the moves
        moved = json.loads(body)
        assert moved["step"] == 2
        assert {row["seq"] for row in moved["log"]} >= {1, 2}
        assert all(row["id"] > first["log"][-1]["id"] for row in moved["log"])

        await play_defaults(watched)  # to the end, as absent players' turns are played

        assert watched.bot is not None
        row = await watched.bot.store.get(watched.game_id)
        assert row is not None and row.status == "finished" and row.seed is not None
        entries = await watched.bot.store.action_log(row.id)
        start = record.initial(TOY, row.options, row.seed)
        secrets = {str(user.id) for user in (host, guest)}
        secrets |= {m.content for u in (host, guest) for m in watched.standin.dms(u)}
        for step in range(len(entries) + 1):
            status, body, _ = await browser.get(f"{path}?step={step}")
            page = body.decode()
            assert status == 200 and f'data-shown="{step}"' in page
            assert not any(secret in page for secret in secrets)
            assert "Your hand" not in page
            status, png, _ = await browser.get(f"{path}/board/{step}.png")
            assert status == 200
            state = record.state_at(TOY, start, entries, step)
            assert drawn_view(png) == json.loads(TOY.view(state, None).model_dump_json())
            assert "hand" not in drawn_view(png) and "my_bid" not in drawn_view(png)
            status, small, _ = await browser.get(f"{path}/board/{step}-480.webp")
            assert status == 200 and small == shrink(png, 480)  # the same picture, smaller
        _, body, _ = await browser.get(f"{path}/state.json")
        assert not any(secret in body.decode() for secret in secrets)

        status, lapse, headers = await browser.get(f"{path}/timelapse.webp")
        assert status == 200 and headers["Content-Type"] == "image/webp"
        assert Image.open(io.BytesIO(lapse)).format == "WEBP"  # toy boards: one blank frame

    # The channel was shown the game's end with its last board, then given the timelapse in a
    # message of its own, which the end did not wait for.
    end, lapsed = watched.posts()[-2:]
    assert "Game over" in end.content and "step by step" not in end.content
    assert [a.filename for a in end.attachments] == ["board.png"]
    assert "step by step, is attached" in lapsed.content
    assert [a.filename for a in lapsed.attachments] == [timelapse.NAME]
    answer = (await watched.command(guest, "game", "timelapse")).reply
    assert answer is not None and answer.ephemeral and answer.attachments

    # A new game in the channel: the timelapse is still the last finished game's.
    await watched.open_game("sealed_bids", host, guest, seed=6)
    again = (await watched.command(guest, "game", "timelapse")).reply
    assert again is not None and again.attachments
    assert again.attachments[0].data == answer.attachments[0].data


async def test_an_address_that_asks_too_fast_is_slowed_down(tmp_path: Path, toy_installed):
    settings = {
        "web_port": 0,
        "web_base_url": "http://spectate.test",
        "web_burst": 3,
        "web_requests_per_minute": 1,
    }
    async with Session(tmp_path / "games.sqlite3", **settings) as session:
        host, _guest = await toy(session)
        path = await link(session, host)
        async with aiohttp.ClientSession() as http:
            browser = Browser(session, http)
            answers = [await browser.get(path) for _ in range(4)]
        assert [a[0] for a in answers] == [200, 200, 200, 429]
        assert int(answers[-1][2]["Retry-After"]) >= 1


async def test_without_a_web_port_no_page_is_served_and_the_command_says_so(session: Session):
    host, _guest = await toy(session)
    assert session.bot is not None and session.bot.site is None
    text = reply_text(await session.command(host, "game", "spectate"))
    assert "serves no spectator pages" in text


@pytest.mark.parametrize("key", sorted(k for k in REGISTRY if k != TOY.id))
def test_a_timelapse_of_a_real_game_fits_in_a_discord_attachment(key: str):
    """Each game's first moves, seeded, as the timelapse draws them: several frames, under
    Discord's limit, every frame drawn from the channel's view."""
    _game, options, seed, entries = played(key, steps=12)
    data = timelapse.Lapse(key, options, seed, entries).whole()
    image = Image.open(io.BytesIO(data))
    assert image.format == "WEBP" and image.n_frames >= 2  # type: ignore[attr-defined]
    assert len(data) <= timelapse.DISCORD_BYTES
    # Every board is wider than a phone: the widest frame is drawn at the timelapse's width.
    assert image.width == timelapse.WIDTH


@pytest.mark.parametrize("key", sorted(k for k in REGISTRY if k != TOY.id))
def test_a_past_board_is_drawn_from_the_channels_view_of_that_step(key: str):
    """The page's board at a step is the spectator view of the game replayed to it: the same
    picture the channel's board is drawn from, never a seat's."""
    game, options, seed, entries = played(key, steps=8)
    start = record.initial(game, options, seed)
    log = [record.Entry(seq=s, seat=t, action=a, absent=b) for s, t, a, b in entries]
    for step in (0, len(entries)):
        state = record.state_at(game, start, log, step)
        png = spectate.board_at(key, options, seed, entries, step)
        assert png == board_png(key, game.view(state, None))


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(k for k in REGISTRY if k != TOY.id))
async def test_every_step_of_a_real_game_shows_what_the_channel_saw_and_no_hand(
    tmp_path: Path, key: str
):
    """A real game played through the bot to its end: at every step the page's log is the
    channel's narration (names for mentions), no line of any player's DMs (their hands) that
    the channel was not also told, and no Discord id."""
    settings = {"web_port": 0, "web_base_url": "http://spectate.test", "web_burst": 1000}
    async with Session(tmp_path / "games.sqlite3", **settings) as session:
        users = [session.user(n) for n in ("ana", "ben", "cy")[: REGISTRY[key].player_counts[0]]]
        await session.open_game(key, *users, seed=4)
        await play_defaults(session)  # to its end: a table that stopped answering
        assert session.bot is not None
        steps = await session.bot.store.steps(session.game_id)
        path = await link(session, users[0])
        channel = "\n".join(m.content for m in session.posts())
        for user in users:
            channel = channel.replace(f"<@{user.id}>", user.name)
        private = {
            line.strip()
            for user in users
            for m in session.standin.dms(user)
            for line in m.content.splitlines()
            if len(line.strip()) > 20 and line.strip() not in channel
        }
        ids = {str(u.id) for u in users} | {str(session.channel.id)}
        async with aiohttp.ClientSession() as http:
            browser = Browser(session, http)
            _, body, _ = await browser.get(f"{path}/state.json")
            for row in json.loads(body)["log"]:
                for line in row["html"].split("<br>"):
                    line = html.unescape(re.sub(r"<[^>]+>", "", line))
                    assert re.sub(r"\*\*|`", "", line) in re.sub(r"\*\*|`", "", channel)
            for step in range(steps + 1):
                status, body, _ = await browser.get(f"{path}?step={step}")
                page = body.decode()
                assert status == 200
                assert not any(secret in page for secret in private), step
                assert not any(i in page for i in ids), step


def test_a_shorter_board_in_a_timelapse_is_padded_in_its_page_colour_not_its_header():
    """Frames share one size; a board shorter than the tallest runs on below in the colour
    of its own bottom edge (the page), not a band of its header's colour."""
    header, page = (0, 100, 60), (240, 238, 230)
    short = Image.new("RGB", (40, 30), page)
    short.paste(header, (0, 0, 40, 5))
    tall = Image.new("RGB", (40, 50), page)
    framed = timelapse._on_canvas(short, tall.size)
    assert framed.size == (40, 50) and timelapse._on_canvas(tall, tall.size) is tall
    assert framed.getpixel((0, 0)) == header
    assert framed.getpixel((20, 45)) == page


def test_a_timelapse_drawn_a_slice_at_a_time_is_the_one_drawn_at_once():
    """Its worker draws other games' boards between two slices, so a slice is short: a move
    replayed, a frame drawn, scaled or encoded; sliced as finely as that, the file is the same."""
    key = "not_on_my_block"
    _game, options, seed, entries = played(key, steps=40)
    whole = timelapse.Lapse(key, options, seed, entries).whole()
    lapse = timelapse.Lapse(key, options, seed, entries)
    slices = 1
    while (data := lapse.advance(0.0)) is None:
        slices += 1
    assert data == whole
    frames = Image.open(io.BytesIO(whole)).n_frames  # type: ignore[attr-defined]
    assert frames > 2 and slices >= len(entries) + 3 * frames
