"""The one error the rules raise: kept apart so that every engine module can refuse an action
without importing the contract that builds on them."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules refuse. The message is written for the player who tried it."""
