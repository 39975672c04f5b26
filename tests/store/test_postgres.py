"""What only the PostgreSQL store has to show: it is chosen by DATABASE_URL, its migrations
twin SQLite's, its columns hold moments and JSON as PostgreSQL types, a move holds its game's
lock, its URL's password never reaches a message, and the SQLite file's backups are refused."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg
import pytest
from pydantic import ValidationError

from bot.__main__ import main
from bot.config import Settings, explain
from bot.store import pg_schema, schema
from bot.store.choice import chosen
from bot.store.postgres import PostgresStore
from bot.store.schema import StoreUnusable
from bot.store.sqlite import SqliteStore
from tests.postgres import Server
from tests.store.helpers import running


@pytest.fixture
async def url(postgres: Server) -> str:
    return await postgres.database()


def test_every_sqlite_migration_has_a_postgresql_twin_of_the_same_name():
    sqlite = [m.name for m in schema.load(schema.bundled())]
    postgresql = [m.name for m in schema.load(pg_schema.bundled())]
    assert postgresql == sqlite


async def test_migrations_are_recorded_once_and_moments_and_json_have_their_types(url: str):
    first, second = PostgresStore(url), PostgresStore(url)
    await asyncio.gather(first.open(), second.open())  # two processes starting at once
    try:
        conn = await asyncpg.connect(url)
        try:
            names = [r["name"] for r in await conn.fetch("SELECT name FROM schema_migrations")]
            columns = {
                (r["table_name"], r["column_name"]): r["data_type"]
                for r in await conn.fetch(
                    "SELECT table_name, column_name, data_type FROM information_schema.columns"
                    " WHERE table_schema = current_schema()"
                )
            }
        finally:
            await conn.close()
    finally:
        await first.aclose()
        await second.aclose()
    assert sorted(names) == [m.name for m in schema.load(pg_schema.bundled())]
    for (table, column), kind in columns.items():
        if (column.endswith(("_at", "_until")) and column != "paused_at") or column == "since":
            assert kind == "timestamp with time zone", (table, column)
    for column in ("options", "players", "pace", "living", "player_names", "announced_seats"):
        assert columns["games", column] == "jsonb", column
    for column in ("body", "pieces", "message_ids"):
        assert columns["outbox", column] == "jsonb", column


async def test_a_move_waits_for_the_game_s_lock(url: str):
    store = PostgresStore(url)
    await store.open()
    try:
        row = await running(store)
        holder = await asyncpg.connect(url)
        try:
            tx = holder.transaction()
            await tx.start()
            await holder.execute("SELECT pg_advisory_xact_lock($1)", row.id)
            move = asyncio.create_task(
                store.record_action(row, 0, 7, '"a"', '{"s": 1}', finished=False, posts=[])
            )
            await asyncio.sleep(0.3)
            assert not move.done(), "the move went ahead while another held the game"
            await tx.commit()
            moved = await asyncio.wait_for(move, 5)
        finally:
            await holder.close()
        assert moved.version == row.version + 1
    finally:
        await store.aclose()


async def test_a_newer_or_foreign_database_is_refused_without_the_password(
    postgres: Server, tmp_path: Path
):
    url = await postgres.database()
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("CREATE TABLE invoices (id INTEGER)")
    finally:
        await conn.close()
    with pytest.raises(StoreUnusable, match="not one of this bot's databases"):
        await PostgresStore(url).open()
    newer = await postgres.database()
    store = PostgresStore(newer)
    await store.open()
    await store.aclose()
    conn = await asyncpg.connect(newer)
    try:
        await conn.execute("INSERT INTO schema_migrations VALUES ('9999_future.sql', now())")
    finally:
        await conn.close()
    with pytest.raises(StoreUnusable, match="newer version of the bot"):
        await PostgresStore(newer).open()
    secret = f"postgresql://bot:hunter2-secret@127.0.0.1:{postgres.port}/nowhere"
    unreachable = PostgresStore(secret)
    with pytest.raises(StoreUnusable) as refused:
        await unreachable.open()
    assert "hunter2" not in str(refused.value) and "bot:***@" in str(refused.value)
    assert "hunter2" not in repr(unreachable)


def test_database_url_chooses_postgresql_and_is_never_shown(tmp_path: Path):
    secret = "postgresql://bot:hunter2-secret@db.example:5432/games"
    settings = Settings(database_url=secret)
    assert "hunter2" not in repr(settings) and "hunter2" not in str(settings.model_dump())
    store, where = chosen(tmp_path / "games.sqlite3", secret)
    assert (
        isinstance(store, PostgresStore) and where == "postgresql://bot:***@db.example:5432/games"
    )
    default, named = chosen(tmp_path / "games.sqlite3", None)
    assert isinstance(default, SqliteStore) and named == str(tmp_path / "games.sqlite3")
    with pytest.raises(ValidationError) as refused:
        Settings(database_url="mysql://bot:hunter2-secret@db.example/games")
    line = explain(Settings, refused.value)
    assert "DATABASE_URL is not valid" in line and "hunter2" not in line


def test_sqlite_backups_are_refused_on_postgresql(monkeypatch, tmp_path: Path, capsys):
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot:hunter2-secret@db.example/games")
    assert main(["backup", str(tmp_path / "copy.sqlite3")]) == 2
    said = capsys.readouterr().err
    assert "pg_dump" in said and "hunter2" not in said
    assert not (tmp_path / "copy.sqlite3").exists()
    monkeypatch.setenv("BACKUP_DIR", str(tmp_path / "backups"))
    with pytest.raises(ValidationError) as refused:
        Settings()
    line = explain(Settings, refused.value)
    assert "BACKUP_DIR is not valid" in line and "hunter2" not in line
