"""Files the bot sends (boards, timelapses, exports) as Discord attachments."""

from __future__ import annotations

import io

import discord


class Attachment(discord.File):
    """`data` sent as a file named `filename`, leaving no reference cycle behind.

    discord.py swaps the buffer's `close` for a no-op while it sends and, once done, sets the
    buffer's own bound method back as an attribute of the buffer: a buffer that refers to
    itself, which only the garbage collector frees. A board is sent with every move, so that
    was a cycle a move for the collector to find. Closing here removes the attribute, which
    leaves `close` what it was (the buffer's own method, looked up on its type)."""

    __slots__ = ()

    def __init__(self, data: bytes, filename: str) -> None:
        super().__init__(io.BytesIO(data), filename=filename)

    def close(self) -> None:
        super().close()
        vars(self.fp).pop("close", None)
