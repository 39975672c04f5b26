"""The real bot, in its own process, SIGKILLed at random moments during whole games.

Players keep playing through the stand-in as people would (a click or a command with values
picked from autocomplete; after a crash, a player who had no answer when the bot died sends the
same move again, then a fresh look at the game before the next move: `tests/bot/retries.py`).
After every restart the snapshot must equal the replay of the log; at the end every
acknowledged move is in the log once, every committed change was posted exactly once (each
message of each post, channel and DMs, by the nonce it was sent with), no answer said something
untrue, and no retry was applied to another decision. Discord's own duplicate check is switched
off, so only the bot's bookkeeping can keep a post from appearing twice.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.discord.interactions import WORKING
from bot.store.parts import SqlStore
from bot.store.sqlite import SqliteStore
from bot.table import limits
from bot.table.model import Table
from bot.table.tables import Tables
from engine import ActionBase, OrderAction
from engine.games import REGISTRY
from tests.bot.child import GAME_SEED, ChildBot
from tests.bot.driver import seated
from tests.bot.harness import pick
from tests.bot.retries import (
    RetryFigures,
    Sent,
    click_again,
    command_again,
    natural_retry,
    orders_again,
    submit_button,
)
from tests.standin import ChannelRecord, InteractionRecord, StandIn, UserRecord
from tests.standin.waiting import StandInTimeout

KILLS = 30
Policy = Callable[[Table], tuple[int, ActionBase]]


@dataclass
class Figures:
    game: str
    moves: int = 0
    kills: int = 0
    in_flight_kills: int = 0
    """Kills while Discord held a post it had already made."""
    acknowledged: int = 0
    unanswered: int = 0
    """Players left with "thinking…" or a confirmation still working once the bot was back:
    every restart here comes well within the 15 minutes an answer may still be given."""
    failed_at_once: int = 0
    """Commands the bot died before replying to at all, which Discord tells the player failed
    (nothing can be changed by then: the reply comes before the work)."""
    lost: int = 0
    doubled: int = 0
    unannounced: int = 0
    lies: int = 0
    late: int = 0
    restarts_checked: int = 0
    notes: list[str] = field(default_factory=list)
    retries: RetryFigures = field(default_factory=RetryFigures)
    """Players' natural retries after a crash, and where they landed."""

    def line(self) -> str:
        return (
            f"{self.game}: {self.moves} moves, {self.kills} kills ({self.in_flight_kills} with a "
            f"post made but unconfirmed), {self.acknowledged} "
            f"acknowledged, {self.unanswered} unanswered after the restart, "
            f"{self.failed_at_once} failed at once (killed before replying), lost {self.lost}, "
            f"doubled {self.doubled}, unannounced {self.unannounced}, lies {self.lies}, "
            f"{self.late} posts marked late, snapshot = replay after {self.restarts_checked} "
            "restarts"
        )


class CrashTable:
    """The stand-in, a child bot and a read-only view of its database, for one game."""

    def __init__(self, tmp_path: Path, seed: int) -> None:
        self.standin = StandIn(server_error_backoff=0.01)
        self.standin.nonce_window = 0
        self.database = tmp_path / "games.sqlite3"
        self.seed = seed
        self.child: ChildBot
        self.store: SqlStore = SqliteStore(self.database)
        self.tables = Tables(self.store)
        self.channel: ChannelRecord
        self.game_id = 0

    async def __aenter__(self) -> CrashTable:
        await self.standin.start()
        self.channel = self.standin.add_text_channel("crash-table")
        self.child = ChildBot(
            self.standin,
            self.database,
            settings={
                GAME_SEED: str(self.seed),
                "PUBLISH_CHECK_SECONDS": "0.3",
                "RENDER_WORKERS": "1",
            },
        )
        await self.child.start()
        await self.store.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.child.aclose()
        await self.store.aclose()
        await self.standin.stop()

    async def send(self, user: UserRecord, *path: str, **options: object) -> InteractionRecord:
        record = await self.standin.slash(user, self.channel, *path, **options)
        return await record.done(timeout=30)

    async def table(self) -> Table:
        table = await self.tables.by_id(self.game_id)
        assert table is not None
        return table

    async def log(self) -> list[tuple[int, str]]:
        return [(e.seat, e.action) for e in await self.store.action_log(self.game_id)]


async def open_game(crash: CrashTable, game: str, names: list[str], **options: str) -> dict:
    users = {u.id: u for u in (crash.standin.add_user(n) for n in names)}
    host, *others = users.values()
    await crash.send(host, "game", "new", game=game)
    for user in others:
        await crash.send(user, "game", "join")
    for name, value in options.items():
        await crash.send(host, "game", "option", name=name, value=value)
    await crash.send(host, "game", "start")
    table = await crash.tables.current(crash.channel.id)
    assert table is not None and table.row.status == "active"
    crash.game_id = table.row.id
    return users


async def act(
    crash: CrashTable, users: dict, table: Table, seat: int, action: ActionBase
) -> Sent | None:
    """The move as a player makes it: its button if one is showing, else the command with its
    values picked from autocomplete."""
    user = users[table.holder(seat)]
    prompt = table.prompts()[seat]
    if isinstance(action, OrderAction):
        return await submit(crash, user, action)
    data = action.model_dump(mode="json")
    choice = next((c for c in prompt.choices if c.action == data), None)
    if choice is not None:
        prefix = f"choice:{table.row.id}:{seat}:{prompt.decision}:"
        for message in reversed(crash.standin.messages(crash.channel)):
            for component in message.iter_components():
                custom_id = str(component.get("custom_id", ""))
                if custom_id.startswith(prefix) and component.get("label") == limits.clip(
                    choice.label, limits.BUTTON_LABEL
                ):
                    record = await crash.standin.click(user, message, custom_id)
                    return Sent(record, click_again(crash.standin, user, message, custom_id))
    if action.kind in prompt.kinds:
        fields = {k: v for k, v in data.items() if k != "kind" and v != ""}
        path = [table.game.short_name, action.kind]
        options = await pick(crash.standin, user, crash.channel, path, fields)
        record = await crash.standin.slash(user, crash.channel, *path, **options)
        return Sent(record, command_again(crash.standin, user, crash.channel, path, options))
    return None  # its buttons are not posted yet: the bot is still catching up


async def submit(crash: CrashTable, user: UserRecord, action: OrderAction) -> Sent | None:
    """Secret orders as a player writes them: each line with `/game order`, then the
    **Submit orders** button of the private panel `/game orders` shows for their sheet, every
    option picked from autocomplete; the click is the move that may be cut off."""
    standin, channel = crash.standin, crash.channel
    lines = []
    for unit, to in action.chosen().items():
        options = await pick(standin, user, channel, ["game", "order"], {"unit": unit, "to": to})
        record = await standin.slash(user, channel, "game", "order", **options)
        await record.done(timeout=30)
        lines.append(options)
    sheet = await pick(standin, user, channel, ["game", "orders"], {})
    record = await standin.slash(user, channel, "game", "orders", **sheet)
    await record.done(timeout=30)
    panel = record.reply
    button = None if panel is None else submit_button(panel)
    if panel is None or button is None:
        return None
    clicked = await standin.click(user, panel, button)
    return Sent(clicked, orders_again(standin, user, channel, lines, sheet, panel, button))


async def snapshot_is_the_replay(crash: CrashTable) -> None:
    table = await crash.table()
    replayed = await crash.tables.replay(table)
    assert replayed.model_dump_json() == table.state.model_dump_json()


async def play_with_kills(
    crash: CrashTable,
    users: dict,
    policy: Policy,
    figures: Figures,
    rnd: random.Random,
    kills: int = KILLS,
    to_the_end: bool = True,
) -> None:
    """Plays the game, killing the bot on most moves until `kills` are done (when each comes is
    drawn from `rnd`), then to its end, or, `to_the_end` false, stops once the kills are done."""
    for _ in range(3000):
        table = await crash.table()
        if table.row.status == "finished" or (not to_the_end and figures.kills >= kills):
            return
        before = await crash.log()
        seat, action = policy(table)
        kill = figures.kills < kills and rnd.random() < 0.8
        caught = []
        if kill and rnd.random() < 0.3:
            # Discord takes the post (or the edit of the turn's living message) but the bot
            # dies before hearing so: the hardest moment.
            channel = f"/channels/{crash.channel.id}/messages"
            caught = [
                crash.standin.hang("POST", channel, 10.0, takes_effect=True),
                crash.standin.hang("PATCH", f"{channel}/*", 10.0, takes_effect=True),
            ]
        sent = await act(crash, users, table, seat, action)
        if sent is None:
            crash.standin.clear_faults(caught)
            await asyncio.sleep(0.3)
            continue
        record = sent.record
        if caught:
            await crash.standin.wait_until(
                lambda holds=caught: any(h.hits for h in holds), timeout=30, what="a post"
            )
            await asyncio.sleep(0.1)
            crash.standin.clear_faults(caught)
            sent.look()  # what its player has seen as the bot dies (`natural_retry`)
            await kill_and_restart(crash, figures)
            figures.in_flight_kills += 1
        elif kill:
            await asyncio.sleep(rnd.uniform(0.0, 0.4))
            sent.look()
            await kill_and_restart(crash, figures)
            if rnd.random() < 0.3:  # again while it catches up on what it had not posted
                await asyncio.sleep(rnd.uniform(0.0, 0.3))
                await kill_and_restart(crash, figures)
        else:
            try:
                await record.done(timeout=30)
                # A button answered in place shows that it is working until its answer comes.
                await crash.standin.wait_until(
                    lambda r=record: not (r.original_content or "").startswith(WORKING),
                    timeout=30,
                    what="the answer in place",
                )
            except StandInTimeout:
                figures.notes.append(f"no answer to {action.kind}")
        if kill:
            await told_after_restart(crash, record)
        after = await crash.log()
        judge(figures, record, before, after, (seat, action.to_text()))
        if kill:
            move = (seat, action.to_text())
            await natural_retry(crash.standin, sent, crash.log, before, move, figures.retries)
    raise AssertionError("the game did not end")


async def kill_and_restart(crash: CrashTable, figures: Figures) -> None:
    await crash.child.kill()
    figures.kills += 1
    await snapshot_is_the_replay(crash)
    figures.restarts_checked += 1
    await crash.child.start()


def final(record: InteractionRecord) -> bool:
    """The player has an answer: neither "thinking…" nor a confirmation still working."""
    text = record.original_content or ""
    return bool(text) and not text.startswith(("Thinking", WORKING))


async def told_after_restart(crash: CrashTable, record: InteractionRecord) -> None:
    """A player whose command a crash cut off is told what became of it once the bot is back;
    what they read is then judged like any answer. A command the bot never replied to cannot
    be answered any more (Discord has told its player that it failed)."""
    if not record.acknowledged:
        return
    try:
        await crash.standin.wait_until(
            lambda: final(record), timeout=30, what="the cut-off command's answer"
        )
    except StandInTimeout:
        return  # still waiting: judged unanswered


def judge(
    figures: Figures,
    record: InteractionRecord,
    before: list[tuple[int, str]],
    after: list[tuple[int, str]],
    move: tuple[int, str],
) -> None:
    """What the player read against what the log says happened."""
    text = record.original_content or ""
    changed = len(after) > len(before)
    figures.moves = len(after)
    if not record.acknowledged:
        figures.failed_at_once += 1
        if changed:
            figures.lies += 1  # Discord said it failed, yet the move was stored
            figures.notes.append(f"{move} failed at once but logged {after[len(before) :]}")
        return
    if not final(record):
        figures.unanswered += 1
        return
    if text.startswith("✅"):
        figures.acknowledged += 1
        if not changed or after[len(before)] != move:
            figures.lost += 1
    elif changed:
        figures.lies += 1  # a refusal or an apology, yet the move was stored
        figures.notes.append(f"told {text[:80]!r} for {move} but logged {after[len(before) :]}")
    if "nothing was changed" in text and changed:
        figures.lies += 1


async def settle_and_count(crash: CrashTable, figures: Figures) -> None:
    """Let the bot catch up, then check each message of each post appears exactly once."""
    store = crash.store

    async def outstanding() -> int:
        return len(await store.open_posts(crash.game_id))

    for _ in range(200):
        if await outstanding() == 0:
            break
        await asyncio.sleep(0.2)
    await crash.standin.wait_idle(quiet=0.5, timeout=20)
    rows = await store._rows(  # every post, sent or not, on either store
        "SELECT id, seq, kind, recipient, state, pieces FROM outbox WHERE game_id = ?",
        (crash.game_id,),
    )
    seqs = {r["seq"] for r in rows if r["kind"] == "turn"}
    figures.unannounced += len(set(range(len(await crash.log()) + 1)) - seqs)
    by_nonce: dict[str, int] = {}
    late: dict[str, bool] = {}
    for message in crash.standin.world.messages.values():
        if message.author_id == crash.standin.bot.id and message.nonce is not None:
            by_nonce[str(message.nonce)] = by_nonce.get(str(message.nonce), 0) + 1
            late[str(message.nonce)] = "Posted late" in message.content
    for row in rows:
        if row["state"] != "sent":
            figures.unannounced += 1
            continue
        for number, piece in enumerate(store.dialect.from_json(row["pieces"])):
            if piece.get("edit"):
                # A step edited into its turn's message: some version of it reads this piece
                # (an edit is the same however often it is made, so it cannot be doubled).
                edited = crash.standin.world.messages.get(piece["edit"])
                versions = [] if edited is None else [*edited.history, {"content": edited.content}]
                shown = any(v.get("content") == piece["content"] for v in versions)
                figures.unannounced += not shown and edited is not None and not edited.deleted
                continue
            seen = by_nonce.get(f"{row['id']}.{number}", 0)
            figures.late += late.get(f"{row['id']}.{number}", False)  # this game's posts only
            figures.unannounced += seen == 0
            figures.doubled += max(0, seen - 1)


async def account(crash: CrashTable, figures: Figures, kills: int) -> None:
    """After the last move: the snapshot is the replay, every post went out once, and no
    player was left unanswered, lost a move or read something untrue; prints the figures."""
    await snapshot_is_the_replay(crash)
    await settle_and_count(crash, figures)
    print("\n" + figures.line() + "; " + figures.retries.line())
    assert figures.kills >= kills, figures.line()
    assert figures.unanswered == 0, (figures.line(), figures.notes)
    assert (figures.retries.elsewhere, figures.retries.untrue) == (0, 0), (
        figures.retries.line(),
        figures.retries.notes,
    )
    assert (figures.lost, figures.doubled, figures.unannounced, figures.lies) == (0, 0, 0, 0), (
        figures.line(),
        figures.notes,
    )


async def run(crash: CrashTable, figures: Figures, users: dict, policy: Policy) -> Figures:
    rnd = random.Random(f"{figures.game}-{crash.seed}")
    await play_with_kills(crash, users, policy, figures, rnd)
    await account(crash, figures, KILLS)
    assert figures.retries.retries > 0, figures.retries.line()
    return figures


SEED = 2


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
async def test_a_game_survives_being_killed_at_random(tmp_path: Path, game_id: str):
    game = REGISTRY[game_id]
    async with CrashTable(tmp_path, seed=SEED) as crash:
        names = ["ana", "ben", "cy", "dee", "eve"][: game.player_counts[0]]
        users = await open_game(crash, game_id, names)
        await run(crash, Figures(game.title), users, seated(SEED))
