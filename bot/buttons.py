"""Buttons that keep working after a restart: their custom ids carry everything needed.

`lobby:<game>:<op>` for the lobby, `choice:<game>:<seat>:<key>` for a decision, where the key
is a hash of the complete action, so a click is checked against the prompt as it is now.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import present
from bot.interactions import handling, perform
from bot.options import OptionField, option_fields, value_label
from bot.tables import PlayerError
from engine import Game, QuickChoice

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
}


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"choice:(?P<game>\d+):(?P<seat>\d+):(?P<key>[0-9a-f]{8})",
):
    def __init__(self, game_id: int, seat: int, choice: QuickChoice | None, key: str = "") -> None:
        key = present.choice_key(choice) if choice is not None else key
        super().__init__(
            discord.ui.Button(
                label=choice.label[:80] if choice else "…",
                style=STYLES[choice.style] if choice else discord.ButtonStyle.secondary,
                custom_id=f"choice:{game_id}:{seat}:{key}",
            )
        )
        self.game_id, self.seat, self.key = game_id, seat, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> ChoiceButton:
        return cls(int(match["game"]), int(match["seat"]), None, match["key"])

    async def callback(self, interaction: discord.Interaction) -> Any:
        bot = interaction.client
        table = await bot.tables.by_id(self.game_id)  # type: ignore[attr-defined]
        prompt = None if table is None else table.prompts().get(self.seat)
        choice = None if prompt is None else present.find_choice(prompt, self.key)
        if choice is None:
            async with handling(interaction):
                raise PlayerError("That decision has already been made or is no longer open.")
            return
        after = await perform(interaction, choice.action, game_id=self.game_id, seat=self.seat)
        if after is not None and interaction.message is not None:
            await interaction.message.edit(
                content=f"{interaction.message.content}\n✔️ {interaction.user.mention}: "
                f"{choice.label}",
                view=None,
                allowed_mentions=discord.AllowedMentions.none(),
            )


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"lobby:(?P<game>\d+):(?P<op>join|leave|start)",
):
    def __init__(self, game_id: int, op: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=op.capitalize(), style=LOBBY_LOOK[op], custom_id=f"lobby:{game_id}:{op}"
            )
        )
        self.game_id, self.op = game_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> Any:
        from bot.lobby import lobby_op

        await lobby_op(interaction, self.op, game_id=self.game_id)


class OptionSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"option:(?P<game>\d+):(?P<field>[a-z_]+)",
):
    """A lobby menu for one setup option; only the host's choice takes effect."""

    def __init__(self, game_id: int, field: OptionField | None, chosen: Any = None) -> None:
        name = field.name if field else "option"
        options = [
            discord.SelectOption(
                label=f"{field.name.replace('_', ' ')}: {value_label(v)}"[:100],
                value=str(v)[:100],
                default=v == chosen,
            )
            for v in (field.values if field else [])
        ] or [discord.SelectOption(label="…", value="…")]
        super().__init__(
            discord.ui.Select(
                custom_id=f"option:{game_id}:{name}",
                options=options,
                placeholder=(field.description if field else name)[:150],
            )
        )
        self.game_id, self.field_name = game_id, name

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> OptionSelect:
        instance = cls(int(match["game"]), None)
        instance.field_name = match["field"]
        return instance

    async def callback(self, interaction: discord.Interaction) -> Any:
        from bot.lobby import choose_option

        await choose_option(interaction, self.game_id, self.field_name, self.item.values[0])


def lobby_view(game_id: int, game: Game, chosen: dict[str, Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for op in ("join", "leave", "start"):
        view.add_item(LobbyButton(game_id, op))
    for field in option_fields(game)[:4]:
        view.add_item(OptionSelect(game_id, field, chosen.get(field.name, field.default)))
    return view
