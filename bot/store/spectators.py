"""Spectator page links: one per game, the token that opens its page, or none once turned off.

A token is the whole secret of a link: whoever holds it sees what the channel sees, so it is
drawn by the caller from a strong source (`bot.table.spectate.new_token`) and looked up by
equality through its unique index. `SpectatorStore` (`bot.store.protocol`) is what every store
provides; `SqlSpectators` is the SQL store's part.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.store.models import GameRow
from bot.store.sql import Sql

LINK_COLUMNS = ("game_id", "token", "updated_at")


class SqlSpectators(Sql):
    """The spectator link methods of the store."""

    if TYPE_CHECKING:

        async def _one(self, sql: str, args: tuple[Any, ...]) -> GameRow | None: ...

    async def spectator_link(self, game_id: int) -> tuple[bool, str | None]:
        """Whether the game has a link row, and its token (None: turned off by its host)."""
        row = await self._row("SELECT token FROM spectator_links WHERE game_id = ?", (game_id,))
        if row is None:
            return False, None
        return True, row["token"]

    async def set_spectator_link(self, game_id: int, token: str | None) -> None:
        """Give the game a new token, or with None turn its page off; the old token stops
        opening anything in the same write."""
        d = self.dialect
        async with self._transaction():
            await self._later(
                d.upsert("spectator_links", LINK_COLUMNS, ["game_id"]),
                (game_id, token, d.now()),
            )

    async def spectated(self, token: str) -> GameRow | None:
        """The game whose page `token` opens, or None (no such token, or turned off)."""
        return await self._one(
            "SELECT games.* FROM spectator_links JOIN games ON games.id = spectator_links.game_id"
            " WHERE spectator_links.token = ?",
            (token,),
        )
