"""Purposeful players for Not On My Block, so end-to-end games reach a win in few commands.

`choose` picks, for one seat, the legal action whose result scores best for the side meant to
win; the other side plays passively (ends its turns, declines nothing it is not asked). The
score is a distance heuristic: good enough on the default board, and a test fails loudly (step
budget) if it ever stops making progress.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from bot.table.model import Table
from engine import ActionBase
from engine.games.not_on_my_block import GAME
from engine.games.not_on_my_block.state import NombState

Side = Literal["developer", "residents"]
DEVELOPER = 0


def _xy(at: str) -> tuple[int, int]:
    return ord(at[0]) - ord("A"), int(at[1:]) - 1


def _steps(a: str, b: str) -> int:
    """Orthogonal steps between two blocks (pieces never move diagonally)."""
    (ax, ay), (bx, by) = _xy(a), _xy(b)
    return abs(ax - bx) + abs(ay - by)


def _edge_distance(state: NombState, at: str) -> int:
    x, y = _xy(at)
    w, h = state.board.width, state.board.height
    return min(x, y, w - 1 - x, h - 1 - y)


def _push_cost(state: NombState, at: str, agents: list[str]) -> int:
    """Cheapest way to push the apartment at `at` off the board in a straight line: ten per
    block it must travel plus how far the nearest agent is from the block behind it."""
    best = 10_000
    for direction, back in (("up", "down"), ("down", "up"), ("left", "right"), ("right", "left")):
        behind = state.board.step(at, back)  # type: ignore[arg-type]
        if behind is None:
            continue
        travel, here = 1, at
        while (here := state.board.step(here, direction)) is not None:  # type: ignore[arg-type]
            travel += 1
        reach = min(_steps(g, behind) for g in agents)
        best = min(best, 10 * travel + reach)
    return best


def _developer_score(state: NombState) -> float:
    gone = sum(a.status in ("pushed", "surrounded") for a in state.apartments)
    standing = [a.at for a in state.apartments if a.status == "standing" and a.at]
    agents = list(state.agents.values())
    best = min((_push_cost(state, at, agents) for at in standing), default=0)
    return 1000 * gone - best


def _residents_score(state: NombState) -> float:
    done = sum(a.status == "protected" for a in state.apartments)
    centers = state.board.of_type("center")
    best = 10_000.0
    for apt in state.apartments:
        if apt.status != "standing" or not apt.at:
            continue
        own = [r for r in state.reps if r.startswith(apt.colour)]
        others = [r for r in state.reps if not r.startswith(apt.colour)]
        for center in centers:
            on_apt = min(own, key=lambda r: _steps(state.reps[r], apt.at))
            to_center = [r for r in own if r != on_apt]
            cost = _steps(state.reps[on_apt], apt.at)
            cost += min(_steps(state.reps[r], center) for r in to_center)
            cost += min(_steps(state.reps[r], center) for r in others)
            best = min(best, cost)
    return 1000 * done - best


def _placement(state: NombState, actions: list[ActionBase], side: Side) -> ActionBase:
    """Developer wins faster with apartments by the edge; Residents with them near a Center."""
    centers = state.board.of_type("center")

    def badness(action: ActionBase) -> float:
        at = action.block  # type: ignore[attr-defined]
        if side == "developer":
            return _edge_distance(state, at)
        return min(_steps(at, c) for c in centers)

    return min(actions, key=badness)


def policy(side: Side) -> Callable[[Table], tuple[int, ActionBase]]:
    """A driver policy: the first seat with a prompt plays toward `side`'s win."""

    def play(table: Table) -> tuple[int, ActionBase]:
        state = table.state
        assert isinstance(state, NombState)
        seat = min(GAME.prompts(state))
        return seat, choose(state, seat, side)

    return play


def choose(state: NombState, seat: int, side: Side) -> ActionBase:
    actions = GAME.legal_actions(state, seat)
    kinds = {a.kind for a in actions}
    if "place" in kinds:
        return _placement(state, [a for a in actions if a.kind == "place"], side)
    if "consent" in kinds:
        return next(a for a in actions if a.kind == "consent")
    acting = (seat == DEVELOPER) == (side == "developer")
    end = next((a for a in actions if a.kind == "end"), None)
    if not acting and end is not None:
        return end
    score = _developer_score if side == "developer" else _residents_score
    current = score(state)
    best, best_value = end, current
    for action in actions:
        if action.kind in ("end", "collude"):
            continue
        value = score(GAME.apply(state, seat, action).state)
        if best is None or value > best_value:
            best, best_value = action, value
    assert best is not None, f"no action for seat {seat}"
    return best
