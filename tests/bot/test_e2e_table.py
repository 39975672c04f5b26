"""Looking after a table through the stand-in: undo in two clicks, undo refused once something
was revealed, rewinds the whole table must agree to, replacing and resigning players, and the
confirmations that guard each, across restarts."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.table.model import Table
from engine.messages import say
from tests.bot.harness import Session, reply_text
from tests.postgres import BACKENDS, database_settings
from tests.standin import MessageRecord, UserRecord


@pytest.fixture(params=BACKENDS)
async def real(tmp_path: Path, request: pytest.FixtureRequest):
    """A session for the real games (the toy one is the `session` fixture), on each store."""
    async with Session(tmp_path / "games.sqlite3", **await database_settings(request)) as s:
        yield s


async def place(session: Session, table: Table, user: UserRecord) -> tuple[str, MessageRecord]:
    """The Resident places an apartment by slash command; the answer and its message."""
    seat = table.seats_of(user.id)[0]
    action = table.game.legal_actions(table.state, seat)[0]
    fields = action.model_dump(exclude={"kind"})
    record = await session.command(user, "nomb", "place", **fields)
    assert record.reply is not None
    return reply_text(record), record.reply


async def nomb(session: Session) -> tuple[dict[int, UserRecord], UserRecord, UserRecord]:
    alice, bob = session.user("alice"), session.user("bob")
    users = await session.open_game("not_on_my_block", alice, bob, seed=7)
    table = await session.table()
    mover = users[table.holder(next(iter(table.prompts())))]
    other = bob if mover is alice else alice
    return users, mover, other


def log_of(table: Table) -> str:
    return table.state.model_dump_json(exclude={"decisions"})


async def test_a_mis_click_is_undone_in_two_clicks_and_the_board_is_redrawn(real: Session):
    _, mover, _other = await nomb(real)
    before = await real.table()
    text, answer = await place(real, before, mover)
    assert text.startswith("✅") and answer.find_button("Undo")
    assert log_of(await real.table()) != log_of(before)
    await real.click(mover, answer, "Undo")
    shown = real.standin.message(answer.id)
    assert shown.content.startswith("Take back:") and "apartment on" in shown.content
    await real.click(mover, shown, "Confirm")
    assert "Taken back" in real.standin.message(answer.id).content
    assert real.standin.message(answer.id).components == []  # the Confirm cannot be pressed twice
    post = real.posts()[-1]
    assert "took back" in post.content and post.attachments
    after = await real.table()
    assert log_of(after) == log_of(before)
    assert all(after.state.decisions[s] > before.state.decisions.get(s, 0) for s in (0, 1))
    # The take-back is itself in the log, which only grows.
    entries = await real.bot.store.action_log(after.row.id)
    assert [e.seat for e in entries] == [entries[0].seat, -1]


async def test_undo_is_refused_with_a_reason_and_changes_nothing(real: Session):
    _, mover, other = await nomb(real)
    nothing = reply_text(await real.command(mover, "game", "undo"))
    assert "nothing to undo" in nothing
    table = await real.table()
    await place(real, table, mover)
    not_yours = reply_text(await real.command(other, "game", "undo"))
    assert "not yours" in not_yours
    too_many = reply_text(await real.command(mover, "game", "undo", moves=3))
    assert "Only your last 1 move" in too_many
    assert len(await real.bot.store.action_log(table.row.id)) == 1


async def test_an_undo_confirmation_goes_stale_when_the_game_moves_on(real: Session):
    users, mover, _other = await nomb(real)
    table = await real.table()
    await place(real, table, mover)
    asked = await real.command(mover, "game", "undo")
    assert "Take back" in reply_text(asked)
    await real.restart()
    table = await real.table()
    nxt = users[table.holder(next(iter(table.prompts())))]
    await place(real, table, nxt)
    await real.click(mover, asked.reply, "Confirm")
    assert "changed since" in real.standin.message(asked.reply.id).content
    assert len(await real.bot.store.action_log(table.row.id)) == 2


async def test_undo_is_refused_after_dice_were_rolled(real: Session):
    alice, bob = real.user("alice"), real.user("bob")
    users = await real.open_game("bloc_by_bloc", alice, bob, seed=3)
    for _ in range(8):
        table = await real.table()
        prompts = table.prompts()
        if table.state.phase != "setup":
            break
        seat = min(prompts)
        choice = prompts[seat].choices[0]
        await real.bot.tables.act(table, table.holder(seat), choice.action, seat)
    last = await real.bot.store.action_log(table.row.id)
    user = users[last[-1].user_id]
    refused = reply_text(await real.command(user, "game", "undo"))
    assert "cannot be undone" in refused and "dice" in refused


async def test_a_rewind_needs_every_player_and_one_refusal_cancels_it(real: Session):
    users, mover, _other = await nomb(real)
    host = next(u for u in users.values() if u.name == "alice")
    guest = next(u for u in users.values() if u.name == "bob")
    table = await real.table()
    await place(real, table, mover)
    before = log_of(await real.table())
    refused = reply_text(await real.command(guest, "game", "table", "rewind", moves=1))
    assert "Only the host" in refused
    asked = await real.confirm(host, "game", "table", "rewind", moves=1)
    assert "once everyone agrees" in asked
    vote = next(m for m in reversed(real.posts()) if "asks the table to rewind" in m.content)
    assert guest.id in vote.pinged_ids and vote.find_button("Agree")
    no = reply_text(await real.click(guest, vote, "Refuse"))
    assert "refused" in no and real.standin.message(vote.id).components == []
    assert "refused the rewind" in real.posts()[-1].content
    assert log_of(await real.table()) == before

    await real.confirm(host, "game", "table", "rewind", moves=1)
    vote = next(m for m in reversed(real.posts()) if "asks the table to rewind" in m.content)
    stranger = real.user("stranger")
    assert "Only the players" in reply_text(await real.click(stranger, vote, "Agree"))
    await real.restart()
    yes = reply_text(await real.click(guest, real.standin.message(vote.id), "Agree"))
    assert "rewound" in yes
    post = real.posts()[-1]
    assert "rewound the game" in post.content and post.attachments
    assert len(history := await real.bot.store.action_log(table.row.id)) == 2
    assert history[-1].seat == -1
    assert log_of(await real.table()) != before


async def test_replacing_a_player_hands_over_the_seat_and_its_secrets(session: Session):
    host, guest = session.user("host"), session.user("guest")
    await session.open_game("sealed_bids", host, guest)
    newcomer = session.user("newcomer")
    not_host = reply_text(
        await session.command(guest, "game", "seat", "replace", player=guest, newcomer=newcomer)
    )
    assert "Only the host" in not_host
    seated = reply_text(
        await session.command(host, "game", "seat", "replace", player=guest, newcomer=host)
    )
    assert "already plays" in seated
    robot = reply_text(
        await session.command(
            host, "game", "seat", "replace", player=guest, newcomer=session.standin.bot
        )
    )
    assert "bot cannot take a seat" in robot
    asked = await session.command(host, "game", "seat", "replace", player=guest, newcomer=newcomer)
    assert "Give" in reply_text(asked) and (await session.table()).seats_of(guest.id)
    await session.restart()
    await session.click(host, asked.reply, "Confirm")
    table = await session.table()
    seat = table.seats_of(newcomer.id)[0]
    assert table.seats_of(guest.id) == []
    told = session.posts()[-1]
    assert "gave" in told.content and newcomer.id in told.pinged_ids
    secret = table.game.hand_text(table.state, seat)
    assert secret is not None
    assert any(say(secret, "en") in m.content for m in session.standin.dms(newcomer))
    card = table.state.hands[seat][0]
    refused = reply_text(await session.command(guest, "bids", "bid", card=card))
    assert "not playing" in refused
    assert (await session.play(newcomer, "bids", "bid", card=card)).startswith("✅")


async def test_a_player_who_must_leave_asks_to_be_replaced(session: Session):
    host, guest = session.user("host"), session.user("guest")
    await session.open_game("sealed_bids", host, guest)
    answer = reply_text(await session.command(guest, "game", "seat", "resign"))
    assert "asked the host" in answer
    told = session.posts()[-1]
    assert "asks to be replaced" in told.content and host.id in told.pinged_ids
    stranger = session.user("stranger")
    assert "not playing" in reply_text(await session.command(stranger, "game", "seat", "resign"))


async def test_settings_out_of_range_are_refused_and_change_nothing(session: Session):
    host, guest = session.user("host"), session.user("guest")
    await session.open_game("sealed_bids", host, guest)
    before = (await session.table()).row.pace
    bad = reply_text(await session.command(host, "game", "settings", turn_limit=0.5))
    assert "were not changed" in bad and "A turn limit is between 1 and 720 hours" in bad
    # A client that skips Discord's bounds hears the table's words, not the validator's.
    far = reply_text(await session.command(host, "game", "settings", remind_after=200))
    assert "The first reminder comes 1 to 168 hours into a turn." in far
    assert "Input should" not in far
    not_host = reply_text(await session.command(guest, "game", "settings", reminders=3))
    assert "Only the host" in not_host
    assert (await session.table()).row.pace == before
    shown = reply_text(await session.command(guest, "game", "settings"))
    assert "Reminders after 12 h" in shown


async def test_settings_declare_their_bounds_to_discord(session: Session):
    game = next(c for c in session.standin.commands() if c["name"] == "game")
    settings = next(o for o in game["options"] if o["name"] == "settings")
    declared = {o["name"]: (o.get("min_value"), o.get("max_value")) for o in settings["options"]}
    assert declared["remind_after"] == (1, 168) and declared["remind_every"] == (1, 336)
    assert declared["reminders"] == (0, 20) and declared["turn_limit"] == (0, 720)
    assert declared["vacation_days"] == (0, 60)


async def test_the_host_sets_the_pace_in_the_lobby_and_the_lobby_shows_it(session: Session):
    host, guest = session.user("host"), session.user("guest")
    await session.command(host, "game", "new", game="sealed_bids")
    lobby = session.posts()[-1]
    await session.command(guest, "game", "join")
    answer = reply_text(await session.command(host, "game", "settings", turn_limit=36, reminders=2))
    assert "turn limit 36 h" in answer
    shown = session.standin.message(lobby.id).embeds[0]["description"]
    assert "turn limit 36 h" in shown and "2 at most" in shown
    await session.command(host, "game", "start")
    assert (await session.table()).row.pace["turn_limit"] == 36


async def test_a_player_who_asked_is_told_by_dm_when_they_are_on_deck(real: Session):
    alice, bob = real.user("alice"), real.user("bob")
    for user in (alice, bob):
        answer = reply_text(await real.command(user, "game", "me", "settings", on_deck=True))
        assert "on-deck DMs on" in answer
    users = await real.open_game("not_on_my_block", alice, bob, seed=7)
    table = await real.table()
    resident = users[table.holder(next(iter(table.prompts())))]
    developer = bob if resident is alice else alice

    def on_deck(user: UserRecord) -> list[str]:
        return [m.content for m in real.standin.dms(user) if "on deck" in m.content]

    assert len(on_deck(developer)) == 1 and on_deck(resident) == []
    while (await real.table()).state.phase == "placement":
        table = await real.table()
        seat = next(iter(table.prompts()))
        await real.bot.tables.act(table, table.holder(seat), table.prompts()[seat].default, seat)
    await real.bot.publisher.publish(table.row.id)
    assert len(on_deck(developer)) == 1  # told once, not at every placement
    assert len(on_deck(resident)) == 1 and "Developer" in on_deck(resident)[0]


async def test_an_undo_button_undoes_only_the_move_it_came_with(real: Session):
    _, mover, _ = await nomb(real)
    table = await real.table()
    _, first = await place(real, table, mover)
    _, second = await place(real, await real.table(), mover)
    await real.click(mover, first, "Undo")
    assert "no longer undoes it" in real.standin.message(first.id).content
    assert len(await real.bot.store.action_log(table.row.id)) == 2
    await real.click(mover, second, "Undo")
    assert real.standin.message(second.id).content.startswith("Take back:")
