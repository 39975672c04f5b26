"""Space Insurrection: empires and rebels fight over ten worlds with secret orders."""

from engine.games.space_insurrection.rules import GAME, SpaceInsurrection

__all__ = ["GAME", "SpaceInsurrection"]
