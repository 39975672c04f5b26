"""A table that plays in Spanish hears the bot's own words in Spanish: its lobby, seating, posts,
notices, refusals, settings, take-backs, computer seats, record and spectator page carry no
phrase of the English entries of the table's words (`TABLE_WORDS`), and a player who reads
English still gets English."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Awaitable
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

import pytest
from pydantic import ValidationError

import bot
from bot.store.models import GameRow, OutboxRow, Post, Prefs, Told
from bot.store.sqlite import SqliteStore
from bot.table import (
    attendance,
    binding,
    options,
    posts,
    present,
    record,
    spectate,
    takebacks,
)
from bot.table.model import Accepted, PlayerError, Table
from bot.table.pace import Pace, bounds_text, refusal
from bot.table.tables import Tables
from engine import IllegalAction, Outcome, Termination
from engine.games import REGISTRY
from engine.messages import ENGLISH, Msg, catalog, read_catalog, say
from engine.messages import fields as _fields
from tests.engine.toy_game import GAME as TOY
from tests.engine.toy_game import Bid
from tests.engine.toy_words import words

ALICE, BOB = 101, 202
Status = Literal["lobby", "active", "finished", "abandoned"]
AREAS = ["present", "lobby", "help", "posts", "tables", "attendance", "pace", "prefs"]
AREAS += ["takebacks", "computer", "options", "record"]
TABLE_WORDS = tuple(f"bot.{area}." for area in AREAS)
"""The catalog entries of the table's own words (`bot/table` and a person's settings)."""
FIELD = re.compile(r"\{[^}]*\}")
SENTENCE = re.compile(r"[\n.;:!?()]")
EDGE = re.compile(r"^\W+|\W+$")


def english_pieces() -> set[str]:
    """The fixed wording of every English entry of the table's words (`TABLE_WORDS`): each run
    of text between its fields long enough to be a phrase of its own (a word or two may be
    shared by languages)."""
    path = Path(bot.__file__).parent / "locale" / f"{ENGLISH}.po"
    pieces: set[str] = set()
    for message in read_catalog(path, ENGLISH):
        key = str(message.id[0] if isinstance(message.id, tuple) else message.id)
        if not key.startswith(TABLE_WORDS):
            continue
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in texts:
            for part in FIELD.split(str(text)):
                for phrase in SENTENCE.split(part):
                    words = EDGE.sub("", phrase)
                    if len(words) >= 12 and " " in words:
                        pieces.add(words)
    return pieces


def leftovers(text: str) -> list[str]:
    """The English catalog phrases `text` still holds."""
    return sorted(p for p in english_pieces() if p in text)


def spanish_table(status: Status = "active") -> Table:
    state = TOY.setup(TOY.make_options(2), 7)
    row = GameRow(
        id=5,
        channel_id=77,
        guild_id=1,
        game=TOY.id,
        host_id=ALICE,
        status=status,
        options={},
        players=[ALICE, BOB],
        seed=7,
        state=None,
        version=3,
        lobby_message_id=None,
        pace={"language": "es"},
    )
    return Table(row=row, game=TOY, state=state)


def test_the_english_catalog_is_what_is_scanned_for() -> None:
    assert "It was abandoned before it ended, so nobody won" in english_pieces()
    assert _fields(catalog(ENGLISH).entries["bot.present.game_over_why"][0]) == {
        "winners",
        "reason",
    }


def test_a_spanish_table_hears_its_lobby_seating_end_and_help_in_spanish() -> None:
    table = spanish_table()
    lobby = present.lobby_text(table)
    said = [lobby["title"], lobby["description"], present.seating(table)]
    ending = Outcome(termination=Termination.GOAL, winners=[0, 1], msg=words("Fin."))
    said.append(present.outcome_text(table, ending))
    said.append(present.help_text(table, {"game": ["new", "join"]}, {}))
    said += present.pace_lines(table, {})
    assert "Victoria compartida" in said[3] and "Fin de la partida" in said[3]
    assert "Pulsa **Unirme**" in lobby["description"]
    assert leftovers("\n".join(said)) == []


def test_an_ended_spanish_table_says_so_in_spanish_and_in_english_to_who_reads_english() -> None:
    table = spanish_table("abandoned")
    assert leftovers(present.result_text(table)) == []
    assert "Se abandonó" in present.result_text(table)
    assert "It was abandoned" in present.result_text(table, "en")


@pytest.mark.parametrize("counts", [(2, 3, 4, 5), (2, 4), (2, 3, 5)])
def test_player_counts_read_in_spanish(counts: tuple[int, ...]) -> None:
    said = present.player_counts(counts, "es")
    assert " or " not in said and " to " not in said


def test_a_spanish_table_begins_ends_and_sends_its_dms_in_each_readers_language() -> None:
    table = spanish_table()
    (start, *_) = posts.for_start(table)
    assert "Los asientos se repartieron al azar" in start.body["header"]
    # The table is Spanish; Bob reads English, Alice follows the table.
    table.row.prefs = {BOB: Prefs(language="en", turn_dm=True), ALICE: Prefs(turn_dm=True)}
    bob = table.seats_of(BOB)[0]
    before = spanish_table()
    before.prompts()[bob].decision = -1
    move = Accepted(
        before=before, after=table, seat=1 - bob, action=Bid(card=1), events=[], outcome=None
    )
    told = posts.for_move(move, by=ALICE, at=datetime.now(UTC))
    (dm,) = [p for p in told if p.kind == "private"]
    assert dm.body["text"].startswith("⏰ Your turn as")
    (piece,) = posts.compose(table, outbox(dm), current=True, show=posts.Show())
    assert " in <#77>:" in piece.content, "Bob's DM names its channel in English"
    ending = Outcome(termination=Termination.GOAL, winners=[0], msg=words("Fin."))
    over = move.model_copy(update={"outcome": ending})
    (final,) = [p for p in posts.for_move(over) if p.kind == "turn"]
    table.row.status = "finished"
    *end, lapse = posts.compose(table, outbox(final), current=True, show=posts.Show())
    said = "\n".join(p.content for p in end)
    assert "¡Gracias por jugar" in said and end[-1].board
    assert not any(p.timelapse for p in end)
    # The timelapse follows the end in a message of its own, with nothing to press and nobody
    # pinged, its line in the table's language.
    assert lapse == posts.Piece(content=say(posts.TIMELAPSE, "es"), timelapse=True)
    assert "cámara_rápida" in lapse.content
    compact = posts.Show(narration="compact")
    short, short_lapse = posts.compose(table, outbox(final), current=True, show=compact)
    assert "(+2 más en `/partida registro`)" in short.content and short_lapse == lapse
    said += short.content + lapse.content
    assert leftovers(start.body["header"] + said) == []
    assert "No se pudo dibujar" in posts.without_timelapse(table, lapse.content)


def outbox(post: Post) -> OutboxRow:
    return OutboxRow(
        **post.model_dump(),
        id=9,
        game_id=5,
        seq=1,
        state="pending",
        pieces=None,
        parts_sent=0,
        attempts=0,
        created_at=datetime.now(UTC),
        sending_at=None,
    )


@pytest.fixture
async def tables(tmp_path: Path) -> AsyncIterator[Tables]:
    REGISTRY[TOY.id] = TOY
    store = SqliteStore(tmp_path / "t.sqlite3")
    await store.open()
    yield Tables(store)
    await store.aclose()
    REGISTRY.pop(TOY.id, None)


async def refused(doing: Awaitable[object]) -> Msg:
    with pytest.raises(PlayerError) as caught:
        await doing
    assert isinstance(caught.value.text, Msg)
    return caught.value.text


async def test_a_table_refuses_in_its_askers_language_and_tells_the_channel_in_its_own(
    tables: Tables,
) -> None:
    table = await tables.open_lobby(1, 9, TOY.id, ALICE, language="es")
    said = [
        await refused(tables.start(table, ALICE)),
        await refused(tables.start(table, BOB)),
        await refused(tables.leave(table, ALICE)),
        await refused(tables.leave(table, BOB)),
        await refused(tables.act(table, ALICE, {"kind": "bid", "card": 1})),
    ]
    table = await tables.join(table, BOB)
    said.append(await refused(tables.join(table, BOB)))
    spanish = [say(text, "es") for text in said]
    assert "necesita 2 o 3 jugadores; de momento se ha unido 1." in spanish[0]
    assert leftovers("\n".join(spanish)) == []
    assert say(said[0], "en") == "Sealed Bids needs 2 or 3 players; 1 joined so far."
    table = await tables.start(table, ALICE)
    ended = await tables.abandon(table, ALICE, can_manage=False)
    (told,) = [p for p in await tables.store.open_posts(ended.row.id) if p.kind == "notice"]
    assert "abandonó la partida" in told.body["text"] and leftovers(told.body["text"]) == []


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_pace_and_setting_reads_in_each_language(language: str) -> None:
    said = []
    for on_limit, on_vacation, board, narration in zip(
        ["tell_host", "default", "computer"],
        ["pause", "default", "pause"],
        ["step", "turn", "request"],
        ["full", "compact", "full"],
        strict=True,
    ):
        for limit, grace in ((0, 0), (24, 10)):
            chosen = Pace.model_validate(
                {
                    "on_limit": on_limit,
                    "on_vacation": on_vacation,
                    "board": board,
                    "narration": narration,
                    "turn_limit": limit,
                    "ping_grace_minutes": grace,
                }
            )
            said.append(say(chosen.summary(), language))
    for model in (Pace, Prefs):
        for name, info in model.model_fields.items():
            if isinstance(info.json_schema_extra, dict) and "bounds" in info.json_schema_extra:
                said.append(say(bounds_text(name, model), language))
    said += [
        say(Prefs().summary(), language),
        say(Prefs(quiet_from=22, quiet_to=7).summary(), language),
    ]
    with pytest.raises(ValidationError) as caught:
        Prefs.model_validate({"timezone": "Mars/Olympus", "language": "xx", "quiet_to": 30})
    said.append(say(refusal(caught.value, Prefs), language))
    text = "\n".join(said)
    assert "bot." not in text, "every key has its words"
    if language == "es":
        assert leftovers(text) == [] and "No hay ninguna zona horaria" in text


async def test_a_spanish_table_is_told_of_pauses_and_time_away_in_spanish(tables: Tables) -> None:
    table = await tables.open_lobby(1, 9, TOY.id, ALICE, language="es")
    table = await tables.start(await tables.join(table, BOB), ALICE)
    refusals = [
        await refused(attendance.pause(tables, table, BOB, can_manage=False)),
        await refused(attendance.resume(tables, table, ALICE, can_manage=False)),
        await refused(attendance.vacation(tables, table, BOB, 99)),
        await refused(attendance.set_pace(tables, table, ALICE, False, {"reminders": 99})),
    ]
    await attendance.pause(tables, await tables.require(1), ALICE, can_manage=False)
    await attendance.resume(tables, await tables.require(1), ALICE, can_manage=False)
    await attendance.vacation(tables, await tables.require(1), BOB, 2)
    await attendance.resign(tables, await tables.require(1), BOB)
    await attendance.set_pace(tables, await tables.require(1), ALICE, False, {"reminders": 3})
    told = [
        p.body["text"] for p in await tables.store.open_posts(table.row.id) if p.kind == "notice"
    ]
    assert len(told) == 5 and "pausó la partida" in told[0]
    said = "\n".join(told + [say(text, "es") for text in refusals])
    assert "Una mesa envía de 0 a 20 recordatorios." in said
    assert leftovers(said) == []


async def test_take_backs_are_refused_and_told_in_spanish(tables: Tables) -> None:
    table = await tables.open_lobby(1, 9, TOY.id, ALICE, language="es")
    table = await tables.start(await tables.join(table, BOB), ALICE)
    said = [
        await refused(takebacks.plan_undo(tables, table, ALICE, 1)),
        await refused(takebacks.plan_undo(tables, table, ALICE, 0)),
        await refused(takebacks.plan_rewind(tables, table, 3)),
    ]
    spanish = "\n".join(say(text, "es") for text in said)
    assert "todavía no se ha hecho ninguna jugada" in spanish
    assert leftovers(spanish) == []


def test_an_option_refused_for_the_seats_taken_says_when_it_may_be_chosen_in_spanish() -> None:
    bloc = REGISTRY["bloc_by_bloc"]
    chosen = {"mode": "semi_cooperative"}
    with pytest.raises(IllegalAction) as caught:
        options.check(bloc, chosen, 2)
    said = say(options.refusal(bloc, chosen, 2, caught.value.msg), "es")
    assert "cuando haya 3 o 4 sentados" in said and leftovers(said) == []
    kept, note = options.fit(bloc, chosen, 2)
    assert kept == {} and note is not None
    assert "vuelve a" in say(note, "es") and leftovers(say(note, "es")) == []
    assert str(options.refusal(bloc, chosen, 2, caught.value.msg)).endswith(
        "choose it once 3 or 4 are seated."
    )


def test_a_record_replays_and_pages_in_the_tables_language() -> None:
    start = TOY.setup(TOY.make_options(2), 7)
    told, _ = record.narrate(TOY, start, [], language="es")
    assert told == [(0, "🎲 Empieza **Sealed Bids**.")]
    rows = [Told(id=s, seq=s, kind="turn", text="x", to=None) for s in (1, 2)]
    head = record.page_text("Log", rows, 0, "es")[0].splitlines()[0]
    assert head == "Log · pasos 1–2 · página 1/1"
    assert "En ese tramo no se contó nada." in record.page_text("Log", [], 0, "es")[0]


async def test_a_typed_command_for_an_answered_decision_is_refused_in_spanish(
    tables: Tables,
) -> None:
    table = await tables.open_lobby(1, 9, TOY.id, ALICE, language="es")
    table = await tables.start(await tables.join(table, BOB), ALICE)
    seat, bid = tables.legal_for(table, ALICE, "bid")[0]
    mark = binding.Mark(table.row.id, seat, table.prompts()[seat].decision, table.row.steps)
    await tables.act(table, ALICE, bid.model_dump(mode="json"), seat)
    after = await tables.require(1)
    refused = await binding.stale(tables.store, after, 1, ALICE, mark, "es")
    assert refused is not None
    said = say(refused, "es")
    assert said.startswith("⚠️ Ya respondido: la decisión de Bidder") and leftovers(said) == []
    assert say(refused, "en").startswith("⚠️ Already answered: Bidder")
    wrong = binding.Mark(table.row.id, 1 - seat, 99, 0)
    assert leftovers(say(await refused_mark(tables, after, wrong), "es")) == []


async def refused_mark(tables: Tables, table: Table, mark: binding.Mark) -> Msg:
    return await refused(binding.stale(tables.store, table, 1, ALICE, mark, "es"))


def test_the_spectator_page_of_a_spanish_table_reads_in_spanish() -> None:
    table = spanish_table("abandoned")
    page = spectate.seen(table, 0, [])
    assert page.result is not None and "nadie ganó" in page.result
    said = spectate.scrub("<@5> en <#7>, <@&9>", {}, "es")
    assert said == "un jugador en este canal, un rol"
    assert leftovers(page.result + said) == []


def test_a_computer_seat_is_named_in_the_tables_language() -> None:
    table = spanish_table()
    table.row.players = [ALICE, -1]
    assert "🤖 ordenador (casual)" in present.seating(table)
    assert "🤖 computer (casual)" in present.mention(-1)


@pytest.mark.parametrize(
    "raw", [b"not json", b"[" * 40, b'{"format": "other"}', b"1" * 200], ids=str
)
def test_a_record_file_is_refused_in_the_readers_language(raw: bytes) -> None:
    with pytest.raises(record.RecordError) as caught:
        record.read(raw)
    said = say(caught.value.msg, "es")
    assert said.startswith(("El archivo", "La ")) and leftovers(said) == []
    assert str(caught.value).startswith("The file")
    exported = record.exportable("active")
    assert exported is not None and "Una partida se exporta" in say(exported, "es")


def test_a_yes_or_no_option_reads_in_the_tables_language() -> None:
    assert [options.value_label(v, "es") for v in (True, False)] == ["Sí", "No"]
    assert [options.value_label(v) for v in (True, False, "semi_cooperative")] == [
        "Yes",
        "No",
        "Semi cooperative",
    ]
