"""Who may act now, what they may do, and what is played for them when the table stops
waiting. Every prompt has a default: passing a Blitz window, letting a unit by or staying out
of an attack, stopping an attack, the Police's weakest street unit for the Hospital, ending
the purchases and the turn, the first free building or entry point, the round's
order unchanged. Defaults alone end a game: a round of turns ended for absent players with
nothing done is a standstill."""

from __future__ import annotations

from itertools import islice
from typing import Any

from engine.core import ActionBase, Game, Prompt, in_phase
from engine.games.riot import clash as c
from engine.games.riot import names, turn
from engine.games.riot.actions import End, Hospital, Obstruct, Pass, Press
from engine.games.riot.state import POLICE, Casualty, Clash, Obstruction, RiotState
from engine.messages import Msg, m


def acting(state: RiotState) -> int | None:
    """The one seat that may act now, or None once the game is over."""
    if state.ended:
        return None
    if state.pending:
        need = state.pending[0]
        if isinstance(need, Casualty):
            return POLICE
        if isinstance(need, Obstruction):
            return need.seat
        return need.attacker if need.stage == "press" else need.window.seat
    if state.phase == "placement":
        return state.placing[0]
    if state.phase == "order":
        return POLICE
    return state.active


def legal(state: RiotState, seat: int) -> list[ActionBase]:
    if acting(state) != seat:
        return []
    if state.pending:
        need = state.pending[0]
        if isinstance(need, Casualty):
            return [Hospital(unit=u.id) for u in turn.casualties(state)]
        if isinstance(need, Obstruction):
            return [Obstruct(answer="allow"), Obstruct(answer="block")]
        if need.stage == "press":
            stop = Press(answer="stop")
            return [stop] if c.held_back(state, need) else [Press(answer="continue"), stop]
        return [*c.plays(state, seat), Pass()]
    if state.phase == "placement":
        return list(turn.placements(state, seat))
    if state.phase == "order":
        return list(turn.orders(state))
    if state.phase == "buy":
        return list(turn.purchases(state, seat))
    if state.phase == "deploy":
        return list(turn.deployments(state, seat))
    return _acts(state, seat, [*turn.moves(state, seat), *c.attacks(state, seat)])


def _acts(state: RiotState, seat: int, moving: list[ActionBase]) -> list[ActionBase]:
    """A turn's actions in the order `legal` lists them: `moving` (moves, then attacks), the
    turn's cards, and ending the turn."""
    return [*moving, *turn.turn_cards(state, seat), End()]


def default(state: RiotState, seat: int) -> ActionBase:
    if state.pending:
        need = state.pending[0]
        if isinstance(need, Casualty):
            return legal(state, seat)[0]
        if isinstance(need, Obstruction):
            return Obstruct(answer="allow")
        return Press(answer="stop") if need.stage == "press" else Pass()
    if state.phase == "order":
        return turn.default_order(state)
    if state.phase == "act":
        return End()
    if state.phase == "buy":
        return turn.Ready()
    return legal(state, seat)[0]


def _question(state: RiotState, seat: int) -> Msg:
    if state.pending:
        need = state.pending[0]
        if isinstance(need, Casualty):
            return m("riot.prompt.hospital")
        if isinstance(need, Obstruction):
            return _obstruct_question(state, need)
        return _clash_question(state, need, seat)
    if state.phase == "placement":
        return m("riot.prompt.place")
    if state.phase == "order":
        return m("riot.prompt.order")
    if state.phase == "buy":
        return m("riot.prompt.buy", n=state.credits[seat], price=turn.card_price(state))
    if state.phase == "deploy":
        return m("riot.prompt.deploy")
    return m("riot.prompt.act")


def _obstruct_question(state: RiotState, need: Obstruction) -> Msg:
    if need.why == "way":
        return m("riot.prompt.obstruct", faction=names.seat(state, need.mover))
    return m(
        "riot.prompt.interpose",
        faction=names.seat(state, need.mover),
        defender=names.faction(str(need.action["defender"])),
        place=names.place(str(need.action["target"])),
    )


def _clash_question(state: RiotState, clash: Clash, seat: int) -> Msg:
    if clash.stage == "press":
        return m("riot.prompt.press", place=names.place(clash.target))
    if clash.stage == "distance":
        return m("riot.prompt.distance", place=names.place(clash.target))
    return m("riot.prompt.hand", place=names.place(clash.target))


QUICK = ("obstruct", "hospital", "press", "pass", "order", "ready", "card", "buy", "end", "place")
"""Kinds offered as buttons; moves, deployments and attacks are typed with autocomplete, and
cards are played from the hand (`Game.hand`), whose buttons only their holder sees."""


def prompts(game: Game[RiotState, Any], state: RiotState) -> dict[int, Prompt]:
    seat = acting(state)
    if seat is None:
        return {}
    quick, kinds = _offered(state, seat)
    prompt = Prompt(
        seat=seat,
        msg=_question(state, seat),
        kinds=sorted(kinds),
        choices=game.quick_choices(state, quick),
        out_of_turn=seat != state.active or state.phase == "placement",
        default=default(state, seat).model_dump(),
    )
    return in_phase({seat: prompt}, f"round-{state.round.number}-{state.active}")


def _offered(state: RiotState, seat: int) -> tuple[list[ActionBase], set[str]]:
    """The seat's quick actions and every kind of action it may take: what `legal` lists,
    except that in a turn's actions a move or an attack is only looked for, not listed. Every
    position's prompt asks, and listing them all was about a tenth of a fuzzed step's time;
    they are typed with autocomplete, which lists them (`legal`)."""
    if state.pending or state.phase != "act":
        offered = legal(state, seat)
        return [a for a in offered if a.kind in QUICK], {a.kind for a in offered}
    found = [*islice(turn.moves(state, seat), 1), *islice(c.attacks(state, seat), 1)]
    acts = _acts(state, seat, found)
    return [a for a in acts if a.kind in QUICK], {a.kind for a in acts}
