"""Pointing discord.py at a stand-in, in this process or in a child started with the env below.

discord.py reads its REST base from ``Route.BASE`` and a plain ``Client``'s gateway from
``DiscordWebSocket.DEFAULT_GATEWAY``; both are process-wide class attributes, so a child process
has to set them itself before it logs in (``tests.standin.child`` does, from these variables).

It can also shorten discord.py's own back-off between retries of server errors (``1 + 2 * try``
seconds, 25 s in all before it gives up), so a test of "Discord keeps failing" runs in a fraction
of a second. discord.py has two retry loops with that back-off: ``discord.http`` (bot routes;
retries 500/502/504/524) and ``discord.webhook.async_`` (interaction callbacks, follow-ups and
``@original``; retries every 5xx). Only those sleeps are scaled: they are the only ``int`` delays
either module passes to ``asyncio.sleep``; rate-limit waits (``retry_after``, bucket resets) are
floats and keep their real length.
"""

from __future__ import annotations

import asyncio
import os
import types
from collections.abc import Callable, Mapping
from typing import Any

import discord.http
import discord.webhook.async_
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

API_ENV = "STANDIN_API_BASE"
GATEWAY_ENV = "STANDIN_GATEWAY_URL"
BACKOFF_ENV = "STANDIN_SERVER_ERROR_BACKOFF"


class _ScaledAsyncio(types.ModuleType):
    """``asyncio`` as discord.http sees it, with server-error back-off sleeps scaled."""

    def __init__(self, scale: float) -> None:
        super().__init__("asyncio")
        self._scale = scale

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        if isinstance(delay, int) and not isinstance(delay, bool):
            return await asyncio.sleep(delay * self._scale, result)
        return await asyncio.sleep(delay, result)


def patch(api_base: str, gateway_url: str, *, backoff: float = 1.0) -> Callable[[], None]:
    """Point discord.py at the stand-in; returns a function that undoes exactly this."""
    saved = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
    retrying = (discord.http, discord.webhook.async_)
    saved_asyncio = [module.asyncio for module in retrying]  # type: ignore[attr-defined]
    Route.BASE = api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    if backoff != 1.0:
        for module in retrying:
            module.asyncio = _ScaledAsyncio(backoff)  # type: ignore[attr-defined]

    def restore() -> None:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved
        for module, original in zip(retrying, saved_asyncio, strict=True):
            module.asyncio = original  # type: ignore[attr-defined]

    return restore


def env(api_base: str, gateway_url: str, *, backoff: float = 1.0) -> dict[str, str]:
    """The variables ``patch_from_env`` reads."""
    return {API_ENV: api_base, GATEWAY_ENV: gateway_url, BACKOFF_ENV: repr(float(backoff))}


def patch_from_env(environ: Mapping[str, str] | None = None) -> None:
    """In a child process: patch from ``STANDIN_*`` variables (KeyError if they are missing)."""
    environ = os.environ if environ is None else environ
    patch(
        environ[API_ENV],
        environ[GATEWAY_ENV],
        backoff=float(environ.get(BACKOFF_ENV, "1.0")),
    )
