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

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.attachments import Attachment
from bot.discord.checked import Checked
from bot.discord.interactions import answer, handling, reader
from bot.store.privacy import KeptAbout
from bot.store.protocol import GameStore
from bot.table.model import PlayerError
from engine.messages import ENGLISH, Msg, m, say

if TYPE_CHECKING:
    from bot.discord.app import GameBot

NOT_YOURS = m("bot.privacy.not_yours")


def _where(kept: KeptAbout | list[Any]) -> str:
    games = kept.games if isinstance(kept, KeptAbout) else kept
    return ", ".join(f"<#{g.channel_id}>" for g in games)


def _running(games: list[Any]) -> Msg | str:
    """Why the seats in games not over yet stay as they are (nothing when there are none)."""
    if not games:
        return ""
    return m("bot.privacy.running", n=len(games), where=_where(games))


class Privacy:
    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def data(self, interaction: discord.Interaction[GameBot]) -> None:
        async with handling(interaction):
            user = interaction.user.id
            kept = await self.store.kept_about(user)
            running = [g for g in kept.games if g.status in ("lobby", "active")]
            text = m(
                "bot.privacy.kept",
                user=str(user),
                settings=m("bot.privacy.none")
                if kept.settings is None
                else kept.settings.summary(),
                n=len(kept.games),
                running=len(running),
                moves=m("bot.privacy.moves", n=sum(g.moves for g in kept.games)),
            )
            await answer(interaction, text)
            data = kept.model_dump_json(indent=2).encode()
            await interaction.followup.send(
                file=Attachment(data, f"kept-about-{user}.json"), ephemeral=True
            )

    async def ask_forget(self, interaction: discord.Interaction[GameBot]) -> None:
        async with handling(interaction):
            user = interaction.user.id
            kept = await self.store.kept_about(user)
            running = [g for g in kept.games if g.status in ("lobby", "active")]
            view = discord.ui.View(timeout=None)
            view.add_item(ForgetButton(user, reader(interaction)))
            text = m("bot.privacy.ask", n=len(kept.games) - len(running), running=_running(running))
            await answer(interaction, text, view=view)

    async def forget(self, interaction: discord.Interaction[GameBot], user_id: int) -> None:
        if interaction.user.id != user_id:  # answered apart: the asker's message stays
            async with handling(interaction):
                raise PlayerError(NOT_YOURS)
            return
        async with handling(interaction, in_place=True) as progress:
            done = await self.store.forget(user_id)
            progress.committed = m("bot.privacy.forgotten")
            deleted = m("bot.privacy.settings_deleted")
            settings = deleted if done.settings_deleted else m("bot.privacy.no_settings")
            said = m(
                "bot.privacy.done",
                settings=settings,
                n=done.games_relabelled,
                running=_running(done.running),
            )
            await answer(interaction, said)


class ForgetButton(
    Checked,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"forget:(?P<user>[1-9]\d{0,19})",
):
    """Confirms `/game me forget`; only the person it names may press it."""

    def __init__(self, user_id: int, language: str = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=say(m("bot.privacy.forget_me"), language),
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
