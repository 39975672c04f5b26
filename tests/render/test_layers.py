"""The layered, cached drawing and the fixed-palette encoding behind both boards.

Boards are drawn from cached layers (a city or printed board drawn once per layout, tile faces,
the key, pieces drawn once per look) and encoded against a fixed palette. These tests pin what
that must never cost: the same pixels as drawing in one pass, the same bytes whatever was drawn
before or in which process, flat colours kept exactly, and renderers that read the view only.
"""

from __future__ import annotations

import ast
import io
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from PIL import Image, ImageChops

import render
from engine import Outcome, Termination
from engine.games.bloc_by_bloc import GAME as BLOC
from engine.games.bloc_by_bloc.board import board_of
from engine.games.bloc_by_bloc.content.basics import DistrictType
from engine.games.bloc_by_bloc.state import BlocState, Occupation
from engine.games.bloc_by_bloc.view import BlocView
from engine.games.not_on_my_block import GAME as NOMB
from render import bloc_by_bloc, not_on_my_block
from render.bloc_by_bloc import BOARD_BOX, city_map, glyphs, look
from render.bloc_by_bloc.geometry import tile_box
from render.bloc_by_bloc.look import BOARD_FILL, HIGHWAY, TYPE_COLOUR
from render.canvas import Canvas, encode, map_to_palette
from render.palette import build_palette
from tests.engine.toy_words import words
from tests.render.test_not_on_my_block_render import midgame_state, placed_state

RENDER = Path(render.__file__).parent


def busy_city() -> BlocState:
    """A 4-player city with liberated, looted and occupied districts, barricades on streets and
    highways, blocs, cops and damaged vans: every layer of the board has something to show."""
    state = BLOC.setup(BLOC.make_options(4, beginner=True, city="beginner"), seed=11)
    board = board_of(state.city)
    for kind in (DistrictType.NEIGHBORS, DistrictType.STUDENTS, DistrictType.PUBLIC):
        state.city.liberate(board.pos[board.of_type(kind)[0]])
    tiles = [cell.tile for row in state.city.rows for cell in row]
    for i, tile in enumerate(tiles[:12]):
        state.loot_marks[tile] = [i % 3, (i + 1) % 3]
    state.occupations[tiles[3]] = Occupation(seat=1, occ="assembly-hall")
    for seat in range(4):
        state.blocs[seat][tiles[5 + seat]] = seat + 2
        state.blocs[seat][tiles[12]] = 1
    state.vans[tiles[7]], state.vans[tiles[8]], state.cops[tiles[8]] = 1, 2, 5
    for conn in board.connections[:12]:
        state.barricades[conn.key] = 1 + len(conn.key) % 3
    return state


def bloc_view(state: BlocState) -> BlocView:
    view = BLOC.view(state, None)
    assert isinstance(view, BlocView)
    return view


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def rgb_pixels(image: Image.Image) -> list[tuple[int, ...]]:
    data = iter(image.tobytes())
    return list(zip(data, data, data, strict=True))


def single_pass_city(view: BlocView) -> Image.Image:
    """The city drawn the plain way, every layer in order on one canvas, with no cache: the
    ground, mapped to the board's palette as the board keeps it, then barricades and pieces."""
    canvas = Canvas(bloc_by_bloc.WIDTH, BOARD_BOX.y1 + city_map.MARGIN + 1)
    canvas.draw.rounded_rectangle(BOARD_BOX, radius=16, fill=BOARD_FILL)
    plan = city_map.CityPlan.of(view)
    grid = city_map.Grid.of(plan, BOARD_BOX)
    streets = city_map._streets(grid, plan.streets)
    for street in streets:
        city_map._draw_street(canvas, street)
    for tile in view.tiles:
        box = tile_box(BOARD_BOX, (tile.row, tile.col))
        if tile.type == HIGHWAY:
            city_map._highway_tile(canvas, box)
            continue
        face = city_map.TileFace.of(tile)
        city_map._district_tile(canvas, box, face)
        if face.circle:
            body = city_map._body(box)
            circle = (body.x0, body.y0, body.x0 + 44, body.y0 + 44)
            glyphs.occupation_circle(canvas, city_map.Box(*circle), tile.type)
    city_map._highways(canvas, grid)
    ground = map_to_palette(canvas.image, bloc_by_bloc.board_palette()).convert("RGB")
    canvas = Canvas(ground.width, ground.height, image=ground)
    for conn in view.connections:
        if conn.kind == "highway" and conn.barricades:
            arc, t = city_map._barricade_spot(grid, conn)
            glyphs._barricades(canvas, arc.at(t), arc.tangent(t), conn.barricades)
    counts = {frozenset((c.a, c.b)): c.barricades for c in view.connections}
    for street in streets:
        if street.pair is not None and counts.get(street.pair):
            mid = ((street.start[0] + street.end[0]) / 2, (street.start[1] + street.end[1]) / 2)
            glyphs._barricades(canvas, mid, street.along, counts[street.pair])
    order = [f.faction for f in view.factions]
    for tile in view.tiles:
        if tile.type != HIGHWAY:
            city_map._pieces(canvas, tile_box(BOARD_BOX, (tile.row, tile.col)), tile, order)
    return canvas.image.crop(BOARD_BOX.inset(-city_map.MARGIN))


def test_cached_layers_draw_the_same_city_as_one_pass() -> None:
    view = bloc_view(busy_city())
    assert any(t.liberated for t in view.tiles) and any(c.barricades for c in view.connections)
    layered = bloc_by_bloc.draw(view).image.crop(BOARD_BOX.inset(-city_map.MARGIN))
    assert ImageChops.difference(layered, single_pass_city(view)).getbbox() is None


def over(state: BlocState) -> BlocState:
    state.phase = "over"
    state.outcome = Outcome(
        termination=Termination.TIME_LIMIT, winners=[], msg=words("Time runs out.")
    )
    return state


@pytest.mark.parametrize(
    "make",
    [
        lambda: (BLOC.id, bloc_view(busy_city())),
        lambda: (BLOC.id, bloc_view(BLOC.setup(BLOC.make_options(3), seed=5))),
        lambda: (BLOC.id, bloc_view(over(busy_city()))),
        lambda: (NOMB.id, NOMB.view(midgame_state(), None)),
        lambda: (NOMB.id, NOMB.view(placed_state(), None)),
        lambda: (NOMB.id, NOMB.view(NOMB.setup(NOMB.make_options(2), seed=5), None)),
    ],
    ids=["bloc-busy", "bloc-setup", "bloc-over", "nomb-midgame", "nomb-placed", "nomb-setup"],
)
def test_mapping_only_what_was_drawn_gives_the_same_board_as_mapping_everything(make) -> None:
    """Cached layers are laid already mapped to the palette and only the areas drawn on are
    mapped per move; anything drawn outside those areas would be lost, and this would fail.

    Not On My Block draws on its layers' RGB, so the bytes are the same. Bloc by Bloc's city is
    kept only mapped and drawn on as its RGB copy, whose colours are all in the palette; mapping
    that whole image again moves a few hundred of them to a neighbour a shade away (the
    mapping's nearest-colour cache works on boxes of colours, not exact ones), where the
    mapped twin keeps them exact. Any stroke lost would differ by far more."""
    game_id, view = make()
    module = render.renderer_for(game_id).__module__
    renderer = bloc_by_bloc if module == bloc_by_bloc.__name__ else not_on_my_block
    whole = encode(renderer.draw(view).image, renderer.board_palette())  # type: ignore[attr-defined]
    drawn = render.board_png(game_id, view)
    if renderer is not_on_my_block:
        assert drawn == whole
        return
    shift = ImageChops.difference(decode(drawn), decode(whole))
    assert max(high for _, high in shift.getextrema()) <= 12


def test_a_render_does_not_depend_on_what_was_drawn_before() -> None:
    busy, plain = bloc_view(busy_city()), bloc_view(BLOC.setup(BLOC.make_options(3), seed=5))
    first = render.board_png(BLOC.id, busy)
    render.board_png(BLOC.id, plain)
    assert render.board_png(BLOC.id, busy) == first
    city_map._layers.cache_clear()
    city_map._face.cache_clear()
    bloc_by_bloc._backdrop.cache_clear()
    bloc_by_bloc._key.cache_clear()
    assert render.board_png(BLOC.id, busy) == first


def test_caches_are_bounded() -> None:
    for cached in (city_map._layers, city_map._face, bloc_by_bloc._backdrop):
        assert cached.cache_info().maxsize is not None
        assert cached.cache_info().maxsize <= 64
    assert not_on_my_block.board.printed_board.cache_info().maxsize is not None


def _render_in_worker(game_id: str, view: object) -> bytes:
    return render.board_png(game_id, view)  # type: ignore[arg-type]


def test_worker_processes_draw_the_same_bytes() -> None:
    """The bot draws in a pool of spawned processes, each with its own caches."""
    bloc, nomb = bloc_view(busy_city()), NOMB.view(midgame_state(), None)
    jobs = [(BLOC.id, bloc), (NOMB.id, nomb)]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        drawn = list(pool.map(_render_in_worker, *zip(*jobs, strict=True)))
    assert drawn == [render.board_png(game, view) for game, view in jobs]


@pytest.mark.parametrize("game", ["bloc", "nomb"])
def test_flat_colours_survive_the_fixed_palette(game: str) -> None:
    """Every pixel of a flat colour comes back exactly; the rest (anti-aliased edges) come
    back within a few shades."""
    if game == "bloc":
        module, view, flat = bloc_by_bloc, bloc_view(busy_city()), set(look.FLAT)
    else:
        module, view = not_on_my_block, NOMB.view(midgame_state(), None)
        flat = set(not_on_my_block.look.FLAT)
    drawn = module.draw(view).image  # type: ignore[attr-defined]
    encoded = decode(module.render(view))  # type: ignore[attr-defined]
    pixels, back = rgb_pixels(drawn), rgb_pixels(encoded)
    same = sum(1 for a, b in zip(pixels, back, strict=True) if a == b)
    assert all(a == b for a, b in zip(pixels, back, strict=True) if a in flat)
    assert same / len(pixels) > 0.95
    worst = max(high for _, high in ImageChops.difference(drawn, encoded).getextrema())
    assert worst <= 64


def test_every_flat_colour_of_each_game_is_in_its_palette() -> None:
    assert set(TYPE_COLOUR.values()) <= set(bloc_by_bloc.PALETTE)
    assert {s.fill for s in not_on_my_block.look.STYLES.values()} <= set(
        not_on_my_block.look.PALETTE
    )


def test_a_palette_refuses_flat_colours_it_cannot_keep_apart() -> None:
    with pytest.raises(ValueError, match="too close"):
        build_palette([(255, 255, 255), (253, 253, 253)], [])
    kept = build_palette([(250, 248, 244), (20, 20, 24)], [((20, 20, 24), (250, 248, 244))], 7)
    assert kept[:2] == ((250, 248, 244), (20, 20, 24))
    with pytest.raises(ValueError, match="256"):
        build_palette([(i, i, i) for i in range(0, 256, 4)], [((0, 0, 0), (255, 0, 0))] * 1, 250)


def _engine_imports(path: Path) -> list[str]:
    """Module-level imports of the engine, except those only type checkers see."""
    found = []
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine"):
            found.append(node.module or "")
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.startswith("engine")]
    return found


WORDS = {"engine.messages"}
"""The one engine module a renderer may use: it says the view's messages in the table's language."""


def test_renderers_read_the_view_only() -> None:
    """No engine rules or content loaders in `render/`: the view carries everything drawn."""
    offenders = {
        str(path.relative_to(RENDER)): imports
        for path in sorted(RENDER.rglob("*.py"))
        if (imports := [name for name in _engine_imports(path) if name not in WORDS])
    }
    assert offenders == {}


def test_renderers_are_registered_under_the_engine_ids() -> None:
    assert BLOC.id == bloc_by_bloc.GAME_ID
    assert NOMB.id == not_on_my_block.GAME_ID
    assert {t.value for t in DistrictType} == set(TYPE_COLOUR)


def test_a_city_keeps_only_its_latest_backdrop() -> None:
    """A city's faces only move on (districts liberated, looted, occupied), so a busy game's
    older backdrops are dropped instead of pushing out the cities of the other games the same
    worker draws: those are not drawn again."""
    bloc_by_bloc._backdrop.cache_clear()
    quiet = bloc_view(BLOC.setup(BLOC.make_options(3), seed=5))
    kept = bloc_by_bloc.city_backdrop(quiet)
    busy = bloc_view(busy_city())
    plan, faces = city_map.CityPlan.of(busy), city_map.city_faces(busy)
    districts = [n for n, face in enumerate(faces) if face is not None and not face.liberated]
    for liberated in range(bloc_by_bloc.BACKDROPS_CACHED + 2):
        moved_on = list(faces)
        for n in districts[:liberated]:
            face = moved_on[n]
            assert face is not None
            moved_on[n] = face._replace(liberated=True)
        bloc_by_bloc._backdrop(bloc_by_bloc.Backdrop(plan, tuple(moved_on), False))
    assert bloc_by_bloc.city_backdrop(quiet) is kept


@pytest.mark.parametrize(("players", "seed"), [(4, 3), (3, 8)])
def test_a_backdrop_redrawn_where_districts_changed_is_the_backdrop_drawn_whole(
    players, seed
) -> None:
    """A city's next backdrop draws only the districts whose faces changed (liberated,
    occupied, in another language) over the last one: it must be, byte for byte, the backdrop
    drawn whole, at every change random legal moves make in games of several cities, and when
    the game ends."""
    rng = random.Random(seed)
    state = BLOC.setup(BLOC.make_options(players), seed=seed)
    keys: list[bloc_by_bloc.Backdrop] = []
    for _ in range(600):
        view = bloc_view(state)
        key = bloc_by_bloc.Backdrop(city_map.CityPlan.of(view), city_map.city_faces(view), False)
        if not keys or key != keys[-1]:
            keys.append(key)
        seat = rng.choice(sorted(BLOC.prompts(state)))
        state = BLOC.apply(state, seat, rng.choice(BLOC.legal_actions(state, seat))).state
        if BLOC.outcome(state) is not None:
            seed += 1000
            state = BLOC.setup(BLOC.make_options(players), seed=seed)
    spanish = tuple(None if f is None else f._replace(language="es") for f in keys[-1].faces)
    keys += [keys[-1]._replace(faces=spanish), keys[-1]._replace(faces=spanish, over=True)]
    assert len(keys) > 12, "the games changed too few districts to say anything"
    bloc_by_bloc._backdrop.cache_clear()
    for key in keys:
        redrawn = bloc_by_bloc._backdrop(key).whole()
        whole = bloc_by_bloc._draw_backdrop(key).whole()
        assert redrawn.tobytes() == whole.tobytes(), key
    assert bloc_by_bloc._backdrop.cache_info().misses == len(keys)


def test_a_worker_home_to_a_dozen_cities_draws_none_of_them_again() -> None:
    """At 50 busy channels a drawing worker is home to a dozen Bloc by Bloc games, asked for
    in turn: each game's next picture reuses its city's ground, and its street geometry, instead
    of drawing the city anew (some 70 ms a picture)."""
    cities = [bloc_view(BLOC.setup(BLOC.make_options(4), seed=seed)) for seed in range(12)]
    for cached in (bloc_by_bloc._backdrop, city_map._layers, city_map._city_streets):
        cached.cache_clear()
    for view in cities:
        render.board_png(BLOC.id, view)
        render.overview_png(BLOC.id, view)
    drawn = city_map._layers.cache_info().misses
    grounds = bloc_by_bloc._backdrop.cache_info().misses
    for view in cities:
        render.board_png(BLOC.id, view)
        render.overview_png(BLOC.id, view)
    assert city_map._layers.cache_info().misses == drawn
    assert bloc_by_bloc._backdrop.cache_info().misses == grounds
