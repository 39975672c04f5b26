"""Computer seats: seating a computer in a lobby, handing a player's seat to the computer during
play and back to a person, and the computer's moves.

A computer holds its seat like a player (see `computer_ids`): its waits fall due at once, the
due sweep asks it for a move, and the move goes through `Tables.act` like any player's, so it
is checked, logged, narrated and published the same way. Its choice is worked out by
`engine.computer` from what its seat sees, by a `Think` the caller supplies (the bot runs it
in a worker process, never on the event loop). Nothing here talks to Discord. Refusals are
messages said in the asker's language; the table is told in its own (`bot.computer.*`).
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from typing import Any, NamedTuple

from bot.table.attendance import reseat, running_only, steward_only
from bot.table.computer_ids import is_computer, label, level_of, new_id, people
from bot.table.model import PlayerError, Table
from bot.table.tables import Tables
from engine.computer import Level
from engine.messages import m

Think = Callable[[str, str, int, str, int], Awaitable[dict[str, Any]]]
"""Works out a computer's action off the event loop: (game id, state JSON, seat, level, seed)
-> the action as a dict (see `engine.computer.levels.choose_json`)."""
MOVES_AT_ONCE = 40
"""The most moves computers make in a row before the due sweep sees to other games (Not On
My Block's turns are a move per piece)."""


async def seat(tables: Tables, table: Table, user_id: int, level: Level) -> Table:
    """Seat one more computer of `level` in the lobby (the host only; the lobby's own limit
    on players holds)."""
    if table.row.status != "lobby":
        raise PlayerError(m("bot.computer.lobby_only"))
    if user_id != table.row.host_id:
        raise PlayerError(m("bot.computer.host_only"))
    return await tables.join(table, new_id(level, table.row.players))


async def unseat(tables: Tables, table: Table, user_id: int) -> Table:
    """Take the computer seated last out of the lobby (the host only), for a host who seated
    one too many or wants a person in its place."""
    if table.row.status != "lobby":
        raise PlayerError(m("bot.computer.unseat_lobby_only"))
    if user_id != table.row.host_id:
        raise PlayerError(m("bot.computer.unseat_host_only"))
    seated = [p for p in table.row.players if is_computer(p)]
    if not seated:
        raise PlayerError(m("bot.computer.none_seated"))
    return await tables.leave(table, seated[-1])


async def hand_over(
    tables: Tables, table: Table, old: int, level: Level, by: int, can_manage: bool
) -> Table:
    """Give `old`'s seats to a computer of `level`, which moves for them from now on; the table
    is told. At least one person must stay at the table."""
    steward_only(table, by, can_manage, m("bot.computer.doing.hand_over"))
    running_only(table)
    assert table.state is not None
    seats = table.seats_of(old)
    if not seats or is_computer(old):
        raise PlayerError(m("bot.attendance.no_seat", who=f"<@{old}>"))
    players = [p for p in table.row.players if p != old]
    if not people(players):
        raise PlayerError(m("bot.computer.nobody_left"))
    computer = new_id(level, table.row.players)
    names = [table.game.seat_name(table.state, s) for s in seats]
    gave = m(
        "bot.computer.handed_over",
        by=f"<@{by}>",
        old=f"<@{old}>",
        seats=names,
        level=m(f"bot.computer.level.{level.value}"),
    )
    return await reseat(tables, table, old, computer, gave, [old])


def may_stand_in(table: Table, seat: int) -> bool:
    """Whether a computer may take over `seat`'s holder when their turn limit passes: not when
    they are the last person at the table (the host is told instead, as without the setting)."""
    holder = table.holder(seat)
    return not is_computer(holder) and bool(people(p for p in table.row.players if p != holder))


async def stand_in(tables: Tables, table: Table, seat: int, hours: float) -> Table:
    """The table's pace lets the computer (casual) play for a player whose turn passed its
    limit, until the host hands the seat back with `/game seat return`; the table is told."""
    assert table.state is not None
    old = table.holder(seat)
    names = [table.game.seat_name(table.state, s) for s in table.seats_of(old)]
    late = m("bot.computer.stands_in", who=f"<@{old}>", hours=f"{hours:g}", seats=names)
    computer = new_id(Level.CASUAL, table.row.players)
    return await reseat(tables, table, old, computer, late, [old, table.row.host_id])


async def hand_back(
    tables: Tables, table: Table, seat_name: str, new: int, by: int, can_manage: bool
) -> Table:
    """Give a computer's seat to the person `new`, who gets its secrets by DM at once."""
    steward_only(table, by, can_manage, m("bot.computer.doing.hand_back"))
    running_only(table)
    assert table.state is not None
    wanted = seat_name.strip().lower()
    seat = next((s for s, n in enumerate(table.state.seat_names) if n.lower() == wanted), None)
    if seat is None or not is_computer(table.holder(seat)):
        computers = [
            n for s, n in enumerate(table.state.seat_names) if is_computer(table.holder(s))
        ]
        held = ", ".join(computers) or m("bot.computer.none")
        raise PlayerError(m("bot.computer.no_such_seat", seat=repr(seat_name), held=held))
    if new in table.row.players:
        raise PlayerError(m("bot.attendance.already_plays", who=f"<@{new}>"))
    old = table.holder(seat)
    names = [table.game.seat_name(table.state, s) for s in table.seats_of(old)]
    back = m("bot.computer.handed_back", by=f"<@{by}>", seats=names, new=f"<@{new}>")
    return await reseat(tables, table, old, new, back, [new])


class Asked(NamedTuple):
    """A decision a computer owes, as its table stood when it was asked."""

    game: str
    state: str
    """The state, as JSON: what the worker process decides from (its seat's view only)."""
    seat: int
    level: Level
    version: int
    """The table's version: the decision is played only on the table it was made for."""


def owed(table: Table) -> Asked | None:
    """The next decision a computer owes at `table` (the lowest such seat), or None."""
    owing = [s for s in sorted(table.prompts()) if is_computer(table.holder(s))]
    if table.state is None or table.row.status != "active" or not owing:
        return None
    level = level_of(table.holder(owing[0]))
    assert level is not None  # a computer's id names its level
    state = table.state.model_dump_json()
    return Asked(table.game.id, state, owing[0], level, table.row.version)


async def decide(asked: Asked, think: Think) -> dict[str, Any]:
    """The computer's action for `asked`, worked out by `think` (about a second at the
    strong level): run without the channel's lock, so that the table's other commands wait
    for the move only, not for the thinking."""
    return await think(asked.game, asked.state, asked.seat, asked.level.value, secrets.randbits(62))


async def answer(
    tables: Tables, table: Table, asked: Asked, action: dict[str, Any]
) -> Table | None:
    """The computer's decided move, committed like a player's at `table` (as it is now, the
    caller holding the channel's lock and publishing): the table after it, or None when the
    table moved on while the computer thought (a person's command, a takeback), whose waits
    ask the computer again if it still owes a decision."""
    if table.row.version != asked.version:
        return None
    return (await tables.act(table, table.holder(asked.seat), action, seat=asked.seat)).after


__all__ = [
    "MOVES_AT_ONCE",
    "Asked",
    "Think",
    "answer",
    "decide",
    "hand_back",
    "hand_over",
    "label",
    "may_stand_in",
    "owed",
    "seat",
    "stand_in",
]
