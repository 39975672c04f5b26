"""Helpers for Not On My Block tests: build positions directly and play actions by their text."""

from __future__ import annotations

from engine.core import Event
from engine.games.not_on_my_block import GAME
from engine.games.not_on_my_block.mechanics import colours_of
from engine.games.not_on_my_block.state import NombState


def position(
    players: int = 2,
    *,
    apartments: dict[str, str] | None = None,
    protected: dict[str, str] | None = None,
    reps: dict[str, str] | None = None,
    agents: dict[str, str] | None = None,
    luxury: list[str] | None = None,
    luxury_stores: list[str] | None = None,
    active: int = 0,
    seed: int = 0,
) -> NombState:
    """A state in the middle of play. Apartments are given as {block: colour}; those not listed
    are left out of the game. Reps and agents not listed wait on Start (E5)."""
    state = GAME.setup(GAME.make_options(players), seed)
    state.phase = "play"
    placed = {**(apartments or {}), **(protected or {})}
    pools = {c: [a for a in state.apartments if a.colour == c] for c in ("red", "blue", "yellow")}
    for at, colour in placed.items():
        apt = pools[colour].pop(0)
        apt.at = at
        apt.status = "protected" if at in (protected or {}) else "standing"
    state.reps.update(reps or {})
    state.agents.update(agents or {})
    state.luxury_housing = list(luxury or [])
    state.luxury_stores = list(luxury_stores or [])
    state.active = active
    state.dev_moves = 8 if active == 0 else 0
    state.rep_moves = {c: 4 for c in colours_of(state, active)}
    return state


def act(state: NombState, seat: int, **fields: object) -> NombState:
    """Apply an action given as fields, e.g. act(s, 0, kind="move", piece="agent1", to="C4")."""
    return GAME.apply(state, seat, GAME.parse_action(fields)).state


def act_events(state: NombState, seat: int, **fields: object) -> tuple[NombState, list[Event]]:
    result = GAME.apply(state, seat, GAME.parse_action(fields))
    return result.state, result.events


def apartment(state: NombState, at: str) -> str | None:
    """Colour and status of what stands on a block, e.g. "red standing", or None."""
    for apt in state.apartments:
        if apt.at == at and apt.status in ("standing", "protected"):
            return f"{apt.colour} {apt.status}"
    return None


def statuses(state: NombState) -> list[str]:
    return sorted(a.status for a in state.apartments if a.status != "unplaced")
