"""The Space Insurrection board in Spanish: seat names, badge initials, the units' letters, the
damage tabs and the key all come from the catalog in the board's language, so a Spanish board
shows no English colour or unit code, and the English board stays as it was."""

from __future__ import annotations

import re

import pytest

from engine.games.space_insurrection import GAME
from engine.games.space_insurrection.content.models import content
from engine.games.space_insurrection.view import SpaceView
from engine.messages import languages, m, say
from render import space_insurrection
from render.fonts import text_size
from render.space_insurrection import glyphs
from render.space_insurrection.look import CHIT_H, CHIT_W, MIN_TEXT, seat_styles
from render.space_insurrection.side import key_sections, seat_label
from tests.render.phone import assert_readable_on_a_phone, measure
from tests.render.test_space_insurrection_render import busiest, crowded, midgame

COLOURS = re.compile(r"\b(Red|Blue|Yellow|Green|Purple)\b")
CODES = {"SC", "RL", "FF", "IG", "W", "D"}
"""The English unit codes and damage marks whose Spanish differ (CE, LR, CF, CI, H, A)."""
PLAYERS = ["ana", "José", None, "b", "c"]


def drawn(view: SpaceView, language: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the board draws, with every cached drawing dropped first."""
    canvas = lambda: space_insurrection.draw(view, PLAYERS, language)  # noqa: E731
    return [text for text, _ in measure(canvas, monkeypatch).texts]


def test_a_spanish_board_draws_no_english_colour_or_unit_code(monkeypatch) -> None:
    view = midgame()
    spanish = drawn(view, "es", monkeypatch)
    assert not [t for t in spanish if COLOURS.search(t)], spanish
    assert not CODES & set(spanish)
    assert {"Rojo", "Azul", "Amarillo"} <= set(spanish)
    assert {"CE", "H", "A", "Az"} <= set(spanish), "cruiser, wounded, disrupted, Azul's badge"
    english = drawn(view, "en", monkeypatch)
    assert {"Red", "Blue", "SC", "W", "D", "B"} <= set(english)


def test_the_key_spells_out_the_spanish_letters() -> None:
    letters, marks = key_sections(midgame(), "es")
    labels = [i.label for i in letters.items]
    assert "Crucero Estelar" in labels and "Star Cruiser" not in labels
    assert {"H: herida", "A: avería"} <= {i.label for i in marks.items}
    assert {"W: wounded", "D: disrupted"} <= {i.label for i in key_sections(midgame())[1].items}


def test_a_board_from_a_real_game_names_seats_in_its_language() -> None:
    state = GAME.setup(GAME.make_options(5), 2)
    view = GAME.view(state, None)
    assert [seat_label(view, s, None, "es") for s in range(5)] == [
        "Rojo",
        "Azul",
        "Amarillo",
        "Verde",
        "Morado",
    ]
    assert [s.initial for s in seat_styles(view, "es")] == ["R", "Az", "A", "V", "M"]
    assert [s.initial for s in seat_styles(view)] == ["R", "B", "Y", "G", "P"]
    letters = {say(u.letter, "es") for w in view.worlds for u in w.units}
    assert letters and not letters & CODES


@pytest.mark.parametrize("language", languages())
def test_every_initial_and_unit_code_fits_its_badge_and_chit_in_every_language(language) -> None:
    """The catalog's letters are drawn at `MIN_TEXT` at least: an initial fits its badge and a
    unit code its chit, even wounded and spied on, in every language; codes and initials
    are each different from the others."""
    colours = ("red", "blue", "yellow", "green", "purple")
    initials = [say(m(f"space.colour.{c}.initial"), language) for c in colours]
    assert len(set(initials)) == len(initials)
    for initial in initials:
        assert text_size(initial, MIN_TEXT, True)[0] <= glyphs.BADGE * 0.8, initial
    codes = [say(m(f"space.abbr.{t.id}"), language) for t in content().types]
    assert len(set(codes)) == len(codes) and all(len(c) == 2 for c in codes)
    wounded = say(m("space.board.mark.wounded"), language)
    for code in codes:
        assert glyphs.chit_width(CHIT_H, code, 1, wounded, spied=True) <= CHIT_W, code


@pytest.mark.parametrize(
    "build", [midgame, crowded, busiest], ids=["midgame", "crowded", "busiest"]
)
def test_a_spanish_board_is_no_taller_than_the_english_one(build) -> None:
    """Spanish words are longer: the key's entries stay short enough to sit two abreast, so
    the busiest board keeps within one and a half times its width."""
    view = build()
    spanish = space_insurrection.draw(view, PLAYERS, "es").image
    assert spanish.height <= space_insurrection.draw(view, PLAYERS).image.height
    assert spanish.height <= 1.5 * spanish.width


def test_a_spanish_board_reads_on_a_phone(monkeypatch) -> None:
    canvas = lambda: space_insurrection.draw(busiest(), PLAYERS, "es")  # noqa: E731
    assert_readable_on_a_phone(measure(canvas, monkeypatch))
