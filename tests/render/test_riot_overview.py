"""RIOT's phone overview: what a player reads of the areas in play at 400 px wide, and that it
shows the channel's view only (no hand, no secret goal)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from PIL import ImageChops

import render
from engine.games.riot import GAME
from engine.games.riot.state import RiotState
from engine.games.riot.view import RiotView
from engine.messages import m, say
from engine.players import play_step, player_for
from engine.rng import Rng
from render import riot
from render.focus import MAX_WIDTH
from render.riot_overview import HQ, overview_image, region
from tests.render.phone import assert_a_phone_picture, assert_readable_on_a_phone, decode, measure

NAMES = ["ana", "José Fernández-Castellanos", "cy", None]
PICTURES = Path(__file__).parent / "pictures"


@cache
def _played(steps: int) -> tuple[RiotState, RiotState]:
    """A four-player game after `steps` steps of the built-in players, and the state before
    its last step."""
    state = GAME.setup(GAME.make_options(4), 5)
    movers = {s: player_for(GAME, s) for s in range(4)}
    rng = Rng.seeded(5)
    before = state
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            break
        before = state
        state = play_step(GAME, state, movers, rng)[1].state
    return state, before


def _view(steps: int) -> RiotView:
    return GAME.view(_played(steps)[0], None)


def _over() -> RiotView:
    view = _view(160)
    outcome = m("riot.outcome.points", winners=[view.seats[1].faction_name])
    return view.model_copy(update={"ended": "points", "winners": [1], "outcome": outcome})


VIEWS = {
    "set-up": lambda: _view(0),
    "placed": lambda: _view(12),
    "midgame": lambda: _view(160),
    "late": lambda: _view(400),
    "over": _over,
}


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("build", list(VIEWS.values()), ids=list(VIEWS))
def test_every_text_of_the_overview_is_at_least_9_px_on_a_400_px_phone(
    build: Callable[[], RiotView], language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = build()
    drawn = measure(lambda: overview_image(view, NAMES, None, language), monkeypatch)
    assert drawn.width <= MAX_WIDTH
    assert_readable_on_a_phone(drawn)


@pytest.mark.parametrize("build", list(VIEWS.values()), ids=list(VIEWS))
def test_the_full_board_fails_the_phone_check_the_overview_passes(
    build: Callable[[], RiotView], monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = measure(lambda: riot.draw(build(), NAMES), monkeypatch)
    assert drawn.smallest_on_a_phone() < 9


@pytest.mark.parametrize("build", list(VIEWS.values()), ids=list(VIEWS))
def test_the_overview_is_a_phone_picture_at_most_one_and_a_half_times_as_tall_as_wide(
    build: Callable[[], RiotView],
) -> None:
    assert_a_phone_picture(render.overview_png(GAME.id, build(), NAMES))


def test_the_region_is_what_the_last_step_changed_else_the_acting_factions_units() -> None:
    view = _view(160)
    faction = view.seats[view.acting or 0].faction
    areas, ringed = region(view)
    assert not ringed
    assert set(areas) == {
        HQ
        if u.at in ("hq", "hospital")
        else next(b.area for b in view.buildings if b.id == u.at)
        if u.at.startswith("b")
        else u.at[1:]
        for u in view.units
        if u.faction == faction and u.at not in ("supply", "new")
    }
    moved = [u.model_copy(update={"at": "e3"}) if u.at == "hq" else u for u in view.units]
    areas, ringed = region(view.model_copy(update={"units": moved}), view)
    assert areas == ["3", HQ] and ringed == {"3", HQ}


def test_the_overview_shows_the_areas_in_play_in_faction_colours_and_frames_a_change() -> None:
    view = _view(160)
    unit = next(u for u in view.units if u.at == "s1")
    moved = [u.model_copy(update={"at": "e1"}) if u is unit else u for u in view.units]
    before = view.model_copy(update={"units": moved})
    plain = decode(riot.phone_overview(view, NAMES))
    colours = {c for _, c in plain.getcolors(maxcolors=1 << 20) or []}
    assert riot.BLUE in colours
    assert riot.phone_overview(view, NAMES, before) != riot.phone_overview(view, NAMES)
    assert riot.phone_overview(view, NAMES) != riot.phone_overview(view, NAMES, language="es")


@pytest.mark.parametrize("steps", [12, 160, 410])
def test_the_overview_shows_nothing_a_seat_keeps_hidden(
    steps: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drawn from a seat's own view (its hand, the Nationalists' goal), the overview is the
    channel's picture all the same, and says none of the cards or the goal."""
    state = _played(steps)[0]
    channel = GAME.view(state, None)
    for seat in range(4):
        own = GAME.view(state, seat)
        assert riot.phone_overview(own, NAMES) == riot.phone_overview(channel, NAMES)
    nationalists = GAME.view(state, 3)
    hidden = [say(name) for seat in range(4) for name in GAME.view(state, seat).hand_names]
    assert nationalists.goal_text is not None and hidden
    hidden.append(say(nationalists.goal_text))
    drawn = measure(lambda: overview_image(nationalists, NAMES), monkeypatch)
    written = " ".join(text for text, _ in drawn.texts)
    assert not [secret for secret in hidden if secret in written]


@pytest.mark.parametrize("kept", ["riot-overview.png", "riot-board.png"])
def test_the_kept_pictures_are_what_the_board_and_overview_draw(kept: str) -> None:
    """Round 5 of the seeded game (the README shows the board): a change to either look, or
    to how the seeded game plays, shows here first (write the new picture over the kept one
    once it reads well at 400 px)."""
    state, before = _played(270)
    players = ["ana", "bo", "cy", "dee"]
    view = GAME.view(state, None)
    drawn = (
        render.overview_png(GAME.id, view, players, GAME.view(before, None))
        if kept == "riot-overview.png"
        else render.board_png(GAME.id, view, players)
    )
    assert drawn is not None
    image, kept_image = decode(drawn), decode((PICTURES / kept).read_bytes())
    assert image.size == kept_image.size
    assert ImageChops.difference(image, kept_image).getbbox() is None


def test_the_overview_is_deterministic_and_found_under_the_game_id() -> None:
    view = _view(160)
    png = render.overview_png(GAME.id, view, NAMES)
    assert render.overview_png(GAME.id, view.model_copy(deep=True), NAMES) == png
    assert render.overview_for(GAME.id) is riot.phone_overview
