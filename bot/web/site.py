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

import asyncio
import json
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any, Protocol, TypeVar

from aiohttp import web

from bot.store.models import GameRow
from bot.store.protocol import GameStore
from bot.table import spectate, timelapse
from bot.table.model import Table
from bot.web import page
from bot.web.guard import MAX_BODY, MAX_FIELD, MAX_LINE, Buckets, guard

log = logging.getLogger(__name__)
T = TypeVar("T")

CACHE_BYTES = 64 * 1024 * 1024
"""Memory for drawn boards and timelapses, least recently used forgotten first."""
STATIC = {
    "spectate.css": "text/css",
    "spectate.js": "text/javascript",
}


class Worker(Protocol):
    """Runs a drawing function in the game's drawing worker (`Drawing.work`)."""

    def __call__(self, game_id: int, draw: Callable[..., T], *args: Any) -> Awaitable[T]: ...


class Loader(Protocol):
    """The bot's tables: a stored row with its state parsed (`Tables.loaded`)."""

    async def loaded(self, row: GameRow) -> Table: ...


class Pictures:
    """Drawn pictures by key, bounded by their bytes; a picture asked for while it is being
    drawn is awaited, not drawn twice."""

    def __init__(self, budget: int = CACHE_BYTES) -> None:
        self.budget = budget
        self._kept: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()
        self._size = 0
        self._drawing: dict[tuple[Any, ...], asyncio.Future[bytes]] = {}

    async def get(self, key: tuple[Any, ...], draw: Callable[[], Awaitable[bytes]]) -> bytes:
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        running = self._drawing.get(key)
        if running is not None:
            return await asyncio.shield(running)
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        try:
            data = await draw()
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: a waiter may not exist
            raise
        finally:
            self._drawing.pop(key, None)
        future.set_result(data)
        self._kept[key] = data
        self._size += len(data)
        while self._size > self.budget and len(self._kept) > 1:
            _, gone = self._kept.popitem(last=False)
            self._size -= len(gone)
        return data


class SpectatorSite:
    def __init__(
        self,
        store: GameStore,
        tables: Loader,
        work: Worker,
        *,
        host: str,
        port: int,
        rate: float,
        burst: int,
        frames: int = timelapse.MAX_FRAMES,
    ) -> None:
        self.store, self.tables, self.work = store, tables, work
        self.frames = frames
        """The most frames of a timelapse (`TIMELAPSE_FRAMES`)."""
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
    async def _game(self, request: web.Request) -> tuple[GameRow, Table]:
        token = request.match_info["token"]
        if not spectate.TOKEN.fullmatch(token):
            raise web.HTTPNotFound(text=page.NOT_FOUND, content_type="text/html")
        row = await self.store.spectated(token)
        if row is None or row.seed is None:
            raise web.HTTPNotFound(text=page.NOT_FOUND, content_type="text/html")
        return row, await self.tables.loaded(row)

    async def _seen(self, table: Table, after: int = 0) -> spectate.Seen:
        row = table.row
        steps = await self.store.steps(row.id)
        told = await self.store.narration(row.id, after_id=after)
        return spectate.seen(table, steps, told)

    async def page(self, request: web.Request) -> web.Response:
        row, table = await self._game(request)
        seen = await self._seen(table)
        shown = _step(request.query.get("step"), seen.step)
        base = f"/s/{request.match_info['token']}"
        body = page.document(
            seen,
            shown,
            base,
            f"{base}/board/{shown}.png",
            timelapse=row.status == "finished",
        )
        return web.Response(
            text=body, content_type="text/html", headers={"Cache-Control": "no-store"}
        )

    async def state(self, request: web.Request) -> web.Response:
        """The game as it stands, with the narration after the id `after`; 304 while the
        game's version is the one the page already has."""
        row, table = await self._game(request)
        tag = f'"{row.version}"'
        if request.headers.get("If-None-Match") == tag:
            return web.Response(status=304, headers={"ETag": tag, "Cache-Control": "no-store"})
        after = _number(request.query.get("after"), 0)
        seen = await self._seen(table, after)
        data = {
            "status": seen.status,
            "status_word": page.STATUS_WORDS.get(seen.status, seen.status),
            "step": seen.step,
            "version": seen.version,
            "waiting_html": "".join(f"<li>{page.text(w)}</li>" for w in seen.waiting),
            "result_html": f'<p class="result">{page.text(seen.result)}</p>' if seen.result else "",
            "log": [{"id": x.id, "seq": x.seq, "html": page.text(x.text)} for x in seen.log],
        }
        return web.Response(
            text=json.dumps(data),
            content_type="application/json",
            headers={"ETag": tag, "Cache-Control": "no-store"},
        )

    async def board(self, request: web.Request) -> web.Response:
        row, _table = await self._game(request)
        step = int(request.match_info["step"])
        steps = await self.store.steps(row.id)
        if step > steps:
            raise web.HTTPNotFound(text=page.NOT_FOUND, content_type="text/html")
        png = await self.pictures.get(("board", row.id, step), lambda: self._draw(row, step, steps))
        return web.Response(
            body=png,
            content_type="image/png",
            headers={"Cache-Control": "private, max-age=86400, immutable"},
        )

    async def _draw(self, row: GameRow, step: int, steps: int) -> bytes:
        assert row.seed is not None
        log_rows = [] if step == 0 else await self.store.action_log(row.id)
        return await self.work(
            row.id,
            spectate.board_at,
            row.game,
            row.options,
            row.seed,
            spectate.entries_of([e for e in log_rows if e.seq <= step]),
            step,
        )

    async def timelapse(self, request: web.Request) -> web.Response:
        """A finished game's timelapse; a running game has none yet."""
        row, _table = await self._game(request)
        if row.status != "finished" or row.seed is None:
            raise web.HTTPNotFound(text=page.NOT_FOUND, content_type="text/html")
        seed = row.seed

        async def draw() -> bytes:
            entries = spectate.entries_of(await self.store.action_log(row.id))
            return await self.work(
                row.id, timelapse.draw, row.game, row.options, seed, entries, self.frames
            )

        data = await self.pictures.get(("timelapse", row.id), draw)
        return web.Response(
            body=data,
            content_type="image/webp",
            headers={"Cache-Control": "private, max-age=86400, immutable"},
        )

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        kind = STATIC.get(name)
        if kind is None:
            raise web.HTTPNotFound(text=page.NOT_FOUND, content_type="text/html")
        data = resources.files("bot.web").joinpath("static", name).read_bytes()
        return web.Response(
            body=data, content_type=kind, headers={"Cache-Control": "public, max-age=3600"}
        )

    async def missing(self, request: web.Request) -> web.Response:
        raise web.HTTPNotFound(text=page.NOT_FOUND, content_type="text/html")


def _step(value: str | None, latest: int) -> int:
    """A step asked for in a query, within 0..`latest`; the latest when absent or unreadable."""
    return min(_number(value, latest), latest)


def _number(value: str | None, otherwise: int) -> int:
    """A whole number from a query (at most 18 digits), or `otherwise`."""
    if value is None or not value.isdigit() or len(value) > 18:
        return otherwise
    return int(value)
