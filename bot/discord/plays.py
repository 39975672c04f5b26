"""One way into a table for a command or a click that may change it.

Every such request must do the same things in the same order, and each step left out is a bug
a player meets: answer within Discord's three seconds and owe the answer until it is given
(`handling`), hold off shutdown while it runs (`GameBot.in_flight`), take the channel's lock so
that two requests never interleave, load the game and check that it is this channel's, and,
once the lock is let go, publish what changed before saying so. `plays` does all of it; the
request only decides, inside the block, what to change and what to answer.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import discord

from bot.discord.interactions import Progress, answer, handling, later, reader
from bot.table.model import PlayerError, Table
from bot.table.tables import NO_GAME
from engine.messages import ENGLISH, Msg, Said, m

if TYPE_CHECKING:
    from bot.discord.app import GameBot
    from bot.store.protocol import GameStore
    from bot.table.model import Accepted

ELSEWHERE = m("bot.answers.elsewhere")


@dataclass
class Play:
    """A request at work on one table, inside its channel's lock."""

    found: Table | None
    """The channel's game (or the button's), None only when the request allows it."""
    progress: Progress
    language: str = ENGLISH
    """The asker's language: their answer's, and its buttons'."""
    move: Accepted | None = None
    """The move this request made, if any."""
    published: int | None = None
    """The game whose posts go out before the answer."""
    text: Msg | Said | None = None
    view: discord.ui.View | None = None
    unposted: Msg | None = None
    """The answer instead, when what changed could not be posted yet."""
    posted: bool = field(default=True, init=False)
    later: list[Callable[[], Awaitable[None]]] = field(default_factory=list)
    """Work that must not hold the channel: it runs once the player has their answer."""
    spare: int | None = None
    """The clicked message whose buttons `later` work takes off itself (`Publisher.publish`)."""

    @property
    def table(self) -> Table:
        """The game, or the refusal a request for a game in a channel without one gets."""
        if self.found is None:
            raise PlayerError(NO_GAME)
        return self.found

    def moved(self, move: Accepted, label: Msg) -> None:
        """Remember a committed move: should anything fail from here on, the player is still
        told that it counted."""
        self.move = move
        self.changed(move.after.row.id, label)

    def changed(self, game_id: int, committed: Msg) -> None:
        """Remember a committed change of some other kind, told to the channel like a move."""
        self.progress.committed = committed
        self.published = game_id

    def tell(self, game_id: int, committed: Msg) -> None:
        """A change told to the channel, and to the player in the same words."""
        self.changed(game_id, committed)
        self.reply(committed, unposted=later(committed))

    def afterwards(self, work: Callable[[], Awaitable[None]]) -> None:
        """Run `work` after the lock is let go and the answer given (a refusal it raises is
        still the player's answer, when none was given)."""
        self.later.append(work)

    def reply(
        self,
        text: Msg | Said,
        view: discord.ui.View | None = None,
        *,
        unposted: Msg | None = None,
    ) -> None:
        """What the player is told once the lock is let go and the change published."""
        self.text, self.view, self.unposted = text, view, unposted


@asynccontextmanager
async def plays(
    interaction: discord.Interaction[GameBot],
    *,
    game_id: int | None = None,
    in_place: bool = False,
    elsewhere: Msg = ELSEWHERE,
) -> AsyncIterator[Play]:
    """Run a request on the channel's table (`game_id`: the game a button was posted for,
    which must be this channel's; `Play.table` refuses a channel without a game, `Play.found`
    lets the request say more). Refusals raised inside become the player's private answer;
    the channel is told of a change before the player is."""
    bot = interaction.client
    channel_id = interaction.channel_id or 0
    async with handling(interaction, in_place=in_place) as progress, bot.in_flight():
        async with bot.tables.lock(channel_id):
            if game_id is None:
                found = await bot.tables.current(channel_id)
            else:
                found = await bot.tables.by_id(game_id)
                if found is None or found.row.channel_id != channel_id:
                    raise PlayerError(elsewhere)
            if found is not None:
                bot.chosen_languages.update(
                    {u: p.language for u, p in found.row.prefs.items() if p.language}
                )
            play = Play(found=found, progress=progress, language=reader(interaction))
            yield play
        if play.move is not None:
            await _name(bot.store, play.move.after, interaction.user)
        seated = play.move.after if play.move is not None else play.found
        if seated is not None:  # a lobby's joiners too: their hands are dealt at the start
            await _client_language(bot.store, seated, interaction)
        if play.published is not None:
            play.posted = await bot.publisher.publish(play.published, spare=play.spare)
        if play.text is not None:
            text = play.text if play.posted or play.unposted is None else play.unposted
            await answer(interaction, text, view=play.view)
        for work in play.later:
            await work()


async def _client_language(
    store: GameStore, table: Table, interaction: discord.Interaction[GameBot]
) -> None:
    """Keep the language a player's Discord client uses, for the DMs the bot sends them while
    they are away (those come with no interaction to read it from); written only when it
    changed, so a move costs no write for it. Kept from the lobby on (joining it), so the
    hand dealt at the start already reads in their language."""
    user = interaction.user.id
    prefs = table.row.prefs.get(user) or (await store.prefs([user]))[user]
    seen = str(interaction.locale.value)
    if prefs.client_locale != seen:
        updated = prefs.model_copy(update={"client_locale": seen})
        await store.set_prefs(user, updated)
        table.row.prefs = {**table.row.prefs, user: updated}


async def _name(store: GameStore, table: Table, user: discord.User | discord.Member) -> None:
    """Keep the name a player goes by now, for the board and the narration their move gets."""
    shown = user.display_name
    row = table.row
    if row.player_names.get(str(user.id)) != shown:
        await store.name_players(row.id, {user.id: shown})
        row.player_names = {**row.player_names, str(user.id): shown}
