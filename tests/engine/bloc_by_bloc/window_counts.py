"""Measurement: how often the sunrise card windows ask the table, over seeded random games.

Run with `python -m tests.engine.bloc_by_bloc.window_counts [games] [players]`. Not a test: it
prints figures (the package README keeps them, before and after the sunrise card redesign).
Every game is played by the random playout policy (`playout.random_move`), four ways:

- `random`: standing choices as a new game starts them, every prompt answered by the policy;
- `defaults`: the policy on a faction's own turn, every out-of-turn prompt left to its default
  (`defaults.default_action`), as at a table where nobody answers out of turn;
- `ask`, `ask+defaults`: the same, every faction having chosen `/bloc prefer sunrise ask` at
  the start (before that choice existed, every faction was always asked: then these are the
  first two again).

`window_counts` plays one game and is also used by the tests.
"""

from __future__ import annotations

import random
import statistics
import sys
from dataclasses import dataclass, field

from engine.core import Event, IllegalAction
from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.actions import Prefer
from engine.games.bloc_by_bloc.content.load import load_content
from engine.games.bloc_by_bloc.state import BlocState, CardWindow
from tests.engine.bloc_by_bloc.playout import random_move
from tests.engine.defaults import default_action

WAYS = ("random", "defaults", "ask", "ask+defaults")
SUNRISE_CARDS = [
    c.name for c in load_content().loot.values() if c.timing in ("police_repression", "liberation")
]


@dataclass
class WindowCounts:
    """What one game's card windows asked."""

    seats: int
    nights: int = 0
    windows: int = 0
    """Card windows opened (each asks at least one seat)."""
    asked: int = 0
    """Seat prompts across those windows (a window asking three factions counts three)."""
    by_step: dict[str, int] = field(default_factory=dict)
    idle: int = 0
    """Windows in which no seat asked held a card it could play or set aside."""
    per_night: dict[tuple[int, int], int] = field(default_factory=dict)
    """(night, seat) -> window prompts that seat had that night."""
    sunrise_plays: int = 0
    """Sunrise cards (Shields, Lock-on Chains, Banners) played, in a window or set aside."""

    def per_seat_night(self) -> float:
        return self.asked / (self.seats * max(self.nights, 1))

    def most_per_seat_night(self) -> int:
        return max(self.per_night.values(), default=0)


def window_counts(seed: int, players: int = 4, way: str = "random") -> WindowCounts:
    """Play one seeded random game the given way, counting each card window once, when it
    first shows."""
    rnd = random.Random(seed)
    mode = "semi_cooperative" if players > 2 else "fully_cooperative"
    state = GAME.setup(GAME.make_options(players, mode=mode), seed)
    if way.startswith("ask"):
        try:
            for seat in range(state.seats):
                state = GAME.apply(state, seat, Prefer(setting="sunrise", value="ask")).state
        except IllegalAction:
            pass  # rules without the choice: every faction is asked anyway
    counts = WindowCounts(seats=state.seats)
    seen: set[tuple[int, str]] = set()
    while GAME.outcome(state) is None:
        _count(state, counts, seen)
        seat, action = random_move(state, rnd)
        if way.endswith("defaults"):
            waiting = [s for s, p in GAME.prompts(state).items() if p.out_of_turn]
            if waiting:
                seat = min(waiting)
                action = default_action(GAME, state, seat)
        result = GAME.apply(state, seat, action)
        counts.sunrise_plays += _sunrise_plays(result.events)
        state = result.state
    counts.nights = state.night
    return counts


def _count(state: BlocState, counts: WindowCounts, seen: set[tuple[int, str]]) -> None:
    need = state.pending[0] if state.pending else None
    if not isinstance(need, CardWindow):
        return
    key = (state.night, str(need.step))
    if key in seen:
        return
    seen.add(key)
    counts.windows += 1
    counts.asked += len(need.waiting)
    counts.by_step[key[1]] = counts.by_step.get(key[1], 0) + 1
    for seat in need.waiting:
        counts.per_night[state.night, seat] = counts.per_night.get((state.night, seat), 0) + 1
    if not any(a.kind == "card" for s in need.waiting for a in GAME.legal_actions(state, s)):
        counts.idle += 1


def _sunrise_plays(events: list[Event]) -> int:
    return sum(
        1
        for e in events
        if e.seat is None and any(f" play {name}" in e.text for name in SUNRISE_CARDS)
    )


def summary(games: list[WindowCounts], players: int, way: str) -> str:
    med = statistics.median
    steps = sorted({s for g in games for s in g.by_step})
    per_night = sum(g.windows for g in games) / sum(g.nights for g in games)
    return "\n".join(
        [
            f"{way}: {len(games)} random {players}-player games, "
            f"median {med(g.nights for g in games)} nights",
            f"  windows per game: median {med(g.windows for g in games)}, "
            f"mean {statistics.mean(g.windows for g in games):.2f}, "
            f"max {max(g.windows for g in games)}; per night {per_night:.2f}",
            *(
                f"    {s}: mean {statistics.mean(g.by_step.get(s, 0) for g in games):.2f} per game"
                for s in steps
            ),
            f"  windows where no seat asked could use a card: "
            f"{sum(g.idle for g in games)} of {sum(g.windows for g in games)}",
            f"  window prompts per seat per night: median "
            f"{med(g.per_seat_night() for g in games):.2f}, "
            f"mean {statistics.mean(g.per_seat_night() for g in games):.2f}; "
            f"most for one seat in one night: {max(g.most_per_seat_night() for g in games)}",
            f"  sunrise cards played per game: mean "
            f"{statistics.mean(g.sunrise_plays for g in games):.2f}",
        ]
    )


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    for way in WAYS:
        print(summary([window_counts(seed, players, way) for seed in range(n)], players, way))


if __name__ == "__main__":
    main()
