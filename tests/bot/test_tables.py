"""Who may do what at a table, without Discord: lobby rules, seats, turns, refusals, replay."""

import gc
import json
from pathlib import Path

import pytest

from bot.store.sqlite import SqliteStore
from bot.table import present
from bot.table.model import PlayerError
from bot.table.tables import StateCache, Tables
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


async def test_a_busy_game_works_out_who_may_act_once_per_move(tables: Tables, monkeypatch):
    """Checking, storing, telling and scheduling a move all ask who may act; the game is asked
    once, when the move is applied, and the next move on a busy table starts from that."""
    table = await tables.start(await lobby(tables, BOB), HOST, seed=3)
    asked = []
    real = type(TOY)._prompts
    monkeypatch.setattr(
        type(TOY), "_prompts", lambda game, state: asked.append(1) or real(game, state)
    )
    for _ in range(2):
        table = await tables.current(1)
        seat = next(iter(table.prompts()))
        card = table.state.hands[seat][0]
        before = len(asked)
        move = await tables.act(table, table.holder(seat), {"kind": "bid", "card": card}, seat)
        move.after.prompts(), await tables.current(1)
        assert len(asked) - before == 1


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


async def test_a_snapshot_from_an_older_schema_is_rebuilt_from_the_log(tables: Tables):
    nomb = REGISTRY["not_on_my_block"]
    table = await tables.open_lobby(2, 9, nomb.id, HOST)
    table = await tables.start(await tables.join(table, BOB), HOST, seed=3)
    for _ in range(3):
        seat = next(iter(table.prompts()))
        action = nomb.legal_actions(table.state, seat)[0]
        table = (await tables.act(table, table.holder(seat), action.model_dump(), seat)).after
    truth = table.state.model_dump_json()
    old = table.state.model_dump(mode="json", exclude={"decisions"}) | {"schema_version": 1}
    await tables.store.rewrite_snapshot(table.row.id, table.row.version, json.dumps(old))
    tables.forget(table.row.id)
    loaded = await tables.by_id(table.row.id)
    assert loaded.state.model_dump_json() == truth
    assert (await tables.store.get(table.row.id)).state == truth


async def test_an_old_snapshot_the_log_no_longer_replays_into_is_kept(tables: Tables):
    nomb = REGISTRY["not_on_my_block"]
    table = await tables.open_lobby(2, 9, nomb.id, HOST)
    table = await tables.start(await tables.join(table, BOB), HOST, seed=3)
    seat = next(iter(table.prompts()))
    action = nomb.legal_actions(table.state, seat)[0]
    table = (await tables.act(table, table.holder(seat), action.model_dump(), seat)).after
    # As if the rules had changed since: the stored game differs from what its log replays to.
    old = table.state.model_dump(mode="json", exclude={"decisions"}) | {"schema_version": 1}
    old["reps"] = {name: "A1" for name in old["reps"]}
    await tables.store.rewrite_snapshot(table.row.id, table.row.version, json.dumps(old))
    tables.forget(table.row.id)
    loaded = await tables.by_id(table.row.id)
    assert set(loaded.state.reps.values()) == {"A1"}
    assert loaded.state.schema_version == 2 and loaded.state.decisions == {}


async def test_lobbies_are_capped_per_host_and_per_server(tmp_path: Path):
    store = SqliteStore(tmp_path / "caps.sqlite3")
    await store.open()
    tables = Tables(store, lobbies_per_user=2, lobbies_per_server=3)
    await tables.open_lobby(1, 9, TOY.id, HOST)
    await tables.open_lobby(2, 9, TOY.id, HOST)
    with pytest.raises(PlayerError, match="already host 2 open lobbies"):
        await tables.open_lobby(3, 9, TOY.id, HOST)
    await tables.open_lobby(3, 9, TOY.id, BOB)
    with pytest.raises(PlayerError, match="server already has 3 open lobbies"):
        await tables.open_lobby(4, 9, TOY.id, CARL)
    assert (await tables.open_lobby(4, 8, TOY.id, CARL)).row.guild_id == 8
    await store.aclose()


def test_the_state_cache_keeps_the_most_recent_games_within_its_byte_budget():
    cache = StateCache(budget_bytes=100)
    state = TOY.setup(TOY.make_options(2), 1)
    for game_id in range(1, 6):
        cache.put(game_id, 1, 40, state)
    assert len(cache) == 2 and cache.used == 80
    assert cache.get(5, 1) == (state, None) and cache.get(1, 1) is None
    assert cache.get(5, 2) is None, "another version is a miss"


async def test_a_channel_lock_lives_only_while_someone_holds_it(tables: Tables):
    for channel in range(1000):
        async with tables.lock(channel):
            pass
    gc.collect()
    assert len(tables._locks) == 0


def test_player_counts_read_as_a_host_reads_them():
    assert present.player_counts((2, 3, 4, 5)) == "2 to 5"
    assert present.player_counts((2, 4)) == "2 or 4"
    assert present.player_counts((2, 3)) == "2 or 3"
    assert present.player_counts((2, 3, 5)) == "2 or 3 or 5"
