"""What a player sees in the Not On My Block board image, checked without pixel hashes.

Views come from real engine states: set-up, apartments placed through `GAME.apply`, and a
mid-game position built directly on top of that (luxury housing, a pushed apartment, protection).
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import render
from engine.games.not_on_my_block import GAME
from engine.games.not_on_my_block.actions import Place
from engine.games.not_on_my_block.state import NombState
from engine.games.not_on_my_block.view import NombView
from render.canvas import Box, slots
from render.not_on_my_block.look import RESIDENT, Layout, block_style, layout
from render.not_on_my_block.side import legend_items, status_lines

PLACEMENT = {
    "red": ["B2", "C4", "H9"],
    "blue": ["D3", "D4", "A6"],
    "yellow": ["G6", "F1", "I5"],
}


def placed_state() -> NombState:
    state = GAME.setup(GAME.make_options(4), seed=1)
    for i in range(3):
        for colour in ("red", "blue", "yellow"):
            state = GAME.apply(
                state, state.active, Place(colour=colour, block=PLACEMENT[colour][i])
            )
            state = state.state
    assert state.phase == "play"
    return state


def midgame_state() -> NombState:
    state = placed_state().model_copy(deep=True)
    state.luxury_housing = ["E4", "B4"]
    apartments = {a.id: a for a in state.apartments}
    apartments["blue-apt3"].at, apartments["blue-apt3"].status = None, "pushed"
    apartments["yellow-apt1"].status = "protected"  # G6
    state.reps.update({"red1": "B2", "blue1": "B2", "yellow1": "G6"})
    state.agents.update({"agent1": "C3", "agent2": "E2", "agent3": "E2", "agent4": "E2"})
    state.reps.update({"red2": "E2", "blue2": "E2", "yellow2": "E2"})
    state.active, state.dev_moves, state.rep_moves = 0, 6, {}
    return state


def view_of(state: NombState) -> NombView:
    view = GAME.view(state, None)
    assert isinstance(view, NombView)
    return view


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def geometry(view: NombView) -> Layout:
    return layout(view, status_lines(view), legend_items())


def block_box(view: NombView, at: str) -> Box:
    block = next(b for b in view.blocks if b.at == at)
    return geometry(view).block_box(block, view.height)


def near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 24) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


@pytest.fixture(scope="module")
def midgame() -> tuple[NombView, Image.Image]:
    view = view_of(midgame_state())
    return view, decode(render.board_png(GAME.id, view))


@pytest.mark.parametrize("build", [placed_state, midgame_state], ids=["placed", "midgame"])
def test_png_decodes_phone_sized_and_small(build) -> None:
    png = render.board_png(GAME.id, view_of(build()))
    assert png.startswith(b"\x89PNG")
    image = decode(png)
    assert 1200 <= image.width <= 1600
    assert image.width <= image.height <= 2600
    assert len(png) < 1_000_000


def test_setup_view_renders_with_every_piece_on_start() -> None:
    view = view_of(GAME.setup(GAME.make_options(2), seed=5))
    image = decode(render.board_png(GAME.id, view))
    box = block_box(view, view.start)
    crop = image.crop(box.below(30))
    colours = {c for _, c in crop.getcolors(maxcolors=1 << 16) or []}
    for rgb in RESIDENT.values():
        assert any(near(rgb, c) for c in colours), f"no {rgb} token on Start"


def test_luxury_housing_looks_different_from_an_empty_block(midgame) -> None:
    view, image = midgame
    assert image.getpixel(block_box(view, "E4").center) != image.getpixel(
        block_box(view, "A1").center
    )


def test_apartment_colour_appears_at_its_block(midgame) -> None:
    view, image = midgame
    for apartment in view.apartments:
        if apartment.status not in ("standing", "protected"):
            continue
        crop = image.crop(block_box(view, apartment.at))
        colours = [c for _, c in crop.getcolors(maxcolors=1 << 16) or []]
        assert any(near(RESIDENT[apartment.colour], c) for c in colours), apartment.at


def test_pushed_apartment_leaves_its_old_block(midgame) -> None:
    view, image = midgame
    crop = image.crop(block_box(view, "A6").below(30))  # blue-apt3 was placed here, then pushed
    colours = [c for _, c in crop.getcolors(maxcolors=1 << 16) or []]
    assert not any(near(RESIDENT["blue"], c, 12) for c in colours)


def test_permanent_protection_darkens_the_block_label_strip(midgame) -> None:
    view, image = midgame
    protected, standing = block_box(view, "G6"), block_box(view, "F1")
    x = protected.x0 + protected.width * 3 // 4
    assert sum(image.getpixel((x, protected.y0 + 6))) < 120
    assert sum(image.getpixel((standing.x0 + standing.width * 3 // 4, standing.y0 + 6))) > 450


def test_moves_left_changes_only_the_panel() -> None:
    state = midgame_state()
    other = state.model_copy(deep=True)
    other.dev_moves = 2
    a, b = view_of(state), view_of(other)
    assert a.model_dump(exclude={"developer_moves_left", "status"}) == b.model_dump(
        exclude={"developer_moves_left", "status"}
    )
    first, second = decode(render.board_png(GAME.id, a)), decode(render.board_png(GAME.id, b))
    geo = geometry(a)
    assert first.size == second.size
    # The palette is fixed per game, so an unchanged area keeps its exact pixels.
    board = ImageChops.difference(first.crop(geo.board), second.crop(geo.board))
    assert board.getbbox() is None
    panel = ImageChops.difference(first.crop(geo.status), second.crop(geo.status))
    assert max(high for _, high in panel.getextrema()) > 100


def test_rendering_is_deterministic(midgame) -> None:
    view, _ = midgame
    assert render.board_png(GAME.id, view) == render.board_png(GAME.id, view.model_copy(deep=True))


def test_risk_zone_style_follows_the_view() -> None:
    view = view_of(placed_state())
    risk = next(b for b in view.blocks if b.type == "risk")
    assert block_style(risk).label == "RISK"
    assert block_style(risk.model_copy(update={"gentrified": "luxury_housing"})).label == "LUXURY"


def test_stacked_pieces_get_separate_slots() -> None:
    area = Box(0, 0, 120, 100)
    boxes = slots(area, 6)
    assert len(boxes) == 6
    for i, a in enumerate(boxes):
        assert area.x0 <= a.x0 and a.x1 <= area.x1 and area.y0 <= a.y0 and a.y1 <= area.y1
        for b in boxes[i + 1 :]:
            assert a.x1 <= b.x0 or b.x1 <= a.x0 or a.y1 <= b.y0 or b.y1 <= a.y0


def test_unknown_game_is_a_clear_key_error() -> None:
    assert render.renderer_for(GAME.id) is not None
    with pytest.raises(KeyError, match="No board renderer for game 'nope'"):
        render.board_png("nope", view_of(placed_state()))
