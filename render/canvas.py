"""Drawing primitives shared by board renderers: boxes, cells, pieces, badges, PNG output.

Every game board we draw is a grid of labelled cells with pieces on them, plus panels of text.
Keeping the shapes here (not in each game's module) means every game marks things the same way:
a circle with a letter is a person-like piece, a dark square is an opposing agent, a house is a
building, a small round badge in a corner is a status. Shapes double every colour cue, so the
images stay readable without colour vision.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont

from render.fonts import drawable, face_for, font, runs, stroke_for, text_size
from render.palette import GRID, INK, PAPER, RGB, WHITE, text_on
from render.png import palette_png


class Box(NamedTuple):
    """An axis-aligned rectangle `(x0, y0, x1, y1)`; passes straight to Pillow as a sequence."""

    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def width(self) -> int:
        return self.x1 - self.x0

    @property
    def height(self) -> int:
        return self.y1 - self.y0

    @property
    def center(self) -> tuple[int, int]:
        return ((self.x0 + self.x1) // 2, (self.y0 + self.y1) // 2)

    def inset(self, dx: int, dy: int | None = None) -> Box:
        """Shrink by `dx` horizontally and `dy` (default `dx`) vertically on every side."""
        dy = dx if dy is None else dy
        return Box(self.x0 + dx, self.y0 + dy, self.x1 - dx, self.y1 - dy)

    def moved(self, dx: int, dy: int) -> Box:
        return Box(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)

    def top(self, height: int) -> Box:
        """The strip of `height` pixels along the top edge."""
        return Box(self.x0, self.y0, self.x1, self.y0 + height)

    def below(self, height: int) -> Box:
        """Everything under the top strip of `height` pixels."""
        return Box(self.x0, self.y0 + height, self.x1, self.y1)

    def split_columns(self, count: int, gap: int = 0) -> list[Box]:
        """`count` side-by-side columns of equal width separated by `gap` pixels."""
        width = (self.width - gap * (count - 1)) / count
        return [
            Box(
                round(self.x0 + i * (width + gap)),
                self.y0,
                round(self.x0 + i * (width + gap) + width),
                self.y1,
            )
            for i in range(count)
        ]


def slots(box: Box, count: int, max_columns: int = 3) -> list[Box]:
    """Lay `count` equal squares out in a small grid centred in `box`, reading order.

    Used for stacked pieces: every piece on a block gets its own square, so none hides another.
    The grid is as square as possible (3 pieces -> 2 columns would waste space, so it picks the
    column count that maximises the square's side).
    """
    if count <= 0:
        return []
    best_side, best_cols = 0.0, 1
    for cols in range(1, min(count, max_columns) + 1):
        rows = -(-count // cols)
        side = min(box.width / cols, box.height / rows)
        if side > best_side:
            best_side, best_cols = side, cols
    cols = best_cols
    rows = -(-count // cols)
    side = int(best_side)
    left = box.x0 + (box.width - cols * side) // 2
    top = box.y0 + (box.height - rows * side) // 2
    out = []
    for i in range(count):
        r, c = divmod(i, cols)
        # Centre a short last row so a lone leftover piece does not look misplaced.
        in_row = count - r * cols if r == rows - 1 else cols
        shift = (cols - in_row) * side // 2
        x = left + shift + c * side
        y = top + r * side
        out.append(Box(x, y, x + side, y + side))
    return out


class Canvas:
    """A Pillow RGB image plus the drawing helpers every board uses."""

    def __init__(
        self, width: int, height: int, background: RGB = PAPER, image: Image.Image | None = None
    ) -> None:
        """A blank canvas, or one that draws on `image` (an RGB copy of a cached layer)."""
        self.image = Image.new("RGB", (width, height), background) if image is None else image
        self.draw = ImageDraw.Draw(self.image)
        self.encoded: Image.Image | None = None
        """The image already mapped to the palette, where nothing has been drawn since (cached
        layers pasted in their encoded form); None means encode everything."""
        self.dirty: list[Box] = []
        """What was drawn since `encoded` was laid: the only areas `to_png` maps again."""

    @classmethod
    def over(
        cls, layer: Image.Image, encoded: Image.Image, height: int, background: RGB, index: int
    ) -> Canvas:
        """A canvas as wide as `layer`, starting with `layer` at the top and `background` (at
        `index` in the palette of `encoded`, the layer's mapped twin) below it.

        Cheaper than a blank canvas plus a paste: the layer's pixels are written once.
        """
        width, top = layer.size
        canvas = cls(width, height, image=layer.crop((0, 0, width, height)))
        canvas.image.paste(background, (0, top, width, height))
        canvas.encoded = encoded.crop((0, 0, width, height))
        canvas.encoded.paste(index, (0, top, width, height))
        return canvas

    def lay(self, layer: Image.Image, encoded: Image.Image, at: tuple[int, int]) -> None:
        """Paste a cached layer, and its palette-mapped twin into `encoded` (started on first
        use as a page of `background_index`): the layer's pixels need no mapping again."""
        self.image.paste(layer, at)
        if self.encoded is not None:
            self.encoded.paste(encoded, at)

    def start_encoding(self, palette: Image.Image, background_index: int) -> None:
        """Keep a palette-mapped twin of the canvas from here on (see `lay` and `mark`); call
        it on a blank canvas of `background_index`'s colour, before drawing anything."""
        self.encoded = Image.new("P", self.image.size, background_index)
        self.encoded.putpalette(palette.getpalette() or [])

    def mark(self, box: Box) -> None:
        """Note that `box` (inclusive) was drawn on, so `to_png` maps it to the palette."""
        self.dirty.append(box)

    # ----- text ---------------------------------------------------------------------------
    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        fill: RGB = INK,
        anchor: str = "la",
        bold: bool = False,
    ) -> None:
        """Draw `text` with Pillow's anchor codes ("mm" = centred, "la" = left/ascender).

        The glyphs come from `_text_mask`, which caches each rendered label: a board repeats the
        same few hundred labels move after move, and rasterising them is most of its drawing
        time. The pixels are the ones `ImageDraw.text` would produce.
        """
        stroke = stroke_for(size) if bold else 0
        x, y = xy
        if (x < 0 or y < 0 or "\n" in text) and drawable(text):
            self.draw.text(
                xy,
                text,
                font=font(size),
                fill=fill,
                anchor=anchor,
                stroke_width=stroke,
                stroke_fill=fill,
            )
            return
        ix, iy = int(x), int(y)
        mask, dx, dy = _text_mask(text, size, stroke, anchor, x - ix, y - iy)
        if mask is not None:
            left, top = ix + dx, iy + dy
            self.image.paste(fill, (left, top, left + mask.width, top + mask.height), mask)

    def label(self, box: Box, text: str, size: int, fill: RGB = INK, bold: bool = True) -> None:
        """`text` centred in `box`."""
        self.text(box.center, text, size, fill, anchor="mm", bold=bold)

    # ----- cells --------------------------------------------------------------------------
    def cell(self, box: Box, fill: RGB, outline: RGB = GRID, width: int = 2) -> None:
        """A filled grid cell with an outline."""
        self.draw.rectangle(box, fill=fill, outline=outline, width=width)

    def hatch(self, box: Box, color: RGB, spacing: int = 16, width: int = 3) -> None:
        """Diagonal stripes (bottom-left to top-right) clipped to `box`.

        A texture is a second cue beside a background colour: striped cells stay distinct from
        plain ones in greyscale and for every colour-vision type.
        """
        x0, y0, x1, y1 = box
        c = x0 + y0 + spacing // 2
        while c < x1 + y1:
            xs, xe = max(x0, c - y1), min(x1, c - y0)
            if xs < xe:
                self.draw.line([(xs, c - xs), (xe, c - xe)], fill=color, width=width)
            c += spacing

    def dashed_rect(self, box: Box, color: RGB, width: int = 3, dash: int = 10) -> None:
        """A dashed rectangle outline, for temporary states (as opposed to solid = permanent)."""
        x0, y0, x1, y1 = box
        for a, b, horizontal, fixed in (
            (x0, x1, True, y0),
            (x0, x1, True, y1),
            (y0, y1, False, x0),
            (y0, y1, False, x1),
        ):
            pos = a
            while pos < b:
                end = min(pos + dash, b)
                if horizontal:
                    self.draw.line([(pos, fixed), (end, fixed)], fill=color, width=width)
                else:
                    self.draw.line([(fixed, pos), (fixed, end)], fill=color, width=width)
                pos += dash * 2

    # ----- pieces -------------------------------------------------------------------------
    def circle_piece(
        self, box: Box, fill: RGB, text: str, outline: RGB = INK, text_size_px: int | None = None
    ) -> None:
        """A round token with a short label (a person: rep, worker, citizen)."""
        inner = box.inset(max(1, box.width // 20))
        self.draw.ellipse(inner, fill=fill, outline=outline, width=max(2, box.width // 18))
        size = text_size_px or _label_size(text, inner.width * 0.78, inner.height * 0.5)
        self.label(inner, text, size, text_on(fill))

    def square_piece(
        self, box: Box, fill: RGB, text: str, outline: RGB = WHITE, text_size_px: int | None = None
    ) -> None:
        """A square token with a short label (an opposing agent, police unit, developer)."""
        inner = box.inset(max(2, box.width // 12))
        self.draw.rounded_rectangle(
            inner, radius=max(2, inner.width // 8), fill=fill, outline=outline, width=2
        )
        size = text_size_px or _label_size(text, inner.width * 0.84, inner.height * 0.5)
        self.label(inner, text, size, text_on(fill))

    def house(
        self, box: Box, fill: RGB, text: str, outline: RGB = INK, outline_width: int = 3
    ) -> Box:
        """A house (pentagon) with a label in its body; returns the body box.

        The silhouette says "building" at a glance, which sets buildings apart from round and
        square pieces even when they share a colour.
        """
        x0, y0, x1, y1 = box
        roof = y0 + box.height * 2 // 5
        points = [(x0, roof), ((x0 + x1) // 2, y0), (x1, roof), (x1, y1), (x0, y1)]
        self.draw.polygon(points, fill=fill, outline=outline, width=outline_width)
        body = Box(x0, roof, x1, y1)
        size = _label_size(text, body.width * 0.7, body.height * 0.8)
        self.label(Box(x0, (y0 + roof) // 2 + 4, x1, y1), text, size, text_on(fill))
        return body

    def lock(self, box: Box, fill: RGB = INK) -> None:
        """A padlock glyph: a shackle arc over a solid body. Means "permanent, cannot change"."""
        w, h = box.width, box.height
        body = Box(box.x0, box.y0 + h * 9 // 20, box.x1, box.y1)
        shackle = Box(box.x0 + w // 5, box.y0, box.x1 - w // 5, box.y0 + h * 9 // 10)
        self.draw.arc(shackle, 180, 360, fill=fill, width=max(2, w // 7))
        sx = max(2, w // 7) // 2
        mid = shackle.y0 + shackle.height // 2
        self.draw.line(
            [(shackle.x0 + sx, mid), (shackle.x0 + sx, body.y0)], fill=fill, width=max(2, w // 7)
        )
        self.draw.line(
            [(shackle.x1 - sx, mid), (shackle.x1 - sx, body.y0)], fill=fill, width=max(2, w // 7)
        )
        self.draw.rounded_rectangle(body, radius=max(1, w // 10), fill=fill)

    def shield(self, box: Box, outline: RGB, width: int = 4, fill: RGB | None = None) -> None:
        """A heraldic shield outline; means "protected for now"."""
        x0, y0, x1, y1 = box
        w, h = box.width, box.height
        points = [
            (x0, y0 + h // 8),
            (x0 + w // 2, y0),
            (x1, y0 + h // 8),
            (x1, y0 + h // 2),
            (x0 + w // 2, y1),
            (x0, y0 + h // 2),
        ]
        self.draw.polygon(points, fill=fill, outline=outline, width=width)

    # ----- cached drawings ----------------------------------------------------------------
    def stamp(
        self,
        at: tuple[int, int],
        size: tuple[int, int],
        key: Hashable,
        paint: Callable[[Canvas], None],
    ) -> None:
        """Paste at `at` what `paint` draws on a clear `size` canvas, painting it once per `key`.

        For pieces, which a board repeats by the dozen in a few looks: `key` must name
        everything `paint` depends on. The paint must be opaque wherever it draws text or
        blends colours: a clear pixel has no colour to blend with, so anti-aliasing over one
        would come out wrong once pasted. Shapes in integer coordinates come out exactly as if
        drawn in place.
        """
        with _STAMPS_LOCK:
            sprite = _STAMPS.get(key)
            if sprite is not None:
                _STAMPS.move_to_end(key)
        if sprite is None:
            canvas = Canvas(size[0], size[1], image=Image.new("RGBA", size))
            paint(canvas)
            sprite = canvas.image
            with _STAMPS_LOCK:
                _STAMPS[key] = sprite
                while len(_STAMPS) > STAMPS_CACHED:
                    _STAMPS.popitem(last=False)
        self.image.paste(sprite, at, sprite)
        self.mark(Box(at[0], at[1], at[0] + size[0] - 1, at[1] + size[1] - 1))

    # ----- output -------------------------------------------------------------------------
    def to_png(self, palette: Image.Image) -> bytes:
        """The canvas as PNG bytes in the game's fixed `palette` (see `encode`); inside
        `keeping_images`, the mapped image is kept instead and no bytes are made."""
        mapped = self.mapped(palette)
        kept = _KEPT.get()
        if kept is not None:
            kept.append(mapped)
            return b""
        return palette_png(mapped)

    def mapped(self, palette: Image.Image) -> Image.Image:
        """The canvas mapped onto the game's fixed `palette` (see `encode`).

        With an encoded twin (`start_encoding`), only the areas drawn since are mapped: the
        mapping is per pixel, so the result is the same as mapping the whole image, for a
        fraction of the work when most of the board comes from cached layers (a quiet board;
        on a crowded one, pieces cover most of it and the whole image is mapped at once).
        """
        if self.encoded is None:
            return map_to_palette(self.image, palette)
        width, height = self.image.size
        areas = _areas(self.dirty, width, height)
        if sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in areas) > width * height // 2:
            # Each mapping call rebuilds Pillow's colour lookup table (tens of microseconds);
            # past half the image, one call for everything is cheaper than many small ones.
            return map_to_palette(self.image, palette)
        mapped = self.encoded.copy()
        for area in areas:
            mapped.paste(map_to_palette(self.image.crop(area), palette), area[:2])
        return mapped


_KEPT: ContextVar[list[Image.Image] | None] = ContextVar("kept_images", default=None)


@contextmanager
def keeping_images() -> Iterator[list[Image.Image]]:
    """Renderers promise PNG bytes, which is what a message attaches. A timelapse wants the
    images themselves, a board at each of sixty steps scaled down and re-encoded: encoding each
    to PNG and decoding it again was a fifth of its work. Inside this, every canvas a renderer
    finishes (`to_png`) is kept in the list yielded, mapped to its palette, and no PNG is made."""
    kept: list[Image.Image] = []
    token = _KEPT.set(kept)
    try:
        yield kept
    finally:
        _KEPT.reset(token)


def _areas(boxes: list[Box], width: int, height: int) -> list[tuple[int, int, int, int]]:
    """`boxes` (inclusive) as crop areas inside the image, without any that another contains."""
    areas = []
    for box in boxes:
        area = (max(0, box.x0), max(0, box.y0), min(width, box.x1 + 1), min(height, box.y1 + 1))
        if area[0] < area[2] and area[1] < area[3]:
            areas.append(area)
    areas = sorted(set(areas), key=lambda a: (a[0] - a[2]) * (a[3] - a[1]))
    kept: list[tuple[int, int, int, int]] = []
    for area in areas:
        if not any(
            k[0] <= area[0] and k[1] <= area[1] and area[2] <= k[2] and area[3] <= k[3]
            for k in kept
        ):
            kept.append(area)
    return kept


STAMPS_CACHED = 1024
"""Piece drawings kept per process; each is a few KB."""
_STAMPS: OrderedDict[Hashable, Image.Image] = OrderedDict()
_STAMPS_LOCK = threading.Lock()
"""Boards may also be drawn from several threads of one process (the bot's tests do)."""


@lru_cache(maxsize=4096)
def _text_mask(
    text: str, size: int, stroke: int, anchor: str, fx: float, fy: float
) -> tuple[Image.Image | None, int, int]:
    """The coverage mask of `text` and where its top-left lies from the integer anchor point.

    Rendered exactly as `ImageDraw.text` renders it at a point whose fractional part is
    `(fx, fy)`: drawing at an integer offset plus that fraction keeps FreeType's sub-pixel start
    the same. Bounded, because labels such as counts and headlines vary without end.
    """
    if not drawable(text):
        return _mixed_mask(text, size, stroke, anchor, fx, fy)
    face = font(size)
    left, top, right, bottom = face.getbbox(text, stroke_width=stroke, anchor=anchor)
    pad = 2
    ax, ay = pad - math.floor(left), pad - math.floor(top)
    width = math.ceil(right) - math.floor(left) + 2 * pad + 1
    height = math.ceil(bottom) - math.floor(top) + 2 * pad + 1
    mask = Image.new("L", (max(1, width), max(1, height)), 0)
    ImageDraw.Draw(mask).text(
        (ax + fx, ay + fy),
        text,
        font=face,
        fill=255,
        anchor=anchor,
        stroke_width=stroke,
        stroke_fill=255,
    )
    ink = mask.getbbox()
    if ink is None:
        return None, 0, 0
    return mask.crop(ink), ink[0] - ax, ink[1] - ay


def _mixed_mask(
    text: str, size: int, stroke: int, anchor: str, fx: float, fy: float
) -> tuple[Image.Image | None, int, int]:
    """`_text_mask` for text the board font cannot draw alone (a name in another script): each
    run in its own font along one baseline, placed by the anchor as Pillow would place it."""
    pieces = [(piece, face_for(which, size)) for piece, which in runs(" ".join(text.split()))]
    width = sum(face.getlength(piece) for piece, face in pieces)
    face = font(size)
    assert isinstance(face, ImageFont.FreeTypeFont)  # the bundled TrueType face, never a bitmap
    ascent, descent = face.getmetrics()
    across = {"l": 0.0, "m": width / 2, "r": width}.get(anchor[0], 0.0)
    down = {"a": -ascent, "t": -ascent, "m": -(ascent - descent) / 2, "b": descent, "d": descent}
    below = down.get(anchor[1:2], 0.0)
    room = math.ceil(width) + 2 * size + 2 * stroke
    mask = Image.new("L", (2 * room, 2 * room + 4 * size), 0)
    draw = ImageDraw.Draw(mask)
    point_x, point_y = room, room + 2 * size
    x, y = point_x + fx - across, point_y + fy - below
    for piece, face in pieces:
        draw.text((x, y), piece, font=face, fill=255, anchor="ls", stroke_width=stroke)
        x += face.getlength(piece)
    ink = mask.getbbox()
    if ink is None:
        return None, 0, 0
    return mask.crop(ink), ink[0] - point_x, ink[1] - point_y


def encode(image: Image.Image, palette: Image.Image) -> bytes:
    """PNG bytes of an RGB board mapped onto a fixed `palette` image (`render.png`).

    The palette is fixed per game (`render.palette.palette_image`), never fitted to the image:
    mapping onto a known palette costs a tenth of fitting one, every pixel of an unchanged area
    keeps its exact index from move to move, and the same view always gives the same bytes.
    Boards are flat colour plus anti-aliased edges, which a palette holding the flat colours and
    the blends between each text colour and its background reproduces without visible change.
    """
    return palette_png(map_to_palette(image, palette))


def palette_index(palette: Image.Image, colour: RGB) -> int:
    """Where `colour` sits in `palette` (a flat colour, which the palette holds exactly)."""
    values = palette.getpalette() or []
    for i in range(0, len(values), 3):
        if tuple(values[i : i + 3]) == colour:
            return i // 3
    raise ValueError(f"{colour} is not in the palette")


def map_to_palette(image: Image.Image, palette: Image.Image) -> Image.Image:
    """`image` mapped onto the game's fixed `palette` (`encode` says why fixed), for whole
    boards and for cached layers kept in both forms."""
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def _label_size(text: str, max_width: float, max_height: float) -> int:
    """The largest font size at which `text` fits the given width and height."""
    size = max(8, int(max_height))
    while size > 8 and (text_size(text, size, bold=True)[0] > max_width):
        size -= 1
    return size
