"""Board images: a game's view model in, PNG bytes out.

Renderers are pure functions of a view (no Discord, no storage, no clock), so the bot can call
them in a worker process and tests can call them directly. A game's renderer is the `render`
function of the module named after the game's id (`render/<game id>.py` or a package), found
when first needed: adding a game adds its module and nothing here.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable

from pydantic import BaseModel

Renderer = Callable[[BaseModel], bytes]

RENDERERS: dict[str, Renderer] = {}
"""Renderers found so far, by game id (tests may add one for a game of their own)."""


def renderer_for(game_key: str) -> Renderer:
    """The game's renderer; a KeyError that says which module is missing if there is none."""
    found = RENDERERS.get(game_key)
    if found is not None:
        return found
    if not re.fullmatch(r"[a-z][a-z0-9_]*", game_key):
        raise KeyError(f"No board renderer for game {game_key!r}")
    try:
        module = importlib.import_module(f"render.{game_key}")
    except ModuleNotFoundError as exc:
        if exc.name != f"render.{game_key}":
            raise
        raise KeyError(
            f"No board renderer for game {game_key!r}: add render/{game_key}.py with render(view)"
        ) from None
    RENDERERS[game_key] = module.render
    return module.render


def board_png(game_key: str, view: BaseModel) -> bytes:
    """The PNG for `view` of the game `game_key`."""
    return renderer_for(game_key)(view)
