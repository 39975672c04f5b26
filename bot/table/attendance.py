"""Who is at the table: the pace it keeps, pauses, time away, replacing a player, resigning.

Each change is stored together with what the table is told of it and with the waits worked out
anew, so reminders and limits follow at once; nothing here talks to Discord.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import ValidationError

from bot.table import posts
from bot.table.model import PlayerError, Table
from bot.table.pace import Pace, refusal
from bot.table.tables import Tables
from engine.messages import say


def _steward(table: Table, user_id: int, can_manage: bool, what: str) -> None:
    if user_id != table.row.host_id and not can_manage:
        raise PlayerError(f"Only the host or someone with Manage Channels can {what}.")


def _running(table: Table) -> None:
    if table.state is None or table.row.status != "active":
        raise PlayerError("There is no game running in this channel.")


async def set_pace(
    tables: Tables, table: Table, user_id: int, can_manage: bool, changes: dict[str, Any]
) -> Table:
    """Change the table's pace (in the lobby or during play); the clocks follow at once."""
    _steward(table, user_id, can_manage, "change the table's settings")
    try:
        chosen = Pace.model_validate({**table.row.pace, **changes})
    except ValidationError as exc:
        raise PlayerError(f"Those settings were not changed. {refusal(exc)}") from None
    told = []
    waits = None
    if table.row.status == "active":
        told = [posts.notice(f"⚙️ <@{user_id}> changed this table's pace: {chosen.summary()}.")]
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
    _running(table)
    _steward(table, user_id, can_manage, "pause the game")
    if table.row.paused_at is not None:
        raise PlayerError("The game is already paused; `/game table resume` starts it again.")
    now = tables.clock()
    told = posts.notice(
        f"⏸️ <@{user_id}> paused the game: no reminders or turn limits until "
        "`/game table resume`. Moves still count if anyone makes one."
    )
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
    _running(table)
    _steward(table, user_id, can_manage, "resume the game")
    if table.row.paused_at is None:
        raise PlayerError("The game is not paused.")
    now = tables.clock()
    running = table.row.model_copy(update={"paused_at": None})
    fresh = [
        w.model_copy(update={"since": now, "reminders": 0, "remind_at": None, "limit_told": False})
        for w in table.row.waits.values()
    ]
    waits = tables.scheduled(Table(row=running, game=table.game, state=table.state), fresh)
    told = posts.notice(f"▶️ <@{user_id}> resumed the game.", [w.user_id for w in waits])
    row = await tables.write(tables.store.update_game(table.row, [told], waits, paused_at=None))
    return Table(row=row, game=table.game, state=table.state)


async def vacation(tables: Tables, table: Table, user_id: int, days: float) -> Table:
    """Away for `days` (0: back now). What the table does meanwhile is its own setting."""
    _running(table)
    if not table.seats_of(user_id):
        raise PlayerError("You are not playing in this game.")
    chosen = Pace.model_validate(table.row.pace)
    if days < 0 or days > chosen.vacation_days:
        raise PlayerError(
            f"This table allows time away of up to {chosen.vacation_days} days; "
            "ask the host to change it with `/game settings` if you need longer."
        )
    away = table.row.away
    if days == 0:
        if user_id not in away:
            raise PlayerError("You are not away from this game.")
        until = None
        text = f"🏠 <@{user_id}> is back."
    else:
        until = tables.clock() + timedelta(days=days)
        stamp = int(until.timestamp())
        meanwhile = (
            "their clocks wait until then"
            if chosen.on_vacation == "pause"
            else "the table plays the default for them meanwhile"
        )
        text = f"🌴 <@{user_id}> is away until <t:{stamp}:f>; {meanwhile}."
    waits = table.row.waits
    fresh = [
        w.model_copy(update={"remind_at": None, "reminders": 0}) if w.user_id == user_id else w
        for w in waits.values()
    ]
    away = {u: t for u, t in away.items() if u != user_id}
    if until is not None:
        away[user_id] = until
    scheduled = tables.scheduled(table, fresh, away)
    await tables.store.set_away(table.row, user_id, until, [posts.notice(text)], scheduled)
    return table


def check_replace(table: Table, old: int, new: int, new_is_bot: bool) -> list[int]:
    """The seats `old` holds, if `new` may take them over; otherwise why not."""
    _running(table)
    assert table.state is not None
    seats = table.seats_of(old)
    if not seats:
        raise PlayerError(f"<@{old}> holds no seat in this game.")
    if new_is_bot:
        raise PlayerError("A bot cannot take a seat; pick a person.")
    if new in table.row.players:
        raise PlayerError(f"<@{new}> already plays in this game.")
    return seats


async def replace(
    tables: Tables, table: Table, old: int, new: int, by: int, can_manage: bool
) -> Table:
    """Give `old`'s seats to `new`: they get the seats' secrets by DM at once, and `old` can no
    longer act or read them; the table is told."""
    _steward(table, by, can_manage, "replace a player")
    seats = check_replace(table, old, new, new_is_bot=False)
    assert table.state is not None
    players = [new if p == old else p for p in table.row.players]
    after_row = table.row.model_copy(update={"players": players})
    after = Table(row=after_row, game=table.game, state=table.state)
    names = ", ".join(table.state.seat_names[s] for s in seats)
    told = [
        posts.notice(
            f"🔁 <@{by}> gave <@{old}>'s seat ({names}) to <@{new}>. Welcome, <@{new}>: "
            "`/game status` shows where things stand.",
            [new],
        )
    ]
    for seat in seats:
        secret = table.game.hand_text(table.state, seat)
        if secret is not None:
            told.append(posts.private(after, seat, say(secret)))
    current = table.row.waits
    away = {u: t for u, t in table.row.away.items() if u != old}
    waits = tables.scheduled(
        after,
        [
            w.model_copy(
                update={"user_id": new, "reminders": 0, "remind_at": None, "limit_told": False}
            )
            if w.seat in seats
            else w
            for w in current.values()
        ],
        away,
    )
    row = await tables.write(
        tables.store.update_game(table.row, told, waits, back=old, players=players)
    )
    tables.forget(row.id)
    return Table(row=row, game=table.game, state=table.state)


async def resign(tables: Tables, table: Table, user_id: int) -> Table:
    """Neither built game lets a player leave mid-game, so a player who must go asks to be
    replaced: the table is told, and the host can hand the seat on."""
    _running(table)
    if not table.seats_of(user_id):
        raise PlayerError("You are not playing in this game.")
    told = posts.notice(
        f"🙋 <@{user_id}> has to leave and asks to be replaced. The rules of "
        f"{table.game.title} have no way to resign, so <@{table.row.host_id}> (or someone "
        "with Manage Channels) can hand the seat to another member with `/game seat replace`.",
        [table.row.host_id],
    )
    row = await tables.write(tables.store.update_game(table.row, [told]))
    return Table(row=row, game=table.game, state=table.state)
