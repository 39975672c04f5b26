"""Building Space Insurrection positions directly, forcing dice, and playing actions by their
fields, for rule tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.core import Event, IllegalAction
from engine.games.space_insurrection import GAME, flow, orders
from engine.games.space_insurrection.state import SpaceState, Unit, World, all_chits
from engine.rng import Rng
from engine.sheets import OrderLine

WORLDS = [
    "aldebar",
    "borealis",
    "cassiopia",
    "draconis",
    "eridani",
    "fomalhaut",
    "gemma",
    "helion",
    "jungla",
    "kryos",
]


def blank(players: int = 2, *, specials: int = 0, seed: int = 0, **options: Any) -> SpaceState:
    """A game with an empty board: every world neutral, every chit in the pile, empty reserves,
    the first turn's action phase with nobody acting yet. Rule tests put down what they need."""
    state = GAME.setup(GAME.make_options(players, specials=specials, **options), seed)
    state.pile = all_chits(specials)
    state.units = {}
    state.reserves = [[] for _ in range(players)]
    state.drawn = [[] for _ in range(players)]
    state.worlds = [World(id=w) for w in WORLDS]
    state.sheets, state.owing, state.declared, state.to_declare = {}, [], {}, []
    state.phase, state.at, state.acting, state.done = "action", 0, None, []
    return state


def put(state: SpaceState, chit: str, owner: int, world: str, **flags: Any) -> Unit:
    """Take a chit from the pile and put it on a world for `owner`."""
    state.pile.remove(chit)
    unit = Unit(id=chit, owner=owner, world=world, **flags)
    state.units[chit] = unit
    return unit


def give(state: SpaceState, seat: int, *chits: str) -> None:
    """Move chits from the pile to a seat's reserve."""
    for chit in chits:
        state.pile.remove(chit)
        state.reserves[seat].append(chit)


def holding(state: SpaceState, *seats: int) -> None:
    """One chit in each seat's reserve: a seat that might deploy (or play a special chit) is
    asked at a world instead of being passed for, as the table cannot tell what it holds."""
    for seat in seats:
        give(state, seat, f"assassin-{10 - seat}")


def loyal(state: SpaceState, world: str, seat: int | None, **flags: Any) -> World:
    found = state.world(world)
    found.loyal = seat
    for key, value in flags.items():
        setattr(found, key, value)
    return found


def at(state: SpaceState, world: str, seat: int) -> SpaceState:
    """The action phase at `world`, with `seat` to act there."""
    state.phase = "action"
    state.at = WORLDS.index(world)
    state.acting = seat
    state.done = []
    return state


def sheets(state: SpaceState, phase: str) -> list[Event]:
    """Open a phase of secret orders for every seat with something to order."""
    return flow.to_sheet(state, phase)


def act(state: SpaceState, seat: int, **fields: Any) -> tuple[SpaceState, str]:
    """Apply an action given as fields; the new state and every event's text, one a line."""
    result = GAME.apply(state, seat, GAME.parse_action(fields))
    return result.state, texts(result.events)


def submit(state: SpaceState, seat: int, **orders: str) -> tuple[SpaceState, list[Event]]:
    """Submit a seat's sheet with the given lines written (the rest left as they are)."""
    prompt = GAME.prompts(state)[seat]
    assert prompt.sheet is not None
    action = GAME.parse_action(prompt.sheet.submission(orders))
    result = GAME.apply(state, seat, action)
    return result.state, result.events


def order(state: SpaceState, seat: int, text: str) -> tuple[SpaceState, list[Event]]:
    """Submit a sheet's raw `key=value;...` text, as a client could."""
    kind = orders.KINDS[state.phase]
    result = GAME.apply(state, seat, GAME.parse_action({"kind": kind, "orders": text}))
    return result.state, result.events


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def public(events: list[Event]) -> str:
    return "\n".join(e.text for e in events if e.seat is None)


def private(events: list[Event], seat: int) -> str:
    return "\n".join(e.text for e in events if e.seat == seat)


class Dice:
    """The next d6 rolls, in order; any roll not scripted fails the test."""

    def __init__(self) -> None:
        self.queue: list[int] = []

    def __call__(self, *rolls: int) -> None:
        self.queue.extend(rolls)

    def roll(self, count: int, sides: int = 6) -> list[int]:
        assert sides == 6
        out = []
        for _ in range(count):
            assert self.queue, "an unexpected die roll"
            out.append(self.queue.pop(0))
        return out


def rolling(dice: Dice):
    def roll(self: Rng, count: int, sides: int = 6) -> list[int]:
        return dice.roll(count, sides)

    return roll


def refused(state: SpaceState, message: str, attempt: Callable[[], object]) -> None:
    """`attempt` is refused with `message`, and the state it was tried on is unchanged."""
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match=message):
        attempt()
    assert state.model_dump_json() == before, "a refused action changed nothing"


def line(state: SpaceState, seat: int, key: str) -> OrderLine | None:
    """One line of the seat's open order sheet."""
    sheet = GAME.prompts(state)[seat].sheet
    assert sheet is not None
    return sheet.line(key)


def values(state: SpaceState, seat: int, key: str) -> list[str]:
    found = line(state, seat, key)
    return [] if found is None else [o.value for o in found.options]


def keys(state: SpaceState, seat: int) -> list[str]:
    sheet = GAME.prompts(state)[seat].sheet
    assert sheet is not None
    return [line.key for line in sheet.lines]


def blockade_sheets() -> SpaceState:
    """A blockade phase with one cruiser each: Red's over Borealis, Blue's over Cassiopia."""
    state = blank()
    put(state, "star_cruiser-1", 0, "borealis")
    put(state, "star_cruiser-2", 1, "cassiopia")
    sheets(state, "blockade")
    return state


def begin(state: SpaceState) -> str:
    """Open the action phase; what it says."""
    return texts(flow.to_action(state))


def where(state: SpaceState) -> str:
    return state.worlds[state.at].id


def acts(state: SpaceState, seat: int) -> set[tuple[str, str, str]]:
    """The seat's unit actions on offer, as (unit, action, target)."""
    return {
        (a.unit, a.action, a.target) for a in GAME.legal_actions(state, seat) if a.kind == "act"
    }


def deploys(state: SpaceState, seat: int) -> set[tuple[str, str]]:
    return {(a.unit, a.chit) for a in GAME.legal_actions(state, seat) if a.kind == "deploy"}


def refused_act(state: SpaceState, seat: int, message: str, **fields: Any) -> None:
    refused(state, message, lambda: act(state, seat, **fields))


def sentinel(state: SpaceState, seat: int = 1) -> None:
    """A unit of `seat` at the last world, so the turn does not end under a test."""
    put(state, "rebels-10", seat, "kryos")


def face_off(*placed: tuple[str, int], world: str = "aldebar", seat: int = 0) -> SpaceState:
    """An action phase at `world`, `seat` to act, with each (chit, owner) placed there."""
    state = blank()
    for chit, owner in placed:
        put(state, chit, owner, world)
    return at(state, world, seat)


def refused_unit_act(
    state: SpaceState, message: str, unit: str, action: str, target: str = "", seat: int = 0
) -> None:
    """One unit's action is refused with `message`, changing nothing."""
    refused_act(state, seat, message, kind="act", unit=unit, action=action, target=target)
