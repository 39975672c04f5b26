"""The one error the rules raise: kept apart so that every engine module can refuse an action
without importing the contract that builds on them."""

from __future__ import annotations

from engine.messages import Msg, lift, say


class IllegalAction(ValueError):
    """An action the rules refuse. `msg` says why, for the player who tried it, in whatever
    language the client shows it; `str()` of the error is the English, for logs and tests."""

    def __init__(self, msg: Msg | str) -> None:
        lifted = lift(msg)
        assert isinstance(lifted, Msg)
        self.msg: Msg = lifted
        super().__init__(say(lifted))
