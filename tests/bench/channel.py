"""How noisy a game channel is over whole scripted games: `python -m tests.bench.channel`.

Plays complete games of every registered game, with its fewest players and the next count,
through the loopback stand-in with the demo's players (the game's own, `engine.players`; secret
orders written and submitted as players do), each game in a fresh stand-in and database, seeds
`--seed`, `--seed + 1`, ... Prints one row per game, then the median of each
figure per configuration (medians of the per-game ratios, not ratios of medians).

Everything about the channel is counted from what the stand-in recorded, i.e. what Discord
would have shown, from `/game new` to the end (the lobby included):
- actions: entries in the game's action log;
- posts: messages the bot created in the game channel (interaction replies and follow-ups
  included, ephemeral ones not; a deferred reply counts once, when it is filled in);
- images: distinct image attachments the channel showed, whether posted or swapped in by an edit;
- edits: every later change to one of those messages (PATCH of a channel message or of an
  interaction's @original, a button's in-place UPDATE_MESSAGE answer, buttons retired);
- writes/action: (posts + edits) / actions;
- pings: notifications Discord would send to the players from channel messages
  (`MessageRecord.pinged_ids`), per player and per action (all players together);
- DMs/player: messages the bot sent to each player's DMs.
For games with card windows and nights (Bloc by Bloc), read from the game state before each
move (the one thing not seen on the wire): windows = card windows opened (a `pending` entry of
kind "window" that was not pending before the previous move), window moves = moves made by a
seat a window was waiting on, nights = the last night anyone moved in, and pings per player per
night.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.table.model import Table
from engine import ActionBase
from engine.games import REGISTRY
from tests.bot.driver import play_until_over, seated
from tests.bot.harness import Session
from tests.standin.model import DM, LOADING, MessageRecord

NAMES = ["ana", "ben", "cy", "dee", "eve", "fay"]
CONFIGS = [(g, n) for g, game in sorted(REGISTRY.items()) for n in game.player_counts[:2]]
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif")

Policy = Callable[[Table], tuple[int, ActionBase]]


@dataclass
class Figures:
    game: str
    players: int
    seed: int
    label: str
    actions: int = 0
    posts: int = 0
    images: int = 0
    edits: int = 0
    pings: int = 0
    dms: int = 0
    windows: int | None = None
    window_moves: int | None = None
    nights: int | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def config(self) -> str:
        return f"{self.game} {self.players}p"

    def values(self) -> dict[str, float | None]:
        """Every printed figure, by column name."""
        actions = max(self.actions, 1)
        per_night = None
        if self.nights:
            per_night = self.pings / self.players / self.nights
        return {
            "actions": self.actions,
            "posts": self.posts,
            "images": self.images,
            "edits": self.edits,
            "writes/act": (self.posts + self.edits) / actions,
            "pings/plr": self.pings / self.players,
            "pings/act": self.pings / actions,
            "DMs/plr": self.dms / self.players,
            "windows": self.windows,
            "win.moves": self.window_moves,
            "nights": self.nights,
            "pings/plr/night": per_night,
        }


class Watch:
    """Wraps a driver policy to look at the game state before each move: card windows and
    nights, for a game whose state has them (Bloc by Bloc)."""

    def __init__(self, inner: Policy) -> None:
        self.inner = inner
        self.windows = 0
        self.window_moves = 0
        self.nights = 0
        self._open: set[str] = set()

    def __call__(self, table: Table) -> tuple[int, ActionBase]:
        seat, action = self.inner(table)
        state: Any = table.state
        windows = [p for p in getattr(state, "pending", []) if getattr(p, "kind", "") == "window"]
        steps = {str(getattr(w, "step", "")) for w in windows}
        self.windows += len(steps - self._open)
        self._open = steps
        if any(seat in getattr(w, "waiting", []) for w in windows):
            self.window_moves += 1
        self.nights = max(self.nights, int(getattr(state, "night", 0)))
        return seat, action


def _versions(m: MessageRecord) -> list[list[dict[str, Any]]]:
    """The attachments of every version of the message, oldest first."""
    current = [{"id": str(a.id), "filename": a.filename} for a in m.attachments]
    return [h.get("attachments", []) for h in m.history] + [current]


def count_channel(session: Session, figures: Figures, player_ids: set[int]) -> None:
    world = session.standin.world
    bot_id = session.standin.bot.id
    ours = [
        m
        for m in session.standin.messages(session.channel, include_deleted=True)
        if m.author_id == bot_id
    ]
    figures.posts = len(ours)
    images: set[str] = set()
    for m in ours:
        # A snapshot still flagged LOADING is the deferred "thinking" reply being filled in:
        # Discord shows that as the message appearing, not as an edit.
        figures.edits += sum(1 for h in m.history if not int(h.get("flags") or 0) & LOADING)
        for version in _versions(m):
            for a in version:
                if str(a.get("filename", "")).lower().endswith(IMAGE_SUFFIXES):
                    images.add(str(a["id"]))
        figures.pings += sum(1 for i in m.pinged_ids if i in player_ids)
    figures.images = len(images)
    for ch in list(world.channels.values()):
        if ch.type == DM and ch.recipient_id in player_ids:
            log = world.channel_log.get(ch.id, [])
            figures.dms += sum(1 for m in log if m.author_id == bot_id)
    if session.standin.violations:
        figures.problems.append(f"{len(session.standin.violations)} Discord limit violations")


async def play(game: str, players: int, seed: int) -> Figures:
    with tempfile.TemporaryDirectory() as tmp:
        async with Session(Path(tmp) / "bench.sqlite3") as session:
            people = [session.user(n) for n in NAMES[:players]]
            figures = Figures(game, players, seed, "own players")
            users = await session.open_game(game, *people, seed=seed)
            watch = Watch(seated(seed))
            await play_until_over(session, users, watch, max_steps=5000)
            if watch.windows or watch.nights:
                figures.windows = watch.windows
                figures.window_moves = watch.window_moves
                figures.nights = watch.nights
            await session.standin.wait_idle(quiet=0.3, timeout=20)
            assert session.bot is not None
            log = await session.bot.tables.store.action_log(session.game_id)
            figures.actions = len(log)
            count_channel(session, figures, {u.id for u in people})
    return figures


COLUMNS = [
    ("actions", "{:.0f}"),
    ("posts", "{:.0f}"),
    ("images", "{:.0f}"),
    ("edits", "{:.0f}"),
    ("writes/act", "{:.2f}"),
    ("pings/plr", "{:.1f}"),
    ("pings/act", "{:.2f}"),
    ("DMs/plr", "{:.1f}"),
    ("windows", "{:.0f}"),
    ("win.moves", "{:.0f}"),
    ("nights", "{:.0f}"),
    ("pings/plr/night", "{:.1f}"),
]
FIRST = 40


def row(name: str, values: dict[str, float | None]) -> str:
    cells = []
    for column, fmt in COLUMNS:
        value = values[column]
        text = "-" if value is None else fmt.format(value)
        cells.append(text.rjust(max(len(column), 6)))
    return f"{name:<{FIRST}}" + " ".join(cells)


def header(title: str) -> str:
    return f"{title:<{FIRST}}" + " ".join(c.rjust(max(len(c), 6)) for c, _ in COLUMNS)


def medians(games: list[Figures]) -> dict[str, float | None]:
    found: dict[str, float | None] = {}
    for column, _ in COLUMNS:
        values = [v for g in games if (v := g.values()[column]) is not None]
        found[column] = statistics.median(values) if values else None
    return found


async def run(games: int, seed: int, only: list[str]) -> None:
    configs = [(g, p) for g, p in CONFIGS if not only or g in only]
    results: list[Figures] = []
    print(header("game (seed)"), flush=True)
    for game, players in configs:
        for n in range(games):
            figures = await play(game, players, seed + n)
            results.append(figures)
            name = f"{figures.config} {figures.label} ({figures.seed})"
            print(row(name, figures.values()), flush=True)
            for problem in figures.problems:
                print(f"  ! {problem}", flush=True)
    print()
    print(header(f"median of {games} game(s)"))
    for game, players in configs:
        mine = [f for f in results if (f.game, f.players) == (game, players)]
        print(row(f"{game} {players}p", medians(mine)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="games per configuration")
    parser.add_argument("--seed", type=int, default=4, help="seed of the first game")
    parser.add_argument(
        "--only", nargs="*", default=[], help="game ids to play (default: every configuration)"
    )
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    asyncio.run(run(args.games, args.seed, args.only))


if __name__ == "__main__":
    main()
