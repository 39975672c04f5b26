"""What reading a record costs: `python -m tests.bench.imports`.

Builds record files of Not On My Block (2 players, seeded random legal moves: its games run for
thousands of steps) with 100 to 800 steps, in which a share of the moves is taken back (0, 25
and 50 %: after a move, with that chance, an undo of it or a rewind of up to three moves),
each take-back logged exactly as the bot logs it. Then times what `/game import` and
`python -m bot replay` spend on the CPU before anything is stored: the file read and checked
(`record.read`) and every step replayed and checked (`record.narrate`). Prints seconds and
microseconds per step for each size and share; a linear reader keeps the per-step figure flat
down each column. Nothing here is a test: it prints figures.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass
from typing import Any

from bot.table import record
from engine import GameState, history
from engine.games.not_on_my_block import GAME
from engine.history import TABLE_SEAT, TakeBack

SIZES = (100, 200, 400, 800)
SHARES = (0.0, 0.25, 0.5)


@dataclass
class Logged:
    """One log entry, as `history` reads it."""

    seq: int
    seat: int
    action: str
    absent: bool = False


def build(steps: int, share: float, seed: int = 1, most_back: int = 3) -> bytes:
    """A record file of `steps` log entries (fewer if the game ends first) in which about
    `share` of the moves are taken back. Take-backs are computed from a stack of the states
    after each entry that still counts, so building stays linear; the reader checks every one
    against its own replay."""
    rng = random.Random(seed)
    options = GAME.make_options(2).model_dump()
    start = record.initial(GAME, options, seed)
    stack: list[tuple[Logged | TakeBack, GameState]] = []
    entries: list[Logged] = []
    state = start
    while len(entries) < steps and GAME.outcome(state) is None:
        seq = len(entries) + 1
        moves = [i for i, (item, _) in enumerate(stack) if isinstance(item, Logged)]
        if moves and entries[-1].seat != TABLE_SEAT and rng.random() < share:
            count = rng.randint(1, min(most_back, len(moves)))
            first = moves[-count]
            gone = [stack[i][0].seq for i in moves[-count:]]  # type: ignore[union-attr]
            rebuilt = stack[first - 1][1] if first else start
            between = [item for item, _ in stack[first:] if isinstance(item, TakeBack)]
            if between:
                rebuilt = rebuilt.model_copy(update={"decisions": dict(between[-1].decisions)})
            back = history.take_back(state, rebuilt, gone, rewind=count > 1)
            state = rebuilt.model_copy(update={"decisions": dict(back.decisions)})
            del stack[first:]
            stack.append((back, state))
            entries.append(Logged(seq, TABLE_SEAT, back.model_dump_json()))
            continue
        seat = min(GAME.prompts(state))
        action = rng.choice(GAME.legal_actions(state, seat))
        entry = Logged(seq, seat, action.to_text())
        state = history.replay_move(GAME, state, entry).state
        stack.append((entry, state))
        entries.append(entry)
    return export(start, options, seed, entries)


def export(start: GameState, options: dict[str, Any], seed: int, entries: list[Logged]) -> bytes:
    return record.export(
        game=GAME,
        game_id=1,
        status="abandoned",
        options=options,
        seed=seed,
        players=max(start.holders) + 1,
        seats=start.seat_names,
        entries=entries,
    )


def measure(raw: bytes) -> tuple[float, int, int]:
    """CPU seconds to read and replay the record, its steps and its take-backs."""
    began = time.process_time()
    rec, game, start = record.read(raw)
    record.narrate(game, start, rec.log)
    spent = time.process_time() - began
    backs = sum(1 for e in rec.log if e.seat == TABLE_SEAT)
    return spent, len(rec.log), backs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=list(SIZES))
    parser.add_argument("--shares", type=float, nargs="*", default=list(SHARES))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("steps  taken back  take-backs    KB  CPU s   µs/step")
    for share in args.shares:
        for size in args.sizes:
            raw = build(size, share, args.seed)
            spent, steps, backs = measure(raw)
            print(
                f"{steps:5d}  {share:9.0%}  {backs:10d}  {len(raw) / 1024:4.0f}  "
                f"{spent:5.2f}  {spent / steps * 1e6:8.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
