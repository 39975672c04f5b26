"""A loopback Discord stand-in that a real discord.py bot logs into, for end-to-end tests.

See ``StandIn`` for the test-facing API; records live in ``model`` and ``interaction``.
"""

from .api import GuildInfo, StandIn
from .faults import Fault
from .interaction import InteractionRecord
from .model import (
    AttachmentRecord,
    CallbackRecord,
    ChannelRecord,
    MessageRecord,
    UserRecord,
    Violation,
)
from .waiting import StandInTimeout

__all__ = [
    "AttachmentRecord",
    "CallbackRecord",
    "ChannelRecord",
    "Fault",
    "GuildInfo",
    "InteractionRecord",
    "MessageRecord",
    "StandIn",
    "StandInTimeout",
    "UserRecord",
    "Violation",
]
