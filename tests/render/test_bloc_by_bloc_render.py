"""What a player sees in the Bloc by Bloc board image, checked without pixel hashes.

Views come from real engine states: `GAME.setup` for the beginner and a random city, and
positions built directly on a set-up state (blocs, liberation, barricades, hands) for what set-up
alone never shows.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import render
from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.state import BlocState, Die, Occupation
from engine.games.bloc_by_bloc.view import BlocView
from render.bloc_by_bloc import BOARD_BOX, GAME_ID, draw
from render.bloc_by_bloc import render as render_png
from render.bloc_by_bloc.geometry import edge_mid, tile_box
from render.bloc_by_bloc.look import BAND, FOOT, faction_colour
from render.canvas import Box


def beginner() -> BlocState:
    return GAME.setup(GAME.make_options(4, beginner=True, city="beginner"), seed=11)


def random_city() -> BlocState:
    return GAME.setup(GAME.make_options(3, mode="semi_cooperative"), seed=5)


def view_of(state: BlocState) -> BlocView:
    view = GAME.view(state, None)
    assert isinstance(view, BlocView)
    return view


def png_of(state: BlocState) -> bytes:
    return render.board_png(GAME_ID, view_of(state))


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def empty_district(state: BlocState, kind: DistrictType) -> str:
    """A district of `kind` with no pieces on it, so its tile centre shows the tile itself."""
    board = board_of(state.city)
    for tile in board.of_type(kind):
        if not state.police_in(tile) and not state.blocs_in(tile) and tile not in state.occupations:
            return tile
    raise AssertionError(f"no empty {kind} district")


def body_box(state: BlocState, tile: str) -> Box:
    """The part of a tile between its name band and its foot strip, where pieces stand."""
    box = tile_box(BOARD_BOX, board_of(state.city).pos[tile])
    return Box(box.x0 + 4, box.y0 + BAND + 4, box.x1 - 4, box.y1 - FOOT - 4)


def count_colour(image: Image.Image, box: Box, colour: tuple[int, int, int]) -> int:
    colours = image.crop(box).getcolors(maxcolors=box.width * box.height) or []
    return sum(n for n, c in colours if c == colour)


@pytest.mark.parametrize("make", [beginner, random_city], ids=["beginner", "random"])
def test_png_decodes_at_phone_friendly_size(make) -> None:
    png = png_of(make())
    image = decode(png)
    assert png.startswith(b"\x89PNG")
    assert 1600 <= image.width <= 2000
    assert image.height >= 1400
    assert len(png) < 1_000_000


def test_registered_under_the_engine_game_id() -> None:
    assert render.renderer_for(GAME.id) is render_png


def test_same_view_gives_the_same_bytes() -> None:
    assert png_of(beginner()) == png_of(beginner())


def test_a_liberated_district_looks_different_at_its_centre() -> None:
    state = beginner()
    tile = empty_district(state, DistrictType.NEIGHBORS)
    pos = board_of(state.city).pos[tile]
    centre = tile_box(BOARD_BOX, pos).center
    before = draw(view_of(state)).image.getpixel(centre)
    state.city.liberate(pos)
    after = draw(view_of(state)).image.getpixel(centre)
    assert before != after
    assert sum(after) > sum(before), "the liberated side is the lighter one"


def test_a_liberated_district_shows_its_lower_difficulty() -> None:
    state = beginner()
    tile = empty_district(state, DistrictType.STUDENTS)
    pos = board_of(state.city).pos[tile]
    repressed = view_of(state)
    state.city.liberate(pos)
    liberated = view_of(state)
    tile_view = next(t for t in liberated.tiles if t.tile == tile)
    old_view = next(t for t in repressed.tiles if t.tile == tile)
    assert tile_view.difficulty == old_view.difficulty - 1
    foot = tile_box(BOARD_BOX, pos)
    foot = Box(foot.x0, foot.y1 - FOOT, foot.x1, foot.y1)
    diff = ImageChops.difference(draw(repressed).image.crop(foot), draw(liberated).image.crop(foot))
    assert diff.getbbox() is not None


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_blocs_show_their_faction_colour_in_the_district(seat: int) -> None:
    state = beginner()
    tile = empty_district(state, DistrictType.PUBLIC)
    colour = faction_colour(state.factions[seat])
    box = body_box(state, tile)
    assert count_colour(draw(view_of(state)).image, box, colour) == 0
    state.blocs[seat][tile] = 3
    assert count_colour(draw(view_of(state)).image, box, colour) > 500


def test_four_factions_stacked_in_a_clash_all_show() -> None:
    """A State district at set-up holds a van and 3 riot cops; add blocs of every faction."""
    state = beginner()
    tile = board_of(state.city).of_type(DistrictType.STATE)[0]
    assert state.police_in(tile)
    for seat in range(4):
        state.blocs[seat][tile] = seat + 1
    image = draw(view_of(state)).image
    box = body_box(state, tile)
    for faction in state.factions:
        assert count_colour(image, box, faction_colour(faction)) > 300, faction


@pytest.mark.parametrize("kind", ["street", "highway"])
def test_barricades_change_the_pixels_on_their_connection(kind: str) -> None:
    state = beginner()
    board = board_of(state.city)
    conn = next(c for c in board.connections if c.kind == kind)
    if kind == "street":
        a, b = tile_box(BOARD_BOX, conn.a), tile_box(BOARD_BOX, conn.b)
        side = "E" if conn.a[0] == conn.b[0] else "S"
        x, y = edge_mid(a, side)  # type: ignore[arg-type]
        other = edge_mid(b, "W" if side == "E" else "N")
        x, y = (x + other[0]) / 2, (y + other[1]) / 2
        spot = Box(int(x) - 30, int(y) - 30, int(x) + 30, int(y) + 30)
    else:
        spot = tile_box(BOARD_BOX, conn.via[len(conn.via) // 2])
    crops = []
    for count in (0, 1, 3):
        state.barricades[conn.key] = count
        crops.append(draw(view_of(state)).image.crop(spot))
    assert ImageChops.difference(crops[0], crops[1]).getbbox() is not None
    assert ImageChops.difference(crops[1], crops[2]).getbbox() is not None


def test_loot_card_names_never_reach_the_image() -> None:
    """Two tables that differ only in which loot cards each hand holds draw the same image,
    even when the renderer is handed a seat's own view by mistake."""
    first = beginner()
    second = beginner()
    names = sorted(set(first.loot_deck))
    for seat, hand in enumerate(second.hands):
        second.hands[seat] = [names[(names.index(card) + 1) % len(names)] for card in hand]
    assert first.hands != second.hands
    assert png_of(first) == png_of(second)
    assert render.board_png(GAME_ID, GAME.view(first, 0)) == png_of(first)


def test_dice_and_police_changes_show_in_the_side_panels() -> None:
    state = beginner()
    state.phase = "turn"
    plain = draw(view_of(state)).image
    state.dice = [Die(value=6), Die(value=2, used=True)]
    state.staging_cops -= 3
    panels = Box(BOARD_BOX.x1, BOARD_BOX.y0, plain.width, BOARD_BOX.y1)
    changed = draw(view_of(state)).image
    assert ImageChops.difference(plain.crop(panels), changed.crop(panels)).getbbox() is not None


def test_an_occupation_draws_in_its_faction_colour() -> None:
    state = beginner()
    seat = 1
    tile = empty_district(state, DistrictType.PUBLIC)
    state.occupations[tile] = Occupation(seat=seat, occ="assembly-hall")
    image = draw(view_of(state)).image
    assert count_colour(image, body_box(state, tile), faction_colour(state.factions[seat])) > 200


def test_the_board_draws_its_own_words_in_the_readers_language() -> None:
    """The key, the panels and the tiles' words are Spanish on a Spanish board, and drawing one
    in Spanish leaves the English board (its cached key and tiles) as it was."""
    from render.bloc_by_bloc.legend import legend_items
    from render.bloc_by_bloc.side import turn_lines
    from render.bloc_by_bloc.words import drawing_in

    state = random_city()
    view = view_of(state)
    english = render_png(view)
    spanish = render_png(view, language="es")
    assert spanish != english
    assert render_png(view) == english
    with drawing_in("es"):
        words = [item.label for item in legend_items()] + [line.text for line in turn_lines(view)]
    assert "Leyenda" not in words and "Furgón policial" in words
    assert any(text.startswith("Noche 1 · ") for text in words)
