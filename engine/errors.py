"""The one error the rules raise: kept apart so that every engine module can refuse an action
without importing the contract that builds on them."""

from __future__ import annotations

import re

from pydantic import ValidationError

from engine.messages import Msg, lift, m, say
from engine.words import quoted


class IllegalAction(ValueError):
    """An action the rules refuse. `msg` says why, for the player who tried it, in whatever
    language the client shows it; `str()` of the error is the English, for logs and tests."""

    def __init__(self, msg: Msg | str) -> None:
        lifted = lift(msg)
        assert isinstance(lifted, Msg)
        self.msg: Msg = lifted
        super().__init__(say(lifted))


def readable(exc: ValidationError) -> Msg:
    """Validation errors as a player reads them: what is wrong where, repeating at most a short
    excerpt of what they typed, never a Python repr."""
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"] if not isinstance(p, int))
        if err["type"] == "union_tag_invalid":
            ctx = err.get("ctx", {})
            tags = str(ctx.get("expected_tags", "")).replace("'", "")
            parts.append(m("core.no_such_action", typed=quoted(ctx.get("tag")), choices=tags))
            continue
        msg = err["msg"]
        if err["type"] == "value_error":
            msg = msg.removeprefix("Value error, ")
        else:
            msg = re.sub(r"'([^']*)'", lambda m: quoted(m.group(1)), msg)
        parts.append(
            m("core.invalid_field", field=where, problem=msg)
            if where
            else m("core.invalid", problem=msg)
        )
    said = parts[0]
    for part in parts[1:]:
        said = m("core.problems", first=said, then=part)
    return said
