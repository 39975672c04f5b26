"""What each seat is asked. Prompt texts and buttons are public (the channel shows them), so
they are built from what the table can see: never a reserve chit, never an order."""

from __future__ import annotations

from typing import Any

from engine.core import Game, Prompt, in_phase
from engine.games.space_insurrection import fight, orders, recruit
from engine.games.space_insurrection.actions import Declare, Discard, Pass
from engine.games.space_insurrection.content.models import content
from engine.games.space_insurrection.names import world_name
from engine.games.space_insurrection.state import SpaceState, chit_name
from engine.messages import m


def phase_key(state: SpaceState) -> str:
    """The phase the channel follows in one message (`Prompt.phase`): the whole turn. Its
    orders (the recruit's discards, blockade, surveillance with the declarations it forces,
    movement) follow each other as soon as the last seat is in, with only reveals between
    them, and its actions then pass from seat to seat and world to world, often at every
    action; the actions begin as soon as the movement orders are in, so a message of their own
    would only repeat who is at the table. Keyed by the turn, so the next turn is a new
    message."""
    return f"turn {state.turn}"


def prompts(game: Game[SpaceState, Any], state: SpaceState) -> dict[int, Prompt]:
    """Every seat asked now, all in the phase of `phase_key`; `game` labels the buttons
    (`Game.quick_choices`)."""
    return in_phase(_asked(game, state), phase_key(state))


def _asked(game: Game[SpaceState, Any], state: SpaceState) -> dict[int, Prompt]:
    if state.phase == "discard":
        limit = content().numbers.reserve_limit
        return {
            s: Prompt(
                seat=s,
                msg=m("space.prompt.discard", n=len(state.reserves[s]) - limit),
                kinds=["discard"],
                out_of_turn=True,
                default=Discard(chit=recruit.default_discard(state, s)).model_dump(),
            )
            for s in recruit.over_limit(state)
        }
    if state.phase in ("blockade", "surveillance", "movement"):
        out = {}
        for s in state.owing:
            sheet = orders.sheet(state, s)
            out[s] = Prompt(
                seat=s,
                msg=m("space.prompt.sheet", orders=orders.orders_of(state.phase)),
                kinds=[sheet.kind],
                sheet=sheet,
                default=sheet.submission({}),
            )
        return out
    if state.phase == "declare":
        unit_id = state.to_declare[0]
        owner = state.units[unit_id].owner
        options = [Declare(unit=unit_id, to=w) for w in orders.declare_options(state, unit_id)]
        return {
            owner: Prompt(
                seat=owner,
                msg=m("space.prompt.declare", chit=chit_name(unit_id)),
                kinds=["declare"],
                choices=game.quick_choices(state, options),
                out_of_turn=True,
                default=options[0].model_dump(),
            )
        }
    assert state.phase == "action"
    seat = state.acting
    if seat is None:
        return {}
    here = world_name(state.worlds[state.at].id)
    return {
        seat: Prompt(
            seat=seat,
            msg=m("space.prompt.act_or_play" if state.specials else "space.prompt.act", world=here),
            kinds=["act", "deploy", "play", "pass"],
            choices=game.quick_choices(state, fight.public_actions(state, seat)),
            default=Pass().model_dump(),
        )
    }
