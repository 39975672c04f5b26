"""A whole game of RIOT through the loopback Discord stand-in, in English, played as players
play it (typed commands checked against autocomplete, buttons where the bot offers them),
with a restart on the way; then a scan of everything the bot sent.

What must stay secret: a protester's cards until they are played and the Nationalists' goal
until the game ends. They reach their holder by DM only; the channel (every version of every
message, its embeds, buttons and images) names a card only in the line that plays it, and
the goal only in the final result."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from engine.games.riot import names
from engine.games.riot.content.models import content
from engine.games.riot.state import RiotState
from engine.messages import say
from tests.bot.driver import play_until_over, seated
from tests.bot.harness import Session
from tests.bot.test_e2e_calm import texts_read
from tests.standin import MessageRecord, UserRecord

SEED = 5
"""A deal whose four-player game, with every seat played by RIOT's own player, reaches its
end in a few hundred steps, with cards bought and played, obstructions, a Hospital penalty
and the Police choosing the order."""
IMAGES = {"overview.png", "board.png", "step.png", "timelapse.webp"}
CARD_NAMES = sorted({say(names.card(c.id)) for c in content().cards}, key=len, reverse=True)
GOALS = [say(names.goal(g.id)) for g in content().goals]


@pytest.fixture
async def session(tmp_path: Path) -> AsyncIterator[Session]:
    async with Session(tmp_path / "games.sqlite3") as s:
        yield s


def public_texts(messages: list[MessageRecord]) -> list[str]:
    """What a channel reader could see: every version of each message and embed, its button
    labels, and its images' names and descriptions."""
    out = texts_read(messages)
    for message in messages:
        out += [str(c.get("label", "")) for c in message.iter_components()]
        out += [f"{a.filename} {a.description or ''}" for a in message.attachments]
    return out


def card_named(line: str) -> str | None:
    """The first card name in a line that does not play that very card, or None."""
    for name in CARD_NAMES:
        if re.search(rf"(?<![\w+]){re.escape(name)}(?!\w)", line) and not re.search(
            rf"play {re.escape(name)}\b", line
        ):
            return name
    return None


class Watch:
    """Before every step: the channel so far names no unplayed card and no goal, and each
    protester's DMs hold its current hand."""

    def __init__(self, session: Session, users: dict[int, UserRecord]) -> None:
        self.session = session
        self.users = users
        self.hands_checked = 0

    async def __call__(self, n: int) -> None:
        table = await self.session.table()
        state = table.state
        assert isinstance(state, RiotState)
        for text in public_texts(self.session.posts()):
            for line in text.splitlines():
                assert card_named(line) is None, f"step {n}: a card named in the channel: {line}"
                assert not any(goal in line for goal in GOALS), f"step {n}: the goal: {line}"
        for seat in range(1, state.players):
            user = self.users[table.holder(seat)]
            dms = self.session.standin.dms(user)
            assert dms, f"{state.factions[seat]} got no DM"
            hand = [say(names.card(c)) for c in state.hands[seat]]
            assert all(card in dms[-1].content for card in hand), (n, hand, dms[-1].content)
            self.hands_checked += 1


async def test_four_player_game_to_the_end_with_secrets_by_dm_only(session: Session) -> None:
    players = [session.user(n) for n in ("ana", "ben", "cy", "dee")]
    users = await session.open_game("riot", *players, seed=SEED)
    bot = session.bot
    assert bot is not None
    table = await session.table()
    state = table.state
    assert isinstance(state, RiotState) and state.goal
    police = users[table.holder(0)]
    nationalists = users[table.holder(state.factions.index("nationalists"))]
    goal = say(names.goal(state.goal))
    first = {u.id: "\n".join(m.content for m in session.standin.dms(u)) for u in players}
    assert "Your secret goal" in first[nationalists.id] and goal in first[nationalists.id]
    assert all("Your cards" in first[users[table.holder(s)].id] for s in (1, 2, 3))
    assert not any(g in first[u.id] for u in players if u is not nationalists for g in GOALS)
    assert not any(name in first[police.id] for name in CARD_NAMES)

    watch = Watch(session, users)
    restarted: list[int] = []

    async def before_step(n: int) -> None:
        await watch(n)
        if n == 60:
            before = await session.table()
            await session.restart()
            after = await session.table()
            assert after.state == before.state and after.row.version == before.row.version
            restarted.append(n)

    steps = await play_until_over(
        session, users, seated(SEED), max_steps=600, before_step=before_step
    )
    assert restarted and watch.hands_checked > 100 and steps > 100

    finished = await bot.tables.by_id(session.game_id)
    assert finished is not None and finished.row.status == "finished"
    end = finished.state
    assert isinstance(end, RiotState) and end.ended
    log = await bot.store.action_log(session.game_id)
    kinds = {json.loads(a.action)["kind"] for a in log}
    assert {"card", "play", "obstruct", "hospital", "order"} <= kinds
    last = session.posts()[-1]
    assert "Game over" in last.content and goal in last.content
    assert set(last.pinged_ids) == {p.id for p in players}

    channel = session.posts()
    for message in channel:
        assert {a.filename for a in message.attachments} <= IMAGES, message.content
        assert set(message.pinged_ids) <= set(users)
    before_end = public_texts(channel[:-1])
    assert not any(g in text for text in before_end for g in GOALS)
    for user in players:
        private = "\n".join(m.content for m in session.standin.dms(user))
        private += "\n".join(m.content for m in session.standin.ephemerals(user))
        if user is not nationalists:
            assert not any(g in private for g in GOALS), f"{user.name} read the goal"
    channel_lines = {line.strip() for text in before_end for line in text.splitlines()}
    dm_lines = {
        line.strip()
        for user in players
        for m in session.standin.dms(user)
        for line in m.content.splitlines()
        if "Your cards" in line or "Your secret goal" in line
    }
    assert dm_lines and not dm_lines & channel_lines
    assert not [r for r in session.standin.interactions if r.late]
    session.standin.assert_clean()
    assert await bot.tables.replay(finished) == finished.state
