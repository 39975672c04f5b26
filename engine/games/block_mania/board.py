"""The two blocks as a grid: square ids ("A34" is block A, column 3, level 4), square types
from the layout (block B mirrored), neighbours, line of fire and the ways to move."""

from __future__ import annotations

from functools import cache

from engine.games.block_mania import walkways
from engine.games.block_mania.content.models import SquareType, content
from engine.games.block_mania.state import BLOCKS, SHARED, Blocker, ManiaState

OPEN = ("civic", "plaza")
"""Squares entered for 0 MP (the Civic only while its block has power), with +1 to shooting
at Blockers there, and where scrawls count."""
OPEN_AIR = ("balcony", "plaza")
"""Squares out in the open air (reconstructed): Balconies, which the quick reference keeps out
of the Nerve Gas, and the Plazas; shooting at Blockers there is at +1, as on a Civic."""


def sid(block: str, col: int, level: int) -> str:
    return f"{block}{col}{level}"


def parse(square: str) -> tuple[str, int, int]:
    return square[0], int(square[1]), int(square[2:])


@cache
def all_squares() -> tuple[str, ...]:
    lay = content().layout
    return tuple(
        sid(b, c, lv) for b in BLOCKS for lv in range(lay.levels) for c in range(lay.columns)
    )


def on_board(block: str, col: int, level: int) -> bool:
    lay = content().layout
    return 0 <= col < lay.columns and 0 <= level < lay.levels


@cache
def kind(square: str) -> SquareType:
    block, col, level = parse(square)
    lay = content().layout
    return lay.type_at(col if block == "A" else lay.columns - 1 - col, level)


def side(seat: int) -> int:
    """The block a seat fights for, as an index of `BLOCKS`: in a four-player game teammates
    (seats 0 and 2, 1 and 3) share one. A Futsie's SHARED owner stays on nobody's side."""
    return seat if seat == SHARED else seat % len(BLOCKS)


def block_of(seat: int) -> str:
    return BLOCKS[side(seat)]


def seat_of(square: str) -> int:
    """The side (block index) the square belongs to."""
    return BLOCKS.index(square[0])


def strength(square: str) -> int:
    """A square's Strength against shooting: 8 for an Armoury, 6 otherwise."""
    return 8 if kind(square) == "armoury" else 6


def facing(square: str) -> bool:
    """Whether the square looks onto the gap between the blocks."""
    block, col, _ = parse(square)
    gap = content().layout.columns - 1 if block == "A" else 0
    return col == gap


@cache
def neighbours(square: str) -> tuple[str, ...]:
    """The up to eight squares round it in the same block, diagonals included (kept per
    square: line of fire and shooting ask for them on every listing of the legal actions)."""
    block, col, level = parse(square)
    return tuple(
        sid(block, col + dc, level + dl)
        for dl in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dc or dl) and on_board(block, col + dc, level + dl)
    )


@cache
def above(square: str) -> tuple[str, ...]:
    """The three squares of the level above (diagonals included)."""
    block, col, level = parse(square)
    return tuple(
        sid(block, col + dc, level + 1) for dc in (-1, 0, 1) if on_board(block, col + dc, level + 1)
    )


@cache
def below(square: str) -> tuple[str, ...]:
    block, col, level = parse(square)
    return tuple(
        sid(block, col + dc, level - 1) for dc in (-1, 0, 1) if on_board(block, col + dc, level - 1)
    )


def open_air(state: ManiaState, square: str) -> bool:
    """A crashed block's squares all count as Open Air."""
    return state.crashed[seat_of(square)]


def line_of_fire(state: ManiaState, source: str, target: str) -> bool:
    """Within a block, walls stop fire beyond the next square; across the gap (Open Air), a
    square facing it sees every square facing it on the other side, and every square of a
    crashed block."""
    if source == target or target in neighbours(source):
        return True
    if source[0] == target[0] or not facing(source):
        return False
    return facing(target) or open_air(state, target)


def in_play(state: ManiaState) -> list[Blocker]:
    return [b for b in state.blockers if len(b.at) >= 3 and b.at[0] in BLOCKS]


def at(state: ManiaState, square: str) -> list[Blocker]:
    return [b for b in state.blockers if b.at == square]


def find(state: ManiaState, blocker_id: str) -> Blocker | None:
    return next((b for b in state.blockers if b.id == blocker_id), None)


def spend(state: ManiaState, b: Blocker, cost: int) -> None:
    """Pay `cost` movement points from the Blocker's own, the command points making up what
    it lacks (the quick reference's extra MP for CP); callers have checked it can pay."""
    extra = max(0, cost - b.mp)
    b.mp -= cost - extra
    state.cp -= extra


def skills(b: Blocker) -> tuple[str, ...]:
    return content().blocker(b.type).skills


def flies(b: Blocker) -> bool:
    if "no_fly" in skills(b):
        return False
    return "fly" in skills(b) or any(content().item(i).fly for i in b.kit)


@cache
def _linked(square: str, partner: SquareType) -> tuple[str, ...]:
    return tuple(s for s in all_squares() if s != square and kind(s) == partner)


def steps(state: ManiaState, b: Blocker) -> dict[str, int]:
    """Every square the Blocker can reach in one step, with its cost in MP."""
    here = b.at
    block, col, level = parse(here)
    found: dict[str, int] = {}
    for dc, dl, cost in ((-1, 0, 1), (1, 0, 1), (0, -1, 1), (0, 1, 2)):
        if on_board(block, col + dc, level + dl):
            found[sid(block, col + dc, level + dl)] = cost
    here_kind = kind(here)
    powered = state.power[seat_of(here)]
    special: list[str] = []
    if here_kind == "elevator" and powered:
        special = [s for s in _linked(here, "elevator") if s[0] == block]
    elif here_kind == "grav_chute":
        special = [sid(block, col, 0)]
    elif here_kind == "pedway_terminus" and pedway_open(state):
        special = list(_linked(here, "pedway_terminus"))
    elif here_kind == "sky_rail_station" and rides(state, b, "sky_rail") and train_runs(state):
        special = list(_linked(here, "sky_rail_station"))
    elif here_kind == "vehicle_park" and rides(state, b, "mega_way") and vehicles_run(state):
        special = list(_linked(here, "vehicle_park"))
    for s in [*special, *landings(state, b)]:
        found[s] = 1
    landing = sucker_landing(b)
    if landing is not None:
        found[landing] = 1
    for s in list(found):
        free = kind(s) == "plaza" or (kind(s) == "civic" and state.power[seat_of(s)])
        cost = 0 if free and found[s] == 1 and s[0] == block else found[s]
        cost += int(state.squares[s].collapsed) + int(state.squares[here].collapsed)
        found[s] = cost
    if flies(b) and b.mp > 0:
        for s in all_squares():
            found.setdefault(s, b.mp)
    locked = {x.at for x in state.blockers if x.locked}
    return {
        s: cost
        for s, cost in found.items()
        if s != here
        and not state.crashed[seat_of(s)]
        and (s not in locked or _joins_locked(state, b, s))
    }


def landings(state: ManiaState, b: Blocker) -> list[str]:
    """Where a flying Blocker beside the gap goes for 1 MP by landing on a way across it: a
    Vehicle Park along the Mega Way while vehicles still cross, a Sky Rail Station along the
    standing Sky Rail where that block's Tubeway stands. Flying anywhere else takes all its
    MP."""
    if not flies(b) or not facing(b.at):
        return []
    found: list[str] = []
    if rides(state, b, "mega_way"):
        found.extend(_linked(b.at, "vehicle_park"))
    if rides(state, b, "sky_rail"):
        found.extend(s for s in _linked(b.at, "sky_rail_station") if tube_stands(state, s[0]))
    return found


def vehicles_run(state: ManiaState) -> bool:
    """The Mega Way runs through both blocks in its Tunnels, and no vehicle enters a collapsed
    one; a flyer landing on it over the gap is no vehicle."""
    return not any(state.squares[s].collapsed for s in all_squares() if kind(s) == "tunnel")


@cache
def tubeway() -> tuple[str, ...]:
    """The squares of both blocks the Tubeway runs through (block B's mirrored)."""
    lay = content().layout
    return tuple(
        sid(block, cell.col if block == "A" else lay.columns - 1 - cell.col, cell.level)
        for block in BLOCKS
        for cell in lay.tubeway
    )


def tube_stands(state: ManiaState, block: str) -> bool:
    """Whether no square of the block's Tubeway has collapsed."""
    return not any(state.squares[s].collapsed for s in tubeway() if s[0] == block)


def train_runs(state: ManiaState) -> bool:
    """The train runs the whole line, so it passes neither a collapsed Sky Rail nor a
    collapsed Tubeway square in either block."""
    return walkways.passable(state, "sky_rail") and all(tube_stands(state, x) for x in BLOCKS)


def _joins_locked(state: ManiaState, b: Blocker, square: str) -> bool:
    """Nobody enters a square where a close combat is locked, except a Superhero joining a
    friendly Blocker there."""
    return "stack" in skills(b) and any(x.owner == b.owner for x in at(state, square))


SUCKER_DROP = 3
"""A Sucker Gun crosses the gap to a Window three levels lower."""


def suckers(b: Blocker) -> bool:
    return "sucker" in skills(b) or any(content().item(i).sucker for i in b.kit)


def sucker_landing(b: Blocker) -> str | None:
    """Where a Sucker Gun takes the Blocker from a square facing the gap (its Windows, with
    the Terminus and the Station among them): the facing square of the other block three levels
    lower (none from level 3 or below, where the landing would kill it)."""
    if not suckers(b) or not facing(b.at):
        return None
    block, _, level = parse(b.at)
    if level <= SUCKER_DROP:
        return None
    other = "B" if block == "A" else "A"
    col = 0 if other == "B" else content().layout.columns - 1
    landing = sid(other, col, level - SUCKER_DROP)
    return landing


def rides(state: ManiaState, b: Blocker, way: str) -> bool:
    """Whether the Blocker may travel the Sky Rail or the Mega Way: not if its type is kept
    off it, nor once shooting has closed it."""
    return f"no_{way}" not in skills(b) and walkways.passable(state, way)


def pedway_open(state: ManiaState) -> bool:
    """The Pedway works while both blocks have power, neither Terminus has collapsed and no
    hit has stopped it."""
    return (
        all(state.power)
        and walkways.passable(state, "pedway")
        and not any(
            state.squares[s].collapsed for s in all_squares() if kind(s) == "pedway_terminus"
        )
    )
