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
import logging
import os
import threading
from collections import OrderedDict
from typing import Any

from pydantic import BaseModel

from bot.discord.collector import settle_collector
from bot.table.spectate import Entries
from bot.table.timelapse import Lapse
from engine.games import REGISTRY
from engine.messages import ENGLISH
from render import board_png, focus_for, focus_png, overview_for, overview_png, renderer_for
from render.names import Players

KEEP_MIB = 170
"""Resident memory a worker may hold before it hands freed memory back (`give_back`): its code
and renderers (about 70 MiB) and the cached layers of four Bloc by Bloc layouts. Below that,
trimming would cost more than it saves: drawing three cities in turn, a mark of 140 MiB saved
7 MiB and cost a quarter more CPU per board (fresh pages for every image)."""
PAGE = os.sysconf("SC_PAGE_SIZE")


def _libc() -> ctypes.CDLL | None:
    try:
        libc = ctypes.CDLL(None)
        libc.malloc_trim  # glibc only  # noqa: B018
    except (OSError, AttributeError):
        return None
    return libc


_LIBC = _libc()


def warm() -> int:
    """Run once in each worker: imports every game's renderer, so no board pays for it, then
    sets the collector aside everything loaded so far (`settle_collector`)."""
    for game_id in REGISTRY:
        try:
            renderer_for(game_id)
            focus_for(game_id)
        except KeyError:
            pass  # a game without a board: the bot refuses to start on it anyway
    settle_collector(logging.DEBUG)
    return os.getpid()


def overview_games() -> frozenset[str]:
    """The games whose turn messages carry a phone overview instead of the whole board: asked
    of a worker, so the bot itself never loads the drawing code to know it."""
    found = set()
    for game_id in REGISTRY:
        try:
            if overview_for(game_id) is not None:
                found.add(game_id)
        except KeyError:
            pass  # a game without a board has no overview either
    return frozenset(found)


VIEWS_KEPT = 48
"""Spectator views a worker keeps, by the state they were built from: the state after a move
is the state before the next one, whose pictures (the turn overview, the step, the answered
message) each need both, and at 50 busy channels some two dozen other games' moves come
between. A Bloc by Bloc view takes about 140 KB and 3 ms to build."""
_VIEWS: OrderedDict[tuple[str, str], BaseModel] = OrderedDict()
_VIEWS_LOCK = threading.Lock()
"""A bot without workers draws in several threads of its own process."""


def _view(game_id: str, state: str) -> BaseModel:
    """The spectator view of `state` (JSON); renderers only read it, so one is shared."""
    key = (game_id, state)
    with _VIEWS_LOCK:
        view = _VIEWS.get(key)
        if view is not None:
            _VIEWS.move_to_end(key)
            return view
    game = REGISTRY[game_id]
    view = game.view(game.state_type.model_validate_json(state), None)
    with _VIEWS_LOCK:
        _VIEWS[key] = view
        while len(_VIEWS) > VIEWS_KEPT:
            _VIEWS.popitem(last=False)
    return view


def board(game_id: str, state: str, players: Players = None, language: str = ENGLISH) -> bytes:
    """The PNG of the whole board of a game of `game_id` at `state` (its JSON), its words in
    `language`."""
    try:
        return board_png(game_id, _view(game_id, state), players, language)
    finally:
        give_back()


def turn(
    game_id: str,
    state: str,
    players: Players = None,
    before: str | None = None,
    language: str = ENGLISH,
) -> tuple[bytes, str]:
    """The picture a turn message carries: the phone overview (the region in play and the
    counts) for a game whose whole board cannot be read on a phone, else the whole board;
    with the file name that says which."""
    try:
        view = _view(game_id, state)
        earlier = None if before is None else _view(game_id, before)
        overview = overview_png(game_id, view, players, earlier, language)
        if overview is not None:
            return overview, "overview.png"
        return board_png(game_id, view, players, language), "board.png"
    finally:
        give_back()


def step(
    game_id: str, before: str, after: str, players: Players = None, language: str = ENGLISH
) -> bytes | None:
    """The PNG of what changed on the board from `before` to `after` (states as JSON), or
    None when the board shows nothing new."""
    old, new = _view(game_id, before), _view(game_id, after)
    if old == new:
        return None
    try:
        return focus_png(game_id, old, new, players, language)
    finally:
        give_back()


LAPSE_SLICE_SECONDS = 0.03
"""Processor time a timelapse is worked on before the worker takes the next job in its queue
(a board another game waits for), then the timelapse's next slice, queued behind it."""
LAPSES_KEPT = 2
"""Timelapses a worker keeps half-drawn: the bot asks for one at a time per worker, so an older
one is one whose requester went away."""
_LAPSES: OrderedDict[int, Lapse] = OrderedDict()


class LapseLost(LookupError):
    """This worker holds no such timelapse: it is a fresh one, in the place of one that died
    (or the timelapse was dropped for newer ones). Its requester begins it again."""


LapseStart = tuple[str, dict[str, Any], int, Entries, int]
"""What a timelapse is drawn from: the game, its options, seed and log, and the most frames."""


def lapse(key: int, start: LapseStart | None = None) -> bytes | None:
    """One slice of the timelapse `key`, begun from `start` (game, options, seed, entries, most
    frames) or carried on; its file once done, else None: ask again. `LapseLost` when this worker
    does not hold it."""
    if start is not None:
        _LAPSES[key] = Lapse(*start)
        while len(_LAPSES) > LAPSES_KEPT:
            _LAPSES.popitem(last=False)
    drawing = _LAPSES.get(key)
    if drawing is None:
        raise LapseLost(key)
    try:
        data = drawing.advance(LAPSE_SLICE_SECONDS)
    except BaseException:
        del _LAPSES[key]
        raise
    if data is not None:
        del _LAPSES[key]
        give_back()
    return data


def give_back() -> None:
    """Hand the memory freed by the last picture back to the system once this worker holds
    more than `KEEP_MIB`. A board's images are a few large buffers; the C allocator keeps what
    they freed for the next ones, scattered between the cached layers that stay, so without
    this a worker grows by half its size and never shrinks. Trimming after every picture
    would cost each next picture fresh pages; above the mark it is rare."""
    if _LIBC is None or _resident_mib() <= KEEP_MIB:
        return
    _LIBC.malloc_trim(0)


def _resident_mib() -> float:
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * PAGE / (1024 * 1024)
    except OSError:  # not on Linux
        return 0.0
