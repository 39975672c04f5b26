"""The counting words every line of narration relies on."""

from __future__ import annotations

import pytest

from engine.words import count, plural


@pytest.mark.parametrize(
    ("n", "noun", "text"),
    [
        (0, "bloc", "0 blocs"),
        (1, "bloc", "1 bloc"),
        (2, "bloc", "2 blocs"),
        (1, "action die", "1 action die"),
        (3, "action die", "3 action dice"),
        (1, "night", "1 night"),
        (8, "night", "8 nights"),
        (2, "riot cop", "2 riot cops"),
        (2, "barricade", "2 barricades"),
        (2, "box", "2 boxes"),
        (2, "agency", "2 agencies"),
        (2, "day", "2 days"),
        (1, "move", "1 move"),
    ],
)
def test_counts_read_as_english(n: int, noun: str, text: str):
    assert count(n, noun) == text


def test_an_explicit_plural_wins():
    assert count(2, "person", "people") == "2 people" and count(1, "person", "people") == "1 person"
    assert plural("class") == "classes"

