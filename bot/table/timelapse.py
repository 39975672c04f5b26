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
QUALITY = 60
FRAME_MS = 500
HOLD_MS = 4000
"""How long the final board stays before the animation starts again."""
NAME = "timelapse.webp"
"""The attachment's file name: Discord plays an animated WebP inline."""
DISCORD_BYTES = 10 * 1024 * 1024
"""Discord's attachment limit for a server without boosts."""


def changed_steps(game_key: str, options: dict[str, Any], seed: int, entries: Entries) -> list:
    """The spectator view at step 0 and at every step that changed it, oldest first."""
    game = REGISTRY[game_key]
    log = [record.Entry(seq=s, seat=t, action=a, absent=b) for s, t, a, b in entries]
    frames: list[Any] = []
    last = ""
    for step in record.replay(game, record.initial(game, options, seed), log):
        view = game.view(step.state, None)
        dumped = view.model_dump_json()
        if dumped != last:
            frames.append(view)
            last = dumped
    return frames


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
    views = sample(changed_steps(game_key, options, seed, entries), most)
    boards = [Image.open(io.BytesIO(board_png(game_key, v))).convert("RGB") for v in views]
    width = min(WIDTH, max(b.width for b in boards))
    while True:
        frames = _fit(boards, width)
        data = encode(frames)
        if len(data) <= max_bytes or width <= SMALLEST:
            return data
        width = max(SMALLEST, int(width * 0.75))


def _fit(boards: list[Image.Image], width: int) -> list[Image.Image]:
    """The boards scaled by one factor so the widest is `width`, each on a canvas of the
    largest's size: an animation's frames share one size, and a board may grow as the game
    goes (a longer panel), so a smaller one is placed top left on the background."""
    scale = min(1.0, width / max(b.width for b in boards))
    sized = [
        b
        if scale == 1.0
        else b.resize((round(b.width * scale), round(b.height * scale)), Image.Resampling.LANCZOS)
        for b in boards
    ]
    size = (max(b.width for b in sized), max(b.height for b in sized))
    frames = []
    for board in sized:
        if board.size == size:
            frames.append(board)
            continue
        canvas = Image.new("RGB", size, board.getpixel((0, 0)))
        canvas.paste(board, (0, 0))
        frames.append(canvas)
    return frames
