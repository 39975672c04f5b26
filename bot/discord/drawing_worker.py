"""What runs in each drawing worker process (`bot.discord.drawing`): its start, and the two
pictures, drawn from a game's state as JSON.

The worker, not the bot, turns the state into the spectator view it draws: building a view
and pickling it to the worker cost the bot's event loop more than sending the state's JSON
(which pydantic writes in a fraction of the time). Kept apart from the pool's own module so
that a worker, which imports this module to run it, loads the renderers and the engine but not
the Discord client.
"""

from __future__ import annotations

import ctypes
import os
import signal

from pydantic import BaseModel

from bot.discord.health import settle_collector
from engine.games import REGISTRY
from render import board_png, focus_for, focus_png, renderer_for
from render.names import Players

PR_SET_PDEATHSIG = 1
"""prctl option: the signal a process gets when its parent dies."""


def die_with_the_bot(bot_pid: int) -> None:
    """Run first in each worker: if the bot is killed outright (no shutdown code runs), its
    workers die with it instead of lingering on as orphans (Linux; elsewhere they notice the
    closed queue a little later). A bot that died while this worker was still starting is
    caught by the check after the request, which the kernel would no longer deliver."""
    try:
        libc = ctypes.CDLL(None)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass
    if os.getppid() != bot_pid:
        os._exit(0)


def warm() -> int:
    """Run once in each worker: imports every game's renderer, so no board pays for it, then
    sets the collector aside everything loaded so far (`settle_collector`)."""
    for game_id in REGISTRY:
        try:
            renderer_for(game_id)
            focus_for(game_id)
        except KeyError:
            pass  # a game without a board: the bot refuses to start on it anyway
    settle_collector()
    return os.getpid()


def _view(game_id: str, state: str) -> BaseModel:
    game = REGISTRY[game_id]
    return game.view(game.state_type.model_validate_json(state), None)


def board(game_id: str, state: str, players: Players = None) -> bytes:
    """The PNG of the whole board of a game of `game_id` at `state` (its JSON)."""
    return board_png(game_id, _view(game_id, state), players)


def step(game_id: str, before: str, after: str, players: Players = None) -> bytes | None:
    """The PNG of what changed on the board from `before` to `after` (states as JSON), or
    None when the board shows nothing new."""
    old, new = _view(game_id, before), _view(game_id, after)
    if old == new:
        return None
    return focus_png(game_id, old, new, players)
