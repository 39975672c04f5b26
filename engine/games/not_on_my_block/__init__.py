"""Not On My Block: a Developer pushes apartments off the board while Residents protect them."""

from engine.games.not_on_my_block.rules import GAME, NotOnMyBlock

__all__ = ["GAME", "NotOnMyBlock"]
