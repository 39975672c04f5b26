"""Sizes, colours and short labels of the Bloc by Bloc board image.

District types use the colours printed on the tiles (Workers yellow, Students purple, Neighbors
green, Prisoners orange, State white, Public grey), taken from the Okabe-Ito set so the four
faction hues stay distinct for every common colour-vision type. Faction pieces use the full hue
of their district type and always carry the faction's letter, so colour is never the only cue.
"""

from __future__ import annotations

from render.bloc_by_bloc.words import board
from render.palette import (
    DARK,
    GREEN,
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
    mix,
    shade,
    text_on,
    tint,
)

# ----- district types ---------------------------------------------------------------------------

WORKERS = "Workers"
STUDENTS = "Students"
NEIGHBORS = "Neighbors"
PRISONERS = "Prisoners"
STATE = "State"
PUBLIC = "Public"
COMMERCIAL = "Commercial"
HIGHWAY = "Highway"
"""The district types as the view names them (`TileView.type`); the renderer keeps its own
names so that it depends on the view alone, not on the content models."""

# ----- geometry ---------------------------------------------------------------------------------

TILE = 240
"""Side of one district tile in pixels."""
GUTTER = 26
"""Gap between tiles: streets, highways and barricades crossing it stay visible."""
EDGE = 24
"""Room between the outer tiles and the board frame, for dead ends at the edge of the city."""
BOARD = 5 * TILE + 4 * GUTTER + 2 * EDGE
HEADER = 72
GAP = 16
SIDE_WIDTH = 500
"""Width of the panel column at the right of the board."""

BAND = 60
"""Height of the name band at the top of a tile (two lines of the district name)."""
FOOT = 42
"""Height of the strip at the bottom of a tile: difficulty, shopping centers, metro, police ID."""
ROAD = 24
"""Width of a street; highways are drawn a little wider."""

NAME_SIZE = 22
"""District names; a long name shrinks to `SMALL_SIZE` before it would take a third line."""
SMALL_SIZE = 20
COUNT_SIZE = 26
PANEL_SIZE = 22

# ----- colours ----------------------------------------------------------------------------------

STATE_WHITE: RGB = (246, 247, 250)
"""A liberated State district: a cool white, kept apart from the pure white of tags and carts
(the encoding palette cannot hold two whites closer than a few levels)."""
PUBLIC_GREY: RGB = (150, 150, 156)
HIGHWAY_ASPHALT: RGB = (74, 76, 86)
ROAD_GREY: RGB = (174, 174, 182)
HIGHWAY_ROAD: RGB = (196, 196, 204)
POLICE: RGB = (28, 36, 64)
"""Riot cops and vans: a dark navy no faction uses."""
BARRICADE: RGB = WHITE
CLASH: RGB = (200, 40, 30)

BOARD_FILL: RGB = (88, 90, 100)
HEADER_OVER: RGB = shade(GREEN, 0.35)
"""The header once the game is over (dark green instead of dark grey)."""
TITLE: RGB = tint(GREEN, 0.45)
DIE_USED: RGB = HIGHWAY_ROAD
BURNED: RGB = (40, 40, 40)
FLAME: RGB = (240, 110, 40)
FLAME_EDGE: RGB = (255, 220, 120)
GRAFFITI: RGB = (200, 0, 120)
UNKNOWN_FACTION: RGB = (200, 200, 200)
CALLOUT_INK: RGB = shade(VERMILLION, 0.5)
CALLOUT: RGB = tint(ORANGE, 0.8)
CALLOUT_OVER: RGB = tint(ORANGE, 0.7)

TYPE_COLOUR: dict[str, RGB] = {
    WORKERS: YELLOW,
    STUDENTS: PURPLE,
    NEIGHBORS: GREEN,
    PRISONERS: ORANGE,
    STATE: STATE_WHITE,
    PUBLIC: PUBLIC_GREY,
    COMMERCIAL: SKY_BLUE,
    HIGHWAY: HIGHWAY_ASPHALT,
}


def body_colour(kind: str, liberated: bool) -> RGB:
    """Tile background: a mid tint on the repressed side, nearly white once liberated.

    State tiles are white in print, so their repressed side is a cool grey to leave room for a
    lighter liberated side.
    """
    if kind == STATE:
        return STATE_WHITE if liberated else (214, 218, 228)
    if kind == HIGHWAY:
        return HIGHWAY_ASPHALT
    return tint(TYPE_COLOUR[kind], 0.86 if liberated else 0.5)


def band_colour(kind: str, liberated: bool) -> RGB:
    """The name band keeps the full type colour on both sides, so the type reads at a glance."""
    if kind == STATE:
        return (236, 238, 244) if liberated else (190, 196, 210)
    return mix(TYPE_COLOUR[kind], (255, 255, 255), 0.15 if liberated else 0.0)


# ----- factions ---------------------------------------------------------------------------------

FACTION_COLOUR: dict[str, RGB] = {
    "workers": YELLOW,
    "students": PURPLE,
    "neighbors": GREEN,
    "prisoners": ORANGE,
}
FACTION_LETTER: dict[str, str] = {
    "workers": "W",
    "students": "S",
    "neighbors": "N",
    "prisoners": "P",
}


def faction_colour(faction: str) -> RGB:
    return FACTION_COLOUR.get(faction, UNKNOWN_FACTION)


def faction_letter(faction: str) -> str:
    """The faction's one-letter cue; unknown ids (edited content) fall back to their initial."""
    return FACTION_LETTER.get(faction, faction[:1].upper())


def occupation_short(name: str, is_start: bool) -> str:
    """A one-word label for an occupation token, short enough to sit inside a tile.

    The first word tells the designs apart ("Molotov", "Hacker"), except when it is a
    possessive ("People's Kitchen", "Scavenger's Hideout") where the last word does.
    """
    if is_start:
        return board("start")
    words = name.split()
    first = words[0]
    if first.endswith(("'s", "s'")) and len(words) > 1:
        return words[-1]
    return first


def circle_label(kind: str) -> str:
    """What an occupation circle says: the letter of the only faction that may build there, or
    "any" (in the language drawn) on State and Public districts, where every faction may."""
    for faction, letter in FACTION_LETTER.items():
        if kind.lower() == faction:
            return letter
    return board("any")


def ring_colour(kind: str) -> RGB:
    """The ring (and label) of an empty occupation circle: the type colour, darkened."""
    return shade(TYPE_COLOUR[kind], 0.35) if kind != STATE else INK


# ----- the fixed palette ------------------------------------------------------------------------


def _colours() -> tuple[list[RGB], list[tuple[RGB, RGB]]]:
    """Every flat colour the board uses, then blends for each text colour on its background.

    The image is encoded against this palette (see `render.canvas.encode`), so a colour added
    to the board must be added here too; `tests/render` checks that flat areas survive exactly.
    """
    districts = [k for k in TYPE_COLOUR if k != HIGHWAY]
    bodies = [body_colour(k, side) for k in districts for side in (False, True)]
    bands = [band_colour(k, side) for k in districts for side in (False, True)]
    factions = list(FACTION_COLOUR.values())
    rings = [ring_colour(k) for k in districts]
    flat = [
        PAPER, PANEL, INK, WHITE, MUTED_INK, DARK, BOARD_FILL, HIGHWAY_ASPHALT, ROAD_GREY,
        HIGHWAY_ROAD, POLICE, BARRICADE, CLASH, HEADER_OVER, TITLE, DIE_USED, BURNED, FLAME,
        FLAME_EDGE, GRAFFITI, UNKNOWN_FACTION, CALLOUT, CALLOUT_OVER, CALLOUT_INK,
        *TYPE_COLOUR.values(), *bodies, *bands, *(shade(b, 0.3) for b in bodies), *rings,
    ]  # fmt: skip
    blends = [
        *((text_on(band), band) for band in bands),
        *((INK, body) for body in bodies),
        *((text_on(f), f) for f in factions),
        *((ring, WHITE) for ring in rings),
        (INK, PANEL), (MUTED_INK, PANEL), (INK, WHITE), (MUTED_INK, WHITE), (WHITE, INK),
        (WHITE, DARK), (TITLE, DARK), (WHITE, HEADER_OVER), (TITLE, HEADER_OVER),
        (WHITE, POLICE), (WHITE, CLASH), (CALLOUT_INK, CALLOUT), (INK, CALLOUT_OVER),
        (INK, PAPER),
    ]  # fmt: skip
    return flat, blends


FLAT, BLENDS = _colours()
PALETTE: tuple[RGB, ...] = build_palette(FLAT, BLENDS)
