"""The ways across the gap between the blocks, and the hits that break them: the Pedway (a
hit stops it, a second collapses it, a third severs it), the Sky Rail (Strength 4, only the
Missile Defence Laser may shoot it, one hit collapses it) and the Mega Way (a hit damages it,
a second collapses it and no vehicle crosses). Their stages and strengths are data
(`tables.json: walkways`).

They hang in the open air of the gap, so a Blocker in a square facing the gap sees them, and
homing rockets reach them from anywhere. They belong to neither block: a hit on them costs
no Defeat Points."""

from __future__ import annotations

from engine.games.block_mania import board
from engine.games.block_mania.content.models import content
from engine.games.block_mania.state import Blocker, ManiaState
from engine.games.block_mania.weapons import Profile
from engine.messages import Msg, m


def hits(state: ManiaState, walkway: str) -> int:
    return state.walkways.get(walkway, 0)


def passable(state: ManiaState, walkway: str) -> bool:
    """Whether anyone may still travel along it."""
    return hits(state, walkway) < content().walkway(walkway).closed_from


def targets(state: ManiaState, b: Blocker, fire: Profile) -> list[str]:
    """The walkways `b` may shoot at with this way of firing: from a square facing the gap
    (homing rockets from anywhere), not yet at their last stage, with the one weapon some
    of them allow."""
    if not (fire.homing or board.facing(b.at)):
        return []
    return [
        w.id
        for w in content().tables.walkways
        if hits(state, w.id) < len(w.stages) and w.only in (None, fire.item)
    ]


def strength(walkway: str) -> int:
    return content().walkway(walkway).strength


def hit(state: ManiaState, walkway: str, notes: list[Msg]) -> None:
    """One stage further along its track."""
    stage = content().walkway(walkway).stages[hits(state, walkway)]
    state.walkways[walkway] = hits(state, walkway) + 1
    notes.append(m(f"mania.walkway.{walkway}.{stage}"))


def name(walkway: str) -> Msg:
    return m(f"mania.walkway.{walkway}")
