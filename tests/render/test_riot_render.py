"""The RIOT board: a PNG of the whole board in either language, the Spanish picture its own,
the English one unchanged by it, and a finished game's board saying who won."""

from __future__ import annotations

import io

from PIL import Image

from engine.games.riot import GAME
from engine.games.riot.view import RiotView
from engine.players import play_step, player_for
from engine.rng import Rng
from render.riot import render

PLAYERS = ["ana", "bob", "cy", "di"]


def _view(steps: int) -> RiotView:
    state = GAME.setup(GAME.make_options(4), 5)
    movers = {s: player_for(GAME, s) for s in range(4)}
    rng = Rng.seeded(5)
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            break
        state = play_step(GAME, state, movers, rng)[1].state
    return GAME.view(state, None)


def test_the_board_draws_in_english_and_in_spanish() -> None:
    view = _view(160)
    english = render(view, PLAYERS)
    spanish = render(view, PLAYERS, language="es")
    assert english != spanish
    assert render(view, PLAYERS) == english
    image = Image.open(io.BytesIO(english))
    assert image.width == 840 and image.height < 1.2 * image.width


def test_every_unit_on_the_board_changes_the_picture() -> None:
    view = _view(160)
    emptied = view.model_copy(update={"units": [u for u in view.units if u.at == "supply"]})
    assert any(u.at != "supply" for u in view.units)
    assert render(emptied, PLAYERS) != render(view, PLAYERS)
