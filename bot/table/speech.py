"""Who reads which language: the channel reads its table's, a person reads their own.

A table's posts, boards and buttons are in the language its host set (`Pace.language`, the
server's by default); a DM or a private answer is in the language its reader chose in `/game me`,
else their Discord client's, else the table's. Words stay messages (`engine.messages.Msg`) until
one of these picks the language they are said in.
"""

from __future__ import annotations

from bot.store.models import GameRow, Prefs
from bot.table.model import Table
from bot.table.pace import Pace
from engine.messages import Msg, known, say


def table_language(row: GameRow) -> str:
    """The language of a table's channel posts and boards."""
    return Pace.model_validate(row.pace).language


def person_language(prefs: Prefs | None, client: str | None, table: str | None = None) -> str:
    """A person's language: their choice, else the client they use now (or used last), else
    the table's, else English."""
    chosen = prefs.language if prefs is not None else None
    seen = client or (prefs.client_locale if prefs is not None else None)
    return known(chosen or seen or table)


def seat_language(table: Table, seat: int) -> str:
    """The language of the DMs to whoever holds `seat`."""
    user = table.holder(seat)
    return person_language(table.row.prefs.get(user), None, table_language(table.row))


def in_channel(table: Table, text: Msg) -> str:
    """`text` as the table's channel reads it."""
    return say(text, table_language(table.row))


def to_seat(table: Table, seat: int, text: Msg) -> str:
    """`text` as the holder of `seat` reads it."""
    return say(text, seat_language(table, seat))


def seat_name(table: Table, seat: int, language: str | None = None) -> str:
    """A seat's name in `language` (the table's when not given): "Policía" at a Spanish table."""
    assert table.state is not None
    said = table.game.seat_name(table.state, seat)
    return say(said, language or table_language(table.row))
