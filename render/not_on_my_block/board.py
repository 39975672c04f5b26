"""The city grid: the printed board drawn once per layout, each block's face, apartments and
pieces (grouped into rows when a block is crowded), as the channel may see them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from PIL import Image

from engine.messages import m, say
from render.canvas import Box, Canvas, map_to_palette, slots
from render.fonts import fit_size, text_size
from render.not_on_my_block.look import (
    BLOCKS_CACHED,
    BOARDS_CACHED,
    COORD_SIZE,
    LABEL_SIZE,
    LEAST_TEXT,
    LETTER,
    MARGIN,
    MAX_PIECE,
    MIN_PIECE,
    RESIDENT,
    STRIP,
    STYLES,
    BlockStyle,
    Layout,
    block_style,
    board_palette,
)
from render.palette import (
    DARK,
    GRID,
    INK,
    MUTED_INK,
    PAPER,
    WHITE,
    text_on,
)
from render.panels import (
    Marker,
)

if TYPE_CHECKING:
    from engine.games.not_on_my_block.view import ApartmentView, NombView, PieceView


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
    language: str
    """The language of the words printed in the blocks' strips."""

    @classmethod
    def of(cls, view: NombView, cell: int, language: str) -> BoardPlan:
        blocks = tuple((b.at, b.col, b.row, b.type) for b in view.blocks)
        return cls(cell, view.width, view.height, tuple(view.columns), blocks, language)

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
    language: str
    """The language of the word in the block's strip."""


def draw_board(
    canvas: Canvas, view: NombView, geo: Layout, language: str, within: Box | None = None
) -> None:
    """Paste the printed board, then redraw only the blocks whose look differs from print or
    that hold an apartment or pieces, in the view's order; the frame goes on last.

    `within` (x0, y0 inclusive, x1, y1 exclusive): only that part of the canvas will be read
    (a phone's window on the board), so only the printed board under it is pasted and only the
    blocks that reach into it are drawn; its pixels are the same as the whole board's. A
    window's canvas can be the window's size, `geo` moving the board so the window lands on it:
    the board's drawing is all in whole pixels, so a moved board comes out the same."""
    plan = BoardPlan.of(view, geo.cell, language)
    left, top = geo.board.x0 - MARGIN, geo.board.y0 - MARGIN
    printed, mapped = printed_board(plan)
    if within is None:
        canvas.lay(printed, mapped, (left, top))
    else:
        part = (within.x0 - left, within.y0 - top, within.x1 - left, within.y1 - top)
        canvas.image.paste(printed.crop(part), (within.x0, within.y0))
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
        if within is not None and not _reaches(box, within):
            continue
        permanent = apartment is not None and apartment.status == "protected"
        temporary = apartment is not None and not permanent and apartment.temporarily_protected
        look = _block_look(BlockLook(geo.cell, block.at, style, permanent, temporary, language))
        canvas.image.paste(look, (box.x0, box.y0))
        _contents(canvas, box, apartment, here)
        canvas.mark(box)
    canvas.draw.rectangle(geo.board, outline=INK, width=4)


def _reaches(box: Box, within: Box) -> bool:
    """Whether a block's drawing (`box`, its far edges included) reaches into `within`."""
    return box.x0 < within.x1 and box.x1 >= within.x0 and box.y0 < within.y1 and box.y1 >= within.y0


@lru_cache(maxsize=BOARDS_CACHED)
def printed_board(plan: BoardPlan) -> tuple[Image.Image, Image.Image]:
    """The board as printed (every block in its printed type), with its coordinates and frame:
    the band of the image from just under the header to just above the status panel; drawn,
    and mapped to the palette."""
    board_w, board_h = plan.cell * plan.width, plan.cell * plan.height
    canvas = Canvas(board_w + 2 * MARGIN, board_h + 2 * MARGIN, PAPER)
    board = Box(MARGIN, MARGIN, MARGIN + board_w, MARGIN + board_h)
    _coordinates(canvas, plan, board)
    for at, col, row, kind in plan.blocks:
        look = _block_look(BlockLook(plan.cell, at, STYLES[kind], False, False, plan.language))
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
    label, ink = style.said_label(look.language), text_on(style.fill)
    if look.permanent:
        # The printed game swaps in a Permanently Protected tile: the whole block changes look.
        canvas.draw.rectangle(box.top(STRIP).inset(1), fill=INK)
        label, ink = say(m("nomb.board.locked"), look.language), WHITE
    strip = box.top(STRIP).inset(6, 0)
    name_ink = ink if label else MUTED_INK
    canvas.text((strip.x0, strip.y0 + STRIP // 2 + 1), look.at, LABEL_SIZE, name_ink, "lm", True)
    if label:
        room = strip.width - text_size(look.at, LABEL_SIZE, True)[0] - 8
        size = fit_size(label, room, LABEL_SIZE, LEAST_TEXT, bold=True)
        canvas.text((strip.x1, strip.y0 + STRIP // 2 + 1), label, size, ink, "rm", True)
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
        house_box = fit_house(Box(content.x0, content.y0, content.x0 + house_w, content.y1))
        paste_apartment(canvas, house_box, apartment.colour, permanent, temporary)
        _pieces(canvas, Box(content.x0 + house_w + 4, content.y0, content.x1, content.y1), pieces)
    else:
        house_box = fit_house(content.inset(content.width // 8, 0))
        paste_apartment(canvas, house_box, apartment.colour, permanent, temporary)


def fit_house(area: Box) -> Box:
    """The largest house box (4 wide : 5 tall) centred in `area`."""
    w = min(area.width, area.height * 4 // 5)
    h = w * 5 // 4
    cx, cy = area.center
    return Box(cx - w // 2, cy - h // 2, cx + w // 2, cy + h // 2)


def paste_apartment(
    canvas: Canvas, box: Box, colour: str, permanent: bool, temporary: bool
) -> None:
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
        lock_badge(canvas, corner, radius)
    elif temporary:
        _shield_badge(canvas, corner, radius)


def lock_badge(canvas: Canvas, center: tuple[int, int], radius: int) -> None:
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
    canvas.label(box.inset(0, 2), "T", max(LEAST_TEXT, radius), INK)


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
        largest = max(LEAST_TEXT, min(24, pill.height - 6))
        size = fit_size(text, pill.width - 8, largest, LEAST_TEXT, bold=True)
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


def rep_marker(colour: str) -> Marker:
    def marker(canvas: Canvas, box: Box) -> None:
        canvas.circle_piece(box, RESIDENT[colour], LETTER[colour], INK)

    return marker


def agent_marker(canvas: Canvas, box: Box) -> None:
    canvas.square_piece(box, DARK, "A", WHITE)


def seat_marker(view: NombView, seat: int) -> Marker:
    colours = view.seats[seat].colours
    if not colours:
        return agent_marker
    if len(colours) == 1:
        return rep_marker(colours[0])
    return house_marker(None)


def house_marker(colour: str | None) -> Marker:
    def marker(canvas: Canvas, box: Box) -> None:
        house = fit_house(box)
        fill = RESIDENT[colour] if colour else WHITE
        letter = LETTER[colour] if colour else ""

        def paint(sprite: Canvas) -> None:
            sprite.house(Box(0, 0, house.width, house.height), fill, letter, INK, 2)

        key = ("house-marker", house.width, house.height, colour)
        canvas.stamp((house.x0, house.y0), (house.width + 1, house.height + 1), key, paint)

    return marker
