"""The table: loading a channel's game, checking who may act, applying and storing actions.

Nothing here talks to Discord, so the rules of who may do what are testable without a client.
One asyncio lock per channel serialises commands in this process; the store's version check
refuses anything that slipped past it (another process, a stale snapshot).

Refusals are catalog messages (`bot.tables.*`), said in the asker's language; what the table
is told is said in the table's, and a player's DM in theirs.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import weakref
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from bot.metrics import MOVES
from bot.store.models import ChannelBusy, GameRow, Post, Prefs, StaleVersion
from bot.store.protocol import GameStore
from bot.table import limits, pace, posts, present, speech
from bot.table import options as game_options
from bot.table.computer_ids import is_computer
from bot.table.model import SYSTEM_USER, Accepted, PlayerError, Table
from engine import ActionBase, GameState, IllegalAction, Prompt, history
from engine.games import REGISTRY
from engine.messages import ENGLISH, Arg, Msg, m

log = logging.getLogger(__name__)

NO_GAME = m("bot.tables.no_game")

BEFORE_KEPT = 256
"""Games whose state before their latest move is kept for drawing that step."""


OPENING = m("bot.tables.doing.open")
IMPORTING = m("bot.tables.doing.import")
"""What a host was about to do when a cap on tables refused it (`crowded`)."""


def crowded(scope: str, cap: int, doing: Arg) -> Msg:
    """Why a host (`scope` "host") or a server may hold no more tables, before `doing`
    (`OPENING`, `IMPORTING`): open lobbies and running games set up by `/game import` count
    together against one cap (`lobbies_per_user`, `lobbies_per_server`), so imports cannot
    hold more than lobbies may."""
    key = "bot.tables.crowded.host" if scope == "host" else "bot.tables.crowded.server"
    return m(key, n=cap, doing=doing)


class StateCache:
    """Parsed states of recently used games, bounded by the size of their stored JSON, each
    with its prompts once known.

    Parsing a large snapshot costs more than reading it, and working out who may act costs
    more again, so busy games stay parsed and prompted; the least recently used ones go first
    once the budget is spent, however many games are stored.
    """

    def __init__(self, budget_bytes: int) -> None:
        self.budget = budget_bytes
        self.used = 0
        self._entries: OrderedDict[int, tuple[int, int, GameState, dict[int, Prompt] | None]] = (
            OrderedDict()
        )

    def get(self, game_id: int, version: int) -> tuple[GameState, dict[int, Prompt] | None] | None:
        entry = self._entries.get(game_id)
        if entry is None or entry[0] != version:
            return None
        self._entries.move_to_end(game_id)
        return entry[2], entry[3]

    def put(
        self,
        game_id: int,
        version: int,
        size: int,
        state: GameState,
        prompts: dict[int, Prompt] | None = None,
    ) -> None:
        self.drop(game_id)
        self._entries[game_id] = (version, size, state, prompts)
        self.used += size
        while self.used > self.budget and len(self._entries) > 1:
            _, (_, dropped, _, _) = self._entries.popitem(last=False)
            self.used -= dropped

    def drop(self, game_id: int) -> None:
        entry = self._entries.pop(game_id, None)
        if entry is not None:
            self.used -= entry[1]

    def __len__(self) -> int:
        return len(self._entries)


class Tables:
    def __init__(
        self,
        store: GameStore,
        *,
        cache_bytes: int = 64 * 1024 * 1024,
        lobbies_per_user: int = 3,
        lobbies_per_server: int = 50,
        deadline_hours: float = 48.0,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.store = store
        self.deadline_hours = deadline_hours
        """Hours a decision asked out of turn waits before its default is played (0: never)."""
        self.clock = clock
        """The time, for every reminder and limit; tests move it on."""
        self._before: OrderedDict[int, tuple[int, GameState]] = OrderedDict()
        """Each recently moved game's state before its latest move, by the version the move
        made: what a picture of that step is drawn against. Lost in a restart, when a step
        simply goes without its picture."""
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        """Only channels with a command in progress hold a lock, so the table never grows."""
        self.states = StateCache(cache_bytes)
        self.lobbies_per_user = lobbies_per_user
        self.lobbies_per_server = lobbies_per_server
        self.seed_source: Callable[[], int] = lambda: secrets.randbits(63)
        """Where new games get their seed; tests pin it to replay a known game."""

    def lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    def forget(self, game_id: int) -> None:
        self.states.drop(game_id)

    def _table(self, row: GameRow) -> Table:
        game = REGISTRY.get(row.game)
        if game is None:
            raise PlayerError(m("bot.tables.not_installed", game=row.game))
        state, prompts = None, None
        if row.state is not None:
            cached = self.states.get(row.id, row.version)
            if cached is None:
                state = game.state_type.model_validate_json(row.state)
                if row.status == "active":
                    self.states.put(row.id, row.version, len(row.state), state)
            else:
                state, prompts = cached
        return Table(row=row, game=game, state=state).knowing(prompts)

    async def current(self, channel_id: int) -> Table | None:
        row = await self.store.live_game(channel_id)
        return None if row is None else await self.loaded(row)

    async def by_id(self, game_id: int) -> Table | None:
        row = await self.store.get(game_id)
        return None if row is None else await self.loaded(row)

    async def loaded(self, row: GameRow) -> Table:
        """The table a stored row holds, its state parsed (or kept from the last move)."""
        return await self._current(self._table(row))

    async def _current(self, table: Table) -> Table:
        """Bring a snapshot written by an older version of the game up to date, once.

        The log is checked against it: when replaying the log under today's rules gives the
        same game, the replay is kept (it also carries what older snapshots lacked, such as
        decision ids). When the rules have changed since (the log no longer replays, or
        replays into another game), the snapshot is what the players have been playing, so
        it is kept with the new fields at their defaults, and that is logged.
        """
        state = table.state
        if state is None or table.row.status != "active":
            return table
        schema = table.game.state_type.model_fields["schema_version"].default
        if state.schema_version >= schema:
            return table
        upgraded = state.model_copy(update={"schema_version": schema})
        try:
            replayed: GameState | None = await self.replay(table)
        except IllegalAction:
            replayed = None
        if replayed is not None and _same_game(replayed, upgraded):
            upgraded = replayed
        else:
            log.warning(
                "game %s: its log no longer replays into its snapshot under today's rules; "
                "keeping the snapshot",
                table.row.id,
            )
        snapshot = upgraded.model_dump_json()
        await self.store.rewrite_snapshot(table.row.id, table.row.version, snapshot)
        log.info(
            "game %s: snapshot brought from schema %s to %s",
            table.row.id,
            state.schema_version,
            schema,
        )
        row = table.row.model_copy(update={"state": snapshot})
        self.states.put(row.id, row.version, len(snapshot), upgraded)
        return Table(row=row, game=table.game, state=upgraded)

    async def require(self, channel_id: int) -> Table:
        table = await self.current(channel_id)
        if table is None:
            raise PlayerError(NO_GAME)
        return table

    async def last_ended(self, channel_id: int) -> Table | None:
        """The channel's most recent dealt game once it is over (finished or abandoned), when
        no game is open there: its record still answers, so its result should too."""
        row = await self.store.latest_game(channel_id)
        if row is None or row.status in ("lobby", "active"):
            return None
        return self._table(row)

    # ----- lobby ---------------------------------------------------------------------------
    async def open_lobby(
        self,
        channel_id: int,
        guild_id: int | None,
        game_key: str,
        host_id: int,
        language: str = ENGLISH,
    ) -> Table:
        """A new lobby, its table speaking `language` (the server's, when the bot speaks it)."""
        if game_key not in REGISTRY:
            raise PlayerError(m("bot.tables.unknown_game", game=limits.clip(game_key, 40)))
        if await self.store.held(host_id=host_id, guild_id=None) >= self.lobbies_per_user:
            raise PlayerError(crowded("host", self.lobbies_per_user, OPENING))
        if (
            guild_id is not None
            and await self.store.held(host_id=None, guild_id=guild_id) >= self.lobbies_per_server
        ):
            raise PlayerError(crowded("server", self.lobbies_per_server, OPENING))
        try:
            row = await self.store.create_lobby(channel_id, guild_id, game_key, host_id)
        except ChannelBusy:
            raise PlayerError(m("bot.tables.channel_busy")) from None
        if language != ENGLISH:
            spoken = pace.Pace(language=language).model_dump()
            row = await self.write(self.store.update_game(row, [], pace=spoken))
        return self._table(row)

    async def join(self, table: Table, user_id: int) -> Table:
        self._lobby_only(table, m("bot.tables.doing.join"))
        if user_id in table.row.players:
            raise PlayerError(m("bot.tables.already_in"))
        most = max(table.game.player_counts)
        if len(table.row.players) >= most:
            raise PlayerError(m("bot.tables.full", game=table.game.title, n=most))
        row = await self.write(
            self.store.update_lobby(table.row, players=[*table.row.players, user_id])
        )
        return self._table(row)

    async def leave(self, table: Table, user_id: int) -> Table:
        self._lobby_only(table, m("bot.tables.doing.leave"))
        if user_id not in table.row.players:
            raise PlayerError(m("bot.tables.not_in"))
        if user_id == table.row.host_id:
            raise PlayerError(m("bot.tables.host_stays"))
        players = [p for p in table.row.players if p != user_id]
        return self._table(await self.write(self.store.update_lobby(table.row, players=players)))

    async def set_options(self, table: Table, user_id: int, **chosen: Any) -> Table:
        self._lobby_only(table, m("bot.tables.doing.options"))
        self._host_only(table, user_id, m("bot.tables.doing.change_options"))
        options = {**table.row.options, **chosen}
        seated = len(table.row.players)
        try:
            game_options.check(table.game, options, seated)
        except IllegalAction as exc:
            why = game_options.refusal(table.game, options, seated, exc.msg)
            raise PlayerError(why) from None
        return self._table(await self.write(self.store.update_lobby(table.row, options=options)))

    async def fit_options(self, table: Table) -> tuple[Table, Msg | None]:
        """After a join or a leave: the lobby's options made to go with its new count (see
        `bot.table.options.fit`), and the note saying what went back to its default, if anything
        (the lobby message shows it in the table's language, the player's answer in theirs)."""
        options, note = game_options.fit(table.game, table.row.options, len(table.row.players))
        if note is None:
            return table, None
        row = await self.write(self.store.update_lobby(table.row, options=options))
        return self._table(row), note

    async def discard_lobby(self, table: Table) -> None:
        """Close a lobby that never reached its channel, so the channel is free again."""
        await self.write(self.store.close(table.row, "abandoned", [], "abandoned"))

    async def remember_lobby_message(self, table: Table, message_id: int) -> Table:
        row = await self.write(self.store.update_lobby(table.row, lobby_message_id=message_id))
        return self._table(row)

    async def start(self, table: Table, user_id: int, seed: int | None = None) -> Table:
        self._lobby_only(table, m("bot.tables.doing.start"))
        self._host_only(table, user_id, m("bot.tables.doing.start_game"))
        count = len(table.row.players)
        if count not in table.game.player_counts:
            raise PlayerError(self._needs(table, count))
        options = table.game.make_options(players=count, **table.row.options)
        seed = self.seed_source() if seed is None else seed
        state = table.game.setup(options, seed)
        dumped = options.model_dump(mode="json")
        started = Table(
            row=table.row.model_copy(
                update={
                    "status": "active",
                    "options": dumped,
                    "seed": seed,
                    "version": table.row.version + 1,
                    "prefs": await self.store.prefs(table.row.players),
                }
            ),
            game=table.game,
            state=state,
        )
        row = await self.write(
            self.store.start(
                table.row,
                dumped,
                seed,
                state.model_dump_json(),
                posts.for_start(started) + await self.on_deck(None, started),
                self.waits_after(started, acted=None),
            )
        )
        return self._table(row)

    async def abandon(self, table: Table, user_id: int, *, can_manage: bool) -> Table:
        if user_id != table.row.host_id and not can_manage:
            raise PlayerError(m("bot.tables.abandon_who"))
        abandoned = m("bot.tables.abandoned", who=f"<@{user_id}>", game=table.game.title)
        told = posts.tell(table, abandoned)
        row = await self.write(self.store.close(table.row, "abandoned", [told], "abandoned"))
        self.forget(row.id)
        return Table(row=row, game=table.game, state=table.state)

    # ----- play ----------------------------------------------------------------------------
    def legal_for(self, table: Table, user_id: int, kind: str) -> list[tuple[int, ActionBase]]:
        """Every (seat, action) of this kind the user may take now, across the seats they hold."""
        if table.state is None:
            return []
        prompts = table.prompts()
        out = []
        for seat in table.seats_of(user_id):
            if seat in prompts and kind in prompts[seat].kinds:
                out += [
                    (seat, a) for a in table.game.legal_actions(table.state, seat) if a.kind == kind
                ]
        return out

    async def act(
        self, table: Table, user_id: int, data: dict[str, Any], seat: int | None = None
    ) -> Accepted:
        """Apply an action for the user, trying each seat they hold that the action concerns."""
        if table.state is None:
            raise PlayerError(m("bot.tables.not_started"))
        seats = table.seats_of(user_id)
        if not seats:
            raise PlayerError(m("bot.tables.not_playing"))
        action = table.game.parse_action(data)
        prompts = table.prompts()
        if seat is not None:
            if seat not in seats:
                owner = table.game.seat_name(table.state, seat)
                raise PlayerError(m("bot.tables.not_yours", owner=owner))
            candidates = [seat]
        else:
            candidates = [s for s in seats if s in prompts and action.kind in prompts[s].kinds]
        if not candidates:
            waiting = [table.game.seat_name(table.state, s) for s in prompts]
            if not waiting:
                raise PlayerError(m("bot.tables.not_now_nobody", kind=action.kind))
            raise PlayerError(m("bot.tables.not_now", kind=action.kind, waiting=waiting))
        first_error: IllegalAction | None = None
        for candidate in candidates:
            try:
                return await self._commit(table, candidate, action, user_id)
            except IllegalAction as exc:
                first_error = first_error or exc
        assert first_error is not None
        raise first_error

    def forceable(self, table: Table) -> dict[int, dict[str, Any]]:
        """The default action of every decision open now, whoever's turn it is."""
        return {s: p.default for s, p in table.prompts().items() if p.default is not None}

    def default_label(self, table: Table, seat: int) -> Msg:
        """What forcing `seat` would do, in the words a game allows in public (`choice_label`):
        a default may be a secret order or a card from a hand."""
        assert table.state is not None
        action = table.game.parse_action(self.forceable(table)[seat])
        return table.game.choice_label(table.state, action)

    async def force(self, table: Table, seat: int, why: Msg) -> Accepted:
        """Take a pending decision's default for its seat (the host's order, a deadline or
        turn limit, a player away); `why` heads the narration."""
        default = self.forceable(table).get(seat)
        if default is None:
            raise PlayerError(m("bot.tables.no_default"))
        assert table.state is not None
        action = table.game.parse_action(default)
        told = m(
            "bot.tables.default_for",
            why=why,
            who=f"<@{table.holder(seat)}>",
            seat=table.game.seat_name(table.state, seat),
            label=table.game.choice_label(table.state, action),
        )
        return await self._commit(table, seat, action, SYSTEM_USER, told)

    async def _commit(
        self, table: Table, seat: int, action: ActionBase, user_id: int, prefix: Msg | None = None
    ) -> Accepted:
        """Apply, then store the log entry, the snapshot and what must be told, all at once.
        A move logged for `SYSTEM_USER` is a default played for an absent player, and the game
        is told so, now and whenever the log is replayed (`LoggedAction.absent`)."""
        assert table.state is not None
        absent = user_id == SYSTEM_USER
        result = table.game.apply(table.state, seat, action, absent=absent, prompts=table.prompts())
        outcome = table.game.outcome(result.state)
        status = "finished" if outcome is not None else table.row.status
        after = table.row.model_copy(update={"version": table.row.version + 1, "status": status})
        move = Accepted(
            before=table,
            after=Table(row=after, game=table.game, state=result.state).knowing(result.prompts),
            seat=seat,
            action=action,
            events=result.events,
            outcome=outcome,
        )
        snapshot = result.state.model_dump_json()
        reversible = not absent and table.game.reversible(
            table.state, result.state, seat, action, result.events
        )
        move.reversible = reversible
        row = await self.write(
            self.store.record_action(
                table.row,
                seat,
                user_id,
                action.to_text(),
                snapshot,
                finished=outcome is not None,
                posts=posts.for_move(move, prefix, by=user_id, at=self.clock())
                + await self.on_deck(move.before, move.after),
                waits=self.waits_after(move.after, acted=seat),
                reversible=reversible,
            )
        )
        MOVES.labels(game=table.game.id).inc()
        self._remember_before(row.id, row.version, table.state)
        if outcome is None:
            self.states.put(row.id, row.version, len(snapshot), result.state, result.prompts)
        else:
            self.forget(row.id)  # a finished game is read again only rarely
        move.after.row = row
        return move

    def _remember_before(self, game_id: int, version: int, state: GameState) -> None:
        self._before[game_id] = (version, state)
        self._before.move_to_end(game_id)
        while len(self._before) > BEFORE_KEPT:
            self._before.popitem(last=False)

    def before_of(self, table: Table) -> Table | None:
        """The game as it stood just before the move that made `table`, if still known."""
        known = self._before.get(table.row.id)
        if known is None or known[0] != table.row.version:
            return None
        return Table(row=table.row, game=table.game, state=known[1])

    async def replay(self, table: Table) -> GameState:
        """Rebuild the state from setup + log: the truth the snapshot must agree with."""
        return history.rebuild(
            table.game, self.initial(table), await self.store.action_log(table.row.id)
        )

    @staticmethod
    def initial(table: Table) -> GameState:
        row = table.row
        assert row.seed is not None
        game = table.game
        return game.setup(game.options_type.model_validate(row.options), row.seed)

    # ----- waiting for players -----------------------------------------------------------
    def waits_after(self, table: Table, acted: int | None) -> list[pace.Wait]:
        """Who owes a decision once `table` is stored, with their reminders and limits."""
        if table.state is None or table.game.outcome(table.state) is not None:
            return []
        owing = {
            seat: (table.holder(seat), prompt.decision, prompt.out_of_turn)
            for seat, prompt in table.prompts().items()
        }
        now = self.clock()
        previous = table.row.waits
        waits = pace.follow(previous, owing, acted, now, table.row.id)
        return self.scheduled(table, waits)

    def scheduled(
        self, table: Table, waits: list[pace.Wait], away: dict[int, datetime] | None = None
    ) -> list[pace.Wait]:
        """The waits with their reminders and limits set by the table's pace and who is away
        (as the row was read, unless `away` says how it is about to be)."""
        table_pace = pace.Pace.model_validate(table.row.pace)
        away = table.row.away if away is None else away
        out = []
        for wait in waits:
            if is_computer(wait.user_id) and table.row.paused_at is None:
                # A computer seat owes nobody a reminder: its move is due at once.
                out.append(wait.model_copy(update={"remind_at": None, "limit_at": wait.since}))
                continue
            until = away.get(wait.user_id)
            out.append(
                pace.schedule(
                    wait,
                    table_pace,
                    self.clock(),
                    deadline_hours=self.deadline_hours,
                    away=None if until is None else (until, table_pace.on_vacation),
                    paused=table.row.paused_at is not None,
                )
            )
        return out

    async def on_deck(self, before: Table | None, after: Table) -> list[Post]:
        """A short DM to a player who asked for one when they become next after the current
        player's turn (at the start, or when a move changes who is next)."""
        assert after.state is not None
        seat = after.game.next_up(after.state)
        if seat is None or seat in after.prompts():
            return []
        if (
            before is not None
            and before.state is not None
            and seat == before.game.next_up(before.state)
        ):
            return []
        user = after.holder(seat)
        if not after.row.prefs.get(user, Prefs()).on_deck:
            return []
        acting: Arg = [after.game.seat_name(after.state, s) for s in after.prompts()]
        deck = m(
            "bot.tables.on_deck",
            seat=after.game.seat_name(after.state, seat),
            acting=acting or m("bot.tables.the_table"),
        )
        return [posts.private(after, seat, speech.to_seat(after, seat, deck))]

    # ----- helpers -------------------------------------------------------------------------
    @staticmethod
    def _needs(table: Table, count: int) -> Msg:
        """Why a lobby cannot start with `count` players: how many the game takes."""
        allowed = present.counts_msg(table.game.player_counts)
        return m("bot.tables.needs", game=table.game.title, allowed=allowed, n=count)

    @staticmethod
    def _lobby_only(table: Table, what: Msg) -> None:
        if table.row.status != "lobby":
            raise PlayerError(m("bot.tables.lobby_only", what=what))

    @staticmethod
    def _host_only(table: Table, user_id: int, what: Msg) -> None:
        if user_id != table.row.host_id:
            raise PlayerError(m("bot.tables.host_only", host=f"<@{table.row.host_id}>", what=what))

    @staticmethod
    async def write(pending: Any) -> GameRow:
        try:
            return await pending
        except StaleVersion:
            raise PlayerError(m("bot.tables.stale")) from None


def _same_game(a: GameState, b: GameState) -> bool:
    """Equal but for what the bookkeeping of the engine itself adds (decision ids)."""
    skip = {"decisions", "schema_version"}
    return a.model_dump(exclude=skip) == b.model_dump(exclude=skip)
