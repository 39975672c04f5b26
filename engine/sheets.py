"""Order sheets: secret simultaneous orders a seat writes line by line and submits at once, and
the one line of text an `OrderAction` carries them in."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engine.errors import IllegalAction
from engine.messages import Msg, m
from engine.words import quoted


class OrderOption(BaseModel):
    """One way an order line may be filled in: the value the action carries and its label
    (a message, said in each reader's language)."""

    value: str
    label: Msg


class OrderLine(BaseModel):
    """One line of an order sheet, usually one piece: what it may be told to do.

    The first option is what happens when the line is left unwritten (a unit stays put), so an
    empty sheet is always a legal submission. A `locked` line was settled earlier in public (a
    declared order) and has exactly one option."""

    key: str
    label: Msg
    options: list[OrderOption]
    locked: bool = False


class OrderSheet(BaseModel):
    """Orders a seat writes in private, line by line, and may change until it submits them all
    at once: simultaneous secret orders. A client keeps the draft and submits it as one action
    of kind `kind` (an `OrderAction`), so nothing about a draft reaches the log, the channel or
    the other seats; the game decides, when the last seat submits, what is revealed."""

    kind: str
    title: Msg
    lines: list[OrderLine]

    def line(self, key: str) -> OrderLine | None:
        return next((line for line in self.lines if line.key == key), None)

    def written(self, draft: dict[str, str]) -> dict[str, str]:
        """The lines of `draft` that say something (not the default), with the locked lines,
        in the sheet's order: what a submission carries."""
        chosen: dict[str, str] = {}
        for line in self.lines:
            value = line.options[0].value if line.locked else draft.get(line.key)
            if value is not None and (line.locked or value != line.options[0].value):
                chosen[line.key] = value
        return chosen

    def submission(self, draft: dict[str, str]) -> dict[str, Any]:
        """The complete action that submits `draft`."""
        return {"kind": self.kind, "orders": encode_orders(self.written(draft))}


def encode_orders(orders: dict[str, str]) -> str:
    """Orders as one line of text for an `OrderAction`: `key=value` pairs joined by `;`."""
    return ";".join(f"{key}={value}" for key, value in orders.items())


def decode_orders(text: str) -> dict[str, str]:
    """The reverse of `encode_orders`; a malformed or repeated line is refused for the player."""
    orders: dict[str, str] = {}
    for part in filter(None, text.split(";")):
        key, sep, value = part.partition("=")
        if not sep or not key or not value:
            raise IllegalAction(m("core.order_shape", order=quoted(part)))
        if key in orders:
            raise IllegalAction(m("core.order_twice", unit=quoted(key)))
        orders[key] = value
    return orders
