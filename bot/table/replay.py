"""`python -m bot replay FILE --out DIR`: a game record drawn offline, without Discord.

Reads a file from `/game export`, checks it exactly as `/game import` does (format version,
installed game, digest, every step legal), then writes the board at every step (or with
`--last`, only at the last) as `step-NNNN.png` and the narration as `transcript.md` to DIR.
A file that fails a check ends the process with exit code 1 and one line on stderr.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.table import record
from render import board_png


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot replay",
        description="Replay a game record from /game export and draw its boards.",
    )
    parser.add_argument("file", type=Path, help="the record file (JSON)")
    parser.add_argument(
        "--out", type=Path, required=True, help="folder for the PNGs and transcript"
    )
    parser.add_argument("--last", action="store_true", help="draw only the last step's board")
    args = parser.parse_args(argv)
    try:
        raw = args.file.read_bytes()
    except OSError as exc:
        print(f"Cannot read {args.file}: {exc.strerror or exc}.", file=sys.stderr)
        return 1
    try:
        written = replay(raw, args.out, every=not args.last)
    except record.RecordError as exc:
        print(f"{args.file} cannot be replayed: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"Cannot write to {args.out}: {exc.strerror or exc}.", file=sys.stderr)
        return 1
    print(f"Replayed {written} step(s) of {args.file} into {args.out}.")
    return 0


def replay(raw: bytes, out: Path, *, every: bool) -> int:
    """Check and replay the record, writing its boards and transcript; the steps replayed.
    Nothing is written unless the whole record checks out."""
    rec, game, start = record.read(raw)
    record.narrate(game, start, rec.log)  # every check, before anything is written
    out.mkdir(parents=True, exist_ok=True)
    lines = [
        f"# {game.title}",
        "",
        f"Seed {rec.seed}, {rec.players} players, seats: {', '.join(rec.seats)}; "
        f"options: {', '.join(f'{k}: {v}' for k, v in rec.options.items())}.",
        "",
    ]
    last = rec.log[-1].seq if rec.log else 0
    for step in record.replay(game, start, rec.log):
        lines.append(f"**#{step.seq}** {step.text}")
        lines.append("")
        if every or step.seq == last:
            png = board_png(game.id, game.view(step.state, None))
            (out / f"step-{step.seq:04d}.png").write_bytes(png)
    (out / "transcript.md").write_text("\n".join(lines), encoding="utf-8")
    return last + 1
