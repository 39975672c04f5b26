"""Fixtures for the bot tests: the test-only games (sealed bids, and scouts with secret order
sheets) installed, and a session on each."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from engine.games import REGISTRY
from render import RENDERERS
from tests.bot.harness import Session
from tests.engine.toy_game import GAME as TOY
from tests.engine.toy_orders import GAME as SCOUTS


def toy_png(view) -> bytes:
    image = Image.new("RGB", (64, 64), "white")
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


@pytest.fixture
def toy_installed():
    REGISTRY[TOY.id] = TOY
    RENDERERS[TOY.id] = toy_png
    yield
    REGISTRY.pop(TOY.id, None)
    RENDERERS.pop(TOY.id, None)


@pytest.fixture
async def session(tmp_path: Path, toy_installed):
    async with Session(tmp_path / "games.sqlite3") as s:
        yield s


@pytest.fixture
def scouts_installed():
    REGISTRY[SCOUTS.id] = SCOUTS
    RENDERERS[SCOUTS.id] = toy_png
    yield
    REGISTRY.pop(SCOUTS.id, None)
    RENDERERS.pop(SCOUTS.id, None)


@pytest.fixture
async def scouts(tmp_path: Path, scouts_installed):
    async with Session(tmp_path / "games.sqlite3") as s:
        yield s
