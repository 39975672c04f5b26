"""Board images: a game's view model in, PNG bytes out.

Renderers are pure functions of a view (no Discord, no storage, no clock), so the bot can call
them in a worker process and tests can call them directly; the caches behind one are keyed by
what they draw, so it is safe to call from any number of worker processes, each warming its own.
A game's renderer is the `render` function of the module named after the game's id
(`render/<game id>.py` or a package), found when first needed: adding a game adds its module
and nothing here.

A module may also offer `focus(before, after, players)`: the part of the board that changed
between two spectator views, small enough to read on a phone, or None when nothing on the
board changed (see `render.focus`). A game without one simply has no focus images.

A module whose full board cannot be read on a phone at all (Bloc by Bloc's city) offers
`phone_overview(view, players, before)`: the region in play and the game's counts, for a turn
message, with the full board one command away; `before` (the view before the last step, or
None) lets it show and ring what that step changed. Games whose board reads at 400 px wide
have none, and `overview_png` gives None for them.

Each may take `language` (a catalog language, see engine/messages.py): the words it draws
(titles, keys, counts) are messages said in that language, a table's own. A drawer without the
parameter draws no words of its own and is called without it.
The words every board shares (a legend's title) are render's own catalog, `render/locale/`,
joined to the others when the package is first imported.

All take `players`, the Discord display name of each seat's holder indexed by seat (or None),
which the images show beside the seat names; a renderer whose `render` takes no `players` (a
test's toy game) is called without them.
"""

from __future__ import annotations

import importlib
import inspect
import io
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from PIL import Image
from pydantic import BaseModel

from engine.messages import ENGLISH, add_catalog_folder
from render.canvas import keeping_images
from render.names import Players

add_catalog_folder(Path(__file__).parent / "locale")

Renderer = Callable[..., bytes]
"""`render(view)` or `render(view, players)`: PNG bytes of the whole board."""
Focus = Callable[[BaseModel, BaseModel, Players], "bytes | None"]
"""`focus(before, after, players)`: PNG bytes of what changed, or None."""
Overview = Callable[[BaseModel, Players, "BaseModel | None"], bytes]
"""`phone_overview(view, players, before)`: PNG bytes of the region in play and the counts."""

RENDERERS: dict[str, Renderer] = {}
"""Renderers found so far, by game id (tests may add one for a game of their own)."""
FOCUSES: dict[str, Focus | None] = {}
"""Focus drawers found so far, by game id; None for a game whose module has none."""
OVERVIEWS: dict[str, Overview | None] = {}
"""Phone overviews found so far, by game id; None for a game whose board reads on a phone."""


def _module(game_key: str) -> ModuleType:
    if not re.fullmatch(r"[a-z][a-z0-9_]*", game_key):
        raise KeyError(f"No board renderer for game {game_key!r}")
    try:
        return importlib.import_module(f"render.{game_key}")
    except ModuleNotFoundError as exc:
        if exc.name != f"render.{game_key}":
            raise
        raise KeyError(
            f"No board renderer for game {game_key!r}: add render/{game_key}.py with render(view)"
        ) from None


def renderer_for(game_key: str) -> Renderer:
    """The game's renderer; a KeyError that says which module is missing if there is none."""
    found = RENDERERS.get(game_key)
    if found is not None:
        return found
    module = _module(game_key)
    RENDERERS[game_key] = module.render
    return module.render


def _optional(game_key: str, name: str, found: dict) -> Callable | None:
    """The module's function `name`, or None if it has none (or the game has a renderer of a
    test's own and no module); remembered in `found`."""
    if game_key in found:
        return found[game_key]
    try:
        function = getattr(_module(game_key), name, None)
    except KeyError:
        if game_key not in RENDERERS:
            raise
        function = None
    found[game_key] = function
    return function


def focus_for(game_key: str) -> Focus | None:
    """The game's focus drawer, or None if its module has none (or the game has a renderer
    of a test's own and no module)."""
    return _optional(game_key, "focus", FOCUSES)


def overview_for(game_key: str) -> Overview | None:
    """The game's phone overview, or None if its full board already reads on a phone."""
    return _optional(game_key, "phone_overview", OVERVIEWS)


def _takes(function: Callable, parameter: str) -> bool:
    try:
        return parameter in inspect.signature(function).parameters
    except (TypeError, ValueError):
        return False


def _in(function: Callable, language: str) -> dict[str, str]:
    """The `language` keyword for a drawer that draws words, nothing for one that draws none."""
    return {"language": language} if _takes(function, "language") else {}


def board_png(
    game_key: str, view: BaseModel, players: Players = None, language: str = ENGLISH
) -> bytes:
    """The PNG for `view` of the game `game_key`, with the seats' display names if given."""
    renderer = renderer_for(game_key)
    if players is not None and _takes(renderer, "players"):
        return renderer(view, players=players, **_in(renderer, language))
    return renderer(view, **_in(renderer, language))


def board_image(game_key: str, view: BaseModel, players: Players = None) -> Image.Image:
    """The whole board for `view` as an image, for pictures made of many boards: as its
    renderer finished it, in the game's palette and never made a PNG (see
    `render.canvas.keeping_images`), or the PNG read back from a renderer that draws its own
    way."""
    with keeping_images() as kept:
        png = board_png(game_key, view, players)
    if len(kept) > 1:
        raise RuntimeError(f"the {game_key} renderer finished {len(kept)} canvases, not one")
    if kept:
        return kept[0]
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def focus_png(
    game_key: str,
    before: BaseModel,
    after: BaseModel,
    players: Players = None,
    language: str = ENGLISH,
) -> bytes | None:
    """The PNG of what changed on the board from `before` to `after` (two spectator views of
    one game), or None when nothing on the board changed or the game draws no focus images."""
    drawer = focus_for(game_key)
    if drawer is None:
        return None
    return drawer(before, after, players, **_in(drawer, language))


def overview_png(
    game_key: str,
    view: BaseModel,
    players: Players = None,
    before: BaseModel | None = None,
    language: str = ENGLISH,
) -> bytes | None:
    """The PNG of the region in play and the counts of `view` for a phone, or None when the
    game's full board reads on a phone (post that instead)."""
    drawer = overview_for(game_key)
    if drawer is None:
        return None
    return drawer(view, players, before, **_in(drawer, language))
