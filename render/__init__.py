"""Board images: a game's view model in, PNG bytes out.

Renderers are pure functions of a view (no Discord, no storage, no clock), so the bot can call
them in an executor and tests can call them directly. They are keyed by the engine's game id;
adding a game means adding its module here and one registry line.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel

from render import bloc_by_bloc, not_on_my_block

Renderer = Callable[[BaseModel], bytes]

RENDERERS: dict[str, Renderer] = {
    not_on_my_block.GAME_ID: not_on_my_block.render,
    bloc_by_bloc.GAME_ID: bloc_by_bloc.render,
}


def board_png(game_id: str, view: BaseModel) -> bytes:
    """The PNG for `view` of game `game_id`; KeyError naming the known games if there is none."""
    try:
        renderer = RENDERERS[game_id]
    except KeyError:
        known = ", ".join(sorted(RENDERERS)) or "none"
        raise KeyError(f"No board renderer for game {game_id!r} (known: {known})") from None
    return renderer(view)
