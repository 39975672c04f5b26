"""Sizes, colours and short labels of the Bloc by Bloc board image.

District types use the colours printed on the tiles (Workers yellow, Students purple, Neighbors
green, Prisoners orange, State white, Public grey), taken from the Okabe-Ito set so the four
faction hues stay distinct for every common colour-vision type. Faction pieces use the full hue
of their district type and always carry the faction's letter, so colour is never the only cue.
"""

from __future__ import annotations

from engine.games.bloc_by_bloc.content.models import DistrictType
from render.palette import GREEN, ORANGE, PURPLE, RGB, SKY_BLUE, YELLOW, mix, tint

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

BAND = 54
"""Height of the name band at the top of a tile (two lines of the district name)."""
FOOT = 42
"""Height of the strip at the bottom of a tile: difficulty, shopping centers, metro, police ID."""
ROAD = 24
"""Width of a street; highways are drawn a little wider."""

NAME_SIZE = 20
SMALL_SIZE = 18
COUNT_SIZE = 24
PANEL_SIZE = 22

# ----- colours ----------------------------------------------------------------------------------

STATE_WHITE: RGB = (252, 252, 252)
PUBLIC_GREY: RGB = (150, 150, 156)
HIGHWAY_ASPHALT: RGB = (74, 76, 86)
ROAD_GREY: RGB = (174, 174, 182)
HIGHWAY_ROAD: RGB = (196, 196, 204)
POLICE: RGB = (28, 36, 64)
"""Riot cops and vans: a dark navy no faction uses."""
BARRICADE: RGB = (250, 250, 250)
CLASH: RGB = (200, 40, 30)

TYPE_COLOUR: dict[DistrictType, RGB] = {
    DistrictType.WORKERS: YELLOW,
    DistrictType.STUDENTS: PURPLE,
    DistrictType.NEIGHBORS: GREEN,
    DistrictType.PRISONERS: ORANGE,
    DistrictType.STATE: STATE_WHITE,
    DistrictType.PUBLIC: PUBLIC_GREY,
    DistrictType.COMMERCIAL: SKY_BLUE,
    DistrictType.HIGHWAY: HIGHWAY_ASPHALT,
}


def body_colour(kind: DistrictType, liberated: bool) -> RGB:
    """Tile background: a mid tint on the repressed side, nearly white once liberated.

    State tiles are white in print, so their repressed side is a cool grey to leave room for a
    lighter liberated side.
    """
    if kind is DistrictType.STATE:
        return STATE_WHITE if liberated else (214, 218, 228)
    if kind is DistrictType.HIGHWAY:
        return HIGHWAY_ASPHALT
    return tint(TYPE_COLOUR[kind], 0.86 if liberated else 0.5)


def band_colour(kind: DistrictType, liberated: bool) -> RGB:
    """The name band keeps the full type colour on both sides, so the type reads at a glance."""
    if kind is DistrictType.STATE:
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
    return FACTION_COLOUR.get(faction, (200, 200, 200))


def faction_letter(faction: str) -> str:
    """The faction's one-letter cue; unknown ids (edited content) fall back to their initial."""
    return FACTION_LETTER.get(faction, faction[:1].upper())


def occupation_short(name: str, is_start: bool) -> str:
    """A one-word label for an occupation token, short enough to sit inside a tile.

    The first word tells the designs apart ("Molotov", "Hacker"), except when it is a
    possessive ("People's Kitchen", "Scavenger's Hideout") where the last word does.
    """
    if is_start:
        return "Start"
    words = name.split()
    first = words[0]
    if first.endswith(("'s", "s'")) and len(words) > 1:
        return words[-1]
    return first


def circle_label(kind: DistrictType) -> str:
    """What an occupation circle says: the letter of the only faction that may build there, or
    "any" on State and Public districts, where every faction may."""
    for faction, letter in FACTION_LETTER.items():
        if kind.value.lower() == faction:
            return letter
    return "any"
