"""Plays any game through the stand-in as its players would: typed commands checked against
autocomplete, and buttons clicked where the bot offers them. A policy decides what to play:
`seated` lets the engine's players (`engine.players`) decide, each from its own seat's view and
prompt, so any registered game can be driven without a policy of its own."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from bot.table import limits
from bot.table.model import Table
from bot.table.speech import in_channel
from engine import ActionBase, OrderAction
from engine.players import Player, player_for, seen
from tests.bot.harness import Session, reply_text
from tests.standin import MessageRecord, UserRecord

Policy = Callable[[Table], tuple[int, ActionBase]]
"""Given the live table, which seat acts and with what."""


def seated(seed: int = 0, players: Mapping[int, Player] | None = None) -> Policy:
    """The lowest seat being waited for acts, decided by its player in `players`, or else by
    the game's own player (the random one for a game without), seeded from `seed` and the seat.
    A player sees what its seat is shown and nothing of the table behind it."""
    chosen = dict(players or {})

    def play(table: Table) -> tuple[int, ActionBase]:
        prompts = table.prompts()
        seat = min(prompts)
        if seat not in chosen:
            chosen[seat] = player_for(table.game, seed * 10 + seat)
        return seat, chosen[seat](seen(table.game, table.state, seat, prompts[seat]))

    return play


def button_for(session: Session, custom_prefix: str, label: str) -> tuple[MessageRecord, str]:
    """The latest message offering the choice, and its button's label as shown: labelled with
    whose it is ("Red · Harbor") when several seats' buttons share the message."""
    for message in reversed(session.posts()):
        for component in message.iter_components():
            shown = str(component.get("label", ""))
            if (shown == label or shown.endswith(f" · {label}")) and str(
                component.get("custom_id", "")
            ).startswith(custom_prefix):
                return message, shown
    raise AssertionError(f"no message offers a {label!r} button")


def latest_with_button(session: Session, custom_prefix: str, label: str) -> MessageRecord:
    return button_for(session, custom_prefix, label)[0]


def offered(session: Session, table: Table, seat: int, label: str) -> bool:
    """Whether the choice has a button: a prompt with more choices than a message holds
    buttons offers the rest only as the typed command, which a player then uses."""
    choices = [in_channel(table, c.msg) for c in table.prompts()[seat].choices]
    return label in choices[: limits.BUTTONS]


async def step(session: Session, users: dict[int, UserRecord], policy: Policy) -> str:
    """Take one action for whoever the policy picks; return the bot's answer to them."""
    table = await session.table()
    seat, action = policy(table)
    user = users[table.holder(seat)]
    data: dict[str, Any] = action.model_dump(mode="json")
    if isinstance(action, OrderAction):
        return await submit_orders(session, user, action.chosen())
    for choice in table.prompts()[seat].choices:
        label = in_channel(table, choice.msg)  # as the table's language shows it
        if choice.action == data and offered(session, table, seat, label):
            message, shown = button_for(session, f"choice:{table.row.id}:{seat}:", label)
            return reply_text(await session.click(user, message, shown))
    fields = {k: v for k, v in data.items() if k != "kind" and v != ""}
    return await session.play(user, table.game.short_name, action.kind, **fields)


async def submit_orders(session: Session, user: UserRecord, lines: dict[str, str]) -> str:
    """Write secret orders as a player does: each line with `/game order`, both options picked
    from what autocomplete offers (so bound to the sheet they were offered for), then **Submit
    orders** on the private panel `/game orders` shows. Returns the panel's answer (a "✅" line
    once submitted)."""
    table = await session.table()
    seat = next(s for s in table.seats_of(user.id) if s in table.prompts())
    sheet = table.prompts()[seat].sheet
    assert sheet is not None
    for key, value in lines.items():
        line = sheet.line(key)
        assert line is not None
        if line.locked:
            continue
        picked = await session.picked(user, "game", "order", unit=key, to=value)
        record = await session.command(user, "game", "order", **picked)
        assert record.reply is not None and record.reply.ephemeral
    sheet = await session.picked(user, "game", "orders")
    panel = (await session.command(user, "game", "orders", **sheet)).reply
    assert panel is not None and panel.ephemeral
    await session.press(user, panel, ":submit")
    return session.standin.message(panel.id).content


async def play_until_over(
    session: Session,
    users: dict[int, UserRecord],
    policy: Policy,
    *,
    max_steps: int = 300,
    before_step: Callable[[int], Awaitable[None]] | None = None,
) -> int:
    """Step until the game is over; `before_step(n)` may interleave extra checks. Returns steps."""
    for n in range(max_steps):
        table = await session.bot.tables.by_id(session.game_id)  # type: ignore[union-attr]
        assert table is not None
        if table.row.status == "finished":
            return n
        if before_step is not None:
            await before_step(n)
        answer = await step(session, users, policy)
        assert answer.startswith("✅"), answer
    raise AssertionError(f"no result after {max_steps} steps")
