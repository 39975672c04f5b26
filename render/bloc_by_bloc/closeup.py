"""Bloc by Bloc's focus image: the districts a move changed, with their neighbours, for phones.

The crop is a window of 3 x 3 tiles of the city drawn exactly as on the full board (same
scale, same pieces), which comes to 800 px wide: a lone change sits in the middle with the
districts around it, and a wide change (a sunrise moves police all over the city) shows the
window holding most of it, the banner naming the districts left out. Each district that
changed is ringed in white in the gutter around it, outside the tile, so nothing on the tile is
covered. A district changed when anything on it did (blocs, police, an occupation, liberation,
looting) or a barricade on one of its connections did.

The banner above says whose turn it is, the action dice left, the police morale and, after a
sunrise, the police ops just resolved; once the game is over, how it ended.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from render import focus
from render.bloc_by_bloc import BOARD_BOX, city_backdrop, glyphs
from render.bloc_by_bloc.city_map import draw_city_pieces
from render.bloc_by_bloc.geometry import Pos, tile_box
from render.bloc_by_bloc.look import HIGHWAY, TITLE
from render.bloc_by_bloc.side import headline, over, result
from render.bloc_by_bloc.words import board, said
from render.canvas import Box, Canvas
from render.names import Players
from render.palette import INK, WHITE
from render.panels import Line

if TYPE_CHECKING:
    from PIL import Image

    from engine.games.bloc_by_bloc.view import BlocView
    from engine.messages import Msg

WINDOW = 3
"""Tiles across and down the crop: 3 x 240 px plus gutters is 800 px with `PAD`."""
PAD = 14
"""Pixels of gutter kept around the window's outer tiles (about half a gutter)."""
RING = 6
"""Width of the white ring around a changed district."""
DIE = 44


def changed_cells(before: BlocView, after: BlocView) -> dict[Pos, str]:
    """Every grid position whose district shows something else after the move, with its name.

    A barricade counts for both districts it joins (and the highway tiles it runs over). Two
    views of different cities (never two steps of one game) count as every district changed.
    """
    layout = [(t.row, t.col, t.tile) for t in after.tiles]
    names = {(t.row, t.col): said(t.name) for t in after.tiles}
    if layout != [(t.row, t.col, t.tile) for t in before.tiles]:
        return names
    changed = {(a.row, a.col) for b, a in zip(before.tiles, after.tiles, strict=True) if a != b}
    where = {t.tile: (t.row, t.col) for t in after.tiles}
    had = {(c.a, c.b, c.kind, tuple(c.via)): c.barricades for c in before.connections}
    for conn in after.connections:
        if had.get((conn.a, conn.b, conn.kind, tuple(conn.via)), 0) != conn.barricades:
            changed.update(where[end] for end in (conn.a, conn.b) if end in where)
            changed.update((r, c) for r, c in conn.via)
    return {pos: names[pos] for pos in changed if pos in names}


def focus_image(before: BlocView, after: BlocView, players: Players = None) -> Canvas | None:
    """The focus image's canvas, before encoding; None when nothing on the city changed."""
    changed = changed_cells(before, after)
    if not changed:
        return None
    rows = 1 + max(t.row for t in after.tiles)
    cols = 1 + max(t.col for t in after.tiles)
    shown = focus.window(changed, rows, cols, WINDOW)
    inside = {p for p in changed if p in shown}
    kinds = {(t.row, t.col): t.type for t in after.tiles}
    left_out = [
        name for pos, name in sorted(changed.items()) if pos not in inside and kinds[pos] != HIGHWAY
    ]
    body = city_window(after, shown, inside)
    return focus.compose(body.width, banner(before, after, players, left_out, body.width), body)


def city_window(view: BlocView, shown: focus.Window, changed: set[Pos]) -> Image.Image:
    """The city's tiles in the window `shown` (and `PAD` around), changed districts ringed.

    Drawn on a canvas of the window's size, moved by the window's corner: a canvas of the
    whole city cut down afterwards filled and copied 2 million pixels to show 640 thousand."""
    top_left = tile_box(BOARD_BOX, shown.top_left)
    bottom_right = tile_box(BOARD_BOX, shown.bottom_right)
    area = Box(
        top_left.x0 - PAD,
        top_left.y0 - PAD,
        bottom_right.x1 + PAD,
        bottom_right.y1 + PAD,
    )
    canvas = Canvas(area.width, area.height, image=city_backdrop(view).crop(area).convert("RGB"))
    for pos in changed:
        ring(canvas, tile_box(BOARD_BOX, pos).moved(-area.x0, -area.y0))
    draw_city_pieces(canvas, BOARD_BOX, view, (area.x0, area.y0))
    return canvas.image


def ring(canvas: Canvas, tile: Box) -> None:
    """A white ring, edged in ink, around the district `tile` (one the step changed)."""
    around = tile.inset(-(RING + 3))
    canvas.draw.rounded_rectangle(around, radius=16, outline=INK, width=RING + 4)
    canvas.draw.rounded_rectangle(around.inset(2), radius=14, outline=WHITE, width=RING)


def morale_text(view: BlocView) -> str:
    """Police morale, the ops cards it draws at sunrise and the nights left."""
    nights = board("nights_left", n=view.nights_left)
    return board("morale_short", morale=said(view.morale_label), n=view.police_draws, nights=nights)


def trivial(decision: Msg) -> bool:
    """The decision line only restates whose turn it is (the headline says so already)."""
    return decision.key in ("bloc.status.turn", "bloc.status.setup")


def banner(
    before: BlocView, after: BlocView, players: Players, left_out: list[str], width: int
) -> list[focus.Part]:
    """Headline, then the dice left, then morale, ops just resolved and anything pending."""
    dice: list[focus.Part] = []
    notes: list[Line] = []
    if over(after):
        notes.append(focus.result_line(result(after)))
    else:
        if after.dice and after.phase == "turn":
            dice.append(dice_part(after, width))
        notes.append(Line(morale_text(after), focus.BANNER_SIZE, WHITE))
        if after.last_police_ops and after.last_police_ops != before.last_police_ops:
            names = "; ".join(said(card.name) for card in after.last_police_ops)
            notes.append(Line(board("police_ops", names=names), focus.NOTE_SIZE, TITLE, True))
        if not trivial(after.decision):
            notes.append(Line(said(after.decision), focus.NOTE_SIZE, WHITE, True))
    headline_text = headline(after, players, nights_left=False)
    return focus.banner_parts(headline_text, notes, left_out, TITLE, width, between=dice)


def dice_part(view: BlocView, width: int) -> focus.Part:
    """The action dice as faces, spent ones struck through, and how many are left."""

    def draw(canvas: Canvas, box: Box) -> None:
        x = box.x0 + focus.BANNER_PAD + 4
        for die in view.dice:
            glyphs.die_face(
                canvas, Box(x, box.y0 + 4, x + DIE, box.y0 + 4 + DIE), die.value, die.used
            )
            x += DIE + 10
        left = sum(1 for d in view.dice if not d.used)
        text = board("dice_left", n=left, total=len(view.dice))
        canvas.text((x + 8, box.y0 + 4 + DIE // 2), text, focus.BANNER_SIZE, WHITE, "lm", True)

    return focus.Part(DIE + 8, draw)
