"""How noisy a game channel is over whole scripted games: `python -m tests.bench.channel`.

Plays complete games of every registered game, with 3 players where the game allows (else its
fewest; `--all-counts`: its fewest and the next count as well), through the loopback stand-in
with the demo's players (the game's own, `engine.players`; secret orders written and submitted
as players do), each game in a fresh stand-in and database, seeds `--seed`, `--seed + 1`, ...
Prints one row per game, then the median of each figure per configuration (medians of the
per-game ratios, not ratios of medians).

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

Time passes as at a real table: before each move the bot's clock (`Session.now`, its
`tables.clock`) moves on by the player's think time and the due sweep runs once, as the bot's
loop would; `--pace live` (the default) makes each move 0.5-5 minutes after the previous one,
`--pace post` 1-12 hours, drawn from the game's seed. Per game turn (`Game.turn_number`):
new channel messages, pings per player, full boards (`board.png` attachments; the step pictures
are `step.png`) shown while the game is played (the game's end shows the final position whole,
once a game, printed apart as "end boards"), and the waits whose player had to act without
being told (`tests.bench.channel_accounting`). The targets of a calm channel are printed for each
configuration, "met" or "NOT met".
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import re
import statistics
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.table.model import Table
from bot.table.pace import Pace
from engine import ActionBase
from engine.games import REGISTRY
from tests.bench import channel_accounting as acct
from tests.bot.driver import play_until_over, seated
from tests.bot.harness import Session
from tests.standin.model import DM, LOADING, MessageRecord, snowflake

NAMES = ["ana", "ben", "cy", "dee", "eve", "fay"]
CONFIGS = [(g, n) for g, game in sorted(REGISTRY.items()) for n in game.player_counts[:2]]
TARGET_CONFIGS = [
    (g, 3 if 3 in game.player_counts else min(game.player_counts))
    for g, game in sorted(REGISTRY.items())
]
"""The configurations the targets are for: 3 players where the game allows."""
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif")
BOARD_FILE = re.compile(r"^board\b", re.IGNORECASE)
"""A full board's file name (`bot.discord.drawing`); a step's picture is `step.png`."""
TURN_DM = re.compile(r"your (move|turn)", re.IGNORECASE)
"""A DM that tells its player they must act (a reminder, or a turn notice they asked for);
a DM of secret information does not."""
PACES = {"live": (0.5 / 60, 5 / 60), "post": (1.0, 12.0)}
"""Hours between one move and the next: a table playing live, or by post."""
TURN_FIELDS = ("turn", "night", "round")
"""State fields that count game turns, for an engine without `Game.turn_number`."""

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
    boards: int = 0
    end_boards: int = 0
    """Full boards of the game's end (messages after its last move): the final position, shown
    once a game whatever its length, so not a game turn's board."""
    turns: int = 1
    factions: int = 0
    turn_source: str = ""
    waits: int = 0
    untold: int = 0
    repeated: int = 0
    untold_examples: list[str] = field(default_factory=list)
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

    def per_turn(self) -> dict[str, float | None]:
        """The figures the targets are set on, by column name."""
        return {
            "turns": self.turns,
            "msgs/turn": acct.per_turn(self.posts, self.turns),
            "pings/plr/turn": acct.per_turn(self.pings / self.players, self.turns),
            "boards/turn": acct.per_turn(self.boards - self.end_boards, self.turns),
            "end boards": self.end_boards,
            "writes/act": (self.posts + self.edits) / max(self.actions, 1),
            "waits": self.waits,
            "untold": self.untold,
        }


def turn_of(table: Table) -> tuple[int | None, str]:
    """The game turn the table is in, and where that number came from; None when only the
    actions can stand for turns."""
    state: Any = table.state
    counter = getattr(table.game, "turn_number", None)
    if counter is not None:
        try:
            return int(counter(state)), "Game.turn_number"
        except NotImplementedError:
            pass
    for name in TURN_FIELDS:
        if isinstance(getattr(state, name, None), int):
            return int(getattr(state, name)), f"state.{name} (no Game.turn_number)"
    return None, "actions (no Game.turn_number)"


class Watch:
    """Wraps a driver policy to look at the game before each move: the `acct.Move` it is
    (clock, seats owing, holders, turn), and card windows and nights, for a game whose state
    has them (Bloc by Bloc)."""

    def __init__(self, inner: Policy, session: Session) -> None:
        self.inner = inner
        self.session = session
        self.moves: list[acct.Move] = []
        self.turn_source = ""
        self.windows = 0
        self.window_moves = 0
        self.nights = 0
        self._open: set[str] = set()

    def __call__(self, table: Table) -> tuple[int, ActionBase]:
        seat, action = self.inner(table)
        state: Any = table.state
        owed = frozenset(table.prompts())
        turn, self.turn_source = turn_of(table)
        holders = {s: table.holder(s) for s in owed | {seat}}
        number = len(self.moves) if turn is None else turn
        self.moves.append(acct.Move(self.session.now, seat, owed, holders, snowflake(), number))
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


def _says_turn(m: MessageRecord) -> bool:
    texts = [m.content] + [str(e.get("description", "")) for e in m.embeds]
    return any(TURN_DM.search(t) for t in texts)


def count_channel(
    session: Session, figures: Figures, player_ids: set[int], end: int
) -> list[acct.Tell]:
    """Fill in what the channel and the DMs showed; return what told a player to act: each
    ping in the channel and each DM saying it is their move, where it falls in time. `end`:
    the mark of the game's last move, after which new messages tell the game's end."""
    world = session.standin.world
    bot_id = session.standin.bot.id
    ours = [
        m
        for m in session.standin.messages(session.channel, include_deleted=True)
        if m.author_id == bot_id
    ]
    figures.posts = len(ours)
    images: set[str] = set()
    boards: set[str] = set()
    end_boards: set[str] = set()
    tells: list[acct.Tell] = []
    for m in ours:
        # A snapshot still flagged LOADING is the deferred "thinking" reply being filled in:
        # Discord shows that as the message appearing, not as an edit.
        figures.edits += sum(1 for h in m.history if not int(h.get("flags") or 0) & LOADING)
        for version in _versions(m):
            for a in version:
                name = str(a.get("filename", "")).lower()
                if name.endswith(IMAGE_SUFFIXES):
                    images.add(str(a["id"]))
                    if BOARD_FILE.match(name):
                        boards.add(str(a["id"]))
                        if m.id > end:
                            end_boards.add(str(a["id"]))
        pinged = [i for i in m.pinged_ids if i in player_ids]
        figures.pings += len(pinged)
        tells += [acct.Tell(i, m.id) for i in pinged]
    figures.images = len(images)
    figures.boards = len(boards)
    figures.end_boards = len(end_boards)
    for ch in list(world.channels.values()):
        if ch.type == DM and ch.recipient_id in player_ids:
            log = [m for m in world.channel_log.get(ch.id, []) if m.author_id == bot_id]
            figures.dms += len(log)
            tells += [acct.Tell(ch.recipient_id, m.id) for m in log if _says_turn(m)]
    if session.standin.violations:
        figures.problems.append(f"{len(session.standin.violations)} Discord limit violations")
    return tells


def grace(table: Table) -> timedelta:
    """The table's ping grace period, where its settings have one."""
    minutes = getattr(Pace.model_validate(table.row.pace), "ping_grace_minutes", None)
    return acct.DEFAULT_GRACE if minutes is None else timedelta(minutes=float(minutes))


async def play(game: str, players: int, seed: int, pace: str, **options: str) -> Figures:
    """One whole game through the stand-in, its channel counted; `options` as the host picks
    them in the lobby."""
    think = random.Random(f"{game}:{players}:{seed}:{pace}")
    low, high = PACES[pace]

    with tempfile.TemporaryDirectory() as tmp:
        async with Session(Path(tmp) / "bench.sqlite3") as session:

            async def pass_time(_: int) -> None:
                await session.advance(think.uniform(low, high))

            people = [session.user(n) for n in NAMES[:players]]
            figures = Figures(game, players, seed, "own players")
            start = acct.Start(session.now, snowflake())
            users = await session.open_game(game, *people, seed=seed, **options)
            watch = Watch(seated(seed), session)
            await play_until_over(session, users, watch, max_steps=5000, before_step=pass_time)
            if watch.windows or watch.nights:
                figures.windows = watch.windows
                figures.window_moves = watch.window_moves
                figures.nights = watch.nights
            await session.standin.wait_idle(quiet=0.3, timeout=20)
            assert session.bot is not None
            log = await session.bot.tables.store.action_log(session.game_id)
            figures.actions = len(log)
            end = watch.moves[-1].mark if watch.moves else start.mark
            tells = count_channel(session, figures, {u.id for u in people}, end)
            table = await session.bot.tables.by_id(session.game_id)
            assert table is not None and table.state is not None
            figures.factions = len(table.state.seat_names)
            figures.turns = acct.turns_played(watch.moves)
            waits = acct.count_waits(start, watch.moves, tells, grace(table))
            figures.waits, figures.untold = waits.total, waits.untold
            figures.repeated = waits.repeated
            figures.untold_examples = waits.examples
            figures.turn_source = watch.turn_source
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
TURN_COLUMNS = [
    ("turns", "{:.0f}"),
    ("msgs/turn", "{:.2f}"),
    ("pings/plr/turn", "{:.2f}"),
    ("boards/turn", "{:.2f}"),
    ("end boards", "{:.0f}"),
    ("writes/act", "{:.2f}"),
    ("waits", "{:.0f}"),
    ("untold", "{:.0f}"),
]
FIRST = 40
Columns = list[tuple[str, str]]


def row(name: str, values: dict[str, float | None], columns: Columns = COLUMNS) -> str:
    cells = []
    for column, fmt in columns:
        value = values[column]
        text = "-" if value is None else fmt.format(value)
        cells.append(text.rjust(max(len(column), 6)))
    return f"{name:<{FIRST}}" + " ".join(cells)


def header(title: str, columns: Columns = COLUMNS) -> str:
    return f"{title:<{FIRST}}" + " ".join(c.rjust(max(len(c), 6)) for c, _ in columns)


def medians(
    values: list[dict[str, float | None]], columns: Columns = COLUMNS
) -> dict[str, float | None]:
    found: dict[str, float | None] = {}
    for column, _ in columns:
        present = [v for g in values if (v := g[column]) is not None]
        found[column] = statistics.median(present) if present else None
    return found


def verdicts(game: str, games: list[Figures]) -> list[acct.Target]:
    """The targets on the medians of a configuration's games; untold waits summed over them,
    as none may happen in any game."""
    middle = medians([g.per_turn() for g in games], TURN_COLUMNS)
    return acct.targets(
        game,
        games[0].factions,
        messages_per_turn=middle["msgs/turn"] or 0,
        pings_per_player_per_turn=middle["pings/plr/turn"] or 0,
        boards_per_turn=middle["boards/turn"] or 0,
        writes_per_action=middle["writes/act"] or 0,
        untold=sum(g.untold for g in games),
    )


async def run(games: int, seed: int, only: list[str], pace: str, all_counts: bool) -> None:
    low, high = PACES[pace]
    span = f"{low:g}-{high:g} hours" if low >= 1 else f"{low * 60:g}-{high * 60:g} minutes"
    print(
        f"time model: --pace {pace}, each move {span} after the previous (seeded); "
        "the due sweep runs before each move",
        flush=True,
    )
    chosen = CONFIGS if all_counts else TARGET_CONFIGS
    configs = [(g, p) for g, p in chosen if not only or g in only]
    results: list[Figures] = []
    print(header("game (seed)"), flush=True)
    for game, players in configs:
        for n in range(games):
            figures = await play(game, players, seed + n, pace)
            results.append(figures)
            name = f"{figures.config} {figures.label} ({figures.seed})"
            print(row(name, figures.values()), flush=True)
            for problem in figures.problems:
                print(f"  ! {problem}", flush=True)
    print()
    print(header(f"median of {games} game(s)"))
    for game, players in configs:
        rows = [f.values() for f in results if (f.game, f.players) == (game, players)]
        print(row(f"{game} {players}p", medians(rows)))
    print()
    print(header("per game turn (seed)", TURN_COLUMNS))
    for f in results:
        name = f"{f.config} ({f.seed})"
        print(row(name, f.per_turn(), TURN_COLUMNS))
        print(f"  turns counted from {f.turn_source}")
        for example in f.untold_examples:
            print(f"  untold: {example}")
    for game, players in configs:
        mine = [f for f in results if (f.game, f.players) == (game, players)]
        print(f"\ntargets, {game} {players}p (medians of {games} game(s)):")
        for target in verdicts(game, mine):
            print("  " + target.line())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="games per configuration")
    parser.add_argument("--seed", type=int, default=4, help="seed of the first game")
    parser.add_argument(
        "--only", nargs="*", default=[], help="game ids to play (default: every configuration)"
    )
    parser.add_argument(
        "--pace", choices=sorted(PACES), default="live", help="think time between moves"
    )
    parser.add_argument(
        "--all-counts",
        action="store_true",
        help="also each game's fewest players and the next count, not only 3 players",
    )
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    asyncio.run(run(args.games, args.seed, args.only, args.pace, args.all_counts))


if __name__ == "__main__":
    main()
