"""Helpers for RIOT tests: positions built directly, actions played by their fields."""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.games.riot import GAME
from engine.games.riot.board import unit
from engine.games.riot.state import POLICE, SUPPLY, RiotState
from engine.games.riot.turn import start_turn


def position(
    players: int = 4,
    *,
    units: dict[str, str] | None = None,
    wounded: tuple[str, ...] = (),
    active: int = POLICE,
    hands: dict[int, list[str]] | None = None,
    seed: int = 0,
    credits: int | None = None,
) -> RiotState:
    """A state in the acting phase of `active`'s turn: the placement skipped, every unit in
    its supply except those of `units` ({unit id: place}), each unit ready to move, and the
    hands empty except those of `hands`."""
    state = GAME.setup(GAME.make_options(players), seed)
    state.placing = []
    for u in state.units:
        u.at = SUPPLY
    for unit_id, place in (units or {}).items():
        found = unit(state, unit_id)
        assert found is not None, unit_id
        found.at = place
        found.wounded = unit_id in wounded
    state.round.order = [POLICE, *range(1, players)]
    state.round.turn = state.round.order.index(active)
    for seat in range(players):
        state.decks[seat] += state.hands[seat]
        state.hands[seat] = []
    for seat, cards in (hands or {}).items():
        state.hands[seat] = list(cards)
        for card in cards:
            state.decks[seat].remove(card)
    start_turn(state, active)
    if credits is not None:
        state.credits[active] = credits
    state.phase = "act"
    state.acted = True
    return state


def act(state: RiotState, seat: int, **fields: Any) -> RiotState:
    return GAME.apply(state, seat, GAME.parse_action(fields)).state


def act_events(state: RiotState, seat: int, **fields: Any) -> tuple[RiotState, list[Event]]:
    result = GAME.apply(state, seat, GAME.parse_action(fields))
    return result.state, result.events


def acting(state: RiotState) -> int:
    (seat,) = GAME.prompts(state)
    return seat


def pass_all(state: RiotState) -> RiotState:
    """Everyone passes the open Blitz window(s) until someone must do something else."""
    while True:
        prompts = GAME.prompts(state)
        (seat,) = prompts
        if prompts[seat].default != {"kind": "pass"}:
            return state
        state = act(state, seat, kind="pass")


def at(state: RiotState, unit_id: str) -> str:
    found = unit(state, unit_id)
    assert found is not None
    return found.at


def is_wounded(state: RiotState, unit_id: str) -> bool:
    found = unit(state, unit_id)
    assert found is not None
    return found.wounded
