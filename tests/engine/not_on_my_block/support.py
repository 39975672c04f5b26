"""Helpers for Not On My Block tests: build positions directly and play actions by their text."""

from __future__ import annotations

from typing import Any

from engine.core import Event, Outcome
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


def red_completes_protection() -> NombState:
    """Four players, the Red Resident's turn: Blue's apartment at A4 has a blue rep on it and
    another on Center C7, and Red has just moved a rep onto C7, completing the requirements to
    protect it (Red, not Blue, may now protect it)."""
    state = position(
        4,
        apartments={"A4": "blue", "A6": "red", "I1": "yellow"},
        reps={"blue1": "C7", "blue2": "A4", "red1": "C6"},
        active=1,
    )
    return act(state, 1, kind="move", piece="red1", to="C7")


def red_may_propose_a_swap() -> NombState:
    """Four players, the Red Resident's turn: Red rep 1 on D4 and Agent 2 on F6, so Red may
    propose swapping the two (collusion), which the Developer must then answer."""
    return position(
        4,
        apartments={"A1": "red", "B1": "blue", "C1": "yellow"},
        reps={"red1": "D4"},
        agents={"agent2": "F6"},
        active=1,
    )


def temporarily_protected() -> NombState:
    """Two players, the Developer's turn: the red apartment at C4 is temporarily protected by
    a blue and a yellow rep, Agent 1 stands next to it on C5, and a Luxury Store stands on E8."""
    return position(
        2,
        apartments={"C4": "red"},
        reps={"blue1": "C4", "yellow2": "C4"},
        agents={"agent1": "C5"},
        luxury_stores=["E8"],
    )


def agent1_steps_onto_c4(
    apartments: dict[str, str] | None = None,
    agents: dict[str, str] | None = None,
    **kw: Any,
) -> NombState:
    """Two players, the Developer's turn: Agent 1 steps from C5 onto C4, where a red apartment
    stands (pushed toward C3 unless something holds it). `apartments` and `agents` are added to
    those two; the other keywords go to position()."""
    state = position(
        2,
        apartments={"C4": "red", **(apartments or {})},
        agents={"agent1": "C5", **(agents or {})},
        **kw,
    )
    return act(state, 0, kind="move", piece="agent1", to="C4")


def agent1_raids_d6(
    reps: dict[str, str],
    apartments: dict[str, str] | None = None,
    agents: dict[str, str] | None = None,
    **kw: Any,
) -> NombState:
    """Two players, the Developer's turn: Agent 1 steps from E6 onto the Risk Zone D6, where
    `reps` stand, suppressing dissent there. `apartments` defaults to one red apartment out of the
    way on A1; `agents` are added to Agent 1; the other keywords go to position()."""
    state = position(
        2,
        apartments=apartments if apartments is not None else {"A1": "red"},
        reps=reps,
        agents={"agent1": "E6", **(agents or {})},
        **kw,
    )
    return act(state, 0, kind="move", piece="agent1", to="D6")


def outcome_once_red_protects_a4(
    apartments: dict[str, str], protected: dict[str, str]
) -> Outcome | None:
    """Four players, the Red Resident's turn, every apartment not listed pushed out of the game:
    Red rep 1 steps from C6 onto Center C7 beside Blue rep 1, Red rep 2 stands on the red
    apartment at A4, and Red protects A4. The game's outcome once it is protected."""
    state = position(
        4,
        apartments=apartments,
        protected=protected,
        reps={"red1": "C6", "blue1": "C7", "red2": "A4"},
        active=1,
    )
    for apt in state.apartments:
        if apt.status == "unplaced":
            apt.status = "pushed"
    state = act(state, 1, kind="move", piece="red1", to="C7")
    state = act(state, 1, kind="protect", apartment="A4", center="C7")
    return GAME.outcome(state)


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
