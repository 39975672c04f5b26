"""Attacks: shooting at Blockers, at squares and at the walkways across the gap, close combat,
looting, arson, fire fighting, scrawling and setting a Robo Dog loose, each as the quick
reference rolls them; and which attacks a Blocker may make (which weapon fires how is
weapons.py's)."""

from __future__ import annotations

from engine.games.block_mania import board, damage, names, walkways, weapons
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
ORDER = ("shooting", "close_combat", "looting", "scrawling", "arson", "fire_fighting")
"""The attack kinds in the order the Combat phase resolves them (the quick reference)."""
KIND = {
    "shoot": "shooting",
    "square": "shooting",
    "walkway": "shooting",
    "dog": "shooting",
    "melee": "close_combat",
    "loot": "looting",
    "scrawl": "scrawling",
    "arson": "arson",
    "firefight": "fire_fighting",
}
"""The kind of each attack: a Robo Dog let loose attacks as a shot does (a damage value
against Strength, from afar), so it goes with the shooting."""


def stage(action: Attack) -> int:
    return ORDER.index(KIND[action.how])


def in_order(state: ManiaState, action: Attack) -> bool:
    """Whether the Combat phase has not yet gone past the attack's kind."""
    return stage(action) >= state.stage


def out_of_order(state: ManiaState, action: Attack) -> Msg:
    return m(
        "mania.refuse.order",
        kind=m(f"mania.kind.{KIND[action.how]}"),
        reached=m(f"mania.kind.{ORDER[state.stage]}"),
    )


def strength(b: Blocker) -> int:
    return content().blocker(b.type).strength


def best(b: Blocker, ranged: bool) -> int:
    """The damage value of one weapon: the best the Blocker may use (a ranged one to shoot)."""
    values = [
        content().item(i).damage
        for i in b.kit
        if weapons.usable(b, i) and (content().item(i).ranged or not ranged)
    ]
    return max(values, default=0)


def weapon(b: Blocker) -> str | None:
    """The ranged weapon the Blocker fires by default, if it may shoot at all."""
    fires = weapons.profiles(b)
    return fires[0].item if fires else None


def enemies(b: Blocker, other: Blocker, seat: int) -> bool:
    """Whether `b`, fighting for `seat`, may attack `other`: any Blocker not on its side (a
    Futsie is on nobody's side; teammates are on the same one)."""
    return other.owner == SHARED or board.side(other.owner) != board.side(seat)


def may_hit_square(b: Blocker, square: str, seat: int) -> bool:
    """Only a Futsie may attack its own block."""
    return board.seat_of(square) != board.side(seat) or b.owner == SHARED


def shoot_bonus(state: ManiaState, square: str) -> int:
    """+1 at a Blocker on a Civic, Plaza or Open Air square (a Balcony, or any of a crashed
    block); -1 in a block without power."""
    exposed = board.kind(square) in (*board.OPEN, *board.OPEN_AIR)
    bonus = 1 if exposed or board.open_air(state, square) else 0
    return bonus - dark(state, square)


def dark(state: ManiaState, square: str) -> int:
    return 0 if state.power[board.seat_of(square)] else 1


def options(state: ManiaState, b: Blocker, seat: int) -> list[Attack]:
    """Every attack the Blocker may make from where it stands."""
    found: list[Attack] = []
    here = b.at
    sk = board.skills(b)
    for fire in weapons.profiles(b):
        found.extend(_shots(state, b, seat, fire))
    if weapons.has_dog(b):
        found.extend(
            Attack(blocker=b.id, how="dog", target=x.id)
            for x in weapons.nearest_enemies(state, b, seat)
        )
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


def _homing_target(state: ManiaState, square: str) -> bool:
    """Homing rockets only seek Window and Open Air squares."""
    return board.kind(square) == "window" or board.open_air(state, square)


def plazas_below(square: str, fire: weapons.Profile) -> list[str]:
    """The Plazas a weapon thrown from a high Window reaches (Fire Bombs from level 3 up): the
    two under the walls facing the gap, which a Window looks down on."""
    if fire.plaza_from is None or board.kind(square) != "window":
        return []
    if board.parse(square)[2] < fire.plaza_from:
        return []
    return [s for s in board.all_squares() if board.kind(s) == "plaza" and board.facing(s)]


def refusal(state: ManiaState, action: Attack) -> Msg:
    """Why an attack the rules do not offer is refused: a throw at a Plaza from anywhere but a
    high enough Window names that rule."""
    b = board.find(state, action.blocker)
    fire = weapons.profile(b, action.weapon) if b is not None else None
    if b is None or fire is None or fire.plaza_from is None:
        return m("mania.refuse.attack")
    target = board.find(state, action.target)
    where = target.at if action.how == "shoot" and target is not None else action.target
    thrower = b.active and not b.attacked and not plazas_below(b.at, fire)
    if thrower and where in board.all_squares() and board.kind(where) == "plaza":
        return m("mania.refuse.throw", item=names.item(fire.item), n=fire.plaza_from)
    return m("mania.refuse.attack")


def _shots(state: ManiaState, b: Blocker, seat: int, fire: weapons.Profile) -> list[Attack]:
    """Every shot one way of firing allows: homing rockets at any Window or Open Air square
    (and the Blockers there) without line of fire, other fire along the line of fire and at
    the Blocker's own and neighbouring squares; and at the walkways it may reach."""
    here = b.at
    thrown = plazas_below(b.at, fire)
    found = [
        Attack(blocker=b.id, how="shoot", target=other.id, weapon=fire.mode)
        for other in board.in_play(state)
        if other is not b
        and enemies(b, other, seat)
        and (
            _homing_target(state, other.at)
            if fire.homing
            else board.line_of_fire(state, here, other.at) or other.at in thrown
        )
    ]
    if fire.homing:
        squares = [s for s in board.all_squares() if _homing_target(state, s)]
    else:
        squares = list(dict.fromkeys([here, *board.neighbours(here), *thrown]))
    found.extend(
        Attack(blocker=b.id, how="square", target=square, weapon=fire.mode)
        for square in squares
        if not state.squares[square].collapsed and may_hit_square(b, square, seat)
    )
    found.extend(
        Attack(blocker=b.id, how="walkway", target=w, weapon=fire.mode)
        for w in walkways.targets(state, b, fire)
    )
    return found


def resolve(state: ManiaState, seat: int, b: Blocker, action: Attack) -> list[Msg]:
    notes: list[Msg] = []
    bonus = state.bonus[seat]
    state.bonus[seat] = 0
    how = action.how
    if how in ("shoot", "square", "walkway"):
        fire = weapons.profile(b, action.weapon)
        assert fire is not None
        if fire.spent:
            b.kit.remove(fire.item)
            notes.append(
                m("mania.event.discarded", unit=names.blocker(b), item=names.item(fire.item))
            )
        _fire(state, b, action, fire, bonus, notes)
    elif how == "dog":
        target = board.find(state, action.target)
        assert target is not None
        b.kit.remove(weapons.dog_item(b))
        notes.append(m("mania.event.dog", unit=names.blocker(b), target=names.blocker(target)))
        damage.attack_blocker(state, target, weapons.DOG_DAMAGE + bonus, notes)
    elif how == "melee":
        target = board.find(state, action.target)
        assert target is not None
        _melee(state, b, target, bonus, notes)
    else:
        _deed(state, seat, b, action, bonus, notes)
    return notes


def _fire(
    state: ManiaState,
    b: Blocker,
    action: Attack,
    fire: weapons.Profile,
    bonus: int,
    notes: list[Msg],
) -> None:
    """One shot: at a Blocker (the shooting test), at a square or at a walkway (1D6 + damage
    - Strength against the square threshold); a missile at a guarded block is shot down."""
    how = action.how
    where = action.target
    if how == "shoot":
        target = board.find(state, action.target)
        assert target is not None
        where = target.at
    if fire.missile and how != "walkway" and weapons.guarded(state, where):
        notes.append(m("mania.event.shot_down", unit=names.blocker(b), block=where[0]))
        return
    if how == "shoot":
        assert target is not None
        value = fire.damage + shoot_bonus(state, where) + bonus
        notes.append(m("mania.event.fires_at", unit=names.blocker(b), target=names.blocker(target)))
        damage.attack_blocker(state, target, value, notes)
        _side_effects(state, where, fire, notes)
        return
    roll = state.rng.randint(1, 6)
    need = content().tables.square_hit
    if how == "walkway":
        total = roll + fire.damage + bonus - walkways.strength(where)
        target_name = walkways.name(where)
    else:
        total = roll + fire.damage + bonus - board.strength(where) - dark(state, where)
        target_name = names.square(where)
    notes.append(
        m(
            "mania.event.shoots_square",
            unit=names.blocker(b),
            square=target_name,
            roll=roll,
            total=total,
            need=need,
        )
    )
    if how == "walkway":
        if total >= need:
            walkways.hit(state, where, notes)
        return
    if total >= need:
        damage.structural(state, where, notes)
    _side_effects(state, where, fire, notes)


def _side_effects(state: ManiaState, square: str, fire: weapons.Profile, notes: list[Msg]) -> None:
    """What the shot leaves behind: Fire counters, Structural Damage."""
    if fire.fire:
        damage.add_fire(state, square, notes, fire.fire)
    if fire.structural_die:
        damage.structural(state, square, notes, damage.half_die(state))
    elif fire.structural:
        damage.structural(state, square, notes, fire.structural)


def _melee(state: ManiaState, a: Blocker, d: Blocker, bonus: int, notes: list[Msg]) -> None:
    """Both roll 1D6 + Strength + all their weapons; Fatties charging add 2, a Blocker just
    across by Sucker Gun 1; a tie locks both."""
    charge = CHARGE if "charge" in board.skills(a) else 0
    charge += 1 if a.suckered else 0
    mine = state.rng.randint(1, 6) + strength(a) + _all_weapons(a) + charge + bonus
    theirs = state.rng.randint(1, 6) + strength(d) + _all_weapons(d)
    where = d.at
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
    else:
        damage.eliminate(state, d if mine > theirs else a, notes)
    damage.attacked(state, d, where, notes)
    for _ in range(_drills(a) + _drills(d)):
        damage.structural(state, where, notes)


def _drills(b: Blocker) -> int:
    """A set-up Vibro-Drill is a close-combat weapon (it cannot shoot), so a fight is where it
    is used, and each use places a Structural Damage in the square."""
    return sum(1 for i in b.kit if content().item(i).drill and weapons.usable(b, i))


def _all_weapons(b: Blocker) -> int:
    """Every weapon it may use (a heavy one only once set up)."""
    return sum(content().item(i).damage for i in b.kit if weapons.usable(b, i))


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
    """Three counters drawn: the Blocker keeps the best weapon if it beats its own, any
    flying gear it may use, and any charge or Robo Dog."""
    pool = list(content().equipment.loot)
    drawn = [deck.draw_at_random(pool, state.rng) for _ in range(LOOT_DRAWS)]
    got = [d for d in drawn if d is not None]
    notes.append(m("mania.event.looted", items=[names.item(i) for i in got]))
    weapons = [i for i in got if content().item(i).damage]
    if weapons:
        top = max(weapons, key=lambda i: content().item(i).damage)
        if content().item(top).damage > best(b, ranged=False) and top not in b.kit:
            b.kit.append(top)
    flies = "no_fly" not in board.skills(b)
    for i in got:
        item = content().item(i)
        if ((item.fly and flies) or item.charge or item.dog) and i not in b.kit:
            b.kit.append(i)
