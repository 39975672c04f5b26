"""How the bot writes its log: plain lines for a person at a terminal, or one JSON object per
line (`LOG_FORMAT=json`) for a log collector that indexes fields.

A JSON line carries the game and the channel a line is about as fields of their own
(`game_id`, `channel_id`), so an operator can pull out one table's history without parsing
sentences. They come from `extra={...}` on the call, or else from `about(...)`, which the
entries into a table (a command's handling, a game's publication, a due wait) wrap around their
work: every line logged inside, by the bot or by discord.py, names them.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any, Literal

LogFormat = Literal["text", "json"]
FIELDS = ("game_id", "channel_id")
"""What a line may be about, as JSON fields."""
TEXT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_about: ContextVar[dict[str, int]] = ContextVar("log_about", default={})  # noqa: B039


@contextmanager
def about(**ids: int | None) -> Iterator[None]:
    """Name the game or channel that every line logged inside is about (None: not known)."""
    token = _about.set({**_about.get(), **{k: v for k, v in ids.items() if v is not None}})
    try:
        yield
    finally:
        _about.reset(token)


class JsonLines(logging.Formatter):
    """One JSON object per record: time (UTC, ISO 8601), level, logger, message, the ids the
    line is about, and the traceback as one string field when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        context = _about.get()
        for name in FIELDS:
            value = getattr(record, name, None)
            value = context.get(name) if value is None else value
            if value is not None:
                line[name] = value
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def configure(level: int, form: LogFormat) -> None:
    """Send every logger's lines to stderr in `form`, at `level` and above."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonLines() if form == "json" else logging.Formatter(TEXT))
    logging.basicConfig(level=level, handlers=[handler], force=True)
