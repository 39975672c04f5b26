"""Whole games of Not On My Block played through the loopback Discord stand-in.

The real discord.py client logs into the stand-in; the tests act only as users would (slash
commands checked against autocomplete, button clicks) and read only what Discord would show.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Literal

import pytest

from bot.table.model import Table
from engine.games.not_on_my_block import GAME
from engine.players import default_player
from tests.bot.driver import Policy, latest_with_button, play_until_over, seated
from tests.bot.harness import Session, game_end, reply_text
from tests.standin import MessageRecord, UserRecord


@pytest.fixture
async def session(tmp_path: Path):
    async with Session(tmp_path / "games.sqlite3") as s:
        yield s


DEVELOPER = 0


def one_side_plays(side: Literal["developer", "residents"], seed: int, players: int) -> Policy:
    """The game's own players play one side (the Developer, or every Resident); the other side
    only ever plays its defaults, as players who stopped answering, so the first side wins."""
    passive = range(1, players) if side == "developer" else [DEVELOPER]
    return seated(seed, {s: default_player(s) for s in passive})


def player_of(table: Table, users: dict[int, UserRecord], seat: int) -> UserRecord:
    return users[table.holder(seat)]


def assert_every_move_shows_the_board(session: Session, lapse: MessageRecord) -> None:
    """`lapse`: the game's timelapse, in its own message after the end (`game_end`)."""
    posts = session.posts()
    game_posts = [m for m in posts if "➡️" in m.content or "Game over" in m.content]
    assert game_posts and all(m.attachments for m in game_posts)
    # A new turn's message carries the board; a step edited into it shows what the step changed.
    assert all(
        a.filename in ("overview.png", "board.png", "step.png")
        for m in game_posts
        for a in m.attachments
    )
    assert all(a.size < 1_000_000 for m in [*game_posts, lapse] for a in m.attachments)


def assert_pings_only_players(session: Session, users: dict[int, UserRecord]) -> None:
    for message in session.standin.messages(session.channel):
        assert set(message.pinged_ids) <= set(users), message.content
        assert not message.pinged_everyone and not message.pinged_role_ids


def assert_answered_in_time(session: Session) -> None:
    late = [r for r in session.standin.interactions if r.late]
    assert not late, f"{len(late)} interactions answered after 3 s"


DEVELOPER_SEED = 2
RESIDENTS_SEED = 3
"""Deals whose one-sided games end within the driver's step budget."""


async def test_two_player_game_to_a_developer_win_with_a_restart(session: Session):
    alice, bob = session.user("alice"), session.user("bob")
    users = await session.open_game("not_on_my_block", alice, bob, seed=DEVELOPER_SEED)
    start = session.posts()[-1]
    table = await session.table()
    dev, resident = player_of(table, users, 0), player_of(table, users, 1)
    assert "begins" in start.content and start.pinged_ids == [resident.id]
    assert "(Developer)" in start.content and "(Resident)" in start.content

    async def midway(n: int) -> None:
        if n == 20:
            await session.restart_unchanged()

    await play_until_over(
        session, users, one_side_plays("developer", DEVELOPER_SEED, 2), before_step=midway
    )

    end, lapse = await game_end(session)
    assert "Game over" in end.content and "(Developer)" in end.content.split("Winner:")[1]
    assert set(end.pinged_ids) == {dev.id, resident.id}
    assert_every_move_shows_the_board(session, lapse)
    assert_pings_only_players(session, users)
    assert_answered_in_time(session)
    session.standin.assert_clean()
    finished = await session.bot.tables.by_id(session.game_id)
    assert finished.row.status == "finished"
    assert await session.bot.tables.replay(finished) == finished.state


async def test_turn_changes_ping_exactly_the_next_player(session: Session):
    alice, bob = session.user("alice"), session.user("bob")
    users = await session.open_game("not_on_my_block", alice, bob)
    table = await session.table()
    dev, resident = player_of(table, users, 0), player_of(table, users, 1)
    for _ in range(9):
        table = await session.table()
        action = GAME.legal_actions(table.state, 1)[0]
        await session.play(resident, "nomb", "place", block=action.block, colour=action.colour)
    handover = session.posts()[-1]
    assert "Developer's turn" in handover.content and handover.pinged_ids == [dev.id]
    session.now += timedelta(minutes=40)  # the Developer thinks it over; the Resident leaves
    answer = await session.play(dev, "nomb", "move", piece="agent1", to="E6")
    assert answer.startswith("✅")
    same_turn = session.posts()[-1]
    # The same player goes on: their turn's message is edited in place, nobody is pinged anew.
    assert same_turn.id == handover.id and "7 moves left" in same_turn.content
    await session.click(dev, same_turn, "End turn")
    back = session.posts()[-1]
    assert back.pinged_ids == [resident.id], "the Resident waited longer than the grace"
    # Its buttons go in the edit that marks it answered, right after the answer.
    await session.standin.wait_until(
        lambda: session.standin.message(same_turn.id).components == [],
        timeout=20,
        what="the answered message's buttons to go",
    )


async def test_refused_moves_change_nothing_and_explain_why(session: Session):
    alice, bob = session.user("alice"), session.user("bob")
    mallory = session.user("mallory")
    users = await session.open_game("not_on_my_block", alice, bob)
    table = await session.table()
    dev, resident = player_of(table, users, 0), player_of(table, users, 1)
    posts_before, version = len(session.posts()), table.row.version

    attempts = [
        (dev, "move", {"piece": "agent1", "to": "E6"}, "cannot `move` now"),
        (mallory, "end", {}, "not playing in this game"),
        (resident, "place", {"colour": "red", "block": "E5"}, "E5"),
        (resident, "place", {"colour": "purple", "block": "A1"}, "red, blue or yellow"),
        (resident, "move", {"piece": "red1", "to": "E6"}, "cannot `move` now"),
    ]
    for user, kind, fields, reason in attempts:
        record = await session.command(user, "nomb", kind, **fields)
        assert record.ephemeral, kind
        text = reply_text(record)
        assert text.startswith("⚠️") and reason in text, text
    after = await session.table()
    assert after.row.version == version and after.state == table.state
    assert len(session.posts()) == posts_before
    assert await session.bot.store.action_log(session.game_id) == []


async def test_four_player_game_to_a_residents_win_with_collusion(session: Session):
    names = ["ana", "ben", "cy", "dee"]
    players = [session.user(n) for n in names]
    users = await session.open_game("not_on_my_block", *players, seed=RESIDENTS_SEED)
    table = await session.table()
    dev = player_of(table, users, 0)
    red, blue = player_of(table, users, 1), player_of(table, users, 2)
    colluded: list[str] = []

    async def collusions(n: int) -> None:
        table = await session.table()
        if table.state.phase != "play" or table.state.pending:
            return
        active = table.state.active
        if active == 1 and not colluded:
            # Red proposes a swap; the Developer declines it with the button.
            offered = session.bot.tables.legal_for(table, red.id, "collude")
            if not offered:
                return
            swap = offered[0][1]
            session.now += timedelta(minutes=30)  # the Developer has not moved for a while
            answer = await session.play(red, "nomb", "collude", rep=swap.rep, agent=swap.agent)
            assert answer.startswith("✅")
            ask = latest_with_button(session, "choice:", "Decline the swap")
            assert ask.pinged_ids == [dev.id] and dev.mention in ask.content
            await session.click(dev, ask, "Decline the swap")
            assert "declin" in session.posts()[-1].content.lower()
            colluded.append("declined")
        elif active == 2 and colluded == ["declined"]:
            # Blue proposes; the bot restarts before the Developer answers the old button.
            offered = session.bot.tables.legal_for(table, blue.id, "collude")
            if not offered:
                return
            swap = offered[0][1]
            state = table.state
            rep_at, agent_at = state.reps[swap.rep], state.agents[swap.agent]
            await session.play(blue, "nomb", "collude", rep=swap.rep, agent=swap.agent)
            ask = latest_with_button(session, "choice:", "Accept the swap")
            await session.restart()
            record = await session.click(dev, session.standin.message(ask.id), "Accept the swap")
            assert reply_text(record).startswith("✅")
            swapped = (await session.table()).state
            assert (swapped.reps[swap.rep], swapped.agents[swap.agent]) == (agent_at, rep_at)
            colluded.append("accepted")

    await play_until_over(
        session, users, one_side_plays("residents", RESIDENTS_SEED, 4), before_step=collusions
    )

    assert colluded == ["declined", "accepted"]
    end, lapse = await game_end(session)
    assert "Game over" in end.content and "protected" in end.content
    assert set(end.pinged_ids) == {p.id for p in players}
    assert_every_move_shows_the_board(session, lapse)
    assert_pings_only_players(session, users)
    assert_answered_in_time(session)
    session.standin.assert_clean()
    finished = await session.bot.tables.by_id(session.game_id)
    assert await session.bot.tables.replay(finished) == finished.state
