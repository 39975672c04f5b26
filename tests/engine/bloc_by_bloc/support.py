"""Building Bloc by Bloc positions directly, on the fixed beginner city, for rule tests."""

from __future__ import annotations

from typing import Any

from engine.core import ActionBase, Event
from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.actions import Attack, Loot, Start
from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.legal import start_choices
from engine.games.bloc_by_bloc.police import draw_and_resolve
from engine.games.bloc_by_bloc.state import BlocState, Die, Occupation, TurnUses
from engine.games.bloc_by_bloc.sunrise import run_sunrise
from engine.rng import Rng


def table(players: int = 4, seed: int = 1, **options: Any) -> BlocState:
    """A game on the beginner city, every faction started in its first own district."""
    options.setdefault("city", "beginner")
    state = GAME.setup(GAME.make_options(players, **options), seed)
    for seat in range(state.seats):
        state = GAME.apply(state, seat, Start(district=start_choices(state, seat)[0])).state
    return state


def cleared(players: int = 4, **options: Any) -> BlocState:
    """A beginner-city game with every piece back in its pool: a blank board for a rule test."""
    state = table(players, **options)
    state.blocs = [{} for _ in range(state.seats)]
    state.occupations = {}
    state.cops, state.vans, state.barricades = {}, {}, {}
    state.staging_cops, state.staging_vans, state.destroyed_vans = 30, 6, 0
    state.pending = []
    turn(state, 0, [6, 6, 6])
    return state


def cleared_with(
    blocs: dict[str, int] | None = None, cops: dict[str, int] | None = None
) -> BlocState:
    """A blank beginner-city board (see cleared) with faction 0's blocs and the riot cops placed,
    each as {district: how many}."""
    state = cleared()
    state.blocs[0] = dict(blocs or {})
    for tile, n in (cops or {}).items():
        put_cops(state, tile, n)
    return state


def faction_turn(
    faction: str,
    dice: list[int],
    *,
    blocs: dict[str, int] | None = None,
    occupations: dict[str, str] | None = None,
) -> tuple[BlocState, int]:
    """A blank beginner-city board on `faction`'s turn with `dice`, its blocs ({district: how
    many}) and occupations ({district: occupation}) placed. Returns the state and its seat."""
    state = cleared()
    seat = seat_of(state, faction)
    turn(state, seat, dice)
    for tile, occ in (occupations or {}).items():
        occupy(state, seat, tile, occ)
    if blocs is not None:
        state.blocs[seat] = dict(blocs)
    return state, seat


def occupied_park_under_cops(faction: str, blocs: int, cops: int) -> BlocState:
    """A blank beginner-city board where `faction` has `blocs` blocs and an occupation in The
    Park, with `cops` riot cops there: the rulebook's Police Repression examples."""
    state = cleared()
    seat = seat_of(state, faction)
    state.blocs[seat] = {"the-park": blocs}
    occupy(state, seat, "the-park")
    put_cops(state, "the-park", cops)
    return state


def cops_at_barricades(
    tile: str, cops: int, *, toward: str, barricades: int
) -> tuple[BlocState, str]:
    """A blank beginner-city board with `cops` riot cops in `tile` and `barricades` barricades on
    its connection toward `toward`. Returns the state and that connection's key."""
    state = cleared()
    put_cops(state, tile, cops)
    return state, barricade(state, tile, toward, barricades)


def plaza_looted_beside(mine: int, theirs: int) -> BlocState:
    """Each faction held by its own player, faction 0 with `mine` blocs and faction 1 with `theirs`
    in The Plaza: faction 0 loots there with its first die (the reaction roll will be a 4)."""
    state = cleared()
    state.holders = [0, 1, 2, 3]
    state.blocs[0] = {"the-plaza": mine}
    state.blocs[1] = {"the-plaza": theirs}
    state.rng = rng_rolling(4)
    state, _ = act(state, 0, Loot(die=1, district="the-plaza"))
    return state


def ask_all(state: BlocState) -> BlocState:
    """Every faction is asked in the sunrise card window (`/bloc prefer sunrise ask`)."""
    state.sunrise_never = [False] * state.seats
    return state


def sunrise(state: BlocState) -> list[Event]:
    """Start tonight's sunrise and run it up to its first decision (or the next night)."""
    state.phase, state.sunrise_step = "sunrise", "start"
    return run_sunrise(state)


def turn(state: BlocState, seat: int, dice: list[int]) -> None:
    state.phase = "turn"
    state.current = seat
    state.dice = [Die(value=v) for v in dice]
    state.uses = TurnUses()
    state.attack_streak = ""


def seat_of(state: BlocState, faction: str) -> int:
    return state.factions.index(faction)


def occupy(state: BlocState, seat: int, tile: str, occ: str = "assembly-hall") -> None:
    state.occupations[tile] = Occupation(seat=seat, occ=occ)


def put_cops(state: BlocState, tile: str, n: int) -> None:
    state.staging_cops -= n
    state.add_cops(tile, n)


def put_van(state: BlocState, tile: str) -> None:
    state.staging_vans -= 1
    state.vans[tile] = 0


def barricade(state: BlocState, a: str, b: str, n: int) -> str:
    """Put `n` barricades on the (first) connection between districts `a` and `b`; returns its
    key."""
    key = board_of(state.city).between(a, b)[0].key
    state.barricades[key] = n
    return key


def rng_rolling(*rolls: int) -> Rng:
    """A generator whose next d6 rolls are exactly `rolls` (found by trying seeds)."""
    for seed in range(1_000_000):
        rng = Rng.seeded(seed)
        if all(rng.randint(1, 6) == r for r in rolls):
            return Rng.seeded(seed)
    raise AssertionError("no seed found")


def police_card(state: BlocState, card: str) -> list[Event]:
    """Resolve one named police ops card as if it were drawn now."""
    for pile in (state.police_deck, state.police_discard):
        if card in pile:
            pile.remove(card)
    state.police_deck.insert(0, card)
    return draw_and_resolve(state)


def kitchen_roll_owed() -> BlocState:
    """Faction 0, with a People's Kitchen in The Plaza and no cards, has just spent its only die
    attacking the one cop in The Park. The reaction roll the attack run owes comes only as it
    ends its turn, and will be a 6, earning the kitchen's extra die, which will roll a 3."""
    state = cleared()
    occupy(state, 0, "the-plaza", "peoples-kitchen")
    state.blocs[0] = {"the-park": 1}
    put_cops(state, "the-park", 1)
    turn(state, 0, [6])
    state.hands[0] = []
    state.rng = rng_rolling(6, 3)
    state, _ = act(state, 0, Attack(die=1, district="the-park", target="cop"))
    return state


def act(state: BlocState, seat: int, action: ActionBase) -> tuple[BlocState, list[Event]]:
    result = GAME.apply(state, seat, action)
    return result.state, result.events


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)
