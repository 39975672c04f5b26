"""A phone's window on a board is drawn on a canvas of the window's size, the board moved by the
window's corner. Its pixels must be those of the window cut from the board drawn whole, as the
window was once made, for every window of positions that random legal moves reach."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PIL import Image, ImageChops

from engine.core import Game
from engine.games import REGISTRY
from engine.games.bloc_by_bloc.view import BlocView
from engine.games.not_on_my_block.view import NombView
from engine.messages import ENGLISH
from render import bloc_by_bloc, focus
from render.bloc_by_bloc import BOARD_BOX, city_map, closeup
from render.bloc_by_bloc.geometry import tile_box
from render.canvas import Box, Canvas
from render.not_on_my_block import closeup as nomb_closeup
from render.not_on_my_block.board import draw_board
from render.not_on_my_block.look import MARGIN, layout
from render.not_on_my_block.side import legend_items, status_lines
from render.palette import PAPER

BLOC = REGISTRY["bloc_by_bloc"]
NOMB = REGISTRY["not_on_my_block"]


def positions(game: Game[Any, Any], players: int, seed: int, moves: int, every: int) -> list[Any]:
    """Spectator views of a seeded game moved on by random legal moves, one each `every` moves
    (and the last); a game that ends is begun again with another seed."""
    rng = random.Random(seed)
    state = game.setup(game.make_options(players), seed)
    views = []
    for n in range(1, moves + 1):
        seat = rng.choice(sorted(game.prompts(state)))
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat))).state
        if game.outcome(state) is not None:
            seed += 1000
            state = game.setup(game.make_options(players), seed)
        if n % every == 0 or n == moves:
            views.append(game.view(state, None))
    return views


def windows(rows: int, cols: int, size: int) -> list[focus.Window]:
    """Every window of `size` x `size` cells (less on a smaller grid) of the grid."""
    height, width = min(size, rows), min(size, cols)
    return [
        focus.Window((r0, c0), height, width)
        for r0 in range(rows - height + 1)
        for c0 in range(cols - width + 1)
    ]


def same(drawn: Image.Image, reference: Image.Image) -> bool:
    return (
        drawn.size == reference.size and ImageChops.difference(drawn, reference).getbbox() is None
    )


# ----- Bloc by Bloc ----------------------------------------------------------------------------


def bloc_cut(view: BlocView, shown: focus.Window, ringed: set[tuple[int, int]]) -> Image.Image:
    """The window as drawn on a canvas of the whole board, then cut."""
    first, last = tile_box(BOARD_BOX, shown.top_left), tile_box(BOARD_BOX, shown.bottom_right)
    pad = closeup.PAD
    area = (first.x0 - pad, first.y0 - pad, last.x1 + pad, last.y1 + pad)
    backdrop = bloc_by_bloc.city_backdrop(view)
    canvas = Canvas(BOARD_BOX.x1 + city_map.MARGIN + 1, backdrop.height, background=(0, 0, 0))
    canvas.image.paste(backdrop.crop(area).convert("RGB"), area[:2])
    for pos in ringed:
        closeup.ring(canvas, tile_box(BOARD_BOX, pos))
    city_map.draw_city_pieces(canvas, BOARD_BOX, view)
    return canvas.image.crop(area)


BLOC_GAMES = [(4, 1), (4, 2), (3, 3), (4, 4)]


@pytest.mark.parametrize(("players", "seed"), BLOC_GAMES, ids=[f"{p}p-{s}" for p, s in BLOC_GAMES])
def test_a_bloc_by_bloc_window_is_the_whole_city_drawn_then_cut(players, seed) -> None:
    """Pieces, barricades and rings across the window's edges come out as on the whole city."""
    rng = random.Random(seed)
    for view in positions(BLOC, players, seed, moves=120, every=20):
        assert isinstance(view, BlocView)
        rows = 1 + max(t.row for t in view.tiles)
        cols = 1 + max(t.col for t in view.tiles)
        for shown in windows(rows, cols, closeup.WINDOW):
            cells = [
                (r, c)
                for r in range(shown.top_left[0], shown.bottom_right[0] + 1)
                for c in range(shown.top_left[1], shown.bottom_right[1] + 1)
            ]
            ringed = {cell for cell in cells if rng.random() < 0.4}
            drawn = closeup.city_window(view, shown, ringed)
            assert same(drawn, bloc_cut(view, shown, ringed)), shown


# ----- Not On My Block -------------------------------------------------------------------------


def nomb_cut(view: NombView, area: focus.Window, changed: set[str]) -> Image.Image:
    """The window as cut from a canvas of the whole board, with what the window draws around
    its blocks (`around_window`, the same in both)."""
    geo = layout(view, status_lines(view, None, ENGLISH), legend_items(ENGLISH))
    (r0, c0), rows, cols = area.top_left, area.rows, area.cols
    cell = geo.cell
    x0, y0 = geo.board.x0 + c0 * cell, geo.board.y0 + r0 * cell
    window = Box(x0, y0, x0 + cols * cell + 1, y0 + rows * cell + 1)
    board = Canvas(geo.width, geo.board.y1 + MARGIN + 1, PAPER)
    draw_board(board, view, geo, ENGLISH, within=window)
    canvas = Canvas(cols * cell + 2 * MARGIN, rows * cell + 2 * MARGIN, PAPER)
    canvas.image.paste(board.image.crop(window), (MARGIN, MARGIN))
    inner = Box(MARGIN, MARGIN, MARGIN + cols * cell, MARGIN + rows * cell)
    nomb_closeup.around_window(canvas, view, inner, cell, area, changed)
    return canvas.image


NOMB_GAMES = [(2, 1), (2, 2), (4, 3), (4, 4)]


@pytest.mark.parametrize(("players", "seed"), NOMB_GAMES, ids=[f"{p}p-{s}" for p, s in NOMB_GAMES])
def test_a_not_on_my_block_window_is_the_whole_board_drawn_then_cut(players, seed) -> None:
    """Blocks across the window's edges, the board's frame and the framed blocks come out as on
    the whole board; the margins keep only the window's own coordinates."""
    rng = random.Random(seed)
    for view in positions(NOMB, players, seed, moves=60, every=15):
        assert isinstance(view, NombView)
        cells = {b.at: (view.height - 1 - b.row, b.col) for b in view.blocks}
        for area in windows(view.height, view.width, nomb_closeup.WINDOW):
            changed = {at for at, cell in cells.items() if cell in area and rng.random() < 0.2}
            drawn = nomb_closeup.window_image(view, None, area, changed)
            assert same(drawn, nomb_cut(view, area, changed)), area
