"""A seeded player for Bloc by Bloc end-to-end games: busy on its own turn, quick to answer
decisions asked of it out of turn (usually with the prompt's default), so a whole game takes a
few hundred commands. It offers one loot gift per game, so the consent buttons get used."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.table.model import Table
from engine import ActionBase
from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.state import BlocState
from tests.engine.bloc_by_bloc.playout import reckless

IDLE = ("gift", "trade", "prefer", "end")
"""Never picked at random: offers and settings do not move the game on."""
RISKY = ("attack", "card")
"""Picked now and then only: attacks start fights blocs tend to lose, and cards are better kept
for a moment they matter."""


def policy(seed: int) -> Callable[[Table], tuple[int, ActionBase]]:
    rnd = random.Random(seed)
    gifts: list[ActionBase] = []

    def play(table: Table) -> tuple[int, ActionBase]:
        state = table.state
        assert isinstance(state, BlocState)
        prompts = GAME.prompts(state)
        seat = min(prompts)
        prompt = prompts[seat]
        if prompt.out_of_turn and prompt.default is not None and rnd.random() < 0.8:
            return seat, GAME.parse_action(prompt.default)
        actions = GAME.legal_actions(state, seat)
        gift = next((a for a in actions if a.kind == "gift"), None)
        if gift is not None and not gifts and state.night >= 2:
            gifts.append(gift)
            return seat, gift
        useful = [a for a in actions if a.kind not in IDLE and not reckless(state, a)]
        calm = [a for a in useful if a.kind not in RISKY]
        for pool, chance in ((calm, 0.85), (useful, 0.5)):
            if pool and rnd.random() < chance:
                return seat, rnd.choice(pool)
        end = [a for a in actions if a.kind == "end"]
        rest = [a for a in actions if a.kind not in IDLE]
        return seat, rnd.choice(end or rest or actions)

    return play
