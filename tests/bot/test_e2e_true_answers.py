"""Refusals that tell the real reason: `/game order` from a player with nothing to order says
whether they already submitted, are not asked this round, or the game takes no orders now;
`/game undo` names what made the move final, and a submission that reveals every sheet is
never offered an Undo button."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.players import default_player
from tests.bot.harness import Session, reply_text
from tests.bot.test_e2e_orders import order, orders, press, start
from tests.bot.test_e2e_space_insurrection import red_against
from tests.standin import UserRecord


@pytest.fixture
async def real(tmp_path: Path):
    async with Session(tmp_path / "games.sqlite3") as s:
        yield s


async def test_a_seat_not_asked_for_orders_hears_why_and_a_lone_sheet_reveals(real: Session):
    ana, ben = real.user("ana"), real.user("ben")
    users = await real.open_game("space_insurrection", ana, ben, seed=3)
    play = red_against(default_player, 3, 2)
    for _ in range(40):
        table = await real.table()
        state = table.state
        idle = [s for s in (0, 1) if s not in state.owing and s not in state.sheets]
        if state.phase in ("blockade", "surveillance", "movement") and idle:
            break
        seat, action = play(table)
        await real.bot.tables.act(table, table.holder(seat), action.model_dump(), seat)
    else:
        pytest.fail("no phase of orders with a seat left out")
    left_out: UserRecord = users[table.holder(idle[0])]
    writing = table.state.seat_names[state.owing[0]]
    refused = reply_text(await real.command(left_out, "game", "order", unit="x", to="y"))
    assert "already submitted" not in refused
    assert "No orders are asked of you this round" in refused
    assert f"waits for {writing} to submit" in refused
    assert "already submitted" not in (await orders(real, left_out)).content

    # The one seat asked submits alone: that reveals its sheet, so it has no Undo.
    writer = users[table.holder(state.owing[0])]
    panel = await orders(real, writer)
    assert (await press(real, writer, panel, "Submit orders")).startswith("✅")
    assert "Undo" not in str(real.standin.message(panel.id).components)
    refused = reply_text(await real.command(writer, "game", "undo"))
    assert "cannot be undone" in refused and "revealed everyone's orders" in refused


async def test_order_refusals_say_submitted_only_after_a_submission(scouts: Session):
    red, blue = await start(scouts)
    await press(scouts, red, await orders(scouts, red), "Submit orders")
    refused = (await order(scouts, red, "red-1", "hill")).content
    assert "You have already submitted your orders" in refused and "Blue has submitted" in refused
    await press(scouts, blue, await orders(scouts, blue), "Submit orders")
    # Between rounds the first camp musters the scouts: no sheet is open for anyone.
    table = await scouts.table()
    mustering = table.state.seat_names[0]
    for user in (red, blue):
        refused = (await order(scouts, user, "blue-1", "camp")).content
        assert "already submitted" not in refused
        assert "not taking secret orders" in refused
        assert ("waits for you" if table.holder(0) == user.id else f"waits for {mustering}") in (
            refused
        )


async def test_the_submission_that_reveals_every_sheet_has_no_undo(scouts: Session):
    red, blue = await start(scouts)
    first = await orders(scouts, red)
    assert (await press(scouts, red, first, "Submit orders")).startswith("✅")
    assert scouts.standin.message(first.id).find_button("Undo")  # nothing revealed yet
    last = await orders(scouts, blue)
    answer = await press(scouts, blue, last, "Submit orders")
    assert answer.startswith("✅") and "Undo" not in str(scouts.standin.message(last.id).components)
    refused = reply_text(await scouts.command(blue, "game", "undo"))
    assert "cannot be undone" in refused and "revealed everyone's orders" in refused
    assert "dice" not in refused and "cards" not in refused
    # Red's earlier submission is not the latest move any more: Blue's is.
    refused = reply_text(await scouts.command(red, "game", "undo"))
    assert "not yours" in refused and "Blue's move" in refused
