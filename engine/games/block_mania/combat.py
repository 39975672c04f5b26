"""Attacks: shooting at Blockers and at squares, close combat, looting, arson, fire fighting
and scrawling, each as the quick reference rolls them; and which attacks a Blocker may make."""

from __future__ import annotations

from engine.games.block_mania import board, damage, names
from engine.games.block_mania.actions import Attack
from engine.games.block_mania.content.models import content
from engine.games.block_mania.state import SHARED, Blocker, ManiaState
from engine.kit import cards as deck
from engine.messages import Msg, m

SUCCESS = 6
"""1D6 + Strength at least this succeeds at looting, arson and fire fighting."""
CHARGE = 2
LOOT_DRAWS = 3
LOOTABLE = ("bank", "shopping_mall", "armoury")


def strength(b: Blocker) -> int:
    return content().blocker(b.type).strength


def best(b: Blocker, ranged: bool) -> int:
    """The damage value of one weapon: the best the Blocker carries (a ranged one to shoot)."""
    values = [content().item(i).damage for i in b.kit if content().item(i).ranged or not ranged]
    return max(values, default=0)


def weapon(b: Blocker) -> str | None:
    ranged = [i for i in b.kit if content().item(i).ranged]
    return max(ranged, key=lambda i: content().item(i).damage, default=None)


def enemies(b: Blocker, other: Blocker, seat: int) -> bool:
    """Whether `b`, fighting for `seat`, may attack `other`: any Blocker not on its side (a
    Futsie is on nobody's side; teammates are on the same one)."""
    return other.owner == SHARED or board.side(other.owner) != board.side(seat)


def may_hit_square(b: Blocker, square: str, seat: int) -> bool:
    """Only a Futsie may attack its own block."""
    return board.seat_of(square) != board.side(seat) or b.owner == SHARED


def shoot_bonus(state: ManiaState, square: str) -> int:
    """+1 at a Blocker on a Civic, Plaza or Open Air square; -1 in a block without power."""
    bonus = 1 if board.kind(square) in board.OPEN or board.open_air(state, square) else 0
    return bonus - dark(state, square)


def dark(state: ManiaState, square: str) -> int:
    return 0 if state.power[board.seat_of(square)] else 1


def options(state: ManiaState, b: Blocker, seat: int) -> list[Attack]:
    """Every attack the Blocker may make from where it stands."""
    found: list[Attack] = []
    here = b.at
    sk = board.skills(b)
    if weapon(b) is not None:
        for other in board.in_play(state):
            if (
                other is not b
                and enemies(b, other, seat)
                and board.line_of_fire(state, here, other.at)
            ):
                found.append(Attack(blocker=b.id, how="shoot", target=other.id))
        for square in [here, *board.neighbours(here)]:
            if not state.squares[square].collapsed and may_hit_square(b, square, seat):
                found.append(Attack(blocker=b.id, how="square", target=square))
    for other in board.at(state, here):
        if other is not b and enemies(b, other, seat):
            found.append(Attack(blocker=b.id, how="melee", target=other.id))
    if board.kind(here) in LOOTABLE and "no_loot" not in sk:
        found.append(Attack(blocker=b.id, how="loot"))
    if "no_loot" not in sk and not state.squares[here].fire:
        found.append(Attack(blocker=b.id, how="arson"))
    if board.kind(here) == "fire_control" and "no_firefighting" not in sk:
        for near in board.neighbours(here):
            if state.squares[near].fire:
                found.append(Attack(blocker=b.id, how="firefight", target=near))
    scrawls = any(content().item(i).scrawl for i in b.kit)
    enemy_open = board.kind(here) in board.OPEN and board.seat_of(here) != board.side(seat)
    if scrawls and enemy_open and not state.squares[here].scrawl:
        found.append(Attack(blocker=b.id, how="scrawl"))
    return found


def resolve(state: ManiaState, seat: int, b: Blocker, action: Attack) -> list[Msg]:
    notes: list[Msg] = []
    bonus = state.bonus[seat]
    state.bonus[seat] = 0
    how = action.how
    if how == "shoot":
        target = board.find(state, action.target)
        assert target is not None
        value = best(b, ranged=True) + shoot_bonus(state, target.at) + bonus
        notes.append(m("mania.event.fires_at", unit=names.blocker(b), target=names.blocker(target)))
        where = target.at
        damage.attack_blocker(state, target, value, notes)
        _side_effects(state, b, where, notes)
    elif how == "square":
        roll = state.rng.randint(1, 6)
        total = roll + best(b, ranged=True) + bonus - board.strength(action.target)
        total -= dark(state, action.target)
        notes.append(
            m(
                "mania.event.shoots_square",
                unit=names.blocker(b),
                square=names.square(action.target),
                roll=roll,
                total=total,
                need=content().tables.square_hit,
            )
        )
        if total >= content().tables.square_hit:
            damage.structural(state, action.target, notes)
        _side_effects(state, b, action.target, notes)
    elif how == "melee":
        target = board.find(state, action.target)
        assert target is not None
        _melee(state, b, target, bonus, notes)
    else:
        _deed(state, seat, b, action, bonus, notes)
    return notes


def _side_effects(state: ManiaState, b: Blocker, square: str, notes: list[Msg]) -> None:
    """What the weapon leaves behind: Fire counters, Structural Damage, a drill's damage."""
    item_id = weapon(b)
    if item_id is None:
        return
    item = content().item(item_id)
    if item.fire:
        damage.add_fire(state, square, notes, item.fire)
    if item.structural:
        damage.structural(state, square, notes, item.structural)
    if item.drill and board.find(state, b.id) and b.at == square:
        damage.structural(state, b.at, notes)


def _melee(state: ManiaState, a: Blocker, d: Blocker, bonus: int, notes: list[Msg]) -> None:
    """Both roll 1D6 + Strength + all their weapons; Fatties charging add 2, a Blocker just
    across by Sucker Gun 1; a tie locks both."""
    charge = CHARGE if "charge" in board.skills(a) else 0
    charge += 1 if a.suckered else 0
    mine = state.rng.randint(1, 6) + strength(a) + _all_weapons(a) + charge + bonus
    theirs = state.rng.randint(1, 6) + strength(d) + _all_weapons(d)
    notes.append(
        m(
            "mania.event.melee",
            unit=names.blocker(a),
            target=names.blocker(d),
            mine=mine,
            theirs=theirs,
        )
    )
    if mine == theirs:
        a.locked = d.locked = True
        notes.append(m("mania.event.locked", square=names.square(a.at)))
        return
    damage.eliminate(state, d if mine > theirs else a, notes)


def _all_weapons(b: Blocker) -> int:
    return sum(content().item(i).damage for i in b.kit)


def _deed(
    state: ManiaState, seat: int, b: Blocker, action: Attack, bonus: int, notes: list[Msg]
) -> None:
    if action.how == "scrawl":
        state.squares[b.at].scrawl = True
        state.defeat[board.seat_of(b.at)] += content().tables.defeat.scrawl
        notes.append(m("mania.event.scrawl", unit=names.blocker(b), square=names.square(b.at)))
        return
    roll = state.rng.randint(1, 6)
    total = roll + strength(b) + bonus
    ok = total >= SUCCESS
    notes.append(m(f"mania.event.{action.how}", unit=names.blocker(b), roll=roll, total=total))
    if not ok:
        notes.append(m("mania.event.failed"))
        return
    if action.how == "arson":
        damage.add_fire(state, b.at, notes)
    elif action.how == "firefight":
        state.squares[action.target].fire = 0
        notes.append(m("mania.event.put_out", square=names.square(action.target)))
    elif board.kind(b.at) == "bank":
        drawn = deck.draw(state.deck)
        state.hands[seat].extend(drawn)
        notes.append(m("mania.event.loot_card", n=len(drawn)))
    else:
        _loot(state, b, notes)


def _loot(state: ManiaState, b: Blocker, notes: list[Msg]) -> None:
    """Three counters drawn: the Blocker keeps the best weapon if it beats its own, and any
    flying gear it may use."""
    pool = list(content().equipment.loot)
    drawn = [deck.draw_at_random(pool, state.rng) for _ in range(LOOT_DRAWS)]
    got = [d for d in drawn if d is not None]
    notes.append(m("mania.event.looted", items=[names.item(i) for i in got]))
    weapons = [i for i in got if content().item(i).damage]
    if weapons:
        top = max(weapons, key=lambda i: content().item(i).damage)
        if content().item(top).damage > best(b, ranged=False) and top not in b.kit:
            b.kit.append(top)
    if "no_fly" not in board.skills(b):
        for i in got:
            if content().item(i).fly and i not in b.kit:
                b.kit.append(i)
