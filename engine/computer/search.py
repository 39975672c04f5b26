"""Information-set Monte Carlo tree search from one seat's point of view.

Each iteration deals one guess at the whole game from what the seat sees (`Seen.sample`, that
is `Game.determinize`: other hands, deck orders and the dice to come dealt again), walks a
tree shared by all guesses, choosing among the actions open in this guess by their average
worth to the seat choosing plus an exploration bonus counted over the iterations in which each
was open (availability), adds one new action, plays on for a few moves with a cheap policy,
and scores the position: the game's `returns` when it has ended, else an evaluation. Nothing of
the true state is ever read, so the search is as fair as the seat's view.

Every other seat in the tree chooses the same way for its own worth, so opponents are assumed
to play well; seats acting at once are taken in an order drawn at random, as tables do.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from engine.computer.tally import Choice, Tally
from engine.core import ActionBase, Game, IllegalAction, Prompt
from engine.players import PlayerFactory, Seen, pick_seat, seen
from engine.rng import Rng

Evaluate = Callable[[Any], list[float]]
"""A position's worth to each seat, in [0, 1], for a game that has not ended yet."""


class Budget(BaseModel):
    """How long a search thinks and how far it looks. It stops at whichever of `iterations`
    and `seconds` comes first (at least one iteration). With `seconds` left None the search
    reads no clock and its choice is a pure function of the seat's view and its seed."""

    iterations: int | None = 400
    seconds: float | None = None
    cpu: bool = False
    """Count `seconds` on the search's own processor time rather than the clock: the same
    budget then buys the same search however busy the machine is, which is what a strength
    measurement on a shared machine needs. At the table it is the clock (players wait on it)."""
    depth: int = 8
    """Moves played on past the tree before a position is scored."""
    width: int = 24
    """The most actions a position branches on: order sheets are sampled to this many, and
    a longer list of actions is cut to a random selection of this size at each visit."""
    explore: float = 0.7
    """Weight of the exploration bonus against a choice's average worth."""


PRIOR_SHARE = 0.5
"""The share of the root's prior held by the heuristic's own choice (see `Search._guided`)."""


class _Edge:
    """One action from one tree position: who plays it, how often it was open, tried, and
    what it brought the seat playing it."""

    __slots__ = ("action", "child", "open", "value", "visits")

    def __init__(self, action: ActionBase) -> None:
        self.action = action
        self.open = 0
        self.visits = 0
        self.value = 0.0
        self.child: _Node | None = None


class _Node:
    """A tree position: its edges by seat and action, and, per seat, the one position that
    follows any sealed action of that seat (see `_sealed`)."""

    __slots__ = ("edges", "sealed")

    def __init__(self) -> None:
        self.edges: dict[str, _Edge] = {}
        self.sealed: dict[int, _Node] = {}


class Search:
    """One search of one seat's decision; `run` returns its root as a `Tally`."""

    def __init__(
        self,
        game: Game[Any, Any],
        what: Seen,
        seed: int,
        budget: Budget,
        policy: PlayerFactory,
        evaluate: Evaluate | None,
        prior: ActionBase | None = None,
    ) -> None:
        self.game = game
        self.what = what
        self.rng = Rng.seeded(seed)
        self.budget = budget
        self.policy = policy
        self.evaluate = evaluate
        self.prior = prior
        self.root = _Node()
        self.actions = self._root_actions()

    def _root_actions(self) -> list[ActionBase]:
        """What the seat may choose: its legal actions, or for an order sheet a sample of
        submissions with the empty sheet (the default) and the preferred one among them."""
        what = self.what
        found = list(what.legal) if what.prompt.sheet is None else []
        if what.prompt.sheet is not None:
            found = what.sheets(self.rng, self.budget.width)
            found.append(what.default)
        if self.prior is not None:
            found.append(self.prior)
        if not found:
            found.append(what.default)
        unique = {action.to_text(): action for action in found}
        return list(unique.values())

    def run(self) -> Tally:
        started = self._now()
        iterations = 0
        if len(self.actions) > 1:
            while not self._spent(iterations, started):
                self._iterate()
                iterations += 1
        me = self.what.seat
        choices = {}
        for action in self.actions:
            edge = self.root.edges.get(_key(me, action))
            choices[action.to_text()] = Choice(
                action=action.model_dump(mode="json"),
                visits=edge.visits if edge else 0,
                value=edge.value if edge else 0.0,
            )
        prior = self.prior.to_text() if self.prior is not None else None
        return Tally(seat=me, choices=choices, iterations=iterations, prior=prior)

    def _spent(self, iterations: int, started: float) -> bool:
        if iterations == 0:
            return False
        budget = self.budget
        if budget.iterations is not None and iterations >= budget.iterations:
            return True
        return budget.seconds is not None and self._now() - started >= budget.seconds

    def _now(self) -> float:
        return time.thread_time() if self.budget.cpu else time.perf_counter()

    def _iterate(self) -> None:
        game, rng = self.game, self.rng
        state = self.what.sample(rng)
        prompts = game.prompts(state)
        node, seat, actions = self.root, self.what.seat, self.actions
        path: list[tuple[_Edge, int]] = []
        while True:
            edge, fresh = self._select(node, seat, actions)
            try:
                result = game.apply(state, seat, edge.action, quiet=True, prompts=prompts)
            except IllegalAction:  # not open in this guess after all: it was not available
                edge.open -= 1
                break
            before, state, prompts = prompts, result.state, result.prompts or {}
            path.append((edge, seat))
            if fresh or not prompts:
                break
            if _sealed(seat, before, prompts):
                node = node.sealed.setdefault(seat, _Node())
            else:
                if edge.child is None:
                    edge.child = _Node()
                node = edge.child
            seat = pick_seat(prompts, rng)
            actions = self._branch(state, seat, prompts[seat])
        values = self._score(*self._play_on(state, prompts))
        for edge, who in path:
            edge.visits += 1
            edge.value += values[who]

    def _select(self, node: _Node, seat: int, actions: list[ActionBase]) -> tuple[_Edge, bool]:
        """The edge to follow, and whether it was never tried: an untried action first (the
        preferred one at the root, else one at random), else the best by UCB over
        availability."""
        edges = []
        for action in actions:
            key = _key(seat, action)
            edge = node.edges.get(key)
            if edge is None:
                edge = node.edges[key] = _Edge(action)
            edge.open += 1
            edges.append(edge)
        if node is self.root and self.prior is not None:
            return self._guided(edges)
        untried = [e for e in edges if e.visits == 0]
        if untried:
            return self.rng.choice(untried), True
        c = self.budget.explore
        return max(
            edges, key=lambda e: e.value / e.visits + c * math.sqrt(math.log(e.open) / e.visits)
        ), False

    def _guided(self, edges: list[_Edge]) -> tuple[_Edge, bool]:
        """The root's edge when a heuristic has a preferred choice (PUCT): the preferred
        action holds `PRIOR_SHARE` of the prior and the others share the rest; an untried
        action is rated at the root's average so far. The preferred action is tried first and
        most, and another overtakes it only by doing better in the search, so a short budget
        plays like the heuristic and a longer one corrects it."""
        tried = [e for e in edges if e.visits]
        visits = sum(e.visits for e in tried)
        untried_worth = sum(e.value for e in tried) / visits if visits else 0.5
        others = (1 - PRIOR_SHARE) / max(1, len(edges) - 1)
        c = 2 * self.budget.explore * math.sqrt(visits + 1)

        def rating(e: _Edge) -> float:
            share = PRIOR_SHARE if e.action == self.prior else others
            worth = e.value / e.visits if e.visits else untried_worth
            return worth + c * share / (1 + e.visits)

        # A tie goes to the preferred action: with two actions open the shares are equal.
        edge = max(edges, key=lambda e: (rating(e), e.action == self.prior))
        return edge, edge.visits == 0

    def _branch(self, state: Any, seat: int, prompt: Prompt) -> list[ActionBase]:
        width = self.budget.width
        actions = self.game.sheet_actions(state, seat, self.rng, width)
        if len(actions) > width:
            self.rng.shuffle(actions)
            actions = actions[:width]
        return actions or [self.game.parse_action(prompt.default or {})]

    def _play_on(self, state: Any, prompts: dict[int, Prompt]) -> tuple[Any, dict[int, Prompt]]:
        """Up to `depth` moves by the playout policy, each seat's player seeded from the
        search's generator; a sheet the game refuses is replaced by the default."""
        game, rng = self.game, self.rng
        players: dict[int, Any] = {}
        for _ in range(self.budget.depth):
            if not prompts:
                break
            seat = pick_seat(prompts, rng)
            if seat not in players:
                players[seat] = self.policy(rng.below(1 << 31))
            what = seen(game, state, seat, prompts[seat])
            action = players[seat](what)
            try:
                result = game.apply(state, seat, action, quiet=True, prompts=prompts)
            except IllegalAction:
                result = game.apply(state, seat, what.default, quiet=True, prompts=prompts)
            state, prompts = result.state, result.prompts or {}
        return state, prompts

    def _score(self, state: Any, prompts: dict[int, Prompt]) -> list[float]:
        ended = self.game.returns(state)
        if ended is not None:
            return ended
        seats = len(state.seat_names)
        if self.evaluate is None:
            return [0.5] * seats
        return [min(1.0, max(0.0, v)) for v in self.evaluate(state)]


def _sealed(seat: int, before: dict[int, Prompt], after: dict[int, Prompt]) -> bool:
    """Whether `seat` just acted while others choose at the same time, none of them asked
    anew: simultaneous orders. The seats still choosing must not learn what it chose, so
    every action of `seat` here leads to one shared position rather than one per action; else
    the search would let them answer orders they cannot have seen."""
    waiting = [s for s in before if s != seat and s in after]
    return bool(waiting) and all(after[s].decision == before[s].decision for s in waiting)


def _key(seat: int, action: ActionBase) -> str:
    return f"{seat}|{action.to_text()}"


__all__ = ["Budget", "Evaluate", "Search"]
