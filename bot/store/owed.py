"""The command whose answer a task owes, and the rows a previous run left owed.

Every write made on behalf of a player's command marks that command's row (`bot.store.answers`)
in its own transaction. The mark reads the command from `OWED`, a context variable the
interaction's task sets, so no use case can forget to pass it along (every path into the store
is covered, whichever module made it).
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, field


@dataclass
class Owed:
    """The command being worked on in this task, and what this process knows of its row."""

    interaction_id: int
    changed: bool = False
    """A committed write has marked the row already: later writes need not mark it again."""
    answered: bool = False
    """An answer reached the player, so the row may go."""
    marking: bool = False
    """The write under way has marked the row; it counts once that write commits."""

    def settled(self, committed: bool) -> None:
        """A write's transaction ended: its mark stands if it committed."""
        self.changed = self.changed or (committed and self.marking)
        self.marking = False


OWED: ContextVar[Owed | None] = ContextVar("owed_answer", default=None)
"""The command whose answer the current task owes; None outside a command's handling."""


@dataclass(frozen=True)
class PendingAnswer:
    """A row a previous run left behind: whom to tell, with what token, and what happened."""

    interaction_id: int
    application_id: int
    token: str = field(repr=False)
    """Lets the bot edit the player's reply; a secret of sorts, so never shown in logs."""
    channel_id: int
    user_id: int
    language: str | None
    """The language the asker read when the command came in; None from before it was kept."""
    changed: bool
    game_id: int | None
    first_seq: int | None
    last_seq: int | None
