"""Taking moves back: a player's undo of their own latest moves, and a rewind the table agrees to.

Nothing is erased: a take-back is a new log entry naming the moves it takes back, and the game
is rebuilt by replaying the moves that still count (`engine.history`). A player may undo only
their own moves that revealed nothing (the engine marks each move when it is logged) and that
nobody else has answered since; going back further is a rewind, which every player must agree
to. Nothing here talks to Discord.

A game may hold thousands of moves, so each command replays its log at most once (`Replay`
keeps the game before each of the latest moves it needs, for the labels, the reason a move is
final and the take-back alike), in a worker thread as `bot.table.imports` does, so the event loop
keeps serving every other channel meanwhile.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, Field

from bot.store.models import LoggedAction, Post, Rewind
from bot.table import posts, speech
from bot.table.model import PlayerError, Table
from bot.table.posts import Control
from bot.table.tables import Tables
from engine import Game, GameState, history
from engine.history import TABLE_SEAT, TakeBack
from engine.messages import Msg, m

T = TypeVar("T")


class Plan(BaseModel):
    """Moves that would be taken back, newest last, each as a message (its seat and what it
    did), so the channel, the asker and a later reader of the record each read it in theirs."""

    seqs: list[int]
    labels: list[Msg]
    version: int
    """The game's version the plan was made for: any change since makes it void."""
    rebuilt: GameState = Field(exclude=True, repr=False)
    """The game without these moves, as `history.rebuild` gives it: carrying it out costs no
    second replay, and `version` guarantees the log is still the one it was rebuilt from."""

    def moves(self) -> Msg:
        """The moves one after another, oldest first (a message holds each as an argument)."""
        said = self.labels[0]
        for label in self.labels[1:]:
            said = m("bot.takebacks.then", done=said, move=label)
        return said


@dataclass
class Replay:
    """The entries that still count, replayed once: the game just before each of the latest
    `depth` moves, oldest first, with that move's place among the entries."""

    items: list[LoggedAction | TakeBack]
    before: list[tuple[int, GameState]]

    @classmethod
    def of(
        cls,
        game: Game[Any, Any],
        start: GameState,
        items: list[LoggedAction | TakeBack],
        depth: int,
    ) -> Replay:
        """Replay `items` (as `history.counting` lists them) as `history.rebuild` does, up to
        the latest move: nothing asks for the game after it."""
        total = sum(1 for i in items if not isinstance(i, TakeBack))
        state, done, before = start, 0, []
        for at, item in enumerate(items):
            if isinstance(item, TakeBack):
                state = state.model_copy(update={"decisions": dict(item.decisions)})
                continue
            if done >= total - depth:
                before.append((at, state))
            done += 1
            if done < total:
                state = history.replay_move(game, state, item).state
        return cls(items, before)

    def latest(self, back: int) -> tuple[LoggedAction, GameState]:
        """The `back`-th latest move (1 is the latest), and the game just before it."""
        at, state = self.before[-back]
        move = self.items[at]
        assert not isinstance(move, TakeBack)
        return move, state

    def without(self, count: int) -> GameState:
        """The game as `history.rebuild` gives it for the log less its latest `count` moves:
        the take-backs among them stay logged, so the latest of them still sets the decision
        serials (as `history.Timeline.without` has it)."""
        at, state = self.before[-count]
        backs = [i for i in self.items[at:] if isinstance(i, TakeBack)]
        if backs:
            state = state.model_copy(update={"decisions": dict(backs[-1].decisions)})
        return state


async def _counted(tables: Tables, table: Table) -> list[LoggedAction | TakeBack]:
    return history.counting(await tables.store.action_log(table.row.id))


def _moves(items: list[LoggedAction | TakeBack]) -> list[LoggedAction]:
    return [i for i in items if not isinstance(i, TakeBack)]


async def _replayed(
    tables: Tables,
    table: Table,
    items: list[LoggedAction | TakeBack],
    depth: int,
    use: Callable[[Replay], T],
) -> T:
    """`use` of the table's log replayed (`Replay.of`), both in a worker thread: replaying,
    and playing a move again to see why it is final, are the slow part."""
    return await asyncio.to_thread(
        lambda: use(Replay.of(table.game, tables.initial(table), items, depth))
    )


def _running(table: Table) -> None:
    if table.state is None or table.row.status != "active":
        raise PlayerError(m("bot.takebacks.not_running"))


async def plan_undo(tables: Tables, table: Table, user_id: int, count: int) -> Plan:
    """The user's latest `count` moves, if all of them may still be undone; otherwise why not."""
    _running(table)
    if not table.seats_of(user_id):
        raise PlayerError(m("bot.tables.not_playing"))
    if count < 1:
        raise PlayerError(m("bot.takebacks.how_many"))
    items = await _counted(tables, table)
    moves = _moves(items)
    mine: list[LoggedAction] = []
    for entry in reversed(moves):
        if entry.user_id != user_id or not entry.reversible:
            break
        mine.append(entry)
    if not mine:
        if not moves:
            raise PlayerError(m("bot.takebacks.nothing_yet"))
        if moves[-1].user_id != user_id:
            raise PlayerError(m("bot.takebacks.not_yours", other=_other(table, moves[-1])))
        why = await _replayed(tables, table, items, 1, lambda r: _why_final(table.game, r, 1))
        raise PlayerError(m("bot.takebacks.final", why=why))
    if count > len(mine):
        first = len(moves) - len(mine)
        before: Msg
        if first == 0:
            before = m("bot.takebacks.before.none")
        elif moves[first - 1].user_id != user_id:
            before = m("bot.takebacks.before.other", other=_other(table, moves[first - 1]))
        else:
            back = len(mine) + 1
            why = await _replayed(
                tables, table, items, back, lambda r: _why_final(table.game, r, back)
            )
            before = m("bot.takebacks.before.final", why=why)
        raise PlayerError(m("bot.takebacks.only_last", n=len(mine), before=before))
    return await _replayed(tables, table, items, count, lambda r: _plan(table, r, count))


def _other(table: Table, entry: LoggedAction) -> Msg:
    """`entry`, a move that is not the asker's: another seat's, or a default the bot played
    for a seat whose player was away."""
    assert table.state is not None
    name = table.game.seat_name(table.state, entry.seat)
    if entry.absent:
        return m("bot.takebacks.other.absent", seat=name)
    return m("bot.takebacks.other.move", seat=name)


def _why_final(game: Game[Any, Any], replay: Replay, back: int) -> Msg:
    """Why the `back`-th latest move may not be taken back, found by playing it again: the log
    keeps only that it is final, and the player deserves the reason."""
    entry, before = replay.latest(back)
    result = history.replay_move(game, before, entry)
    action = game.parse_action(entry.action)
    reason = game.final_because(before, result.state, entry.seat, action, result.events)
    return reason if reason is not None else m("bot.takebacks.was_final")


async def plan_rewind(tables: Tables, table: Table, count: int) -> Plan:
    _running(table)
    items = await _counted(tables, table)
    moves = _moves(items)
    if count < 1 or count > len(moves):
        raise PlayerError(m("bot.takebacks.rewind_range", n=len(moves)))
    return await _replayed(tables, table, items, count, lambda r: _plan(table, r, count))


def _plan(table: Table, replay: Replay, count: int) -> Plan:
    """Label each move as it read when it was made, from the game just before it, in the words
    a game allows in public: the channel reads them."""
    game = table.game
    gone, labels = [], []
    for back in range(count, 0, -1):
        entry, state = replay.latest(back)
        gone.append(entry)
        action = game.parse_action(entry.action)
        seat = game.seat_name(state, entry.seat)
        labels.append(m("bot.takebacks.move", seat=seat, label=game.choice_label(state, action)))
    return Plan(
        seqs=[e.seq for e in gone],
        labels=labels,
        version=table.row.version,
        rebuilt=replay.without(count),
    )


async def take_back(
    tables: Tables, table: Table, plan: Plan, user_id: int, *, rewind: bool
) -> Table:
    """Log the take-back, store the game rebuilt without the moves, and tell the table."""
    _running(table)
    if table.row.version != plan.version:
        raise PlayerError(m("bot.takebacks.moved_on"))
    assert table.state is not None
    rebuilt = plan.rebuilt
    entry = history.take_back(table.state, rebuilt, plan.seqs, rewind=rewind)
    state = rebuilt.model_copy(update={"decisions": entry.decisions})
    after_row = table.row.model_copy(update={"version": table.row.version + 1})
    after = Table(row=after_row, game=table.game, state=state)
    key = "bot.takebacks.rewound" if rewind else "bot.takebacks.took_back"
    header = m(key, who=f"<@{user_id}>", moves=plan.moves())
    snapshot = state.model_dump_json()
    row = await tables.write(
        tables.store.record_action(
            table.row,
            TABLE_SEAT,
            user_id,
            entry.model_dump_json(),
            snapshot,
            finished=False,
            posts=posts.for_change(after, header),
            waits=tables.waits_after(after, acted=None),
        )
    )
    tables.states.put(row.id, row.version, len(snapshot), state)
    return Table(row=row, game=table.game, state=state)


async def ask_rewind(tables: Tables, table: Table, plan: Plan, host_id: int) -> Rewind:
    """Open a rewind for the table to vote on; the host who asked agrees by asking."""
    if table.row.version != plan.version:
        raise PlayerError(m("bot.takebacks.ask_again"))
    others = [p for p in voters(table) if p != host_id]

    def announce(rewind_id: int) -> list[Post]:
        asks = m(
            "bot.takebacks.asks",
            host=f"<@{host_id}>",
            n=len(plan.seqs),
            moves=plan.moves(),
            others=" ".join(f"<@{p}>" for p in others),
        )
        return [
            posts.tell(
                table,
                asks,
                others,
                [
                    Control(
                        label=speech.in_channel(table, m("bot.takebacks.agree")),
                        custom_id=f"vote:{table.row.id}:{rewind_id}:yes",
                        style="success",
                    ),
                    Control(
                        label=speech.in_channel(table, m("bot.takebacks.refuse")),
                        custom_id=f"vote:{table.row.id}:{rewind_id}:no",
                        style="danger",
                    ),
                ],
            )
        ]

    return await tables.store.open_rewind(table.row, plan.seqs, host_id, announce)


def voters(table: Table) -> list[int]:
    """Everyone seated: a rewind needs each of them."""
    return list(dict.fromkeys(table.row.players))
