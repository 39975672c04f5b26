"""The spectator page's web server, run inside the bot's process on its event loop.

Served only when the admin sets `WEB_PORT` (and `WEB_BASE_URL`, the address people reach it
at). Each game's page lives at `/s/<token>`, where the token is the unguessable part of the
link `/game spectate` gives; a token that is wrong, replaced or turned off gets the same 404 as
any address that never existed. A page shows only what the game's channel may see
(`bot.table.spectate`): the board is the spectator view, drawn in the bot's drawing workers and
kept in a bounded cache (a past step's board never changes, so it is drawn once), and the page
polls `state.json` for moves. Nothing here blocks the loop: the store is asynchronous, boards
and timelapses are drawn off it, and a request costs a few indexed reads.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from importlib import resources
from typing import Any, Protocol, TypeVar

from aiohttp import web

from bot.store.models import GameRow
from bot.store.protocol import GameStore
from bot.table import spectate, speech
from bot.table.model import Table
from bot.web import page, words
from bot.web.guard import MAX_BODY, MAX_FIELD, MAX_LINE, Buckets, guard
from bot.web.pictures import Pictures, shrink
from engine import history

log = logging.getLogger(__name__)
T = TypeVar("T")

STATIC = {
    "spectate.css": "text/css",
    "spectate.js": "text/javascript",
}


class Worker(Protocol):
    """Runs a drawing function in the game's drawing worker (`Drawing.work`)."""

    def __call__(
        self, game_id: int, kind: str, draw: Callable[..., T], *args: Any
    ) -> Awaitable[T]: ...


class Lapser(Protocol):
    """Draws a finished game's timelapse file in its drawing worker (`Drawing.lapse`)."""

    def __call__(self, row: GameRow, entries: Sequence[history.Entry]) -> Awaitable[bytes]: ...


class Loader(Protocol):
    """The bot's tables: a stored row with its state parsed (`Tables.loaded`)."""

    async def loaded(self, row: GameRow) -> Table: ...


class SpectatorSite:
    def __init__(
        self,
        store: GameStore,
        tables: Loader,
        work: Worker,
        lapse: Lapser,
        *,
        host: str,
        port: int,
        rate: float,
        burst: int,
    ) -> None:
        self.store, self.tables, self.work, self.lapse = store, tables, work, lapse
        self.host, self.port = host, port
        self.pictures = Pictures()
        self.app = web.Application(
            middlewares=[guard(Buckets(rate, burst))],
            client_max_size=MAX_BODY,
            handler_args={"max_line_size": MAX_LINE, "max_field_size": MAX_FIELD},
        )
        self.app.router.add_get("/s/{token}", self.page)
        self.app.router.add_get("/s/{token}/state.json", self.state)
        self.app.router.add_get(r"/s/{token}/board/{step:\d{1,6}}.png", self.board)
        self.app.router.add_get(
            r"/s/{token}/board/{step:\d{1,6}}-{width:\d{1,4}}.webp", self.smaller
        )
        self.app.router.add_get("/s/{token}/timelapse.webp", self.timelapse)
        self.app.router.add_get("/static/{name}", self.static)
        self.app.router.add_route("*", "/{tail:.*}", self.missing)
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        # No access log: it would write every spectator's token.
        self._runner = web.AppRunner(self.app, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, self.host, self.port).start()
        log.info("spectator pages served on %s:%s", self.host, self.port)

    @property
    def bound_port(self) -> int:
        """The port listened on (the one asked for, or the system's pick for port 0)."""
        assert self._runner is not None
        for address in self._runner.addresses:
            return int(address[1])
        return self.port

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ----- handlers ----------------------------------------------------------------------------
    def _missing(self, request: web.Request) -> web.HTTPNotFound:
        """The 404, in the reader's language (no table to fall back on: English)."""
        language = words.reader_language(
            request.query.get("lang"), request.headers.get("Accept-Language"), None
        )
        return web.HTTPNotFound(text=page.not_found(language), content_type="text/html")

    async def _game(self, request: web.Request) -> tuple[GameRow, Table]:
        token = request.match_info["token"]
        if not spectate.TOKEN.fullmatch(token):
            raise self._missing(request)
        row = await self.store.spectated(token)
        if row is None or row.seed is None:
            raise self._missing(request)
        return row, await self.tables.loaded(row)

    async def _seen(self, table: Table, language: str, after: int = 0) -> spectate.Seen:
        row = table.row
        steps = await self.store.steps(row.id)
        told = await self.store.narration(row.id, after_id=after)
        return spectate.seen(table, steps, told, language)

    def _language(self, request: web.Request, row: GameRow) -> str:
        """The reader's language: the address's, the browser's, else the table's."""
        return words.reader_language(
            request.query.get("lang"),
            request.headers.get("Accept-Language"),
            speech.table_language(row),
        )

    async def page(self, request: web.Request) -> web.Response:
        row, table = await self._game(request)
        language = self._language(request, row)
        seen = await self._seen(table, language)
        shown = _step(request.query.get("step"), seen.step)
        chosen = words.spoken(request.query.get("lang")) is not None
        where = page.Address(f"/s/{request.match_info['token']}", language, chosen)
        body = page.document(seen, shown, where, timelapse=row.status == "finished")
        return web.Response(
            text=body,
            content_type="text/html",
            headers={"Cache-Control": "no-store", "Vary": "Accept-Language"},
        )

    async def state(self, request: web.Request) -> web.Response:
        """The game as it stands, with the narration after the id `after`; 304 while the
        game's version is the one the page already has (in the same language)."""
        row, table = await self._game(request)
        language = self._language(request, row)
        tag = f'"{row.version}-{language}"'
        headers = {"ETag": tag, "Cache-Control": "no-store", "Vary": "Accept-Language"}
        if request.headers.get("If-None-Match") == tag:
            return web.Response(status=304, headers=headers)
        after = _number(request.query.get("after"), 0)
        seen = await self._seen(table, language, after)
        data = {
            "status": seen.status,
            "status_word": words.status_word(seen.status, language),
            "step": seen.step,
            "version": seen.version,
            "waiting_html": page.waiting_html(seen),
            "result_html": page.result_html(seen),
            "log": [{"id": x.id, "seq": x.seq, "html": page.text(x.text)} for x in seen.log],
        }
        return web.Response(text=json.dumps(data), content_type="application/json", headers=headers)

    async def _board(self, request: web.Request) -> tuple[GameRow, int, str, bytes]:
        """The full board of the step asked for, in the reader's language: drawn once."""
        row, _table = await self._game(request)
        step = int(request.match_info["step"])
        steps = await self.store.steps(row.id)
        if step > steps:
            raise self._missing(request)
        language = self._language(request, row)
        png = await self.pictures.get(
            ("board", row.id, step, language), lambda: self._draw(row, step, language)
        )
        return row, step, language, png

    async def board(self, request: web.Request) -> web.Response:
        *_, png = await self._board(request)
        return _picture(png, "image/png")

    async def smaller(self, request: web.Request) -> web.Response:
        """A rendition of the board for a narrower screen, drawn from the full board once."""
        width = int(request.match_info["width"])
        if width not in page.WIDTHS:
            raise self._missing(request)
        row, step, language, png = await self._board(request)
        data = await self.pictures.get(
            ("smaller", row.id, step, language, width),
            lambda: self.work(row.id, row.game, shrink, png, width),
        )
        return _picture(data, "image/webp")

    async def _draw(self, row: GameRow, step: int, language: str) -> bytes:
        assert row.seed is not None
        log_rows = [] if step == 0 else await self.store.action_log(row.id)
        return await self.work(
            row.id,
            row.game,
            spectate.board_at,
            row.game,
            row.options,
            row.seed,
            spectate.entries_of([e for e in log_rows if e.seq <= step]),
            step,
            language,
        )

    async def timelapse(self, request: web.Request) -> web.Response:
        """A finished game's timelapse; a running game has none yet."""
        row, _table = await self._game(request)
        if row.status != "finished" or row.seed is None:
            raise self._missing(request)

        async def draw() -> bytes:
            return await self.lapse(row, await self.store.action_log(row.id))

        return _picture(await self.pictures.get(("timelapse", row.id), draw), "image/webp")

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        kind = STATIC.get(name)
        if kind is None:
            raise self._missing(request)
        data = resources.files("bot.web").joinpath("static", name).read_bytes()
        return web.Response(
            body=data, content_type=kind, headers={"Cache-Control": "public, max-age=3600"}
        )

    async def missing(self, request: web.Request) -> web.Response:
        raise self._missing(request)


def _picture(data: bytes, kind: str) -> web.Response:
    """A drawn picture: its address names its step and language, so it never changes."""
    return web.Response(
        body=data, content_type=kind, headers={"Cache-Control": "private, max-age=86400, immutable"}
    )


def _step(value: str | None, latest: int) -> int:
    """A step asked for in a query, within 0..`latest`; the latest when absent or unreadable."""
    return min(_number(value, latest), latest)


def _number(value: str | None, otherwise: int) -> int:
    """A whole number from a query (at most 18 digits), or `otherwise`."""
    if value is None or not value.isdigit() or len(value) > 18:
        return otherwise
    return int(value)
