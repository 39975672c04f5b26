"""The Not On My Block board image: the city grid, every piece, whose turn, scores and decisions.

Drawn from `NombView` only, so everything shown is what the channel may see. The layout is
portrait (header, board, status panel, legend) because the image is read mostly on phones, where
a tall image fills the screen and a wide one shrinks.

Visual language (each colour doubled by a letter, a label or a shape):

- block type: background tint plus a label in the block's top strip ("STORE", "RISK"...); Risk
  Zones are also striped;
- apartment: a house in its resident's colour with R/B/Y; a white shield with "T" = temporarily
  protected (2 reps on it); a black badge with a padlock and a heavy frame = permanently protected;
- resident rep: a circle "R1".."Y3"; developer agent: a dark square "A1".."A6";
- crowded blocks (Start holds all 15 pieces at set-up) switch to one row per owner ("A 1-6").

Drawing is layered: the printed board (grid, block types, coordinates) is drawn once per board
and cached, each block's look (its type or gentrification, protection marks) is cached as a
small tile, and the key is drawn once. A move pastes those and draws pieces and the status
panel. The renderer reads the view only, never the rules: move allowances come in the view.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from PIL import Image
from pydantic import BaseModel

from render.canvas import Box, Canvas, map_to_palette, palette_index, slots
from render.fonts import fit_size, text_size
from render.palette import (
    BLUE,
    DARK,
    GREEN,
    GRID,
    INK,
    MUTED_INK,
    ORANGE,
    PANEL,
    PAPER,
    PURPLE,
    RGB,
    SKY_BLUE,
    VERMILLION,
    WHITE,
    YELLOW,
    build_palette,
    palette_image,
    shade,
    text_on,
    tint,
)
from render.panels import (
    LegendItem,
    Line,
    Marker,
    draw_legend,
    draw_panel,
    legend_height,
    panel_height,
)

if TYPE_CHECKING:
    from engine.games.not_on_my_block.view import ApartmentView, BlockView, NombView, PieceView

GAME_ID = "not_on_my_block"
"""The engine's id for the game (`engine.games.not_on_my_block.GAME.id`)."""

# ----- look ------------------------------------------------------------------------------------

BOARD_PIXELS = 1260
"""Target side of the board grid; cells are sized from it so any board size fits the image."""
MARGIN = 46
"""Room around the board for the coordinate letters and numbers."""
HEADER = 70
GAP = 16
STRIP = 26
"""Height of the label strip at the top of every block (block name and type)."""
LABEL_SIZE = 18
COORD_SIZE = 26
PANEL_SIZE = 24
MAX_PIECE = 56
MIN_PIECE = 40
"""Below this a piece's label gets hard to read, so crowded blocks switch to grouped rows."""

RESIDENT: dict[str, RGB] = {"red": VERMILLION, "blue": BLUE, "yellow": YELLOW}
LETTER: dict[str, str] = {"red": "R", "blue": "B", "yellow": "Y", "developer": "A"}

EMPTY: RGB = (247, 241, 236)
TITLE: RGB = tint(SKY_BLUE, 0.3)
HEADER_OVER: RGB = shade(GREEN, 0.35)
CALLOUT_INK: RGB = shade(VERMILLION, 0.45)
CALLOUT: RGB = tint(ORANGE, 0.75)
BOARDS_CACHED = 4
"""Printed boards kept drawn per process (one per board layout in play; about 5 MB each)."""
BLOCKS_CACHED = 256
"""Block looks kept drawn per process: a board has a dozen kinds, times protection marks."""


@dataclass(frozen=True)
class BlockStyle:
    """How one kind of block looks: background, label in its strip, optional stripes."""

    name: str
    fill: RGB
    label: str
    stripes: RGB | None = None


STYLES: dict[str, BlockStyle] = {
    "empty": BlockStyle("Empty block", EMPTY, ""),
    "risk": BlockStyle("Risk Zone", tint(ORANGE, 0.55), "RISK", stripes=tint(ORANGE, 0.1)),
    "start": BlockStyle("Start", tint(SKY_BLUE, 0.45), "START"),
    "store": BlockStyle("Store", tint(GREEN, 0.6), "STORE"),
    "center": BlockStyle("Community Center", GREEN, "CENTER"),
    "luxury_housing": BlockStyle("Luxury Housing", tint(PURPLE, 0.3), "LUXURY"),
    "luxury_store": BlockStyle("Luxury Store", shade(PURPLE, 0.45), "LUX STORE"),
}


def block_style(block: BlockView) -> BlockStyle:
    """Gentrification covers what is printed; a covered Risk Zone is no longer a Risk Zone."""
    if block.gentrified:
        return STYLES[block.gentrified]
    if block.type == "empty" and block.risk_zone:
        return STYLES["risk"]
    return STYLES[block.type]


def _colours() -> tuple[list[RGB], list[tuple[RGB, RGB]]]:
    """Every flat colour of the board, then blends for each text colour on its background (the
    image is encoded against this fixed palette; see `render.canvas.encode`)."""
    fills = [style.fill for style in STYLES.values()]
    stripes = [style.stripes for style in STYLES.values() if style.stripes]
    flat = [
        PAPER, PANEL, INK, WHITE, MUTED_INK, DARK, GRID, TITLE, HEADER_OVER, CALLOUT,
        CALLOUT_INK, *fills, *stripes, *RESIDENT.values(),
    ]  # fmt: skip
    blends = [
        *((text_on(fill), fill) for fill in fills),
        *((text_on(colour), colour) for colour in RESIDENT.values()),
        (MUTED_INK, EMPTY), (INK, PAPER), (INK, PANEL), (MUTED_INK, PANEL), (INK, WHITE),
        (WHITE, INK), (WHITE, DARK), (TITLE, DARK), (WHITE, HEADER_OVER), (TITLE, HEADER_OVER),
        (CALLOUT_INK, CALLOUT),
    ]  # fmt: skip
    return flat, blends


FLAT, BLENDS = _colours()
PALETTE: tuple[RGB, ...] = build_palette(FLAT, BLENDS, steps=5)


# ----- geometry --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where everything goes; computed before drawing so the image is exactly as tall as needed."""

    cell: int
    width: int
    height: int
    board: Box
    status: Box
    legend: Box
    legend_columns: int

    def block_box(self, block: BlockView, board_height: int) -> Box:
        x = self.board.x0 + block.col * self.cell
        y = self.board.y0 + (board_height - 1 - block.row) * self.cell
        return Box(x, y, x + self.cell, y + self.cell)


def layout(view: NombView, lines: list[Line], legend: list[LegendItem]) -> Layout:
    cell = max(72, min(140, BOARD_PIXELS // max(view.width, view.height)))
    board_w, board_h = cell * view.width, cell * view.height
    width = board_w + 2 * MARGIN
    board = Box(MARGIN, HEADER + MARGIN, MARGIN + board_w, HEADER + MARGIN + board_h)
    inner_w = width - 2 * GAP
    status_h = panel_height(lines, inner_w)
    status = Box(GAP, board.y1 + MARGIN, GAP + inner_w, board.y1 + MARGIN + status_h)
    columns = 3
    legend_box = Box(
        GAP,
        status.y1 + GAP,
        GAP + inner_w,
        status.y1 + GAP + legend_height(legend, inner_w, columns, LABEL_SIZE + 2),
    )
    return Layout(cell, width, legend_box.y1 + GAP, board, status, legend_box, columns)


# ----- entry point -----------------------------------------------------------------------------


def render(view: BaseModel) -> bytes:
    """PNG bytes of the board and status for a Not On My Block view.

    A pure function of the view: the caches behind it are keyed by what they draw, so it is
    safe to call from any number of worker processes, each warming its own.
    """
    return draw(view).to_png(board_palette())  # type: ignore[arg-type]


@lru_cache(maxsize=1)
def board_palette() -> Image.Image:
    """The fixed palette every Not On My Block board is encoded in."""
    return palette_image(PALETTE)


def draw(view: NombView) -> Canvas:
    """The finished canvas (tests and tools can inspect pixels before encoding)."""
    lines = status_lines(view)
    legend = legend_items()
    geo = layout(view, lines, legend)
    canvas = Canvas(geo.width, geo.height, PAPER)
    canvas.start_encoding(board_palette(), _paper_index())
    _board(canvas, view, geo)
    _header(canvas, view, geo)
    canvas.mark(Box(0, 0, geo.width - 1, HEADER))
    draw_panel(canvas, geo.status, lines)
    canvas.mark(geo.status)
    key = _key_image(geo.legend.width, geo.legend.height, geo.legend_columns)
    canvas.lay(*key, (geo.legend.x0, geo.legend.y0))
    return canvas


@lru_cache(maxsize=1)
def _paper_index() -> int:
    return palette_index(board_palette(), PAPER)


@lru_cache(maxsize=2)
def _key_image(width: int, height: int, columns: int) -> tuple[Image.Image, Image.Image]:
    """The legend, drawn once on the page colour (it is the same on every board), and mapped
    to the palette."""
    canvas = Canvas(width + 1, height + 1, PAPER)
    draw_legend(canvas, Box(0, 0, width, height), legend_items(), columns, size=LABEL_SIZE + 2)
    return canvas.image, map_to_palette(canvas.image, board_palette())


# ----- header and coordinates ------------------------------------------------------------------


def headline(view: NombView) -> str:
    """One line a player reads first: whose turn, or who won."""
    if view.phase == "over":
        names = " & ".join(view.seats[s].name for s in view.winners) or "Nobody"
        return f"Game over: {names} {'wins' if len(view.winners) == 1 else 'win'}"
    if view.pending is not None and view.pending.seat != view.active_seat:
        return f"Round {view.round}: waiting for {view.pending.seat_name}"
    if view.phase == "placement":
        return f"Set-up: {view.active_name} places apartments"
    return f"Round {view.round}: {view.active_name} to play"


def _header(canvas: Canvas, view: NombView, geo: Layout) -> None:
    over = view.phase == "over"
    fill = DARK if not over else HEADER_OVER
    canvas.draw.rectangle(Box(0, 0, geo.width, HEADER), fill=fill)
    canvas.text((GAP + 4, HEADER // 2), "NOT ON MY BLOCK", 22, TITLE, "lm", True)
    title_x = GAP + 4 + text_size("NOT ON MY BLOCK", 22, True)[0] + 24
    text = headline(view)
    size = fit_size(text, geo.width - title_x - GAP, 32, 22, bold=True)
    canvas.text((title_x, HEADER // 2), text, size, WHITE, "lm", True)


def _coordinates(canvas: Canvas, plan: BoardPlan, b: Box) -> None:
    """Letters above and below, numbers left and right, as on a chess board (row 1 at bottom)."""
    half = MARGIN // 2
    for col, name in enumerate(plan.columns):
        x = b.x0 + col * plan.cell + plan.cell // 2
        canvas.text((x, b.y0 - half), name, COORD_SIZE, INK, "mm", True)
        canvas.text((x, b.y1 + half), name, COORD_SIZE, INK, "mm", True)
    for row in range(plan.height):
        y = b.y1 - row * plan.cell - plan.cell // 2
        canvas.text((b.x0 - half, y), str(row + 1), COORD_SIZE, INK, "mm", True)
        canvas.text((b.x1 + half, y), str(row + 1), COORD_SIZE, INK, "mm", True)


# ----- board -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardPlan:
    """The printed board at a cell size: the cache key of the drawn board."""

    cell: int
    width: int
    height: int
    columns: tuple[str, ...]
    blocks: tuple[tuple[str, int, int, str], ...]
    """(name, col, row, printed type) of every block, in the view's order."""

    @classmethod
    def of(cls, view: NombView, cell: int) -> BoardPlan:
        blocks = tuple((b.at, b.col, b.row, b.type) for b in view.blocks)
        return cls(cell, view.width, view.height, tuple(view.columns), blocks)

    def box(self, board: Box, col: int, row: int) -> Box:
        x = board.x0 + col * self.cell
        y = board.y0 + (self.height - 1 - row) * self.cell
        return Box(x, y, x + self.cell, y + self.cell)


class BlockLook(NamedTuple):
    """Everything drawn on a block below its apartment and pieces: the key of its tile."""

    cell: int
    at: str
    style: BlockStyle
    permanent: bool
    """A permanently protected apartment stands here (the printed game swaps the tile)."""
    temporary: bool
    """The apartment here is temporarily protected (dashed frame)."""


def _board(canvas: Canvas, view: NombView, geo: Layout) -> None:
    """Paste the printed board, then redraw only the blocks whose look differs from print or
    that hold an apartment or pieces, in the view's order; the frame goes on last."""
    plan = BoardPlan.of(view, geo.cell)
    top = geo.board.y0 - MARGIN
    canvas.lay(*_printed_board(plan), (0, top))
    apartments = {
        a.at: a for a in view.apartments if a.at and a.status in ("standing", "protected")
    }
    pieces: dict[str, list[PieceView]] = {}
    for piece in sorted(view.reps, key=_piece_order) + sorted(view.agents, key=_piece_order):
        pieces.setdefault(piece.at, []).append(piece)
    for block in view.blocks:
        apartment = apartments.get(block.at)
        here = pieces.get(block.at, [])
        style = block_style(block)
        if apartment is None and not here and style == STYLES[block.type]:
            continue
        box = geo.block_box(block, view.height)
        permanent = apartment is not None and apartment.status == "protected"
        temporary = apartment is not None and not permanent and apartment.temporarily_protected
        look = _block_look(BlockLook(geo.cell, block.at, style, permanent, temporary))
        canvas.image.paste(look, (box.x0, box.y0))
        _contents(canvas, box, apartment, here)
        canvas.mark(box)
    canvas.draw.rectangle(geo.board, outline=INK, width=4)


@lru_cache(maxsize=BOARDS_CACHED)
def _printed_board(plan: BoardPlan) -> tuple[Image.Image, Image.Image]:
    """The board as printed (every block in its printed type), with its coordinates and frame:
    the band of the image from just under the header to just above the status panel; drawn,
    and mapped to the palette."""
    board_w, board_h = plan.cell * plan.width, plan.cell * plan.height
    canvas = Canvas(board_w + 2 * MARGIN, board_h + 2 * MARGIN, PAPER)
    board = Box(MARGIN, MARGIN, MARGIN + board_w, MARGIN + board_h)
    _coordinates(canvas, plan, board)
    for at, col, row, kind in plan.blocks:
        look = _block_look(BlockLook(plan.cell, at, STYLES[kind], False, False))
        box = plan.box(board, col, row)
        canvas.image.paste(look, (box.x0, box.y0))
    canvas.draw.rectangle(board, outline=INK, width=4)
    return canvas.image, map_to_palette(canvas.image, board_palette())


@lru_cache(maxsize=BLOCKS_CACHED)
def _block_look(look: BlockLook) -> Image.Image:
    """One block without its apartment and pieces, as an opaque tile (outline included)."""
    canvas = Canvas(look.cell + 1, look.cell + 1, PAPER)
    _block_face(canvas, Box(0, 0, look.cell, look.cell), look)
    return canvas.image


def _piece_order(piece: PieceView) -> tuple[int, int]:
    order = ("red", "blue", "yellow", "developer")
    return order.index(piece.colour), _number(piece.id)


def _number(piece_id: str) -> int:
    digits = piece_id[len(piece_id.rstrip("0123456789")) :]
    return int(digits) if digits else 0


def short_label(piece: PieceView) -> str:
    """ "red2" -> "R2", "agent3" -> "A3": the view's label ("Red rep 2") is too long for a token."""
    return f"{LETTER[piece.colour]}{_number(piece.id)}"


def _block_face(canvas: Canvas, box: Box, look: BlockLook) -> None:
    style = look.style
    canvas.cell(box, style.fill, GRID, 2)
    body = box.below(STRIP).inset(1)
    if style.stripes:
        canvas.hatch(body.inset(1), style.stripes, spacing=18, width=3)
    label, ink = style.label, text_on(style.fill)
    if look.permanent:
        # The printed game swaps in a Permanently Protected tile: the whole block changes look.
        canvas.draw.rectangle(box.top(STRIP).inset(1), fill=INK)
        label, ink = "LOCKED", WHITE
    strip = box.top(STRIP).inset(6, 0)
    name_ink = ink if label else MUTED_INK
    canvas.text((strip.x0, strip.y0 + STRIP // 2 + 1), look.at, LABEL_SIZE, name_ink, "lm", True)
    if label:
        canvas.text((strip.x1, strip.y0 + STRIP // 2 + 1), label, LABEL_SIZE, ink, "rm", True)
    if look.permanent:
        canvas.draw.rectangle(box.inset(2), outline=INK, width=6)
    elif look.temporary:
        canvas.dashed_rect(box.below(STRIP).inset(5), INK, width=4, dash=12)


def _contents(
    canvas: Canvas, box: Box, apartment: ApartmentView | None, pieces: list[PieceView]
) -> None:
    """The apartment (left) and the pieces (right, or centred when there is no apartment)."""
    content = box.below(STRIP).inset(1).inset(6, 4)
    if apartment is None:
        _pieces(canvas, content, pieces)
        return
    permanent = apartment.status == "protected"
    temporary = apartment.temporarily_protected
    if pieces:
        house_w = content.width * 9 // 20
        house_box = _fit_house(Box(content.x0, content.y0, content.x0 + house_w, content.y1))
        _apartment(canvas, house_box, apartment.colour, permanent, temporary)
        _pieces(canvas, Box(content.x0 + house_w + 4, content.y0, content.x1, content.y1), pieces)
    else:
        house_box = _fit_house(content.inset(content.width // 8, 0))
        _apartment(canvas, house_box, apartment.colour, permanent, temporary)


def _fit_house(area: Box) -> Box:
    """The largest house box (4 wide : 5 tall) centred in `area`."""
    w = min(area.width, area.height * 4 // 5)
    h = w * 5 // 4
    cx, cy = area.center
    return Box(cx - w // 2, cy - h // 2, cx + w // 2, cy + h // 2)


def _apartment(canvas: Canvas, box: Box, colour: str, permanent: bool, temporary: bool) -> None:
    """A house in its resident's colour with R/B/Y, and a lock or shield badge if protected.

    Drawn once per look and pasted; the badge overhangs the house, hence the margin.
    """
    pad = max(14, box.width // 3) + 4

    def paint(sprite: Canvas) -> None:
        house = Box(pad, pad, pad + box.width, pad + box.height)
        _draw_apartment(sprite, house, colour, permanent, temporary)

    size = (box.width + 2 * pad + 1, box.height + 2 * pad + 1)
    key = ("apartment", box.width, box.height, colour, permanent, temporary)
    canvas.stamp((box.x0 - pad, box.y0 - pad), size, key, paint)


def _draw_apartment(
    canvas: Canvas, box: Box, colour: str, permanent: bool, temporary: bool
) -> None:
    canvas.house(box, RESIDENT[colour], LETTER[colour], INK, 6 if permanent else 3)
    radius = max(14, box.width // 3)
    corner = (box.x1 - radius // 3, box.y0 + radius * 3 // 4)
    if permanent:
        _lock_badge(canvas, corner, radius)
    elif temporary:
        _shield_badge(canvas, corner, radius)


def _lock_badge(canvas: Canvas, center: tuple[int, int], radius: int) -> None:
    cx, cy = center
    canvas.draw.ellipse(
        Box(cx - radius, cy - radius, cx + radius, cy + radius), fill=INK, outline=WHITE, width=2
    )
    side = radius * 9 // 10
    canvas.lock(
        Box(cx - side // 2, cy - side * 6 // 10, cx + side // 2, cy + side * 5 // 10), WHITE
    )


def _shield_badge(canvas: Canvas, center: tuple[int, int], radius: int) -> None:
    cx, cy = center
    box = Box(cx - radius, cy - radius, cx + radius, cy + radius + radius // 4)
    canvas.shield(box, INK, width=3, fill=WHITE)
    canvas.label(box.inset(0, 2), "T", max(14, radius), INK)


def _pieces(canvas: Canvas, area: Box, pieces: list[PieceView]) -> None:
    """Every piece on the block gets its own slot; too many for readable slots -> grouped rows."""
    if not pieces:
        return
    boxes = slots(area, len(pieces), max_columns=3)
    if boxes[0].width < MIN_PIECE:
        _grouped(canvas, area, pieces)
        return
    for piece, slot in zip(pieces, boxes, strict=True):
        side = min(slot.width, MAX_PIECE)
        token = Box(*_centred(slot, side))
        _piece(canvas, token, piece)


def _centred(box: Box, side: int) -> tuple[int, int, int, int]:
    cx, cy = box.center
    return (cx - side // 2, cy - side // 2, cx - side // 2 + side, cy - side // 2 + side)


def _piece(canvas: Canvas, box: Box, piece: PieceView) -> None:
    """A rep's circle or an agent's square, drawn once per look and pasted."""
    label, colour = short_label(piece), piece.colour

    def paint(sprite: Canvas) -> None:
        token = Box(0, 0, box.width, box.height)
        if colour == "developer":
            sprite.square_piece(token, DARK, label, WHITE)
        else:
            sprite.circle_piece(token, RESIDENT[colour], label, INK)

    key = ("nomb-piece", box.width, box.height, colour, label)
    canvas.stamp((box.x0, box.y0), (box.width + 1, box.height + 1), key, paint)


def _grouped(canvas: Canvas, area: Box, pieces: list[PieceView]) -> None:
    """One row per owner, e.g. a red pill "R 1-3" and a dark bar "A 1-6"."""
    groups: dict[str, list[int]] = {}
    for piece in pieces:
        groups.setdefault(piece.colour, []).append(_number(piece.id))
    columns = 2 if area.width >= 110 and len(groups) > 1 else 1
    rows = -(-len(groups) // columns)
    cell_w, cell_h = area.width // columns, min(48, area.height // rows)
    top = area.y0 + (area.height - cell_h * rows) // 2
    for i, (colour, numbers) in enumerate(groups.items()):
        r, c = divmod(i, columns)
        x = area.x0 + c * cell_w
        pill = Box(x + 2, top + r * cell_h + 2, x + cell_w - 2, top + (r + 1) * cell_h - 2)
        text = f"{LETTER[colour]}{_ranges(numbers)}"
        fill = DARK if colour == "developer" else RESIDENT[colour]
        radius = 5 if colour == "developer" else pill.height // 2
        outline = WHITE if colour == "developer" else INK
        canvas.draw.rounded_rectangle(pill, radius=radius, fill=fill, outline=outline, width=2)
        size = fit_size(text, pill.width - 8, min(24, pill.height - 6), 14, bold=True)
        canvas.label(pill, text, size, text_on(fill))


def _ranges(numbers: list[int]) -> str:
    """[1, 2, 3, 5] -> "1-3,5": short enough for a row inside a block."""
    parts: list[str] = []
    run: list[int] = []
    for n in sorted(numbers):
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            parts.append(_run(run))
        run = [n]
    parts.append(_run(run))
    return ",".join(parts)


def _run(run: list[int]) -> str:
    if len(run) == 1:
        return str(run[0])
    if len(run) == 2:
        return f"{run[0]},{run[1]}"
    return f"{run[0]}-{run[-1]}"


# ----- status panel ----------------------------------------------------------------------------


def _rep_marker(colour: str) -> Marker:
    def marker(canvas: Canvas, box: Box) -> None:
        canvas.circle_piece(box, RESIDENT[colour], LETTER[colour], INK)

    return marker


def _agent_marker(canvas: Canvas, box: Box) -> None:
    canvas.square_piece(box, DARK, "A", WHITE)


def _seat_marker(view: NombView, seat: int) -> Marker:
    colours = view.seats[seat].colours
    if not colours:
        return _agent_marker
    if len(colours) == 1:
        return _rep_marker(colours[0])
    return _house_marker(None)


def _house_marker(colour: str | None) -> Marker:
    def marker(canvas: Canvas, box: Box) -> None:
        house = _fit_house(box)
        fill = RESIDENT[colour] if colour else WHITE
        letter = LETTER[colour] if colour else ""

        def paint(sprite: Canvas) -> None:
            sprite.house(Box(0, 0, house.width, house.height), fill, letter, INK, 2)

        key = ("house-marker", house.width, house.height, colour)
        canvas.stamp((house.x0, house.y0), (house.width + 1, house.height + 1), key, paint)

    return marker


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


def status_lines(view: NombView) -> list[Line]:
    """Panel text: turn, moves, both win tracks, seats, and any decision being waited for."""
    lines: list[Line] = []
    if view.phase == "over":
        lines.append(Line(view.result, PANEL_SIZE + 4, INK, True))
    else:
        turn = f"Turn: {view.active_name}"
        if view.phase == "placement":
            placed = sum(1 for a in view.apartments if a.status != "unplaced")
            turn += f"  (placing apartments: {placed} of {len(view.apartments)} placed)"
        lines.append(
            Line(turn, PANEL_SIZE + 4, INK, True, marker=_seat_marker(view, view.active_seat))
        )
        if view.phase == "play":
            lines.append(Line(moves_text(view), PANEL_SIZE))
    if view.pending is not None:
        lines.append(
            Line(
                f"Waiting for {view.pending.seat_name}: {view.pending.text}",
                PANEL_SIZE + 2,
                CALLOUT_INK,
                True,
                gap_before=8,
                background=CALLOUT,
            )
        )
    gone = f"Developer: {view.developer_score}/{view.goal} apartments pushed out"
    if view.surrounded:
        gone += f" ({view.pushed_out} pushed off, {view.surrounded} surrounded)"
    lines.append(Line(gone, PANEL_SIZE, marker=_agent_marker, gap_before=8))
    lines.append(
        Line(
            f"Residents: {view.protected}/{view.goal} apartments permanently protected",
            PANEL_SIZE,
            marker=_lock_marker,
        )
    )
    residents = [s for s in view.seats if s.colours]
    for seat in residents:
        text = (
            f"{seat.name}: {seat.apartments_on_board} apartments on the board, "
            f"{seat.apartments_protected} protected"
        )
        if seat.eliminated:
            text += " (eliminated)"
        colour = seat.colours[0] if len(seat.colours) == 1 else None
        lines.append(Line(text, PANEL_SIZE - 2, MUTED_INK, marker=_house_marker(colour)))
    lines.append(
        Line(
            f"Luxury Stores the Developer can still build: {view.luxury_stores_left}", 20, MUTED_INK
        )
    )
    return lines


def _lock_marker(canvas: Canvas, box: Box) -> None:
    _lock_badge(canvas, box.center, box.width // 2)


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
        _apartment(canvas, _fit_house(box.inset(2)), "red", permanent, temporary and not permanent)

    return marker


def legend_items() -> list[LegendItem]:
    items = [LegendItem(s.name, _swatch(s)) for s in STYLES.values()]
    items += [
        LegendItem("Apartment (R/B/Y)", _apartment_marker("standing", False)),
        LegendItem("T, dashed: 2 reps, no push", _apartment_marker("standing", True)),
        LegendItem("Permanently protected (lock)", _apartment_marker("protected", False)),
        LegendItem("Resident rep R1..Y3", _rep_marker("blue")),
        LegendItem("Developer agent A1..A6", _agent_marker),
    ]
    return items
