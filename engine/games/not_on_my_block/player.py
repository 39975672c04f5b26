"""Not On My Block's own computer player: random among the legal actions, with a lean towards
pushing, protecting and heading for the apartments and Centers, so that most of its games
reach an end. It reads only its seat's view (`engine.players.Seen`); the board is open, so that
is the whole position, but not the dice to come."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import ActionBase
from engine.games.not_on_my_block import mechanics as m
from engine.games.not_on_my_block.actions import Move
from engine.games.not_on_my_block.board import parse_block
from engine.games.not_on_my_block.mechanics import rep_colour
from engine.games.not_on_my_block.rules import GAME
from engine.games.not_on_my_block.state import DEVELOPER, NombState
from engine.games.not_on_my_block.view import NombView
from engine.players import Player, Seen
from engine.rng import Rng

RANDOM_ONE_IN = 8
"""One choice in this many is any legal action, so that no line of play is never tried."""


def player(seed: int) -> Player:
    rng = Rng.seeded(seed)

    def play(what: Seen) -> ActionBase:
        view = what.view
        assert isinstance(view, NombView)
        return choose(view, what.legal, rng)

    return play


def prior(seed: int) -> Player:
    """The player's considered choice: the strong level's first choice at the root of its
    search. It makes no random try (they keep the search's playouts varied; played for real
    they are mostly wasted moves) and looks one action ahead, on a position dealt from the
    seat's view, for what `evaluate` counts: of the heuristic's equals, a push that sends an
    apartment off the board beats one that does not."""
    rng = Rng.seeded(seed)

    def play(what: Seen) -> ActionBase:
        view = what.view
        assert isinstance(view, NombView)
        state = what.sample(rng)

        def worth(action: ActionBase) -> float:
            after = GAME.apply(state, what.seat, action, quiet=True).state
            return evaluate(after)[what.seat]

        return choose(view, what.legal, rng, tries=False, worth=worth)

    return play


def choose(
    view: NombView,
    actions: list[ActionBase],
    rng: Rng,
    tries: bool = True,
    worth: Callable[[ActionBase], float] | None = None,
) -> ActionBase:
    """A random try one time in `RANDOM_ONE_IN` when `tries`; else, among the actions
    `worth` rates best (all of them without it), the most purposeful."""
    if tries and rng.below(RANDOM_ONE_IN) == 0:
        return rng.choice(actions)
    if worth is not None:
        rated = [worth(a) for a in actions]
        actions = [a for a, r in zip(actions, rated, strict=True) if r == max(rated)]
    goals: dict[str, list[str]] = {}
    scored = [(score(view, a, goals), a) for a in actions]
    best = max(s for s, _ in scored)
    if best == 0 and actions[-1].kind == "end" and rng.below(4):
        return actions[-1]  # nothing purposeful left: usually end the turn early
    return rng.choice([a for s, a in scored if s == best])


def distance(a: str, b: str) -> int:
    """Orthogonal steps between two blocks (pieces never move diagonally)."""
    here, there = parse_block(a), parse_block(b)
    if here is None or there is None:
        raise ValueError(f"not a pair of blocks: {a!r}, {b!r}")
    return abs(here[0] - there[0]) + abs(here[1] - there[1])


def goals_of(view: NombView, piece: str) -> list[str]:
    """Where a piece would like to go: agents to apartments, reps to a Center or their homes."""
    standing = [a for a in view.apartments if a.status == "standing" and a.at]
    if piece.startswith("agent"):
        return [a.at for a in standing if a.at]
    if piece in ("yellow1", "red3"):
        return ["G3"]
    if piece in ("red1", "blue1"):
        return ["C7"]
    colour = rep_colour(piece)
    return [a.at for a in standing if a.colour == colour and a.at] or ["E5"]


def score(view: NombView, action: ActionBase, goals: dict[str, list[str]]) -> int:
    """Higher is more purposeful; 0 for an ordinary action."""
    if action.kind in ("protect", "bonus", "develop"):
        return 3
    if not isinstance(action, Move):
        return 0
    piece, to = action.piece, action.to
    if piece.startswith("agent") and any(
        a.at == to and a.status in ("standing", "protected") for a in view.apartments
    ):
        return 3
    if piece not in goals:
        goals[piece] = goals_of(view, piece)
    where = next(p.at for p in (*view.agents, *view.reps) if p.id == piece)
    targets = goals[piece]
    if targets and min(distance(to, g) for g in targets) < min(distance(where, g) for g in targets):
        return 1
    return 0


def evaluate(state: NombState) -> list[float]:
    """How an unfinished game looks to each seat, for the computer's search: the race between
    apartments lost (pushed out or surrounded) and apartments protected, each side needing
    five; a temporary protection counts for half. The Residents share their side's worth."""
    lost = m.count(state, "pushed", "surrounded")
    safe = m.count(state, "protected") + 0.5 * sum(
        a.status == "standing" and m.temporarily_protected(state, a) for a in state.apartments
    )
    developer = 0.5 + 0.45 * (lost - safe) / m.GOAL
    return [developer if seat == DEVELOPER else 1 - developer for seat in range(state.players)]
