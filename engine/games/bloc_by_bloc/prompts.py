"""Who may act now and what each seat is asked: every faction's starting district, the
current faction's turn, and the decision at the head of `state.pending`.

Every prompt carries a default, the action taken when the table stops waiting for that seat,
so an absent player never stalls it: out of turn the answer that changes least (pass, allow,
decline, the faction with the most blocs there loses one), on a faction's own turn the least
harmful way on (`legal.default_start`, `night.default_turn`, `decisions.default_discard`).
Defaults alone always finish a game: turns end, and the countdown runs out.
"""

from __future__ import annotations

from typing import Any

from engine.core import Game, Prompt, in_phase
from engine.games.bloc_by_bloc.actions import Accept, Allow, Decline, Defeat, End, Pass, Start, Stop
from engine.games.bloc_by_bloc.decisions import default_discard, victims
from engine.games.bloc_by_bloc.legal import default_start, start_choices
from engine.games.bloc_by_bloc.night import default_turn
from engine.games.bloc_by_bloc.state import (
    BlocState,
    CardWindow,
    DiscardChoice,
    LootOffer,
    Pending,
    StopChance,
)
from engine.games.bloc_by_bloc.sunrise import default_victim
from engine.games.bloc_by_bloc.text import pending_text
from engine.messages import m

TURN_KINDS = [
    "move",
    "barricade",
    "loot",
    "build",
    "swap",
    "attack",
    "form",
    "hack",
    "draw",
    "card",
    "gift",
    "trade",
    "end",
]


def phase_key(state: BlocState) -> str:
    """The phase the channel follows in one message (`Prompt.phase`): the starting districts,
    chosen by every faction at once; each faction's turn, with the answers it asks of others
    on the way (a stop, an offer, a discard); and each sunrise, with its card window and the
    choices of whose blocs fall. Keyed by the night and the turn within it."""
    if state.phase == "setup":
        return "setup"
    if state.phase == "turn":
        return f"night-{state.night}-turn-{state.turns_taken + 1}"
    return f"night-{state.night}-sunrise"


def prompts(game: Game[BlocState, Any], state: BlocState) -> dict[int, Prompt]:
    """Every seat asked now, all in the phase of `phase_key`."""
    return in_phase(_asked(game, state), phase_key(state))


def _asked(game: Game[BlocState, Any], state: BlocState) -> dict[int, Prompt]:
    if state.phase == "over":
        return {}
    if state.pending:
        return _decision_prompts(game, state, state.pending[0])
    if state.phase == "setup":
        return {
            s: Prompt(
                seat=s,
                msg=m("bloc.prompt.start"),
                kinds=["start"],
                choices=game.quick_choices(
                    state, [Start(district=t) for t in start_choices(state, s)]
                ),
                default=default_start(state, s).model_dump(),
            )
            for s in range(state.seats)
            if not any(o.seat == s for o in state.occupations.values())
        }
    seat = state.current
    unused = len(state.unused_dice())
    return {
        seat: Prompt(
            seat=seat,
            msg=m("bloc.prompt.turn", n=unused) if unused else m("bloc.prompt.turn_done"),
            kinds=[*TURN_KINDS, "prefer"],
            choices=game.quick_choices(state, [End()]),
            default=default_turn().model_dump(),
        )
    }


def _decision_prompts(
    game: Game[BlocState, Any], state: BlocState, need: Pending
) -> dict[int, Prompt]:
    text = pending_text(state, need)
    if isinstance(need, CardWindow):
        return {
            s: Prompt(
                seat=s,
                msg=m("bloc.prompt.window", decision=text),
                kinds=["card", "pass"],
                choices=game.quick_choices(state, [Pass()]),
                out_of_turn=True,
                default=Pass().model_dump(),
            )
            for s in need.waiting
        }
    if isinstance(need, StopChance):
        return {
            need.seat: Prompt(
                seat=need.seat,
                msg=text,
                kinds=["stop", "allow"],
                choices=game.quick_choices(state, [Allow(), Stop()]),
                out_of_turn=True,
                default=Allow().model_dump(),
            )
        }
    if isinstance(need, LootOffer):
        # A trade open to any card is accepted by naming the card (`accept card`), not a button.
        offered = [] if need.trade and not need.want else [Accept(card=need.want)]
        return {
            need.seat: Prompt(
                seat=need.seat,
                msg=text,
                kinds=["accept", "decline"],
                choices=game.quick_choices(state, [*offered, Decline()]),
                out_of_turn=True,
                default=Decline().model_dump(),
            )
        }
    if isinstance(need, DiscardChoice):
        return {
            need.seat: Prompt(
                seat=need.seat,
                msg=text,
                kinds=["discard"],
                out_of_turn=need.seat != state.current,
                default=default_discard(state, need).model_dump(),
            )
        }
    default = Defeat(faction=state.factions[default_victim(state, need.district)])
    return {
        need.seat: Prompt(
            seat=need.seat,
            msg=text,
            kinds=["defeat"],
            choices=game.quick_choices(state, victims(state, need)),
            out_of_turn=True,
            default=default.model_dump(),
        )
    }
