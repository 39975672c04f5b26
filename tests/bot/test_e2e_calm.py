"""Whole games of every registered game, played by its own players (the random one for a game
without), read as the channel and the players read them: a new message (and board) only when
who must act changes, every public step still in the channel's text, and every line in plain
English."""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.table.model import Table
from engine import ActionBase
from engine.games import REGISTRY
from tests.bot.driver import play_until_over, seated
from tests.bot.harness import Session, game_end
from tests.standin import MessageRecord

FORBIDDEN = [
    (re.compile(r"\(s\)"), "a plural left to the reader"),
    (re.compile(r"[\[\]]"), "a Python list"),
    (
        re.compile(r"\b1 (dice|blocs|nights|cops|cards|districts|turns|actions|moves left)\b"),
        "one with a plural",
    ),
    (re.compile(r"\b(None|True|False)\b"), "a Python value"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "a raw identifier"),
]
"""What no line a player reads may contain. Custom ids and links are not text; they are left
out before checking."""


def texts_read(messages: list[MessageRecord]) -> list[str]:
    """Every version of every message (edits included) and of its embeds."""
    out = []
    for message in messages:
        out += [v.get("content") or "" for v in message.history] + [message.content]
        out += [str(embed.get("description", "")) for embed in message.embeds]
    return out


def problems(texts: list[str], moves_alike: frozenset[str] = frozenset()) -> list[str]:
    """What a player would find wrong in `texts`. A line said twice in a row is one, unless
    it is in `moves_alike`: lines that separate moves each told (a faction moving one bloc,
    then another the same way), which the channel rightly shows once for each move."""
    found = []
    for text in texts:
        lines = [line for line in text.splitlines() if line.strip()]
        for line in lines:
            bare = re.sub(r"<[@#:][^>]*>|https?://\S+|`[^`]*`", "", line)
            found += [f"{why}: {line}" for pattern, why in FORBIDDEN if pattern.search(bare)]
        found += [
            f"doubled line: {before}"
            for before, after in itertools.pairwise(lines)
            if before == after and before not in moves_alike
        ]
    return found


async def play(
    session: Session, game: str, players: int, policy: Callable[[Table], tuple[int, ActionBase]]
) -> int:
    """Play a whole game; the number of times who must act changed."""
    users = [session.user(name) for name in ("ana", "ben", "cy", "dee")[:players]]
    by_id = await session.open_game(game, *users, seed=5)
    changes = 0
    last: list[tuple[int, int]] = []

    def watching(table: Table) -> tuple[int, ActionBase]:
        nonlocal changes, last
        actors = sorted((s, table.holder(s)) for s in table.prompts())
        if actors != last:
            changes += 1
            last = actors
        return policy(table)

    await play_until_over(session, by_id, watching, max_steps=600)
    return changes


@pytest.mark.parametrize("game", sorted(REGISTRY))
async def test_a_whole_game_posts_a_board_only_when_who_must_act_changes(tmp_path: Path, game: str):
    async with Session(tmp_path / "games.sqlite3") as session:
        players = REGISTRY[game].player_counts[0]
        changes = await play(session, game, players, seated(5))
        posts = [m for m in session.posts() if m.attachments]
        boards = [
            m
            for m in posts
            if any(a.filename in ("board.png", "overview.png") for a in m.attachments)
        ]
        # The start, each change of who must act, and the end; never one per step.
        assert len(boards) <= changes + 2
        log = await session.bot.store.action_log(session.game_id)
        assert len(boards) < len(log)
        end, _ = await game_end(session)
        assert end.content.count("Game over") == 1
        # Every public line the game told reached the channel, in some message's text as it
        # was shown (a full turn message keeps its latest lines; the earlier are in /game log).
        shown = "\n".join(texts_read(session.standin.messages(session.channel)))
        async with session.bot.store.db.execute(
            "SELECT body FROM outbox WHERE game_id = ? AND kind = 'turn'", (session.game_id,)
        ) as cur:
            told = [json.loads(r[0])["header"] for r in await cur.fetchall()]
        missing = [line for header in told for line in header.splitlines() if line not in shown]
        assert missing == []
        everything = texts_read(session.standin.messages(session.channel))
        for user in session.standin.world.users.values():
            everything += texts_read(session.standin.dms(user))
        each_told = Counter(line for header in told for line in header.splitlines())
        alike = frozenset(line for line, times in each_told.items() if times > 1)
        assert problems(everything, alike) == []


async def test_chat_in_the_bots_channels_never_reaches_it(tmp_path: Path):
    """A server's chat, and the bot's own posts and edits, are not sent to the bot: it asks
    for no message intents, since everything a player does reaches it as an interaction."""
    async with Session(tmp_path / "games.sqlite3") as session:
        alice, bob = session.user("alice"), session.user("bob")
        await session.standin.say(alice, session.channel, "who's up for a game tonight?")
        await session.open_game("not_on_my_block", alice, bob, seed=7)
        await session.standin.say(bob, session.channel, "good luck!")
        assert len(session.posts()) >= 3
        events = {frame["t"] for s in session.standin.server.gateway.sessions for frame in s.sent}
        assert "INTERACTION_CREATE" in events
        assert not {e for e in events if e.startswith("MESSAGE_")}
