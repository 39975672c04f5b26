"""A seeded player for Bloc by Bloc end-to-end games: busy on its own turn, quick to answer
decisions asked of it out of turn (usually with the prompt's default), so a whole game takes a
few hundred commands."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.tables import Table
from engine import ActionBase
from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.state import BlocState
from tests.engine.bloc_by_bloc.playout import QUIET, reckless

RISKY = ("attack", "card")
"""Kept for the rare random pick: attacks start fights the blocs tend to lose, and cards are
mostly better kept for a moment they matter."""


def policy(seed: int) -> Callable[[Table], tuple[int, ActionBase]]:
    rnd = random.Random(seed)

    def play(table: Table) -> tuple[int, ActionBase]:
        state = table.state
        assert isinstance(state, BlocState)
        prompts = GAME.prompts(state)
        seat = min(prompts)
        prompt = prompts[seat]
        if prompt.default is not None and rnd.random() < 0.8:
            return seat, GAME.parse_action(prompt.default)
        actions = GAME.legal_actions(state, seat)
        busy = [
            a
            for a in actions
            if a.kind not in QUIET and not reckless(state, a) and a.kind not in RISKY
        ]
        if busy and rnd.random() < 0.85:
            return seat, rnd.choice(busy)
        return seat, rnd.choice(actions)

    return play
