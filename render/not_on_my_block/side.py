"""The status panel and the key under the board: moves left, scores, protection, decisions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from render.canvas import Box, Canvas
from render.names import Players, player_name, with_player
from render.not_on_my_block.board import (
    agent_marker,
    fit_house,
    house_marker,
    lock_badge,
    paste_apartment,
    rep_marker,
    seat_marker,
)
from render.not_on_my_block.look import (
    CALLOUT,
    CALLOUT_INK,
    PANEL_SIZE,
    STYLES,
    BlockStyle,
)
from render.palette import (
    GRID,
    INK,
    MUTED_INK,
)
from render.panels import (
    LegendItem,
    Line,
    Marker,
)

if TYPE_CHECKING:
    from engine.games.not_on_my_block.view import NombView


def moves_text(view: NombView) -> str:
    """Moves left for the seat to play: one number for the Developer, one per colour otherwise."""
    if view.active_seat == 0:
        text = (
            f"Moves left: {view.developer_moves_left} of {view.developer_moves_per_turn} "
            "(across all agents)"
        )
        if view.turn_mode == "push":
            text += ". Pushed this turn: no catching reps"
        elif view.turn_mode == "suppress":
            text += ". Caught reps this turn: no pushing"
        return text
    parts = [
        f"{c.capitalize()} {n} of {view.moves_per_colour}"
        for c, n in view.resident_moves_left.items()
    ]
    return "Moves left: " + ("  ·  ".join(parts) if parts else "none")


def seat_label(view: NombView, seat: int, players: Players = None) -> str:
    """A seat's name with its player's display name, for sentences: "Blue Resident (bob)"."""
    name = view.seats[seat].name if 0 <= seat < len(view.seats) else "?"
    player = player_name(players, seat)
    return f"{name} ({player})" if player else name


def over(view: NombView) -> bool:
    """The game has ended: the view says so by its phase or by naming a result."""
    return view.phase == "over" or bool(view.winners) or bool(view.result)


def result(view: NombView) -> str:
    """How the game ended, in the view's words (derived from the winners if it has none)."""
    if view.result:
        return view.result
    return result_of([view.seats[s].name for s in view.winners]) + "."


def result_of(names: list[str]) -> str:
    """Who won, when the view does not say: "Red wins", "Red, Blue and Yellow share the win"
    (a renderer reads the view only, so it lists names itself)."""
    if len(names) <= 1:
        return f"{names[0] if names else 'Nobody'} wins"
    return f"{', '.join(names[:-1])} and {names[-1]} share the win"


def waiting_line(view: NombView, players: Players = None) -> str:
    """What the table waits for, while the game goes on ("" when nothing is pending)."""
    if view.pending is None or over(view):
        return ""
    who = with_player(view.pending.seat_name, players, view.pending.seat)
    return f"Waiting for {who}: {view.pending.text}"


def status_lines(view: NombView, players: Players = None) -> list[Line]:
    """Panel text: turn, moves, both win tracks, seats, and any decision being waited for."""
    lines: list[Line] = []
    if over(view):
        lines.append(Line("Game over", PANEL_SIZE + 4, INK, True))
        lines.append(Line(result(view), PANEL_SIZE + 2, INK, True))
    else:
        turn = f"Turn: {with_player(view.active_name, players, view.active_seat)}"
        if view.phase == "placement":
            placed = sum(1 for a in view.apartments if a.status != "unplaced")
            turn += f"  (placing apartments: {placed} of {len(view.apartments)} placed)"
        lines.append(
            Line(turn, PANEL_SIZE + 4, INK, True, marker=seat_marker(view, view.active_seat))
        )
        if view.phase == "play":
            lines.append(Line(moves_text(view), PANEL_SIZE))
    waiting = waiting_line(view, players)
    if waiting:
        lines.append(
            Line(
                waiting,
                PANEL_SIZE + 2,
                CALLOUT_INK,
                True,
                gap_before=8,
                background=CALLOUT,
            )
        )
    developer = with_player(view.seats[0].name, players, 0) if view.seats else "Developer"
    gone = f"{developer}: {view.developer_score}/{view.goal} apartments pushed out"
    if view.surrounded:
        gone += f" ({view.pushed_out} pushed off, {view.surrounded} surrounded)"
    lines.append(Line(gone, PANEL_SIZE, marker=agent_marker, gap_before=8))
    lines.append(
        Line(
            f"Residents: {view.protected}/{view.goal} apartments permanently protected",
            PANEL_SIZE,
            marker=_lock_marker,
        )
    )
    residents = [s for s in view.seats if s.colours]
    for seat in residents:
        standing = seat.apartments_on_board
        text = (
            f"{with_player(seat.name, players, seat.seat)}: {standing} "
            f"apartment{'' if standing == 1 else 's'} on the board, "
            f"{seat.apartments_protected} protected"
        )
        if seat.eliminated:
            text += " (eliminated)"
        colour = seat.colours[0] if len(seat.colours) == 1 else None
        lines.append(Line(text, PANEL_SIZE - 2, MUTED_INK, marker=house_marker(colour)))
    lines.append(
        Line(
            f"Luxury Stores the Developer can still build: {view.luxury_stores_left}", 20, MUTED_INK
        )
    )
    return lines


def _lock_marker(canvas: Canvas, box: Box) -> None:
    lock_badge(canvas, box.center, box.width // 2)


# ----- legend ----------------------------------------------------------------------------------


def _swatch(style: BlockStyle) -> Marker:
    def marker(canvas: Canvas, box: Box) -> None:
        canvas.cell(box, style.fill, GRID, 2)
        if style.stripes:
            canvas.hatch(box.inset(2), style.stripes, spacing=12, width=3)

    return marker


def _apartment_marker(status: str, temporary: bool) -> Marker:
    def marker(canvas: Canvas, box: Box) -> None:
        permanent = status == "protected"
        paste_apartment(
            canvas, fit_house(box.inset(2)), "red", permanent, temporary and not permanent
        )

    return marker


def legend_items() -> list[LegendItem]:
    items = [LegendItem(s.name, _swatch(s)) for s in STYLES.values()]
    items += [
        LegendItem("Apartment (R/B/Y)", _apartment_marker("standing", False)),
        LegendItem("T, dashed: 2 reps, no push", _apartment_marker("standing", True)),
        LegendItem("Permanently protected (lock)", _apartment_marker("protected", False)),
        LegendItem("Resident rep R1..Y3", rep_marker("blue")),
        LegendItem("Developer agent A1..A6", agent_marker),
    ]
    return items
