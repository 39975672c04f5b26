"""Render benchmark: per game, the view / draw / encode split on its busiest position.

Run with `python -m tests.bench.render` (add `--games bloc_by_bloc`, `--repeat 50`, `--out DIR`
to write the measured boards as PNGs). It prints figures and asserts nothing: wall-clock time
depends on the machine, so the figures belong in a README, not in a test.

The busiest position is found deterministically: a seeded game is played with random legal
actions (mostly the ones that put pieces on the board) and the busiest state is kept (the most
pieces, or for Not On My Block the most blocks with something on them), because that is the
board that costs the most to draw. Besides the split, the script times PNG encoding of the
very image the renderer produced (decoded, then saved again at the renderer's settings): the
whole board should cost at most about twice that, since encoding is the floor no drawing trick
removes. It also encodes that image with Pillow at every zlib level beside the renderers' own
encoder (`render.png`), which is how that encoder was chosen.

Then the focus images (`render.focus_png`, the picture of one step posted for phones): timed on
the step that led to the busiest position and on steps sampled across the game, with their
sizes in KB and pixels, and how many steps changed nothing on the board (no image).
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image
from pydantic import BaseModel

import render
from engine.core import Game
from engine.games import REGISTRY
from engine.games.bloc_by_bloc import GAME as BLOC
from engine.games.bloc_by_bloc.view import BlocView
from engine.games.not_on_my_block import GAME as NOMB
from engine.games.not_on_my_block.view import NombView
from engine.games.space_insurrection import GAME as SPACE
from engine.games.space_insurrection.view import SpaceView
from render import bloc_by_bloc, not_on_my_block, space_insurrection
from render.png import LEVEL, palette_png

QUIET = frozenset({"gift", "trade", "end", "skip", "pass", "decline"})
"""Action kinds a random player picks rarely, so the board fills up instead of idling."""


def bloc_busyness(view: BaseModel) -> int:
    assert isinstance(view, BlocView)
    on_tiles = sum(
        sum(t.blocs.values()) + t.cops + (t.van_damage is not None) + (t.occupation is not None)
        for t in view.tiles
    )
    return on_tiles + sum(c.barricades for c in view.connections)


def nomb_busyness(view: BaseModel) -> int:
    """Blocks with something on them (what costs drawing), then the pieces themselves: at
    set-up all fifteen pieces share one block, which is not a busy board."""
    assert isinstance(view, NombView)
    standing = {a.at for a in view.apartments if a.at and a.status in ("standing", "protected")}
    pieces = [p.at for p in (*view.reps, *view.agents)]
    gentrified = {b.at for b in view.blocks if b.gentrified}
    return 100 * len(standing | set(pieces) | gentrified) + len(pieces) + len(standing)


def space_busyness(view: BaseModel) -> int:
    """Units on the board (each a chit to draw), then worlds that look other than neutral."""
    assert isinstance(view, SpaceView)
    units = sum(len(w.units) for w in view.worlds)
    marked = sum(1 for w in view.worlds if w.loyal is not None or w.uprising or w.disrupted)
    return 100 * units + marked


def reckless(state: Any, action: Any) -> bool:
    """A Bloc by Bloc move into police lines loses blocs for nothing; random players that make
    it end the game within a few nights, long before the board fills up."""
    target = getattr(action, "to_district", None)
    police_in = getattr(state, "police_in", None)
    return target is not None and police_in is not None and bool(police_in(target))


@dataclass(frozen=True)
class Subject:
    """One game as the benchmark drives it."""

    game: Game[Any, Any]
    players: int
    options: dict[str, Any]
    busyness: Callable[[BaseModel], int]
    draw: Callable[[Any], Any] | None
    """The renderer's own drawing step and palette, to time drawing and encoding apart; None
    for a game the benchmark knows only through `render.board_png`."""
    palette: Callable[[], Image.Image] | None
    seed: int


def view_size(view: BaseModel) -> int:
    """How much a view holds, as its JSON's length: the busyness of a game the benchmark has
    no measure of its own for."""
    return len(view.model_dump_json())


def subjects() -> dict[str, Subject]:
    """Every registered game: those above with their own busyness and drawing steps, any other
    with its most seats, default options and `view_size`."""
    return {
        game_id: SUBJECTS.get(game_id)
        or Subject(game, max(game.player_counts), {}, view_size, None, None, seed=1)
        for game_id, game in sorted(REGISTRY.items())
    }


SUBJECTS: dict[str, Subject] = {
    "bloc_by_bloc": Subject(
        BLOC,
        4,
        {"mode": "semi_cooperative"},
        bloc_busyness,
        bloc_by_bloc.draw,
        bloc_by_bloc.board_palette,
        seed=7,
    ),
    "not_on_my_block": Subject(
        NOMB, 4, {}, nomb_busyness, not_on_my_block.draw, not_on_my_block.board_palette, seed=4
    ),
    "space_insurrection": Subject(
        SPACE,
        5,
        {},
        space_busyness,
        space_insurrection.draw,
        space_insurrection.board_palette,
        seed=3,
    ),
}


def play(subject: Subject, max_steps: int = 1500) -> tuple[Any, list[Any]]:
    """A seeded random game; returns the busiest state and every state seen (for sampling)."""
    game = subject.game
    rnd = random.Random(subject.seed)
    state = game.setup(game.make_options(subject.players, **subject.options), subject.seed)
    best, best_busyness = state, -1
    states = [state]
    for _ in range(max_steps):
        if game.outcome(state) is not None:
            break
        seat = rnd.choice(sorted(game.prompts(state)))
        actions = game.legal_actions(state, seat)
        busy = [a for a in actions if a.kind not in QUIET and not reckless(state, a)]
        action = rnd.choice(busy) if busy and rnd.random() > 0.1 else rnd.choice(actions)
        state = game.apply(state, seat, action).state
        states.append(state)
        busyness = subject.busyness(game.view(state, None))
        if busyness > best_busyness:
            best, best_busyness = state, busyness
    return best, states


def timed(fn: Callable[[], Any], repeat: int) -> tuple[list[float], Any]:
    """Milliseconds of each of `repeat` calls, and the last call's result."""
    out, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        out.append((time.perf_counter() - start) * 1000)
    return out, result


def p50(values: list[float]) -> float:
    return statistics.median(values)


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(len(values) * 0.95) - 1)]


def save(image: Image.Image, level: int) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=level)
    return out.getvalue()


def bench(name: str, subject: Subject, repeat: int, out: Path | None) -> None:
    game = subject.game
    busiest, states = play(subject)
    view = game.view(busiest, None)
    print(f"\n== {name}: busiest of {len(states)} states, busyness {subject.busyness(view)} ==")

    view_ms, _ = timed(lambda: game.view(busiest, None), repeat)
    start = time.perf_counter()
    png = render.board_png(game.id, view)
    cold = (time.perf_counter() - start) * 1000
    draw, palette = subject.draw, subject.palette
    steps: list[tuple[str, list[float]]] = [("view (engine state -> view)", view_ms)]
    if draw is not None and palette is not None:
        draw_ms, canvas = timed(lambda: draw(view), repeat)
        encode_ms, _ = timed(lambda: canvas.to_png(palette()), repeat)
        steps += [
            ("draw (view -> finished RGB image)", draw_ms),
            ("encode (map to palette, deflate)", encode_ms),
        ]
    board_ms, png = timed(lambda: render.board_png(game.id, view), repeat)
    final = Image.open(io.BytesIO(png))
    final.load()
    same_ms, _ = timed(lambda: palette_png(final), repeat)

    print(f"image {final.width}x{final.height} {final.mode}, {len(png) / 1024:.0f} KB")
    print(f"{'step':<34}{'p50 ms':>9}{'p95 ms':>9}")
    for label, values in (
        *steps,
        ("board (view -> PNG bytes)", board_ms),
        ("same final image, PNG only", same_ms),
    ):
        print(f"{label:<34}{p50(values):>9.1f}{p95(values):>9.1f}")
    print(f"first board of this layout (cold caches): {cold:.1f} ms")
    print(f"board / encoding the same image: {p50(board_ms) / p50(same_ms):.2f}x")

    sample = states[:: max(1, len(states) // 40)]
    spread = [
        timed(lambda s=s: render.board_png(game.id, game.view(s, None)), 1)[0][0] for s in sample
    ]
    print(
        f"{len(sample)} positions across the game, view + board: "
        f"p50 {p50(spread):.1f} ms, p95 {p95(spread):.1f} ms"
    )

    print("PNG encoders on the final image (p50 ms, KB):")
    ms, data = timed(lambda: palette_png(final), max(3, repeat // 4))
    print(f"  ISA-L level {LEVEL} (render.png): {p50(ms):6.1f} ms {len(data) / 1024:7.0f} KB")
    for level in range(0, 10):
        ms, data = timed(lambda lv=level: save(final, lv), max(3, repeat // 4))
        print(f"  Pillow, zlib level {level}: {p50(ms):6.1f} ms {len(data) / 1024:7.0f} KB")

    named_ms, _ = timed(lambda: render.board_png(game.id, view, PLAYERS), repeat)
    print(f"board with display names (view -> PNG bytes): p50 {p50(named_ms):.1f} ms")

    focus = bench_focus(subject, busiest, states, repeat)

    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / f"{name}.png").write_bytes(png)
        print(f"wrote {out / f'{name}.png'}")
        if focus is not None:
            (out / f"{name}-focus.png").write_bytes(focus)
            print(f"wrote {out / f'{name}-focus.png'}")


PLAYERS = ["ana", "Bartholomew", "José", "kim"]
"""Display names for the seats, as the bot passes them (one long, one with an accent)."""


def bench_focus(subject: Subject, busiest: Any, states: list[Any], repeat: int) -> bytes | None:
    """Focus images: the step into the busiest position, then steps across the game."""
    game = subject.game
    at = next(i for i, s in enumerate(states) if s is busiest)
    before, after = game.view(states[max(0, at - 1)], None), game.view(busiest, None)
    start = time.perf_counter()
    png = render.focus_png(game.id, before, after, PLAYERS)
    cold = (time.perf_counter() - start) * 1000
    print("focus image (one step, for phones):")
    if png is not None:
        ms, png = timed(lambda: render.focus_png(game.id, before, after, PLAYERS), repeat)
        image = Image.open(io.BytesIO(png))  # type: ignore[arg-type]
        print(
            f"  step into the busiest position: {image.width}x{image.height}, "
            f"{len(png) / 1024:.0f} KB, p50 {p50(ms):.1f} ms, p95 {p95(ms):.1f} ms "
            f"(first: {cold:.1f} ms)"
        )
    steps = list(range(1, len(states), max(1, len(states) // 60)))
    spent, sizes, widths, heights, empty = [], [], [], [], 0
    for i in steps:
        start = time.perf_counter()
        old, new = game.view(states[i - 1], None), game.view(states[i], None)
        drawn = render.focus_png(game.id, old, new, PLAYERS)
        spent.append((time.perf_counter() - start) * 1000)
        if drawn is None:
            empty += 1
            continue
        image = Image.open(io.BytesIO(drawn))
        sizes.append(len(drawn) / 1024)
        widths.append(image.width)
        heights.append(image.height)
    if sizes:
        print(
            f"  {len(steps)} steps across the game, views + focus: p50 {p50(spent):.1f} ms, "
            f"p95 {p95(spent):.1f} ms; {empty} changed nothing on the board (no image)"
        )
        print(
            f"  sizes: {min(widths)}-{max(widths)} x {min(heights)}-{max(heights)} px, "
            f"p50 {p50(sizes):.0f} KB, max {max(sizes):.0f} KB"
        )
    return png


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    every = subjects()
    parser.add_argument("--games", nargs="*", default=list(every), choices=list(every))
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--out", type=Path, default=None, help="write the boards here as PNG")
    args = parser.parse_args()
    for name in args.games:
        bench(name, every[name], args.repeat, args.out)


if __name__ == "__main__":
    main()
