"""Typed commands bound to the decision their player was looking at.

A button names the decision it answers; a typed command names nothing, so a player who retries
one after a crash (not knowing whether it counted) could have it applied to their *next*
decision: a pass meant for one world passing at the next. So every value autocomplete offers
carries a mark of the decision it was computed for: the game, the seat, that seat's decision
serial (`Prompt.decision`) and the step the log had reached, as `#game.seat.decision.step:value`.
Discord shows the player the choice's name and sends the value back, so a command built from
suggestions says which decision it answers, and one whose decision has moved on is refused as
already answered, with what the channel was told since.

Values are untrusted: a mark that does not parse, or names another channel's game, another
player's seat, a decision not yet reached or a step beyond the log, gets its own refusal and
changes nothing. A value typed by hand carries no mark and is checked as before: against what
is legal now, for whichever decision is open now.

Refusals are catalog messages (`bot.binding.*`) said in the asker's language, and so is what the
channel was told since, where it was kept as messages (older posts are quoted as the channel read
them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.store.protocol import GameStore
from bot.table import limits, record
from bot.table.model import PlayerError, Table
from engine.messages import Msg, m

DECISION = "decision"
"""The extra parameter of a game command that has no required one: the decision it answers."""
MARK = "#"
"""How a value with a decision mark starts; no game's values start with it."""
_BOUND = re.compile(r"#([1-9]\d{0,17})\.(\d{1,2})\.(\d{1,9})\.(\d{1,9}):(.*)", re.DOTALL)

UNREADABLE = m("bot.binding.unreadable")
NOT_YOURS = m("bot.binding.not_yours")
MIXED = m("bot.binding.mixed")
DECISION_FOR = m("bot.binding.decision_for")
"""What became of the decision a typed command was bound to (`stale`); `{name}` is its seat."""
SINCE_SHOWN = 900
"""Characters of narration an "already answered" refusal shows, the answer staying brief."""


@dataclass(frozen=True)
class Mark:
    """The decision a suggested value was computed for."""

    game: int
    seat: int
    decision: int
    step: int


def bind(mark: Mark, value: Any) -> str:
    """The value as autocomplete offers it: marked with its decision."""
    return f"{MARK}{mark.game}.{mark.seat}.{mark.decision}.{mark.step}:{value}"


def fits(mark: Mark, value: Any) -> bool:
    """Whether the marked value fits in a choice's value (`limits.CHOICE_NAME`)."""
    return len(bind(mark, value)) <= limits.CHOICE_NAME


def read(raw: Any) -> tuple[Mark | None, Any]:
    """The mark and the bare value of what the player sent; a value typed by hand has no mark.
    Raises PlayerError when the value claims a mark that does not parse."""
    if not isinstance(raw, str) or not raw.startswith(MARK):
        return None, raw
    found = _BOUND.fullmatch(raw)
    if found is None:
        raise PlayerError(UNREADABLE)
    game, seat, decision, step, value = found.groups()
    return Mark(int(game), int(seat), int(decision), int(step)), value


def lenient(raw: Any) -> tuple[Mark | None, Any]:
    """`read` for suggestions, which refuse nothing: an unreadable mark stays in the value."""
    try:
        return read(raw)
    except PlayerError:
        return None, raw


def bare(raw: Any) -> Any:
    """The value without its mark, if it has a readable one (to compare with legal values)."""
    return lenient(raw)[1]


def unbind(values: dict[str, Any]) -> tuple[Mark | None, dict[str, Any]]:
    """The one decision the values were offered for (None when typed by hand) and the bare
    values. Raises PlayerError for an unreadable mark or marks of different decisions."""
    marks: list[Mark] = []
    out = {}
    for name, raw in values.items():
        mark, out[name] = read(raw)
        if mark is not None:
            marks.append(mark)
    if len({(m.game, m.seat, m.decision) for m in marks}) > 1:
        raise PlayerError(MIXED)
    if not marks:
        return None, out
    # Values suggested at different steps for one decision agree: the earliest step counts.
    return min(marks, key=lambda m: m.step), out


async def stale(
    store: GameStore,
    table: Table | None,
    channel_id: int,
    user_id: int,
    mark: Mark,
    language: str,
    what: Msg = DECISION_FOR,
) -> Msg | None:
    """Why a command bound to `mark` may not be applied, in words for its player, or None when
    the decision it names is the one open now. `table` is the channel's live game, if any;
    `language` is the player's, in which what the channel was told since is said again;
    `what` says what became of the decision, in words that "since" can follow: a message
    given the seat's `name`.
    Raises PlayerError for a mark that names nothing of the player's."""
    if table is None or table.row.id != mark.game:
        row = await store.get(mark.game)
        if row is None or row.channel_id != channel_id or row.status in ("lobby", "active"):
            raise PlayerError(NOT_YOURS)
        key = "bot.binding.game_over" if row.status == "finished" else "bot.binding.game_closed"
        return m(key, since=await _since(store, row.id, mark.step, user_id, language))
    state = table.state
    if state is None or mark.seat not in table.seats_of(user_id):
        raise PlayerError(NOT_YOURS)
    now = state.decisions.get(mark.seat, 0)
    if mark.decision > now or mark.step > table.row.steps:
        raise PlayerError(NOT_YOURS)
    if mark.decision == now:
        return None
    name = table.game.seat_name(state, mark.seat)
    became = m(what.key, **what.args, name=name)
    waiting = [table.game.seat_name(state, s) for s in sorted(table.prompts())]
    since = await _since(store, table.row.id, mark.step, user_id, language)
    return m(
        "bot.binding.answered",
        what=became,
        waiting=waiting or m("bot.binding.nobody"),
        since=since,
    )


async def _since(
    store: GameStore, game_id: int, step: int, reader: int, language: str
) -> Msg | str:
    """What the channel was told after `step`, in the reader's `language` where it was kept as
    messages (`record.text_in`), its beginning when long (the answer to "did mine count?"
    comes first)."""
    rows = record.for_reader(await store.narration(game_id, first_seq=step + 1), reader)
    said = [record.text_in(r, language).strip() for r in rows]
    text = "\n".join(t for t in said if t)
    if not text:
        return ""
    if len(text) > SINCE_SHOWN:
        return m("bot.binding.since_more", text=limits.clip(text, SINCE_SHOWN), step=step + 1)
    return m("bot.binding.since", text=text)
