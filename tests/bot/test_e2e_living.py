"""A calm channel: one living turn message per turn, edited in place while the same player acts,
a new message (and pings) only when who must act changes, and every public step still in text.
Counted as Discord would show it: messages, edits, images and pings."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from tests.bot.harness import Session, reply_text
from tests.postgres import BACKENDS, database_settings
from tests.standin import MessageRecord, UserRecord


@pytest.fixture(params=BACKENDS)
async def real(tmp_path: Path, request: pytest.FixtureRequest):
    async with Session(tmp_path / "games.sqlite3", **await database_settings(request)) as s:
        yield s


async def nomb(session: Session, **settings: str) -> tuple[UserRecord, UserRecord]:
    """A 2-player Not On My Block game; returns (resident, developer): the Resident places
    first, nine apartments in a row."""
    alice, bob = session.user("alice"), session.user("bob")
    await session.command(alice, "game", "new", game="not_on_my_block")
    await session.command(bob, "game", "join")
    if settings:
        await session.command(alice, "game", "settings", **settings)
    session.bot.tables.seed_source = lambda: 7
    await session.command(alice, "game", "start")
    session.game_id = (await session.table()).row.id
    table = await session.table()
    resident_id = table.holder(next(iter(table.prompts())))
    return (alice, bob) if resident_id == alice.id else (bob, alice)


async def place(session: Session, user: UserRecord) -> str:
    table = await session.table()
    seat = table.seats_of(user.id)[0]
    action = table.game.legal_actions(table.state, seat)[0]
    record = await session.command(user, "nomb", "place", **action.model_dump(exclude={"kind"}))
    return reply_text(record)


def turn_messages(session: Session) -> list[MessageRecord]:
    return [m for m in session.posts() if "➡️" in m.content or "Game over" in m.content]


async def test_a_multi_step_turn_edits_one_message_and_pings_once(real: Session):
    resident, _ = await nomb(real)
    start = real.posts()[-1]
    assert resident.id in start.pinged_ids and start.attachments
    before = len(real.posts())
    for _ in range(4):
        assert (await place(real, resident)).startswith("✅")
    assert len(real.posts()) == before  # no new message while the Resident keeps placing
    living = real.standin.message(start.id)
    assert len(living.history) == 4  # one write per step: text, picture and buttons together
    assert living.content.count("places a") == 4  # every step still told, in order
    assert living.content.count("➡️") == 1  # who must act, once, at the bottom
    assert living.content.rstrip().splitlines()[-1].startswith("➡️")


async def test_a_new_message_with_a_ping_when_who_must_act_changes(real: Session):
    resident, developer = await nomb(real)
    while (await real.table()).state.phase == "placement":
        await place(real, resident)
    new = turn_messages(real)[-1]
    assert developer.id in new.pinged_ids and resident.id not in new.pinged_ids
    assert new.attachments  # the full board comes with each new turn
    assert len(turn_messages(real)) == 2


async def test_a_notice_in_between_starts_a_new_turn_message(real: Session):
    resident, developer = await nomb(real)
    await place(real, resident)
    host = developer if (await real.table()).row.host_id == developer.id else resident
    await real.command(host, "game", "table", "pause")
    notice = real.posts()[-1]
    assert "paused" in notice.content
    await place(real, resident)
    assert real.posts()[-1].id != notice.id and "places a" in real.posts()[-1].content


async def test_a_deleted_turn_message_is_replaced_by_a_new_one(real: Session):
    resident, _ = await nomb(real)
    await place(real, resident)
    real.standin.delete_message(real.posts()[-1])
    await place(real, resident)
    assert "places a" in real.posts()[-1].content


async def test_board_on_request_posts_no_images_and_compact_narration_one_line(real: Session):
    resident, _ = await nomb(real, board="request", narration="compact")
    start = real.posts()[-1]
    assert not start.attachments
    await place(real, resident)
    assert not real.standin.message(start.id).attachments
    board = await real.command(resident, "game", "board")
    assert reply_text(board) == "Board posted." and real.posts()[-1].attachments


async def test_board_every_step_replaces_the_picture_each_time(real: Session):
    resident, _ = await nomb(real, board="step")
    start = real.posts()[-1]
    first = start.attachments[0].data
    await place(real, resident)
    living = real.standin.message(start.id)
    assert living.attachments and living.attachments[0].data != first


async def test_a_button_click_continues_the_living_message_with_its_new_buttons(real: Session):
    resident, developer = await nomb(real)
    while (await real.table()).state.phase == "placement":
        await place(real, resident)
    turn = turn_messages(real)[-1]
    assert turn.find_button("End turn")
    before = len(real.posts())
    table = await real.table()
    seat = table.seats_of(developer.id)[0]
    move = next(a for a in table.game.legal_actions(table.state, seat) if a.kind == "move")
    await real.command(developer, "nomb", "move", **move.model_dump(exclude={"kind"}))
    living = real.standin.message(turn.id)
    assert len(real.posts()) == before and living.find_button("End turn")


async def test_a_turn_message_answered_by_its_button_shows_the_board_after_that_answer(
    real: Session,
):
    resident, developer = await nomb(real)
    while (await real.table()).state.phase == "placement":
        await place(real, resident)
    turn = turn_messages(real)[-1]
    real.now += timedelta(minutes=30)  # the Resident is away by the time their turn comes back
    table = await real.table()
    seat = table.seats_of(developer.id)[0]
    move = next(a for a in table.game.legal_actions(table.state, seat) if a.kind == "move")
    await real.command(developer, "nomb", "move", **move.model_dump(exclude={"kind"}))
    edits = len(real.standin.message(turn.id).history)
    await real.click(developer, real.standin.message(turn.id), "End turn")
    # The answered mark comes after the player's own answer.
    retired = await real.standin.wait_until(
        lambda: (m := real.standin.message(turn.id)).content.rstrip().endswith("End turn") and m,
        timeout=20,
        what="the answered turn message to say who answered",
    )
    following = turn_messages(real)[-1]
    assert following.id != turn.id and resident.id in following.pinged_ids
    # Its picture is the board after its last line: the one the next turn message starts from.
    assert retired.attachments and following.attachments
    assert retired.attachments[0].data == following.attachments[0].data
    # One write: the mark, its picture and its buttons taken off together.
    await real.standin.wait_idle(quiet=0.3, timeout=20)
    assert len(real.standin.message(turn.id).history) == edits + 1
    assert not list(real.standin.message(turn.id).iter_components())
