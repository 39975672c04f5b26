"""What every request to the spectator page passes first: a rate per address, the methods and
sizes a page needs, and the headers that keep a browser to what the page does.

The page is public to whoever holds a link, and links get shared: a crawler or a reload loop
must not cost the bot's event loop or its drawing workers more than a few requests a second.
Each address has a token bucket (`Buckets`), kept for a bounded number of addresses, least
recently seen forgotten first.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from aiohttp import web
from aiohttp.typedefs import Middleware

from bot.web.words import reader_language
from engine.messages import m, say

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

ADDRESSES_KEPT = 10_000
"""Addresses whose buckets are remembered; one forgotten starts again with a full bucket."""
MAX_BODY = 1024
"""Bytes a request body may hold: the page only reads, so none needs one."""
MAX_LINE = 2048
MAX_FIELD = 4096
"""The longest request line and header the server reads (aiohttp's handler limits)."""

POLICY = (
    "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""The page's content security policy: its own script, style and images, nothing inline,
nothing from elsewhere, never framed."""
HEADERS = {
    "Content-Security-Policy": POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    "X-Robots-Tag": "noindex, nofollow",
}
"""Sent with every answer, a 404 included. `Referrer-Policy` keeps the link's token from
reaching any site a spectator goes on to."""


class Buckets:
    """A token bucket per address: `burst` requests at once, refilled at `rate` a second."""

    def __init__(
        self,
        rate: float,
        burst: int,
        clock: Callable[[], float] = time.monotonic,
        kept: int = ADDRESSES_KEPT,
    ) -> None:
        self.rate, self.burst, self.clock, self.kept = rate, burst, clock, kept
        self._level: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, address: str) -> float:
        """Take one request's token; 0 when granted, else the seconds until one is free."""
        now = self.clock()
        level, then = self._level.pop(address, (float(self.burst), now))
        level = min(float(self.burst), level + (now - then) * self.rate)
        granted = level >= 1.0
        self._level[address] = (level - 1.0 if granted else level, now)
        while len(self._level) > self.kept:
            self._level.popitem(last=False)
        return 0.0 if granted else (1.0 - level) / self.rate


def guard(buckets: Buckets) -> Middleware:
    """The middleware: GET and HEAD only, no body, the address's rate, and the headers."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            response = await _checked(request, handler, buckets)
        except web.HTTPException as exc:
            exc.headers.update(HEADERS)
            raise
        response.headers.update(HEADERS)
        return response

    return middleware


async def _checked(request: web.Request, handler: Handler, buckets: Buckets) -> web.StreamResponse:
    if request.method not in ("GET", "HEAD"):
        raise web.HTTPMethodNotAllowed(request.method, ["GET", "HEAD"])
    if (request.content_length or 0) > 0 or request.body_exists:
        raise web.HTTPRequestEntityTooLarge(max_size=0, actual_size=request.content_length or 0)
    wait = buckets.take(request.remote or "?")
    if wait:
        language = reader_language(
            request.query.get("lang"), request.headers.get("Accept-Language"), None
        )
        raise web.HTTPTooManyRequests(
            headers={"Retry-After": str(max(1, round(wait)))},
            text=say(m("bot.web.too_many"), language),
        )
    return await handler(request)
