"""The spectator page's pictures: drawn once, kept in a bounded cache, and shrunk for phones.

A board is drawn in a drawing worker and costs tens of milliseconds to a second; a past step's
board never changes, so each is drawn once and kept (`Pictures`, bounded by bytes). A phone
shows the board at 400 px or so: the full PNG (up to 1,900 px wide, 170 KB) is mostly wasted
on it, so the page offers renditions a few hundred pixels wide (`shrink`, run in a worker from
the cached full board) that a browser picks by its width (`srcset`).
"""

from __future__ import annotations

import asyncio
import io
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from PIL import Image

CACHE_BYTES = 64 * 1024 * 1024
"""Memory for drawn boards, their renditions and timelapses, least recently used forgotten
first."""
QUALITY = 80
"""The renditions' WebP quality: a board's lines and small print stay sharp at a phone's size,
at about a fifth of the full PNG's bytes."""


def shrink(png: bytes, width: int) -> bytes:
    """Run in a drawing worker: the board `png` scaled down to `width` pixels wide (never up),
    as WebP."""
    with Image.open(io.BytesIO(png)) as image:
        board = image.convert("RGB")
    if board.width > width:
        height = max(1, round(board.height * width / board.width))
        board = board.resize((width, height), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    board.save(out, "WEBP", quality=QUALITY, method=4)
    return out.getvalue()


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
