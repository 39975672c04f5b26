"""The slash commands stay inside Discord's limits as they grow, and `/game help` names them all.

Discord allows 25 subcommands or groups per command, 25 subcommands per group, groups nested
one deep, 25 options per command, names of 1-32 lowercase characters and descriptions of at
most 100; a command past any of these is refused at sync, which would take every command down.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

from discord import app_commands

from bot.discord.action_commands import build_group
from bot.discord.game_commands import GameCommands, subcommand_names
from bot.table import limits, present
from engine.games import REGISTRY
from engine.messages import languages

NAME = re.compile(r"^[-_\w]{1,32}$")


def check(command: app_commands.Command | app_commands.Group, depth: int) -> list[str]:
    where = command.qualified_name
    problems = []
    if not NAME.fullmatch(command.name) or command.name != command.name.lower():
        problems.append(f"{where}: bad name")
    if not 1 <= len(command.description) <= 100:
        problems.append(f"{where}: description of {len(command.description)} characters")
    if isinstance(command, app_commands.Group):
        if depth >= 2:
            problems.append(f"{where}: groups nest only one deep")
        if len(command.commands) > 25:
            problems.append(f"{where}: {len(command.commands)} subcommands (25 at most)")
        for child in command.commands:
            problems += check(child, depth + 1)
    else:
        if len(command.parameters) > 25:
            problems.append(f"{where}: {len(command.parameters)} options")
        for parameter in command.parameters:
            if not 1 <= len(parameter.description) <= 100:
                problems.append(f"{where} {parameter.name}: description too long or empty")
    return problems


def game_subcommands() -> dict[str, list[str]]:
    return subcommand_names(GameCommands())


def test_every_command_group_is_within_discords_limits():
    """Building the groups already fails past 25 children (discord.py refuses them); the
    check covers the rest."""
    groups = [GameCommands(), *(build_group(game) for game in REGISTRY.values())]
    problems = [p for group in groups for p in check(group, 0)]
    assert problems == []


def test_game_help_names_every_game_command():
    general = game_subcommands()
    text = present.help_text(None, general, {})
    for group, names in general.items():
        line = next(line for line in text.splitlines() if line.startswith(f"`/{group}`"))
        assert all(name in line for name in names)
    assert {"game", "game table", "game seat"} <= set(general)
    assert "pause" in general["game table"] and "replace" in general["game seat"]


def test_game_help_fits_one_embed_and_names_every_action_of_every_game():
    general = game_subcommands()
    actions = {
        group.name: [(c.name, c.description) for c in group.commands]
        for group in (build_group(game) for game in REGISTRY.values())
    }
    for language in languages():
        everywhere = present.help_text(None, general, actions, language)
        assert len(everywhere) <= limits.EMBED_DESCRIPTION
        for group, commands in actions.items():
            assert all(name in everywhere for name, _ in commands), group
        for game in REGISTRY.values():
            table = SimpleNamespace(game=game)
            text = present.help_text(table, general, actions, language)  # type: ignore[arg-type]
            assert len(text) <= limits.EMBED_DESCRIPTION, (game.id, language)
            for name, summary in actions[game.short_name]:
                assert f"`/{game.short_name} {name}` {summary}" in text
