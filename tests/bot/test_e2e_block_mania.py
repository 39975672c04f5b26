"""Whole games of Block Mania through the loopback Discord stand-in, played as players play
them (buttons where the bot offers them, typed commands checked against autocomplete), with a
scan of everything the channel showed: no Mania card held in a hand is named there before a
card of that name is played, and no line of a hand's DM reaches it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.games.block_mania import names
from engine.games.block_mania.rules import GAME
from engine.games.block_mania.state import ManiaState
from engine.players import default_player
from tests.bot.driver import play_until_over, seated
from tests.bot.harness import Session, game_end, reply_text
from tests.bot.test_e2e_calm import texts_read
from tests.standin import UserRecord

TWO_SEED = 1
"""A deal whose game, one seat playing and the other letting its defaults play, runs 24 turns
to a crash (about 150 steps)."""
FOUR_SEED = 2


@pytest.fixture
async def session(tmp_path: Path):
    async with Session(tmp_path / "games.sqlite3") as s:
        yield s


def channel_text(session: Session) -> str:
    return "\n".join(texts_read(session.standin.messages(session.channel)))


class HandWatch:
    """Before every step: every card held in a hand is unnamed in the channel unless a card of
    that name has been played there."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.checked = 0

    async def __call__(self, _: int) -> None:
        state = (await self.session.table()).state
        assert isinstance(state, ManiaState)
        text = channel_text(self.session)
        for hand in state.hands:
            for card in hand:
                name = re.escape(str(names.card(card)))
                if re.search(rf"plays {name}\b", text):
                    continue
                assert not re.search(rf"\b{name}\b", text), f"held card {card} named"
                self.checked += 1


def assert_no_dm_line_in_the_channel(session: Session, users: dict[int, UserRecord]) -> None:
    channel = {line.strip() for line in channel_text(session).splitlines() if line.strip()}
    private = {
        line.strip()
        for user in users.values()
        for m in session.standin.dms(user)
        for line in m.content.splitlines()[1:]
        if line.strip()
    }
    assert private, "the hands went by DM"
    assert not private & channel, f"private lines reached the channel: {private & channel}"


async def assert_finished_fairly(session: Session, users: dict[int, UserRecord]) -> str:
    end, _ = await game_end(session)
    assert "Game over" in end.content and end.attachments
    for message in session.standin.messages(session.channel):
        assert set(message.pinged_ids) <= set(users)
    assert not [r for r in session.standin.interactions if r.late]
    session.standin.assert_clean()
    return end.content


async def test_two_player_game_to_the_end_with_a_restart_and_a_closed_dm_player(
    session: Session,
) -> None:
    ann, bob = session.user("ann"), session.user("bob")
    session.standin.close_dms(bob)
    users = await session.open_game("block_mania", ann, bob, seed=TWO_SEED)
    table = await session.table()
    state = table.state
    assert isinstance(state, ManiaState)
    start = next(m for m in session.posts() if "begins" in m.content)
    assert "Block A" in start.content and "Block B" in start.content

    # Hands by DM only: ann's arrives there, bob (DMs closed) is told in the channel and reads
    # his with /game hand, privately.
    ann_seat, bob_seat = table.seats_of(ann.id)[0], table.seats_of(bob.id)[0]
    ann_hand = str(GAME.hand_text(state, ann_seat))
    assert any(ann_hand in m.content for m in session.standin.dms(ann))
    assert session.standin.dms(bob) == []
    notice = next(m for m in session.posts() if "could not send you a direct message" in m.content)
    assert notice.pinged_ids == [bob.id]
    hand = await session.command(bob, "game", "hand")
    assert hand.ephemeral and str(GAME.hand_text(state, bob_seat)) in reply_text(hand)
    assert ann_hand not in channel_text(session)

    # A turn message carries the phone overview, not the whole board.
    turn_files = {a.filename for m in session.posts() for a in m.attachments}
    assert "overview.png" in turn_files

    watch = HandWatch(session)
    restarted: list[int] = []

    async def before(n: int) -> None:
        await watch(n)
        if n == 40:
            await session.restart_unchanged()
            restarted.append(n)

    # Seat 1 plays only its defaults (ending each phase), as a player who stopped answering.
    policy = seated(TWO_SEED, {1: default_player(1)})
    steps = await play_until_over(session, users, policy, max_steps=400, before_step=before)
    assert restarted and steps > 40 and watch.checked > 0
    text = await assert_finished_fairly(session, users)
    assert "wins" in text
    assert_no_dm_line_in_the_channel(session, users)
    assert session.bot is not None
    finished = await session.bot.tables.by_id(session.game_id)
    assert finished is not None and finished.row.status == "finished"
    assert await session.bot.tables.replay(finished) == finished.state


async def test_four_players_play_as_two_teams_to_the_end(session: Session) -> None:
    people = [session.user(n) for n in ("ana", "ben", "cy", "dee")]
    users = await session.open_game("block_mania", *people, seed=FOUR_SEED)
    table = await session.table()
    state = table.state
    assert isinstance(state, ManiaState) and len(state.hands) == 4
    for seat in range(4):  # each player's own hand, by DM, to that player alone
        hand = str(GAME.hand_text(state, seat))
        owner = users[table.holder(seat)]
        assert any(hand in m.content for m in session.standin.dms(owner))
    watch = HandWatch(session)
    policy = seated(FOUR_SEED, {1: default_player(1)})
    await play_until_over(session, users, policy, max_steps=400, before_step=watch)
    text = await assert_finished_fairly(session, users)
    assert session.bot is not None
    done = await session.bot.tables.by_id(session.game_id)
    assert done is not None and isinstance(done.state, ManiaState)
    winners = done.state.winners
    assert len(winners) == 2 and winners[1] - winners[0] == 2, "a block's two players win"
    assert "Shared win" in text
    assert all(users[table.holder(s)].mention in text.split("win:")[-1] for s in winners)
    assert_no_dm_line_in_the_channel(session, users)
