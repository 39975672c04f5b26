"""`python -m tests.bench.move_path`: what one typed move costs the bot, counted, not timed.

Plays a Not On My Block game through the real bot and the loopback stand-in, then traces one
`/nomb place` from the moment the player sends it until the channel shows it and the player has
their answer. It prints how many bot modules the move entered, how often the path switched from
one bot module to another, how many calls it made into the store, and how many times the game's
prompts were computed; then it checks them against the targets a move path short enough to
follow should meet.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from tests.bot.harness import Session

BACKGROUND = {"bot.discord.health", "bot.discord.collector"}
"""The event-loop lag monitor wakes up on its own while the move runs, and asks the collector
whether the process grew; neither is the move."""

TARGETS = {"bot modules": 10, "store calls": 7, "prompts computed": 2}
"""The most a move may take of each."""


@dataclass
class Trace:
    """Python calls seen while tracing, by what the move path is made of."""

    modules: Counter[str] = field(default_factory=Counter)
    switches: int = 0
    store_calls: Counter[str] = field(default_factory=Counter)
    prompts: int = 0
    trips: int = 0
    """Calls run on SQLite's connection thread, each a round trip from the event loop."""
    _last: str = ""
    _entered: set[FrameType] = field(default_factory=set)

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event != "call" or frame in self._entered:
            return  # a coroutine resuming is not a new call
        self._entered.add(frame)
        module = frame.f_globals.get("__name__", "")
        code = frame.f_code
        if code.co_name == "_prompts" and module.startswith("engine.games."):
            self.prompts += 1  # a game working out its prompts, whoever asked
        if module == "aiosqlite.core" and code.co_name == "_execute":
            self.trips += 1
        if not module.startswith("bot.") or module in BACKGROUND:
            return
        self.modules[module] += 1
        if self._last and module != self._last:
            self.switches += 1
        caller = frame.f_back
        caller_module = caller.f_globals.get("__name__", "") if caller else ""
        entering = module.startswith("bot.store.") and not caller_module.startswith("bot.store.")
        if entering and not code.co_name.startswith("_") and code.co_flags & 0x80:  # a coroutine
            self.store_calls[code.co_name] += 1
        self._last = module


async def measure() -> Trace:
    with tempfile.TemporaryDirectory() as folder:
        async with Session(Path(folder) / "games.sqlite3") as session:
            host, guest = session.user("Ana"), session.user("Ben")
            players = await session.open_game("not_on_my_block", host, guest, seed=7)
            table = await session.table()
            assert table.state is not None
            seat = next(iter(table.prompts()))
            user = players[table.holder(seat)]
            action = next(
                a for a in table.game.legal_actions(table.state, seat) if a.kind == "place"
            )
            filled = await session.picked(
                user, "nomb", "place", **action.model_dump(exclude={"kind"})
            )
            trace = Trace()
            sys.setprofile(trace)
            try:  # the answer comes once the channel shows the move (it says if it did not)
                record = await session.command(user, "nomb", "place", **filled)
            finally:
                sys.setprofile(None)
            answer = record.reply.content if record.reply else ""
            assert answer.startswith("✅") and "could not" not in answer, answer
            return trace


def main() -> None:
    trace = asyncio.run(measure())
    figures = {
        "bot modules": len(trace.modules),
        "store calls": sum(trace.store_calls.values()),
        "prompts computed": trace.prompts,
    }
    print("One /nomb place, from the command to the channel showing it and the answer:")
    print(
        f"  bot modules entered  {figures['bot modules']:>3}  ({', '.join(sorted(trace.modules))})"
    )
    print(f"  module switches      {trace.switches:>3}")
    store = ", ".join(f"{name}×{n}" for name, n in sorted(trace.store_calls.items()))
    print(f"  store calls          {figures['store calls']:>3}  ({store})")
    print(f"  prompts computed     {figures['prompts computed']:>3}")
    print(f"  trips to SQLite's thread {trace.trips:>3}")
    for name, most in TARGETS.items():
        verdict = "met" if figures[name] <= most else "NOT met"
        print(f"  target {name} ≤ {most}: {verdict}")


if __name__ == "__main__":
    main()
