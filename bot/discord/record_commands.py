"""`/game log`, `/game board step:`, `/game since`, `/game export`, `/game import`, `/game list`
and `/game mine`: a game's record, and where games stand, read from Discord.

Every answer is private. Log, since, list and mine are paged with Previous/Next buttons whose
ids carry everything the page needs (`page:<kind>:<a>:<b>:<c>:<page>`), so they keep working
after a restart; the rules live in `bot.table.record` and the store, nothing here is game-specific.
The channel's game is its running one, or once that is over its most recent one.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord.attachments import Attachment
from bot.discord.checked import Checked
from bot.discord.interactions import answer, handling, later, reader
from bot.discord.permissions import require_permissions
from bot.discord.plays import Play, plays
from bot.store.models import (
    IMPORTED_USER,
    ChannelBusy,
    GameRow,
    ListedGame,
    LoggedAction,
    OwedGame,
    Post,
)
from bot.store.record import Crowded
from bot.table import imports, limits, present, record
from bot.table.model import SYSTEM_USER, PlayerError, Table
from bot.table.pace import Pace
from bot.table.posts import for_change, private
from bot.table.speech import seat_name, to_seat
from bot.table.tables import crowded
from engine import Game
from engine.games import REGISTRY
from engine.messages import ENGLISH, Msg, Said, known, m, say

if TYPE_CHECKING:
    from bot.discord.app import GameBot
    from bot.store.protocol import GameStore

log = logging.getLogger(__name__)

PER_PAGE = 10
"""Games on one page of `/game list` and `/game mine`."""
PLAYER_OPTIONS = 4
"""`/game import` names the people taking players 1 to this many (the most any game seats)."""
BUSY = m("bot.record_commands.busy")
NONE = discord.AllowedMentions.none()


def _title(key: str) -> str:
    game = REGISTRY.get(key)
    return game.title if game is not None else key


# ----- paging ------------------------------------------------------------------------------------
class PageButton(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"page:(?P<kind>log|since|list|mine):(?P<a>[1-9]\d{0,19}):(?P<b>\d{1,19})"
    r":(?P<c>\d{1,19}):(?P<page>\d{1,5})",
):
    """Previous or Next on a private page: `a` is the game (log, since), the server (list) or
    the person (mine); `b` and `c` bound the narration shown (the first and last post ids)."""

    def __init__(
        self,
        kind: str,
        a: int,
        b: int,
        c: int,
        page: int,
        label: str = "…",
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                custom_id=f"page:{kind}:{a}:{b}:{c}:{page}",
                disabled=disabled,
            )
        )
        self.kind, self.a, self.b, self.c, self.page = kind, a, b, c, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        return cls(
            match["kind"], int(match["a"]), int(match["b"]), int(match["c"]), int(match["page"])
        )

    async def clicked(self, interaction: discord.Interaction[GameBot]) -> None:
        await turn_page(interaction, self.kind, self.a, self.b, self.c, self.page)


def pager(
    kind: str, a: int, b: int, c: int, page: int, count: int, language: str
) -> discord.ui.View | None:
    """Previous and Next, labelled in the reader's `language`; none for a single page."""
    if count <= 1:
        return None
    back = say(m("bot.record_commands.previous"), language)
    on = say(m("bot.record_commands.next"), language)
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton(kind, a, b, c, max(page - 1, 0), back, page <= 0))
    view.add_item(PageButton(kind, a, b, c, min(page + 1, count - 1), on, page >= count - 1))
    return view


async def turn_page(
    interaction: discord.Interaction[GameBot], kind: str, a: int, b: int, c: int, page: int
) -> None:
    bot = interaction.client
    async with handling(interaction, in_place=True):
        if kind in ("log", "since"):
            row = await bot.store.get(a)
            if row is None or row.channel_id != interaction.channel_id:
                raise PlayerError(m("bot.record_commands.pages_elsewhere"))
            rows = await bot.store.narration(a, after_id=b - 1, upto_id=c)
            if kind == "since":
                rows = record.for_reader(rows, interaction.user.id)
            await _narration(interaction, row, kind, rows, page)
        elif kind == "list":
            if interaction.guild_id != a:
                raise PlayerError(m("bot.record_commands.pages_other_server"))
            await _games_page(interaction, kind, a, page)
        else:
            if interaction.user.id != a:
                raise PlayerError(m("bot.record_commands.pages_other_person"))
            await _games_page(interaction, kind, a, page)


async def _narration(
    interaction: discord.Interaction[GameBot], row: GameRow, kind: str, rows: list[Any], page: int
) -> None:
    name = _title(row.game)
    heading = m("bot.record_commands.log_title", game=name)
    if kind != "log":
        heading = m("bot.record_commands.since_title", game=name)
    language = reader(interaction)
    text, count = record.page_text(say(heading, language), rows, page, language)
    page = max(0, min(page, count - 1))
    view = pager(kind, row.id, rows[0].id, rows[-1].id, page, count, language) if rows else None
    await answer(interaction, Said(text), view=view)


# ----- which game --------------------------------------------------------------------------------
async def shown_game(store: GameStore, channel_id: int) -> tuple[GameRow, Game]:
    """The channel's running game, or once it is over its most recent one."""
    row = await store.latest_game(channel_id)
    if row is None or row.seed is None:
        raise PlayerError(m("bot.record_commands.nothing_dealt"))
    game = REGISTRY.get(row.game)
    if game is None:
        raise PlayerError(m("bot.record_commands.not_installed", game=row.game))
    return row, game


async def _send_file(
    interaction: discord.Interaction[GameBot], text: Msg | Said, file: discord.File
) -> None:
    """A private answer with an attachment (the deferred answer, edited), in the asker's
    language."""
    await interaction.edit_original_response(
        content=limits.clip(say(text, reader(interaction)), limits.MESSAGE),
        attachments=[file],
        allowed_mentions=NONE,
    )


# ----- /game log, /game since ---------------------------------------------------------------------
@app_commands.command(name="log", description="The game's narration, step by step (only you)")
@app_commands.describe(first="The first step to show (default 0)", last="The last step to show")
@app_commands.rename(first="from", last="to")
async def log_command(
    interaction: discord.Interaction[GameBot], first: int | None = None, last: int | None = None
) -> None:
    bot = interaction.client
    async with handling(interaction):
        row, _game = await shown_game(bot.store, interaction.channel_id or 0)
        latest = await bot.store.steps(row.id)
        low = 0 if first is None else first
        high = latest if last is None else last
        if not 0 <= low <= high <= latest:
            raise PlayerError(m("bot.record_commands.steps_range", latest=latest))
        rows = await bot.store.narration(row.id, first_seq=low, last_seq=high)
        if not rows:
            await answer(interaction, m("bot.record_commands.nothing_told", low=low, high=high))
            return
        await _narration(interaction, row, "log", rows, 0)


@app_commands.command(name="since", description="What happened since you last acted (only you)")
async def since_command(interaction: discord.Interaction[GameBot]) -> None:
    bot = interaction.client
    async with handling(interaction):
        row, _game = await shown_game(bot.store, interaction.channel_id or 0)
        user = interaction.user.id
        last = await bot.store.last_acted(row.id, user)
        if last is None:
            if user not in row.players:
                raise PlayerError(m("bot.record_commands.not_played"))
            rows = await bot.store.narration(row.id)
        else:
            rows = record.since(await bot.store.narration(row.id, first_seq=last), last, user)
        if not rows:
            await answer(interaction, m("bot.record_commands.nothing_since", step=str(last)))
            return
        if last is None:
            await _narration(interaction, row, "log", rows, 0)  # all of it: you have not moved
            return
        await _narration(interaction, row, "since", rows, 0)


# ----- /game board step: -------------------------------------------------------------------------
async def past_board(interaction: discord.Interaction[GameBot], step: int) -> None:
    """The board as it stood at a step of the channel's game, drawn for the asker alone."""
    bot = interaction.client
    async with handling(interaction):
        row, game = await shown_game(bot.store, interaction.channel_id or 0)
        entries = await bot.store.action_log(row.id)
        latest = entries[-1].seq if entries else 0
        if not 0 <= step <= latest:
            raise PlayerError(m("bot.record_commands.no_step", step=step, latest=latest))
        seed = row.seed
        assert seed is not None
        try:
            state = await asyncio.to_thread(
                lambda: record.state_at(
                    game, record.initial(game, row.options, seed), entries, step
                )
            )
        except Exception:
            log.warning("game %s: its log does not replay to step %s", row.id, step, exc_info=True)
            raise PlayerError(m("bot.record_commands.no_replay")) from None
        picture = await bot.drawing.board(Table(row=row, game=game, state=state))
        language = reader(interaction)
        rows = await bot.store.narration(row.id, first_seq=step, last_seq=step)
        told = [record.text_in(r, language) for r in rows]
        at = m("bot.record_commands.at_step", game=game.title, step=step, latest=latest)
        lines = [say(at, language)]
        if told:
            lines.append(limits.clip(told[0], 1500))
        await _send_file(interaction, Said("\n".join(lines)), picture)


# ----- /game export, /game import ----------------------------------------------------------------
@app_commands.command(name="export", description="This channel's finished game as a record file")
async def export_command(interaction: discord.Interaction[GameBot]) -> None:
    bot = interaction.client
    async with handling(interaction):
        row, game = await shown_game(bot.store, interaction.channel_id or 0)
        why = record.exportable(row.status)
        if why is not None:
            raise PlayerError(why)
        assert row.seed is not None
        start = record.initial(game, row.options, row.seed)
        entries = await bot.store.action_log(row.id)
        data = record.export(
            game=game,
            game_id=row.id,
            status=row.status,
            options=row.options,
            seed=row.seed,
            players=max(start.holders, default=-1) + 1,
            seats=start.seat_names,
            entries=entries,
        )
        name = f"{game.id}-{row.id}.json"
        file = Attachment(data, name)
        status = m(f"bot.record_commands.status_{row.status}")
        told = m("bot.record_commands.exported", game=game.title, n=len(entries), status=status)
        await _send_file(interaction, told, file)


@app_commands.command(name="import", description="Set up a game from a record file, here")
@app_commands.describe(
    file="A record file from /game export",
    player1="Who takes the seats of whoever held the record's first seat (default: you)",
    player2="Who takes the seats of the second player in the record's seat order (default: you)",
    player3="Who takes the seats of the third player in the record's seat order (default: you)",
    player4="Who takes the seats of the fourth player in the record's seat order (default: you)",
)
async def import_command(
    interaction: discord.Interaction[GameBot],
    file: discord.Attachment,
    player1: discord.User | None = None,
    player2: discord.User | None = None,
    player3: discord.User | None = None,
    player4: discord.User | None = None,
) -> None:
    named = [player1, player2, player3, player4][:PLAYER_OPTIONS]
    async with plays(interaction) as play:
        await _import(interaction, play, file, named)


async def _import(
    interaction: discord.Interaction[GameBot],
    play: Play,
    file: discord.Attachment,
    named: list[discord.User | None],
) -> None:
    """Read the record, check it and store it as the channel's game, in the channel's lock: a
    lobby opened meanwhile would otherwise share the channel with it."""
    bot = interaction.client
    channel_id = interaction.channel_id or 0
    if interaction.guild_id is None:
        raise PlayerError(m("bot.record_commands.import_in_dm"))
    require_permissions(interaction)
    if play.found is not None:
        raise PlayerError(BUSY)
    if file.size > record.MAX_FILE_BYTES:
        raise PlayerError(m("bot.record_commands.refused", why=record.too_large(file.size)))
    data = await file.read()

    def seatable(rec: record.Record, game: Game) -> None:
        if any(person is not None for person in named[rec.players :]):
            raise record.RecordError(
                m("bot.record_commands.no_such_player", game=game.title, n=rec.players)
            )

    try:
        read = await imports.read(data, seatable)
    except record.RecordError as exc:
        raise PlayerError(m("bot.record_commands.refused", why=exc.msg)) from None
    rec, game, told, state = read.record, read.game, read.told, read.state
    if any(person is not None and person.bot for person in named):
        raise PlayerError(m("bot.record_commands.bot_seat"))
    user = interaction.user.id
    order = record.players_in_seat_order(state)
    players = [user] * rec.players
    for player, person in zip(order, named, strict=False):
        if person is not None:
            players[player] = person.id
    outcome = game.outcome(state)
    row = GameRow(
        id=0,
        channel_id=channel_id,
        guild_id=interaction.guild_id,
        game=game.id,
        host_id=user,
        status="finished" if outcome is not None else "active",
        options=rec.options,
        players=players,
        seed=rec.seed,
        state=state.model_dump_json(),
        version=0,
        lobby_message_id=None,
        pace=_pace(interaction),
    )
    table = Table(row=row, game=game, state=state)
    steps = rec.log[-1].seq if rec.log else 0
    key = "imported_over" if outcome is not None else "imported_live"
    heard = m(f"bot.record_commands.{key}", who=f"<@{user}>", game=game.title, step=steps)
    header = m("bot.present.next_line", first=heard, rest=present.seating_msg(table))
    if outcome is not None:
        # Nobody is asked anything by a game that is over: its import pings no one.
        posts = for_change(table, header, final=True)
        waits = []
    else:
        posts = for_change(table, header)
        for seat in range(len(state.seat_names)):
            secret = game.hand_text(state, seat)
            if secret is not None:
                posts.append(private(table, seat, to_seat(table, seat, secret)))
        waits = bot.tables.waits_after(table, acted=None)
    log = [
        LoggedAction(
            seq=e.seq,
            seat=e.seat,
            user_id=SYSTEM_USER if e.absent else IMPORTED_USER,
            action=e.action,
        )
        for e in rec.log
    ]
    history = [
        (seq, Post(kind="turn", body={"header": text, "final": False, "version": 0}))
        for seq, text in told
    ]
    try:
        caps = (bot.tables.lobbies_per_user, bot.tables.lobbies_per_server)
        stored = await bot.store.import_game(row, log, history, posts, waits, caps)
    except ChannelBusy:
        raise PlayerError(BUSY) from None
    except Crowded as full:
        why = crowded(full.scope, full.cap, "importing another running game")
        raise PlayerError(why) from None
    committed = m("bot.record_commands.imported", game=game.title, step=steps)
    play.changed(stored.id, committed)
    seats = [
        m(
            "bot.record_commands.imported_seat",
            number=i + 1,
            seats=[
                seat_name(table, s, play.language)
                for s in range(len(state.holders))
                if state.holders[s] == p
            ],
            who=f"<@{players[p]}>",
        )
        for i, p in enumerate(order)
    ]
    after = "imported_seats_live" if outcome is None else "imported_seats"
    text = m(f"bot.record_commands.{after}", done=committed, seats=seats)
    play.reply(text, unposted=later(text))


def _pace(interaction: discord.Interaction) -> dict[str, Any]:
    """An imported table speaks its server's language when the bot speaks it, like a new one."""
    server = interaction.guild_locale
    language = known(server.value if server else None)
    return {} if language == ENGLISH else Pace(language=language).model_dump()


# ----- /game list, /game mine ---------------------------------------------------------------------
@app_commands.command(name="list", description="This server's games and whose turn it is")
async def list_command(interaction: discord.Interaction[GameBot]) -> None:
    async with handling(interaction):
        if interaction.guild_id is None:
            raise PlayerError(m("bot.record_commands.list_in_dm"))
        await _games_page(interaction, "list", interaction.guild_id, 0)


@app_commands.command(name="mine", description="Every game where you owe a move, anywhere")
async def mine_command(interaction: discord.Interaction[GameBot]) -> None:
    async with handling(interaction):
        await _games_page(interaction, "mine", interaction.user.id, 0)


async def _games_page(
    interaction: discord.Interaction[GameBot], kind: str, key: int, page: int
) -> None:
    """Page `page` of `/game list` (`kind` "list": the games of the server `key`) or of
    `/game mine` ("mine": the games where the person `key` owes a move), in the asker's
    language. A page past the last (the list shrank since its button was drawn) shows the last
    one."""
    store = interaction.client.store
    language = reader(interaction)

    async def fetch(offset: int, limit: int) -> tuple[int, list[Msg]]:
        """How many games the whole list holds, and one page of it as lines."""
        if kind == "list":
            total, listed = await store.live_games(key, offset, limit)
            return total, [_listed_line(game) for game in listed]
        total, owed = await store.owed_by(key, offset, limit)
        return total, [_owed_line(game) for game in owed]

    total, items = await fetch(page * PER_PAGE, PER_PAGE)
    count = max(1, -(-total // PER_PAGE))
    if page >= count:
        page = count - 1
        total, items = await fetch(page * PER_PAGE, PER_PAGE)
    if not items:
        await answer(interaction, m(f"bot.record_commands.{kind}_empty"))
        return
    heading = m(f"bot.record_commands.{kind}_heading", n=total, page=page + 1, pages=count)
    lines = [say(heading, language)]
    lines += [limits.clip(say(item, language), LINE) for item in items]
    view = pager(kind, key, 0, 0, page, count, language)
    await answer(interaction, Said("\n".join(lines)), view=view)


LINE = 180
"""The most one game's line of a list page takes, so ten fit in a message whatever its names."""


def _listed_line(listed: ListedGame) -> Msg:
    people = " ".join(present.mention(p) for p in dict.fromkeys(listed.players))
    where: Msg
    if listed.status == "lobby":
        where = m("bot.record_commands.in_lobby", n=len(listed.players))
    else:
        first: dict[int, int] = {}
        for wait in listed.waiting:
            stamp = int(wait.since.timestamp())
            first[wait.user_id] = min(first.get(wait.user_id, stamp), stamp)
        since = [
            m("bot.record_commands.since", who=present.mention(u), when=f"<t:{t}:R>")
            for u, t in first.items()
        ]
        where = m("bot.record_commands.waiting", who=since or m("bot.record_commands.nobody"))
    return m(
        "bot.record_commands.listed",
        channel=f"<#{listed.channel_id}>",
        game=_title(listed.game),
        people=people,
        where=where,
    )


def _owed_line(game: OwedGame) -> Msg:
    link: Msg | str = f"<#{game.channel_id}>"
    if game.guild_id is not None:
        url = f"https://discord.com/channels/{game.guild_id}/{game.channel_id}"
        link = m("bot.record_commands.link", channel=link, url=url)
    what = "owed_decision" if game.out_of_turn else "owed_move"
    when = f"<t:{int(game.since.timestamp())}:R>"
    return m(f"bot.record_commands.{what}", channel=link, game=_title(game.game), when=when)
