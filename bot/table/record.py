"""A game's record: its narration by step, its board at any past step, and a portable file.

Everything here is a pure function of stored rows or of a file's bytes, so it is tested without
Discord and shared by the `/game` record commands and the offline `python -m bot replay`.

A *step* is a log entry's `seq`: step 0 is the game as dealt, step n the game once the n-th
entry of the append-only log (a move, or a take-back logged for seat -1) had been applied.

The file (`/game export`) holds what rebuilds the game and nothing about the people who played
it: the game, its options and seed, the number of players, the seat names, and the whole log,
take-backs included, each move marked `absent` when it was a default played for an absent
player (format version 2; a version 1 file has no mark, and its moves count as choices), with a
SHA-256 digest over its canonical form. Because the seed and the
log replay every hidden card, a game is exported only once it is over (see `exportable`).
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from bot.store.models import Told
from bot.table.present import game_over_line
from engine import Game, GameState, IllegalAction, history
from engine.core import Prompt
from engine.errors import wrong
from engine.games import REGISTRY
from engine.history import TABLE_SEAT, TakeBack
from engine.messages import ENGLISH, Msg, m, say, say_all

FORMAT = "boardgame-bot/game-record"
"""What a record file says it is, in its `format` field."""
VERSION = 2
"""The newest file format this build reads and the one it writes (2 added `absent`)."""
MAX_FILE_BYTES = 4 * 1024 * 1024
"""A record larger than this is refused before it is read (the longest games are ~100 KB)."""
MAX_STEPS = 10_000
"""The most log entries a record may hold (games played here take a few hundred)."""
REPLAY_SECONDS = 60.0
"""The longest an import may spend replaying a record, off the event loop, before it is
refused; a record within the caps takes a few seconds."""
MAX_DEPTH = 16
"""How deeply a record's JSON may nest (the format itself needs 4 levels, options a few more).
Checked while parsing, so a file of nested brackets is refused rather than exhausting the
parser's recursion."""
MAX_DIGITS = 100
"""The most digits a number in a record may have (every field the format holds fits in 20); a
longer one is refused before it is converted, which costs time quadratic in its length."""
SEEDS = 1 << 63
"""Seeds the bot deals are drawn from 0 up to this, excluded (`Tables.seed_source`)."""
PAGE = 1800
"""Characters of narration on one page of `/game log` (a Discord message holds 2000)."""
ENTRY = 1500
"""Characters one step's narration may take on a page before it is cut."""


class RecordError(Exception):
    """A record file that cannot be used; `msg` is one sentence saying why, said in whoever
    reads it's language (`str()` is the English, for the offline replay and logs)."""

    def __init__(self, msg: Msg) -> None:
        self.msg = msg
        super().__init__(say(msg))


class TooSlow(RecordError):
    """A record whose replay ran past its time budget."""


# ----- narration ---------------------------------------------------------------------------------
def text_in(told: Told, language: str) -> str:
    """What the channel was told, as a reader of `language` reads it: said anew from its
    messages when the post kept them, else its text as the channel read it."""
    if not told.said:
        return told.text
    return "\n".join(say_all(told.said, language))


def said_in(rows: Sequence[Told], language: str) -> list[Told]:
    """`rows` with their text in `language` (`text_in`)."""
    return [r.model_copy(update={"text": text_in(r, language)}) for r in rows]


def line(told: Told) -> str:
    """One step's narration as a page shows it, labelled with its step."""
    text = told.text.strip() or "…"
    return limit(f"**#{told.seq}** {text}", ENTRY)


def limit(text: str, most: int) -> str:
    if len(text) <= most:
        return text
    return text[: most - 1].rstrip() + "…"


def pages(rows: Sequence[Told], budget: int | None = None) -> list[list[Told]]:
    """Rows packed in order into pages of at most `budget` characters (`PAGE`; at least one
    row each), the same way every time, so a page number always means the same rows."""
    budget = PAGE if budget is None else budget
    out: list[list[Told]] = []
    current: list[Told] = []
    used = 0
    for row in rows:
        size = len(line(row)) + 1
        if current and used + size > budget:
            out.append(current)
            current, used = [], 0
        current.append(row)
        used += size
    if current:
        out.append(current)
    return out


def page_text(
    title: str, rows: Sequence[Told], page: int, language: str = ENGLISH
) -> tuple[str, int]:
    """The text of page `page` (clamped to the pages there are) and how many pages there are,
    its headings and, where it was kept as messages, its narration in `language`."""
    packed = pages(said_in(rows, language))
    if not packed:
        return f"{title}\n{say(m('bot.record.nothing'), language)}", 1
    page = max(0, min(page, len(packed) - 1))
    shown = packed[page]
    first, last = shown[0].seq, shown[-1].seq
    steps = (
        m("bot.record.step", n=first)
        if first == last
        else m("bot.record.steps", first=first, last=last)
    )
    where = m("bot.record.page", steps=steps, page=page + 1, pages=len(packed))
    head = f"{title} · {say(where, language)}"
    return "\n".join([head, *(line(r) for r in shown)]), len(packed)


def since(rows: Sequence[Told], last_seq: int, reader: int) -> list[Told]:
    """What the channel was told from a player's own latest log entry (`last_seq`) on, as
    `reader` may read it, less the line narrating that entry itself (the first line of its
    turn post): what followed at the same step (a reveal, the start of the next turn) stays,
    since its player has not seen it."""
    out = [r for r in rows if r.seq >= last_seq]
    if out and out[0].seq == last_seq and out[0].kind == "turn":
        first = out[0]
        rest = first.text.partition("\n")[2]
        left = first.model_copy(update={"text": rest, "said": first.said[1:]})
        kept = bool(left.said) if first.said else bool(rest.strip())
        out = ([left] if kept else []) + out[1:]
    return for_reader(out, reader)


def for_reader(rows: Sequence[Told], reader: int) -> list[Told]:
    """The rows without the notices meant for another player alone (a fallback for their
    closed DMs): the channel showed them, but they are that player's business."""
    return [r for r in rows if r.to is None or r.to == reader]


# ----- replaying -------------------------------------------------------------------------------
class Entry(BaseModel):
    """One log entry as a record file holds it."""

    seq: int = Field(ge=1, le=MAX_STEPS)
    seat: int = Field(ge=TABLE_SEAT, le=64)
    action: str = Field(max_length=100_000)
    absent: bool = False
    """A default played for an absent player (`Game.apply`'s `absent`), which replays
    differently from the same move chosen: a standstill counts only such moves."""


@dataclass
class Step:
    """The game once one more log entry was applied, with what the table was told of it."""

    seq: int
    state: GameState
    text: str


def initial(game: Game[Any, Any], options: dict[str, Any], seed: int) -> GameState:
    return game.setup(game.options_type.model_validate(options), seed)


def state_at(
    game: Game[Any, Any], start: GameState, entries: Sequence[history.Entry], step: int
) -> GameState:
    """The game as it stood at `step`: the log up to it, replayed with its take-backs."""
    return history.rebuild(game, start, [e for e in entries if e.seq <= step])


def replay(
    game: Game[Any, Any],
    start: GameState,
    entries: Sequence[history.Entry],
    *,
    deadline: float | None = None,
    language: str = ENGLISH,
) -> Iterator[Step]:
    """Every step from 0, checking as it goes that each entry is one the bot could have logged
    then: numbered 1, 2, 3…, each move legal for its seat at that moment, each take-back naming
    the latest moves that still counted and carrying the decision serials the bot gives it.
    Raises `RecordError` naming the first step that is not, or `TooSlow` once the monotonic
    clock passes `deadline`.

    A take-back costs the moves it takes back, not a replay from step 0 (`history.Timeline`),
    so a record costs time in proportion to its length, however many take-backs it holds.
    The narration is said in `language`, as the table that played it would have read it."""
    yield Step(0, start, say(m("bot.record.begins", game=game.title), language))
    timeline = history.Timeline(game, start)
    prompts: dict[int, Prompt] | None = None  # the current state's, once a move gave them
    for index, entry in enumerate(entries, start=1):
        if deadline is not None and time.monotonic() > deadline:
            raise TooSlow(m("bot.record.too_slow", seconds=f"{REPLAY_SECONDS:g}", step=index - 1))
        state = timeline.state
        if entry.seq != index:
            raise RecordError(m("bot.record.skips", before=index - 1, step=entry.seq))
        if entry.seat == TABLE_SEAT:
            text = _take_back(game, timeline, entry, language)
            prompts = None
        elif entry.seat < 0 or entry.seat >= len(state.seat_names):
            raise RecordError(m("bot.record.no_seat", step=entry.seq, seat=entry.seat))
        else:
            try:
                action = game.parse_action(entry.action)
                result = history.replay_move(game, state, entry, prompts)
            except Exception as exc:  # a game may trip on a shape it never logs itself
                why = exc.msg if isinstance(exc, IllegalAction) else str(exc)
                raise RecordError(m("bot.record.illegal", step=entry.seq, why=why)) from None
            text = "\n".join(say(e.msg, language) for e in result.events if e.seat is None)
            text = text or say(game.choice_label(state, action), language)
            timeline.move(entry, result.state)
            prompts = result.prompts
            ending = game.outcome(result.state)
            if ending is not None:
                winners = [say(game.seat_name(result.state, s), language) for s in ending.winners]
                text += "\n" + game_over_line(winners, ending, text, language)
        yield Step(entry.seq, timeline.state, text)


def _take_back(
    game: Game[Any, Any], timeline: history.Timeline, entry: history.Entry, language: str
) -> str:
    """Check a take-back against the game it reaches, record it on `timeline`, and narrate it
    as the bot did: each move taken back labelled as it read when it was made."""
    try:
        back = TakeBack.model_validate_json(entry.action)
    except ValidationError:
        raise RecordError(m("bot.record.not_take_back", step=entry.seq)) from None
    count = len(back.seqs)
    latest: list[int] = []
    if 0 < count <= timeline.moves:
        first, gone = timeline.latest(count)
        latest = [e.seq for e in gone]
    if not back.seqs or back.seqs != latest:
        raise RecordError(m("bot.record.not_latest", step=entry.seq, seqs=str(back.seqs)))
    try:
        rebuilt = timeline.without(first)
        labels = []
        walk = rebuilt
        for old in gone:
            action = game.parse_action(old.action)
            label = say(game.choice_label(walk, action), language)
            labels.append(f"{say(game.seat_name(walk, old.seat), language)}: {label}")
            walk = history.replay_move(game, walk, old).state
    except Exception as exc:
        why = exc.msg if isinstance(exc, IllegalAction) else str(exc)
        raise RecordError(m("bot.record.no_replay", step=entry.seq, why=why)) from None
    expected = history.take_back(timeline.state, rebuilt, back.seqs, rewind=back.rewind)
    if expected.decisions != back.decisions:
        raise RecordError(m("bot.record.decision_ids", step=entry.seq))
    timeline.settle(first, back, rebuilt.model_copy(update={"decisions": dict(back.decisions)}))
    key = "bot.record.rewound" if back.rewind else "bot.record.taken_back"
    return say(m(key, moves="; ".join(labels)), language)


# ----- the file ----------------------------------------------------------------------------------
BOUNDS = {"greater_than_equal", "less_than", "less_than_equal", "too_long", "string_too_long"}
"""Pydantic's error types for a value out of the bounds the record's schema sets."""


class Record(BaseModel):
    """A game record file, as read (the `digest` already checked). Its numbers are bounded
    to what the bot writes: a seed it deals, up to `MAX_STEPS` steps."""

    format: str
    version: int
    game: str = Field(max_length=100)
    title: str = Field(max_length=200)
    game_id: int = Field(ge=0, lt=SEEDS)
    status: str = Field(max_length=20)
    options: dict[str, Any]
    seed: int = Field(ge=0, lt=SEEDS)
    players: int = Field(ge=1, le=64)
    seats: list[str] = Field(max_length=64)
    log: list[Entry] = Field(max_length=MAX_STEPS)
    digest: str = Field(max_length=100)


def canonical(data: dict[str, Any]) -> bytes:
    """The bytes the digest is taken over: the record without its digest, as compact JSON with
    sorted keys, in UTF-8."""
    content = {k: v for k, v in data.items() if k != "digest"}
    return json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def digest(data: dict[str, Any]) -> str:
    return "sha256:" + hashlib.sha256(canonical(data)).hexdigest()


def exportable(status: str) -> Msg | None:
    """Why a game in this state cannot be exported yet, or None."""
    if status in ("finished", "abandoned"):
        return None
    return m("bot.record.not_over")


def export(
    *,
    game: Game[Any, Any],
    game_id: int,
    status: str,
    options: dict[str, Any],
    seed: int,
    players: int,
    seats: list[str],
    entries: Sequence[history.Entry],
) -> bytes:
    """The record file of a game: no Discord ids, only what rebuilds it, and its digest."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.id,
        "title": game.title,
        "game_id": game_id,
        "status": status,
        "options": options,
        "seed": seed,
        "players": players,
        "seats": seats,
        "log": [
            {
                "seq": e.seq,
                "seat": e.seat,
                "action": e.action,
                "absent": e.seat != TABLE_SEAT and e.absent,
            }
            for e in entries
        ],
    }
    data["digest"] = digest(data)
    return (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode()


def too_large(size: int) -> Msg:
    return m(
        "bot.record.too_large",
        size=f"{size / 1024 / 1024:.1f}",
        most=MAX_FILE_BYTES // 1024 // 1024,
    )


class _Refused(RecordError):
    """Raised from inside the JSON parser to stop it at the first thing a record never holds."""


def _number(text: str) -> int:
    if len(text) > MAX_DIGITS + 1:  # room for a minus sign
        digits = f"{len(text.lstrip('-')):,}"
        raise _Refused(m("bot.record.long_number", digits=digits, most=MAX_DIGITS))
    return int(text)


def _constant(text: str) -> Any:
    raise _Refused(m("bot.record.constant", text=text))


_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def _too_deep(text: str) -> bool:
    """Whether the JSON text nests arrays and objects more than `MAX_DEPTH` levels deep:
    brackets counted outside its strings, before the parser recurses into them."""
    depth = 0
    for bracket in _BRACKETS.finditer(_STRINGS.sub("", text)):
        if bracket.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        else:
            depth -= 1
    return False


def parse(raw: bytes) -> Any:
    """The file's JSON, bounded: at most `MAX_DEPTH` levels of nesting and numbers of at most
    `MAX_DIGITS` digits, each refused with its own reason."""
    deep = m("bot.record.deep", most=MAX_DEPTH)
    not_json = m("bot.record.not_json")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(not_json) from None
    if _too_deep(text):
        raise RecordError(deep)
    try:
        return json.loads(text, parse_int=_number, parse_constant=_constant)
    except _Refused as exc:
        raise RecordError(exc.msg) from None
    except RecursionError:
        raise RecordError(deep) from None
    except ValueError:
        raise RecordError(not_json) from None


def load(raw: bytes) -> tuple[Record, Game[Any, Any]]:
    """Read a record file and check everything but its log: what it is, its format version,
    its digest, its shape, and that its game is installed. Raises `RecordError`."""
    if len(raw) > MAX_FILE_BYTES:
        raise RecordError(too_large(len(raw)))
    data = parse(raw)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(m("bot.record.format", format=repr(FORMAT)))
    steps = data.get("log")
    if isinstance(steps, list) and len(steps) > MAX_STEPS:
        raise RecordError(m("bot.record.too_long", steps=f"{len(steps):,}", most=f"{MAX_STEPS:,}"))
    seed = data.get("seed")
    if isinstance(seed, int) and not isinstance(seed, bool) and not 0 <= seed < SEEDS:
        raise RecordError(m("bot.record.seed", seed=limit(str(seed), 30), most=f"{SEEDS - 1:,}"))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise RecordError(m("bot.record.no_version"))
    if version > VERSION:
        raise RecordError(m("bot.record.newer", version=version, reads=VERSION))
    if data.get("digest") != digest(data):
        raise RecordError(m("bot.record.digest"))
    try:
        record = Record.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = limit(".".join(str(p) for p in first["loc"]), 60)
        if first["type"] == "missing":
            raise RecordError(m("bot.record.missing", field=where)) from None
        if first["type"] in BOUNDS:
            out = m("bot.record.out_of_range", field=where, why=wrong(first))
            raise RecordError(out) from None
        raise RecordError(m("bot.record.malformed", field=where)) from None
    game = REGISTRY.get(record.game)
    if game is None:
        raise RecordError(m("bot.record.not_installed", game=limit(record.game, 40)))
    return record, game


def check(record: Record, game: Game[Any, Any]) -> GameState:
    """The game the record starts from, if its options, seed, players and seats are those of a
    game this bot deals. Raises `RecordError`."""
    try:
        start = initial(game, record.options, record.seed)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "options"
        bad = m(
            "bot.record.options_field",
            game=game.title,
            field=where,
            why=wrong(first, game.options_type),
        )
        raise RecordError(bad) from None
    except (IllegalAction, ValueError) as exc:
        why = exc.msg if isinstance(exc, IllegalAction) else str(exc)
        raise RecordError(m("bot.record.options", game=game.title, why=why)) from None
    players = max(start.holders, default=-1) + 1
    if record.players != players or record.seats != start.seat_names:
        raise RecordError(m("bot.record.seats", game=game.title))
    return start


def read(raw: bytes) -> tuple[Record, Game[Any, Any], GameState]:
    """A record file read and checked up to its log; the game it starts from."""
    record, game = load(raw)
    return record, game, check(record, game)


def narrate(
    game: Game[Any, Any],
    start: GameState,
    entries: Sequence[history.Entry],
    *,
    deadline: float | None = None,
    language: str = ENGLISH,
) -> tuple[list[tuple[int, str]], GameState]:
    """Replay a whole log, every check passed: the narration of each step (in `language`) and
    the game at the last one (the states between are not kept). Raises `RecordError`
    (`TooSlow` past `deadline`, a `time.monotonic()` reading)."""
    told: list[tuple[int, str]] = []
    state = start
    for step in replay(game, start, entries, deadline=deadline, language=language):
        told.append((step.seq, step.text))
        state = step.state
    return told, state


def players_in_seat_order(state: GameState) -> list[int]:
    """The players (by join order) in the order of the record's seats: whoever holds the first
    seat, then whoever holds the first seat not yet named, and so on. Seats were dealt at
    random, so this, not the join order, is what someone reading the record can know;
    `/game import`'s player1, player2... follow it."""
    return list(dict.fromkeys(state.holders))
