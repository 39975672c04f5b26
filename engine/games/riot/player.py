"""RIOT's own computer player and its evaluation of a position, for the computer levels.

The player reads only its seat's view and legal actions. A protester faction plays for its
areas: it takes the empty buildings of the areas it is closest to holding whole, never walks
out of a building, brings new units to the areas that still lack them and keeps a unit in
the street of each area it holds (a unit there may block every attack on its buildings),
attacks only where its force wins and the street matters or a Blitz card hurts for free,
and spends its credits, which are lost at the end of the turn. The Police attack where they
outnumber the defenders. Every faction blocks whatever asks its way. A way blocked once this
turn is not asked again: the view does not show a refusal, so the player remembers its own
last try. One choice in a few is any legal action, so no line of play is never tried."""

from __future__ import annotations

from engine.core import ActionBase
from engine.games.riot.actions import Attack, Buy, Deploy, Move, Obstruct, Place, Play, Press
from engine.games.riot.board import (
    OFF_BOARD,
    area_of,
    building_values,
    buildings_in,
    held_buildings,
)
from engine.games.riot.content.models import content
from engine.games.riot.state import POLICE, RiotState
from engine.games.riot.turn import AREA_POINTS_TO_WIN, area_points
from engine.games.riot.view import RiotView, UnitView
from engine.players import Player, Seen, player_and_prior
from engine.rng import Rng

RANDOM_ONE_IN = 6
GUARDS = 1
"""Units a protester keeps in the street of an area it holds buildings in."""
HAND = 2
"""Cards a protester buys before its units: below this many, a card comes first."""


def _player(rng: Rng, tries: bool) -> Player:
    blocked = _Blocked()

    def play(what: Seen) -> ActionBase:
        view = what.view
        assert isinstance(view, RiotView)
        chosen = choose(view, blocked.open(view, what.legal), rng, tries)
        blocked.tried(view, chosen)
        return chosen

    return play


player, prior = player_and_prior(_player)


class _Blocked:
    """The moves into buildings and attacks a seat asked for this turn that another faction
    blocked. A block leaves the board as it was and hands the turn back, so being asked again
    with the same board right after such a try means it was blocked; asking again would only
    be blocked again, forever against a faction that always blocks."""

    def __init__(self) -> None:
        self.turn: tuple[int, int] | None = None
        self.refused: set[str] = set()
        self.last: tuple[tuple[object, ...], str] | None = None

    def open(self, view: RiotView, actions: list[ActionBase]) -> list[ActionBase]:
        turn = (view.round, view.active)
        if turn != self.turn:
            self.turn, self.refused, self.last = turn, set(), None
        if self.last is not None and self.last[0] == _board(view):
            self.refused.add(self.last[1])
        self.last = None
        left = [a for a in actions if a.to_text() not in self.refused]
        return left or actions

    def tried(self, view: RiotView, action: ActionBase) -> None:
        if isinstance(action, Attack) or (isinstance(action, Move) and action.to in _VALUES):
            self.last = (_board(view), action.to_text())


def _board(view: RiotView) -> tuple[object, ...]:
    return (view.phase, tuple(view.units), tuple(view.hand))


_VALUES = building_values()


def choose(view: RiotView, actions: list[ActionBase], rng: Rng, tries: bool = True) -> ActionBase:
    if tries and rng.below(RANDOM_ONE_IN) == 0:
        return rng.choice(actions)
    reading = Reading(view)
    scored = [(score(view, a, reading), a) for a in actions]
    best = max(s for s, _ in scored)
    return rng.choice([a for s, a in scored if s == best])


class Reading:
    """What the scores ask of a view, gathered once per decision: who stands where, and per
    area the buildings the deciding faction holds, those standing empty, those a rival holds,
    and its own units in the street or at the entry point, on their way in."""

    def __init__(self, view: RiotView) -> None:
        seat = view.seat if view.seat is not None else view.active
        self.me = view.seats[seat].faction
        self.force = {u.id: u.force for u in view.units}
        self.units = {u.id: u for u in view.units}
        self.here: dict[str, list[UnitView]] = {}
        for u in view.units:
            self.here.setdefault(u.at, []).append(u)
        self.held = dict.fromkeys(view.areas, 0)
        self.empty: dict[str, list[str]] = {n: [] for n in view.areas}
        self.rival = dict.fromkeys(view.areas, 0)
        self.rivals: dict[str, set[str]] = {n: set() for n in view.areas}
        for building in view.buildings:
            if building.holder is None:
                self.empty[building.area].append(building.id)
            elif building.holder == self.me:
                self.held[building.area] += 1
            else:
                self.rival[building.area] += 1
                self.rivals[building.area].add(building.holder)
        self.coming = {n: len(self.mine(f"s{n}")) + len(self.mine(f"e{n}")) for n in view.areas}
        self.coming_new = len(self.mine("new"))

    def mine(self, place: str) -> list[UnitView]:
        return [u for u in self.here.get(place, []) if u.faction == self.me]

    def enemy_force(self, place: str) -> int:
        return sum(u.force for u in self.here.get(place, []) if u.faction != self.me)

    def wanted(self, n: str) -> int:
        """Units the area still asks for: its empty buildings while no rival holds one there,
        and a guard in its street once the faction holds a building in it."""
        if self.rival[n]:
            return 0
        return len(self.empty[n]) + (GUARDS if self.held[n] or self.empty[n] else 0)

    def need(self, n: str) -> int:
        return self.wanted(n) - self.coming[n]

    def needed(self) -> int:
        """Units the faction's areas ask for beyond those on their way and those bought."""
        return sum(max(0, self.need(n)) for n in self.held) - self.coming_new

    def whole(self, n: str) -> bool:
        """Whether one rival faction holds every building of the area: a point at its turn."""
        return self.rival[n] == len(buildings_in(n)) and len(self.rivals[n]) == 1

    def promise(self, n: str) -> int:
        """How worth reinforcing an area is: the buildings held and units on their way,
        less the enemy in its street."""
        return 3 * self.held[n] + 2 * self.coming[n] - self.enemy_force(f"s{n}")


def score(view: RiotView, action: ActionBase, reading: Reading | None = None) -> float:
    """Higher is more purposeful; ending the turn or passing is 0."""
    reading = reading or Reading(view)
    if isinstance(action, Obstruct):
        return 5 if action.answer == "block" else 0
    if isinstance(action, Press):
        att, dfn = _clash_forces(view, reading)
        return 3 if (action.answer == "continue") == (att > dfn) else 0
    if view.clash is not None and isinstance(action, Play):
        return _blitz(view, reading, action)
    if reading.me == "police":
        return _police(action, reading)
    return _protester(view, action, reading)


def _police(action: ActionBase, reading: Reading) -> float:
    """The Police break whole areas before they score, clear the streets that guard them,
    and keep a unit in the street of every area the protesters are filling (it blocks each
    unit on its way in); they spend their credits, officers first (the most force for the
    money), as an unspent credit is lost."""
    if isinstance(action, Attack):
        mine, theirs = _attack_forces(action, reading)
        if mine <= theirs:
            return 0
        n = area_of()[action.target]
        if action.target in _VALUES:
            return 4 + (6 if reading.whole(n) else 2 * reading.rival[n])
        return 4 + (3 if reading.rival[n] else 0) + (3 if reading.whole(n) else 0)
    if isinstance(action, Move):
        return _patrol(action, reading)
    if isinstance(action, Buy):
        return 3 if action.unit == content().basic("police").id else 2
    return 1 if action.kind == "deploy" else 0


def _patrol(action: Move, reading: Reading) -> float:
    start, to = reading.units[action.unit].at, action.to
    leaving = 0
    if start.startswith("s") and reading.rival[area_of()[start]]:
        leaving = -3 if len(reading.mine(start)) == 1 else 0
    if not to.startswith("s"):
        return leaving - 1
    n = area_of()[to]
    if not reading.rival[n]:
        return leaving
    return leaving + (6 + reading.rival[n] if not reading.mine(to) else 2)


def _protester(view: RiotView, action: ActionBase, reading: Reading) -> float:
    if isinstance(action, Move):
        return _move(action, reading)
    if isinstance(action, Attack):
        return _attack(view, action, reading)
    if isinstance(action, Deploy):
        return 2 + _arrival(action.to.removeprefix("e"), reading)
    if isinstance(action, Play):
        return _turn_card(action, reading)
    if isinstance(action, Buy):
        basic = content().basic(reading.me).id
        if reading.needed() > 0:
            return 5 if action.unit == basic else 4
        return 1
    if action.kind == "card":
        return 6 if len(view.hand) < HAND else 3
    if isinstance(action, Place):
        n = area_of()[action.building]
        ring = view.areas
        i = ring.index(n)
        beside = (ring[i - 1], ring[(i + 1) % len(ring)])
        return _VALUES[action.building] + sum(1 for x in beside if reading.held[x])
    return 0


def _arrival(n: str, reading: Reading) -> float:
    """How good a unit coming into area `n`'s street is."""
    if reading.need(n) > 0:
        return 10 + reading.promise(n)
    return 1 - reading.enemy_force(f"s{n}")


def _move(action: Move, reading: Reading) -> float:
    unit = reading.units[action.unit]
    start, to = unit.at, action.to
    if start in _VALUES:
        return -10
    if to in _VALUES:
        n = area_of()[to]
        return 20 + 3 * reading.held[n] + _VALUES[to] - 5 * reading.rival[n]
    if start.startswith("e"):
        return 1
    n, there = area_of()[start], area_of()[to]
    if reading.need(n) >= 0:
        return -1
    return 3 + reading.promise(there) if reading.need(there) > 0 else -1


def _attack(view: RiotView, action: Attack, reading: Reading) -> float:
    mine, theirs = _attack_forces(action, reading)
    if action.target in _VALUES:
        return 6 if mine > theirs else -3
    n = area_of()[action.target]
    useful = reading.wanted(n) > 0 or reading.held[n] > 0
    if mine > theirs and useful:
        media = any(reading.units[x].type == "mediactivist" for x in action.units.split(","))
        return 7 + (1 if media else 0)
    defenders = [u for u in reading.here.get(action.target, []) if u.faction == action.defender]
    if any(_hurts(card, u) for card in view.hand for u in defenders):
        return 5
    return -3


def _attack_forces(action: Attack, reading: Reading) -> tuple[int, int]:
    mine = sum(reading.force.get(x, 0) for x in action.units.split(","))
    theirs = sum(
        u.force for u in reading.here.get(action.target, []) if u.faction == action.defender
    )
    return mine, theirs + (1 if action.target in _VALUES else 0)


def _clash_forces(view: RiotView, reading: Reading) -> tuple[int, int]:
    """The forces of the clash under way as (the attacker's, the defender's), the
    building's bonus included; Blitz bonuses do not show."""
    clash = view.clash
    assert clash is not None
    att = sum(reading.force.get(x, 0) for x in clash.attackers)
    dfn = sum(reading.force.get(x, 0) for x in clash.defenders)
    return att, dfn + (1 if clash.target in _VALUES else 0)


def _hurts(card_id: str, target: UnitView) -> bool:
    """Whether a distance card takes `target` out of a clash (a shield stops one point)."""
    card = content().card(card_id)
    if card.effect != "damage" or card.window != "distance":
        return False
    return card.amount > (1 if target.shield else 0)


def _blitz(view: RiotView, reading: Reading, action: Play) -> float:
    clash = view.clash
    assert clash is not None
    card = content().card(action.card)
    att, dfn = _clash_forces(view, reading)
    attacking = clash.attacker == reading.me
    mine, theirs = (att, dfn) if attacking else (dfn, att)
    if card.effect == "damage":
        target = reading.units.get(action.target)
        return 4 + target.force if target is not None and _hurts(action.card, target) else -2
    if card.effect == "force":
        return 4 if mine <= theirs <= mine + card.amount else -1
    if card.effect == "tie_cap":
        return 4 if mine + 1 == theirs else -1
    if card.effect == "no_opinion":
        return 2 if "police" in (clash.attacker, clash.defender) else -1
    if card.effect == "no_clash":
        return 4 if not attacking and mine < theirs else -1
    return 0


def _turn_card(action: Play, reading: Reading) -> float:
    card = content().card(action.card)
    if card.effect == "free_unit":
        return 3 + _arrival(action.target.removeprefix("e"), reading)
    unit = reading.units.get(action.target)
    if unit is None or unit.at in _VALUES or unit.at[:1] not in ("s", "e"):
        return -1
    n = area_of()[unit.at]
    ready = [u for u in reading.mine(f"s{n}") if not u.spent]
    late = unit.spent or unit.at.startswith("e")
    return 8 if late and len(reading.empty[n]) > len(ready) and not reading.rival[n] else -1


def evaluate(state: RiotState) -> list[float]:
    """Each seat's worth of an unfinished game. An Autonomen or Anarchist faction is worth
    its progress to the area points it needs: points scored, each area held whole (a point at
    every turn of its own), buildings held towards more and cards in hand, the less so
    the nearer the Public Opinion deck is to running out; a faction with few units left on
    the board is close to being eliminated. The Nationalists by their goal; the Police by
    what the strongest protester does not have."""
    opinion = len(state.revealed) / max(1, len(state.revealed) + len(state.opinion))
    values = [0.0] * len(state.factions)
    for seat, faction in enumerate(state.factions):
        if seat == POLICE or seat in state.out:
            continue
        cards = min(len(state.hands[seat]), 4) / 40
        if faction == "nationalists" and state.goal:
            goal = content().goal(state.goal)
            done = (
                state.eliminations[seat]
                if goal.kind == "eliminations"
                else len(held_buildings(state, faction))
            )
            progress = 0.7 * min(1.0, done / goal.amount) + cards
            values[seat] = max(0.0, min(1.0, 0.2 + 0.6 * progress - 0.2 * opinion))
            continue
        values[seat] = _protester_worth(state, seat, opinion, cards)
    protest = [v for s, v in enumerate(values) if s != POLICE]
    values[POLICE] = 1 - max(protest, default=0.0)
    return values


PARTIAL = (0.0, 0.15, 0.5)
"""What an area with 0, 1 or 2 of its 3 buildings held is worth, in area points to come."""
WHOLE = 1.5
"""An area held whole, in area points to come: the next turn's point and some of the later."""


def _protester_worth(state: RiotState, seat: int, opinion: float, cards: float) -> float:
    faction = state.factions[seat]
    held = set(held_buildings(state, faction))
    whole = area_points(state, seat)
    partial = 0.0
    for n in (a.id.removeprefix("a") for a in content().board.areas):
        count = sum(1 for x in buildings_in(n) if x in held)
        partial += PARTIAL[count] if count < len(PARTIAL) else 0.0
    reach = state.points[seat] + WHOLE * whole + partial
    progress = min(1.0, reach / AREA_POINTS_TO_WIN)
    units = sum(1 for u in state.units if u.faction == faction and u.at not in OFF_BOARD)
    alive = min(1.0, units / 3)
    worth = 0.05 + 0.85 * progress + cards - 0.3 * opinion * (1 - progress)
    return max(0.0, min(1.0, worth * (0.5 + 0.5 * alive)))
