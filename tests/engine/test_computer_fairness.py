"""The computer never peeks, in every registered game: at many positions, dealing again
everything its seat cannot see (other hands, reserves, secret goals and orders, deck orders,
the dice to come) never changes what it plays for a fixed seed of its own, at either level.
A computer given the true state to search instead of its guesses fails the very same check,
which shows the check can catch a peek."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.computer import Budget, Level, computer
from engine.computer.levels import decide
from engine.core import Game
from engine.games import REGISTRY
from engine.players import Seen, heuristic, seen
from engine.rng import Rng
from tests.engine.search_positions import positions

TINY = Budget(iterations=12, depth=4, width=8)
"""Enough search for choices to depend on what the search sees, quick enough for the suite."""
REDEALS = 2
SEED = 7


def where(game: Game[Any, Any]) -> Iterator[tuple[Any, int]]:
    """Positions of seeded random games with the most seats, and the seat asked at each (the
    seat whose order sheet or turn it is, several seats in turn when they act at once)."""
    for seed in (1, 2):
        for n, state in enumerate(positions(game, seed, 240, 10)):
            prompts = game.prompts(state)
            if prompts:
                yield state, sorted(prompts)[n % len(prompts)]


def peeking(game: Game[Any, Any], state: Any, seat: int) -> Seen:
    """What a cheat is shown: the seat's own prompt and view, and the true state (its hidden
    hands and tomorrow's dice) handed to its search instead of a guess."""
    fair = seen(game, state, seat)
    return Seen(
        seat=seat,
        prompt=fair.prompt,
        legal=lambda: fair.legal,
        look=lambda: fair.view,
        parse=game.parse_action,
        sheets=fair.sheets,
        sample=lambda rng: state,
    )


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
@pytest.mark.parametrize("level", list(Level))
def test_what_the_seat_cannot_see_never_changes_the_computers_choice(
    game_id: str, level: Level
) -> None:
    game = REGISTRY[game_id]
    rng = Rng.seeded(3)
    tried = 0
    for state, seat in where(game):
        chosen = computer(game, level, TINY)(SEED)(seen(game, state, seat))
        for _ in range(REDEALS):
            other = game.determinize(state, seat, rng)
            assert game.view(other, seat) == game.view(state, seat)
            again = computer(game, level, TINY)(SEED)(seen(game, other, seat))
            assert again == chosen, (game_id, level, seat, state.decisions)
        tried += 1
    assert tried >= 8


def hides_something(game: Game[Any, Any]) -> bool:
    """Whether a determinization ever changes more than the generator at the tested positions
    (Not On My Block's board is open and it rolls no dice: nothing is hidden to peek at)."""
    return any(
        game.determinize(state, seat, Rng.seeded(n)).model_dump(exclude={"rng"})
        != state.model_dump(exclude={"rng"})
        for n, (state, seat) in enumerate(where(game))
    )


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_a_computer_that_searches_the_true_state_fails_the_same_check(game_id: str) -> None:
    game = REGISTRY[game_id]
    if not hides_something(game):
        pytest.skip("the game hides nothing a computer could peek at")
    rng = Rng.seeded(3)
    guide = heuristic(game)
    for state, seat in where(game):
        chosen = decide(game, peeking(game, state, seat), SEED, TINY, guide)
        for _ in range(REDEALS):
            other = game.determinize(state, seat, rng)
            if decide(game, peeking(game, other, seat), SEED, TINY, guide) != chosen:
                return  # one changed choice is the peek caught
    raise AssertionError("a peek went unnoticed")
