"""Who is at the table: the pace it keeps, pauses, time away, replacing a player, resigning.

Each change is stored together with what the table is told of it and with the waits worked out
anew, so reminders and limits follow at once; nothing here talks to Discord. Refusals are
messages (`bot.attendance.*`) said in the asker's language; the table is told in its own.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import ValidationError

from bot.store.models import Post
from bot.table import posts, speech
from bot.table.computer_ids import is_computer
from bot.table.model import PlayerError, Table
from bot.table.pace import Pace, refusal
from bot.table.tables import Tables
from engine.messages import Msg, m


def steward_only(table: Table, user_id: int, can_manage: bool, what: Msg) -> None:
    """Refuse `what` (a message naming the step) to anyone but the host or a channel manager."""
    if user_id != table.row.host_id and not can_manage:
        raise PlayerError(m("bot.attendance.steward_only", what=what))


def running_only(table: Table) -> None:
    """Refuse a step that needs a game in play."""
    if table.state is None or table.row.status != "active":
        raise PlayerError(m("bot.attendance.not_running"))


def _seated(table: Table, user_id: int) -> None:
    if not table.seats_of(user_id):
        raise PlayerError(m("bot.tables.not_playing"))


def tell(table: Table, msg: Msg, ping: list[int] | None = None) -> Post:
    """What the table is told, in its language."""
    return posts.tell(table, msg, ping)


async def set_pace(
    tables: Tables, table: Table, user_id: int, can_manage: bool, changes: dict[str, Any]
) -> Table:
    """Change the table's pace (in the lobby or during play); the clocks follow at once."""
    steward_only(table, user_id, can_manage, m("bot.attendance.doing.settings"))
    try:
        chosen = Pace.model_validate({**table.row.pace, **changes})
    except ValidationError as exc:
        raise PlayerError(m("bot.attendance.not_changed", why=refusal(exc))) from None
    told = []
    waits = None
    if table.row.status == "active":
        changed_to = Table(
            row=table.row.model_copy(update={"pace": chosen.model_dump()}),
            game=table.game,
            state=table.state,
        )
        said = m("bot.attendance.pace_changed", who=f"<@{user_id}>", pace=chosen.summary())
        told = [tell(changed_to, said)]
        changed = table.row.model_copy(update={"pace": chosen.model_dump()})
        current = table.row.waits
        waits = tables.scheduled(
            Table(row=changed, game=table.game, state=table.state),
            [
                w.model_copy(update={"remind_at": None if w.reminders == 0 else w.remind_at})
                for w in current.values()
            ],
        )
    row = await tables.write(
        tables.store.update_game(table.row, told, waits, pace=chosen.model_dump())
    )
    return Table(row=row, game=table.game, state=table.state)


async def pause(tables: Tables, table: Table, user_id: int, can_manage: bool) -> Table:
    running_only(table)
    steward_only(table, user_id, can_manage, m("bot.attendance.doing.pause"))
    if table.row.paused_at is not None:
        raise PlayerError(m("bot.attendance.already_paused"))
    now = tables.clock()
    told = tell(table, m("bot.attendance.paused", who=f"<@{user_id}>"))
    paused = table.row.model_copy(update={"paused_at": now.isoformat()})
    waits = tables.scheduled(
        Table(row=paused, game=table.game, state=table.state),
        list(table.row.waits.values()),
    )
    row = await tables.write(
        tables.store.update_game(table.row, [told], waits, paused_at=now.isoformat())
    )
    return Table(row=row, game=table.game, state=table.state)


async def resume(tables: Tables, table: Table, user_id: int, can_manage: bool) -> Table:
    """Start the clocks again, from now: nobody is reminded for time the game spent paused."""
    running_only(table)
    steward_only(table, user_id, can_manage, m("bot.attendance.doing.resume"))
    if table.row.paused_at is None:
        raise PlayerError(m("bot.attendance.not_paused"))
    now = tables.clock()
    running = table.row.model_copy(update={"paused_at": None})
    fresh = [
        w.model_copy(update={"since": now, "reminders": 0, "remind_at": None, "limit_told": False})
        for w in table.row.waits.values()
    ]
    waits = tables.scheduled(Table(row=running, game=table.game, state=table.state), fresh)
    resumed = m("bot.attendance.resumed", who=f"<@{user_id}>")
    told = tell(table, resumed, [w.user_id for w in waits])
    row = await tables.write(tables.store.update_game(table.row, [told], waits, paused_at=None))
    return Table(row=row, game=table.game, state=table.state)


async def vacation(tables: Tables, table: Table, user_id: int, days: float) -> Table:
    """Away for `days` (0: back now). What the table does meanwhile is its own setting."""
    running_only(table)
    _seated(table, user_id)
    chosen = Pace.model_validate(table.row.pace)
    if days < 0 or days > chosen.vacation_days:
        raise PlayerError(m("bot.attendance.too_long", n=chosen.vacation_days))
    away = table.row.away
    if days == 0:
        if user_id not in away:
            raise PlayerError(m("bot.attendance.not_away"))
        until = None
        said = m("bot.attendance.back", who=f"<@{user_id}>")
    else:
        until = tables.clock() + timedelta(days=days)
        said = m(
            "bot.attendance.away",
            who=f"<@{user_id}>",
            until=f"<t:{int(until.timestamp())}:f>",
            meanwhile=m(f"bot.attendance.meanwhile.{chosen.on_vacation}"),
        )
    waits = table.row.waits
    fresh = [
        w.model_copy(update={"remind_at": None, "reminders": 0}) if w.user_id == user_id else w
        for w in waits.values()
    ]
    away = {u: t for u, t in away.items() if u != user_id}
    if until is not None:
        away[user_id] = until
    scheduled = tables.scheduled(table, fresh, away)
    await tables.store.set_away(table.row, user_id, until, [tell(table, said)], scheduled)
    return table


def check_replace(table: Table, old: int, new: int, new_is_bot: bool) -> list[int]:
    """The seats `old` holds, if `new` may take them over; otherwise why not."""
    running_only(table)
    assert table.state is not None
    seats = table.seats_of(old)
    if not seats:
        raise PlayerError(m("bot.attendance.no_seat", who=f"<@{old}>"))
    if new_is_bot:
        raise PlayerError(m("bot.attendance.bot_seat"))
    if new in table.row.players:
        raise PlayerError(m("bot.attendance.already_plays", who=f"<@{new}>"))
    return seats


async def replace(
    tables: Tables, table: Table, old: int, new: int, by: int, can_manage: bool
) -> Table:
    """Give `old`'s seats to `new`: they get the seats' secrets by DM at once, and `old` can no
    longer act or read them; the table is told."""
    steward_only(table, by, can_manage, m("bot.attendance.doing.replace"))
    seats = check_replace(table, old, new, new_is_bot=False)
    assert table.state is not None
    names = [table.game.seat_name(table.state, s) for s in seats]
    gave = m(
        "bot.attendance.replaced", by=f"<@{by}>", old=f"<@{old}>", seats=names, new=f"<@{new}>"
    )
    return await reseat(tables, table, old, new, gave, [new])


async def reseat(
    tables: Tables, table: Table, old: int, new: int, said: Msg, ping: list[int]
) -> Table:
    """Store `old`'s seats as `new`'s (a person, or a computer that reads the state instead of
    DMs), with the waits moved over and the table told `said`, pinging `ping`. While a seat
    moved owes a decision the table is told by a turn post, so the channel asks the seat's new
    holder by name, with its buttons (a computer gets none): the old turn message asked
    someone else."""
    assert table.state is not None
    seats = table.seats_of(old)
    players = [new if p == old else p for p in table.row.players]
    row = table.row.model_copy(update={"players": players, "version": table.row.version + 1})
    after = Table(row=row, game=table.game, state=table.state)  # as the store will have it
    owing = any(s in table.prompts() for s in seats)
    told = posts.for_change(after, said, ping=ping) if owing else [tell(after, said, ping)]
    for s in seats:
        secret = table.game.hand_text(table.state, s)
        if secret is not None and not is_computer(new):
            told.append(posts.private(after, s, speech.to_seat(after, s, secret)))
    fresh = [
        w.model_copy(
            update={"user_id": new, "reminders": 0, "remind_at": None, "limit_told": False}
        )
        if w.seat in seats
        else w
        for w in table.row.waits.values()
    ]
    away = {u: t for u, t in table.row.away.items() if u != old}
    waits = tables.scheduled(after, fresh, away)
    row = await tables.write(
        tables.store.update_game(table.row, told, waits, back=old, players=players)
    )
    tables.forget(row.id)
    return Table(row=row, game=table.game, state=table.state)


async def resign(tables: Tables, table: Table, user_id: int) -> Table:
    """Neither built game lets a player leave mid-game, so a player who must go asks to be
    replaced: the table is told, and the host can hand the seat on."""
    running_only(table)
    _seated(table, user_id)
    leaving = m(
        "bot.attendance.resigns",
        who=f"<@{user_id}>",
        game=table.game.title,
        host=f"<@{table.row.host_id}>",
    )
    told = tell(table, leaving, [table.row.host_id])
    row = await tables.write(tables.store.update_game(table.row, [told]))
    return Table(row=row, game=table.game, state=table.state)
