"""Buttons and menus that keep working after a restart: their custom ids carry what they answer.

`choice:<game>:<seat>:<decision>:<key>` binds a button to one decision of one seat (the
engine's decision id changes whenever that decision is answered or replaced) and one complete
action (a hash of it); `orders:<game>:<seat>:<decision>:<digest>:<op>` binds Submit and Clear to
one seat's order sheet and the draft shown with them (a hash of it); `lobby:<game>:<op>` and
`option:<game>:<field>` belong to a lobby. Ids are untrusted input: the patterns bound every
number, and the handlers check the game against the channel the click came from. The handlers
themselves live on the bot (`bot.discord.turns`, `bot.discord.orders`, `bot.lobbies`), so this
module imports none of them.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.checked import Checked
from bot.discord.privacy import ForgetButton
from bot.discord.record_commands import PageButton
from bot.table import limits
from bot.table.options import OptionField, option_fields
from engine import Game
from engine.messages import ENGLISH, m, say

if TYPE_CHECKING:
    from bot.discord.app import GameBot
    from bot.table.posts import ButtonSpec, Control

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}

LOBBY_LOOK = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
    "casual": discord.ButtonStyle.secondary,
    "strong": discord.ButtonStyle.secondary,
    "uncomputer": discord.ButtonStyle.secondary,
}
LOBBY_LABELS = {
    "join": m("bot.buttons.lobby.join"),
    "leave": m("bot.buttons.lobby.leave"),
    "start": m("bot.buttons.lobby.start"),
    "casual": m("bot.buttons.lobby.casual"),
    "strong": m("bot.buttons.lobby.strong"),
    "uncomputer": m("bot.buttons.lobby.uncomputer"),
}
"""The lobby's buttons: a seat taken or left, the start, a computer seated at each level and
the last one sent away (host only; shown while a computer is seated)."""
LOBBY_OPS = tuple(LOBBY_LABELS)
ORDER_LABELS = {"submit": m("bot.buttons.orders.submit"), "clear": m("bot.buttons.orders.clear")}

GAME = r"(?P<game>[1-9]\d{0,17})"
"""A game row id: at most 18 digits, so it always fits the database's 64-bit integers."""


class ChoiceButton(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"choice:" + GAME + r":(?P<seat>\d{1,2}):(?P<decision>\d{1,9}):(?P<key>[0-9a-f]{8})",
):
    def __init__(
        self, game_id: int, seat: int, decision: int, key: str, label: str = "…", style: str = ""
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=limits.clip(label, limits.BUTTON_LABEL),
                style=STYLES.get(style, discord.ButtonStyle.secondary),
                custom_id=f"choice:{game_id}:{seat}:{decision}:{key}",
            )
        )
        self.game_id, self.seat, self.decision, self.key = game_id, seat, decision, key

    @classmethod
    def choices_view(cls, game_id: int, specs: list[ButtonSpec]) -> discord.ui.View:
        """Each seat's buttons from a row of their own, so whose they are reads at a glance."""
        view = discord.ui.View(timeout=None)
        row = 0
        for spec in specs:
            choices = spec.choices[: limits.BUTTONS]
            for index, choice in enumerate(choices):
                if row + index // limits.PER_ROW >= limits.ROWS:
                    break
                button = cls(
                    game_id,
                    spec.seat,
                    spec.decision,
                    choice["key"],
                    choice["label"],
                    choice["style"],
                )
                button.item.row = row + index // limits.PER_ROW
                view.add_item(button)
            row += -(-len(choices) // limits.PER_ROW)
        return view

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceButton:
        return cls(int(match["game"]), int(match["seat"]), int(match["decision"]), match["key"])

    async def clicked(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.turns.click(
            interaction, self.game_id, self.seat, self.decision, self.key
        )


class OrdersButton(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"orders:"
    + GAME
    + r":(?P<seat>\d{1,2}):(?P<decision>\d{1,9}):(?P<digest>[0-9a-f]{8}):(?P<op>submit|clear)",
):
    """Submits (or clears) one seat's draft of secret orders, exactly as it was shown."""

    def __init__(
        self,
        game_id: int,
        seat: int,
        decision: int,
        digest: str,
        op: str,
        whose: str = "",
        language: str = ENGLISH,
    ) -> None:
        said = ORDER_LABELS["submit" if op == "submit" else "clear"]
        if whose:
            said = m("bot.buttons.orders.whose", what=said, whose=whose)
        super().__init__(
            discord.ui.Button(
                label=limits.clip(say(said, language), limits.BUTTON_LABEL),
                style=discord.ButtonStyle.success
                if op == "submit"
                else discord.ButtonStyle.secondary,
                custom_id=f"orders:{game_id}:{seat}:{decision}:{digest}:{op}",
            )
        )
        self.game_id, self.seat, self.decision, self.digest, self.op = (
            game_id,
            seat,
            decision,
            digest,
            op,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OrdersButton:
        return cls(
            int(match["game"]),
            int(match["seat"]),
            int(match["decision"]),
            match["digest"],
            match["op"],
        )

    async def clicked(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.orders.pressed(
            interaction, self.game_id, self.seat, self.decision, self.digest, self.op
        )


class LobbyButton(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"lobby:" + GAME + r":(?P<op>" + "|".join(LOBBY_OPS) + ")",
):
    def __init__(self, game_id: int, op: str, language: str = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=say(LOBBY_LABELS[op], language),
                style=LOBBY_LOOK[op],
                custom_id=f"lobby:{game_id}:{op}",
            )
        )
        self.game_id, self.op = game_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["game"]), match["op"])

    async def clicked(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.lobbies.op(interaction, self.op, game_id=self.game_id)


class OptionSelect(
    Checked,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"option:" + GAME + r":(?P<field>[a-z_]{1,32})",
):
    """A lobby menu for one setup option; only the host's choice takes effect."""

    def __init__(
        self,
        game_id: int,
        field: OptionField | None,
        chosen: Any = None,
        language: str = ENGLISH,
    ) -> None:
        name = field.name if field else "option"
        options = (
            [
                discord.SelectOption(
                    label=f"{field.title_in(language)}: {field.label(v, language)}"[
                        : limits.CHOICE_NAME
                    ],
                    value=str(v)[: limits.CHOICE_NAME],
                    default=v == chosen,
                )
                for v in field.values
            ]
            if field is not None
            else []
        ) or [discord.SelectOption(label="…", value="…")]
        super().__init__(
            discord.ui.Select(
                custom_id=f"option:{game_id}:{name}",
                options=options,
                placeholder=(field.described(language) if field else name)[: limits.PLACEHOLDER],
            )
        )
        self.game_id, self.field_name = game_id, name

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OptionSelect:
        instance = cls(int(match["game"]), None)
        instance.field_name = match["field"]
        return instance

    async def clicked(self, interaction: discord.Interaction[GameBot]) -> None:
        values = self.item.values
        await interaction.client.lobbies.choose_option(
            interaction, self.game_id, self.field_name, values[0] if values else ""
        )


USER = r"[1-9]\d{0,19}"
"""A Discord user id: at most 20 digits."""

CONFIRMABLE = ("abandon", "replace", "rewind", "force", "undo")


class ConfirmButton(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"confirm:"
    + GAME
    + r":(?P<op>"
    + "|".join(CONFIRMABLE)
    + r"):(?P<a>0|"
    + USER
    + r"):(?P<b>0|"
    + USER
    + r"):(?P<version>\d{1,9})",
):
    """Carries out a destructive command its asker confirmed, if the game is still exactly as
    it was when they asked (`version`); `a` and `b` are the command's own numbers."""

    def __init__(
        self, game_id: int, op: str, a: int, b: int, version: int, language: str = ENGLISH
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=say(m("bot.buttons.confirm"), language),
                style=discord.ButtonStyle.danger,
                custom_id=f"confirm:{game_id}:{op}:{a}:{b}:{version}",
            )
        )
        self.game_id, self.op, self.a, self.b, self.version = game_id, op, a, b, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ConfirmButton:
        return cls(
            int(match["game"]), match["op"], int(match["a"]), int(match["b"]), int(match["version"])
        )

    async def clicked(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.steward.confirmed(
            interaction, self.game_id, self.op, self.a, self.b, self.version
        )


class UndoButton(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"undo:" + GAME + r":(?P<version>\d{1,9})",
):
    """Offered with the answer to a move that may be taken back: asks to confirm the undo."""

    def __init__(self, game_id: int, version: int, language: str = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=say(m("bot.buttons.undo"), language),
                emoji="↩️",
                custom_id=f"undo:{game_id}:{version}",
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> UndoButton:
        return cls(int(match["game"]), int(match["version"]))

    async def clicked(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.steward.ask_undo(
            interaction, 1, game_id=self.game_id, version=self.version
        )


class VoteButton(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"vote:" + GAME + r":(?P<rewind>[1-9]\d{0,17}):(?P<yes>yes|no)",
):
    """One player's answer to a rewind the host asked the table for."""

    def __init__(self, game_id: int, rewind_id: int, yes: bool) -> None:
        super().__init__(
            discord.ui.Button(
                label=say(m("bot.takebacks.agree" if yes else "bot.takebacks.refuse")),
                style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
                custom_id=f"vote:{game_id}:{rewind_id}:{'yes' if yes else 'no'}",
            )
        )
        self.game_id, self.rewind_id, self.yes = game_id, rewind_id, yes

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> VoteButton:
        return cls(int(match["game"]), int(match["rewind"]), match["yes"] == "yes")

    async def clicked(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.steward.vote(interaction, self.game_id, self.rewind_id, self.yes)


SNOOZE = m("bot.buttons.snooze")
"""A reminder's "Remind me later" (the reminder itself is a post whose controls carry it)."""


class SnoozeButton(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"snooze:" + GAME + r":(?P<seat>\d{1,2}):(?P<decision>\d{1,9})",
):
    """ "Remind me later" on a reminder: the next one comes a few hours from now."""

    def __init__(self, game_id: int, seat: int, decision: int) -> None:
        super().__init__(
            discord.ui.Button(label=say(SNOOZE), custom_id=f"snooze:{game_id}:{seat}:{decision}")
        )
        self.game_id, self.seat, self.decision = game_id, seat, decision

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SnoozeButton:
        return cls(int(match["game"]), int(match["seat"]), int(match["decision"]))

    async def clicked(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.steward.snooze(interaction, self.game_id, self.seat, self.decision)


DYNAMIC_ITEMS = (
    ChoiceButton,
    OrdersButton,
    LobbyButton,
    OptionSelect,
    ConfirmButton,
    UndoButton,
    VoteButton,
    SnoozeButton,
    PageButton,
    ForgetButton,
)


def is_ours(custom_id: str) -> bool:
    """Whether a component id is one a handler above will take; anything else gets a refusal."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)


def undo_view(game_id: int, version: int, language: str = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(UndoButton(game_id, version, language))
    return view


def orders_view(
    game_id: int, drafts: list[tuple[int, int, str, str]], language: str = ENGLISH
) -> discord.ui.View:
    """Submit and Clear for each (seat, decision, digest, whose) draft shown, in the reader's
    `language`: a row each while five rows suffice."""
    view = discord.ui.View(timeout=None)
    shown = drafts[: limits.BUTTONS // 2]
    for row, (seat, decision, digest, whose) in enumerate(shown):
        for op in ("submit", "clear"):
            button = OrdersButton(game_id, seat, decision, digest, op, whose, language)
            if len(shown) <= limits.ROWS:
                button.item.row = row
            view.add_item(button)
    return view


def confirm_view(
    game_id: int, op: str, a: int, b: int, version: int, language: str = ENGLISH
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(game_id, op, a, b, version, language))
    return view


def controls_view(controls: list[Control]) -> discord.ui.View:
    """Plain buttons for a post's controls; a click reaches the dynamic item matching its id."""
    view = discord.ui.View(timeout=None)
    for control in controls[: limits.BUTTONS]:
        view.add_item(
            discord.ui.Button(
                label=limits.clip(control.label, limits.BUTTON_LABEL),
                style=discord.ButtonStyle.link if control.url else STYLES[control.style],
                custom_id=control.custom_id,
                url=control.url,
            )
        )
    return view


def lobby_view(
    game_id: int,
    game: Game,
    chosen: dict[str, Any],
    language: str = ENGLISH,
    *,
    computers: bool = False,
) -> discord.ui.View:
    """The lobby's buttons and option menus, in the table's `language`; `computers`: whether a
    computer is seated, which may be sent away. The menus take the rows the buttons leave
    (`/game option` sets every option)."""
    view = discord.ui.View(timeout=None)
    ops = [op for op in LOBBY_OPS if op != "uncomputer" or computers]
    for op in ops:
        view.add_item(LobbyButton(game_id, op, language))
    button_rows = -(-len(ops) // limits.PER_ROW)
    for field in option_fields(game)[: limits.ROWS - button_rows]:
        chosen_value = chosen.get(field.name, field.default)
        view.add_item(OptionSelect(game_id, field, chosen_value, language))
    return view
