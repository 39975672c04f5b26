"""Computer seats at a table: who they are in a game's list of players.

A computer takes a seat as a player whose user id no Discord user can have: a negative number,
odd for the casual level and even for the strong one, a new one for each computer seated so
that every seat keeps a holder of its own (a person who holds several seats is one id; two
computers are two). Everything else about a seat (its waits, its log entries, what the table
is told) works as for a person; the places that would ping, mention or message a person ask
`level_of` first."""

from __future__ import annotations

from collections.abc import Iterable

from engine.computer import Level
from engine.messages import ENGLISH, Msg, m, say

LEVELS = (Level.CASUAL, Level.STRONG)


def level_of(user_id: int | None) -> Level | None:
    """The level of the computer with this id; None for a person (or no one)."""
    if user_id is None or user_id >= 0:
        return None
    return LEVELS[(-user_id + 1) % 2]


def is_computer(user_id: int | None) -> bool:
    return level_of(user_id) is not None


def new_id(level: Level, players: Iterable[int]) -> int:
    """An id for one more computer of `level` at a table whose players are `players`."""
    taken = set(players)
    n = -1 if level is Level.CASUAL else -2
    while n in taken:
        n -= 2
    return n


def label(user_id: int, language: str = ENGLISH) -> str:
    """How the table names a computer seat's holder, in its `language`."""
    return say(holder(user_id), language)


def holder(user_id: int) -> Msg:
    """A computer seat's holder by its level, as a message."""
    level = level_of(user_id)
    assert level is not None
    return m("bot.computer.holder", level=m(f"bot.computer.level.{level.value}"))


def people(user_ids: Iterable[int]) -> list[int]:
    """The ids of people among `user_ids`: who may be pinged or sent a message."""
    return [u for u in user_ids if not is_computer(u)]
