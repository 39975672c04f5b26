"""What the store hands back and refuses with: the rows it reads and writes, and its errors.

These are the same for every implementation of `storage.GameStore`: a PostgreSQL store would
return these rows and raise these errors, so nothing outside the store needs to know which
database holds a game.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel

Status = Literal["lobby", "active", "finished", "abandoned"]
Closure = Literal["abandoned", "orphaned"]
PostKind = Literal["turn", "private", "notice"]


class StaleVersion(Exception):
    """Someone else changed the game between our read and our write."""


class ChannelBusy(Exception):
    """The channel already holds a game in its lobby or in play."""


class GameRow(BaseModel):
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    host_id: int
    status: Status
    options: dict[str, Any]
    players: list[int]
    seed: int | None
    state: str | None
    version: int
    lobby_message_id: int | None
    announced: list[tuple[int, int]] = []
    """The (seat, decision) pairs the channel was last shown as owed: they are not pinged
    again, while a seat with a new decision is."""
    living: dict[str, Any] | None = None
    """The turn message being edited in place (see `posts.Living`), if any."""
    player_names: dict[str, str] = {}
    """Each player's display name by user id, as they last showed it to the bot."""
    channel_failures: int = 0
    closed_reason: str | None = None
    pace: dict[str, Any] = {}
    paused_at: str | None = None


SYSTEM_USER = 0
"""User id logged for actions the bot takes itself: a default played for an absent player (a
host's force, a deadline or turn limit, a vacation). No Discord user has this id."""
IMPORTED_USER = -1
"""User id logged for a move read from a record file that was a player's own choice: the
player is not known here (a record names nobody), and the move was no default."""


class LoggedAction(BaseModel):
    seq: int
    seat: int
    user_id: int
    action: str
    reversible: bool = False

    @property
    def absent(self) -> bool:
        """A default the bot played for an absent player, which the game is told on replay
        (`history.Entry`): the log needs no column of its own, since the bot logs exactly those
        moves, and no other, under `SYSTEM_USER`."""
        return self.user_id == SYSTEM_USER


# ----- publication --------------------------------------------------------------------------
class Post(BaseModel):
    """Something the channel (or one player's DMs) must be told, decided when the change commits.

    `body` holds what is known at commit time (the narration, who was already waiting); how it
    is cut into messages is decided once, when it is first sent, and kept in `pieces`.
    """

    kind: PostKind
    recipient: int | None = None
    body: dict[str, Any]


class OutboxRow(Post):
    id: int
    game_id: int
    seq: int
    state: Literal["pending", "sending", "sent", "undeliverable"]
    pieces: list[dict[str, Any]] | None
    parts_sent: int
    attempts: int
    created_at: datetime
    sending_at: datetime | None
    message_ids: list[int] = []
    """The messages already sent for this post (by an attempt a crash may have cut short)."""


# ----- keeping games moving -----------------------------------------------------------------
class DueWait(BaseModel):
    """A seat the sweep must look at: a reminder or a limit of its wait has come."""

    game_id: int
    seat: int
    channel_id: int


class Rewind(BaseModel):
    """A rewind the host asked for, open until every player agrees or one refuses."""

    id: int
    game_id: int
    seqs: list[int]
    version: int
    asked_by: int
    agreed: list[int]
    state: Literal["open", "done", "refused", "stale"]


# ----- the record of a game -----------------------------------------------------------------
class Told(BaseModel):
    """One thing the channel was told of a game: an outbox row addressed to the channel."""

    id: int
    seq: int
    kind: str
    text: str
    to: int | None = None
    """The one player a notice is meant for (`posts.notice`), or None: meant for everyone."""

    @staticmethod
    def words(kind: str, body: dict[str, Any]) -> str:
        """A channel post's words as stored: a turn's narration, or a notice."""
        return str(body.get("header" if kind == "turn" else "text", ""))


class Waiting(BaseModel):
    """A seat a listed game waits for."""

    seat: int
    user_id: int
    since: datetime
    out_of_turn: bool


class ListedGame(BaseModel):
    """A lobby or running game of a server, as `/game list` shows it."""

    game_id: int
    channel_id: int
    game: str
    status: str
    players: list[int]
    waiting: list[Waiting] = []


class OwedGame(BaseModel):
    """A running game where one person owes a decision, as `/game mine` shows it."""

    game_id: int
    channel_id: int
    guild_id: int | None
    game: str
    since: datetime
    seats: int
    out_of_turn: bool
    """Every decision they owe there is asked out of turn (a consent, a card window)."""
