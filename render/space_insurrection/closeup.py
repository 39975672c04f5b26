"""Space Insurrection's focus image: the worlds a step changed, for phones.

The map has no geometry (any world reaches any other), so the picture is not a crop of the
board: it shows the changed worlds themselves, drawn exactly as on the board (same scale, same
chits), two to a row, in alphabetical order: a move shows the worlds it left and reached side
by side. It is 730 px wide. A world changed when anything drawn on it did (units arriving,
leaving or damaged, loyalty, uprising, bombardment, blockades) or its actions start to be
resolved; at most `SHOWN` worlds are drawn (a revealed movement phase can touch them all) and
the banner names the rest.

The banner above says the turn and phase, whom the table waits for, and each seat's counts;
once the game is over, how it ended.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.messages import ENGLISH, m, say
from render import focus
from render.canvas import Canvas
from render.names import Players
from render.palette import PAPER, WHITE
from render.panels import Line
from render.space_insurrection.board import WorldLook, draw_world, world_layout
from render.space_insurrection.look import (
    CALLOUT,
    CALLOUT_INK,
    CARD_GAP,
    CARD_W,
    GAP,
    TITLE,
    seat_styles,
)
from render.space_insurrection.side import (
    headline,
    over,
    result,
    seat_label,
    seat_marker_for,
    sheet_phase,
    waiting_line,
)

if TYPE_CHECKING:
    from PIL import Image

    from engine.games.space_insurrection.view import SpaceView, WorldView

SHOWN = 4
"""Worlds drawn at most: two rows of two."""
ACROSS = 2
WIDTH = ACROSS * CARD_W + (ACROSS - 1) * CARD_GAP + 2 * GAP


def changed_worlds(before: SpaceView, after: SpaceView) -> list[str]:
    """The ids of the worlds that show something else after the step, in the view's order.

    A world that stops being resolved does not count (the next one does), and two views of
    different maps (never two steps of one game) count as every world changed."""
    ids = [w.id for w in after.worlds]
    if [w.id for w in before.worlds] != ids:
        return ids
    changed = []
    for was, now in zip(before.worlds, after.worlds, strict=True):
        if _drawn(was) != _drawn(now) or (now.resolving and not was.resolving):
            changed.append(now.id)
    return changed


def _drawn(world: WorldView) -> dict:
    return world.model_dump(exclude={"resolving"})


def focus_image(
    before: SpaceView, after: SpaceView, players: Players = None, language: str = ENGLISH
) -> Canvas | None:
    """The focus image's canvas, before encoding; None when no world changed."""
    changed = changed_worlds(before, after)
    if not changed:
        return None
    shown, rest = changed[:SHOWN], changed[SHOWN:]
    worlds = {w.id: w for w in after.worlds}
    body = _worlds(after, [worlds[i] for i in shown], language)
    left_out = [say(worlds[i].name, language) for i in rest]
    return focus.compose(WIDTH, banner(after, players, left_out, WIDTH, language), body)


def _worlds(view: SpaceView, worlds: list[WorldView], language: str) -> Image.Image:
    """The worlds' cards `ACROSS` to a row, each row as tall as its tallest card."""
    heights = [world_layout(w, language).height for w in worlds]
    rows = [heights[i : i + ACROSS] for i in range(0, len(worlds), ACROSS)]
    canvas = Canvas(WIDTH, sum(max(r) for r in rows) + (len(rows) - 1) * CARD_GAP + GAP, PAPER)
    styles = seat_styles(view, language)
    y = 0
    for r, row in enumerate(rows):
        left = (WIDTH - len(row) * CARD_W - (len(row) - 1) * CARD_GAP) // 2
        for c in range(len(row)):
            world = worlds[r * ACROSS + c]
            look = WorldLook.of(world, styles, over(view), language)
            at = (left + c * (CARD_W + CARD_GAP), y)
            draw_world(canvas, at, max(row), look, world.units, styles, language)
        y += max(row) + CARD_GAP
    return canvas.image


def seat_line(view: SpaceView, seat: int, players: Players, language: str = ENGLISH) -> str:
    info = view.seats[seat]
    counts = m(
        "space.board.seat_counts",
        seat=seat_label(view, seat, players, language),
        loyal=info.loyal,
        units=m("space.board.units", n=info.units),
        reserve=info.reserve,
    )
    if sheet_phase(view) and info.submitted is not None:
        sent = "space.board.orders_sent" if info.submitted else "space.board.orders_due"
        counts = m(sent, counts=counts)
    return say(counts, language)


def banner(
    view: SpaceView, players: Players, left_out: list[str], width: int, language: str = ENGLISH
) -> list[focus.Part]:
    """Headline, whom the table waits for, then one line of counts per seat."""
    notes: list[Line] = []
    if over(view):
        notes.append(focus.result_line(result(view, language)))
    waiting = waiting_line(view, players, language)
    if waiting:
        notes.append(
            Line(waiting, focus.NOTE_SIZE, CALLOUT_INK, True, gap_before=4, background=CALLOUT)
        )
    for seat in range(len(view.seats)):
        notes.append(
            Line(
                seat_line(view, seat, players, language),
                focus.NOTE_SIZE,
                WHITE,
                seat in view.acting and not over(view),
                marker=seat_marker_for(view, seat, language),
                gap_before=6 if seat == 0 else 0,
            )
        )
    return focus.banner_parts(headline(view, language), notes, left_out, TITLE, width)
