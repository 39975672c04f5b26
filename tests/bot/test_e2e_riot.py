"""Whole games of RIOT through the loopback Discord stand-in, in English, with two, three and
four players, played as players play them (typed commands checked against autocomplete,
buttons where the bot offers them): the four-player game with a restart on the way, the
three-player one with a player whose DMs are closed; then a scan of everything the bot sent.

What must stay secret: a protester's cards until they are played and the Nationalists' goal
until the game ends. They reach their holder by DM only (or, DMs closed, by `/game hand`,
which only they see); the channel (every version of every message, its embeds, buttons and
images) names a card only in the line that plays it, and the goal only in the final result."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.table.model import Table
from engine.games.riot import names
from engine.games.riot.content.models import content
from engine.games.riot.state import FACTION_SETS, RiotState
from engine.messages import say
from tests.bot.driver import play_until_over, seated
from tests.bot.harness import Session, game_end, reply_text
from tests.bot.test_e2e_calm import texts_read
from tests.standin import MessageRecord, UserRecord

FOUR_SEED = 0
"""A deal whose four-player game, with every seat played by RIOT's own player, reaches its
end in about 400 steps, with cards bought and played, obstructions, a Hospital penalty and
the Police choosing the order."""
THREE_SEED = 3
"""A three-player deal that ends in about 400 steps, the Police choosing the order, with
cards bought and played, an obstruction and the Hospital."""
TWO_SEED = 13
"""A two-player deal that ends in under 200 steps, with cards bought and played,
obstructions and the Hospital (no order to choose with one protester faction)."""
IMAGES = {"overview.png", "board.png", "step.png", "timelapse.webp"}
CARD_NAMES = sorted({say(names.card(c.id)) for c in content().cards}, key=len, reverse=True)
GOALS = [say(names.goal(g.id)) for g in content().goals]
FACTION_NAMES = {f: say(names.faction(f)) for f in FACTION_SETS[4]}
DMS_CLOSED = "could not send you a direct message"


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


def hand_names(state: RiotState, seat: int) -> list[str]:
    return [say(names.card(c)) for c in state.hands[seat]]


class Watch:
    """Before every step: the channel so far names no unplayed card and no goal; each
    protester's DMs hold its current hand, and a player whose DMs are closed reads a changed
    hand with `/game hand`, in an answer only they see."""

    def __init__(self, session: Session, users: dict[int, UserRecord]) -> None:
        self.session = session
        self.users = users
        self.hands_checked = 0
        self.hands_asked = 0
        self.last_asked: dict[int, list[str]] = {}

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
            hand = hand_names(state, seat)
            if not user.dms_open:
                await self.ask_for_hand(user, seat, hand)
                continue
            dms = self.session.standin.dms(user)
            assert dms, f"{state.factions[seat]} got no DM"
            assert all(card in dms[-1].content for card in hand), (n, hand, dms[-1].content)
            self.hands_checked += 1

    async def ask_for_hand(self, user: UserRecord, seat: int, hand: list[str]) -> None:
        if self.last_asked.get(seat) == hand:
            return
        answer = await self.session.command(user, "game", "hand")
        assert answer.ephemeral and all(card in reply_text(answer) for card in hand), hand
        self.last_asked[seat] = hand
        self.hands_asked += 1


async def open_riot(
    session: Session, people: list[str], seed: int, closed: str | None
) -> tuple[dict[int, UserRecord], Table]:
    """Start the game (`closed`: whose DMs are closed) and check what each player was first
    told: the table size's factions in the channel, each protester's cards and the goal by DM
    alone, and a closed-DM player told so in the channel with nothing of their hand."""
    players = [session.user(n) for n in people]
    for user in players:
        if user.name == closed:
            session.standin.close_dms(user)
    users = await session.open_game("riot", *players, seed=seed)
    table = await session.table()
    state = table.state
    assert isinstance(state, RiotState)
    assert tuple(state.factions) == FACTION_SETS[len(people)]
    start = "\n".join(m.content for m in session.posts())
    assert all((name in start) == (f in state.factions) for f, name in FACTION_NAMES.items())
    first = {u.id: "\n".join(m.content for m in session.standin.dms(u)) for u in players}
    police = users[table.holder(0)]
    assert not any(name in first[police.id] for name in CARD_NAMES)
    for seat in range(1, state.players):
        user = users[table.holder(seat)]
        if user.dms_open:
            assert "Your cards" in first[user.id]
            continue
        assert session.standin.dms(user) == []
        notice = next(m for m in session.posts() if DMS_CLOSED in m.content)
        assert notice.pinged_ids == [user.id] and card_named(notice.content) is None
    if state.goal:
        nationalists = users[table.holder(state.factions.index("nationalists"))]
        assert "Your secret goal" in first[nationalists.id]
        assert say(names.goal(state.goal)) in first[nationalists.id]
    assert not any(g in first[u.id] for u in players for g in GOALS if g != goal_of(state))
    return users, table


def goal_of(state: RiotState) -> str | None:
    return say(names.goal(state.goal)) if state.goal else None


async def play_riot(
    session: Session,
    users: dict[int, UserRecord],
    seed: int,
    *,
    kinds: set[str],
    also: Callable[[int], Awaitable[None]] | None = None,
) -> Watch:
    """Play the game to its end with RIOT's own player in every seat, watching the secrets
    before each step (and `also` after that), then scan all the bot sent: actions of `kinds`
    were played, the result pinged everyone, no goal or hand line reached the channel or
    anyone else's messages, and the record replays to the final position."""
    watch = Watch(session, users)

    async def before_step(n: int) -> None:
        await watch(n)
        if also is not None:
            await also(n)

    steps = await play_until_over(
        session, users, seated(seed), max_steps=600, before_step=before_step
    )
    assert steps > 100 and watch.hands_checked + watch.hands_asked > 100
    bot = session.bot  # the one running now, after any restart
    assert bot is not None
    finished = await bot.tables.by_id(session.game_id)
    assert finished is not None and finished.row.status == "finished"
    end = finished.state
    assert isinstance(end, RiotState) and end.ended
    log = await bot.store.action_log(session.game_id)
    assert kinds <= {json.loads(a.action)["kind"] for a in log}
    ending, _ = await game_end(session)
    assert "Game over" in ending.content
    assert set(ending.pinged_ids) == set(users)

    channel = session.posts()
    for message in channel:
        assert {a.filename for a in message.attachments} <= IMAGES, message.content
        assert set(message.pinged_ids) <= set(users)
    # A turn message carries the phone overview, not the whole board.
    assert "overview.png" in {a.filename for m in channel for a in m.attachments}
    before_end = public_texts(channel[: channel.index(ending)])
    assert not any(g in text for text in before_end for g in GOALS)
    holder = finished.holder(end.factions.index("nationalists")) if end.goal else None
    private: dict[int, list[str]] = {}
    for user in users.values():
        private[user.id] = [m.content for m in session.standin.dms(user)]
        private[user.id] += [m.content for m in session.standin.ephemerals(user)]
        if user.id != holder:
            assert not any(g in text for text in private[user.id] for g in GOALS), user.name
    channel_lines = {line.strip() for text in before_end for line in text.splitlines()}
    hand_lines = {
        line.strip()
        for texts in private.values()
        for text in texts
        for line in text.splitlines()
        if "Your cards" in line or "Your secret goal" in line
    }
    assert hand_lines and not hand_lines & channel_lines
    assert not [r for r in session.standin.interactions if r.late]
    session.standin.assert_clean()
    assert await bot.tables.replay(finished) == finished.state
    return watch


async def test_four_player_game_to_the_end_with_a_restart_and_secrets_by_dm_only(
    session: Session,
) -> None:
    users, table = await open_riot(session, ["ana", "ben", "cy", "dee"], FOUR_SEED, None)
    assert isinstance(table.state, RiotState) and table.state.goal
    goal = say(names.goal(table.state.goal))
    restarted: list[int] = []

    async def restart(n: int) -> None:
        if n == 60:
            await session.restart_unchanged()
            restarted.append(n)

    kinds = {"card", "play", "obstruct", "hospital", "order"}
    await play_riot(session, users, FOUR_SEED, kinds=kinds, also=restart)
    assert restarted
    ending, _ = await game_end(session)
    assert goal in ending.content


async def test_three_player_game_to_the_end_with_a_player_whose_dms_are_closed(
    session: Session,
) -> None:
    users, table = await open_riot(session, ["ana", "ben", "cy"], THREE_SEED, "cy")
    cy = next(u for u in users.values() if u.name == "cy")
    assert table.seats_of(cy.id)[0] != 0, "the closed-DM player holds a hand"
    kinds = {"card", "play", "obstruct", "hospital", "order"}
    watch = await play_riot(session, users, THREE_SEED, kinds=kinds)
    assert watch.hands_asked > 3 and session.standin.dms(cy) == []
    assert sum(DMS_CLOSED in m.content for m in session.posts()) == 1


async def test_two_player_game_of_police_against_autonomen_to_the_end(session: Session) -> None:
    users, _ = await open_riot(session, ["ana", "ben"], TWO_SEED, None)
    await play_riot(session, users, TWO_SEED, kinds={"card", "play", "obstruct", "hospital"})
