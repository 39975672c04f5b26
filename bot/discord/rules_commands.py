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
from bot.discord.interactions import answer, handling, reader
from bot.table import limits
from engine import Game
from engine.games import REGISTRY
from engine.messages import ENGLISH, Said, m, say
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


def games_text(language: str = ENGLISH) -> str:
    """The answer when no game is known: which games have summaries, and how to ask."""
    lines = [say(m("bot.rules.which_game"), language)]
    for game in REGISTRY.values():
        if game.rules_topics(language):
            ask = m("bot.rules.game_line", game=game.title, short=game.short_name)
            lines.append(say(ask, language))
    lines.append(say(m("bot.rules.add_topic"), language))
    return "\n".join(lines)


def topic_list(topics: list[RulesTopic]) -> str:
    return " · ".join(t.title for t in topics[1:])


def overview_text(game: Game, topics: list[RulesTopic], language: str = ENGLISH) -> str:
    """The overview topic, then the titles of all the others."""
    said = m("bot.rules.overview", game=game.title, text=topics[0].text, topics=topic_list(topics))
    return say(said, language)


def topic_text(game: Game, topic: RulesTopic, language: str = ENGLISH) -> str:
    said = m("bot.rules.topic", game=game.title, title=topic.title, text=topic.text)
    return say(said, language)


def unknown_topic_text(
    game: Game, topics: list[RulesTopic], typed: str, language: str = ENGLISH
) -> str:
    said = m(
        "bot.rules.unknown_topic",
        game=game.title,
        typed=limits.clip(typed, 80),
        topics=topic_list(topics),
    )
    return say(said, language)


def rules_text(game: Game | None, typed: str | None, language: str = ENGLISH) -> str:
    """The whole answer for a game (None: not known) and the topic as typed or picked, in the
    reader's `language` (the topics as that language titles them)."""
    typed = (typed or "").strip()
    if game is None and SEPARATOR in typed:
        game_id, _, rest = typed.partition(SEPARATOR)
        if game_id in REGISTRY:
            game, typed = REGISTRY[game_id], rest
    if game is None and typed:
        found = [g for g in REGISTRY.values() if match_topics(g.rules_topics(language), typed)]
        if len(found) == 1:
            game = found[0]
    if game is None:
        return games_text(language)
    topics = game.rules_topics(language)
    if not topics:
        return say(m("bot.rules.no_summary", game=game.title), language)
    if not typed:
        return overview_text(game, topics, language)
    matches = match_topics(topics, typed)
    if not matches:
        return unknown_topic_text(game, topics, typed, language)
    if matches[0].id == "overview":
        return overview_text(game, topics, language)
    return topic_text(game, matches[0], language)


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
    said = reader(interaction)
    if game is not None:
        return [
            app_commands.Choice(name=t.title[: limits.CHOICE_NAME], value=t.id)
            for t in match_topics(game.rules_topics(said), current)
        ][: limits.CHOICES]
    choices = [
        app_commands.Choice(
            name=f"{g.title} · {t.title}"[: limits.CHOICE_NAME], value=f"{g.id}{SEPARATOR}{t.id}"
        )
        for g in REGISTRY.values()
        for t in match_topics(g.rules_topics(said), current)
    ]
    return choices[: limits.CHOICES]


async def _rules(
    interaction: discord.Interaction[GameBot], topic: str | None = None, game: str | None = None
) -> None:
    async with handling(interaction):
        found = await _game_here(interaction, game)
        said = reader(interaction)
        if game and found is None:
            names = ", ".join(g.title for g in REGISTRY.values())
            text = say(m("bot.rules.no_such_game", typed=limits.clip(game, 80), games=names), said)
        else:
            text = rules_text(found, topic, said)
        await answer(interaction, Said(text))


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
