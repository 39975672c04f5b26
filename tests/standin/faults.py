"""Injected REST faults: Discord answering with an error, rate limiting, or not answering in time.

A ``Fault`` matches requests by method and by a glob (or regex) over the path under ``/api/v10``,
so one rule can target a channel, every channel, a DM channel, or the interaction callback and
webhook routes (``/interactions/*/callback``, ``/webhooks/*/messages/@original``).

Error answers are shaped exactly as Discord's, because the bot's client library decides from
them what to do: discord.py retries 500/502/504/524 with 1 + 2n second sleeps, retries a 429 only
when it has a ``Via`` header and a JSON ``retry_after``, and raises everything else.
"""

from __future__ import annotations

import asyncio
import fnmatch
import http
import json
import math
import re
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field

from aiohttp import web

API_PREFIX = "/api/v10"
RATE_LIMITED = "You are being rate limited."


def default_message(status: int) -> str:
    """Discord's generic error text, e.g. ``"500: Internal Server Error"``."""
    if status == 429:
        return RATE_LIMITED
    try:
        return f"{status}: {http.HTTPStatus(status).phrase}"
    except ValueError:
        return f"{status}: Error"


@dataclass(eq=False)
class Fault:
    """One injected misbehaviour, and a record of the requests it caught.

    ``status`` set: matching requests are answered with that status and the Discord error body
    ``{"code", "message"}`` and do nothing. ``hang`` set: the answer is held that many seconds
    (ending early if the client hangs up), then the request is served normally, or with
    ``status`` if that is set too. ``takes_effect`` makes the request happen *before* the fault
    answers, modelling Discord having done the work although the client hears an error or
    nothing (the case exactly-once publication has to survive). Without it, a request whose
    client hung up during the hang is dropped unserved.

    ``times`` is how many requests to catch (``None``: until cleared). The earliest-added active
    fault that matches a request wins.
    """

    method: str
    path: str | re.Pattern[str]
    status: int | None = None
    code: int = 0
    message: str = ""
    times: int | None = 1
    retry_after: float | None = None
    hang: float | None = None
    takes_effect: bool = False
    hits: int = 0
    abandoned: int = 0
    requests: list[str] = field(default_factory=list)
    cleared: bool = False

    def __post_init__(self) -> None:
        self.method = self.method.upper()
        if isinstance(self.path, str) and self.path.startswith(API_PREFIX):
            self.path = self.path[len(API_PREFIX) :]
        if self.status is None and self.hang is None:
            raise ValueError("a fault needs a status, a hang, or both")
        if self.times is not None and self.times < 1:
            raise ValueError("times must be at least 1 (or None for until cleared)")
        if self.status == 429 and self.retry_after is None:
            self.retry_after = 0.05
        if not self.message and self.status is not None:
            self.message = default_message(self.status)

    @property
    def active(self) -> bool:
        """Still catching requests: not cleared and ``times`` not used up."""
        return not self.cleared and (self.times is None or self.hits < self.times)

    @property
    def remaining(self) -> int | None:
        return None if self.times is None else max(self.times - self.hits, 0)

    def clear(self) -> None:
        """Stop catching requests (requests already held finish as they started)."""
        self.cleared = True

    def matches(self, method: str, path: str) -> bool:
        """``path`` is relative to ``/api/v10``; globs use fnmatch (``*`` also spans ``/``)."""
        if self.method not in ("*", method.upper()):
            return False
        if isinstance(self.path, re.Pattern):
            return self.path.fullmatch(path) is not None
        return fnmatch.fnmatchcase(path, self.path)

    def response(self, route: str) -> web.Response:
        """The error Discord would send; a 429 carries what discord.py needs to retry it."""
        status = self.status or 500
        body: dict[str, object] = {"message": self.message, "code": self.code}
        headers = {"Content-Type": "application/json"}
        if self.retry_after is not None:
            headers["Retry-After"] = str(max(math.ceil(self.retry_after), 0))
        if status == 429:
            wait = float(self.retry_after or 0.0)
            body = {"message": self.message, "retry_after": wait, "global": False}
            if self.code:
                body["code"] = self.code
            headers.update(
                {
                    "X-RateLimit-Limit": "5",
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset": f"{time.time() + wait:.3f}",
                    "X-RateLimit-Reset-After": f"{wait:.3f}",
                    "X-RateLimit-Bucket": f"standin-{zlib.crc32(route.encode()):08x}",
                    "X-RateLimit-Scope": "user",
                    # discord.py treats a 429 without Via as a Cloudflare ban and raises.
                    "Via": "1.1 google",
                }
            )
        return web.Response(status=status, body=json.dumps(body).encode(), headers=headers)


def api_path(request: web.Request) -> str | None:
    """The path under ``/api/v10``, or None for non-API paths (gateway, attachments)."""
    path = request.path
    if path == API_PREFIX or path.startswith(API_PREFIX + "/"):
        return path[len(API_PREFIX) :] or "/"
    return None


def route_key(request: web.Request) -> str:
    """``METHOD /template`` of the matched route: the unit Discord gives rate-limit buckets."""
    info = request.match_info.route.resource
    template = info.canonical if info is not None else request.path
    return f"{request.method} {template}"


def client_gone(request: web.Request) -> bool:
    transport = request.transport
    return transport is None or transport.is_closing()


async def hold(request: web.Request, seconds: float, stopping: Callable[[], bool]) -> bool:
    """Wait ``seconds``, or until the client hangs up or the stand-in stops; True if the client
    hung up.

    aiohttp does not cancel a handler when its client disconnects, so the transport is polled;
    ``stopping`` ends the wait so shutting down never waits out a long hang.
    """
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0 and not stopping():
        if client_gone(request):
            return True
        await asyncio.sleep(min(left, 0.01))
    return client_gone(request)
