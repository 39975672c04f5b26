"""RIOT's own computer player and its evaluation of a position, for the computer levels.

The player reads only its seat's view and legal actions: it buys what it can, deploys, heads
into empty buildings, attacks when its declared force beats the defenders', plays Blitz cards
when it has them, and otherwise ends its turn; one choice in a few is any legal action, so no
line of play is never tried."""

from __future__ import annotations

from engine.core import ActionBase
from engine.games.riot.actions import Attack, Move
from engine.games.riot.board import held_buildings
from engine.games.riot.content.models import content
from engine.games.riot.state import POLICE, RiotState
from engine.games.riot.turn import AREA_POINTS_TO_WIN
from engine.games.riot.view import RiotView
from engine.players import Player, Seen
from engine.rng import Rng

RANDOM_ONE_IN = 6


def player(seed: int) -> Player:
    return _player(seed, tries=True)


def prior(seed: int) -> Player:
    """The player's considered choice, never a random try: the strong level's first choice at
    the root of its search (random tries keep playouts varied; played for real they are
    mostly mistakes)."""
    return _player(seed, tries=False)


def _player(seed: int, tries: bool) -> Player:
    rng = Rng.seeded(seed)

    def play(what: Seen) -> ActionBase:
        view = what.view
        assert isinstance(view, RiotView)
        return choose(view, what.legal, rng, tries)

    return play


def choose(view: RiotView, actions: list[ActionBase], rng: Rng, tries: bool = True) -> ActionBase:
    if tries and rng.below(RANDOM_ONE_IN) == 0:
        return rng.choice(actions)
    scored = [(score(view, a), a) for a in actions]
    best = max(s for s, _ in scored)
    return rng.choice([a for s, a in scored if s == best])


def score(view: RiotView, action: ActionBase) -> int:
    """Higher is more purposeful: an attack that outnumbers, entering a building, buying, a
    card played; 0 for anything else."""
    if isinstance(action, Attack):
        forces = {u.id: u.force for u in view.units}
        mine = sum(forces.get(x, 0) for x in action.units.split(","))
        theirs = sum(
            u.force for u in view.units if u.at == action.target and u.faction == action.defender
        )
        theirs += 1 if not action.target.startswith("s") else 0
        return 4 if mine > theirs else 0
    if isinstance(action, Move):
        if action.to.startswith("b"):
            return 3
        return 1 if action.to.startswith("s") else 0
    return {"buy": 2, "card": 2, "play": 2, "deploy": 1, "place": 1, "press": 1}.get(action.kind, 0)


def evaluate(state: RiotState) -> list[float]:
    """Each seat's worth of an unfinished game: the Police by the Public Opinion cards turned
    over, the Autonomen and Anarchists by their area points and buildings, the Nationalists by
    their buildings; the protesters share what the Police do not have."""
    opinion = len(state.revealed) / max(1, len(state.revealed) + len(state.opinion))
    values = []
    for seat, faction in enumerate(state.factions):
        if seat == POLICE:
            values.append(0.2 + 0.6 * opinion)
            continue
        if seat in state.out:
            values.append(0.0)
            continue
        buildings = len(held_buildings(state, faction)) / 18
        points = state.points[seat] / AREA_POINTS_TO_WIN
        cards = min(len(state.hands[seat]), 4) / 40
        progress = 0.5 * points + 0.3 * buildings + cards
        if faction == "nationalists" and state.goal:
            goal = content().goal(state.goal)
            done = (
                state.eliminations[seat]
                if goal.kind == "eliminations"
                else len(held_buildings(state, faction))
            )
            progress = 0.7 * min(1.0, done / goal.amount) + cards
        values.append(max(0.0, min(1.0, 0.2 + 0.6 * progress - 0.2 * opinion)))
    return values
