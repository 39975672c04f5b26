"""The status panel and the key under the board: moves left, scores, protection, decisions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.messages import ENGLISH, Arg, Msg, m, say
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


def moves_text(view: NombView, language: str = ENGLISH) -> str:
    """Moves left for the seat to play: one number for the Developer, one per colour otherwise."""
    if view.active_seat == 0:
        moves = m(
            "nomb.board.moves_developer",
            left=view.developer_moves_left,
            total=view.developer_moves_per_turn,
        )
        if view.turn_mode == "push":
            moves = m("nomb.board.pushed", moves=moves)
        elif view.turn_mode == "suppress":
            moves = m("nomb.board.caught", moves=moves)
        return say(moves, language)
    parts = [
        say(
            m(
                "nomb.board.colour_moves",
                colour=Msg(key=f"nomb.colour.{c}.name"),
                left=n,
                total=view.moves_per_colour,
            ),
            language,
        )
        for c, n in view.resident_moves_left.items()
    ]
    if not parts:
        return say(m("nomb.board.moves_none"), language)
    return say(m("nomb.board.moves_resident", moves="  ·  ".join(parts)), language)


def seat_label(view: NombView, seat: int, players: Players = None, language: str = ENGLISH) -> str:
    """A seat's name with its player's display name, for sentences: "Blue Resident (bob)"."""
    name = say(view.seats[seat].name, language) if 0 <= seat < len(view.seats) else "?"
    player = player_name(players, seat)
    return f"{name} ({player})" if player else name


def over(view: NombView) -> bool:
    """The game has ended: the view says so by its phase or by naming a result."""
    return view.phase == "over" or bool(view.winners) or bool(view.result)


def result(view: NombView, language: str = ENGLISH) -> str:
    """How the game ended, in the view's words (derived from the winners if it has none)."""
    if view.result:
        return say(view.result, language)
    names = [say(view.seats[s].name, language) for s in view.winners]
    return say(m("nomb.board.result", result=result_of(names, language)), language)


def result_of(names: list[str], language: str = ENGLISH) -> str:
    """Who won, when the view does not say: "Red wins", "Red, Blue and Yellow share the win"
    (a renderer reads the view only, so it lists names itself)."""
    if not names:
        return say(m("nomb.board.nobody_wins"), language)
    if len(names) == 1:
        return say(m("nomb.board.wins", name=names[0]), language)
    return say(m("nomb.board.share_win", names=names), language)


def waiting_line(view: NombView, players: Players = None, language: str = ENGLISH) -> str:
    """What the table waits for, while the game goes on ("" when nothing is pending)."""
    if view.pending is None or over(view):
        return ""
    who = with_player(say(view.pending.seat_name, language), players, view.pending.seat)
    return say(m("nomb.board.waiting", seat=who, asked=view.pending.msg), language)


def status_lines(view: NombView, players: Players = None, language: str = ENGLISH) -> list[Line]:
    """Panel text: turn, moves, both win tracks, seats, and any decision being waited for."""
    lines: list[Line] = []

    def said(msg: Msg) -> str:
        return say(msg, language)

    if over(view):
        lines.append(Line(said(m("nomb.board.game_over")), PANEL_SIZE + 4, INK, True))
        lines.append(Line(result(view, language), PANEL_SIZE + 2, INK, True))
    else:
        who = with_player(said(view.active_name), players, view.active_seat)
        turn = said(m("nomb.board.turn", seat=who))
        if view.phase == "placement":
            placed = sum(1 for a in view.apartments if a.status != "unplaced")
            total = len(view.apartments)
            turn = said(m("nomb.board.turn_placing", seat=who, placed=placed, total=total))
        lines.append(
            Line(turn, PANEL_SIZE + 4, INK, True, marker=seat_marker(view, view.active_seat))
        )
        if view.phase == "play":
            lines.append(Line(moves_text(view, language), PANEL_SIZE))
    waiting = waiting_line(view, players, language)
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
    name = view.seats[0].name if view.seats else m("nomb.seat.developer")
    developer = with_player(said(name), players, 0)
    score: dict[str, Arg] = {"seat": developer, "score": view.developer_score, "goal": view.goal}
    gone = said(m("nomb.board.developer_score", **score))
    if view.surrounded:
        pushed, surrounded = view.pushed_out, view.surrounded
        gone = said(
            m("nomb.board.developer_score_split", **score, pushed=pushed, surrounded=surrounded)
        )
    lines.append(Line(gone, PANEL_SIZE, marker=agent_marker, gap_before=8))
    protected = m("nomb.board.residents_score", protected=view.protected, goal=view.goal)
    lines.append(Line(said(protected), PANEL_SIZE, marker=_lock_marker))
    residents = [s for s in view.seats if s.colours]
    for seat in residents:
        text = said(
            m(
                "nomb.board.resident_line_out" if seat.eliminated else "nomb.board.resident_line",
                seat=with_player(said(seat.name), players, seat.seat),
                n=seat.apartments_on_board,
                kept=seat.apartments_protected,
            )
        )
        colour = seat.colours[0] if len(seat.colours) == 1 else None
        lines.append(Line(text, PANEL_SIZE - 2, MUTED_INK, marker=house_marker(colour)))
    stores = said(m("nomb.board.stores_left", n=view.luxury_stores_left))
    lines.append(Line(stores, 20, MUTED_INK))
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


def legend_items(language: str = ENGLISH) -> list[LegendItem]:
    items = [LegendItem(s.said_name(language), _swatch(s)) for s in STYLES.values()]
    items += [
        LegendItem(
            say(m("nomb.board.key.apartment"), language), _apartment_marker("standing", False)
        ),
        LegendItem(
            say(m("nomb.board.key.temporary"), language), _apartment_marker("standing", True)
        ),
        LegendItem(
            say(m("nomb.board.key.protected"), language), _apartment_marker("protected", False)
        ),
        LegendItem(say(m("nomb.board.key.rep"), language), rep_marker("blue")),
        LegendItem(say(m("nomb.board.key.agent"), language), agent_marker),
    ]
    return items
