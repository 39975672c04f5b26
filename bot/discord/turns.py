"""The play path, in one place: check, act, commit, publish from the outbox, answer truthfully.

Slash commands, decision buttons, the host's `/game table force` and the due sweep all come
through here, so every one of them binds to the decision it was meant for, stores the move and
what must be told in one transaction, and tells the player exactly what happened.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.buttons import undo_view
from bot.discord.interactions import Progress
from bot.discord.plays import Play, plays
from bot.table import binding, limits, present
from bot.table.model import Accepted, PlayerError, Table
from bot.table.speech import in_channel
from engine import QuickChoice
from engine.messages import Msg, m

if TYPE_CHECKING:
    from bot.discord.app import GameBot
    from bot.discord.drawing import Drawing
    from bot.discord.publication import Publisher
    from bot.store.protocol import GameStore
    from bot.table.tables import Tables

log = logging.getLogger(__name__)

STALE = m("bot.turns.stale")


class Turns:
    def __init__(
        self, tables: Tables, store: GameStore, drawing: Drawing, publisher: Publisher
    ) -> None:
        self.tables = tables
        self.store = store
        self.drawing = drawing
        self.publisher = publisher

    async def command(
        self,
        interaction: discord.Interaction[GameBot],
        kind: str,
        given: dict[str, Any],
        *,
        game: str,
    ) -> None:
        """A typed action from the game's slash commands. Values picked from autocomplete name
        the decision they were offered for (`bot.table.binding`): the action answers that decision
        or nothing, so a retry of a command that already counted never lands on the next."""
        channel_id = interaction.channel_id or 0
        user_id = interaction.user.id
        async with plays(interaction) as play:
            mark, values = binding.unbind(given)
            data = {"kind": kind, **{k: v for k, v in values.items() if k != binding.DECISION}}
            if mark is not None:
                refused = await binding.stale(
                    self.store, play.found, channel_id, user_id, mark, play.language
                )
                if refused is not None:
                    play.reply(refused)
                    return
            table = play.table
            if table.game.id != game:
                raise PlayerError(
                    m("bot.turns.other_game", game=table.game.title, command=table.game.short_name)
                )
            seat = None if mark is None else mark.seat
            self.told(play, await self.tables.act(table, user_id, data, seat))

    async def click(
        self,
        interaction: discord.Interaction[GameBot],
        game_id: int,
        seat: int,
        decision: int,
        key: str,
    ) -> None:
        """A decision button: it answers the one decision it was posted for, or nothing."""
        async with plays(interaction, game_id=game_id) as play:
            table = play.table
            choice = _open_choice(table, seat, decision, key)
            if choice is None:  # refused outside the lock: the edit waits on Discord
                play.afterwards(lambda: self._refuse_stale(interaction, table))
                return
            move = await self.tables.act(table, interaction.user.id, choice.action, seat)
            self.told(play, move)
            if interaction.message is not None:
                play.spare = interaction.message.id  # its mark takes its buttons off
            label = in_channel(table, choice.msg)  # the mark is read in the channel
            play.afterwards(lambda: self._mark_clicked(interaction, move, label))

    async def _refuse_stale(self, interaction: discord.Interaction[GameBot], table: Table) -> None:
        await self._retire_clicked(interaction, table)
        raise PlayerError(STALE)

    async def _mark_clicked(
        self, interaction: discord.Interaction[GameBot], move: Accepted, label: str
    ) -> None:
        """Unless the clicked message is the one this step edited in place, say on it who
        answered, and how, as its buttons go. A picture it carries becomes the picture of that
        answer's step (or, for a game whose turn messages show a phone overview, the overview
        after it, as the next turn message shows), so that its last line and its picture tell
        the same without drawing the whole board twice."""
        row = await self.store.get(move.after.row.id)
        living = None if row is None or row.living is None else row.living.get("message")
        if interaction.message is None or interaction.message.id == living:
            return
        picture = None
        if interaction.message.attachments:
            after = move.after
            before = self.tables.before_of(after)  # as the next turn message draws it
            players = self.publisher.players(after)
            if after.game.id in self.drawing.overviews:
                picture = await self.drawing.turn(after, players, before)
            elif before is not None:
                picture = await self.drawing.step(before, after, players)
        if await _mark_answered(interaction, label, picture):
            await self.store.drop_live_buttons([interaction.message.id])

    async def force(
        self,
        table: Table,
        why: Msg,
        progress: Progress | None = None,
        seats: list[int] | None = None,
    ) -> int:
        """Apply the default of each decision open now (of `seats`, if given); the caller
        holds the channel lock.

        Decisions that a default itself opens are left alone: their players get the full
        deadline. The caller publishes the moves once it has let go of the lock.
        """
        progress = progress or Progress()
        applied = 0
        for seat, default in sorted(self.tables.forceable(table).items()):
            if seats is not None and seat not in seats:
                continue
            if self.tables.forceable(table).get(seat) != default:
                continue  # an earlier default already settled or changed this decision
            move = await self.tables.force(table, seat, why)
            table = move.after
            applied += 1
            progress.committed = m("bot.turns.applied", n=applied)
        return applied

    def told(self, play: Play, move: Accepted, label: Msg | None = None) -> None:
        """Answer a committed move once it is published: the answer says whether the post went
        out, and offers to take the move back while that is still allowed. `label` says what
        was done, when the game's own description of the action is not what the player reads;
        either is said in the player's language, as the whole answer is."""
        label = label or _label(move)
        play.moved(move, label)
        view = None
        if move.reversible:
            view = undo_view(move.after.row.id, move.after.row.version, play.language)
        play.reply(
            m("bot.turns.done", what=label), view, unposted=m("bot.turns.unposted", what=label)
        )

    async def _retire_clicked(
        self, interaction: discord.Interaction[GameBot], table: Table
    ) -> None:
        """A stale button's message loses its buttons, so nobody is caught by it again."""
        message = interaction.message
        if message is None or message.id in await self.store.live_buttons(table.row.id):
            return  # still current for another decision: publication retires it in time
        try:
            await message.edit(view=None)
        except discord.HTTPException as exc:
            log.info("could not retire a stale button message: %s", exc)


def _open_choice(table: Table, seat: int, decision: int, key: str) -> QuickChoice | None:
    if table.row.status != "active":
        return None
    prompt = table.prompts().get(seat)
    if prompt is None or prompt.decision != decision:
        return None
    return present.find_choice(prompt, key)


def _label(move: Accepted) -> Msg:
    return move.after.game.describe(move.before.state, move.action)


async def _mark_answered(
    interaction: discord.Interaction[GameBot], label: str, picture: discord.File | None = None
) -> bool:
    """Note on the clicked message who answered and how, take its buttons off and replace its
    picture with `picture`, when given, all in one edit; True when that edit went through."""
    message = interaction.message
    if message is None:
        return False
    extra: dict[str, Any] = {} if picture is None else {"attachments": [picture]}
    try:
        await message.edit(
            content=limits.clip(
                f"{message.content}\n✔️ {interaction.user.mention}: {label}", limits.MESSAGE
            ),
            view=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **extra,
        )
    except discord.HTTPException as exc:
        log.info("could not mark a decision message as answered: %s", exc)
        return False
    return True
