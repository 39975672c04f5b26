"""Block Mania's own computer player and its evaluation of a position, for the computer levels.

The player reads only its seat's view and legal actions. Defeat Points decide the game, so it
weighs every attack by the Defeat Points it is expected to cost the other block (a kill, a
scrawl, a collapse) against those it risks for its own: it plays its cards, activates its
Blockers, walks them towards what they are good for (Spugs to the enemy's Civic and Plazas,
fighters to enemies they beat, the rest to a Fire Control facing a fire of their own block
or into the enemy block to burn and shoot it down), arms its charges there, shoots back in
Defensive Fire, makes each Blocker's best attack in the Combat phase's order, and ends a
phase once nothing purposeful is left. One choice in a few is any legal action, so no line of
play is never tried."""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Mapping
from functools import lru_cache
from types import MappingProxyType

from engine.core import ActionBase
from engine.games.block_mania import board, combat, weapons
from engine.games.block_mania.actions import Activate, Arm, Attack, Move, Play, SetUp
from engine.games.block_mania.content.models import content
from engine.games.block_mania.damage import COLLAPSE
from engine.games.block_mania.state import BLOCKS, SHARED, Blocker, ManiaState
from engine.games.block_mania.view import BlockerView, ManiaView
from engine.players import Player, Seen, player_and_prior
from engine.rng import Rng

RANDOM_ONE_IN = 8
"""One choice in this many is any legal action, so that no line of play is never tried."""
END = 1.0
"""What ending the phase is worth: an action the player rates lower is never its choice."""
FIRE_WORTH = 1.0
"""Defeat Points a Fire counter in a block is expected to cost it: fires grow, spread and
damage squares every End phase, and a collapse loads the squares above, so one fire can bring
a block down."""
BURNS = 0.35
"""The chance a Blocker left in a square that catches fire dies in it, over the End phases
before it walks out."""
PREY_EDGE = 2
"""A fighter goes after an enemy it outmatches by this much in close combat (it then wins
nearly three times in four and loses one in six)."""
DAMAGE_WORTH = 0.6
"""Defeat Points a Structural Damage counter is expected to cost its block beyond its own
collapse roll (it makes every later roll of that square likelier)."""
FALL = 2.0
"""Defeat Points a collapse costs its block, before the damage it loads on the squares above."""


def _player(rng: Rng, tries: bool) -> Player:
    def play(what: Seen) -> ActionBase:
        view = what.view
        assert isinstance(view, ManiaView)
        return choose(view, what.legal, rng, tries)

    return play


player, prior = player_and_prior(_player)


def choose(view: ManiaView, actions: list[ActionBase], rng: Rng, tries: bool = True) -> ActionBase:
    if tries and rng.below(RANDOM_ONE_IN) == 0:
        return rng.choice(actions)
    table = Table(view, actions)
    scored = [(table.score(a), a) for a in actions]
    best = max(s for s, _ in scored)
    return rng.choice([a for s, a in scored if s == best])


def at_least(need: int) -> float:
    """The chance 1D6 rolls `need` or more."""
    return min(1.0, max(0.0, (7 - need) / 6))


@lru_cache(maxsize=32)
def beats(edge: int) -> tuple[float, float]:
    """The chances that 1D6 + `edge` is higher, and lower, than another 1D6."""
    pairs = [(x + edge, y) for x in range(1, 7) for y in range(1, 7)]
    return sum(a > b for a, b in pairs) / 36, sum(a < b for a, b in pairs) / 36


def collapse_chance(damage: int) -> float:
    """The chance a square holding `damage` counters collapses when it takes one more."""
    return at_least(COLLAPSE - damage - 1)


class Table:
    """The view read once for one decision: who stands where, which block is whose, and what
    each action is worth to the seat deciding."""

    def __init__(self, view: ManiaView, actions: list[ActionBase]) -> None:
        assert view.seat is not None
        self.view = view
        self.seat = view.seat
        self.side = board.side(view.seat)
        self.mine = BLOCKS[self.side]
        self.theirs = BLOCKS[1 - self.side]
        self.squares = {s.id: s for s in view.squares}
        self.blockers = {b.id: b for b in view.blockers}
        self.power = {s.block: s.power for s in view.seats}
        self.crashed = {s.block: s.crashed for s in view.seats}
        self.walkways = {w.id: w.closed for w in view.walkways}
        self.guarded = {
            x.at[0]
            for x in view.blockers
            if board.kind(x.at) == "window" and any(content().item(i).shield for i in x.set_up)
        }
        self._rebuilt: dict[str, Blocker] = {}
        self._goals: dict[str, list[str]] = {}
        self._distances: dict[str, Mapping[str, float]] = {}
        self.tube = not any(s.tubeway and s.collapsed for s in view.squares)
        """Whether the Sky Rail's Tubeway stands in both blocks."""
        self.best: dict[str, float] = {}
        """Each Blocker's best attack worth, for the order of the Combat phase."""
        self.top: tuple[float, Attack] | None = None
        """The best attack open, for the attack cards."""
        if view.phase in ("defensive", "combat"):
            self.rank(actions)

    # ----- who is who ---------------------------------------------------------------------

    def friend(self, b: BlockerView) -> bool:
        return b.owner != SHARED and board.side(b.owner) == self.side

    def foe(self, b: BlockerView) -> bool:
        return b.owner != SHARED and board.side(b.owner) != self.side

    def here(self, square: str) -> list[BlockerView]:
        return [b for b in self.view.blockers if b.at == square]

    def loss(self, b: BlockerView) -> float:
        """What losing the Blocker costs this seat: a Defeat Point for its own, one the other
        block takes for theirs (a gain, so negative), and for a Futsie, which costs nobody a
        Defeat Point, a little either way: it burns the enemy block for this seat, or this
        one for the enemy."""
        if self.friend(b):
            return 1.0
        if b.owner == SHARED:
            return 0.1 if b.at[0] == self.theirs else -0.3
        return -1.0

    def square_worth(self, square: str) -> float:
        """What one more Structural Damage in the square is worth to this seat: the other
        block's collapses cost it Defeat Points, this block's cost this seat; a collapse kills
        whoever is inside."""
        sq = self.squares[square]
        if sq.collapsed:
            return 0.0
        sign = 1.0 if square[0] == self.theirs else -1.0
        fall = collapse_chance(sq.damage)
        killed = sum(-self.loss(b) for b in self.here(square))
        loaded = sum(
            collapse_chance(self.squares[up].damage) * FALL + DAMAGE_WORTH
            for up in board.above(square)
            if not self.squares[up].collapsed
        )
        return sign * (fall * (FALL + loaded) + DAMAGE_WORTH) + fall * killed

    def fire_worth(self, square: str, count: int) -> float:
        sq = self.squares[square]
        if sq.collapsed or count <= 0:
            return 0.0
        sign = 1.0 if square[0] == self.theirs else -1.0
        added = min(3, sq.fire + count) - sq.fire
        burnt = sum(-self.loss(b) for b in self.here(square)) * BURNS
        return sign * FIRE_WORTH * added + burnt

    # ----- the phases ---------------------------------------------------------------------

    def score(self, action: ActionBase) -> float:
        if action.kind == "end":
            return END
        if isinstance(action, Play):
            return self.card(action)
        if isinstance(action, Attack):
            if self.view.phase == "defensive":
                value = self.attack(action)
                return 2 + value if value > 0 else 0.0
            return self.combat(action)
        return self.command(action)

    def card(self, action: Play) -> float:
        card = content().card(action.card)
        effect = card.effect
        if effect in ("cp", "cp_die"):
            return 9.0 if self.view.phase == "command" else 0.0
        if effect == "recruit":
            return 8.0
        if effect == "repair":
            sq = self.squares[action.target]
            return 6 + sq.damage if sq.damage >= 1 else 0.0
        if effect == "extinguish":
            sq = self.squares[action.target]
            return 5 + sq.fire if action.target[0] == self.mine else 0.0
        if effect == "bonus":
            return self.bonus_worth()
        if effect == "condemn":
            return 3 + self.square_worth(action.target) if action.target else 2.0
        if effect == "arrest":
            target = self.blockers.get(action.target)
            if target is None:
                return 2.0
            threat = 1.0 if target.at[0] == self.mine else 0.0
            return 2 + target.strength / 4 + threat
        return 0.0

    def bonus_worth(self) -> float:
        """An attack card is played just before an attack worth making whose roll it helps."""
        if self.top is None or not _rolled(self.top[1]):
            return 0.0
        return END + 0.5 if self.top[0] > 0.2 else 0.0

    # ----- the Command phase --------------------------------------------------------------

    def command(self, action: ActionBase) -> float:
        if isinstance(action, Activate):
            return self.activation(self.blockers[action.blocker])
        if isinstance(action, Move):
            return self.move(action)
        if isinstance(action, Arm):
            return self.arming(action)
        if isinstance(action, SetUp):
            return 0.0 if self.goals(self.blockers[action.blocker]) else 2.5
        if action.kind == "draw":
            return 2.0
        if action.kind == "deploy":
            return 1.5
        return 0.0

    def activation(self, b: BlockerView) -> float:
        """Every Blocker of this seat's has something to do; Spugs with a Civic or Plaza left
        to scrawl come first, then the strongest. A Futsie is worth waking only in the enemy
        block."""
        if b.owner == SHARED:
            return 3.5 if b.at[0] == self.theirs else 0.0
        if self.scrawls(b) and self.scrawl_goals():
            return 4.9
        return 4 + b.strength / 10

    def scrawls(self, b: BlockerView) -> bool:
        return any(content().item(i).scrawl for i in b.kit)

    def scrawl_goals(self) -> list[str]:
        return [
            s
            for s in board.all_squares()
            if s[0] == self.theirs
            and board.kind(s) in board.OPEN
            and not self.squares[s].scrawl
            and not self.squares[s].collapsed
        ]

    def rebuilt(self, b: BlockerView) -> Blocker:
        if b.id not in self._rebuilt:
            self._rebuilt[b.id] = _blocker(b)
        return self._rebuilt[b.id]

    def goals(self, b: BlockerView) -> list[str]:
        if b.id not in self._goals:
            self._goals[b.id] = self._goals_of(b)
        return self._goals[b.id]

    def _goals_of(self, b: BlockerView) -> list[str]:
        """Where the Blocker is headed: a Civic or Plaza to scrawl for Spugs; a square of an
        enemy it beats in close combat, or one it can shoot at, for a fighter; else a Fire
        Control of its own block with a fire in reach, or the enemy block, to burn it from
        inside. Empty when it is where it should be."""
        if self.scrawls(b):
            targets = self.scrawl_goals()
            if targets:
                return [] if b.at in targets else targets
        edge = self.melee_edge(b)
        prey = [
            x.at
            for x in self.view.blockers
            if self.foe(x) and edge - self.melee_strength(x) >= PREY_EDGE and not x.locked
        ]
        if b.at in prey or self.shots_from(b, b.at):
            return []
        if prey:
            return prey
        if b.at[0] == self.theirs and not self.squares[b.at].fire:
            return []
        if "no_firefighting" not in _skills(b):
            posts = self.fire_posts()
            if posts:
                return [] if b.at in posts else posts
        return [
            s
            for s in board.all_squares()
            if s[0] == self.theirs and board.kind(s) == "interior" and not self.squares[s].fire
        ]

    def fire_posts(self) -> list[str]:
        """This block's Fire Controls that reach a fire of its own."""
        return [
            s
            for s in board.all_squares()
            if s[0] == self.mine
            and board.kind(s) == "fire_control"
            and not self.squares[s].collapsed
            and any(self.squares[n].fire for n in board.neighbours(s))
        ]

    def move(self, action: Move) -> float:
        b = self.blockers[action.blocker]
        if b.set_up:
            return 0.0
        goals = self.goals(b)
        if not goals:
            return 0.0
        if action.to in goals and board.flies(self.rebuilt(b)):
            return 3.5
        far = self.distances(b)
        now, then = far.get(b.at, math.inf), far.get(action.to, math.inf)
        if then >= now:
            return 0.0
        return 3 + min(0.4, (now - then) / 10)

    def distances(self, b: BlockerView) -> Mapping[str, float]:
        """Each square's cost to the Blocker's nearest goal, by the ways open to its type."""
        if b.id not in self._distances:
            skills = _skills(b)
            ways = (
                not self.walkways["mega_way"] and "no_mega_way" not in skills,
                not self.walkways["sky_rail"] and "no_sky_rail" not in skills and self.tube,
                not self.walkways["pedway"] and all(self.power.values()),
                self.power["A"],
                self.power["B"],
                board.suckers(self.rebuilt(b)),
            )
            self._distances[b.id] = _reach(tuple(sorted(self.goals(b))), ways)
        return self._distances[b.id]

    def arming(self, action: Arm) -> float:
        """A charge is armed only in the enemy block: a Thermo Bomb always (its square
        collapses), the others where the enemy has more to lose than this side."""
        b = self.blockers[action.blocker]
        if b.at[0] != self.theirs or self.squares[b.at].collapsed:
            return 0.0
        kind = content().item(action.item).charge
        if kind == "thermo":
            return 8.0 + self.square_worth(b.at) / 10
        if kind == "demo":
            others = [x for x in self.here(b.at) if x.id != b.id]
            return 5.0 if sum(-self.loss(x) for x in others) >= 2 else 0.0
        if kind == "nerve":
            inside = [x for x in self.view.blockers if x.at[0] == self.theirs]
            return 5.0 if sum(-self.loss(x) for x in inside) >= 2 else 0.0
        return 4.0

    # ----- attacks ------------------------------------------------------------------------

    def combat(self, action: Attack) -> float:
        """Each Blocker makes its best attack, and the phase takes them in its order: of the
        attacks worth making that are their Blocker's best, the one of the earliest kind."""
        value = self.attack(action)
        if value <= 0.05:
            return 0.0
        if value < self.best.get(action.blocker, math.inf):
            return 0.0
        return END + 0.1 + (len(combat.ORDER) - combat.stage(action)) + value / 10

    def attack(self, action: Attack) -> float:
        """The Defeat Points the attack is expected to bring this seat, less those it risks."""
        b = self.blockers[action.blocker]
        how = action.how
        if how == "scrawl":
            return 1.0
        if how == "walkway":
            return 0.0
        if how in ("loot", "arson", "firefight"):
            chance = at_least(combat.SUCCESS - b.strength)
            if how == "loot":
                return chance * (0.3 if board.kind(b.at) == "bank" else 0.25)
            if how == "arson":
                return chance * self.fire_worth(b.at, 1)
            fire = self.squares[action.target].fire
            return chance * FIRE_WORTH * fire if action.target[0] == self.mine else -1.0
        if how == "melee":
            target = self.blockers[action.target]
            win, lose = beats(self.melee_edge(b) - self.melee_strength(target))
            return win * -self.loss(target) - lose * self.loss(b)
        if how == "dog":
            target = self.blockers[action.target]
            chance = at_least(6 - weapons.DOG_DAMAGE + target.strength)
            return chance * -self.loss(target)
        return self.shot(b, action)

    def shot(self, b: BlockerView, action: Attack) -> float:
        fire = weapons.profile(self.rebuilt(b), action.weapon)
        if fire is None:
            return 0.0
        if action.how == "shoot":
            target = self.blockers[action.target]
            where = target.at
            if fire.missile and where[0] in self.guarded:
                return 0.0
            value = fire.damage + self.exposed(where)
            chance = at_least(6 - value + target.strength)
            worth = chance * -self.loss(target)
        else:
            where = action.target
            if fire.missile and where[0] in self.guarded:
                return 0.0
            dark = 0 if self.power[where[0]] else 1
            need = content().tables.square_hit - fire.damage + board.strength(where) + dark
            worth = at_least(need) * self.square_worth(where)
        worth += self.fire_worth(where, fire.fire)
        count = 2 if fire.structural_die else fire.structural
        if count:
            worth += count * self.square_worth(where)
        if fire.spent:
            worth -= 0.15
        return worth

    def exposed(self, square: str) -> int:
        """+1 at a Blocker in the open, -1 in a block without power (`combat.shoot_bonus`)."""
        open_ = board.kind(square) in (*board.OPEN, *board.OPEN_AIR) or self.crashed[square[0]]
        return int(open_) - (0 if self.power[square[0]] else 1)

    def melee_edge(self, b: BlockerView) -> int:
        return self.melee_strength(b) + (combat.CHARGE if "charge" in _skills(b) else 0)

    def melee_strength(self, b: BlockerView) -> int:
        return b.strength + sum(
            content().item(i).damage for i in b.kit if weapons.usable(self.rebuilt(b), i)
        )

    def shots_from(self, b: BlockerView, square: str) -> bool:
        """Whether a ranged weapon of the Blocker's would have a fair shot at an enemy from
        `square` (at least a one in three)."""
        fires = weapons.profiles(self.rebuilt(b))
        if not fires:
            return False
        damage = max(f.damage for f in fires)
        return any(
            self.foe(x)
            and self.sees(square, x.at)
            and at_least(6 - damage - self.exposed(x.at) + x.strength) >= 1 / 3
            for x in self.view.blockers
        )

    def sees(self, source: str, target: str) -> bool:
        """`board.line_of_fire`, read from the view."""
        if source == target or target in board.neighbours(source):
            return True
        if source[0] == target[0] or not board.facing(source):
            return False
        return board.facing(target) or self.crashed[target[0]]

    def rank(self, actions: Iterable[ActionBase]) -> None:
        best: dict[str, float] = {}
        top: tuple[float, Attack] | None = None
        for a in actions:
            if not isinstance(a, Attack):
                continue
            value = self.attack(a)
            best[a.blocker] = max(value, best.get(a.blocker, -math.inf))
            if top is None or value > top[0]:
                top = (value, a)
        self.best = best
        self.top = top


def _rolled(action: Attack) -> bool:
    return action.how not in ("scrawl", "walkway")


def _skills(b: BlockerView) -> tuple[str, ...]:
    return content().blocker(b.type).skills


def _blocker(b: BlockerView) -> Blocker:
    """The Blocker as the rules' helpers read it, rebuilt from what the view shows of it."""
    return Blocker(id=b.id, type=b.type, owner=b.owner, at=b.at, kit=b.kit, set_up=b.set_up)


SPECIAL = ("elevator", "pedway_terminus", "sky_rail_station", "vehicle_park")


@lru_cache(maxsize=4096)
def _reach(
    goals: tuple[str, ...], ways: tuple[bool, bool, bool, bool, bool, bool]
) -> Mapping[str, float]:
    """Every square's cost in movement points to the nearest goal, on the ways open (Mega
    Way, Sky Rail, Pedway, power in A and in B, a Sucker Gun): steps, elevators, the grav
    chute and the rides across the gap, as `board.steps` prices them (flying aside)."""
    into: dict[str, list[tuple[str, float]]] = {s: [] for s in board.all_squares()}
    for here, there, cost in _edges(ways):
        into[there].append((here, cost))
    found: dict[str, float] = {}
    queue = [(0.0, g) for g in goals]
    heapq.heapify(queue)
    while queue:
        cost, square = heapq.heappop(queue)
        if square in found:
            continue
        found[square] = cost
        for before, step in into[square]:
            if before not in found:
                heapq.heappush(queue, (cost + step, before))
    return MappingProxyType(found)


@lru_cache(maxsize=64)
def _edges(ways: tuple[bool, bool, bool, bool, bool, bool]) -> tuple[tuple[str, str, float], ...]:
    mega, sky, pedway, power_a, power_b, sucker = ways
    power = {"A": power_a, "B": power_b}
    found: list[tuple[str, str, float]] = []
    for here in board.all_squares():
        block, col, level = board.parse(here)
        near = [(col - 1, level, 1), (col + 1, level, 1), (col, level - 1, 1), (col, level + 1, 2)]
        targets = [
            (board.sid(block, c, lv), cost) for c, lv, cost in near if board.on_board(block, c, lv)
        ]
        kind = board.kind(here)
        linked = [s for s in board.all_squares() if s != here and board.kind(s) == kind]
        if kind == "elevator" and power[block]:
            targets += [(s, 1) for s in linked if s[0] == block]
        elif kind == "grav_chute":
            targets.append((board.sid(block, col, 0), 1))
        elif (
            (kind == "pedway_terminus" and pedway)
            or (kind == "sky_rail_station" and sky)
            or (kind == "vehicle_park" and mega)
        ):
            targets += [(s, 1) for s in linked]
        if sucker and board.facing(here) and level > board.SUCKER_DROP:
            other = BLOCKS[1 - BLOCKS.index(block)]
            col_there = 0 if other == "B" else content().layout.columns - 1
            targets.append((board.sid(other, col_there, level - board.SUCKER_DROP), 1))
        for there, cost in targets:
            free = board.kind(there) == "plaza" or (
                board.kind(there) == "civic" and power[there[0]]
            )
            found.append((here, there, 0.0 if free and cost == 1 and there[0] == block else cost))
    return tuple(found)


def evaluate(state: ManiaState) -> list[float]:
    """Each seat's worth of an unfinished game: the race in Defeat Points (fewest wins), each
    block's counted with what its standing damage and fires promise and with its Blockers
    still fighting, judged more sharply as the Justice cards run out; a crashed block has
    lost."""
    standing = [0.0, 0.0]
    for square, sq in state.squares.items():
        if sq.collapsed:
            continue
        side = board.seat_of(square)
        standing[side] += DAMAGE_WORTH * sq.damage + FIRE_WORTH * sq.fire
    fighters = [0.0, 0.0]
    for b in board.in_play(state):
        if b.owner != SHARED:
            fighters[board.side(b.owner)] += 0.25
    expected = [state.defeat[s] + standing[s] - fighters[s] for s in range(len(BLOCKS))]
    left = len(state.deck) + len(state.justice)
    scale = 1.5 + left / 12
    values = []
    for seat in range(state.players):
        side = board.side(seat)
        if state.crashed[side] or state.crashed[1 - side]:
            values.append(0.0 if state.crashed[side] else 1.0)
            continue
        lead = expected[1 - side] - expected[side]
        values.append(0.02 + 0.96 / (1 + math.exp(-lead / scale)))
    return values
