"""`python -m tests.bench.timelapse`: what drawing a finished game's timelapse costs its worker.

A timelapse is drawn in the finished game's home drawing worker, so while it is drawn every
other game that worker draws waits, and the worker holds its frames. Per game, a seeded game
with its most players, played to its end by the games' own players (`tests.bot.spectate_games`),
is drawn once in a fresh process: it prints the steps, the frames kept, the file's size, the
CPU and clock seconds, and the process's peak memory above what it held before drawing.

    python -m tests.bench.timelapse                      # every game, seed 7
    python -m tests.bench.timelapse --games bloc_by_bloc --seeds 3 7
"""

from __future__ import annotations

import argparse
import io
import resource
import time
from concurrent.futures import ProcessPoolExecutor

from PIL import Image

from bot.table import timelapse
from engine.games import REGISTRY
from tests.bot.spectate_games import played


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(key: str, seed: int) -> str:
    """One game's timelapse, drawn in this (fresh) process: a line of figures."""
    _game, options, seed, entries = played(key, seed=seed)
    before = _peak_mib()
    clock, cpu = time.perf_counter(), time.process_time()
    data = timelapse.Lapse(key, options, seed, entries).whole()
    cpu, clock = time.process_time() - cpu, time.perf_counter() - clock
    with Image.open(io.BytesIO(data)) as image:
        frames, size = image.n_frames, image.size  # type: ignore[attr-defined]
    return (
        f"{key:<20} seed {seed:>3}: {len(entries):>5} steps, {frames:>2} frames "
        f"{size[0]}x{size[1]}, {len(data) / 1e6:.2f} MB; {cpu:5.2f} s CPU, {clock:5.2f} s by "
        f"the clock; peak memory +{max(0.0, _peak_mib() - before):.0f} MiB "
        f"({_peak_mib():.0f} MiB in all)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    every = sorted(REGISTRY)
    parser.add_argument("--games", nargs="+", default=every, choices=every)
    parser.add_argument("--seeds", nargs="+", type=int, default=[7])
    args = parser.parse_args()
    for key in args.games:
        for seed in args.seeds:
            # A process per drawing: the peak memory is that drawing's alone.
            with ProcessPoolExecutor(max_workers=1) as one:
                print(one.submit(measure, key, seed).result(), flush=True)


if __name__ == "__main__":
    main()
