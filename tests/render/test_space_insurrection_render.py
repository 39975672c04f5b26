"""What a player sees in the Space Insurrection board image, checked without pixel hashes.

The engine game is not registered yet, so views are built directly with the view models: a
mid-game position (loyal worlds, a bombarded world, an uprising, blockades, wounded, disrupted
and spied units, a world being resolved) and a crowded one (fifteen units of five seats on one
world).
"""

from __future__ import annotations

import functools
import io

import pytest
from PIL import Image, ImageChops

import render
from engine.games.space_insurrection.view import SeatView, SpaceView, UnitView, WorldView
from engine.messages import m
from render import space_insurrection
from render.canvas import Box, encode
from render.focus import MAX_WIDTH
from render.space_insurrection import look
from render.space_insurrection.board import card_layout, world_layout
from render.space_insurrection.closeup import changed_worlds
from render.space_insurrection.look import (
    BAND,
    CALLOUT,
    CARD_W,
    HALO,
    SEAT_COLOURS,
    WIDTH,
    seat_styles,
)
from render.space_insurrection.side import headline, key_sections
from tests.bench.render import SUBJECTS, play
from tests.render.phone import assert_readable_on_a_phone, measure

GAME_ID = "space_insurrection"
WORLDS = [
    "Aldebar", "Borealis", "Cassiopia", "Draconis", "Eridani",
    "Fomalhaut", "Gemma", "Helion", "Jungla", "Kryos",
]  # fmt: skip
SEATS = ["red", "blue", "yellow", "green", "purple"]
TYPES = {
    "assassin": "ep",
    "security": "pp",
    "star_cruiser": "m",
    "troops": "m",
    "diplomat": "pp",
    "agent": "ep",
    "governor": "pp",
    "rebels": "m",
    "base": "mi",
    "ion_gun": "mi",
}


def unit(kind: str, number: int, owner: int, **flags: bool) -> UnitView:
    group = TYPES[kind]
    return UnitView(
        id=f"{kind}-{number}",
        name=m("space.chit", type=m(f"space.type.{kind}"), number=number),
        letter=m(f"space.abbr.{kind}"),
        kind=group,
        owner=owner,
        wounded=flags.get("wounded", False),
        disrupted=flags.get("disrupted", False),
        blockading=flags.get("blockading", False),
        spied=flags.get("spied", False),
    )


def world(index: int, units: list[UnitView] | None = None, **fields: object) -> WorldView:
    name = WORLDS[index]
    values: dict[str, object] = {
        "loyal": None,
        "uprising": False,
        "disrupted": False,
        "resolving": False,
    }
    values.update(fields)
    return WorldView(
        id=name.lower(), name=m(f"space.world.{name.lower()}"), units=units or [], **values
    )  # type: ignore[arg-type]


def seat(colour: str, **counts: object) -> SeatView:
    values: dict[str, object] = {"reserve": 0, "loyal": 0, "units": 0, "submitted": None}
    values.update(counts)
    return SeatView(
        colour=colour,
        name=m(f"space.colour.{colour}"),
        initial=m(f"space.colour.{colour}.initial"),
        **values,  # type: ignore[arg-type]
    )


def space_view(
    worlds: list[WorldView], players: int, phase: str = "action", **fields: object
) -> SpaceView:
    sheet = phase in ("blockade", "surveillance", "movement")
    seats = [
        seat(
            SEATS[s],
            reserve=3 + s,
            loyal=sum(1 for w in worlds if w.loyal == s),
            units=sum(1 for w in worlds for u in w.units if u.owner == s),
            submitted=(s % 2 == 0) if sheet else None,
        )
        for s in range(players)
    ]
    values: dict[str, object] = {
        "turn": 4,
        "last_turn": 15,
        "phase": phase,
        "phase_text": (
            m("space.phase.movement")
            if sheet
            else m("space.phase.action_at", world=m("space.world.cassiopia"))
        ),
        "first": 1,
        "acting": [1] if sheet else [2],
        "declared": {},
        "pile": 80,
        "outcome": None,
    }
    values.update(fields)
    return SpaceView(worlds=worlds, seats=seats, **values)  # type: ignore[arg-type]


def midgame(phase: str = "action") -> SpaceView:
    worlds = [world(i) for i in range(10)]
    worlds[0] = world(
        0,
        [
            unit("base", 1, 0),
            unit("troops", 1, 0),
            unit("governor", 1, 0),
            unit("star_cruiser", 4, 1, blockading=True),
        ],
        loyal=0,
    )
    worlds[1] = world(
        1,
        [unit("base", 2, 1), unit("agent", 3, 1, spied=True), unit("assassin", 2, 2, wounded=True)],
        loyal=1,
        disrupted=True,
    )
    worlds[2] = world(
        2,
        [unit("diplomat", 1, 0), unit("rebels", 3, 2)],
        uprising=True,
        resolving=phase == "action",
    )
    worlds[3] = world(3, [unit("base", 3, 2), unit("troops", 5, 2, disrupted=True)], loyal=2)
    return space_view(worlds, 3, phase)


def crowded() -> SpaceView:
    """Fifteen units of five seats on Jungla, and a sixth seat-less neighbour for contrast."""
    kinds = list(TYPES)
    units = [
        unit(kinds[(3 * s + k) % len(kinds)], 10 + 3 * s + k, s, disrupted=k == 1)
        for s in range(5)
        for k in range(3)
    ]
    worlds = [world(i) for i in range(10)]
    worlds[8] = world(8, units, loyal=4)
    return space_view(worlds, 5, "movement")


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def geometry(view: SpaceView) -> space_insurrection.Layout:
    return space_insurrection.layout(
        view, space_insurrection.status_lines(view), key_sections(view)
    )


def card_box(view: SpaceView, index: int) -> Box:
    geo = geometry(view)
    card = geo.map.cards[index]
    return Box(card.x0, geo.map_top + card.y0, card.x1, geo.map_top + card.y1)


def world_crop(view: SpaceView, image: Image.Image, index: int) -> Image.Image:
    return image.crop(card_box(view, index).inset(BAND + 2))


@functools.cache
def busiest() -> SpaceView:
    """The busiest board of the render benchmark's seeded 5-player game: replaying it takes a
    minute, so every test of the process shares the one view (none of them changes it)."""
    subject = SUBJECTS[GAME_ID]
    state, _ = play(subject)
    view = subject.game.view(state, None)
    assert isinstance(view, SpaceView)
    return view


def rgb_pixels(image: Image.Image) -> list[tuple[int, ...]]:
    data = iter(image.tobytes())
    return list(zip(data, data, data, strict=True))


def colours(image: Image.Image) -> set[tuple[int, int, int]]:
    return {c for _, c in image.getcolors(maxcolors=1 << 20) or []}


@pytest.mark.parametrize(
    "build", [midgame, crowded, busiest], ids=["midgame", "crowded", "busiest"]
)
def test_png_is_valid_and_at_most_one_and_a_half_times_as_tall_as_wide(build) -> None:
    view = build()
    png = render.board_png(GAME_ID, view)
    assert png.startswith(b"\x89PNG")
    image = decode(png)
    assert image.width == WIDTH
    assert image.height <= 1.5 * WIDTH
    assert len(png) < 300_000


def counted() -> SpaceView:
    """Twelve Security of one seat on a world (a two-digit fold), spied Troops beside them."""
    units = [unit("security", k, 0) for k in range(12)]
    units += [unit("troops", k, 0, spied=True) for k in range(10)]
    worlds = [world(i) for i in range(10)]
    worlds[4] = world(4, units, loyal=0, disrupted=True)
    return space_view(worlds, 3, "action")


@pytest.mark.parametrize(
    "build", [busiest, midgame, lambda: midgame("movement"), crowded, counted],
    ids=["busiest", "midgame", "movement", "crowded", "counted"],
)  # fmt: skip
def test_every_text_is_at_least_9_px_on_a_400_px_phone(build, monkeypatch) -> None:
    view = build()
    names = ["ana", "José Fernández-Castellanos", None, "b", "c"]
    drawn = measure(lambda: space_insurrection.draw(view, names), monkeypatch)
    assert drawn.width == WIDTH
    assert_readable_on_a_phone(drawn)


def test_a_two_digit_count_takes_two_places_instead_of_shrinking() -> None:
    laid = world_layout(counted().worlds[4])
    wide = [c for c in laid.chits if c.count >= 10]
    assert [(c.letter, c.count) for c in wide] == [("Se", 12), ("Tr", 10)]
    assert all(c.box.width == 2 * look.CHIT_W + look.CHIT_GAP for c in wide)
    assert all(c.box.x1 <= laid.body.x1 - look.INSIDE for c in laid.chits)


def test_rendering_is_deterministic() -> None:
    view = midgame()
    png = render.board_png(GAME_ID, view)
    render.board_png(GAME_ID, crowded())
    assert render.board_png(GAME_ID, view.model_copy(deep=True)) == png
    card_layout.cache_clear()
    assert render.board_png(GAME_ID, view) == png


def test_a_seats_hidden_reserve_and_orders_are_never_drawn() -> None:
    view = midgame("movement")
    private = view.model_copy(
        update={
            "me": 0,
            "reserve": [m("space.chit", type=m("space.type.assassin"), number=7)],
            "orders": "Move Star Cruiser #4 and Troops #1 to Jungla",
        }
    )
    assert render.board_png(GAME_ID, private) == render.board_png(GAME_ID, view)
    changed = private.model_copy(update={"worlds": [world(i) for i in range(10)]})
    assert render.focus_png(GAME_ID, view, changed) == render.focus_png(
        GAME_ID,
        view.model_copy(
            update={"me": 1, "reserve": [m("space.chit", type=m("space.type.troops"), number=2)]}
        ),
        changed,
    )


def test_a_crowded_world_draws_every_owner() -> None:
    view = crowded()
    assert len(view.worlds[8].units) >= 12
    image = decode(render.board_png(GAME_ID, view))
    found = colours(world_crop(view, image, 8))
    for colour in SEAT_COLOURS:
        assert colour in found, f"no chit of {colour} on the crowded world"


def many_units() -> list[UnitView]:
    """Forty units of five seats, a third of them wounded or disrupted, many of a kind."""
    kinds = list(TYPES)
    return [
        unit(kinds[k % 4], 100 + k, k % 5, wounded=k % 6 == 1, disrupted=k % 6 == 4)
        for k in range(40)
    ]


def test_a_crowded_world_grows_draws_every_damaged_unit_and_keeps_inside_its_card() -> None:
    units = many_units()
    view = crowded()
    worlds = list(view.worlds)
    worlds[8] = worlds[8].model_copy(update={"units": units, "uprising": True})
    view = view.model_copy(update={"worlds": worlds})
    laid = world_layout(view.worlds[8])
    damaged = [c for c in laid.chits if c.damage]
    assert len(damaged) == sum(1 for u in units if u.wounded or u.disrupted)
    assert all(c.count == 1 for c in damaged)
    assert sum(c.count for c in laid.chits) == len(units)
    assert {owner for _, owner in laid.badges} == {u.owner for u in units}
    body = laid.body
    boxes = [c.box for c in laid.chits] + [b for b, _ in laid.badges]
    for box in boxes:
        assert body.x0 < box.x0 and box.x1 < body.x1 and body.y0 < box.y0 and box.y1 < body.y1
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a.x1 <= b.x0 or b.x1 <= a.x0 or a.y1 <= b.y0 or b.y1 <= a.y0
    geo = geometry(view)
    card = geo.map.cards[8]
    assert card.width == CARD_W and card.height >= laid.height
    assert decode(render.board_png(GAME_ID, view)).width == WIDTH


def test_identical_units_fold_into_one_chit_with_their_count() -> None:
    units = [unit("security", k, 0) for k in range(3)] + [unit("security", 9, 0, wounded=True)]
    laid = world_layout(world(0, units))
    assert [(c.letter, c.count, c.damage) for c in laid.chits] == [("Se", 3, ""), ("Se", 1, "W")]


def test_loyalty_and_the_world_being_resolved_show() -> None:
    view = midgame()
    image = decode(render.board_png(GAME_ID, view))
    assert look.loyal_fill(SEAT_COLOURS[0]) in colours(world_crop(view, image, 0))
    assert look.NEUTRAL in colours(world_crop(view, image, 4))
    resolving = card_box(view, 2)
    assert image.getpixel((resolving.x0 + BAND // 2, resolving.center[1])) == HALO
    plain = card_box(view, 4)
    assert image.getpixel((plain.x0 + BAND // 2, plain.center[1])) != HALO


def test_the_seat_asked_to_act_is_highlighted() -> None:
    view = midgame()
    geo = geometry(view)
    acting = decode(render.board_png(GAME_ID, view)).crop(geo.table)
    nobody = decode(render.board_png(GAME_ID, view.model_copy(update={"acting": []})))
    assert CALLOUT in colours(acting)
    assert CALLOUT not in colours(nobody.crop(geo.table))


def test_seats_are_told_apart_by_initial_and_shape() -> None:
    styles = seat_styles(crowded())
    assert len({s.initial for s in styles}) == 5
    assert len({s.shape for s in styles}) == 5
    assert len({s.colour for s in styles}) == 5
    clash = seat_styles(space_view([world(i) for i in range(10)], 2).model_copy(
        update={"seats": [seat("red"), seat("red")]}
    ))  # fmt: skip
    assert [s.initial for s in clash] == ["1", "2"]
    assert len({s.colour for s in clash}) == 2


def test_players_names_and_the_outcome_are_drawn() -> None:
    view = midgame()
    plain = render.board_png(GAME_ID, view)
    assert render.board_png(GAME_ID, view, ["ana", "José", None]) != plain
    over = view.model_copy(update={"outcome": m("space.end.every", seats=["Red"]), "acting": []})
    assert headline(over) == "Game over. Every world is loyal to Red."
    assert decode(render.board_png(GAME_ID, over)).getpixel((4, 4)) == look.HEADER_OVER


def test_mapping_only_what_was_drawn_gives_the_same_bytes_as_mapping_everything() -> None:
    for view in (midgame(), crowded(), space_view([world(i) for i in range(10)], 2)):
        whole = encode(space_insurrection.draw(view).image, look.board_palette())
        assert render.board_png(GAME_ID, view) == whole


def test_flat_colours_survive_the_fixed_palette() -> None:
    view = midgame()
    drawn = space_insurrection.draw(view).image
    back = decode(render.board_png(GAME_ID, view))
    flat = set(look.FLAT)
    pixels, returned = rgb_pixels(drawn), rgb_pixels(back)
    assert all(a == b for a, b in zip(pixels, returned, strict=True) if a in flat)
    worst = max(high for _, high in ImageChops.difference(drawn, back).getextrema())
    assert worst <= 64


def test_focus_shows_the_worlds_a_move_changed() -> None:
    before = midgame("movement")
    worlds = list(before.worlds)
    moved = worlds[0].units[1]
    worlds[0] = worlds[0].model_copy(update={"units": [u for u in worlds[0].units if u != moved]})
    worlds[9] = worlds[9].model_copy(update={"units": [moved]})
    after = before.model_copy(update={"worlds": worlds})
    assert changed_worlds(before, after) == ["aldebar", "kryos"]
    png = render.focus_png(GAME_ID, before, after, ["ana", None, "cy"])
    assert png is not None and png.startswith(b"\x89PNG")
    image = decode(png)
    assert image.width <= MAX_WIDTH
    assert image.height <= 1000
    assert render.focus_png(GAME_ID, before, before.model_copy(deep=True)) is None


def test_focus_counts_a_world_starting_to_be_resolved_not_one_finishing() -> None:
    before = midgame()
    worlds = [w.model_copy(update={"resolving": w.id == "draconis"}) for w in before.worlds]
    after = before.model_copy(update={"worlds": worlds})
    assert changed_worlds(before, after) == ["draconis"]


def test_focus_of_a_sweeping_step_names_what_it_leaves_out() -> None:
    before = space_view([world(i) for i in range(10)], 2, "movement")
    after = crowded()
    worlds = [w.model_copy(update={"loyal": 0}) for w in after.worlds]
    after = after.model_copy(update={"worlds": worlds})
    png = render.focus_png(GAME_ID, before, after)
    assert png is not None
    assert decode(png).width <= MAX_WIDTH


def test_renderer_is_found_under_the_game_id() -> None:
    assert space_insurrection.GAME_ID == GAME_ID
    assert render.renderer_for(GAME_ID) is space_insurrection.render
    assert render.focus_for(GAME_ID) is space_insurrection.focus
    assert card_layout.cache_info().maxsize is not None
