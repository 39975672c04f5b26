"""Every game's generated slash commands satisfy Discord's registration rules, so adding a game
cannot break the bot's start-up sync."""

import re

import pytest

from bot.discord.action_commands import build_group
from engine import OrderAction
from engine.games import REGISTRY

NAME = re.compile(r"^[-_a-z0-9]{1,32}$")


@pytest.mark.parametrize("game_key", sorted(REGISTRY))
def test_generated_commands_fit_discords_rules(game_key: str):
    game = REGISTRY[game_key]
    group = build_group(game)
    assert NAME.match(group.name) and 1 <= len(group.description) <= 100
    assert 1 <= len(group.commands) <= 25
    for command in group.commands:
        assert NAME.match(command.name), command.name
        assert 1 <= len(command.description) <= 100
        params = command.parameters
        assert len(params) <= 25
        required = [p.required for p in params]
        assert required == sorted(required, reverse=True), f"{command.name}: optional first"
        for param in params:
            assert NAME.match(param.name) and 1 <= len(param.description) <= 100
            assert param.autocomplete, f"{command.name} {param.name} has no suggestions"


@pytest.mark.parametrize("game_key", sorted(REGISTRY))
def test_every_action_kind_has_its_own_subcommand(game_key: str):
    """Except secret orders, which are written line by line with `/game order`."""
    game = REGISTRY[game_key]
    kinds = {
        t.model_fields["kind"].default for t in game.action_types if not issubclass(t, OrderAction)
    }
    assert {c.name for c in build_group(game).commands} == kinds
