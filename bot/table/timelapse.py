"""A finished game as one animated picture: its board at each step that changed what the channel
sees, the final board held, small enough for a Discord attachment.

Runs in a drawing worker, a slice at a time (`Lapse`): a long game's timelapse is seconds of
work, and the other games that worker draws must not wait for all of it. The log is replayed
from the start through the record's own replay (`record.replay`, every step checked), each
step's spectator view compared with the last frame's, and only the steps that changed it are
drawn. A long game keeps an even sample of its changes (and always its last board), so the
drawing cost and the file size stay bounded whatever the game's length. The frames are scaled
down until the file fits in `max_bytes`, animated WebP (`render.animation`).
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Generator, Iterator
from typing import Any, NamedTuple

from PIL import Image
from pydantic import BaseModel

from bot.table import record
from bot.table.spectate import Entries
from engine.games import REGISTRY
from render import board_image
from render.animation import AnimatedWebP

MAX_FRAMES = 60
"""Frames at most, by default (`TIMELAPSE_FRAMES`): a long game's changes are sampled evenly
down to this many."""
WIDTH = 640
"""The widest frame drawn (Discord shows an attachment narrower still); narrower while the
file is over its budget."""
SMALLEST = 320
"""Below this width a board says nothing; the file is what it is then."""
REDUCING_GAP = 1.0
"""A board at least twice the frame's width is first reduced by whole pixels (Pillow's
`reducing_gap`), then filtered: Not On My Block's 1352 px board goes to 640 px in 16 ms
instead of 36, Bloc by Bloc's 1900 px one in 16 instead of 38, with no difference to the eye
at the frame's size."""
PACK_LEVEL = 1
"""Deflate's fastest level: a frame of flat colours packs to a tenth at it."""
QUALITY = 60
METHOD = 2
"""libwebp's effort: the fast method, which costs half as long as its default for a few
percent more bytes."""
FRAME_MS = 500
HOLD_MS = 4000
"""How long the final board stays before the animation starts again."""
NAME = "timelapse.webp"
"""The attachment's file name: Discord plays an animated WebP inline."""
DISCORD_BYTES = 10 * 1024 * 1024
"""Discord's attachment limit for a server without boosts."""


class Lapse:
    """A timelapse being drawn, worked on a slice at a time (`advance`): the game's animated
    WebP of at most `most` frames, under `max_bytes` unless even its smallest frames are not."""

    def __init__(
        self,
        game_key: str,
        options: dict[str, Any],
        seed: int,
        entries: Entries,
        most: int = MAX_FRAMES,
        max_bytes: int = DISCORD_BYTES,
    ) -> None:
        self._work = _drawing(game_key, options, seed, entries, most, max_bytes)

    def advance(self, seconds: float) -> bytes | None:
        """Work on for about `seconds` of this thread's processor time (at least one step: a
        frame drawn, scaled or encoded, or a move replayed); the file once it is done."""
        until = time.thread_time() + seconds
        try:
            while True:
                next(self._work)
                if time.thread_time() >= until:
                    return None
        except StopIteration as done:
            data: bytes = done.value
            return data

    def whole(self) -> bytes:
        """The file, drawn at once."""
        data = self.advance(float("inf"))
        assert data is not None
        return data


def _changed_views(
    game_key: str, options: dict[str, Any], seed: int, entries: Entries, most: int
) -> Generator[None, None, list[BaseModel]]:
    """The spectator view at step 0 and at every step that changed it, oldest first, an even
    sample of at most `most` of them, yielding after each step replayed. Each view is kept as
    its JSON until the sample is taken: a long game changes its view a thousand times, and a
    thousand views of hundreds of models each held a worker's memory for nothing."""
    game = REGISTRY[game_key]
    log = [record.Entry(seq=s, seat=t, action=a, absent=b) for s, t, a, b in entries]
    frames: list[str] = []
    kind: type[BaseModel] = BaseModel
    for step in record.replay(game, record.initial(game, options, seed), log):
        view = game.view(step.state, None)
        kind, dumped = type(view), view.model_dump_json()
        if not frames or dumped != frames[-1]:
            frames.append(dumped)
        yield
    return [kind.model_validate_json(frame) for frame in sample(frames, most)]


def _drawing(
    game_key: str,
    options: dict[str, Any],
    seed: int,
    entries: Entries,
    most: int,
    max_bytes: int,
) -> Generator[None, None, bytes]:
    """The whole timelapse, yielding after each step of work; its file is the return value.
    Each board is shrunk as soon as it is drawn (sixty full boards held at once took a worker
    past a gigabyte) and kept packed until it is encoded."""
    views = yield from _changed_views(game_key, options, seed, entries, most)
    kept = []
    for view in views:
        board = board_image(game_key, view)
        yield
        kept.append(_Kept.of(_scaled(board, min(1.0, WIDTH / board.width)), board.width))
        yield
    # One scale for all, the one that makes the widest board as drawn `WIDTH` wide (a board
    # drawn narrower was shrunk less and is shrunk again), on one canvas: the largest's size.
    scale = min(1.0, WIDTH / max(k.drawn for k in kept))
    shrinks = [scale / min(1.0, WIDTH / k.drawn) for k in kept]
    sizes = [_size(k.size, f) for k, f in zip(kept, shrinks, strict=True)]
    canvas = (max(w for w, _ in sizes), max(h for _, h in sizes))
    width = canvas[0]
    while True:
        yield
        boards = (
            _on_canvas(_scaled(k.image(), f), canvas) for k, f in zip(kept, shrinks, strict=True)
        )
        data = yield from _encoded(boards, len(kept), _size(canvas, width / canvas[0]))
        if len(data) <= max_bytes or width <= SMALLEST:
            return data
        width = max(SMALLEST, int(width * 0.75))


class _Kept(NamedTuple):
    """A board shrunk to the frame's width, deflated until it is encoded: sixty frames held as
    images took 40 MB of their worker (640 px by a thousand, a byte a pixel), packed about a
    tenth of it, for a few milliseconds a frame."""

    mode: str
    size: tuple[int, int]
    palette: list[int] | None
    packed: bytes
    drawn: int
    """The width the board was drawn at."""

    @classmethod
    def of(cls, board: Image.Image, drawn: int) -> _Kept:
        packed = zlib.compress(board.tobytes(), PACK_LEVEL)
        return cls(board.mode, board.size, board.getpalette(), packed, drawn)

    def image(self) -> Image.Image:
        board = Image.frombytes(self.mode, self.size, zlib.decompress(self.packed))
        if self.palette is not None:
            board.putpalette(self.palette)
        return board


def _encoded(
    boards: Iterator[Image.Image], count: int, size: tuple[int, int]
) -> Generator[None, None, bytes]:
    """The `count` boards scaled to `size` as an animated WebP, lossy: boards are flat colours
    and text, which its lossy mode keeps legible at a third of GIF's size (measured on every
    game: GIF came out 2.7 to 3 times larger, so it is not tried). Yields after each frame."""
    animation = AnimatedWebP(size, QUALITY, METHOD)
    for number, board in enumerate(boards, start=1):
        if number > 1:
            yield
        animation.add(
            _scaled(board, size[0] / board.width), HOLD_MS if number == count else FRAME_MS
        )
    return animation.finish()


def sample(items: list[Any], most: int) -> list[Any]:
    """At most `most` of `items`, evenly spread, the first and the last always kept."""
    if len(items) <= most:
        return items
    picks = {round(i * (len(items) - 1) / (most - 1)) for i in range(most)}
    return [items[i] for i in sorted(picks)]


def _on_canvas(board: Image.Image, size: tuple[int, int]) -> Image.Image:
    """`board` on a canvas of `size` (at least its own), top left, the rest in the colour of its
    bottom edge (the page's, not the header's, which once ran on below the board): an
    animation's frames share one size, and a board may grow as the game goes (a longer
    panel)."""
    if board.size == size:
        return board
    canvas = Image.new(board.mode, size, board.getpixel((0, board.height - 1)))
    if board.mode == "P":
        canvas.putpalette(board.getpalette() or [])
    canvas.paste(board, (0, 0))
    return canvas


def _size(size: tuple[int, int], scale: float) -> tuple[int, int]:
    """What `_scaled` makes of a board of `size`."""
    if scale >= 1.0:
        return size
    return (max(1, round(size[0] * scale)), max(1, round(size[1] * scale)))


def _scaled(board: Image.Image, scale: float) -> Image.Image:
    """`board` scaled by `scale` (at most 1), smoothly, and put back in its own palette when
    it has one (the game's fixed palette, which holds its colours and their blends): a frame
    then takes a byte a pixel rather than four, and sixty of them a quarter of the memory,
    with no change to the eye. Halving by whole pixels first (`reducing_gap`) draws the same
    picture for less than half the work of filtering every pixel of a large board."""
    if scale >= 1.0:
        return board
    size = _size(board.size, scale)
    smooth = board.convert("RGB").resize(size, Image.Resampling.LANCZOS, reducing_gap=REDUCING_GAP)
    return smooth.quantize(palette=board, dither=Image.Dither.NONE) if board.mode == "P" else smooth
