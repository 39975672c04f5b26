"""A typed command counts only for the decision it was typed for: a player who sends it again
(after a crash, not knowing whether it counted) is told it was already answered and what
happened since, even when the game has reached the same choice again; a forged decision mark
gets its own refusal. Commands go out as Discord sends them: values picked from autocomplete."""

from __future__ import annotations

from bot.table import binding
from tests.bot.harness import Session, reply_text
from tests.bot.toy import owe_a_decision
from tests.engine.toy_game import GAME as TOY
from tests.standin import UserRecord

ANSWERED = "Already answered"


async def log_length(session: Session) -> int:
    return len(await session.bot.store.action_log((await session.table()).row.id))


async def send(session: Session, user: UserRecord, *path: str, **options: object) -> str:
    return reply_text(await session.command(user, *path, **options))


async def tie_again(session: Session) -> None:
    """Round two ties as well, and its tie-break rolls the dice of round one again (no other
    move drew on them), so the same seat owes the same Accept/Re-roll decision again."""
    table = await session.table()
    table.state.hands = [[2, 1], [2, 5]]
    table.state.rng = session.bot.tables.initial(table).rng
    for seat in (0, 1):
        await session.bot.tables.act(table, table.holder(seat), {"kind": "bid", "card": 2})
        table = await session.table()


async def test_a_retried_command_is_refused_when_its_decision_came_round_again(session: Session):
    table, _, _ = await owe_a_decision(session)
    seat = table.state.pending_loser
    loser = session.standin.world.users[table.holder(seat)]
    picked = await session.picked(loser, TOY.short_name, "settle", choice="accept")
    assert binding.read(picked["choice"])[0].decision == table.prompts()[seat].decision
    assert (await send(session, loser, TOY.short_name, "settle", **picked)).startswith("✅")
    await tie_again(session)
    table = await session.table()
    assert table.state.pending_loser == seat  # the same seat owes the same choice again
    before = await log_length(session)

    retry = await send(session, loser, TOY.short_name, "settle", **picked)
    assert retry.startswith(f"⚠️ {ANSWERED}") and "nothing was changed" in retry
    assert "Since then:" in retry and "has bid" in retry  # what the channel heard since
    assert await log_length(session) == before
    assert (await session.table()).state.pending_loser == seat

    fresh = await session.picked(loser, TOY.short_name, "settle", choice="accept")
    assert fresh != picked
    assert (await send(session, loser, TOY.short_name, "settle", **fresh)).startswith("✅")
    assert await log_length(session) == before + 1


async def test_forged_or_mixed_marks_are_refused_specifically(session: Session):
    table, _, _ = await owe_a_decision(session)
    seat = table.state.pending_loser
    loser = session.standin.world.users[table.holder(seat)]
    winner = session.standin.world.users[table.holder(1 - seat)]
    picked = await session.picked(loser, TOY.short_name, "settle", choice="accept")
    mark = binding.read(picked["choice"])[0]
    before = await log_length(session)

    def forged(**changes: int) -> str:
        fields = {**mark.__dict__, **changes}
        return binding.bind(binding.Mark(**fields), "accept")

    for value, refusal in [
        ("#12x.0.1:accept", binding.UNREADABLE),
        ("#", binding.UNREADABLE),
        (forged(decision=mark.decision + 3), binding.NOT_YOURS),
        (forged(seat=1 - seat), binding.NOT_YOURS),
        (forged(seat=99), binding.NOT_YOURS),
        (forged(game=mark.game + 1000), binding.NOT_YOURS),
        (forged(step=10**8), binding.NOT_YOURS),
    ]:
        answer = await send(session, loser, TOY.short_name, "settle", choice=value)
        assert answer == f"⚠️ {refusal}", (value, answer)
    # The winner sending the loser's own suggestion is refused too: it is not their decision.
    answer = await send(session, winner, TOY.short_name, "settle", **picked)
    assert answer == f"⚠️ {binding.NOT_YOURS}"
    assert await log_length(session) == before
    assert (await session.table()).state.pending_loser == seat


async def test_a_value_typed_by_hand_still_plays_the_decision_open_now(session: Session):
    table, _, _ = await owe_a_decision(session)
    loser = session.standin.world.users[table.holder(table.state.pending_loser)]
    assert (await send(session, loser, TOY.short_name, "settle", choice="accept")).startswith("✅")


async def test_a_retried_order_line_is_not_written_into_the_next_sheet(scouts: Session):
    ana, ben = scouts.user("ana"), scouts.user("ben")
    await scouts.open_game("scouts", ana, ben, seed=3)
    table = await scouts.table()
    red, blue = (scouts.standin.world.users[table.holder(s)] for s in (0, 1))
    line = await scouts.picked(red, "game", "order", unit="red-1", to="hill")
    assert (await send(scouts, red, "game", "order", **line)).startswith("✏️")
    sheet = await scouts.picked(red, "game", "orders")
    assert binding.bare(sheet["sheet"]) == ""  # it names the sheet, nothing else
    panel = (await scouts.command(red, "game", "orders", **sheet)).reply
    await scouts.click(red, panel, "Submit orders")
    again = await send(scouts, red, "game", "orders", **sheet)
    assert again.startswith(f"⚠️ {ANSWERED}: that sheet of Red's has been submitted or replaced")
    assert "Red has submitted orders" in again and "Submit" not in again
    panel = (await scouts.command(blue, "game", "orders")).reply
    await scouts.click(blue, panel, "Submit orders")
    # Round two: muster (a command with no option of its own binds through `decision`), then
    # Red writes a new order for the same scout.
    assert (await scouts.play(red, "scouts", "muster")).startswith("✅")
    fresh = await scouts.picked(red, "game", "order", unit="red-1", to="camp")
    assert (await send(scouts, red, "game", "order", **fresh)).startswith("✏️")
    table = await scouts.table()
    decision = table.prompts()[0].decision
    draft = await scouts.bot.store.draft(table.row.id, 0, decision)
    assert draft == {"red-1": "camp"}

    retry = await send(scouts, red, "game", "order", **line)
    assert retry.startswith(f"⚠️ {ANSWERED}: Red's sheet that this order was written for")
    assert "Round 2 begins" in retry
    assert await scouts.bot.store.draft(table.row.id, 0, decision) == draft
