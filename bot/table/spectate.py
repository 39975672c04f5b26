"""What a game's spectator page shows: the channel's view of the game, with nobody's Discord id.

Everything here is a pure function of stored rows (and, for past boards, of the log replayed),
so the page never sees more than the channel did: the board is drawn from the spectator view
(`Game.view(state, None)`), the log is the channel's own narration without the notices meant
for one player, and every mention is replaced by the name the channel showed for it.

A step's board is drawn by `board_at`, which runs in a drawing worker: it replays the log up
to the step (`record.state_at`, take-backs included) and draws the spectator view, so the event
loop neither replays nor draws.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from datetime import UTC, datetime

from pydantic import BaseModel

from bot.store.models import GameRow, Told
from bot.table import present, record, speech
from bot.table.model import Table
from engine import history
from engine.games import REGISTRY
from engine.messages import ENGLISH, m, say
from render import board_png

TOKEN_BYTES = 24
"""Random bytes in a link's token: 192 bits, 32 URL-safe characters, never guessed."""
TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")
"""What a token looks like; anything else is refused before the store is asked."""

_USER = re.compile(r"<@!?(\d{1,20})>")
_CHANNEL = re.compile(r"<#\d{1,20}>")
_ROLE = re.compile(r"<@&\d{1,20}>")
_STAMP = re.compile(r"<t:(-?\d{1,12})(?::[tTdDfFR])?>")

NOBODY = m("bot.spectate.nobody")
"""How a mention reads on the page when the channel never learned the person's name."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class LogLine(BaseModel):
    """One thing the channel was told, under the step it happened at."""

    id: int
    seq: int
    text: str


class Seen(BaseModel):
    """The page's words about a game as it stands: what the channel may read, nothing else."""

    title: str
    status: str
    """"running", "finished" or "abandoned"."""
    step: int
    """The latest step: how many entries the log holds."""
    version: int
    waiting: list[str]
    """Who the table waits for, and for what (empty once the game is over)."""
    result: str | None
    log: list[LogLine]


def scrub(text: str, names: dict[str, str], language: str = ENGLISH) -> str:
    """`text` with every Discord id gone: a person's mention becomes the name the channel
    showed for them (`names`: user id to display name), a channel or role mention a plain
    word (in `language`, the table's), a timestamp its date in UTC."""

    def person(match: re.Match[str]) -> str:
        return names.get(match[1]) or say(NOBODY, language)

    def moment(match: re.Match[str]) -> str:
        try:
            when = datetime.fromtimestamp(int(match[1]), UTC)
        except (OverflowError, OSError, ValueError):
            return say(m("bot.spectate.moment"), language)
        return when.strftime("%Y-%m-%d %H:%M UTC")

    text = _ROLE.sub(say(m("bot.spectate.role"), language), text)
    text = _USER.sub(person, text)
    text = _CHANNEL.sub(say(m("bot.spectate.channel"), language), text)
    return _STAMP.sub(moment, text)


def status_of(row: GameRow) -> str:
    return "running" if row.status == "active" else row.status


def names_of(row: GameRow) -> dict[str, str]:
    return dict(row.player_names)


def log_lines(row: GameRow, told: Sequence[Told], language: str | None = None) -> list[LogLine]:
    """The channel's narration as the page shows it, in `language` (the reader's; the table's
    when not given) where it was kept as messages: no notice meant for one player alone (the
    channel showed it, but it is that player's business), no Discord ids."""
    names, language = names_of(row), language or speech.table_language(row)
    return [
        LogLine(id=t.id, seq=t.seq, text=scrub(t.text, names, language))
        for t in record.said_in(told, language)
        if t.to is None and t.text.strip()
    ]


def seen(table: Table, steps: int, told: Sequence[Told], language: str | None = None) -> Seen:
    """The page's words for `table` at its latest step (`steps`), with the narration `told`:
    what the table waits for, its result and its narration in `language` (the reader's; the
    table's when not given), the narration as the channel was told it where it kept no
    messages."""
    row, names = table.row, names_of(table.row)
    language = language or speech.table_language(row)
    waiting: list[str] = []
    result = None
    if table.state is not None:
        outcome = table.game.outcome(table.state)
        if outcome is not None:
            result = scrub(present.outcome_text(table, outcome, language=language), names, language)
        elif row.status == "active":
            waiting = [
                scrub(present.prompt_line(table, p, language), names, language)
                for p in table.prompts().values()
            ]
    if row.status == "abandoned":
        result = say(m("bot.spectate.abandoned"), language)
    return Seen(
        title=table.game.title,
        status=status_of(row),
        step=steps,
        version=row.version,
        waiting=waiting,
        result=result,
        log=log_lines(row, told, language),
    )


Entries = list[tuple[int, int, str, bool]]
"""A log as sent to a drawing worker: (seq, seat, action, absent) per entry."""


def entries_of(log: Sequence[history.Entry]) -> Entries:
    return [(e.seq, e.seat, e.action, e.absent) for e in log]


def board_at(
    game_key: str, options: dict, seed: int, entries: Entries, step: int, language: str = ENGLISH
) -> bytes:
    """Run in a drawing worker: the spectator view of the game at `step`, drawn as a PNG with
    its words in `language`."""
    game = REGISTRY[game_key]
    log = [record.Entry(seq=s, seat=t, action=a, absent=b) for s, t, a, b in entries]
    state = record.state_at(game, record.initial(game, options, seed), log, step)
    return board_png(game.id, game.view(state, None), language=language)
