"""`/rules [topic] [game]`: the project's own short summaries of a game's rules, only to the asker.

The game is the one in this channel (lobby or running), or the `game` option; with neither the
answer lists the games and asks which. The topics are the game's `rules_topics()`, data shipped
with each game's engine package, so a new game brings its summaries without bot code. The text
builders are pure functions, so tests check every answer fits one message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord.game_commands import GUILD_ONLY, game_autocomplete
from bot.discord.interactions import answer, handling
from bot.table import limits
from engine import Game
from engine.games import REGISTRY
from engine.rules_help import RulesTopic, match_topics

if TYPE_CHECKING:
    from bot.discord.app import GameBot

SEPARATOR = ":"
"""Between a game id and a topic id in a suggestion made before the game is known."""


def find_game(typed: str) -> Game | None:
    """A game by id, short name or title, as a player may type it or pick it."""
    needle = " ".join(typed.lower().split())
    for game in REGISTRY.values():
        if needle in (game.id, game.short_name, game.title.lower()):
            return game
    return None


def games_text() -> str:
    """The answer when no game is known: which games have summaries, and how to ask."""
    lines = ["There is no game in this channel. Which game's rules would you like?"]
    for game in REGISTRY.values():
        if game.rules_topics():
            lines.append(f"- **{game.title}**: `/rules game:{game.short_name}`")
    lines.append("Add `topic:` for one part of the rules; it suggests topics as you type.")
    return "\n".join(lines)


def topic_list(topics: list[RulesTopic]) -> str:
    return " · ".join(t.title for t in topics[1:])


def overview_text(game: Game, topics: list[RulesTopic]) -> str:
    """The overview topic, then the titles of all the others."""
    return (
        f"📖 **{game.title}: the rules in short**\n{topics[0].text}\n\n"
        f"**Topics** (`/rules topic:`): {topic_list(topics)}"
    )


def topic_text(game: Game, topic: RulesTopic) -> str:
    return f"📖 **{game.title} · {topic.title}**\n{topic.text}\n\n-# `/rules` lists every topic."


def unknown_topic_text(game: Game, topics: list[RulesTopic], typed: str) -> str:
    return f"No {game.title} topic matches “{limits.clip(typed, 80)}”. Topics: {topic_list(topics)}"


def rules_text(game: Game | None, typed: str | None) -> str:
    """The whole answer for a game (None: not known) and the topic as typed or picked."""
    typed = (typed or "").strip()
    if game is None and SEPARATOR in typed:
        game_id, _, rest = typed.partition(SEPARATOR)
        if game_id in REGISTRY:
            game, typed = REGISTRY[game_id], rest
    if game is None and typed:
        found = [g for g in REGISTRY.values() if match_topics(g.rules_topics(), typed)]
        if len(found) == 1:
            game = found[0]
    if game is None:
        return games_text()
    topics = game.rules_topics()
    if not topics:
        return f"I have no summary of {game.title}'s rules yet."
    if not typed:
        return overview_text(game, topics)
    matches = match_topics(topics, typed)
    if not matches:
        return unknown_topic_text(game, topics, typed)
    if matches[0].id == "overview":
        return overview_text(game, topics)
    return topic_text(game, matches[0])


async def _game_here(interaction: discord.Interaction[GameBot], chosen: str | None) -> Game | None:
    """The game named by the option, else the one in this channel, else None."""
    if chosen:
        return find_game(chosen)
    table = await interaction.client.tables.current(interaction.channel_id or 0)
    return table.game if table is not None else None


async def topic_autocomplete(
    interaction: discord.Interaction[GameBot], current: str
) -> list[app_commands.Choice[str]]:
    """The topics of the game in question that match the text so far (title or keywords);
    with no game known, those of every game, labelled with the game."""
    game = await _game_here(interaction, getattr(interaction.namespace, "game", None))
    if game is not None:
        return [
            app_commands.Choice(name=t.title[: limits.CHOICE_NAME], value=t.id)
            for t in match_topics(game.rules_topics(), current)
        ][: limits.CHOICES]
    choices = [
        app_commands.Choice(
            name=f"{g.title} · {t.title}"[: limits.CHOICE_NAME], value=f"{g.id}{SEPARATOR}{t.id}"
        )
        for g in REGISTRY.values()
        for t in match_topics(g.rules_topics(), current)
    ]
    return choices[: limits.CHOICES]


async def _rules(
    interaction: discord.Interaction[GameBot], topic: str | None = None, game: str | None = None
) -> None:
    async with handling(interaction):
        found = await _game_here(interaction, game)
        if game and found is None:
            names = ", ".join(g.title for g in REGISTRY.values())
            text = f"I know no game called “{limits.clip(game, 80)}”. Games: {names}."
        else:
            text = rules_text(found, topic)
        await answer(interaction, text)


def rules_command() -> app_commands.Command:
    """A fresh `/rules` command for one bot's tree (guild-only, like every other command)."""
    callback = app_commands.describe(
        topic="A part of the rules: turn, winning, setup... (blank: overview and topic list)",
        game="Which game (blank: the game in this channel)",
    )(_rules)
    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name="rules",
        description="The rules of this channel's game in short, only for you",
        callback=callback,
        allowed_contexts=GUILD_ONLY,
    )
    command.autocomplete("topic")(topic_autocomplete)
    command.autocomplete("game")(game_autocomplete)
    return command


__all__ = ["find_game", "rules_command", "rules_text", "topic_autocomplete"]
