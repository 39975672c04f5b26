"""A game as loaded from the store, and an accepted move: the values the bot passes around."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bot.store.models import SYSTEM_USER as SYSTEM_USER
from bot.store.models import GameRow
from engine import ActionBase, Event, Game, GameState, Outcome, Prompt


class PlayerError(Exception):
    """Something the player did wrong that the rules engine never saw; the text is for them."""


class Table(BaseModel):
    """A live game as loaded from the store."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    row: GameRow
    game: Game
    state: GameState | None

    def seats_of(self, user_id: int) -> list[int]:
        if self.state is None:
            return []
        return [s for s, h in enumerate(self.state.holders) if self.row.players[h] == user_id]

    def holder(self, seat: int) -> int:
        assert self.state is not None
        return self.row.players[self.state.holders[seat]]

    def prompts(self) -> dict[int, Prompt]:
        return {} if self.state is None else self.game.prompts(self.state)


class Accepted(BaseModel):
    """An accepted action, with what is needed to tell the channel about it."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    before: Table
    after: Table
    seat: int
    action: ActionBase
    events: list[Event]
    outcome: Outcome | None
    reversible: bool = False
    """Its player may still take it back (nothing random or hidden came of it)."""
