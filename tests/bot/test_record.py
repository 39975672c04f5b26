"""The record of a game without Discord: pages of narration, what happened since a move, the
replay's checks of a log, the record file and its refusals, and the store's record queries
read through indexes only."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.store.models import LoggedAction, Post, Told
from bot.store.sqlite import SqliteStore
from bot.table import binding, record, takebacks
from bot.table.model import Table
from bot.table.tables import Tables
from engine import Termination, history
from engine.games.not_on_my_block import GAME as NOMB
from engine.messages import ENGLISH, say
from tests.bot.test_table_spanish import leftovers
from tests.engine.toy_game import GAME as TOY
from tests.engine.toy_words import words


def told(seq: int, text: str, kind: str = "turn", id_: int | None = None) -> Told:
    return Told(id=id_ if id_ is not None else seq + 1, seq=seq, kind=kind, text=text)


# ----- narration ---------------------------------------------------------------------------------
def test_pages_keep_every_row_in_order_within_the_budget():
    rows = [told(i, f"move {i} " + "x" * (i * 37 % 300)) for i in range(60)]
    rows.append(told(60, "y" * 5000))
    packed = record.pages(rows, budget=800)
    assert [r for page in packed for r in page] == rows
    for page in packed:
        assert len(page) == 1 or sum(len(record.line(r)) + 1 for r in page) <= 800
    assert record.pages(rows, budget=800) == packed  # a page number always means the same rows
    assert len(record.line(rows[-1])) <= record.ENTRY
    text, count = record.page_text("Log", rows, 10**6)
    assert count == len(record.pages(rows)) and f"page {count}/{count}" in text
    assert len(text) <= 2000


def test_since_leaves_out_your_own_move_but_not_what_came_after_it_at_the_same_step():
    rows = [
        told(3, "earlier", id_=1),
        told(4, "you moved\nthe round ends\nround 2 begins", id_=2),
        told(4, "a notice after your move", "notice", id_=3),
        told(4, "your DMs are closed", "notice", id_=4).model_copy(update={"to": 7}),
        told(5, "they moved", id_=5),
        told(5, "their DMs are closed", "notice", id_=6).model_copy(update={"to": 8}),
    ]
    assert [r.text for r in record.since(rows, 4, 7)] == [
        "the round ends\nround 2 begins",
        "a notice after your move",
        "your DMs are closed",
        "they moved",
    ]
    assert [r.text for r in record.since(rows, 5, 7)] == []
    assert [r.text for r in record.since(rows, 5, 8)] == ["their DMs are closed"]


def test_since_leaves_out_the_message_of_your_own_move_in_any_language():
    kept = [words("you moved"), words("the round ends")]
    rows = [told(4, "you moved\nthe round ends").model_copy(update={"said": kept})]
    (left,) = record.since(rows, 4, 7)
    assert left.said == kept[1:] and record.text_in(left, "es") == "the round ends"
    alone = [told(4, "you moved").model_copy(update={"said": kept[:1]})]
    assert record.since(alone, 4, 7) == []


async def test_narration_kept_as_messages_reads_in_any_language_and_older_text_as_stored(
    tmp_path: Path,
):
    """An English table's start, moves, defaults and end read in Spanish to a Spanish reader;
    what was stored before words were kept as messages reads as the channel read it."""
    store = SqliteStore(tmp_path / "games.sqlite3")
    await store.open()
    try:
        tables, table = await nomb_in_play(store)
        for seat in (0, 1):
            table = (await tables.act(table, table.holder(seat), {"kind": "end"})).after
        old = "Words the channel was told before they were kept as messages"
        body = {"header": old, "final": False, "version": 0}
        await store.add_posts(table.row.id, [Post(kind="turn", body=body)])
        for seat in (0, 1):
            table = (await tables.act(table, table.holder(seat), {"kind": "end"})).after
        for seat in (0, 1):
            table = (await tables.force(table, seat, words("⏰ Time is up."))).after
        assert NOMB.outcome(table.state) is not None
        rows = await store.narration(table.row.id)
        channel = "\n".join(r.text for r in rows)
        assert "begins!" in channel and "Game over" in channel and "Default for" in channel
        spanish = "\n".join(r.text for r in record.said_in(rows, "es"))
        for said in ("¡Empieza", "Por defecto para", "Fin de la partida", "¡Gracias por jugar"):
            assert said in spanish, said
        assert old in spanish and leftovers(spanish.replace(old, "")) == []
        assert "\n".join(r.text for r in record.said_in(rows, ENGLISH)) == channel
        text, _ = record.page_text("Registro", rows, 0, "es")
        assert "¡Empieza" in text and "begins!" not in text
    finally:
        await store.aclose()


async def test_take_backs_and_the_rewind_vote_read_in_the_log_readers_language(tmp_path: Path):
    """An English table's take-back names the moves it took back, and its rewind vote the moves
    it would take back: a Spanish reader of the log reads both, moves included, in Spanish."""
    store = SqliteStore(tmp_path / "games.sqlite3")
    await store.open()
    try:
        tables, table = await nomb_in_play(store)
        ((seat, prompt),) = table.prompts().items()
        user = table.holder(seat)
        table = (await tables.act(table, user, prompt.choices[0].action, seat)).after
        plan = await takebacks.plan_undo(tables, table, user, 1)
        table = await takebacks.take_back(tables, table, plan, user, rewind=False)
        plan = await takebacks.plan_rewind(tables, table, 2)
        await takebacks.ask_rewind(tables, table, plan, table.row.host_id)
        rows = await store.narration(table.row.id)
        took, asked = (r.text for r in rows[-2:])
        assert "took back: Developer: End turn." in took and "asks the table" in asked
        took, asked = (r.text for r in record.said_in(rows[-2:], "es"))
        assert "deshizo: Promotor: Terminar el turno." in took
        assert "pide a la mesa rebobinar 2 jugadas: Vecino: Apartamento" in asked
        assert "; Vecino: Apartamento" in asked and leftovers(took + asked) == []
    finally:
        await store.aclose()


async def test_a_command_for_an_answered_decision_says_what_came_since_in_the_askers_language(
    tmp_path: Path,
):
    """The refusal of a typed command whose decision was answered quotes what the channel was
    told since: an English table's narration, said again in its Spanish asker's language."""
    store = SqliteStore(tmp_path / "games.sqlite3")
    await store.open()
    try:
        tables, table = await nomb_in_play(store)
        ((seat, prompt),) = table.prompts().items()
        user = table.holder(seat)
        mark = binding.Mark(table.row.id, seat, prompt.decision, table.row.steps)
        table = (await tables.act(table, user, {"kind": "end"}, seat)).after
        refused = await binding.stale(store, table, table.row.channel_id, user, mark, "es")
        assert refused is not None
        said = say(refused, "es")
        assert "Promotor termina su turno." in said and "ends their turn" not in said
        english = await binding.stale(store, table, table.row.channel_id, user, mark, ENGLISH)
        assert english is not None and "Developer ends their turn." in say(english)
    finally:
        await store.aclose()


# ----- replaying a log ---------------------------------------------------------------------------
def toy_start() -> Any:
    return record.initial(TOY, {"players": 2}, 5)


def entry(seq: int, seat: int, action: str) -> LoggedAction:
    return LoggedAction(seq=seq, seat=seat, user_id=0, action=action)


def bid(state: Any, seat: int) -> str:
    return TOY.parse_action({"kind": "bid", "card": state.hands[seat][0]}).to_text()


def take_back_of(start: Any, entries: list[LoggedAction], seqs: list[int]) -> str:
    """The take-back entry the bot would log (as `bot.table.takebacks.take_back` does)."""
    before = history.rebuild(TOY, start, entries)
    rebuilt = history.rebuild(TOY, start, [e for e in entries if e.seq not in seqs])
    return history.take_back(before, rebuilt, seqs, rewind=False).model_dump_json()


def test_a_log_with_a_take_back_replays_to_what_the_bot_rebuilds():
    start = toy_start()
    entries = [entry(1, 0, bid(start, 0))]
    entries.append(entry(2, -1, take_back_of(start, entries, [1])))
    entries.append(entry(3, 1, bid(start, 1)))
    steps = list(record.replay(TOY, start, entries))
    assert [s.seq for s in steps] == [0, 1, 2, 3]
    assert steps[2].text.startswith("↩️ Taken back: Bidder 1")
    assert steps[-1].state == history.rebuild(TOY, start, entries)
    for n in range(4):
        assert record.state_at(TOY, start, entries, n) == steps[n].state


@pytest.mark.parametrize(
    ("broken", "reason"),
    [
        ("gap", "skips from step 1 to step 3"),
        ("seat", "seat 7, which is no seat"),
        ("twice", "Step 2 is not a legal move"),
        ("wrong take-back", "not the latest moves"),
        ("forged decisions", "decision ids the bot never gives"),
        ("garbage take-back", "not a take-back"),
    ],
)
def test_a_log_the_bot_could_not_have_written_is_refused_at_its_first_bad_step(
    broken: str, reason: str
):
    start = toy_start()
    first = entry(1, 0, bid(start, 0))
    second = {
        "gap": entry(3, 1, bid(start, 1)),
        "seat": entry(2, 7, bid(start, 1)),
        "twice": entry(2, 0, bid(start, 0)),
        "wrong take-back": entry(
            2, -1, json.dumps({"kind": "take_back", "seqs": [2], "decisions": {}})
        ),
        "forged decisions": entry(
            2, -1, json.dumps({"kind": "take_back", "seqs": [1], "decisions": {"0": 99}})
        ),
        "garbage take-back": entry(2, -1, "{}"),
    }[broken]
    with pytest.raises(record.RecordError, match=reason):
        list(record.replay(TOY, start, [first, second]))


# ----- the file ----------------------------------------------------------------------------------
@pytest.fixture
def toy_file(toy_installed) -> bytes:
    start = toy_start()
    entries = [entry(1, 0, bid(start, 0)), entry(2, 1, bid(start, 1))]
    return record.export(
        game=TOY,
        game_id=12,
        status="abandoned",
        options={"players": 2},
        seed=5,
        players=2,
        seats=start.seat_names,
        entries=entries,
    )


def test_a_record_file_round_trips_and_its_digest_covers_every_field(toy_file: bytes):
    rec, game, start = record.read(toy_file)
    assert game is TOY and rec.seed == 5 and [e.seq for e in rec.log] == [1, 2]
    told_, state = record.narrate(game, start, rec.log)
    assert [seq for seq, _ in told_] == [0, 1, 2] and state.bids == [None, None]
    content = json.loads(toy_file)
    for field, value in [("seed", 6), ("status", "finished"), ("seats", ["a", "b"])]:
        changed = {**content, field: value}
        with pytest.raises(record.RecordError, match="digest does not match"):
            record.load(json.dumps(changed).encode())
    # The digest does not depend on how the JSON is laid out.
    assert record.load(json.dumps(content, indent=None).encode())[0] == rec


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda c: c.update(version=99), "format version 99, newer"),
        (lambda c: c.update(version="1"), "no valid format version"),
        (lambda c: c.update(format="zip"), "not a game record"),
        (lambda c: c.update(game="chess"), "`chess`, which is not installed"),
        (lambda c: c.pop("seed"), "`seed` field is missing"),
        (lambda c: c.update(players=3), "players and seats are not those"),
        (lambda c: c.update(options={"players": 9}), "options are not ones Sealed Bids accepts"),
    ],
)
def test_a_record_file_is_refused_with_one_clear_reason(toy_file: bytes, change, reason: str):
    content = json.loads(toy_file)
    change(content)
    content["digest"] = record.digest(content)
    with pytest.raises(record.RecordError, match=reason):
        record.read(json.dumps(content).encode())


# ----- the store reads through indexes -----------------------------------------------------------
async def test_the_record_queries_read_through_indexes_only(tmp_path: Path):
    store = SqliteStore(tmp_path / "games.sqlite3")
    await store.open()
    try:
        statements: list[str] = []
        await store.db.set_trace_callback(statements.append)
        await store.latest_game(1)
        await store.narration(1, first_seq=2, last_seq=5)
        await store.narration(1, after_id=3, upto_id=9)
        await store.last_acted(1, 2)
        await store.steps(1)
        await store.live_games(1, 0, 10)
        # live_games reads waits only for the games on its page: give it one.
        row = await store.create_lobby(5, 1, "sealed_bids", 2)
        statements.clear()
        await store.live_games(1, 0, 10)
        await store.owed_by(2, 0, 10)
        await store.db.set_trace_callback(None)
        plans = []
        for sql in statements:
            if not sql.lstrip().upper().startswith("SELECT"):
                continue
            async with store.db.execute(f"EXPLAIN QUERY PLAN {sql}") as cur:
                plan = [r[3] for r in await cur.fetchall()]
            plans.append((sql, plan))
            for step in plan:
                assert not (step.startswith("SCAN") and "USING" not in step), (sql, plan)
        assert len(plans) >= 4 and row.id
    finally:
        await store.aclose()


# ----- defaults played for absent players ---------------------------------------------------------
async def nomb_in_play(store: SqliteStore) -> tuple[Tables, Table]:
    """A 2-player Not On My Block game with its apartments placed, the Developer to play."""
    tables = Tables(store)
    table = await tables.open_lobby(1, 9, NOMB.id, 11)
    table = await tables.start(await tables.join(table, 22), 11, seed=4)
    while table.state.phase == "placement":
        ((seat, prompt),) = table.prompts().items()
        table = (await tables.act(table, table.holder(seat), prompt.default)).after
    return tables, table


async def test_ends_players_choose_play_on_and_absent_defaults_end_it_in_log_and_record(
    tmp_path: Path,
):
    store = SqliteStore(tmp_path / "games.sqlite3")
    await store.open()
    try:
        tables, table = await nomb_in_play(store)
        for _ in range(2):
            for seat in (0, 1):
                table = (await tables.act(table, table.holder(seat), {"kind": "end"})).after
        assert table.row.status == "active" and NOMB.outcome(table.state) is None
        for seat in (0, 1):
            table = (await tables.force(table, seat, words("⏰ Time is up."))).after
        ending = NOMB.outcome(table.state)
        assert ending is not None and ending.termination == Termination.STANDSTILL
        stored = await tables.by_id(table.row.id)
        assert stored.row.status == "finished" and await tables.replay(stored) == stored.state
        log = await store.action_log(table.row.id)
        assert [e.absent for e in log[-6:]] == [False] * 4 + [True] * 2
        start = record.initial(NOMB, stored.row.options, stored.row.seed)
        exported = record.export(
            game=NOMB,
            game_id=stored.row.id,
            status="finished",
            options=stored.row.options,
            seed=stored.row.seed,
            players=2,
            seats=start.seat_names,
            entries=log,
        )
    finally:
        await store.aclose()
    rec, game, start = record.read(exported)
    assert [e.absent for e in rec.log] == [e.absent for e in log]
    _, state = record.narrate(game, start, rec.log)
    assert state == stored.state and game.outcome(state) == ending
    # A version 1 file has no marks: every move in it was a player's choice, so it plays on.
    old = json.loads(exported)
    old["version"] = 1
    for step in old["log"]:
        del step["absent"]
    old["digest"] = record.digest(old)
    rec, game, start = record.read(json.dumps(old).encode())
    _, state = record.narrate(game, start, rec.log)
    assert game.outcome(state) is None and game.prompts(state)
