"""`/game me data` and `/game me forget`: a person sees what the bot keeps about them, and has
it forgotten.

What is kept, why, and for how long is told in the README ("Operating the bot", Privacy); the
answers here say the same in short. Forgetting asks first, on a private answer with a button
only its asker may press; it deletes the person's settings and puts a neutral seat label in
place of their id and name in every game that has ended (`bot.store.privacy`). Lobbies and
running games keep the seat as it is, since the table must know who may act for it; the answer
names them, so the person knows to ask again once they end (or to leave them).
"""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.checked import Checked
from bot.discord.interactions import answer, handling
from bot.store.privacy import KeptAbout
from bot.store.protocol import GameStore
from bot.table.model import PlayerError

if TYPE_CHECKING:
    from bot.discord.app import GameBot

KEPT = (
    "**What I keep about you** (user id {user}):\n"
    "- Settings from `/game me settings`: {settings}\n"
    "- {games} game(s) you sat in or hosted ({running} still open): your user id, the "
    "display name the game showed, {moves} move(s) in the logs, and the narration that "
    "names you.\n"
    "Games are kept so that `/game log`, `/game export` and replays work; an admin may have "
    "them deleted some time after they end. The attached file has it all. "
    "`/game me forget` deletes your settings and takes your id and name out of ended games."
)
ASK = (
    "Forget you? This deletes your settings and, in the {ended} game(s) that have ended, "
    "replaces your user id and name with a seat label (the moves stay, under that label). "
    "{running}It cannot be undone."
)
RUNNING = (
    "Your seat in {count} open lobby or running game(s) ({where}) stays as it is until "
    "they end, since the table needs to know who may act for it; ask again after they end. "
)
DONE = "Done: {settings}, {ended} ended game(s) now show a seat label instead of you. {running}"
NOT_YOURS = "This button is for the person who asked to be forgotten; nothing was changed."


def _where(kept: KeptAbout | list[Any]) -> str:
    games = kept.games if isinstance(kept, KeptAbout) else kept
    return ", ".join(f"<#{g.channel_id}>" for g in games)


class Privacy:
    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def data(self, interaction: discord.Interaction[GameBot]) -> None:
        async with handling(interaction):
            user = interaction.user.id
            kept = await self.store.kept_about(user)
            running = [g for g in kept.games if g.status in ("lobby", "active")]
            text = KEPT.format(
                user=user,
                settings="none" if kept.settings is None else kept.settings.summary(),
                games=len(kept.games),
                running=len(running),
                moves=sum(g.moves for g in kept.games),
            )
            await answer(interaction, text)
            data = io.BytesIO(kept.model_dump_json(indent=2).encode())
            await interaction.followup.send(
                file=discord.File(data, filename=f"kept-about-{user}.json"), ephemeral=True
            )

    async def ask_forget(self, interaction: discord.Interaction[GameBot]) -> None:
        async with handling(interaction):
            user = interaction.user.id
            kept = await self.store.kept_about(user)
            running = [g for g in kept.games if g.status in ("lobby", "active")]
            told = RUNNING.format(count=len(running), where=_where(running)) if running else ""
            view = discord.ui.View(timeout=None)
            view.add_item(ForgetButton(user))
            text = ASK.format(ended=len(kept.games) - len(running), running=told)
            await answer(interaction, text, view=view)

    async def forget(self, interaction: discord.Interaction[GameBot], user_id: int) -> None:
        if interaction.user.id != user_id:  # answered apart: the asker's message stays
            async with handling(interaction):
                raise PlayerError(NOT_YOURS)
            return
        async with handling(interaction, in_place=True) as progress:
            done = await self.store.forget(user_id)
            progress.committed = "You were forgotten."
            settings = "your settings deleted" if done.settings_deleted else "you had no settings"
            running = (
                RUNNING.format(count=len(done.running), where=_where(done.running))
                if done.running
                else ""
            )
            await answer(
                interaction,
                DONE.format(settings=settings, ended=done.games_relabelled, running=running),
            )


class ForgetButton(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"forget:(?P<user>[1-9]\d{0,19})",
):
    """Confirms `/game me forget`; only the person it names may press it."""

    def __init__(self, user_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Forget me",
                style=discord.ButtonStyle.danger,
                custom_id=f"forget:{user_id}",
            )
        )
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ForgetButton:
        return cls(int(match["user"]))

    async def clicked(self, interaction: discord.Interaction[GameBot]) -> None:
        await interaction.client.privacy.forget(interaction, self.user_id)
