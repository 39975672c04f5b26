"""The `dice` fixture: script the d6 rolls of a rule test (`dice(3, 5)`); every scripted roll
must be used, and a roll not scripted fails the test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.rng import Rng
from tests.engine.space_insurrection.support import Dice, rolling


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[Dice]:
    scripted = Dice()
    monkeypatch.setattr(Rng, "roll", rolling(scripted))
    yield scripted
    assert not scripted.queue, f"scripted rolls left unused: {scripted.queue}"
