"""Bloc by Bloc's own computer player: random among the legal actions, nine times in ten a busy
one (not a gift, a trade or the end of the turn) that does not walk blocs into police lines for
nothing, so that its games see fights, occupations and cards. It reads only its seat's view
(`engine.players.Seen`): the police it avoids are on the board for everyone to see."""

from __future__ import annotations

from engine.core import ActionBase
from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.state import BlocState
from engine.games.bloc_by_bloc.view import BlocView
from engine.players import Player, Seen
from engine.rng import Rng

QUIET = ("gift", "trade", "end")
"""Actions that do not move the night on: offers, and ending the turn early."""
BUSY_IN_TEN = 9


def player(seed: int) -> Player:
    rng = Rng.seeded(seed)

    def play(what: Seen) -> ActionBase:
        if not what.legal:
            return what.default
        view = what.view
        assert isinstance(view, BlocView)
        pool = busy(view, what.legal)
        return rng.choice(pool if pool and rng.below(10) < BUSY_IN_TEN else what.legal)

    return play


def busy(view: BlocView, actions: list[ActionBase]) -> list[ActionBase]:
    """The actions that move the game on without walking into police lines."""
    return [a for a in actions if a.kind not in QUIET and not reckless(view, a)]


def reckless(view: BlocView, action: ActionBase) -> bool:
    """Moving into a district the police hold (cops or a riot van) loses blocs for nothing."""
    target = getattr(action, "to_district", None)
    if target is None:
        return False
    return any(t.tile == target and (t.cops > 0 or t.van_damage is not None) for t in view.tiles)


def evaluate(state: BlocState) -> list[float]:
    """How an unfinished night looks, alike for every faction, for the computer's search: the
    share of the victory's State districts occupied, and the blocs on the streets against the
    cops, as a cooperative table judges its progress."""
    states = board_of(state.city).of_type(DistrictType.STATE)
    held = sum(t in state.occupations for t in states) / (len(states) or 1)
    blocs = sum(sum(where.values()) for where in state.blocs)
    cops = sum(state.cops.values())
    value = 0.2 + 0.5 * held + 0.3 * blocs / (blocs + cops + 1)
    return [value] * state.seats
