"""Holding the database: on PostgreSQL one process per set of shards, together serving every
server, and never two on one shard; a SQLite file one process, whatever its shards."""

from __future__ import annotations

from datetime import timedelta

from bot.store.lease import Holder
from bot.store.postgres import PostgresStore
from bot.store.protocol import GameStore
from tests.store.helpers import NOW

LEASE = timedelta(seconds=30)


def process(shards: list[int] | None, count: int | None = 2) -> Holder:
    return Holder(version="1.0", started_at=NOW, shards=shards, shard_count=count)


async def test_processes_on_their_own_shards_share_postgresql_but_not_a_sqlite_file(
    store: GameStore, other: GameStore
):
    shared = isinstance(store, PostgresStore)
    zero, one = process([0]), process([1])
    assert await store.hold(zero, NOW, LEASE) is None
    refused = await other.hold(one, NOW, LEASE)
    if shared:
        assert refused is None, "shard 1's process was refused beside shard 0's"
    else:
        assert refused is not None and refused.holder == zero.holder
        assert "shard 0 of 2" in refused.line()
        return
    # Neither a second process on a shard already held, nor one on every shard, nor one that
    # counts the shards otherwise (it would split the servers differently).
    for late in (process([1]), process([0, 2], 3), process(None, None), process([3], 4)):
        held = await other.hold(late, NOW + LEASE / 2, LEASE)
        assert held is not None and held.holder in (zero.holder, one.holder)
    # Renewals keep both; a clean stop gives shard 1 back at once.
    assert await store.hold(zero, NOW + LEASE / 2, LEASE) is None
    assert await other.hold(one, NOW + LEASE / 2, LEASE) is None
    await other.let_go(one)
    again = process([1])
    assert await other.hold(again, NOW + LEASE / 2, LEASE) is None
    # Shard 0's process stops renewing while shard 1's goes on: shard 0 is taken over once
    # its lease (renewed at LEASE / 2) runs out, and not before.
    after = process([0])
    early = await other.hold(after, NOW + LEASE, LEASE)
    assert early is not None and early.holder == zero.holder
    assert await other.hold(again, NOW + LEASE * 1.4, LEASE) is None
    assert await other.hold(after, NOW + LEASE * 1.6, LEASE) is None
    back = await store.hold(zero, NOW + LEASE * 1.6, LEASE)
    assert back is not None and back.holder == after.holder


async def test_one_process_on_every_shard_holds_either_database_alone(
    store: GameStore, other: GameStore
):
    alone = process(None, None)
    assert await store.hold(alone, NOW, LEASE) is None
    for late in (process([0]), process([1]), process(None, None)):
        held = await other.hold(late, NOW, LEASE)
        assert held is not None and held.holder == alone.holder
        assert "every shard" in held.line()
    # Known to be gone (its process no longer runs): taken over before the lease runs out.
    successor = process(None, None)
    assert await other.hold(successor, NOW, LEASE, replacing=alone.holder) is None
    assert await store.hold(alone, NOW, LEASE) is not None
