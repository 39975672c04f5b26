"""Block Mania: two mega-city tower blocks at war, seen from the side. The catalogs join first,
since the action and option models say their descriptions in English when they are defined."""

from pathlib import Path

from engine.messages import add_catalog_folder

add_catalog_folder(Path(__file__).parent / "locale")

from engine.games.block_mania.rules import GAME  # noqa: E402

__all__ = ["GAME"]
