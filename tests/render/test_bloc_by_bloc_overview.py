"""Bloc by Bloc's phone overview: what a player reads of the city at 400 px wide."""

from __future__ import annotations

import pytest
from PIL import ImageChops

import render
from engine.games.bloc_by_bloc import GAME as BLOC
from engine.games.bloc_by_bloc.view import BlocView
from render import bloc_by_bloc, focus
from render.bloc_by_bloc import BOARD_BOX, city_map, closeup
from render.bloc_by_bloc.geometry import tile_box
from render.bloc_by_bloc.look import faction_colour
from render.bloc_by_bloc.overview import overview_image, police_text, region
from render.canvas import Canvas
from render.focus import MAX_WIDTH
from tests.bench.render import SUBJECTS, play
from tests.render.phone import assert_a_phone_picture, assert_readable_on_a_phone, decode, measure
from tests.render.test_layers import bloc_view, busy_city, over


def busiest() -> BlocView:
    subject = SUBJECTS[BLOC.id]
    state, _ = play(subject)
    view = subject.game.view(state, None)
    assert isinstance(view, BlocView)
    return view


VIEWS = {
    "busiest": busiest,
    "busy city": lambda: bloc_view(busy_city()),
    "over": lambda: bloc_view(over(busy_city())),
    "set-up": lambda: bloc_view(BLOC.setup(BLOC.make_options(3), seed=5)),
}


@pytest.mark.parametrize("build", list(VIEWS.values()), ids=list(VIEWS))
def test_every_text_of_the_overview_is_at_least_9_px_on_a_400_px_phone(build, monkeypatch):
    view = build()
    names = ["ana", "José Fernández-Castellanos", None, "dee"]
    drawn = measure(lambda: overview_image(view, names), monkeypatch)
    assert drawn.width <= MAX_WIDTH
    assert_readable_on_a_phone(drawn)


@pytest.mark.parametrize("build", list(VIEWS.values()), ids=list(VIEWS))
def test_the_overview_is_a_phone_picture_at_most_one_and_a_half_times_as_tall_as_wide(build):
    assert_a_phone_picture(render.overview_png(BLOC.id, build(), ["ana", None, "cy", "dee"]))


def test_the_full_board_fails_the_phone_check_the_overview_passes(monkeypatch) -> None:
    view = bloc_view(busy_city())
    drawn = measure(lambda: bloc_by_bloc.draw(view), monkeypatch)
    assert drawn.smallest_on_a_phone() < 9


def test_the_region_is_where_the_faction_to_play_stands_or_what_the_last_step_changed() -> None:
    view = bloc_view(busy_city())
    faction = next(f.faction for f in view.factions if f.seat == view.current_seat)
    cells, ringed = region(view)
    assert cells and not ringed
    where = {(t.row, t.col): t for t in view.tiles}
    assert all(where[c].blocs.get(faction) or where[c].occupation for c in cells)
    before = view.model_copy(deep=True)
    tiles = list(before.tiles)
    far = max(tiles, key=lambda t: (t.row, t.col))
    moved = far.model_copy(update={"cops": far.cops + 3})
    changed = view.model_copy(update={"tiles": [moved if t is far else t for t in tiles]})
    assert region(changed, before) == ({(far.row, far.col)}, {(far.row, far.col)})


def test_the_overview_shows_the_counts_and_the_city_window_in_faction_colours() -> None:
    view = bloc_view(busy_city())
    image = decode(bloc_by_bloc.phone_overview(view, ["ana", None, None, None]))
    found = {c for _, c in image.getcolors(maxcolors=1 << 20) or []}
    for faction in view.factions:
        assert faction_colour(faction.faction) in found
    cops = sum(t.cops for t in view.tiles)
    assert police_text(view).startswith(f"Police: {cops} cops")
    assert "liberated" in police_text(view)


def test_the_overview_is_deterministic_and_found_under_the_game_id() -> None:
    view = bloc_view(busy_city())
    png = render.overview_png(BLOC.id, view)
    assert render.overview_png(BLOC.id, view.model_copy(deep=True)) == png
    assert render.overview_for(BLOC.id) is bloc_by_bloc.phone_overview
    assert render.overview_for("space_insurrection") is None
    assert render.overview_png("space_insurrection", view) is None


@pytest.mark.parametrize("build", list(VIEWS.values()), ids=list(VIEWS))
def test_the_window_is_the_whole_city_drawn_then_cut(build) -> None:
    """The window is drawn on a canvas of its own size; the pieces, barricades and rings drawn
    across its edges must come out as on the whole city, wherever the window lies."""
    view = build()
    rows = 1 + max(t.row for t in view.tiles)
    cols = 1 + max(t.col for t in view.tiles)
    for corner in [(0, 0), (rows - 1, cols - 1), (rows // 2, 0), (0, cols - 1)]:
        shown = focus.window({corner}, rows, cols, closeup.WINDOW)
        ringed = {corner}
        backdrop = bloc_by_bloc.city_backdrop(view)
        width = BOARD_BOX.x1 + city_map.MARGIN + 1
        whole = backdrop.crop((0, 0, width, backdrop.height)).convert("RGB")
        canvas = Canvas(whole.width, whole.height, image=whole)
        closeup.ring(canvas, tile_box(BOARD_BOX, corner))
        city_map.draw_city_pieces(canvas, BOARD_BOX, view)
        first, last = tile_box(BOARD_BOX, shown.top_left), tile_box(BOARD_BOX, shown.bottom_right)
        pad = closeup.PAD
        cut = canvas.image.crop((first.x0 - pad, first.y0 - pad, last.x1 + pad, last.y1 + pad))
        window = closeup.city_window(view, shown, ringed)
        assert window.size == cut.size
        assert ImageChops.difference(window, cut).getbbox() is None
