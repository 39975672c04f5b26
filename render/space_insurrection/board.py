"""The map: the worlds as cards, three to a row in the view's (alphabetical) order, each with its
loyalty, uprising, bombardment and blockades, and every unit on it as a chit.

A card is as tall as its units need (a row of cards as tall as its tallest), so a crowded world
grows instead of hiding anything. On a card each seat's units make a line that starts with the
seat's badge (shape and initial, big enough to read on a phone), and identical undamaged units
fold into one chit with a count ("Se×3", the cross drawn; the letters are the board's language's
abbreviation of the type, a catalog term); a wounded or disrupted unit always
gets a chit of its own. `world_layout` says where everything on a card goes, before anything
is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.messages import ENGLISH, m, say
from render.canvas import Box, Canvas
from render.fonts import fit_size, text_size
from render.palette import INK, WHITE
from render.space_insurrection import glyphs
from render.space_insurrection.look import (
    ACROSS,
    BAND,
    CARD_GAP,
    CARD_W,
    CHIT_GAP,
    CHIT_H,
    CHIT_W,
    EMPTY,
    HALO,
    INSIDE,
    MIN_TEXT,
    NAME_BAR,
    NAME_SIZE,
    NEUTRAL,
    NEUTRAL_RING,
    OWNER,
    RING,
    TAG_BAR,
    TAG_SIZE,
    SeatStyle,
    card_x,
    hatch_ink,
    loyal_fill,
    rows_of,
    seat_styles,
    style_of,
)

if TYPE_CHECKING:
    from engine.games.space_insurrection.view import SpaceView, UnitView, WorldView


@dataclass(frozen=True)
class WorldLook:
    """Everything drawn for a world under its chits: the key of its cached face."""

    name: str
    """The world's name in the reader's language (so the cached face is one per language)."""
    loyal: SeatStyle | None
    uprising: bool
    disrupted: bool
    resolving: bool
    blockaders: tuple[SeatStyle, ...]
    tags: tuple[tuple[str, str], ...]
    """Each tag under the name: its kind (`uprising`, `disrupted`) and its words."""

    @classmethod
    def of(
        cls,
        world: WorldView,
        styles: tuple[SeatStyle, ...],
        ended: bool = False,
        language: str = ENGLISH,
    ) -> WorldLook:
        """The look of `world`; once the game has `ended` no world is being resolved."""
        owners = sorted({u.owner for u in world.units if u.blockading})
        return cls(
            say(world.name, language),
            None if world.loyal is None else style_of(styles, world.loyal),
            world.uprising,
            world.disrupted,
            world.resolving and not ended,
            tuple(style_of(styles, s) for s in owners),
            tuple((t, say(m(f"space.board.tag.{t}"), language)) for t in world_tags(world)),
        )


# ----- where things go on a card ----------------------------------------------------------------

Piece = tuple[int, str, str, bool, bool]
"""What a chit shows of a unit, in the board's language: owner, letters, damage (the wounded or
disrupted mark, "W" or "D" in English, or ""), blockading, spied."""


def piece(unit: UnitView, language: str = ENGLISH) -> Piece:
    damage = damage_mark(unit.wounded, unit.disrupted, language)
    return (unit.owner, say(unit.letter, language), damage, unit.blockading, unit.spied)


def damage_mark(wounded: bool, disrupted: bool, language: str = ENGLISH) -> str:
    """The letter on a damaged chit's tab (`space.board.mark.*`), "" for an undamaged one."""
    if not (wounded or disrupted):
        return ""
    return say(m(f"space.board.mark.{'wounded' if wounded else 'disrupted'}"), language)


@dataclass(frozen=True)
class Chit:
    """One chit on a card: where (from the card's top-left), what it shows, how many units."""

    box: Box
    owner: int
    letter: str
    damage: str
    blockading: bool
    spied: bool
    count: int


@dataclass(frozen=True)
class CardLayout:
    """A world card: its height, the seat badges that start each seat's line and the chits."""

    height: int
    tags: tuple[str, ...]
    badges: tuple[tuple[Box, int], ...]
    chits: tuple[Chit, ...]

    @property
    def body(self) -> Box:
        return Box(BAND, BAND, CARD_W - BAND, self.height - BAND)


def content_left() -> int:
    return BAND + INSIDE


CONTENT_W = CARD_W - 2 * (BAND + INSIDE)
PER_LINE = (CONTENT_W - OWNER) // (CHIT_W + CHIT_GAP)
"""Chits on a line, after the seat's badge."""
LINE = CHIT_H + CHIT_GAP


def world_layout(world: WorldView, language: str = ENGLISH) -> CardLayout:
    """Where a world's seat badges and chits go on its card, and how tall the card is (its
    chits' letters, in `language`, decide how wide each chit is)."""
    return card_layout(tuple(piece(u, language) for u in world.units), len(world_tags(world)))


def world_tags(world: WorldView) -> tuple[str, ...]:
    """The kinds of tag under a world's name: in uprising, disrupted by bombardment."""
    return tuple(
        t for t, on in (("uprising", world.uprising), ("disrupted", world.disrupted)) if on
    )


def fold(pieces: tuple[Piece, ...]) -> list[tuple[Piece, int]]:
    """Each seat's chits in seat order: identical undamaged units as one chit with their count,
    in the order their letters first appear, each damaged unit on its own after its kind."""
    letters: dict[str, int] = {}
    for p in pieces:
        letters.setdefault(p[1], len(letters))
    counts: dict[Piece, int] = {}
    damaged: list[Piece] = []
    for p in pieces:
        if p[2]:
            damaged.append(p)
        else:
            counts[p] = counts.get(p, 0) + 1
    out = [(p, n) for p, n in counts.items()] + [(p, 1) for p in damaged]
    return sorted(out, key=lambda item: (item[0][0], letters[item[0][1]], bool(item[0][2])))


def chit_span(letter: str, count: int, damage: str, spied: bool) -> int:
    """Places on a line a chit takes: one, or as many as its letters and count need at
    `MIN_TEXT` ("Se×12" takes two; text never shrinks below what a phone can read)."""
    need = glyphs.chit_width(CHIT_H, letter, count, damage, spied)
    span = 1
    while span < PER_LINE and span * CHIT_W + (span - 1) * CHIT_GAP < need:
        span += 1
    return span


@lru_cache(maxsize=256)
def card_layout(pieces: tuple[Piece, ...], tags: int = 0) -> CardLayout:
    top = BAND + NAME_BAR + (TAG_BAR if tags else 0) + 4
    left = content_left()
    badges: list[tuple[Box, int]] = []
    chits: list[Chit] = []
    y = top
    owner: int | None = None
    column = PER_LINE
    for (who, letter, damage, blockading, spied), count in fold(pieces):
        span = chit_span(letter, count, damage, spied)
        if who != owner:
            if owner is not None:
                y += LINE
            owner, column = who, 0
            oy = y + (CHIT_H - OWNER) // 2
            badges.append((Box(left, oy, left + OWNER, oy + OWNER), who))
        elif column + span > PER_LINE:
            y += LINE
            column = 0
        x = left + OWNER + CHIT_GAP + column * (CHIT_W + CHIT_GAP)
        box = Box(x, y, x + span * CHIT_W + (span - 1) * CHIT_GAP, y + CHIT_H)
        chits.append(Chit(box, who, letter, damage, blockading, spied, count))
        column += span
    bottom = y + CHIT_H + INSIDE if chits else top + EMPTY
    return CardLayout(bottom + BAND, ("",) * tags, tuple(badges), tuple(chits))


# ----- the whole map ---------------------------------------------------------------------------


@dataclass(frozen=True)
class MapLayout:
    """Each world's card (from the map's top-left) and the room left beside the last row."""

    cards: tuple[Box, ...]
    height: int
    free: Box | None


def map_layout(view: SpaceView, left: int, width: int, language: str = ENGLISH) -> MapLayout:
    """Cards `ACROSS` to a row, each row as tall as its tallest card."""
    heights = [world_layout(w, language).height for w in view.worlds]
    cards: list[Box] = []
    y = 0
    i = 0
    free = None
    for n in rows_of(len(heights)):
        row_h = max(heights[i : i + n])
        for c in range(n):
            x = card_x(c, left)
            cards.append(Box(x, y, x + CARD_W, y + row_h))
        if n < ACROSS:
            free = Box(card_x(n, left) + BAND, y + BAND, left + width - BAND, y + row_h - BAND)
        i += n
        y += row_h + CARD_GAP
    return MapLayout(tuple(cards), max(0, y - CARD_GAP), free)


def draw_map(
    canvas: Canvas, view: SpaceView, geo: MapLayout, top: int, language: str = ENGLISH
) -> None:
    """Every world's card, `top` px down the canvas."""
    styles = seat_styles(view, language)
    ended = bool(view.outcome)
    for world, card in zip(view.worlds, geo.cards, strict=True):
        at = (card.x0, top + card.y0)
        look = WorldLook.of(world, styles, ended, language)
        draw_world(canvas, at, card.height, look, world.units, styles, language)


def draw_world(
    canvas: Canvas,
    at: tuple[int, int],
    height: int,
    look: WorldLook,
    units: list[UnitView],
    styles: tuple[SeatStyle, ...],
    language: str = ENGLISH,
) -> None:
    """One world's card, `height` tall (at least as tall as its layout), top-left at `at`."""
    layout = card_layout(tuple(piece(u, language) for u in units), len(look.tags))
    height = max(height, layout.height)
    x, y = at
    stamp_face(canvas, at, height, look)
    for box, owner in layout.badges:
        style = style_of(styles, owner)
        stamp_badge(canvas, (x + box.x0, y + box.y0), style)
    for chit in layout.chits:
        style = style_of(styles, chit.owner)
        stamp_chit(canvas, (x + chit.box.x0, y + chit.box.y0), style, chit)


# ----- a world's face ---------------------------------------------------------------------------


def stamp_face(canvas: Canvas, at: tuple[int, int], height: int, look: WorldLook) -> None:
    def paint(sprite: Canvas) -> None:
        _face(sprite, Box(0, 0, CARD_W - 1, height - 1), look)

    canvas.stamp(at, (CARD_W, height), ("si-card", height, look), paint)


def _face(canvas: Canvas, card: Box, look: WorldLook) -> None:
    if look.resolving:
        canvas.draw.rounded_rectangle(card, radius=BAND + 12, fill=HALO)
    if look.blockaders:
        _blockade_chain(canvas, card, look.blockaders)
    body = card.inset(BAND)
    fill = NEUTRAL if look.loyal is None else loyal_fill(look.loyal.colour)
    canvas.draw.rounded_rectangle(body, radius=12, fill=fill, outline=INK, width=2)
    inner = body.inset(2)
    if look.loyal is None:
        canvas.draw.rounded_rectangle(inner, radius=10, outline=NEUTRAL_RING, width=3)
    else:
        canvas.draw.rounded_rectangle(inner, radius=10, outline=look.loyal.colour, width=RING)
    bars = NAME_BAR + (TAG_BAR if look.tags else 0)
    if look.disrupted:
        canvas.hatch(
            Box(body.x0 + INSIDE, body.y0 + bars, body.x1 - INSIDE, body.y1 - INSIDE),
            hatch_ink(fill),
            spacing=20,
            width=5,
        )
    _name_bar(canvas, body, look)
    _tags(canvas, body, look)


def _blockade_chain(canvas: Canvas, card: Box, blockaders: tuple[SeatStyle, ...]) -> None:
    """A chain round the card in the blockading seat's colour (links alternating between seats
    when several blockade), outlined in ink so a pale colour still shows on paper."""
    canvas.draw.rounded_rectangle(card.inset(1), radius=BAND + 10, fill=INK)
    band = card.inset(3)
    canvas.draw.rounded_rectangle(band, radius=BAND + 8, fill=blockaders[0].colour)
    link = 26
    k = 0
    for x in range(band.x0 + 14, band.x1 - 14, link):
        for y0, y1 in ((band.y0, band.y0 + BAND - 3), (band.y1 - BAND + 3, band.y1)):
            colour = blockaders[k % len(blockaders)].colour
            canvas.draw.rectangle((x, y0, x + link - 4, y1), fill=colour)
            canvas.draw.line([(x + link - 3, y0), (x + link - 3, y1)], fill=INK, width=3)
        k += 1
    for y in range(band.y0 + 14, band.y1 - 14, link):
        for x0, x1 in ((band.x0, band.x0 + BAND - 3), (band.x1 - BAND + 3, band.x1)):
            colour = blockaders[k % len(blockaders)].colour
            canvas.draw.rectangle((x0, y, x1, y + link - 4), fill=colour)
            canvas.draw.line([(x0, y + link - 3), (x1, y + link - 3)], fill=INK, width=3)
        k += 1


def _name_bar(canvas: Canvas, body: Box, look: WorldLook) -> None:
    """The world's name on a white strip across the card's top, after its loyal seat's badge."""
    bar = Box(body.x0 + INSIDE, body.y0 + INSIDE, body.x1 - INSIDE, body.y0 + NAME_BAR - 2)
    canvas.draw.rounded_rectangle(bar, radius=8, fill=WHITE, outline=INK, width=2)
    x = bar.x0 + 10
    if look.loyal:
        side = bar.height
        glyphs.badge(canvas, Box(x, bar.y0, x + side, bar.y0 + side), look.loyal, look.loyal.colour)
        x += side + 8
    name = fitted(look.name, bar.x1 - 8 - x, NAME_SIZE, True)
    size = fit_size(name, bar.x1 - 8 - x, NAME_SIZE, MIN_TEXT, True)
    canvas.text((x, bar.center[1] + 1), name, size, INK, "lm", True)


def fitted(text: str, width: int, size: int, bold: bool = False) -> str:
    """`text`, cut short with "…" if even at `MIN_TEXT` it is wider than `width`."""
    if text_size(text, MIN_TEXT, bold)[0] <= width:
        return text
    while len(text) > 1 and text_size(text + "…", MIN_TEXT, bold)[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _tags(canvas: Canvas, body: Box, look: WorldLook) -> None:
    """UPRISING (dark) and DISRUPTED (white) tags under the name."""
    if not look.tags:
        return
    x = body.x0 + INSIDE
    top = body.y0 + NAME_BAR
    for kind, text in look.tags:
        w = text_size(text, TAG_SIZE, True)[0] + 18
        box = Box(x, top, x + w, top + TAG_BAR - 6)
        dark = kind == "uprising"
        canvas.draw.rounded_rectangle(
            box, radius=6, fill=INK if dark else WHITE, outline=WHITE if dark else INK, width=2
        )
        canvas.label(box, text, TAG_SIZE, WHITE if dark else INK)
        x += w + 8


# ----- chits and badges -------------------------------------------------------------------------


def stamp_badge(canvas: Canvas, at: tuple[int, int], style: SeatStyle) -> None:
    def paint(sprite: Canvas) -> None:
        glyphs.badge(sprite, Box(0, 0, OWNER, OWNER), style, style.colour, width=3)

    canvas.stamp(at, (OWNER + 1, OWNER + 1), ("si-owner", OWNER, style), paint)


def stamp_chit(canvas: Canvas, at: tuple[int, int], style: SeatStyle, chit: Chit) -> None:
    width = chit.box.width
    key = (
        "si-chit",
        width,
        style,
        chit.letter,
        chit.damage,
        chit.blockading,
        chit.spied,
        chit.count,
    )

    def paint(sprite: Canvas) -> None:
        glyphs.chit(
            sprite,
            Box(0, 0, width, CHIT_H),
            style,
            chit.letter,
            chit.damage,
            chit.blockading,
            chit.spied,
            chit.count,
        )

    canvas.stamp(at, (width + 1, CHIT_H + 1), key, paint)
