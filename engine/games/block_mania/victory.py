"""How a game of Block Mania ends and who wins: a crashed block loses at once (if both crash in
one End phase, the fewer Defeat Points wins); otherwise, when a draw finds the Justice cards
spent, the least damaged block wins. Winners are seats: in a four-player game both players of
the winning block win together."""

from __future__ import annotations

from engine.games.block_mania import board
from engine.games.block_mania.state import BLOCKS, ManiaState


def seats_of(state: ManiaState, sides: list[int]) -> list[int]:
    """Every seat that fights for one of these blocks, in seat order."""
    return [s for s in range(state.players) if board.side(s) in sides]


def least_damaged(state: ManiaState) -> list[int]:
    """The blocks with the fewest Defeat Points (both when they are level)."""
    least = min(state.defeat)
    return [b for b in range(len(BLOCKS)) if state.defeat[b] == least]


def check(state: ManiaState, drew: bool) -> bool:
    """At the end of an End phase (after Catastrophic Damage): whether the game is over, and if
    so `state.ended` and `state.winners` say how and who."""
    if any(state.crashed):
        standing = [b for b in range(len(BLOCKS)) if not state.crashed[b]]
        state.ended = "crash" if standing else "both"
        state.winners = seats_of(state, standing or least_damaged(state))
        return True
    if not drew and state.endgame:
        state.ended = "endgame"
        state.winners = seats_of(state, least_damaged(state))
        return True
    return False
