"""What runs first in each drawing worker process (`bot.discord.drawing`).

Kept apart from the pool's own module so that a worker, which imports this module to run it,
loads the renderers and the engine but not the Discord client.
"""

from __future__ import annotations

import ctypes
import os
import signal

from bot.discord.health import settle_collector
from engine.games import REGISTRY
from render import focus_for, renderer_for

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
