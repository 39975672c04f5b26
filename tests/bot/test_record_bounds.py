"""Reading a record stays bounded: take-backs cost what they take back, not a replay from step 0;
hostile files (nesting, long numbers, seeds the bot never deals, too many steps or bytes) are
refused with their own reason; a replay past its time budget is refused as such."""

from __future__ import annotations

import json
import re
import time
from functools import partial

import pytest

from bot.table import record
from engine import history
from engine.games.not_on_my_block import GAME
from engine.history import TABLE_SEAT
from tests.bench.imports import build


def resign(raw: bytes, change) -> bytes:
    content = json.loads(raw)
    change(content)
    content["digest"] = record.digest(content)
    return json.dumps(content).encode()


def applies_to_replay(raw: bytes, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many moves the engine applies to read and replay the record."""
    rec, game, start = record.read(raw)
    count = 0
    apply = GAME.apply

    def counted(*args, **kwargs):
        nonlocal count
        count += 1
        return apply(*args, **kwargs)

    monkeypatch.setattr(GAME, "apply", counted)
    record.narrate(game, start, rec.log)
    monkeypatch.undo()
    return count


def test_take_backs_cost_the_moves_they_take_back_not_a_replay_from_the_start(
    monkeypatch: pytest.MonkeyPatch,
):
    raw = build(800, 0.25)
    log = json.loads(raw)["log"]
    moves = sum(1 for e in log if e["seat"] != TABLE_SEAT)
    taken = sum(len(json.loads(e["action"])["seqs"]) for e in log if e["seat"] == TABLE_SEAT)
    assert taken > 200  # many take-backs, deep in a long game
    # Each move is applied once, and once more to label it when it is taken back.
    assert applies_to_replay(raw, monkeypatch) <= moves + taken


@pytest.mark.parametrize(("dense", "every"), [(64, 64), (2, 3)])
def test_a_record_with_many_take_backs_replays_to_the_same_game_at_every_step(
    monkeypatch: pytest.MonkeyPatch, dense: int, every: int
):
    """Also with a window and checkpoints so small that rewinds reach below them."""
    monkeypatch.setattr(history, "Timeline", partial(history.Timeline, dense=dense, every=every))
    raw = build(150, 0.4, seed=3, most_back=12)
    rec, game, start = record.read(raw)
    assert sum(1 for e in rec.log if e.seat == TABLE_SEAT) > 20
    steps = list(record.replay(game, start, rec.log))
    for step in steps:
        assert step.state == record.state_at(game, start, rec.log, step.seq), step.seq
    assert steps[-1].state == history.rebuild(game, start, rec.log)
    backs = [s.text for s, e in zip(steps[1:], rec.log, strict=True) if e.seat == TABLE_SEAT]
    assert all(t.startswith(("↩️ Taken back: ", "↩️ The table rewound: ")) for t in backs)


def nested(levels: int) -> bytes:
    return (
        b'{"format": "boardgame-bot/game-record", "options": '
        + b"[" * levels
        + b"]" * levels
        + b"}"
    )


@pytest.mark.parametrize(
    ("hostile", "reason"),
    [
        (lambda ok: nested(100_000), "nests its data more than 16 levels deep"),
        (lambda ok: nested(20), "nests its data more than 16 levels deep"),
        (lambda ok: ok.replace(b'"seed": 1', b'"seed": ' + b"7" * 5000), "5,000 digits long"),
        (lambda ok: resign(ok, lambda c: c.update(seed=2**80)), "not one the bot deals"),
        (lambda ok: resign(ok, lambda c: c.update(seed=-1)), "seed (-1) is not one the bot"),
        (
            lambda ok: resign(ok, lambda c: c.update(log=c["log"] * 1000)),
            "log has 20,000 steps; a record may hold at most 10,000",
        ),
        (lambda ok: ok + b" " * record.MAX_FILE_BYTES, "a record may be at most 4 MB"),
        (lambda ok: ok.replace(b'"seed": 1', b'"seed": NaN'), "`NaN`, which is not a number"),
        (lambda ok: resign(ok, lambda c: c.update(players=10**30)), "`players` field is out"),
    ],
    ids=[
        "deep",
        "20 levels",
        "5000 digits",
        "seed 2^80",
        "seed -1",
        "steps",
        "bytes",
        "NaN",
        "big",
    ],
)
def test_a_hostile_record_is_refused_with_its_own_reason(hostile, reason: str):
    ok = build(20, 0.0)
    assert b'"seed": 1' in ok
    with pytest.raises(record.RecordError, match=re.escape(reason)):
        record.read(hostile(ok))


def test_a_replay_past_its_time_budget_is_refused_as_too_slow():
    rec, game, start = record.read(build(40, 0.0))
    with pytest.raises(record.TooSlow, match=r"took longer than this bot allows .* by step 0"):
        record.narrate(game, start, rec.log, deadline=time.monotonic() - 1)
