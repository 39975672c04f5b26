"""What every command option and every click is checked for before a handler sees it.

Discord bounds an option's value and only delivers clicks on controls a message carries, but a
hand-made payload skips both, and the store's integers are signed 64-bit: a 20-digit number
reaching a query would end in the generic apology instead of a reason. So each number a control
id or an option carries is held to its bounds here, and refused with what was wrong.

A control that is answered by rewriting its own message (Undo, Confirm, page turns, an order
sheet's Submit and Clear) only ever sits on a private answer. A click on one that arrives on any
other message did not come from it, and rewriting that message would put a refusal (or another
player's page) where the whole channel reads it; it is refused in a new private answer instead.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord.interactions import handling, let_go_when_handled
from bot.table.model import PlayerError
from engine.messages import Msg, m

if TYPE_CHECKING:
    from bot.discord.app import GameBot

ID_MAX = 2**63 - 1
"""The largest id or count the store can hold (SQLite's signed 64-bit integers); Discord's
snowflakes stay below it."""
OPTION_MAX = 2**53
"""The largest integer Discord lets a command option carry, either way from zero."""
NUMBER = re.compile(r"\d+")
SHOWN = 12
"""Digits of an oversized number echoed back: enough to recognise it, never a wall of them."""

IN_PLACE = ("undo", "confirm", "page", "orders", "forget")
"""Kinds of control answered by rewriting the message they are on: all live on private answers."""


def _shown(digits: str) -> Msg:
    """A number someone sent, as it may be repeated back: its head when it is long."""
    if len(digits) <= SHOWN:
        return m("core.name", name=digits)
    return m("bot.checked.digits", head=digits[:SHOWN], n=len(digits))


def oversized(custom_id: str) -> Msg | None:
    """Why a control id cannot be one of the bot's: a number in it too large to be an id."""
    for digits in NUMBER.findall(custom_id):
        if int(digits) > ID_MAX:
            return m("bot.checked.oversized", number=_shown(digits))
    return None


MISPLACED = {
    "undo": m("bot.checked.misplaced.undo"),
    "confirm": m("bot.checked.misplaced.confirm"),
    "page": m("bot.checked.misplaced.page"),
    "orders": m("bot.checked.misplaced.orders"),
    "forget": m("bot.checked.misplaced.forget"),
}
"""Why each kind of control answered in place refuses a click on any other message."""


def misplaced(message: discord.Message | None, custom_id: str) -> Msg | None:
    """Why a click may not rewrite `message`: its control belongs on a private answer and
    `message` is not one (a channel post, the turn message), or there is no message at all."""
    kind = custom_id.split(":", 1)[0]
    if kind not in IN_PLACE or (message is not None and message.flags.ephemeral):
        return None
    return MISPLACED[kind]


def payload(interaction: discord.Interaction) -> Mapping[str, Any]:
    """The interaction's raw data as Discord sent it, read by key: which keys it has depends
    on the kind of interaction, and every reader checks the ones it uses."""
    return interaction.data or {}


class Checked:
    """Mixed into every persistent control: refuses, privately and with its reason, a click
    whose id carries an oversized number or that came from a message the control is not on
    for its purpose, before the handler can act on it or rewrite the message."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        let_go_when_handled(interaction)
        custom_id = str(payload(interaction).get("custom_id", ""))
        reason = oversized(custom_id) or misplaced(interaction.message, custom_id)
        if reason is None:
            return True
        async with handling(interaction):
            raise PlayerError(reason)
        return False

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """discord.py types a control's callback for any client; the bot's controls are only
        ever registered on the bot, so the click is handed on typed as the bot's, and each
        control reaches the bot's services through it without a cast.

        discord.py rebuilds the clicked message's whole view around this control for each
        click, each item and the view referring to each other; nothing uses that view once
        the click is handled, so it is emptied here rather than left to the cyclic
        collector."""
        try:
            await self.clicked(interaction)
        finally:
            view = getattr(self, "view", None)
            if isinstance(view, discord.ui.View):
                view.clear_items()

    async def clicked(self, interaction: discord.Interaction[GameBot]) -> None:
        """What the click does, once checked; every control defines it."""
        raise NotImplementedError(type(self).__name__)


def _leaves(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A command's own options, below any subcommand groups and subcommands."""
    for option in options:
        if option.get("type") in (1, 2):
            return _leaves(option.get("options") or [])
    return options


def _carried(value: int | float | str) -> bool:
    """Whether Discord could have sent `value`: a finite number within its integer limit.
    Anything nearer zero is left to the command, which names its own bounds in the table's
    words."""
    try:
        number = float(value)
    except (ValueError, OverflowError):
        return False
    return -OPTION_MAX <= number <= OPTION_MAX


def option_refusal(interaction: discord.Interaction) -> Msg | None:
    """Why a command's options cannot be used: a number no Discord client could send (not
    finite, or beyond Discord's integer limit), named with the option's own range, or a text
    longer than the option allows."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return None
    for option in _leaves(list(payload(interaction).get("options") or [])):
        name, value = str(option.get("name", "")), option.get("value")
        parameter = next((p for p in command.parameters if p.display_name == name), None)
        if parameter is None:
            continue
        shown = parameter.display_name
        if option.get("type") in (4, 10) and isinstance(value, int | float | str):
            low, high = parameter.min_value, parameter.max_value
            if not _carried(value):
                text = str(value)
                if low is not None and high is not None:
                    return m(
                        "bot.checked.number_between",
                        option=shown,
                        low=f"{low:g}",
                        high=f"{high:g}",
                        given=_shown(text),
                    )
                return m(
                    "bot.checked.number_near_zero",
                    option=shown,
                    most=str(OPTION_MAX),
                    given=_shown(text),
                )
        elif option.get("type") == 3 and isinstance(value, str):
            longest = parameter.max_value  # a text option keeps its length bounds here
            if longest is not None and len(value) > longest:
                return m("bot.checked.too_long", option=shown, n=int(longest), sent=len(value))
    return None
