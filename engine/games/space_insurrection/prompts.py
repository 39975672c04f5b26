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
    return in_phase({s: _prompt(game, state, s) for s in asked(state)}, phase_key(state))


def prompt(game: Game[SpaceState, Any], state: SpaceState, seat: int) -> Prompt:
    """What `seat`, one of `asked`, is asked now: the legal actions of a sheet phase need only
    their own seat's sheet, not the four others."""
    return in_phase({seat: _prompt(game, state, seat)}, phase_key(state))[seat]


def asked(state: SpaceState) -> list[int]:
    """The seats asked now, without building what they are asked (a sheet names every unit it
    may move or watch, hundreds of messages): the view and the status only name the seats."""
    if state.phase == "discard":
        return recruit.over_limit(state)
    if state.phase in ("blockade", "surveillance", "movement"):
        return list(state.owing)
    if state.phase == "declare":
        return [state.units[state.to_declare[0]].owner]
    assert state.phase == "action"
    return [] if state.acting is None else [state.acting]


def _prompt(game: Game[SpaceState, Any], state: SpaceState, seat: int) -> Prompt:
    if state.phase == "discard":
        limit = content().numbers.reserve_limit
        return Prompt(
            seat=seat,
            msg=m("space.prompt.discard", n=len(state.reserves[seat]) - limit),
            kinds=["discard"],
            out_of_turn=True,
            default=Discard(chit=recruit.default_discard(state, seat)).model_dump(),
        )
    if state.phase in ("blockade", "surveillance", "movement"):
        sheet = orders.sheet(state, seat)
        return Prompt(
            seat=seat,
            msg=m("space.prompt.sheet", orders=orders.orders_of(state.phase)),
            kinds=[sheet.kind],
            sheet=sheet,
            default=sheet.submission({}),
        )
    if state.phase == "declare":
        unit_id = state.to_declare[0]
        options = [Declare(unit=unit_id, to=w) for w in orders.declare_options(state, unit_id)]
        return Prompt(
            seat=seat,
            msg=m("space.prompt.declare", chit=chit_name(unit_id)),
            kinds=["declare"],
            choices=game.quick_choices(state, options),
            out_of_turn=True,
            default=options[0].model_dump(),
        )
    here = world_name(state.worlds[state.at].id)
    return Prompt(
        seat=seat,
        msg=m("space.prompt.act_or_play" if state.specials else "space.prompt.act", world=here),
        kinds=["act", "deploy", "play", "pass"],
        choices=game.quick_choices(state, fight.public_actions(state, seat)),
        default=Pass().model_dump(),
    )
