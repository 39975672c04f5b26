"""A whole seeded game of Block Mania read in Spanish: every event, prompt, button, refusal,
hand, status, autocomplete value and outcome comes from the Spanish catalog (no key shown raw,
no line left in English), and the English reading is the catalog's English."""

from __future__ import annotations

import random
import re

import pytest

from engine.core import IllegalAction
from engine.games.block_mania.rules import GAME
from engine.messages import Msg, has_key, say

from .support import game

SHARED = re.compile(r"[A-F]\d+|[A-B]\d\d\)?|\(?Plaza\)?|\(?Interior\)?|Jaeger|Futsie|[\W\d_]+")
"""Words Spanish shares with English: Blocker and square ids, numbers and a few names."""


def _names_only(line: str) -> bool:
    return all(SHARED.fullmatch(word) for word in line.split())


def _keys(arg: object) -> list[str]:
    if isinstance(arg, Msg):
        return [arg.key, *(k for a in arg.args.values() for k in _keys(a))]
    if isinstance(arg, list | tuple):
        return [k for a in arg for k in _keys(a)]
    return []


def _messages(seed: int) -> list[Msg]:
    state = game(seed)
    rng = random.Random(seed)
    found: list[Msg] = []
    for _ in range(3000):
        if GAME.outcome(state) is not None:
            break
        ((seat, prompt),) = GAME.prompts(state).items()
        found.append(prompt.msg)
        found += [c.msg for c in prompt.choices]
        legal = GAME.legal_actions(state, seat)
        for action in rng.sample(legal, min(6, len(legal))):
            found += [GAME.describe(state, action), GAME.choice_label(state, action)]
            for field, value in action.model_dump(exclude={"kind"}).items():
                found.append(GAME.label_value(state, action.kind, field, value))
        found += [GAME.hand_text(state, s) for s in (0, 1)]
        found += [c.name_msg for c in GAME.hand(state, seat) or []]
        found += [c.text_msg for c in GAME.hand(state, seat) or []]
        found.append(GAME.status_text(state, None))
        result = GAME.apply(state, seat, rng.choice(legal))
        state = result.state
        found += [e.msg for e in result.events]
    outcome = GAME.outcome(state)
    assert outcome is not None
    return [*found, outcome.msg, GAME.status_text(state, None)]


@pytest.mark.parametrize("seed", [17, 18])
def test_a_whole_game_reads_in_spanish(seed: int) -> None:
    messages = _messages(seed)
    assert len(messages) > 200
    for msg in messages:
        for key in _keys(msg):
            assert has_key(key, "es"), key
        spanish, english = say(msg, "es"), say(msg, "en")
        assert "mania." not in spanish
        if spanish == english:
            assert _names_only(spanish), f"left in English: {english!r}"
        assert str(msg) == english


def test_a_refusal_reads_in_spanish_and_changes_nothing() -> None:
    state = game(1)
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, GAME.parse_action({"kind": "move", "blocker": "A2", "to": "A61"}))
    assert say(refused.value.msg, "es").startswith("Ese Blocker no puede moverse")
    assert state.model_dump_json() == before
