"""The panel column beside the city: the night, the dice, the police, each faction's mat.

Each section measures itself before anything is drawn, so the image is exactly as tall as the
taller of the city and this column. Faction mats show how many loot cards a faction holds and
nothing else about them: the spectator view carries no card names, and neither does the image.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from render.bloc_by_bloc import glyphs
from render.bloc_by_bloc.look import (
    CALLOUT,
    CALLOUT_INK,
    CALLOUT_OVER,
    COUNT_SIZE,
    PANEL_SIZE,
    faction_colour,
    faction_letter,
)
from render.bloc_by_bloc.words import board, said
from render.canvas import Box, Canvas
from render.fonts import fit_size, text_size
from render.names import Players, player_name, with_player
from render.palette import INK, MUTED_INK, PANEL, WHITE
from render.panels import PADDING, Line, Marker, draw_panel, panel_height

if TYPE_CHECKING:
    from engine.games.bloc_by_bloc.view import BlocView, FactionView, PoliceOpsView

Draw = Callable[[Canvas, Box], None]


@dataclass(frozen=True)
class Section:
    """A rounded panel of known height and how to fill it."""

    height: int
    draw: Draw


def sections(view: BlocView, width: int, players: Players = None) -> list[Section]:
    """Top to bottom: the night, the dice (while any are rolled), police, ops, faction mats."""
    dice = [_dice_section(view)] if view.dice and not over(view) else []
    return [
        _lines_section(turn_lines(view, players), width),
        *dice,
        _police_section(view),
        _lines_section(ops_lines(view), width),
        *(_lines_section(mat_lines(view, f, players), width) for f in view.factions),
    ]


def _lines_section(lines: list[Line], width: int) -> Section:
    def draw(canvas: Canvas, box: Box) -> None:
        draw_panel(canvas, box, lines)

    return Section(panel_height(lines, width), draw)


# ----- the night and whose turn -----------------------------------------------------------------


def over(view: BlocView) -> bool:
    """The game has ended (the view says so by its phase, or by naming the winners)."""
    return view.phase == "over" or view.winners is not None


def result(view: BlocView) -> str:
    """How the game ended, in the view's own words: its `result` field where it has one, else
    the decision line, which names the outcome once the game is over."""
    return said(view.decision)


def faction_label(view: BlocView, seat: int, players: Players = None) -> str:
    """The faction of `seat` with its player's display name: "Students (ana)"."""
    name = said(view.factions[seat].name)
    player = player_name(players, seat)
    return f"{name} ({player})" if player else name


def headline(view: BlocView, players: Players = None, nights_left: bool = True) -> str:
    """The line a player reads first: how the game ended, or which night it is and who acts
    (and, unless `nights_left` is False, how many nights are left)."""
    if over(view):
        winners = view.winners or []
        if not winners:
            return board("over.crushed")
        if len(winners) == len(view.factions) > 1:
            return board("over.everyone")
        names = [faction_label(view, s, players) for s in winners]
        if len(names) == 1:
            return board("over.alone", who=names[0])
        return board("over.shared", who=names)
    night = (
        board("night_left", night=view.night, n=view.nights_left)
        if nights_left
        else board("night", night=view.night)
    )
    if view.phase == "setup":
        return board("headline.setup", night=night)
    if view.phase == "sunrise":
        return board("headline.sunrise", night=night)
    return board("headline.turn", night=night, who=faction_label(view, view.current_seat, players))


def turn_lines(view: BlocView, players: Players = None) -> list[Line]:
    mode = board(f"mode.{view.mode}")
    ended = over(view)
    top = board("game_over") if ended else board("nights_left", n=view.nights_left)
    lines = [
        Line(top, PANEL_SIZE + 8, INK, True),
        Line(
            board("night_line", night=view.night, scenario=said(view.scenario), mode=mode),
            PANEL_SIZE - 2,
            MUTED_INK,
        ),
    ]
    if view.phase == "turn" and not ended:
        current = view.factions[view.current_seat]
        lines.append(
            Line(
                board("turn", who=with_player(said(current.name), players, current.seat)),
                PANEL_SIZE + 2,
                INK,
                True,
                _faction_marker(current),
            )
        )
    text = said(view.decision)
    if text:
        lines.append(
            Line(
                text,
                PANEL_SIZE,
                INK if ended else CALLOUT_INK,
                True,
                gap_before=8,
                background=CALLOUT_OVER if ended else CALLOUT,
            )
        )
    return lines


def _faction_marker(faction: FactionView) -> Marker:
    def marker(canvas: Canvas, box: Box) -> None:
        r = box.width // 2
        cx, cy = box.center
        fill = faction_colour(faction.faction)
        canvas.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=INK, width=2)
        canvas.label(box, faction_letter(faction.faction), max(14, r), INK)

    return marker


DIE = 54


def _dice_section(view: BlocView) -> Section:
    """The action dice of the faction playing: spent ones greyed and struck through."""
    height = 2 * PADDING + 34 + DIE

    def draw(canvas: Canvas, box: Box) -> None:
        canvas.draw.rounded_rectangle(box, radius=14, fill=PANEL)
        inner = box.inset(PADDING)
        unused = sum(1 for d in view.dice if not d.used)
        title = board("dice", n=unused)
        canvas.text((inner.x0, inner.y0), title, PANEL_SIZE, INK, bold=True)
        for i, die in enumerate(view.dice):
            x = inner.x0 + i * (DIE + 12)
            face = Box(x, inner.y0 + 34, x + DIE, inner.y0 + 34 + DIE)
            glyphs.die_face(canvas, face, die.value, die.used)

    return Section(height, draw)


# ----- police -----------------------------------------------------------------------------------

TRACK = 54


def _police_section(view: BlocView) -> Section:
    """Morale track with its marker, then the staging area as pieces with counts."""
    height = 2 * PADDING + 34 + 22 + TRACK + 16 + 30 + 56 + 32

    def draw(canvas: Canvas, box: Box) -> None:
        canvas.draw.rounded_rectangle(box, radius=14, fill=PANEL)
        inner = box.inset(PADDING)
        title = board("morale", morale=said(view.morale_label), n=view.police_draws)
        size = fit_size(title, inner.width, PANEL_SIZE, 18, bold=True)
        canvas.text((inner.x0, inner.y0), title, size, INK, bold=True)
        y = _morale_track(canvas, Box(inner.x0, inner.y0 + 34, inner.x1, inner.y1), view)
        y += 16
        canvas.text((inner.x0, y), board("staging"), PANEL_SIZE - 2, MUTED_INK, bold=True)
        y += 30
        glyphs.cops_token(canvas, Box(inner.x0, y + 8, inner.x0 + 46, y + 54), view.staging_cops)
        canvas.text((inner.x0 + 58, y + 31), board("riot_cops"), PANEL_SIZE, INK, "lm")
        x = inner.x0 + 200
        glyphs.van(canvas, Box(x, y + 6, x + 60, y + 52), 0)
        count = str(view.staging_vans)
        canvas.text((x + 70, y + 31), count, COUNT_SIZE + 2, INK, "lm", True)
        note = board("vans", n=view.staging_vans, destroyed=view.destroyed_vans)
        note_x = x + 80 + text_size(count, COUNT_SIZE + 2, True)[0]
        canvas.text((note_x, y + 31), note, PANEL_SIZE - 2, INK, "lm")
        y += 64
        piles = board(
            "piles", barricades=view.barricade_pile, ops=view.police_deck, loot=view.loot_deck
        )
        size = fit_size(piles, inner.width, PANEL_SIZE - 2, 16)
        canvas.text((inner.x0, y), piles, size, MUTED_INK)

    return Section(height, draw)


def _morale_track(canvas: Canvas, area: Box, view: BlocView) -> int:
    """The printed track: labels over pairs of spaces, each space showing its draws; the
    marker is the filled space. Returns the y just below it."""
    steps = view.morale_steps
    cells = Box(area.x0, area.y0 + 22, area.x1, area.y0 + 22 + TRACK).split_columns(len(steps), 6)
    start = 0
    for i in range(1, len(steps) + 1):
        if i == len(steps) or steps[i].label != steps[start].label:
            left, right = cells[start].x0, cells[i - 1].x1
            canvas.text(
                ((left + right) // 2, area.y0 + 8), said(steps[start].label), 18, INK, "mm", True
            )
            start = i
    for i, (cell, step) in enumerate(zip(cells, steps, strict=True)):
        here = i == view.morale_step
        canvas.draw.rounded_rectangle(
            cell, radius=6, fill=INK if here else WHITE, outline=INK, width=3
        )
        ink = WHITE if here else MUTED_INK
        canvas.text(cell.center, board("draw", n=step.draws), 18, ink, "mm", here)
    return cells[0].y1


def ops_lines(view: BlocView) -> list[Line]:
    lines = [Line(board("ops.title"), PANEL_SIZE, INK, True)]
    if not view.last_police_ops:
        lines.append(Line(board("ops.none"), PANEL_SIZE - 2, MUTED_INK))
    for i, card in enumerate(view.last_police_ops, start=1):
        lines.append(Line(f"{i}. {_ops_label(card)}", PANEL_SIZE - 2, INK))
    if view.police_revealed:
        names = "; ".join(_ops_label(c) for c in view.police_revealed)
        lines.append(
            Line(board("ops.face_up", names=names), PANEL_SIZE - 2, MUTED_INK, gap_before=6)
        )
    return lines


def _ops_label(card: PoliceOpsView) -> str:
    name = said(card.name)
    return f"{name} ({said(card.detail)})" if card.detail else name


# ----- faction mats -----------------------------------------------------------------------------


def mat_lines(view: BlocView, faction: FactionView, players: Players = None) -> list[Line]:
    tags = []
    if faction.seat == view.first_seat:
        tags.append(board("tag.first"))
    if faction.seat == view.current_seat and view.phase == "turn" and not over(view):
        tags.append(board("tag.playing"))
    if view.winners and faction.seat in view.winners:
        tags.append(board("tag.wins"))
    named = player_name(players, faction.seat)
    if not named and len({f.player for f in view.factions}) < len(view.factions):
        tags.insert(0, board("tag.player", n=faction.player + 1))
    title = with_player(said(faction.name), players, faction.seat)
    title += f"  ({', '.join(tags)})" if tags else ""
    left = ", ".join(map(said, faction.occupation_names_on_mat)) or board("none")
    lines = [
        Line(title, PANEL_SIZE + 2, INK, True, _faction_marker(faction)),
        Line(
            board(
                "mat.blocs",
                mat=faction.blocs_on_mat,
                city=faction.blocs_in_city,
                n=faction.hand_size,
            ),
            PANEL_SIZE,
            INK,
            True,
        ),
        Line(board("mat.occupations", left=left), PANEL_SIZE - 2, MUTED_INK),
    ]
    if faction.metro_locked:
        lines.append(Line(board("lockdown"), PANEL_SIZE - 2, INK, True))
    return lines
