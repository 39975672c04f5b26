"""Charges armed and left behind (the quick reference's Armoury counters with special rules):
Demo Charges, Thermo Bombs and Nerve Gas go off as the next Combat phase begins, a Plascrete
Virus eats its way through a block each End phase of its owner's turn, and a face-down Trip
Mine waits for an enemy Blocker to walk in.

Arming costs 1 MP (command points paying what the Blocker lacks). A Thermo Bomb or Trip Mine
is armed on the way out: the arming names the square the Blocker steps to, and the step is
paid as any other. "The next Combat phase" is read as the first to begin after the arming,
the same turn's.

A Blocker in an Armoury or a Shopping Mall may also draw an Armoury or a Hardware counter
there, for all the MP it has left (the quick reference's "any left", at least one, as a flight
takes "all MPs"): it keeps the counter, and any further step is paid in command points."""

from __future__ import annotations

from engine.core import ActionBase, IllegalAction
from engine.games.block_mania import board, damage, names, turn, weapons
from engine.games.block_mania.actions import Arm, Draw, Drop, Move, SetUp
from engine.games.block_mania.content.models import content
from engine.games.block_mania.state import GONE, MAX_STEPS, SHARED, Blocker, Charge, ManiaState
from engine.kit import cards as deck
from engine.messages import Msg, m

ARM_COST = 1
"""MP to arm a charge or to drop a weapon (the quick reference: "Drop and/or activate weapons
+1 MP")."""
LEAVE = ("thermo", "mine")
"""Charges whose Blocker must leave the square as it arms them."""
AT_COMBAT = ("demo", "thermo", "nerve")
"""Charges that go off as the next Combat phase begins."""
NERVE_KILLS = 5
"""Nerve Gas kills a Blocker on this roll of 1D6 or more, 6 at a Window (the quick reference)."""
NERVE_WINDOW = 6
VIRUS_ACTS = 4
"""The Plascrete Virus damages and moves on this roll of 1D6 or more (the quick reference)."""
VIRUS_STEP = {1: -1, 2: -1, 3: 0, 4: 0, 5: 1, 6: 1}
"""A die of the virus' 2D6 move: 1-2 one way, 3-4 stay, 5-6 the other way."""


def _kind(item_id: str) -> str | None:
    return content().item(item_id).charge


def _fits(item_id: str, square: str) -> bool:
    """Nerve Gas only in a Power House, a Trip Mine only in an Interior square."""
    kind = _kind(item_id)
    if kind == "nerve":
        return board.kind(square) == "power_house"
    if kind == "mine":
        return board.kind(square) == "interior"
    return True


def arms(state: ManiaState, b: Blocker, budget: int) -> list[Arm]:
    """The charges an activated Blocker may arm now with `budget` MP and CP; a Thermo Bomb
    or Trip Mine once for every square it may step away to."""
    if b.locked or budget < ARM_COST or state.crashed[board.seat_of(b.at)]:
        return []
    found: list[Arm] = []
    for item_id in dict.fromkeys(b.kit):
        if _kind(item_id) is None or not _fits(item_id, b.at):
            continue
        if _kind(item_id) not in LEAVE:
            found.append(Arm(blocker=b.id, item=item_id))
            continue
        if b.steps >= MAX_STEPS:
            continue
        found.extend(
            Arm(blocker=b.id, item=item_id, to=to)
            for to, cost in board.steps(state, b).items()
            if ARM_COST + cost <= budget
        )
    return found


def offered(state: ManiaState) -> list[ActionBase]:
    """Charges to arm, heavy weapons to set up and kit to drop, for each activated Blocker the
    player controls that is not locked in close combat."""
    found: list[ActionBase] = []
    for b in board.in_play(state):
        if not (turn.controls(state, b) and b.active) or b.locked:
            continue
        found.extend(arms(state, b, b.mp + state.cp))
        found.extend(SetUp(blocker=b.id, item=i) for i in weapons.set_ups(state, b))
        if b.mp + state.cp >= ARM_COST:
            found.extend(Drop(blocker=b.id, item=i) for i in dict.fromkeys(b.kit))
        if _counters(b):
            found.append(Draw(blocker=b.id))
    return found


def _counters(b: Blocker) -> tuple[str, ...]:
    """The counters the Blocker may draw where it stands (none without MP of its own left, and
    none for a Superhero): Armoury counters in an Armoury, Hardware in a Shopping Mall. A Mob or
    Fatties drawing a Power Board or Bat Suit draws again, so those are left out for them."""
    if b.mp < 1 or "no_draw" in board.skills(b):
        return ()
    equipment = content().equipment
    pool = {"armoury": equipment.armoury, "shopping_mall": equipment.hardware}.get(
        board.kind(b.at), ()
    )
    if "no_fly" in board.skills(b):
        pool = tuple(i for i in pool if not content().item(i).fly)
    return pool


def _offered(state: ManiaState, action: Draw | Arm | SetUp | Drop, refusal: str) -> Blocker:
    """The Blocker an offered action is for; an action not offered now is refused with the
    catalog's `refusal` (each kind says what it needs)."""
    if action not in offered(state):
        raise IllegalAction(m(refusal))
    b = board.find(state, action.blocker)
    assert b is not None
    return b


def do_draw(state: ManiaState, action: Draw) -> list[Msg]:
    """One counter drawn at random for all the Blocker's MP left; it keeps it."""
    b = _offered(state, action, "mania.refuse.draw")
    item = deck.draw_at_random(list(_counters(b)), state.rng)
    assert item is not None
    b.mp = 0
    b.kit.append(item)
    return [m("mania.event.drew", unit=names.blocker(b), item=names.item(item))]


def do_arm(state: ManiaState, action: Arm) -> list[Msg]:
    """Arm the charge, then step away when it demands it."""
    b = _offered(state, action, "mania.refuse.arm")
    notes = arm(state, state.active, b, action)
    if action.to:
        notes += move(state, Move(blocker=b.id, to=action.to))
    return notes


def do_set_up(state: ManiaState, action: SetUp) -> list[Msg]:
    b = _offered(state, action, "mania.refuse.set_up")
    weapons.set_up(state, b, action.item)
    return [m("mania.event.set_up", unit=names.blocker(b), item=names.item(action.item))]


def do_drop(state: ManiaState, action: Drop) -> list[Msg]:
    """The item leaves play for 1 MP: a Blocker sheds a Demo Charge before it is shot at, or
    gear it has no use for."""
    b = _offered(state, action, "mania.refuse.drop")
    board.spend(state, b, ARM_COST)
    b.kit.remove(action.item)
    if action.item not in b.kit and action.item in b.set_up:
        b.set_up.remove(action.item)
    return [m("mania.event.dropped", unit=names.blocker(b), item=names.item(action.item))]


def move(state: ManiaState, action: Move) -> list[Msg]:
    """A step, and what it sets off."""
    notes = turn.move(state, action)
    b = board.find(state, action.blocker)
    assert b is not None
    return notes + after_move(state, b)


def arm(state: ManiaState, seat: int, b: Blocker, action: Arm) -> list[Msg]:
    """Pays 1 MP and leaves the charge in the square (the step away is the caller's)."""
    board.spend(state, b, ARM_COST)
    b.kit.remove(action.item)
    number = 1 + max((int(c.id[1:]) for c in state.charges), default=0)
    face_down = _kind(action.item) == "mine"
    state.charges.append(
        Charge(id=f"C{number}", item=action.item, at=b.at, owner=seat, face_down=face_down)
    )
    if face_down:
        return [m("mania.event.armed_face_down", unit=names.blocker(b))]
    return [
        m(
            "mania.event.armed",
            unit=names.blocker(b),
            item=names.item(action.item),
            square=names.square(b.at),
        )
    ]


def after_move(state: ManiaState, b: Blocker) -> list[Msg]:
    """A Blocker that moved packs up its heavy weapons; an enemy walking onto a Trip Mine
    sets it off (+4, then a Structural Damage)."""
    b.set_up.clear()
    if b.at == GONE:
        return []
    notes: list[Msg] = []
    for c in [c for c in state.charges if c.at == b.at and _kind(c.item) == "mine"]:
        if b.owner != SHARED and board.side(b.owner) == board.side(c.owner):
            continue
        state.charges.remove(c)
        notes.append(m("mania.event.mine", unit=names.blocker(b), square=names.square(c.at)))
        damage.blast(state, c.item, c.at, notes)
    return notes


def combat_begins(state: ManiaState) -> list[Msg]:
    """Demo Charges, Thermo Bombs and Nerve Gas armed since the last Combat phase go off, and
    the active player rolls for each Plascrete Virus in their block."""
    notes = virus_phase(state)
    for c in [c for c in state.charges if _kind(c.item) in AT_COMBAT]:
        state.charges.remove(c)
        if state.crashed[board.seat_of(c.at)]:
            continue
        kind = _kind(c.item)
        if kind == "demo":
            damage.blast(state, c.item, c.at, notes)
        elif kind == "thermo":
            _thermo(state, c, notes)
        else:
            _nerve(state, c, notes)
    return notes


def _thermo(state: ManiaState, c: Charge, notes: list[Msg]) -> None:
    """The square collapses; each square above that still stands catches fire."""
    notes.append(m("mania.event.thermo", square=names.square(c.at)))
    damage.collapse(state, c.at, notes)
    for up in board.above(c.at):
        if not state.squares[up].collapsed:
            damage.add_fire(state, up, notes, content().item(c.item).fire)


def _nerve(state: ManiaState, c: Charge, notes: list[Msg]) -> None:
    """1D6 for every Blocker in the block: 5+ kills, 6 at a Window, none in the open air."""
    notes.append(m("mania.event.nerve", block=c.at[0]))
    for b in [b for b in board.in_play(state) if b.at[0] == c.at[0]]:
        where = board.kind(b.at)
        if where in board.OPEN_AIR:
            continue
        need = NERVE_WINDOW if where == "window" else NERVE_KILLS
        if state.rng.randint(1, 6) >= need:
            damage.eliminate(state, b, notes)


def virus_phase(state: ManiaState) -> list[Msg]:
    """Each Plascrete Virus in the active player's block, once a turn as their Combat phase
    begins (when in the turn is reconstructed): on 4+ a Structural Damage where it is (none if
    that square has collapsed), then it wanders."""
    notes: list[Msg] = []
    block = board.block_of(state.active)
    for c in [c for c in state.charges if _kind(c.item) == "virus" and c.at[0] == block]:
        if state.crashed[board.seat_of(c.at)] or state.rng.randint(1, 6) < VIRUS_ACTS:
            continue
        notes.append(m("mania.event.virus", square=names.square(c.at)))
        damage.structural(state, c.at, notes, content().item(c.item).structural)
        c.at = _wander(state, c.at)
    return notes


def _wander(state: ManiaState, square: str) -> str:
    """2D6: the first die up, level or down, the second left, same column or right, rolled
    again until it names another square of the block."""
    block, col, level = board.parse(square)
    while True:
        up, side = state.rng.randint(1, 6), state.rng.randint(1, 6)
        to_col, to_level = col + VIRUS_STEP[side], level - VIRUS_STEP[up]
        if (to_col, to_level) != (col, level) and board.on_board(block, to_col, to_level):
            return board.sid(block, to_col, to_level)
