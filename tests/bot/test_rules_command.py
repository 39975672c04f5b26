"""`/rules`: every answer fits one message, topics autocomplete by title and keyword, and the
command answers only the asker, in a channel with a game and in one without."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord import app_commands

from bot.discord.action_commands import build_group
from bot.discord.game_commands import GameCommands
from bot.discord.rules_commands import (
    find_game,
    games_text,
    overview_text,
    rules_command,
    rules_text,
    topic_text,
    unknown_topic_text,
)
from bot.table import limits
from engine.games import REGISTRY
from tests.bot.harness import Session, reply_text
from tests.engine.toy_game import GAME as TOY

GAMES = [
    REGISTRY["bloc_by_bloc"],
    REGISTRY["not_on_my_block"],
    REGISTRY["space_insurrection"],
    REGISTRY["riot"],
]


@pytest.fixture
async def real(tmp_path: Path):
    """A session for the real games (the toy one is the `session` fixture)."""
    async with Session(tmp_path / "games.sqlite3") as s:
        yield s


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_answer_fits_one_message(game):
    topics = game.rules_topics()
    answers = [overview_text(game, topics), unknown_topic_text(game, topics, "x" * 500)]
    answers += [topic_text(game, t) for t in topics]
    answers += [rules_text(game, t.title) for t in topics] + [games_text()]
    assert all(0 < len(a) <= limits.MESSAGE for a in answers), max(map(len, answers))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_command_a_summary_names_exists(game):
    names = {
        f"/{c.qualified_name}"
        for group in (GameCommands(), build_group(game))
        for c in group.walk_commands()
        if isinstance(c, app_commands.Command)
    }
    listed = {c for t in game.rules_topics() for c in t.commands}
    assert listed <= names, listed - names


def test_answers_pick_the_topic_the_game_and_say_when_they_cannot():
    bloc, nomb = REGISTRY["bloc_by_bloc"], REGISTRY["not_on_my_block"]
    assert "Topics" in rules_text(bloc, None) and "Police ops and morale" in rules_text(bloc, "")
    assert rules_text(bloc, "police").startswith("📖 **Bloc by Bloc · Police ops and morale**")
    assert rules_text(bloc, "overview") == rules_text(bloc, None)
    assert "No Bloc by Bloc topic matches" in rules_text(bloc, "chess openings")
    assert "Collusion" in rules_text(None, "not_on_my_block:collusion")
    assert "Luxury Stores" in rules_text(None, "luxury store")  # found in one game only
    assert rules_text(None, "") == games_text() == rules_text(None, "winning")  # both games
    assert "no summary" in rules_text(TOY, None)
    assert find_game("Bloc by Bloc") is find_game("bloc") is find_game("bloc_by_bloc") is bloc
    assert find_game("NOMB") is nomb and find_game("chess") is None


def test_the_command_is_top_level_guild_only_with_two_suggesting_options():
    command = rules_command()
    assert command.name == "rules" and command.parent is None
    assert command.allowed_contexts is not None and command.allowed_contexts.guild
    assert not command.allowed_contexts.dm_channel and not command.allowed_contexts.private_channel
    assert [(p.name, p.required, p.autocomplete is not None) for p in command.parameters] == [
        ("topic", False, True),
        ("game", False, True),
    ]


async def test_rules_without_a_game_here_lists_the_games_and_answers_privately(real: Session):
    reader = real.user("reader")
    asked = await real.command(reader, "rules")
    text = reply_text(asked)
    assert asked.ephemeral and "no game in this channel" in text
    assert "Bloc by Bloc" in text and "Not On My Block" in text and "`/rules game:" in text
    chosen = await real.command(reader, "rules", game="bloc_by_bloc", topic="police")
    assert chosen.ephemeral and "Police ops and morale" in reply_text(chosen)
    offered = await real.offered(reader, ["rules"], {}, "topic", "collu")
    assert offered == ["not_on_my_block:collusion"]
    picked = await real.command(reader, "rules", topic=offered[0])
    assert picked.ephemeral and "Collusion (4 players)" in reply_text(picked)
    games = await real.offered(reader, ["rules"], {}, "game", "bloc by")
    assert games == ["bloc_by_bloc"]
    after_game = await real.offered(reader, ["rules"], {"game": "bloc_by_bloc"}, "topic", "clash")
    assert after_game[0] == "attacks"
    unknown = await real.command(reader, "rules", game="chess")
    assert unknown.ephemeral and "I know no game called" in reply_text(unknown)
    assert real.posts() == []


async def test_rules_in_a_channel_with_a_game_answers_for_that_game(real: Session):
    alice, bob, onlooker = real.user("alice"), real.user("bob"), real.user("onlooker")
    await real.open_game("not_on_my_block", alice, bob, seed=7)
    posted = len(real.posts())
    overview = await real.command(onlooker, "rules")
    text = reply_text(overview)
    assert overview.ephemeral and text.startswith("📖 **Not On My Block: the rules in short**")
    assert "Placing apartments" in text and "Collusion (4 players)" in text
    assert (await real.offered(alice, ["rules"], {}, "topic", "push"))[0] == "pushing"
    assert (await real.offered(alice, ["rules"], {}, "topic", "dissent"))[0] == "suppression"
    assert len(await real.offered(alice, ["rules"], {}, "topic", "")) == len(
        REGISTRY["not_on_my_block"].rules_topics()
    )
    answer = await real.command(alice, "rules", topic="pushing")
    assert answer.ephemeral and "Pushing and surrounding" in reply_text(answer)
    typed = await real.command(bob, "rules", topic="how does standstill work")
    assert typed.ephemeral and "Winning and losing" in reply_text(typed)
    other = await real.command(bob, "rules", game="bloc_by_bloc", topic="sunrise")
    assert "Bloc by Bloc · Sunrise" in reply_text(other)
    assert len(real.posts()) == posted
