"""A game as loaded from the store, and an accepted move: the values the bot passes around."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, PrivateAttr

from bot.store.models import SYSTEM_USER as SYSTEM_USER
from bot.store.models import GameRow
from engine import ActionBase, Event, Game, GameState, Outcome, Prompt
from engine.messages import Msg, say


class PlayerError(Exception):
    """Something the player did wrong that the rules engine never saw; `text` is for them, a
    message said in their language when they are answered (`str()` is the English)."""

    def __init__(self, text: Msg) -> None:
        self.text: Msg = text
        super().__init__(say(text))


class ShuttingDown(PlayerError):
    """A move refused because the bot has begun to shut down: the player is told to try again
    in a moment, and a due wait is left for the next start."""


class Table(BaseModel):
    """A live game as loaded from the store."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    row: GameRow
    game: Game
    state: GameState | None
    _prompts: tuple[GameState, dict[int, Prompt]] | None = PrivateAttr(default=None)

    def seats_of(self, user_id: int) -> list[int]:
        if self.state is None:
            return []
        return [s for s, h in enumerate(self.state.holders) if self.row.players[h] == user_id]

    def holder(self, seat: int) -> int:
        assert self.state is not None
        return self.row.players[self.state.holders[seat]]

    def prompts(self) -> dict[int, Prompt]:
        """Who may act now, and how. Computed once per state: a move asks for them while it is
        checked, stored, told and scheduled, and a game's prompts are not cheap."""
        if self.state is None:
            return {}
        if self._prompts is None or self._prompts[0] is not self.state:
            self._prompts = (self.state, self.game.prompts(self.state))
        return self._prompts[1]

    def knowing(self, prompts: dict[int, Prompt] | None) -> Table:
        """This table, told its state's prompts (as `Game.apply` hands them back)."""
        if prompts is not None and self.state is not None:
            self._prompts = (self.state, prompts)
        return self


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
