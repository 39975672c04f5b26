"""Playing a game out by its defaults alone, for any game.

When a table stops answering, the bot takes each waiting seat's default in turn until the game
ends. Every game's default tests must check this the same way (a default exists, it is legal,
and taking them again and again finishes the game), so the step that takes a default and the
loop that forces them to the end live here once, written against the `Game` interface only;
each game's tests build their own positions, say how many forced defaults are too many, and
check their own invariants.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from engine.core import ActionBase, Game, GameState

S = TypeVar("S", bound=GameState)


def default_action(game: Game[S, Any], state: S, seat: int) -> ActionBase:
    """The default of the prompt `seat` is waiting on, checked to be one of its legal actions."""
    prompt = game.prompts(state)[seat]
    assert prompt.default is not None, f"{prompt.text!r} has no default"
    action = game.parse_action(prompt.default)
    assert action in game.legal_actions(state, seat)
    return action


def force_defaults_to_the_end(
    game: Game[S, Any],
    state: S,
    bound: int,
    check: Callable[[S], None],
    label: str,
) -> list[ActionBase]:
    """Force the default of every seat being waited for, round after round, until the game ends;
    return the actions forced, in order. Each is played for an absent player (`absent=True`),
    as the bot plays it, so house rules for a table nobody plays at may end the game.

    Someone is always waited for while the game goes on, every default taken is checked by
    `default_action`, and `check` is called on the state after each forced step. A round that
    takes the count past `bound` fails (naming `label`) rather than looping for ever, and once
    the game is over nobody is waited for."""
    forced: list[ActionBase] = []
    while game.outcome(state) is None:
        prompts = game.prompts(state)
        assert prompts, "someone is always waited for"
        for seat in sorted(prompts):
            if seat not in game.prompts(state) or game.outcome(state) is not None:
                continue
            action = default_action(game, state, seat)
            state = game.apply(state, seat, action, absent=True).state
            check(state)
            forced.append(action)
        assert len(forced) <= bound, f"{label}: defaults alone do not end the game"
    assert game.prompts(state) == {}
    return forced
