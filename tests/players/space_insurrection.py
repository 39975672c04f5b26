"""The pieces of Space Insurrection's own player that the end-to-end policies share, which live
with the game (`engine/games/space_insurrection/player.py`)."""

from engine.games.space_insurrection.player import STRIKES, ferry, preferred

__all__ = ["STRIKES", "ferry", "preferred"]
