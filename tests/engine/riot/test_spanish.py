"""A whole seeded game of RIOT read in Spanish: every event, prompt, button, refusal, hand,
status, autocomplete value and outcome comes from the Spanish catalog (no key shown raw, no
line left in English), and the English reading is the catalog's English."""

from __future__ import annotations

import re

import pytest

from engine.core import IllegalAction
from engine.games.riot import GAME
from engine.messages import Msg, has_key, say
from engine.players import play_step, player_for
from engine.rng import Rng

SHARED = re.compile(r"[a-z]{3}\d+|[a-z]\d[a-z]?|SWAT|Autonomen|Hospital|Molotov|[\W\d_]+")
"""Words Spanish shares with English: unit and place ids, numbers and a few names."""


def _names_only(line: str) -> bool:
    return all(SHARED.fullmatch(word) for word in line.split())


def _messages(seed: int, players: int) -> list[Msg]:
    state = GAME.setup(GAME.make_options(players), seed)
    movers = {s: player_for(GAME, seed * 10 + s) for s in range(players)}
    rng = Rng.seeded(seed)
    found: list[Msg] = []
    for _ in range(600):
        if GAME.outcome(state) is not None:
            break
        for seat, prompt in GAME.prompts(state).items():
            found.append(prompt.msg)
            found += [c.msg for c in prompt.choices]
            for action in GAME.legal_actions(state, seat)[:5]:
                found += [GAME.describe(state, action), GAME.choice_label(state, action)]
                for field, value in action.model_dump(exclude={"kind"}).items():
                    found.append(GAME.label_value(state, action.kind, field, value))
        for seat in range(players):
            hand = GAME.hand_text(state, seat)
            if hand is not None:
                found.append(hand)
        found.append(GAME.status_text(state, None))
        result = play_step(GAME, state, movers, rng)[1]
        state = result.state
        found += [e.msg for e in result.events]
    outcome = GAME.outcome(state)
    if outcome is not None:
        found.append(outcome.msg)
    return found


def _keys(msg: Msg) -> list[str]:
    nested = [k for a in msg.args.values() if isinstance(a, Msg) for k in _keys(a)]
    return [msg.key, *nested]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_reads_in_spanish(players: int) -> None:
    messages = _messages(17, players)
    assert len(messages) > 200
    for msg in messages:
        for key in _keys(msg):
            assert has_key(key, "es"), key
        spanish, english = say(msg, "es"), say(msg, "en")
        assert "riot." not in spanish
        if spanish == english:
            assert _names_only(spanish), f"left in English: {english!r}"
        assert str(msg) == english


def test_a_refusal_reads_in_spanish() -> None:
    state = GAME.setup(GAME.make_options(2), 1)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 1, GAME.parse_action({"kind": "place", "building": "nowhere"}))
    assert say(refused.value.msg, "es").startswith("Elige un edificio vacío")
