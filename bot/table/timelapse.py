"""A finished game as one animated picture: its board at each step that changed what the channel
sees, the final board held, small enough for a Discord attachment.

Runs in a drawing worker (`draw`): the log is replayed from the start through the record's own
replay (`record.replay`, every step checked), each step's spectator view compared with the
last frame's, and only the steps that changed it are drawn. A long game keeps an even sample of
its changes (and always its last board), so the drawing cost and the file size stay bounded
whatever the game's length. The frames are scaled down until the file fits in `max_bytes`,
animated WebP.
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image
from pydantic import BaseModel

from bot.table import record
from bot.table.spectate import Entries
from engine.games import REGISTRY
from render import board_png

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
QUALITY = 60
FRAME_MS = 500
HOLD_MS = 4000
"""How long the final board stays before the animation starts again."""
NAME = "timelapse.webp"
"""The attachment's file name: Discord plays an animated WebP inline."""
DISCORD_BYTES = 10 * 1024 * 1024
"""Discord's attachment limit for a server without boosts."""


def changed_steps(
    game_key: str, options: dict[str, Any], seed: int, entries: Entries, most: int
) -> list[BaseModel]:
    """The spectator view at step 0 and at every step that changed it, oldest first, an even
    sample of at most `most` of them. Each is kept as its JSON until the sample is taken: a
    long game changes its view a thousand times, and a thousand views of hundreds of models
    each held a worker's memory for nothing."""
    game = REGISTRY[game_key]
    log = [record.Entry(seq=s, seat=t, action=a, absent=b) for s, t, a, b in entries]
    frames: list[str] = []
    kind: type[BaseModel] = BaseModel
    for step in record.replay(game, record.initial(game, options, seed), log):
        view = game.view(step.state, None)
        kind, dumped = type(view), view.model_dump_json()
        if not frames or dumped != frames[-1]:
            frames.append(dumped)
    return [kind.model_validate_json(frame) for frame in sample(frames, most)]


def sample(items: list[Any], most: int) -> list[Any]:
    """At most `most` of `items`, evenly spread, the first and the last always kept."""
    if len(items) <= most:
        return items
    picks = {round(i * (len(items) - 1) / (most - 1)) for i in range(most)}
    return [items[i] for i in sorted(picks)]


def encode(frames: list[Image.Image]) -> bytes:
    """Animated WebP, lossy: boards are flat colours and text, which its lossy mode keeps
    legible at a third of GIF's size (measured on every game: GIF came out 2.7 to 3 times
    larger, so it is not tried), and the fast method, which costs half as long as the default
    for a few percent more bytes."""
    durations = [FRAME_MS] * (len(frames) - 1) + [HOLD_MS]
    buffer = io.BytesIO()
    frames[0].save(
        buffer,
        "WEBP",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        quality=QUALITY,
        method=2,
    )
    return buffer.getvalue()


def draw(
    game_key: str,
    options: dict[str, Any],
    seed: int,
    entries: Entries,
    most: int = MAX_FRAMES,
    max_bytes: int = DISCORD_BYTES,
) -> bytes:
    """Run in a drawing worker: the game's timelapse (animated WebP) of at most `most`
    frames, under `max_bytes` unless even its smallest frames are not."""
    views = changed_steps(game_key, options, seed, entries, most)
    boards = _on_one_canvas(_one_scale([_shrunk(board_png(game_key, v)) for v in views]))
    width = boards[0].width
    while True:
        frames = [_scaled(b, width / b.width) for b in boards]
        data = encode(frames)
        if len(data) <= max_bytes or width <= SMALLEST:
            return data
        width = max(SMALLEST, int(width * 0.75))


def _shrunk(png: bytes) -> tuple[Image.Image, int]:
    """A board at most `WIDTH` wide, with the width it was drawn at. Shrunk as soon as it is
    drawn: sixty full boards held at once took a worker past a gigabyte."""
    board = Image.open(io.BytesIO(png))
    board.load()
    return _scaled(board, min(1.0, WIDTH / board.width)), board.width


def _one_scale(shrunk: list[tuple[Image.Image, int]]) -> list[Image.Image]:
    """The boards at the one scale that makes the widest as drawn `WIDTH` wide (a board drawn
    narrower than the widest was shrunk less and is shrunk again)."""
    scale = min(1.0, WIDTH / max(drawn for _, drawn in shrunk))
    return [_scaled(board, scale / min(1.0, WIDTH / drawn)) for board, drawn in shrunk]


def _on_one_canvas(boards: list[Image.Image]) -> list[Image.Image]:
    """Each board on a canvas of the largest's size, top left, the rest in the colour of its
    bottom edge (the page's, not the header's, which once ran on below the board): an
    animation's frames share one size, and a board may grow as the game goes (a longer
    panel). In place, so that no board is held twice."""
    size = (max(b.width for b in boards), max(b.height for b in boards))
    for i, board in enumerate(boards):
        if board.size != size:
            canvas = Image.new(board.mode, size, board.getpixel((0, board.height - 1)))
            if board.mode == "P":
                canvas.putpalette(board.getpalette() or [])
            canvas.paste(board, (0, 0))
            boards[i] = canvas
    return boards


def _scaled(board: Image.Image, scale: float) -> Image.Image:
    """`board` scaled by `scale` (at most 1), smoothly, and put back in its own palette when
    it has one (the game's fixed palette, which holds its colours and their blends): a frame
    then takes a byte a pixel rather than four, and sixty of them a quarter of the memory,
    with no change to the eye. Halving by whole pixels first (`reducing_gap`) draws the same
    picture for less than half the work of filtering every pixel of a large board."""
    if scale >= 1.0:
        return board
    size = (max(1, round(board.width * scale)), max(1, round(board.height * scale)))
    smooth = board.convert("RGB").resize(size, Image.Resampling.LANCZOS, reducing_gap=REDUCING_GAP)
    return smooth.quantize(palette=board, dither=Image.Dither.NONE) if board.mode == "P" else smooth
