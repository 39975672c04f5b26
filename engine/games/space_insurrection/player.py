"""Space Insurrection's own computer player: a greedy one that decides only from what its seat
is shown (`engine.players.Seen`).

It reads its seat's view (the board, its own reserve), its own prompt (the order sheet it must
fill in) and its own legal actions, never the state behind them, so what it chooses cannot
depend on another seat's reserve, the pile's order or the dice to come. That is what makes its
games a fair measure of how long a purposeful table takes to win by the rulebook
(`tests/bench/last_turn.py`), and `tests/engine/space_insurrection/test_player.py` proves it.

Its plan, every turn: Diplomats spread to worlds nobody holds and take them; Troops ride the
cruisers to the world whose enemy Troops or installations stop a Control, then fight there;
at every world it controls or subdues first, strikes at enemy units next, then deploys
(Diplomats and Troops before anything else, never Rebels), and at last incites an uprising on
an enemy's world it cannot take otherwise, for its Troops to subdue. It never blockades or
observes: cruisers are for carrying, Agents for acting. The pieces that any purposeful Space
Insurrection player needs (ferrying Troops, picking an action by preference) are here too, for
the end-to-end test players."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cached_property
from typing import Any

from engine.core import ActionBase
from engine.games.space_insurrection.actions import Act, Declare, Deploy, Discard, Pass
from engine.games.space_insurrection.content.models import content
from engine.games.space_insurrection.state import SpaceState
from engine.games.space_insurrection.view import SpaceView, UnitView, WorldView
from engine.players import Player, Seen
from engine.sheets import OrderLine

TAKE = ("control", "subdue")
STRIKES = ("attack", "sabotage", "bombard", "kill")
KEEP = (
    "diplomat",
    "troops",
    "star_cruiser",
    "governor",
    "saboteur",
    "base",
    "assassin",
    "agent",
    "security",
    "ion_gun",
    "force_field",
    "rebel_leader",
    "rebels",
)
"""Unit types from the most to the least wanted: what is deployed first, discarded last."""
ESCORTS = ("saboteur", "assassin", "security")
"""Units that go to the fight with the Troops: they strike installations and personalities."""


def wanted(kind: str) -> int:
    """How little a unit type is wanted: its place in `KEEP`, special chits after them all."""
    return KEEP.index(kind) if kind in KEEP else len(KEEP)


def kind_of(chit: str) -> str:
    """The unit type of a chit id (`star_cruiser-3` -> `star_cruiser`), printed on the chit."""
    return chit.rsplit("-", 1)[0]


def preferred(
    actions: Iterable[ActionBase], order: Sequence[str], key: Callable[[Any], str]
) -> ActionBase | None:
    """The action whose `key` comes earliest in `order`, the first listed among equals (None:
    no action's key is in `order`)."""
    ranked = [a for a in actions if key(a) in order]
    return min(ranked, key=lambda a: order.index(key(a)), default=None)


def ferry(
    lines: Iterable[OrderLine],
    where: dict[str, str],
    goal: str,
    draft: dict[str, str],
    empty: bool = True,
) -> None:
    """Send the free cruisers in `lines` to `goal`, each carrying up to its capacity of the
    free Troops waiting on its world (`where`: unit -> world); Troops never move alone. With
    `empty` False a cruiser with nobody to carry keeps its orders open."""
    capacity = content().numbers.cruiser_capacity
    free = [line.key for line in lines if not line.locked and where[line.key] != goal]
    troops = [u for u in free if kind_of(u) == "troops"]
    for cruiser in (u for u in free if kind_of(u) == "star_cruiser"):
        aboard = [u for u in troops if where[u] == where[cruiser] and u not in draft][:capacity]
        if aboard or empty:
            draft.update(dict.fromkeys([cruiser, *aboard], goal))


class Board:
    """One seat's decision with its board read for the greedy plan: where units are, whose
    they are, which worlds a Control cannot take."""

    def __init__(self, what: Seen):
        self.prompt = what.prompt
        self.legal = what.legal
        self.parse = what.parse
        self._what = what

    @cached_property
    def view(self) -> SpaceView:
        view = self._what.view
        assert isinstance(view, SpaceView)
        return view

    @property
    def me(self) -> int:
        assert self.view.me is not None
        return self.view.me

    def where(self) -> dict[str, str]:
        return {u.id: w.id for w in self.view.worlds for u in w.units}

    def enemies(self, world: WorldView) -> list[UnitView]:
        return [u for u in world.units if u.owner != self.me]

    def blocked(self, world: WorldView) -> bool:
        """Enemy Troops or installations there stop a Control World."""
        return any(kind_of(u.id) == "troops" or u.kind == "mi" for u in self.enemies(world))

    def mine(self, kind: str) -> list[UnitView]:
        return [
            u
            for w in self.view.worlds
            for u in w.units
            if u.owner == self.me and kind_of(u.id) == kind
        ]


def player(seed: int) -> Player:
    """The greedy player (the seed is unused: nothing in its plan is left to chance)."""
    return choose


def choose(seen: Seen) -> ActionBase:
    """The greedy player's action for the seat being asked."""
    what = Board(seen)
    sheet = what.prompt.sheet
    if sheet is not None:
        # No blockades (a blockading cruiser carries nobody) and no observations (an Agent
        # that rests may act later): only movement orders are written.
        draft = _moves(what) if sheet.kind == "moves" else {}
        return what.parse(sheet.submission(draft))
    discards = [a for a in what.legal if isinstance(a, Discard)]
    if discards:
        return max(discards, key=lambda a: (wanted(kind_of(a.chit)), a.chit))
    declares = [a for a in what.legal if isinstance(a, Declare)]
    if declares:
        return declares[0]
    return _action(what)


# ----- secret orders ---------------------------------------------------------------------------
def _moves(what: Board) -> dict[str, str]:
    assert what.prompt.sheet is not None
    lines = [line for line in what.prompt.sheet.lines if not line.locked]
    where = what.where()
    draft: dict[str, str] = {}
    _spread_diplomats(what, lines, where, draft)
    goal = _battlefield(what)
    if goal is None:
        return draft
    escorts = [line for line in lines if kind_of(line.key) in ESCORTS and where[line.key] != goal]
    draft.update({line.key: goal for line in escorts})
    # Troops already where an enemy stands stay and fight; the others are ferried in.
    idle = [line for line in lines if not _contested(what, where[line.key])]
    ferry(idle, where, goal, draft, empty=False)
    _fetch(what, lines, where, goal, draft)
    return draft


def _spread_diplomats(
    what: Board, lines: list[OrderLine], where: dict[str, str], draft: dict[str, str]
) -> None:
    """One Diplomat to each world it could take by Control (nobody's first); one already on
    such a world stays."""
    open_worlds = [
        w
        for w in sorted(what.view.worlds, key=lambda w: w.loyal is not None)
        if w.loyal != what.me and not w.uprising and not what.blocked(w)
    ]
    diplomats = [line.key for line in lines if kind_of(line.key) == "diplomat"]
    claimed = {where[d] for d in diplomats if where[d] in {w.id for w in open_worlds}}
    staying: dict[str, str] = {}
    for d in diplomats:
        if where[d] in claimed and where[d] not in staying.values():
            staying[d] = where[d]
    targets = [w.id for w in open_worlds if w.id not in claimed]
    for d in diplomats:
        if d not in staying and targets:
            draft[d] = targets.pop(0)


def _battlefield(what: Board) -> str | None:
    """The world the army goes to: one not ours where a Control is stopped by enemy Troops or
    installations, or that is in uprising; the least defended first, then where our own
    Troops already fight."""
    fights = [w for w in what.view.worlds if w.loyal != what.me and (what.blocked(w) or w.uprising)]
    if not fights:
        return None

    def cost(w: WorldView) -> tuple[int, int]:
        defenders = sum(1 for u in what.enemies(w) if u.kind in ("m", "mi"))
        ours = sum(1 for u in w.units if u.owner == what.me and kind_of(u.id) == "troops")
        return defenders - ours, -ours

    return min(fights, key=cost).id


def _contested(what: Board, world_id: str) -> bool:
    world = next(w for w in what.view.worlds if w.id == world_id)
    return world.loyal != what.me and (what.blocked(world) or world.uprising)


def _fetch(
    what: Board, lines: list[OrderLine], where: dict[str, str], goal: str, draft: dict[str, str]
) -> None:
    """A cruiser with nobody to carry goes back to where most of our Troops wait for a ride,
    or else joins the fight (it bombards installations there)."""
    waiting: dict[str, int] = {}
    for troops in what.mine("troops"):
        at = where[troops.id]
        if troops.id not in draft and not _contested(what, at):
            waiting[at] = waiting.get(at, 0) + 1
    for line in lines:
        if kind_of(line.key) != "star_cruiser" or line.key in draft:
            continue
        best = max(waiting, key=lambda w: (waiting[w], w)) if waiting else goal
        if best != where[line.key] and not _contested(what, where[line.key]):
            draft[line.key] = best


# ----- the action phase ------------------------------------------------------------------------
def _action(what: Board) -> ActionBase:
    if len(what.legal) == 1:
        return what.legal[0]
    acts = [a for a in what.legal if isinstance(a, Act)]
    take = preferred(acts, TAKE, lambda a: a.action)
    if take is not None:
        return take
    strikes = [a for a in acts if a.action in STRIKES and a.target in what.where()]
    blocking = [a for a in strikes if kind_of(a.target) == "troops" or _installation(what, a)]
    if blocking or strikes:
        return (blocking or strikes)[0]
    deploy = _deploy(what)
    if deploy is not None:
        return deploy
    here = next(w for w in what.view.worlds if w.resolving)
    incite = [a for a in acts if a.action == "incite" and here.loyal not in (None, what.me)]
    mends = [a for a in acts if a.action in ("heal", "repair")]
    if incite or mends:
        return (incite or mends)[0]
    return Pass()


def _installation(what: Board, action: Act) -> bool:
    return any(u.id == action.target and u.kind == "mi" for w in what.view.worlds for u in w.units)


def _deploy(what: Board) -> ActionBase | None:
    """The most wanted chit; a cruiser only while the Troops outnumber what the cruisers lift."""
    deploys = [a for a in what.legal if isinstance(a, Deploy)]
    lift = len(what.mine("star_cruiser")) * content().numbers.cruiser_capacity
    if lift >= len(what.mine("troops")):
        deploys = [a for a in deploys if kind_of(a.chit) != "star_cruiser"] or deploys
    return preferred(deploys, KEEP[: KEEP.index("rebel_leader")], lambda a: kind_of(a.chit))


def evaluate(state: SpaceState) -> list[float]:
    """How an unfinished game looks to each seat, for the computer's search: its share of the
    loyal worlds (every world wins) and of the units on the board (the last with units wins),
    weighed alike."""
    seats = range(len(state.seat_names))
    worlds = len(state.worlds) or 1
    units = len(state.units) or 1
    loyal = [sum(w.loyal == s for w in state.worlds) / worlds for s in seats]
    board = [sum(u.owner == s for u in state.units.values()) / units for s in seats]
    return [(loyal[s] + board[s]) / 2 for s in seats]
