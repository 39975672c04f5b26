"""Waiting on the stand-in's state without sleeping blindly.

Every change (a request from the bot, a gateway frame) calls ``Activity.changed``, which wakes
whoever waits on a predicate. Idleness, "no request in flight and nothing happened for a short
while", lets a test wait for the bot to finish reacting without knowing how many calls it makes.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


class StandInTimeout(AssertionError):
    """A wait ran out; an AssertionError so pytest shows it as a plain test failure."""


class Activity:
    """Change notifications plus in-flight request accounting."""

    def __init__(self) -> None:
        self._waiters: set[asyncio.Future[None]] = set()
        self.inflight = 0
        self.last_change = time.monotonic()

    def changed(self) -> None:
        self.last_change = time.monotonic()
        for fut in self._waiters:
            if not fut.done():
                fut.set_result(None)
        self._waiters.clear()

    def request_started(self) -> None:
        self.inflight += 1
        self.changed()

    def request_finished(self) -> None:
        self.inflight -= 1
        self.changed()

    def idle_for(self) -> float:
        """Seconds since the last change, or 0 while a request is being served."""
        return 0.0 if self.inflight else time.monotonic() - self.last_change

    async def _next_change(self, timeout: float) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.add(fut)
        try:
            await asyncio.wait_for(fut, timeout)
        except TimeoutError:
            pass
        finally:
            self._waiters.discard(fut)

    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        timeout: float,
        what: str,
        *,
        quiet: float = 0.0,
    ) -> T:
        """Return the first truthy ``predicate()`` result, checked after each change.

        With ``quiet`` > 0 the result only counts once the stand-in has been idle that long, so
        the bot's follow-up calls (edits, channel posts after a reply) have landed.
        """
        deadline = time.monotonic() + timeout
        while True:
            result = predicate()
            idle = self.idle_for()
            if result and idle >= quiet:
                return result
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise StandInTimeout(f"timed out after {timeout}s waiting for {what}")
            step = remaining if not result else min(remaining, max(quiet - idle, 0.005))
            await self._next_change(min(step, 0.25))
