"""Bloc by Bloc's own computer player and its evaluation of a position, for the computer levels.

The insurrection is won at a sunrise that finds an occupation in every State district, and lost
when any faction has no bloc left in the city or the nights run out. So the player, reading only
its seat's view and legal actions, plays for that: it keeps its blocs out of the cops' reach
(police in a district strike at sunrise, groups of two or more cops push into a neighbour when a
card sends them), walks blocs into a State district free of police and builds there with a die
good enough, storms a State district only when its dice can clear it tonight (and the cops
that shut the table out of one, keeping a bloc out of reach), builds its Start again once the
police evict it (the bloc it forms each turn keeps the faction in the city), on the last night
walks blocs into a held State district to take the blows of the cops there and takes no needless
risk (only that sunrise counts), barricades the ways cops would take into what it holds, loots,
and plays the cards that clear cops, form blocs or add dice. It never stops a fellow faction,
accepts every offer, and ends its turn when no action does any good. One choice in a few on its
own turn is any action that does no harm, so playouts stay varied; `prior` is the considered
choice alone, the strong level's first try."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from engine.core import ActionBase
from engine.games.bloc_by_bloc.actions import (
    Attack,
    Barricade,
    Build,
    Card,
    Defeat,
    Discard,
    End,
    Loot,
    Move,
    Start,
)
from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.police import stopped_by
from engine.games.bloc_by_bloc.state import BlocState
from engine.games.bloc_by_bloc.view import BlocView, TileView
from engine.players import Player, Seen, player_and_prior
from engine.rng import Rng

QUIET = ("gift", "trade", "end")
"""Actions that do not move the night on: offers, and ending the turn early."""
RANDOM_ONE_IN = 16
"""How often the player takes a random harmless action instead of its considered one."""
STATE = str(DistrictType.STATE)
VAN_HITS = 3
VAN_IDS = 15
"""Police IDs above this (the hardest faction districts, public squares) draw riot vans that
regroup on the highest IDs holding a cop."""
BLOCKED = -100.0
"""The score of an action that throws blocs away: below ending the turn (0)."""

KEEP = {
    "fireworks": 9,
    "medic-kit": 8,
    "molotovs-2": 7,
    "energy-drinks": 7,
    "bolt-cutters": 6,
    "molotovs-1": 6,
    "lock-on-chains": 5,
    "shields": 5,
    "dumpsters": 4,
    "bicycles": 3,
    "banners": 3,
    "masks": 2,
    "police-scanner": 2,
}
"""How much a loot card in hand is worth keeping, for choosing what to discard."""
MOLOTOVS = {"molotovs-1": 1, "molotovs-2": 2}

OCCUPATIONS = {
    "faction-start": 30,
    "strike-hall": 6,
    "assembly-hall": 5,
    "propaganda-workshop": 4,
    "social-center": 3,
    "guerrilla-garden": 3,
    "molotov-factory": 3,
    "hacker-space": 3,
    "peoples-kitchen": 2,
    "scavengers-hideout": 2,
    "comrade-cafe": 2,
}
"""Which occupation to build first: more blocs and easier builds before the rest."""


def _player(rng: Rng, tries: bool) -> Player:
    def play(what: Seen) -> ActionBase:
        if not what.legal:
            return what.default
        view = what.view
        assert isinstance(view, BlocView)
        return choose(Sight(view, what.seat), what.legal, rng, tries)

    return play


player, prior = player_and_prior(_player)


def choose(sight: Sight, actions: list[ActionBase], rng: Rng, tries: bool = False) -> ActionBase:
    """The best scored action, ties broken at random; with `tries`, one time in a few on its
    own turn, any action that does no harm (scored at least as well as ending the turn)."""
    scored = [(score(sight, a), a) for a in actions]
    if tries and rng.below(RANDOM_ONE_IN) == 0:
        harmless = [a for s, a in scored if s >= 0]
        if any(isinstance(a, End) for a in harmless):
            return rng.choice(harmless)
    top = max(s for s, _ in scored)
    return rng.choice([a for s, a in scored if s == top])


def busy(view: BlocView, actions: list[ActionBase]) -> list[ActionBase]:
    """The actions that move the game on without walking into police lines."""
    return [a for a in actions if a.kind not in QUIET and not reckless(view, a)]


def reckless(view: BlocView, action: ActionBase) -> bool:
    """Moving into a district the police hold (cops or a riot van) loses blocs for nothing."""
    target = getattr(action, "to_district", None)
    if target is None:
        return False
    return any(t.tile == target and (t.cops > 0 or t.van_damage is not None) for t in view.tiles)


@dataclass
class Sight:
    """The seat's view read as the player needs it: districts by id, who borders whom and
    through how many barricades, and its own dice and cards."""

    view: BlocView
    seat: int
    tiles: dict[str, TileView] = field(init=False)
    near: dict[str, dict[str, int]] = field(init=False)
    """District -> neighbour -> barricades on the least barricaded way between them."""
    me: str = field(init=False)
    dice: list[int] = field(init=False)
    hand: list[str] = field(init=False)
    pushes: dict[str, int] = field(init=False, default_factory=dict)
    """`arrivals` by district, worked out once a decision."""

    def __post_init__(self) -> None:
        view = self.view
        self.tiles = {t.tile: t for t in view.tiles if t.difficulty is not None}
        self.near = {t: {} for t in self.tiles}
        for c in view.connections:
            for a, b in ((c.a, c.b), (c.b, c.a)):
                ways = self.near[a]
                ways[b] = min(ways.get(b, c.barricades), c.barricades)
        self.me = view.factions[self.seat].faction
        self.dice = [d.value for d in view.dice if not d.used]
        self.hand = list(view.hand or [])

    @property
    def last(self) -> bool:
        """The final night: only its sunrise counts, so a bloc is worth keeping only as the
        faction's last or as a guard, and an advanced action's reaction roll only risks."""
        return self.view.nights_left <= 1

    def die(self, number: int) -> int:
        """The value of a die named by its 1-based number (0, a free action, is worth 0)."""
        return self.view.dice[number - 1].value if number else 0

    def mine(self, tile: str) -> int:
        return self.tiles[tile].blocs.get(self.me, 0)

    def present(self, tile: str) -> int:
        """Blocs of every faction in the district."""
        return sum(self.tiles[tile].blocs.values())

    def policed(self, tile: str) -> bool:
        t = self.tiles[tile]
        return t.cops > 0 or t.van_damage is not None

    def arrivals(self, tile: str) -> int:
        """Riot cops that could push in from neighbouring groups (two or more cops and no bloc:
        all but one move when a card names this district's type), less what barricades hold."""
        if tile in self.pushes:
            return self.pushes[tile]
        total = 0
        for n, barricades in self.near[tile].items():
            other = self.tiles[n]
            if other.cops >= 2 and not other.blocs:
                movers = other.cops - 1
                total += movers - stopped_by(barricades, movers)
        self.pushes[tile] = total
        return total

    def needed(self, tile: str) -> int:
        """Attacks that clear the district's police tonight: what the van still takes, and the
        cops two at a time (kicked out) but for those the seat's Fireworks scatter."""
        t = self.tiles[tile]
        van = VAN_HITS - t.van_damage if t.van_damage is not None else 0
        cops = max(0, t.cops - 2 * self.hand.count("fireworks"))
        return van + (cops + 1) // 2

    def strikes(self, tile: str, spent: int = 0) -> int:
        """Attacks the seat's dice could make in the district this turn, Molotovs in hand
        raising dice that fall short; `spent` is the value of a die about to go elsewhere."""
        need = self.tiles[tile].difficulty or 0
        dice = sorted(self.dice)
        if spent in dice:
            dice.remove(spent)
        good = sum(1 for d in dice if d >= need)
        short = sorted((d for d in dice if d < need), reverse=True)
        boosts = sorted((MOLOTOVS[c] for c in self.hand if c in MOLOTOVS), reverse=True)
        for d, boost in zip(short, boosts, strict=False):
            good += d + boost >= need
        return good

    def builds(self, tile: str, spent: int = 0) -> bool:
        """Whether a die left (besides one of value `spent`) can build in the district, with
        Bolt Cutters in hand if needed."""
        need = self.tiles[tile].difficulty or 0
        dice = list(self.dice)
        if spent in dice:
            dice.remove(spent)
        bonus = 1 if "bolt-cutters" in self.hand else 0
        return any(d + bonus >= need for d in dice) or self.strike_hall_reaches(tile)

    def strike_hall_reaches(self, tile: str) -> bool:
        return any(
            t.occupation.faction == self.me
            and t.occupation.occupation == "strike-hall"
            and (t.tile == tile or tile in self.near[t.tile])
            for t in self.tiles.values()
            if t.occupation
        )

    def open_state(self, tile: str) -> bool:
        t = self.tiles[tile]
        return t.type == STATE and t.occupation is None and not self.policed(tile)

    def held_state(self, tile: str) -> bool:
        t = self.tiles[tile]
        return t.type == STATE and t.occupation is not None

    def guard(self, tile: str) -> int:
        """Blocs a held district wants against what could reach it by sunrise: the cops that
        could push in, and two more for plain-clothes squads."""
        return self.arrivals(tile) + 2

    def quiet(self, tile: str) -> bool:
        """No police, none that could push in, and no occupation for plain-clothes squads to
        strike: where blocs are likeliest to see the sunrise."""
        t = self.tiles[tile]
        return not self.policed(tile) and not self.arrivals(tile) and t.occupation is None

    @cached_property
    def sheltered(self) -> int:
        """The seat's blocs in quiet districts."""
        return sum(
            n for t in self.tiles.values() if (n := t.blocs.get(self.me, 0)) and self.quiet(t.tile)
        )

    def exposes(self, tile: str) -> bool:
        """Whether a risky action in the district (an occupation there, or a reaction roll
        calling a cop) would leave the seat no bloc in a quiet district."""
        return self.sheltered == (self.mine(tile) if self.quiet(tile) else 0)

    def risk(self, tile: str, coming: int = 0) -> float:
        """The share of blocs in the district (with `coming` more) likely lost at sunrise: all
        under a riot van, one a cop, half a cop for each that could push in, less for those
        that could push into a neighbour first, and a little for an occupation plain-clothes
        squads may strike or a police ID riot vans regroup on."""
        t = self.tiles[tile]
        if t.van_damage is not None:
            return 1.0
        blocs = max(1, self.present(tile) + coming)
        if t.cops:
            return min(1.0, t.cops / blocs)
        squads = 0.1 if t.occupation else 0
        vans = 0.1 if t.police_id > VAN_IDS else 0
        far = sum(self.arrivals(n) for n in self.near[tile] if not self.policed(n))
        pushed = 0.5 * self.arrivals(tile) + 0.15 * far
        return min(1.0, pushed / blocs + squads + vans)

    @cached_property
    def reached(self) -> set[str]:
        """Districts where some faction's free blocs stand or that one move takes them to (by
        street, highway or metro, never through police): what the table can act in."""
        metro = not any(f.metro_locked for f in self.view.factions)
        stations = [t for t, v in self.tiles.items() if v.metro] if metro else []
        seen = {t for t, v in self.tiles.items() if v.blocs and not self.policed(t)}
        queue = list(seen)
        while queue:
            here = queue.pop()
            if self.policed(here):
                continue
            ways = [*self.near[here], *(stations if here in stations else [])]
            for there in ways:
                if there not in seen:
                    seen.add(there)
                    queue.append(there)
        return seen

    @cached_property
    def gates(self) -> set[str]:
        """Districts held by cops alone that shut the table out of a State district still to
        take: no faction can walk into that State district, and clearing its neighbour opens
        the way for whichever faction next rolls the die to build or storm there."""
        shut = [
            t
            for t, v in self.tiles.items()
            if v.type == STATE and v.occupation is None and t not in self.reached
        ]
        return {
            n
            for t in shut
            for n in self.near[t]
            if self.tiles[n].type != STATE
            and self.tiles[n].cops
            and self.tiles[n].van_damage is None
            and n in self.reached
        }

    @cached_property
    def shelters(self) -> int:
        """Quiet districts holding the seat's blocs."""
        return sum(1 for t in self.tiles if self.mine(t) and self.quiet(t))

    def danger(self, tile: str) -> int:
        """Blocs the seat would lose in the district at sunrise as things stand: all of them
        under a riot van, one a cop, and the share of cops that could push in."""
        t = self.tiles[tile]
        mine = self.mine(tile)
        if t.van_damage is not None:
            return mine
        return min(mine, t.cops + (self.arrivals(tile) + 1) // 2)


Scorer = Callable[[Sight, ActionBase], float]


def score(sight: Sight, action: ActionBase) -> float:
    """Higher is more purposeful; 0 is ending the turn, below 0 is worse than doing nothing."""
    scorer = SCORERS.get(action.kind)
    return scorer(sight, action) if scorer is not None else 0.0


def _move(sight: Sight, a: ActionBase) -> float:
    assert isinstance(a, Move)
    src, dst, n = a.from_district, a.to_district, a.blocs
    value = sight.die(a.die)
    cost = 0.1 * value
    if sight.policed(dst):
        if sight.last and sight.held_state(dst) and sight.tiles[dst].van_damage is None:
            short = sight.tiles[dst].cops + sight.arrivals(dst) - sight.present(dst)
            if short > 0 and sight.sheltered - n * sight.quiet(src) >= 1:
                return 60 + 4 * min(n, short) - cost
        if dst in sight.gates and sight.sheltered - n * sight.quiet(src) < 1:
            return BLOCKED
        return _assault(sight, dst, n, value) - cost
    purpose = 0.0
    if sight.open_state(dst):
        if sight.mine(dst) == 0:
            purpose = 90 if sight.builds(dst, value) else 25
        purpose += 4 * min(n, sight.guard(dst) + 1)
    elif sight.held_state(dst):
        short = sight.guard(dst) - sight.present(dst)
        purpose = 45 + 4 * min(n, short) if short > 0 else 0
    if sight.held_state(src) and sight.present(src) - n < sight.guard(src):
        purpose -= 40
    safety = 0 if sight.last else 30 * n * (sight.risk(src) - sight.risk(dst, n))
    sheltered = sight.sheltered
    after = sheltered - n * sight.quiet(src) + n * sight.quiet(dst)
    if not sheltered and after:
        safety += 35 - 5 * (n - 1)
    elif sheltered and not after:
        return BLOCKED
    elif n == 1 and sight.quiet(dst) and not sight.mine(dst) and sight.shelters < 2:
        safety += 20 if sight.quiet(src) and sight.mine(src) > 1 else 0
    total = purpose + safety
    return total - cost if total > 0 else min(total, -1)


def _assault(sight: Sight, tile: str, n: int, spent: int) -> float:
    """Blocs walk into police only where they can clear it tonight, in a State district or a
    gate to one (see `Sight.gates`): enough dice left to destroy its van and kick its cops
    out, and a bloc for each attack, with a spare or two to hold it afterwards."""
    if sight.tiles[tile].type != STATE and tile not in sight.gates:
        return BLOCKED
    need = max(1, sight.needed(tile)) - sight.mine(tile)
    if need <= 0 or not need <= n <= need + 2 or sight.strikes(tile, spent) < need:
        return BLOCKED
    return (75 if sight.tiles[tile].type == STATE else 65) - 3 * (n - need)


def _attack(sight: Sight, a: ActionBase) -> float:
    assert isinstance(a, Attack)
    tile = sight.tiles[a.district]
    cost = 0.1 * sight.die(a.die)
    state_bonus = 20 if tile.type == STATE else 0
    if tile.van_damage is not None:
        if a.target != "van":
            return 2 - cost
        if VAN_HITS - tile.van_damage > sight.strikes(a.district):
            return 5 - cost
        return 80 + state_bonus - cost
    if a.target == "cop":
        return 58 + state_bonus - cost
    to = sight.tiles[a.target]
    sent = min(2, tile.cops)
    worse = 60 if to.blocs or (to.type == STATE and to.occupation) else 0
    worse += 25 if to.type == STATE else 0
    return 40 + 15 * sent + state_bonus - worse - cost


def _build(sight: Sight, a: ActionBase) -> float:
    assert isinstance(a, Build)
    tile = sight.tiles[a.district]
    cost = 0.1 * sight.die(a.die)
    pick = OCCUPATIONS.get(a.occupation, 1)
    if tile.type == STATE:
        return 100 + pick - cost
    if sight.last:
        return -1
    if a.occupation == "faction-start":
        return 80 - sight.die(a.die) - 30 * min(1, sight.danger(a.district))
    if sight.danger(a.district) or sight.arrivals(a.district):
        return -1
    if sight.exposes(a.district):
        return -1
    if a.occupation == "strike-hall":
        pick += 10 * sum(1 for n in sight.near[a.district] if sight.open_state(n))
    return 20 + pick - 2 * sight.die(a.die)


def _start(sight: Sight, a: ActionBase) -> float:
    """The own district with the lowest police ID: riot vans regroup on the highest IDs
    that hold a cop, and plain-clothes squads strike the Start first of all."""
    assert isinstance(a, Start)
    return -sight.tiles[a.district].police_id


def _barricade(sight: Sight, a: ActionBase) -> float:
    assert isinstance(a, Barricade)
    return sum(_shelter(sight, a.district, to, 1) for to in a.targets()) - 0.1 * sight.die(a.die)


def _shelter(sight: Sight, tile: str, toward: str, count: int) -> float:
    """What `count` more barricades between two districts are worth: the cops they would hold
    back from a group next door, weighed by what they guard."""
    other = sight.tiles[toward]
    if other.cops < 2 or other.blocs:
        return -1
    movers = other.cops - 1
    have = sight.near[tile][toward]
    now = stopped_by(have, movers)
    held: float = stopped_by(min(3, have + count), movers) - now
    if have + count < 3:  # one or two may hold nobody more, but lead to three that hold all
        held = max(held, count * (movers - now) / (3 - have))
    here = sight.tiles[tile]
    weight = 12 if sight.held_state(tile) else 6 if sight.mine(tile) else 3
    if not here.blocs and not sight.held_state(tile):
        return -1
    return weight * held - 1


def _loot(sight: Sight, a: ActionBase) -> float:
    assert isinstance(a, Loot)
    if sight.last:
        return -1
    if sight.danger(a.district) or sight.exposes(a.district):
        return -1
    return (15 if a.step == "graffiti" else 12) - 2 * sight.die(a.die)


def _card(sight: Sight, a: ActionBase) -> float:
    assert isinstance(a, Card)
    card = a.card
    if card == "medic-kit":
        return 60 - 20 * min(1, sight.danger(a.district) + sight.arrivals(a.district))
    if card == "energy-drinks":
        return 55
    if card == "fireworks":
        tile = sight.tiles[a.district]
        if tile.van_damage is not None:
            return 5
        clears = 40 if tile.cops <= 2 else 0
        return 30 + 20 * min(2, tile.cops) + clears + (20 if tile.type == STATE else 0)
    if card in MOLOTOVS:
        return 50 if _molotov_helps(sight, MOLOTOVS[card]) else -1
    if card == "bolt-cutters":
        return 95 if _cutters_help(sight) else -1
    if card == "dumpsters":
        return 1.5 * _shelter(sight, a.district, a.toward, 2)
    if card == "bicycles":
        return 8
    return -1


def _molotov_helps(sight: Sight, amount: int) -> bool:
    """A clash where the seat has blocs and no die reaches the difficulty, but one would with
    the Molotovs."""
    for tile in sight.tiles.values():
        if sight.mine(tile.tile) and sight.policed(tile.tile):
            need = tile.difficulty or 0
            best = max(sight.dice, default=0)
            if best < need <= best + amount:
                return True
    return False


def _cutters_help(sight: Sight) -> bool:
    """Blocs free in an open State district and a die one short of building there."""
    best = max(sight.dice, default=0)
    return any(
        sight.mine(t) and sight.open_state(t) and best + 1 == (sight.tiles[t].difficulty or 0)
        for t in sight.tiles
    )


def _end(sight: Sight, a: ActionBase) -> float:
    assert isinstance(a, End)
    if not a.card:
        return 0
    if a.card == "lock-on-chains" and sight.held_state(a.district):
        return 4
    if a.card == "shields" and sight.danger(a.district):
        return 3
    return 1


def _discard(sight: Sight, a: ActionBase) -> float:
    assert isinstance(a, Discard)
    return -KEEP.get(a.card, 1)


def _defeat(sight: Sight, a: ActionBase) -> float:
    """The bloc falls from the faction with the most blocs in the city: no faction is wiped
    out while another can spare one."""
    assert isinstance(a, Defeat)
    return next(f.blocs_in_city for f in sight.view.factions if f.faction == a.faction)


SCORERS: dict[str, Scorer] = {
    "move": _move,
    "attack": _attack,
    "build": _build,
    "barricade": _barricade,
    "loot": _loot,
    "card": _card,
    "end": _end,
    "discard": _discard,
    "defeat": _defeat,
    "start": _start,
    "form": lambda sight, a: 50,
    "draw": lambda sight, a: 60,
    "hack": lambda sight, a: 15 - 2 * sight.die(getattr(a, "die", 0)),
    "swap": lambda sight, a: -30,
    "gift": lambda sight, a: -20,
    "trade": lambda sight, a: -20,
    "prefer": lambda sight, a: -50,
    "allow": lambda sight, a: 10,
    "stop": lambda sight, a: -10,
    "accept": lambda sight, a: 10,
    "decline": lambda sight, a: 0,
}


def evaluate(state: BlocState) -> list[float]:
    """How an unfinished night looks, alike for every faction, for the computer's search: the
    State districts whose occupation would outlast the coming sunrise (no riot van, no more
    cops than blocs) above all; then the faction with the fewest blocs left after it, since
    one faction wiped out loses the game for all; then the State districts free of police, the
    cops in them, the blocs the table keeps, and the nights left to finish."""
    board = board_of(state.city)
    lost = [0] * state.seats
    for tile in {*state.cops, *state.vans}:
        here = [(state.blocs_of(s, tile), s) for s in range(state.seats)]
        if tile in state.vans:
            for n, s in here:
                lost[s] += n
            continue
        hits = state.cops[tile]
        for n, s in sorted(here, reverse=True):
            lost[s] += min(n, hits)
            hits -= min(n, hits)
    kept = [state.blocs_in_city(s) - lost[s] for s in range(state.seats)]
    states = board.of_type(DistrictType.STATE)
    held = sum(
        1
        for t in states
        if t in state.occupations
        and t not in state.vans
        and state.cops.get(t, 0) <= state.blocs_in(t)
    )
    clear = sum(1 for t in states if not state.police_in(t))
    cops = sum(state.cops.get(t, 0) for t in states)
    value = 0.05 + 0.45 * held / len(states) + 0.08 * clear / len(states)
    value += 0.05 * (1 - min(1.0, cops / 12)) + 0.07 * min(1.0, sum(kept) / 30)
    value += 0.05 * state.nights_left / 8
    value += 0.15 * min(min(kept), 6) / 6 if min(kept) > 0 else -0.1
    return [min(1.0, max(0.0, value))] * state.seats
