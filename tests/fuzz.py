"""Plays any registered game at random through its public contract alone, and reports what a
table would trip over.

    python -m tests.fuzz --game bloc_by_bloc --games 20 [--seed 7] [--players 3] [--own]

Each game is set up with the game's default options (player counts taken in turn), played by
random players (`engine.players.random_player`; with `--own`, the game's own players) for
`--busy` moves (400), then by defaults alone,
each played for an absent player, as a table nobody answers any more is; the contract says
that always ends a game. Found and reported, with the game's seed and step:

- a crash: anything but `IllegalAction` escaping `setup`, `prompts`, `legal_actions`, `apply`,
  `view` or `outcome`;
- a dead end: nobody is prompted, yet the game has no outcome;
- a refused legal action: `apply` refuses an action that `legal_actions` listed, the prompt's
  default, or a sheet the game's own sampler offered;
- an endless game: still running after `--cap` moves;
- a broken invariant: a prompt without a default; a decision serial that does not move when its
  decision is answered or changed; a view that is not JSON (checked at every fourth position);
  a state that does not come back equal from its JSON; `apply` changing its input; an outcome
  that does not stay once set.

The exit status is 1 when anything was found. The suite runs a short fuzz of every registered
game (`tests/engine/test_fuzz.py`).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import ActionBase, Game, IllegalAction, Prompt
from engine.games import REGISTRY
from engine.players import Player, PlayerFactory, heuristic, pick_seat, random_player, seen
from engine.rng import Rng

Check = Callable[[Any, dict[int | None, Any]], None]
"""A game's own invariants, held to a position and its views (by seat; None: the channel's)."""
BUSY = 400
"""Random moves per game before the defaults take over."""
CAP = 20_000
"""Moves after which a game that has not ended counts as endless."""
VIEW_JSON_EVERY = 4
"""Every seat's view is written as JSON at every fourth position (the views are built and
held to the game's checks at every one). Writing them all cost as much as building them, a
sixth of a fuzzed RIOT step. A view that only a single position's contents keep from being
written could be missed; one broken from some point on is caught within four moves."""


@dataclass(frozen=True)
class Problem:
    kind: str
    """crash, dead end, refused, endless or invariant."""
    game: str
    seed: int
    step: int
    detail: str

    def __str__(self) -> str:
        return f"{self.game} seed {self.seed} step {self.step}: {self.kind}: {self.detail}"


class Stop(Exception):
    """A problem after which the game cannot go on."""


class Run:
    """One fuzzed game: its position, its seed, and what it found."""

    def __init__(
        self,
        game: Game[Any, Any],
        seed: int,
        players: int,
        check: Check | None = None,
    ) -> None:
        self.game = game
        self.check = check
        self.seed = seed
        self.players = players
        self.step = 0
        self.problems: list[Problem] = []

    def report(self, kind: str, detail: str) -> None:
        self.problems.append(Problem(kind, self.game.id, self.seed, self.step, detail))

    def guard(self, what: str, call: Any, *args: Any, **kwargs: Any) -> Any:
        """Call one contract function; anything but a refusal it raises is a crash that ends
        the game."""
        try:
            return call(*args, **kwargs)
        except IllegalAction:
            raise
        except Exception as exc:
            where = traceback.extract_tb(exc.__traceback__)[-1]
            self.report(
                "crash",
                f"{what} raised {type(exc).__name__}: {exc} ({where.filename}:{where.lineno})",
            )
            raise Stop from exc


def fuzz(
    game: Game[Any, Any],
    games: int,
    seed: int = 0,
    players: int | None = None,
    busy: int = BUSY,
    cap: int = CAP,
    own: bool = False,
    check: Check | None = None,
) -> list[Problem]:
    """Every problem found in `games` games seeded `seed`, `seed + 1`, ...; `own` plays each
    seat with the game's own player (`engine.players.heuristic`) instead of the random one;
    `check` holds each position and its views to a game's own invariants (an `AssertionError`
    is reported), so one run of a game's seeded games serves the generic checks and its own."""
    problems: list[Problem] = []
    for i in range(games):
        count = players or game.player_counts[i % len(game.player_counts)]
        run = Run(game, seed + i, count, check)
        with contextlib.suppress(Stop):
            play(run, busy, cap, (heuristic(game) if own else None) or random_player)
        problems += run.problems
    return problems


def play(run: Run, busy: int, cap: int, factory: PlayerFactory) -> None:
    game = run.game
    state = run.guard("setup", game.setup, game.make_options(run.players), run.seed)
    rng = Rng.seeded(run.seed)
    seats = {s: factory(run.seed * 10 + s) for s in range(len(state.seat_names))}
    text, views = check_position(run, state)
    prompts = run.guard("prompts", game.prompts, state)
    while run.guard("outcome", game.outcome, state) is None:
        if run.step >= cap:
            run.report("endless", f"no outcome after {cap} moves")
            return
        if not prompts:
            run.report("dead end", "nobody is prompted but the game has no outcome")
            return
        seat = pick_seat(prompts, rng)
        prompt = prompts[seat]
        if prompt.default is None:
            run.report("invariant", f"{state.seat_names[seat]}'s prompt has no default")
            return
        player = seats[seat] if run.step < busy else None
        (after, new_prompts), last = move(run, state, seat, prompts, player, views[seat])
        if state.model_dump_json() != text:
            run.report("invariant", "apply changed the state it was given")
        check_serials(run, state, after, seat, prompts, new_prompts)
        state, prompts = after, new_prompts
        run.step += 1
        text, views = check_position(run, state)
    check_over(run, state, prompts, seat, last)


def move(
    run: Run,
    state: Any,
    seat: int,
    prompts: dict[int, Prompt],
    player: Player | None,
    view: Any,
) -> tuple[tuple[Any, dict[int, Prompt]], ActionBase]:
    """Apply the seat's choice (`player` None: the default, for an absent seat); the new state
    with its prompts, and the action applied. A refused offer is reported; a refused random
    sheet draft is replaced by the default. `prompts` are the state's, handed to `apply` so
    that each position's prompts are built once (`Game.apply`); `view` is the seat's, already
    built and checked, which the player is shown."""
    game = run.game
    prompt = prompts[seat]
    default = run.guard("parse_action", game.parse_action, prompt.default)
    legal = run.guard("legal_actions", game.legal_actions, state, seat)
    if player is None:
        action, offered, absent = default, "the default", True
    else:
        what = seen(game, state, seat, prompt)
        what.__dict__["legal"] = legal
        what.__dict__["view"] = view
        action = run.guard("the player", player, what)
        absent = False
        sampled = getattr(game, "sheet_actions", None) is not None and prompt.sheet is not None
        offered = (
            "a listed legal action"
            if action in legal
            else "the default"
            if action == default
            else "a sampled sheet"
            if sampled
            else ""
        )
    try:
        done = run.guard("apply", game.apply, state, seat, action, absent=absent, prompts=prompts)
        return (done.state, done.prompts), action
    except IllegalAction as exc:
        if offered:
            run.report("refused", f"{offered} {describe(action)} was refused: {exc}")
            raise Stop from exc
    try:
        done = run.guard("apply", game.apply, state, seat, default, prompts=prompts)
        return (done.state, done.prompts), default
    except IllegalAction as exc:
        run.report("refused", f"the default {describe(default)} was refused: {exc}")
        raise Stop from exc


def describe(action: ActionBase) -> str:
    return action.to_text()


def check_position(run: Run, state: Any) -> tuple[str, dict[int | None, Any]]:
    """The state comes back equal from its JSON, and every `VIEW_JSON_EVERY`th position's
    views are JSON; returns the state's JSON and the views by seat (None: the channel's)."""
    game = run.game
    text = state.model_dump_json()
    back = run.guard("state JSON", game.state_type.model_validate_json, text)
    if back != state:
        run.report("invariant", "the state does not come back equal from its JSON")
    views = {}
    for seat in [None, *range(len(state.seat_names))]:
        views[seat] = view = run.guard("view", game.view, state, seat)
        if run.step % VIEW_JSON_EVERY:
            continue
        try:  # pydantic writes JSON or raises: what it writes needs no parsing back
            view.model_dump_json()
        except Exception as exc:
            run.report("invariant", f"the view for seat {seat} is not JSON: {exc}")
    if run.check is not None:
        try:
            run.check(state, views)
        except AssertionError as exc:
            run.report("invariant", f"the game's own check failed: {exc}")
    return text, views


def check_serials(
    run: Run,
    before: Any,
    after: Any,
    seat: int,
    old: dict[int, Prompt],
    new: dict[int, Prompt],
) -> None:
    """The acting seat's decision moves on, and so does any seat whose prompt changed: a button
    posted for the old decision must not answer the new one."""
    for s in old.keys() | new.keys():
        was, now = old.get(s), new.get(s)
        changed = s == seat or _plain(was) != _plain(now)
        if changed and before.decisions.get(s, 0) == after.decisions.get(s, 0):
            run.report("invariant", f"seat {s}'s decision serial did not move")
        same = was is not None and now is not None and _plain(was) == _plain(now)
        if same and s != seat and was.decision != now.decision:  # type: ignore[union-attr]
            run.report("invariant", f"seat {s}'s serial moved though its prompt did not")


def _plain(prompt: Prompt | None) -> dict[str, Any] | None:
    return None if prompt is None else prompt.model_dump(exclude={"decision"})


def check_over(
    run: Run, state: Any, prompts: dict[int, Prompt], seat: int, last: ActionBase
) -> None:
    """Once over, nobody is prompted, the move that ended it is refused if played again, and
    the outcome survives JSON."""
    game = run.game
    outcome = game.outcome(state)
    if prompts:
        run.report("invariant", "seats are still prompted after the game ended")
    back = game.state_type.model_validate_json(state.model_dump_json())
    if game.outcome(back) != outcome:
        run.report("invariant", "the outcome changes when the state goes through JSON")
    try:
        run.guard("apply", game.apply, state, seat, last)
    except IllegalAction:
        return
    run.report("invariant", f"{describe(last)} was accepted after the game ended")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=sorted(REGISTRY))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--busy", type=int, default=BUSY, help="random moves before defaults")
    parser.add_argument("--cap", type=int, default=CAP, help="moves before a game is endless")
    parser.add_argument("--own", action="store_true", help="the game's own players, not random")
    args = parser.parse_args(argv)
    game = REGISTRY[args.game]
    problems = fuzz(game, args.games, args.seed, args.players, args.busy, args.cap, args.own)
    for problem in problems:
        print(problem)
    print(f"{args.game}: {args.games} games from seed {args.seed}, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
