"""The Not On My Block pictures in Spanish: every word the board, the key and the phone
overview draw comes from the catalog in the asked language, and the English pictures stay as
they were (the drawn board and key are kept per language)."""

from __future__ import annotations

from engine.games.not_on_my_block import GAME
from engine.games.not_on_my_block.player import choose
from engine.games.not_on_my_block.view import NombView
from engine.rng import Rng
from render import not_on_my_block as nomb_render
from render.canvas import Canvas
from render.not_on_my_block import headline, phone_overview, render
from render.not_on_my_block.side import legend_items, status_lines

PLAYERS = ["ana", "bob", "cy", "di"]


def midgame() -> NombView:
    state = GAME.setup(GAME.make_options(4), 5)
    rng = Rng.seeded(5)
    for _ in range(140):
        (seat,) = GAME.prompts(state)
        actions = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, choose(GAME.view(state, seat), actions, rng)).state
    return GAME.view(state, None)


def test_the_panel_and_key_read_in_spanish() -> None:
    view = midgame()
    english = [line.text for line in status_lines(view, PLAYERS)]
    spanish = [line.text for line in status_lines(view, PLAYERS, "es")]
    assert len(english) == len(spanish)
    assert all(e != s for e, s in zip(english, spanish, strict=True))
    assert spanish[-1].startswith("Tiendas de lujo que el Promotor aún puede construir")
    assert headline(view, PLAYERS, "es").startswith("Ronda 5: juega Vecino rojo")
    key = [item.label for item in legend_items("es")]
    assert "Zona de riesgo" in key and "Centro vecinal" in key
    assert not set(key) & {item.label for item in legend_items()}


def test_a_spanish_board_is_its_own_picture_and_english_stays_the_same() -> None:
    view = midgame()
    english = render(view, PLAYERS)
    spanish = render(view, PLAYERS, language="es")
    assert spanish != english
    assert render(view, PLAYERS) == english, "the Spanish board and key never leak into English"
    assert phone_overview(view, PLAYERS, language="es") != phone_overview(view, PLAYERS)


def test_the_key_is_titled_in_the_boards_language(monkeypatch) -> None:
    """The legend's title is a catalog word too: "Leyenda" on a Spanish board, never "Legend"."""
    drawn: list[str] = []
    original = Canvas.text

    def recording(self, xy, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", recording)
    nomb_render._key_image.cache_clear()
    render(midgame(), PLAYERS, language="es")
    assert "Leyenda" in drawn and "Legend" not in drawn
    drawn.clear()
    nomb_render._key_image.cache_clear()
    render(midgame(), PLAYERS)
    assert "Legend" in drawn
