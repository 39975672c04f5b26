"""The computer's two levels, as player factories any driver (tests, benchmarks, the bot) uses
like the other players of `engine.players`.

- casual: the game's own heuristic player when it has one (fast, purposeful, not deep), else a
  shallow search: a few dozen short looks ahead.
- strong: information-set Monte Carlo tree search (`engine.computer.search`) within a budget,
  trying the casual player's choice first and preferring it among equals; its playouts are
  played by the game's own heuristic (else at random) and scored by the game's evaluation
  (else as even) when they stop before the end.

A game adds a heuristic as the `player` factory of its `player` module and an evaluation as
its `evaluate(state) -> list[float]` (each seat's worth in [0, 1] of an unfinished position);
neither is required. `think` is the one call a process pool needs for root parallelism: each
worker searches the same decision with its own seed, and `tally.merge` adds their roots up.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from engine.computer.search import Budget, Evaluate, Search
from engine.computer.tally import Tally, best
from engine.core import ActionBase, Game
from engine.games import REGISTRY
from engine.players import Player, PlayerFactory, Seen, heuristic, own_hook, random_player, seen
from engine.rng import Rng


class Level(StrEnum):
    CASUAL = "casual"
    STRONG = "strong"


STRONG = Budget(iterations=None, seconds=1.0)
"""The strong level at the table: one second of thinking per decision and process."""
SHALLOW = Budget(iterations=48, depth=6)
"""The casual level of a game without a heuristic of its own."""


def evaluation(game: Game[Any, Any]) -> Evaluate | None:
    """The game's own `evaluate`, beside its heuristic player; None when it has none."""
    found: Evaluate | None = own_hook(game, "evaluate")
    return found


def first_choice(game: Game[Any, Any]) -> PlayerFactory | None:
    """What the strong level tries first at its root: the game's `prior` (its heuristic's
    considered choice, without the random tries that keep playouts varied), else its
    heuristic; None when it has neither."""
    found: PlayerFactory | None = own_hook(game, "prior")
    return found or heuristic(game)


def casual(game: Game[Any, Any]) -> PlayerFactory:
    own = heuristic(game)
    if own is not None:
        return own

    def factory(seed: int) -> Player:
        return searching(game, seed, SHALLOW, guide=None)

    return factory


def strong(game: Game[Any, Any], budget: Budget = STRONG) -> PlayerFactory:
    guide = heuristic(game)

    def factory(seed: int) -> Player:
        return searching(game, seed, budget, guide, first_choice(game))

    return factory


def computer(game: Game[Any, Any], level: Level, budget: Budget = STRONG) -> PlayerFactory:
    """The player factory of a level (`budget` is the strong level's)."""
    return casual(game) if level is Level.CASUAL else strong(game, budget)


def searching(
    game: Game[Any, Any],
    seed: int,
    budget: Budget,
    guide: PlayerFactory | None,
    first: PlayerFactory | None = None,
) -> Player:
    """A player that searches every decision that offers a choice, its playouts played by
    `guide` and its root trying `first`'s choice first; its searches are seeded one after
    another from `seed`."""
    rng = Rng.seeded(seed)
    prior = first(seed) if first is not None else None

    def play(what: Seen) -> ActionBase:
        return decide(game, what, rng.next64(), budget, guide, prior)

    return play


def search(
    game: Game[Any, Any],
    what: Seen,
    seed: int,
    budget: Budget,
    guide: PlayerFactory | None,
    prior: Player | None = None,
) -> Tally:
    """One search of the decision `what` shows, as a tally of its root."""
    preferred = prior(what) if prior is not None else None
    return Search(
        game, what, seed, budget, guide or random_player, evaluation(game), preferred
    ).run()


def decide(
    game: Game[Any, Any],
    what: Seen,
    seed: int,
    budget: Budget,
    guide: PlayerFactory | None,
    prior: Player | None = None,
) -> ActionBase:
    tally = search(game, what, seed, budget, guide, prior)
    return what.parse(tally.choices[best(tally)].action)


def think(game: Game[Any, Any], state: Any, seat: int, seed: int, budget: Budget) -> Tally:
    """The strong level's search of `seat`'s decision in `state`, seeded `seed`: one worker's
    share of a root-parallel search (merge the tallies, play `best`). The state is read only
    through the seat's `Seen`, hence through its view and determinizations."""
    first = first_choice(game)
    prior = first(seed) if first is not None else None
    return search(game, seen(game, state, seat), seed, budget, heuristic(game), prior)


def choose_json(game_id: str, state_json: str, seat: int, level: str, seed: int) -> dict[str, Any]:
    """A computer's action for `seat`, from plain values a worker process receives: the game's
    id, its state as JSON, the level and a seed; the action comes back as a dict a client
    parses (`Game.parse_action`). The state is read only through the seat's `Seen`."""
    game = REGISTRY[game_id]
    state = game.state_type.model_validate_json(state_json)
    play = computer(game, Level(level))(seed)
    return play(seen(game, state, seat)).model_dump(mode="json")


def think_json(
    game_id: str, state_json: str, seat: int, seed: int, seconds: float
) -> dict[str, Any]:
    """`think` from plain values a worker process receives, its tally as a dict: one worker's
    share of a strong decision searched side by side (`Tally.model_validate`, then `merge`)."""
    game = REGISTRY[game_id]
    state = game.state_type.model_validate_json(state_json)
    budget = STRONG.model_copy(update={"seconds": seconds})
    return think(game, state, seat, seed, budget).model_dump(mode="json")


__all__ = [
    "SHALLOW",
    "STRONG",
    "Level",
    "casual",
    "choose_json",
    "computer",
    "decide",
    "evaluation",
    "first_choice",
    "search",
    "searching",
    "strong",
    "think",
    "think_json",
]
