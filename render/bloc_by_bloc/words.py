"""The language the board is being drawn in, and the words of the view said in it.

`render`, `focus` and `phone_overview` take the reader's language and set it here for the time
of one drawing, so the many small drawing helpers say the view's messages without each passing
the language along. A drawing runs start to end in one thread (or one worker process), and a
context variable is private to its thread, so two boards drawn side by side never mix languages.
Whatever is cached with words in it is keyed by the words themselves or by `language()`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from engine.messages import ENGLISH, Arg, Msg, m, say

_LANGUAGE: ContextVar[str] = ContextVar("bloc_board_language", default=ENGLISH)


def language() -> str:
    return _LANGUAGE.get()


@contextmanager
def drawing_in(lang: str) -> Iterator[None]:
    """Draw everything inside the `with` block in `lang`."""
    token = _LANGUAGE.set(lang)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


def said(msg: Msg) -> str:
    """A view's message in the language being drawn."""
    return say(msg, _LANGUAGE.get())


def board(key: str, **args: Arg) -> str:
    """One of the board's own words: `board("night", night=3)` says `bloc.board.night`."""
    return say(m(f"bloc.board.{key}", **args), _LANGUAGE.get())
