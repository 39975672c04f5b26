"""Which weapon fires and how: heavy weapons set up before they fire, the firing modes a
weapon offers (incendiary and homing rockets, incendiary shells), the Missile Defence Laser's
guard over its block, and the Robo Dog's run at the nearest enemy.

A Blocker shoots with one weapon per attack (the quick reference): by default the best it may
use, or a firing mode it names. A heavy weapon (Missile Launcher, Missile Defence Laser, Spit
Cannon, Vibro-Drill) takes 2 MP to set up and stays set up until its Blocker moves."""

from __future__ import annotations

from pydantic import BaseModel

from engine.games.block_mania import board
from engine.games.block_mania.content.models import Item, content
from engine.games.block_mania.state import SHARED, Blocker, ManiaState

SET_UP_COST = 2
"""MP to set up a heavy weapon (the quick reference)."""
DOG_DAMAGE = 3
"""A Robo Dog set on the nearest enemy attacks with this damage value (the quick reference)."""


class Profile(BaseModel):
    """One way to fire: the weapon, the mode's id (empty for its normal fire) and what a shot
    does."""

    item: str
    mode: str = ""
    damage: int
    fire: int = 0
    structural: int = 0
    structural_die: bool = False
    homing: bool = False
    missile: bool = False
    spent: bool = False
    """The shot discards the weapon."""
    plaza_from: int | None = None
    """The weapon's reach from high Windows down to the Plazas (`Item.plaza_from`)."""


def usable(b: Blocker, item_id: str) -> bool:
    """A heavy weapon counts only once set up."""
    return not content().item(item_id).heavy or item_id in b.set_up


def _normal(item: Item) -> Profile:
    return Profile(
        item=item.id,
        damage=item.damage,
        fire=item.fire,
        structural=item.structural,
        structural_die=item.structural_die,
        missile=item.missile,
        plaza_from=item.plaza_from,
    )


def profiles(b: Blocker) -> list[Profile]:
    """The Blocker's ways to shoot: its best usable ranged weapon's normal fire, then every
    other mode of its usable weapons."""
    ranged = [content().item(i) for i in dict.fromkeys(b.kit) if usable(b, i)]
    ranged = [i for i in ranged if i.ranged]
    if not ranged:
        return []
    best = max(ranged, key=lambda i: i.damage)
    found = [_normal(best)]
    for item in ranged:
        found.extend(
            Profile(
                item=item.id,
                mode=mode.id,
                damage=mode.damage,
                fire=mode.fire,
                structural=mode.structural,
                structural_die=mode.structural_die,
                homing=mode.homing,
                missile=item.missile,
                spent=mode.spent,
                plaza_from=item.plaza_from,
            )
            for mode in item.modes
        )
    return found


def profile(b: Blocker, mode: str) -> Profile | None:
    """The way of firing an attack names: its mode, or the normal fire of the best weapon."""
    return next((p for p in profiles(b) if p.mode == mode), None)


def set_ups(state: ManiaState, b: Blocker) -> list[str]:
    """Heavy weapons the activated Blocker may set up now."""
    if b.mp + state.cp < SET_UP_COST:
        return []
    return [i for i in dict.fromkeys(b.kit) if content().item(i).heavy and i not in b.set_up]


def set_up(state: ManiaState, b: Blocker, item_id: str) -> None:
    """2 MP, the command points paying what the Blocker lacks."""
    board.spend(state, b, SET_UP_COST)
    b.set_up.append(item_id)


def guarded(state: ManiaState, square: str) -> bool:
    """Whether a Missile Defence Laser set up in one of the block's Window squares nullifies
    missile attacks on it."""
    return any(
        x.at[0] == square[0]
        and board.kind(x.at) == "window"
        and any(content().item(i).shield for i in x.set_up)
        for x in board.in_play(state)
    )


def has_dog(b: Blocker) -> bool:
    return any(content().item(i).dog for i in b.kit)


def dog_item(b: Blocker) -> str:
    return next(i for i in b.kit if content().item(i).dog)


def _place(square: str) -> tuple[int, int]:
    """Where a square lies when the blocks stand side by side, one column of air between."""
    block, col, level = board.parse(square)
    return board.BLOCKS.index(block) * (content().layout.columns + 1) + col, level


def distance(a: str, b: str) -> int:
    (ax, al), (bx, bl) = _place(a), _place(b)
    return max(abs(ax - bx), abs(al - bl))


def nearest_enemies(state: ManiaState, b: Blocker, seat: int) -> list[Blocker]:
    """The enemy Blockers nearest to `b` (all of them when several are as near)."""
    foes = [
        x
        for x in board.in_play(state)
        if x is not b and x.owner != SHARED and board.side(x.owner) != board.side(seat)
    ]
    if not foes:
        return []
    near = min(distance(b.at, x.at) for x in foes)
    return [x for x in foes if distance(b.at, x.at) == near]
