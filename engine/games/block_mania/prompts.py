"""Who acts now and what they may do, with the default played when the table stops waiting:
the first Justice card open in the Endgame, otherwise ending the phase (passing Defensive
Fire). The decks guarantee the end: every turn draws a card, and the game is over once the
Justice cards run out, so defaults alone finish a game."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice
from typing import Any

from engine.core import ActionBase, Game, Prompt, in_phase
from engine.games.block_mania import ordnance, turn
from engine.games.block_mania.actions import Attack, Deploy, End
from engine.games.block_mania.state import ManiaState
from engine.messages import m

QUICK = ("end", "deploy", "activate", "switch")
"""Kinds offered as buttons on a seat's own turn; moves, attacks and cards are typed with
autocomplete, and cards are also played from the hand. Defensive Fire offers every shot as a
button, as it reaches the defender out of turn."""


def acting(state: ManiaState) -> int | None:
    if state.ended:
        return None
    return state.defender if state.phase == "defensive" else state.active


def legal(state: ManiaState, seat: int) -> list[ActionBase]:
    if acting(state) != seat:
        return []
    phase = state.phase
    if phase == "justice":
        return list(turn.cards_for(state, seat))
    if phase == "command":
        return _commands(state, seat, turn.moves(state))
    if phase == "defensive":
        return [*turn.defensive_shots(state), *turn.cards_for(state, seat), End()]
    return [*turn.attacks(state), *turn.cards_for(state, seat), End()]


def default(state: ManiaState, seat: int) -> ActionBase:
    if state.phase == "justice":
        return legal(state, seat)[0]
    return End()


def prompts(game: Game[ManiaState, Any], state: ManiaState) -> dict[int, Prompt]:
    seat = acting(state)
    if seat is None:
        return {}
    offered, kinds = _offered(state, seat)
    quick = [a for a in offered if a.kind in QUICK]
    question = m(f"mania.prompt.{state.phase}", n=state.cp)
    key = f"turn-{state.turn}"
    if state.phase == "defensive" and state.window is not None:
        shown = sorted({a.kind for a in offered if a.kind != "end"})
        shots = game.quick_choices(state, [a for a in offered if isinstance(a, Attack)])
        window = state.window.prompt(question, End().model_dump(), kinds=shown, choices=shots)
        return in_phase(window, key)
    prompt = Prompt(
        seat=seat,
        msg=question,
        kinds=sorted(kinds),
        choices=game.quick_choices(state, quick),
        default=default(state, seat).model_dump(),
    )
    return in_phase({seat: prompt}, key)


def _offered(state: ManiaState, seat: int) -> tuple[list[ActionBase], set[str]]:
    """What `legal` lists, but for moves in the Command phase, which are only looked for: the
    prompt shows their kind, not each of them (they are typed with autocomplete), and every
    position's prompt asks. Listing every Blocker's reach was about a tenth of a step."""
    if state.phase != "command":
        offered = legal(state, seat)
        return offered, {a.kind for a in offered}
    found = _commands(state, seat, ())
    return found, {a.kind for a in (*found, *islice(turn.moves(state), 1))}


def _commands(state: ManiaState, seat: int, moves: Iterable[ActionBase]) -> list[ActionBase]:
    """The Command phase's actions in the order `legal` lists them, with `moves` in their
    place."""
    found: list[ActionBase] = [
        *turn.activatable(state),
        *moves,
        *turn.switches(state),
        *ordnance.offered(state),
    ]
    if turn.may_deploy(state):
        found.append(Deploy())
    return [*found, *turn.cards_for(state, seat), End()]
