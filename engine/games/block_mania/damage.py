"""What happens to the buildings: Structural Damage and collapses (each collapse loading the
three squares above), fire counters, exploding Armouries and Vehicle Parks, the Water Tank,
the End phase's fire spreading and fire damage, and Catastrophic Damage."""

from __future__ import annotations

from engine.games.block_mania import board, names
from engine.games.block_mania.content.models import content
from engine.games.block_mania.state import GONE, SHARED, Blocker, ManiaState
from engine.messages import Msg, m

COLLAPSE = 6
"""1D6 + Structural Damage counters at least this collapses the square."""
BURN = 7
"""1D6 + Fire counters at least this damages the square, or kills a Blocker in it."""
MOST_FIRE = 3
"""A fourth Fire counter spreads instead of staying."""
EXPLOSION = 3
"""Damage value of an exploding Armoury or Vehicle Park."""


def eliminate(state: ManiaState, b: Blocker, notes: list[Msg]) -> None:
    """A Blocker is out: its owner's block takes Defeat Points; locks with it are broken."""
    where = b.at
    b.at = GONE
    b.active = b.locked = False
    if b.owner != SHARED:
        state.defeat[board.side(b.owner)] += content().tables.defeat.killed
    notes.append(m("mania.event.killed", unit=names.blocker(b)))
    others = board.at(state, where)
    if len({board.side(x.owner) for x in others}) <= 1:
        for x in others:
            x.locked = False


def attack_blocker(state: ManiaState, target: Blocker, value: int, notes: list[Msg]) -> bool:
    """Shooting's test: 1D6 + damage value - Strength must reach 6. A Blocker already out (a
    carried charge going off in a blast may take the others in the square first) is spared."""
    if target.at == GONE:
        return False
    where = target.at
    roll = state.rng.randint(1, 6)
    total = roll + value - content().blocker(target.type).strength
    hit = total >= 6
    notes.append(m("mania.event.shot", unit=names.blocker(target), roll=roll, total=total))
    if hit:
        eliminate(state, target, notes)
    attacked(state, target, where, notes)
    return hit


ACCIDENT = 6
"""A Demo Charge carried by a Blocker under attack goes off on this roll of 1D6."""


def attacked(state: ManiaState, target: Blocker, where: str, notes: list[Msg]) -> None:
    """A Blocker carrying a Demo Charge may set it off when attacked, where it stood."""
    charge = next((i for i in target.kit if content().item(i).charge == "demo"), None)
    if charge is None or state.rng.randint(1, 6) < ACCIDENT:
        return
    target.kit.remove(charge)
    notes.append(m("mania.event.accident", unit=names.blocker(target)))
    blast(state, charge, where, notes)


def half_die(state: ManiaState) -> int:
    """1D6/2, rounded up (1 to 3)."""
    return (state.rng.randint(1, 6) + 1) // 2


def blast(state: ManiaState, item_id: str, square: str, notes: list[Msg]) -> None:
    """A charge going off: its damage value against every Blocker in the square, then its
    Structural Damage (1D6/2 for a Demo Charge)."""
    item = content().item(item_id)
    notes.append(m("mania.event.blast", item=names.item(item_id), square=names.square(square)))
    for b in board.at(state, square):
        attack_blocker(state, b, item.blast, notes)
    count = half_die(state) if item.structural_die else item.structural
    structural(state, square, notes, count)


def structural(state: ManiaState, square: str, notes: list[Msg], count: int = 1) -> None:
    """Place Structural Damage counters one at a time, each checked for a collapse."""
    for _ in range(count):
        sq = state.squares[square]
        if sq.collapsed:
            return
        sq.damage += 1
        notes.append(m("mania.event.damage", square=names.square(square), n=sq.damage))
        kind = board.kind(square)
        if kind == "water_tank" and state.tanks[board.seat_of(square)]:
            _tank(state, square, notes)
        if kind == "armoury":
            _explode(state, square, notes)
        roll = state.rng.randint(1, 6)
        if roll + sq.damage >= COLLAPSE:
            collapse(state, square, notes)


def collapse(state: ManiaState, square: str, notes: list[Msg]) -> None:
    """The square falls: whoever is in it dies, its fires go out, its block's owner takes
    Defeat Points, and the three squares above each take a Structural Damage."""
    sq = state.squares[square]
    if sq.collapsed:
        return
    sq.collapsed = True
    sq.fire = 0
    owner = board.seat_of(square)
    state.defeat[owner] += content().tables.defeat.collapse
    state.collapsed_now[owner] = True
    notes.append(m("mania.event.collapse", square=names.square(square)))
    if board.kind(square) == "armoury":
        _explode(state, square, notes)
    for b in board.at(state, square):
        eliminate(state, b, notes)
    for up in board.above(square):
        structural(state, up, notes)


def add_fire(state: ManiaState, square: str, notes: list[Msg], count: int = 1) -> None:
    """Fire counters, up to three in a square; none in a collapsed square."""
    sq = state.squares[square]
    if sq.collapsed or count <= 0:
        return
    sq.fire = min(MOST_FIRE, sq.fire + count)
    notes.append(m("mania.event.fire", square=names.square(square), n=sq.fire))
    if board.kind(square) in ("armoury", "vehicle_park"):
        _explode(state, square, notes)


def _explode(state: ManiaState, square: str, notes: list[Msg]) -> None:
    """An Armoury or Vehicle Park blows up on 5 or 6, attacking every Blocker round it."""
    sq = state.squares[square]
    if sq.exploded:
        return
    roll = state.rng.randint(1, 6)
    if roll < 5:
        return
    sq.exploded = True
    notes.append(m("mania.event.explosion", square=names.square(square)))
    for near in board.neighbours(square):
        for b in board.at(state, near):
            attack_blocker(state, b, EXPLOSION, notes)


def _tank(state: ManiaState, square: str, notes: list[Msg]) -> None:
    """The first Structural Damage destroys the Water Tank, putting out the fires below it."""
    state.tanks[board.seat_of(square)] = False
    notes.append(m("mania.event.tank", square=names.square(square)))
    for low in board.below(square):
        state.squares[low].fire = 0


def spread_target(square: str, roll: int) -> str | None:
    """Where a fourth Fire goes on a 2D6 roll: the spread table, None off the block."""
    block, col, level = board.parse(square)
    step = content().spread(roll)
    if not board.on_board(block, col + step.dcol, level + step.dlevel):
        return None
    return board.sid(block, col + step.dcol, level + step.dlevel)


def fire_phase(state: ManiaState, notes: list[Msg]) -> None:
    """Spreading, then damage to the blocks and to the Blockers in burning squares."""
    burning = [s for s in board.all_squares() if state.squares[s].fire]
    for square in burning:
        sq = state.squares[square]
        if sq.fire < MOST_FIRE:
            add_fire(state, square, notes)
            continue
        roll = sum(state.rng.roll(2))
        target = spread_target(square, roll)
        notes.append(m("mania.event.spread", square=names.square(square), roll=roll))
        if target is not None and not state.squares[target].collapsed:
            add_fire(state, target, notes)
    for square in [s for s in board.all_squares() if state.squares[s].fire]:
        sq = state.squares[square]
        roll = state.rng.randint(1, 6)
        if roll + sq.fire >= BURN:
            structural(state, square, notes)
        elif roll <= 2 and state.tanks[board.seat_of(square)]:
            sq.fire -= 1
            notes.append(m("mania.event.doused", square=names.square(square), n=sq.fire))
        for b in board.at(state, square):
            if sq.fire and state.rng.randint(1, 6) + sq.fire >= BURN:
                notes.append(m("mania.event.burned", unit=names.blocker(b)))
                eliminate(state, b, notes)


def catastrophe(state: ManiaState, notes: list[Msg]) -> None:
    """Each block with a collapse this turn crashes if 5D6 is at most its collapsed squares."""
    for seat in (0, 1):
        if not state.collapsed_now[seat] or state.crashed[seat]:
            continue
        fallen = sum(
            1
            for s in board.all_squares()
            if s[0] == board.block_of(seat) and state.squares[s].collapsed
        )
        roll = sum(state.rng.roll(5))
        notes.append(m("mania.event.catastrophe", block=board.block_of(seat), roll=roll, n=fallen))
        if roll <= fallen:
            state.crashed[seat] = True
            notes.append(m("mania.event.crash", block=board.block_of(seat)))
            for b in board.in_play(state):
                if b.at[0] == board.block_of(seat):
                    eliminate(state, b, notes)
    state.collapsed_now = [False, False]
