"""Purposeful players for Space Insurrection end-to-end games, so a whole game reaches a win
by conquest in a few hundred commands.

One seat, the aggressor, builds Troops, cruisers and saboteurs at home, ships them to the
first world holding enemy units and strikes there until nobody else has a unit on the board.
The others play passively (empty orders, passes, defaults), except that each keeps one
military unit beside its Base, so it too has movement orders to write. Now and then the
aggressor also observes a reserve, blockades or spies, so those paths are used too."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.table.model import Table
from engine import ActionBase
from engine.games.space_insurrection import GAME
from engine.games.space_insurrection.actions import Act, Deploy, Pass
from engine.games.space_insurrection.player import STRIKES, ferry, preferred
from engine.games.space_insurrection.state import SpaceState, type_of

BUILD = ("troops", "star_cruiser", "saboteur", "agent", "assassin", "security", "diplomat")


def policy(aggressor: int = 0, seed: int = 0) -> Callable[[Table], tuple[int, ActionBase]]:
    rnd = random.Random(seed)

    def play(table: Table) -> tuple[int, ActionBase]:
        state = table.state
        assert isinstance(state, SpaceState)
        prompts = GAME.prompts(state)
        seat = aggressor if aggressor in prompts else min(prompts)
        prompt = prompts[seat]
        if seat != aggressor and state.phase == "action":
            return seat, _garrison(state, seat)
        if seat != aggressor or prompt.out_of_turn:
            assert prompt.default is not None
            return seat, GAME.parse_action(prompt.default)
        if prompt.sheet is not None:
            return seat, GAME.parse_action(prompt.sheet.submission(_sheet(state, seat, rnd)))
        return seat, _action(state, seat)

    return play


def target_world(state: SpaceState, seat: int) -> str | None:
    """The first world in the action order with enemy units, where the aggressor gathers."""
    for world in state.worlds:
        if any(u.owner != seat for u in state.units_at(world.id)):
            return world.id
    return None


def _sheet(state: SpaceState, seat: int, rnd: random.Random) -> dict[str, str]:
    prompt = GAME.prompts(state)[seat]
    assert prompt.sheet is not None
    draft: dict[str, str] = {}
    if state.phase == "blockade":
        for line in prompt.sheet.lines:
            here = state.units[line.key].world
            if rnd.random() < 0.3 and any(u.owner != seat for u in state.units_at(here)):
                draft[line.key] = "blockade"
        return draft
    if state.phase == "surveillance":
        for line in prompt.sheet.lines:
            reserves = [o.value for o in line.options if o.value.startswith("reserve-")]
            if reserves and rnd.random() < 0.5:
                draft[line.key] = rnd.choice(reserves)
        return draft
    goal = target_world(state, seat)
    if goal is None:
        return draft
    lines = prompt.sheet.lines
    where = {line.key: state.units[line.key].world for line in lines}
    escorts = [
        line.key
        for line in lines
        if not line.locked and where[line.key] != goal and type_of(line.key).id in BUILD[2:]
    ]
    draft.update(dict.fromkeys(escorts, goal))
    ferry(lines, where, goal, draft)
    return draft


def _garrison(state: SpaceState, seat: int) -> ActionBase:
    """A passive seat deploys one military unit while it has none on the board, then passes."""
    if any(type_of(u.id).kind == "m" for u in state.units.values() if u.owner == seat):
        return Pass()
    for action in GAME.legal_actions(state, seat):
        if isinstance(action, Deploy) and type_of(action.chit).id in ("troops", "star_cruiser"):
            return action
    return Pass()


def _action(state: SpaceState, seat: int) -> ActionBase:
    actions = GAME.legal_actions(state, seat)
    strikes = [a for a in actions if isinstance(a, Act) and a.action in STRIKES]
    if strikes:
        return strikes[0]
    spies = [a for a in actions if isinstance(a, Act) and a.action == "spy"]
    if spies:
        return spies[0]
    deploys = [a for a in actions if isinstance(a, Deploy)]
    deploy = preferred(deploys, BUILD, lambda a: type_of(a.chit).id)
    if deploy is not None:
        return deploy
    mends = [a for a in actions if isinstance(a, Act) and a.action in ("heal", "repair")]
    if mends:
        return mends[0]
    return Pass()
