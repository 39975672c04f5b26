"""A table's pictures are drawn in its language: the drawing worker hands it to the renderer."""

from __future__ import annotations

import pytest

import render
from bot.discord import drawing_worker
from engine.games import REGISTRY


@pytest.fixture
def heard(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    said: list[str] = []

    def renderer(view: object, players: object = None, language: str = "en") -> bytes:
        said.append(language)
        return b"png"

    monkeypatch.setitem(render.RENDERERS, "not_on_my_block", renderer)
    monkeypatch.setitem(render.OVERVIEWS, "not_on_my_block", None)
    return said


def test_the_board_and_the_turn_picture_are_drawn_in_the_tables_language(heard: list[str]) -> None:
    game = REGISTRY["not_on_my_block"]
    state = game.setup(game.options_type(players=2), seed=3).model_dump_json()
    drawing_worker.board("not_on_my_block", state, None, "es")
    drawing_worker.turn("not_on_my_block", state, None, None, "es")
    drawing_worker.board("not_on_my_block", state)
    assert heard == ["es", "es", "en"]
