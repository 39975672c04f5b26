"""Bloc by Bloc's phone overview: the part of the city in play and the counts, for a turn message.

The full board (1900 px wide, a city of up to 25 districts with a side column and a key) cannot
be read at the 400 px a phone gives an attachment, and no layout of the whole city can: a
district would be 70 px wide there. So a turn message carries this picture instead, and the
full board stays one command away. It shows a window of 3 x 3 districts drawn exactly as on the
full board (800 px wide, so shown at half size), under a banner with the counts a player looks
for: whose turn and the action dice left, police morale and the nights left, each faction's
blocs in the city and on its mat and its occupations, the police in the city and in staging,
and the districts liberated.

The window is the region in play: the districts the last step changed when the caller passes
the view before it (ringed in white, as in a focus picture), else where the faction to play has
blocs or occupations, else wherever any piece stands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from render import focus
from render.bloc_by_bloc.closeup import (
    WINDOW,
    changed_cells,
    city_window,
    dice_part,
    morale_text,
    trivial,
)
from render.bloc_by_bloc.geometry import Pos
from render.bloc_by_bloc.look import TITLE, faction_colour, faction_letter
from render.bloc_by_bloc.side import faction_label, headline, over, result
from render.bloc_by_bloc.words import board, said
from render.canvas import Box, Canvas
from render.names import Players
from render.palette import INK, WHITE, text_on
from render.panels import Line, Marker

if TYPE_CHECKING:
    from engine.games.bloc_by_bloc.view import BlocView, FactionView


def region(view: BlocView, before: BlocView | None = None) -> tuple[set[Pos], set[Pos]]:
    """The districts in play, and of those the ones the last step changed (to ring)."""
    if before is not None:
        changed = set(changed_cells(before, view))
        if changed:
            return changed, changed
    mine = next((f.faction for f in view.factions if f.seat == view.current_seat), None)
    own = {
        (t.row, t.col)
        for t in view.tiles
        if t.blocs.get(mine or "", 0) or (t.occupation and t.occupation.faction == mine)
    }
    if own and not over(view):
        return own, set()
    pieces = {(t.row, t.col) for t in view.tiles if any(t.blocs.values()) or t.cops or t.occupation}
    return pieces, set()


def overview_image(
    view: BlocView, players: Players = None, before: BlocView | None = None
) -> Canvas:
    """The overview's canvas, before encoding."""
    cells, ringed = region(view, before)
    rows = 1 + max(t.row for t in view.tiles)
    cols = 1 + max(t.col for t in view.tiles)
    shown = focus.window(cells, rows, cols, WINDOW)
    body = city_window(view, shown, {p for p in ringed if p in shown})
    return focus.compose(body.width, banner(view, players, body.width), body)


def banner(view: BlocView, players: Players, width: int) -> list[focus.Part]:
    """Headline and dice, then morale, each faction's counts, the police and what is pending."""
    dice: list[focus.Part] = []
    notes: list[Line] = []
    if over(view):
        notes.append(focus.result_line(result(view)))
    elif view.dice and view.phase == "turn":
        dice.append(dice_part(view, width))
    if not over(view):
        notes.append(Line(morale_text(view), focus.BANNER_SIZE, WHITE))
    for i, faction in enumerate(view.factions):
        acting = faction.seat == view.current_seat and not over(view)
        notes.append(
            Line(
                faction_text(view, faction, players),
                focus.BANNER_SIZE,
                WHITE,
                acting,
                marker=_marker(faction),
                gap_before=6 if i == 0 else 0,
            )
        )
    notes.append(Line(police_text(view), focus.BANNER_SIZE, WHITE, gap_before=6))
    if not over(view) and not trivial(view.decision):
        notes.append(Line(said(view.decision), focus.NOTE_SIZE, TITLE, True, gap_before=6))
    headline_text = headline(view, players, nights_left=False)
    return focus.banner_parts(headline_text, notes, [], TITLE, width, between=dice)


def faction_text(view: BlocView, faction: FactionView, players: Players) -> str:
    """ "Workers (ana): 6 blocs in the city, 4 on the mat, 1 occupation"."""
    held = sum(1 for t in view.tiles if t.occupation and t.occupation.faction == faction.faction)
    return board(
        "faction",
        who=faction_label(view, faction.seat, players),
        city=faction.blocs_in_city,
        mat=faction.blocs_on_mat,
        n=held,
    )


def police_text(view: BlocView) -> str:
    """The police in the city and in staging, and how many districts are liberated (if any)."""
    cops = sum(t.cops for t in view.tiles)
    vans = sum(1 for t in view.tiles if t.van_damage is not None)
    freed = sum(1 for t in view.tiles if t.liberated)
    text = board(
        "police", cops=cops, n=vans, staging_cops=view.staging_cops, staging_vans=view.staging_vans
    )
    return text + (" · " + board("liberated_count", n=freed) if freed else "")


def _marker(faction: FactionView) -> Marker:
    """The faction's colour with its letter, the letter big enough to read on a phone."""

    def marker(canvas: Canvas, box: Box) -> None:
        fill = faction_colour(faction.faction)
        canvas.draw.ellipse(box, fill=fill, outline=INK, width=2)
        letter = faction_letter(faction.faction)
        canvas.label(box, letter, max(focus.NOTE_SIZE - 2, box.height * 2 // 3), text_on(fill))

    return marker
