"""Computer seats at a table, without Discord: the host seats computers in the lobby, hands a
player's seat to the computer during play and back to a person; a computer's moves go through
the same path as a player's, are due at once, and nobody pings or messages the computer; the
requests that make no sense are refused with a reason and change nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.discord import computer_seats
from bot.store.sqlite import SqliteStore
from bot.table import computer, posts
from bot.table.computer_ids import is_computer, level_of
from bot.table.model import PlayerError, Table
from bot.table.tables import Tables
from engine.computer import Budget, Level
from engine.computer.levels import choose_json
from engine.games import REGISTRY
from engine.players import random_player, seen

HOST, BOB, CARL = 11, 22, 33


@pytest.fixture
async def tables(tmp_path: Path):
    store = SqliteStore(tmp_path / "t.sqlite3")
    await store.open()
    yield Tables(store)
    await store.aclose()


async def think(game: str, state: str, seat: int, level: str, seed: int) -> dict[str, Any]:
    """The worker's job, run in this process: tests need no worker pool."""
    return choose_json(game, state, seat, Level.CASUAL.value, seed)


async def computer_plays(tables: Tables, table: Table) -> Table | None:
    """The next decision a computer owes, decided and played as the due sweep does (here
    without a lock, nothing else touching the table); None when no computer owes one."""
    asked = computer.owed(table)
    if asked is None:
        return None
    return await computer.answer(tables, table, asked, await computer.decide(asked, think))


async def person_moves(tables: Tables, table: Table, user: int, seed: int) -> Table:
    """`user` plays a random legal action for each decision they owe now."""
    assert table.state is not None
    for seat in [s for s in sorted(table.prompts()) if table.holder(s) == user]:
        assert table.state is not None
        if seat not in table.prompts():
            continue
        what = seen(table.game, table.state, seat, table.prompts()[seat])
        action = random_player(seed)(what)
        table = (await tables.act(table, user, action.model_dump(mode="json"), seat)).after
    return table


async def test_the_host_seats_computers_in_the_lobby_up_to_the_games_limit(tables: Tables):
    table = await tables.open_lobby(1, 9, "not_on_my_block", HOST)
    with pytest.raises(PlayerError, match="Only the host"):
        await computer.seat(tables, table, BOB, Level.STRONG)
    for level in (Level.STRONG, Level.CASUAL, Level.STRONG):
        table = await computer.seat(tables, table, HOST, level)
    assert [level_of(p) for p in table.row.players] == [
        None,
        Level.STRONG,
        Level.CASUAL,
        Level.STRONG,
    ]
    assert len(set(table.row.players)) == 4, "every computer holds a seat of its own"
    with pytest.raises(PlayerError, match="at most 4 players"):
        await computer.seat(tables, table, HOST, Level.CASUAL)
    assert (await tables.current(1)).row.players == table.row.players


async def test_only_the_host_sends_a_lobbys_last_computer_away_and_never_during_play(
    tables: Tables,
):
    table = await tables.open_lobby(1, 9, "not_on_my_block", HOST)
    table = await tables.join(table, BOB)
    with pytest.raises(PlayerError, match="No computer is seated"):
        await computer.unseat(tables, table, HOST)
    for level in (Level.STRONG, Level.CASUAL):
        table = await computer.seat(tables, table, HOST, level)
    with pytest.raises(PlayerError, match="Only the host"):
        await computer.unseat(tables, table, BOB)
    table = await computer.unseat(tables, table, HOST)
    assert [level_of(p) for p in table.row.players] == [None, None, Level.STRONG]
    table = await computer.seat(tables, table, HOST, Level.CASUAL)
    table = await tables.start(table, HOST)
    with pytest.raises(PlayerError, match="during play, `/game seat return`"):
        await computer.unseat(tables, table, HOST)
    assert (await tables.current(1)).row.players == table.row.players


async def test_a_person_and_a_computer_play_not_on_my_block_to_its_end(tables: Tables):
    table = await computer.seat(
        tables, await tables.open_lobby(1, 9, "not_on_my_block", HOST), HOST, Level.CASUAL
    )
    table = await tables.start(table, HOST, seed=5)
    bot_id = next(p for p in table.row.players if is_computer(p))
    computer_moves = 0
    for step in range(4000):
        if table.row.status == "finished":
            break
        owing = {table.holder(s) for s in table.prompts()}
        if bot_id in owing:
            waits = await tables.store.waits(table.row.id)
            due = [w for w in waits.values() if w.user_id == bot_id]
            assert due and all(w.limit_at == w.since and w.remind_at is None for w in due)
            after = await computer_plays(tables, table)
            assert after is not None
            computer_moves += 1
        else:
            await person_moves(tables, table, HOST, step)
        table = await tables.by_id(table.row.id)
        assert table is not None
    assert table.row.status == "finished"
    assert computer_moves > 10
    logged = await tables.store.action_log(table.row.id)
    assert {entry.user_id for entry in logged} == {HOST, bot_id}
    told = await tables.store.open_posts(table.row.id)
    assert not any(p.recipient == bot_id for p in told), "no DM is written to a computer"
    assert await tables.replay(table) == table.state


async def test_the_turn_message_marks_a_computer_seat_and_never_pings_it(tables: Tables):
    lobby = await tables.open_lobby(1, 9, "not_on_my_block", HOST)
    table = await tables.start(await computer.seat(tables, lobby, HOST, Level.STRONG), HOST, 2)
    bot_id = next(p for p in table.row.players if is_computer(p))
    bot_seat = table.seats_of(bot_id)[0]
    for step in range(20):
        if bot_seat in table.prompts():
            break
        table = await person_moves(tables, table, HOST, step)
    assert bot_seat in table.prompts()
    post = [p for p in await tables.store.open_posts(table.row.id) if p.kind == "turn"][-1]
    pieces = posts.compose(table, post, current=True, show=posts.Show())
    text = "\n".join(p.content for p in pieces)
    assert "🤖 computer (strong)" in text
    assert all(bot_id not in p.ping for p in pieces)


async def test_a_seat_goes_to_the_computer_and_back_to_a_person_who_gets_its_secrets(
    tables: Tables,
):
    lobby = await tables.open_lobby(1, 9, "space_insurrection", HOST)
    table = await tables.start(await tables.join(lobby, BOB), HOST, seed=4)
    assert table.state is not None
    with pytest.raises(PlayerError, match="Only the host"):
        await computer.hand_over(tables, table, HOST, Level.CASUAL, BOB, can_manage=False)
    table = await computer.hand_over(tables, table, BOB, Level.CASUAL, HOST, can_manage=False)
    with pytest.raises(PlayerError, match="only computers"):
        await computer.hand_over(tables, table, HOST, Level.CASUAL, HOST, can_manage=False)
    bot_id = next(p for p in table.row.players if is_computer(p))
    seat = table.seats_of(bot_id)[0]
    name = table.state.seat_names[seat]
    assert BOB not in table.row.players
    if seat in table.prompts():
        assert await computer_plays(tables, table) is not None
        table = await tables.by_id(table.row.id)
        assert table is not None
    with pytest.raises(PlayerError, match="already plays"):
        await computer.hand_back(tables, table, name, HOST, HOST, can_manage=False)
    with pytest.raises(PlayerError, match="No computer holds a seat called"):
        await computer.hand_back(tables, table, "Nowhere", CARL, HOST, can_manage=False)
    unchanged = await tables.by_id(table.row.id)
    assert unchanged is not None and unchanged.row.players == table.row.players
    table = await computer.hand_back(tables, table, name.upper(), CARL, HOST, can_manage=False)
    assert table.holder(seat) == CARL
    told = await tables.store.open_posts(table.row.id)
    assert any(p.kind == "private" and p.recipient == CARL for p in told), "secrets by DM"
    waits = await tables.store.waits(table.row.id)
    assert all(w.user_id != bot_id for w in waits.values())


async def test_a_seat_handed_back_while_it_owes_a_decision_asks_its_new_holder_with_buttons(
    tables: Tables,
):
    """The turn message showed the computer's seat without buttons (a computer clicks none):
    handed back mid-decision, the channel asks the person by name, pinged, with the seat's
    buttons, and every seat the computer held comes back with its secrets."""
    lobby = await tables.open_lobby(1, 9, "bloc_by_bloc", HOST)
    table = await tables.start(await tables.join(lobby, BOB), HOST, seed=6)
    assert table.state is not None
    for step in range(40):
        if any(table.holder(s) == BOB for s in table.prompts()):
            break
        table = await person_moves(tables, table, HOST, step)
    table = await computer.hand_over(tables, table, BOB, Level.CASUAL, HOST, can_manage=False)
    bot_id = next(p for p in table.row.players if is_computer(p))
    owing = [s for s in table.prompts() if table.holder(s) == bot_id]
    assert owing, "the computer owes a decision when the seat comes back"
    announced = {(s, p.decision) for s, p in table.prompts().items()}
    held = table.seats_of(bot_id)
    assert len(held) == 2, "a person at a 2-player table plays two factions"
    name = table.state.seat_names[held[0]]
    before = len(await tables.store.open_posts(table.row.id))
    table = await computer.hand_back(tables, table, name, CARL, HOST, can_manage=False)
    told = (await tables.store.open_posts(table.row.id))[before:]
    turn = [p for p in told if p.kind == "turn"]
    assert turn, "the channel is shown who is asked now"
    assert turn[-1].body["version"] == table.row.version, "as the table stands, so current"
    pieces = posts.compose(table, turn[-1], current=True, show=posts.Show(announced=announced))
    assert any(CARL in p.ping for p in pieces), "the new holder is pinged"
    seats = {spec.seat for p in pieces for spec in p.buttons}
    assert set(owing) <= seats, "the seat's buttons are offered to its new holder"
    text = "\n".join(p.content for p in pieces)
    assert all(table.state.seat_names[s] in text for s in held), "every seat handed back is named"
    secrets = {p.recipient for p in told if p.kind == "private"}
    if any(table.game.hand_text(table.state, s) for s in held):
        assert secrets == {CARL}
        dms = sum(p.kind == "private" for p in told)
        assert dms == sum(table.game.hand_text(table.state, s) is not None for s in held)


async def test_the_strong_level_searches_in_every_worker_and_plays_their_merged_choice(
    monkeypatch: pytest.MonkeyPatch,
):
    game = REGISTRY["space_insurrection"]
    state = game.setup(game.make_options(2), 3)
    seat = min(game.prompts(state))
    seeds: list[int] = []

    class TwoWorkers:
        async def each(self, work: Any, args: Any) -> list[Any]:
            jobs = [args(n) for n in range(2)]
            seeds.extend(job[3] for job in jobs)
            return [work(*job) for job in jobs]

    monkeypatch.setattr(computer_seats, "STRONG", Budget(iterations=None, seconds=0.05))
    think = computer_seats.thinker(TwoWorkers(), 1)  # type: ignore[arg-type]
    action = await think(game.id, state.model_dump_json(), seat, "strong", 40)
    assert seeds == [40, 41], "one search per worker, each with its own seed"
    game.apply(state, seat, game.parse_action(action))  # a choice the game accepts
