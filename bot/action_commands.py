"""Slash commands built from a game's action types, so a new game needs no bot code.

Each game gets a command group named by `Game.short_name`; each action kind becomes a subcommand
whose parameters are the action's fields. Every parameter autocompletes from the game's legal
actions for the invoking player, narrowed by the parameters already filled in. Order sheets
(`OrderAction` kinds) get no command of their own: `/game order` writes them line by line and
their Submit button sends them (bot/orders.py).
"""

from __future__ import annotations

import inspect
from typing import Any, get_args

import discord
from discord import app_commands

from bot import limits
from bot.game_commands import GUILD_ONLY
from bot.interactions import bot_of
from engine import ActionBase, Game, OrderAction


def _annotation(field: Any) -> type:
    hint = field.annotation
    if hint is int or int in get_args(hint):
        return int
    return str


def _fields(action_type: type[ActionBase]) -> dict[str, Any]:
    return {n: f for n, f in action_type.model_fields.items() if n != "kind"}


def build_group(game: Game) -> app_commands.Group:
    group = app_commands.Group(
        name=game.short_name,
        description=f"Play {game.title}"[: limits.DESCRIPTION],
        allowed_contexts=GUILD_ONLY,
    )
    for action_type in game.action_types:
        if not issubclass(action_type, OrderAction):
            group.add_command(_build_command(game, action_type))
    return group


def _build_command(game: Game, action_type: type[ActionBase]) -> app_commands.Command:
    kind: str = action_type.model_fields["kind"].default
    fields = _fields(action_type)

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        data = {"kind": kind, **{k: v for k, v in values.items() if v is not None}}
        await bot_of(interaction).turns.command(interaction, data, game=game.id)

    params = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    for name, field in fields.items():
        params.append(
            inspect.Parameter(
                name,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=_annotation(field),
                default=inspect.Parameter.empty if field.is_required() else None,
            )
        )
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    described = app_commands.describe(
        **{n: (f.description or n)[: limits.DESCRIPTION] for n, f in fields.items()}
    )(callback)
    command = app_commands.Command(
        name=kind,
        description=(action_type.summary or kind)[: limits.DESCRIPTION],
        callback=described,
    )
    for name in fields:
        command.autocomplete(name)(_autocompleter(game, kind, name))
    return command


def _autocompleter(game: Game, kind: str, focused: str) -> Any:
    async def complete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        bot = bot_of(interaction)
        table = await bot.tables.current(interaction.channel_id or 0)
        if table is None or table.state is None or table.game.id != game.id:
            return []
        filled = {
            name: str(value)
            for name, value in vars(interaction.namespace).items()
            if name != focused and value is not None and value != ""
        }
        needle = str(current).lower()
        seen: dict[Any, str] = {}
        for _, action in bot.tables.legal_for(table, interaction.user.id, kind):
            values = action.model_dump()
            if any(str(values.get(k)) != v for k, v in filled.items() if k in values):
                continue
            value = values[focused]
            if value in seen or value == "":
                continue  # "" means "leave this option out", which needs no suggestion
            label = game.label_value(table.state, kind, focused, value) or str(value)
            if needle and needle not in label.lower() and needle not in str(value).lower():
                continue
            seen[value] = label
            if len(seen) == limits.CHOICES:
                break
        return [
            app_commands.Choice(name=label[: limits.CHOICE_NAME], value=value)
            for value, label in seen.items()
        ]

    return complete
