"""Who may do what at a table, without Discord: lobby rules, seats, turns, refusals, replay."""

from pathlib import Path

import pytest

from bot.storage import SqliteStore
from bot.table import PlayerError
from bot.tables import Tables
from engine import IllegalAction
from engine.games import REGISTRY
from tests.engine.toy_game import GAME as TOY

HOST, BOB, CARL, EVE = 11, 22, 33, 44


@pytest.fixture(autouse=True)
def toy_registered():
    REGISTRY[TOY.id] = TOY
    yield
    REGISTRY.pop(TOY.id, None)


@pytest.fixture
async def tables(tmp_path: Path):
    store = SqliteStore(tmp_path / "t.sqlite3")
    await store.open()
    yield Tables(store)
    await store.aclose()


async def lobby(tables: Tables, *players: int):
    table = await tables.open_lobby(1, 9, TOY.id, HOST)
    for p in players:
        table = await tables.join(table, p)
    return table


async def test_the_host_is_seated_and_others_join_once(tables: Tables):
    table = await lobby(tables, BOB)
    assert table.row.players == [HOST, BOB]
    with pytest.raises(PlayerError, match="already in"):
        await tables.join(table, BOB)


async def test_a_full_lobby_refuses_more_players(tables: Tables):
    table = await lobby(tables, BOB, CARL)
    with pytest.raises(PlayerError, match="at most 3"):
        await tables.join(table, EVE)


async def test_only_the_host_starts_and_only_with_an_allowed_player_count(tables: Tables):
    table = await lobby(tables)
    with pytest.raises(PlayerError, match="needs 2 or 3 players; 1 joined"):
        await tables.start(table, HOST)
    table = await tables.join(table, BOB)
    with pytest.raises(PlayerError, match="Only the host"):
        await tables.start(table, BOB)
    started = await tables.start(table, HOST, seed=5)
    assert started.row.status == "active" and started.state is not None
    assert sorted(started.row.players[h] for h in started.state.holders) == sorted([HOST, BOB])


async def test_the_host_cannot_leave_but_a_player_can_before_the_start(tables: Tables):
    table = await lobby(tables, BOB)
    with pytest.raises(PlayerError, match="host cannot leave"):
        await tables.leave(table, HOST)
    table = await tables.leave(table, BOB)
    assert table.row.players == [HOST]
    started = await tables.start(await tables.join(table, CARL), HOST, seed=1)
    with pytest.raises(PlayerError, match="only leave while"):
        await tables.leave(started, CARL)


async def test_only_seated_players_act_and_only_for_their_own_seats(tables: Tables):
    table = await tables.start(await lobby(tables, BOB), HOST, seed=3)
    with pytest.raises(PlayerError, match="not playing"):
        await tables.act(table, EVE, {"kind": "bid", "card": 1})
    bob_seat = table.seats_of(BOB)[0]
    card = table.state.hands[bob_seat][0]
    with pytest.raises(PlayerError, match="belongs to"):
        await tables.act(table, HOST, {"kind": "bid", "card": card}, seat=bob_seat)


async def test_a_refused_action_changes_nothing_stored(tables: Tables):
    table = await tables.start(await lobby(tables, BOB), HOST, seed=3)
    with pytest.raises(IllegalAction, match="do not hold"):
        await tables.act(table, BOB, {"kind": "bid", "card": 99})
    with pytest.raises(IllegalAction, match="card"):
        await tables.act(table, BOB, {"kind": "bid", "card": "nine"})
    again = await tables.current(1)
    assert again.row.version == table.row.version
    assert await tables.store.action_log(table.row.id) == []


async def test_accepted_actions_are_logged_and_replay_to_the_snapshot(tables: Tables):
    table = await tables.start(await lobby(tables, BOB), HOST, seed=3)
    while TOY.outcome(table.state) is None:
        seat = min(table.prompts())
        action = TOY.legal_actions(table.state, seat)[0]
        move = await tables.act(table, table.holder(seat), action.model_dump())
        table = move.after
    fresh = await tables.by_id(table.row.id)
    assert fresh.row.status == "finished"
    assert await tables.replay(fresh) == fresh.state


async def test_legal_choices_are_offered_only_to_the_seats_that_are_prompted(tables: Tables):
    table = await tables.start(await lobby(tables, BOB), HOST, seed=3)
    bob_seat = table.seats_of(BOB)[0]
    offered = tables.legal_for(table, BOB, "bid")
    assert {a.card for _, a in offered} == set(table.state.hands[bob_seat])
    assert tables.legal_for(table, EVE, "bid") == []
    assert tables.legal_for(table, BOB, "settle") == []
