"""What one search found at its root, and how searches run side by side are put together.

A strong computer player may think in several processes at once, each searching the same
decision with its own seed (root parallelism). Each returns a `Tally` of its root choices;
`merge` adds them up and `best` names the choice to play. Tallies are plain pydantic values, so
they cross process boundaries as they are."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel


class Choice(BaseModel):
    """One action open at the root: how often the search tried it and what it brought the
    deciding seat in total (each try worth between 0 and 1)."""

    action: dict[str, Any]
    visits: int = 0
    value: float = 0.0

    @property
    def mean(self) -> float:
        return self.value / self.visits if self.visits else 0.0


class Tally(BaseModel):
    """A search's root: its choices by the action's log text, how many searches went into it,
    and the choice preferred among equals (the casual player's, when there is one)."""

    seat: int
    choices: dict[str, Choice]
    iterations: int = 0
    searches: int = 1
    prior: str | None = None


def merge(tallies: Iterable[Tally]) -> Tally:
    """Several searches of one decision as one: visits and values of each choice added up.
    The first tally's seat and preferred choice are kept (all searched the same decision)."""
    merged: Tally | None = None
    for tally in tallies:
        if merged is None:
            merged = tally.model_copy(deep=True)
            continue
        if tally.seat != merged.seat:
            raise ValueError("tallies of different seats cannot be merged")
        merged.iterations += tally.iterations
        merged.searches += tally.searches
        for key, choice in tally.choices.items():
            mine = merged.choices.setdefault(key, Choice(action=choice.action))
            mine.visits += choice.visits
            mine.value += choice.value
    if merged is None:
        raise ValueError("no tally to merge")
    return merged


def best(tally: Tally) -> str:
    """The key of the choice to play: the most tried (the search's most robust choice), then
    the best on average, then the preferred one, then the first in text order; so the same
    tallies always give the same choice."""
    if not tally.choices:
        raise ValueError("a tally with no choice")
    return min(
        tally.choices,
        key=lambda k: (
            -tally.choices[k].visits,
            -tally.choices[k].mean,
            k != tally.prior,
            k,
        ),
    )


__all__ = ["Choice", "Tally", "best", "merge"]
