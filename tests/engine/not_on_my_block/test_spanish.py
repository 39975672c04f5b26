"""Seeded whole games read in Spanish: every event, prompt, choice, label, status, refusal and
outcome the game produces comes from the catalogs, with no key shown raw and no English left.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from engine.core import IllegalAction
from engine.games.not_on_my_block import GAME
from engine.games.not_on_my_block.player import choose
from engine.messages import Msg, has_key, say
from engine.rng import Rng

NAMES = re.compile(r"\b[A-I][1-9]\b|\b(?:red|blue|yellow|agent)\d\b|\d+|\bskip\b|\bEnd\b")
"""What may read the same in both languages: blocks, piece ids and numbers as typed."""
PROBES = [
    {"kind": "move", "piece": "agent1", "to": "A1"},
    {"kind": "move", "piece": "red1", "to": "E6"},
    {"kind": "move", "piece": "pink7", "to": "E6"},
    {"kind": "move", "piece": "blue2", "to": "Z9"},
    {"kind": "suppress", "agent": "agent2", "to": "E4"},
    {"kind": "develop", "store": "B3"},
    {"kind": "protect", "apartment": "C4", "center": "C7"},
    {"kind": "collude", "rep": "red1", "agent": "agent1"},
    {"kind": "place", "colour": "pink", "block": "A1"},
    {"kind": "place", "colour": "red", "block": "E5"},
    {"kind": "sendback", "rep": "red1", "to": "A1"},
    {"kind": "return", "agent": "agent1", "to": "A1"},
    {"kind": "bonus", "apartment": "A1", "direction": "up"},
    {"kind": "end"},
]


def keys(msg: Msg) -> Iterator[str]:
    """Every key a message says, its arguments' included."""
    yield msg.key
    for arg in msg.args.values():
        items = arg if isinstance(arg, list | tuple) else [arg]
        for item in items:
            if isinstance(item, Msg):
                yield from keys(item)


def said_messages(players: int, seed: int) -> Iterator[Msg]:
    """Everything a seeded game says, step by step, as messages."""
    state = GAME.setup(GAME.make_options(players), seed)
    rng = Rng.seeded(seed)
    step = 0
    while GAME.outcome(state) is None and state.round <= 25:
        prompts = GAME.prompts(state)
        (seat,) = prompts
        yield prompts[seat].msg
        yield from (choice.msg for choice in prompts[seat].choices)
        yield GAME.status_text(state, None)
        actions = GAME.legal_actions(state, seat)
        for action in actions[:: max(1, len(actions) // 8)]:
            yield GAME.describe(state, action)
            for field, value in action.model_dump(exclude={"kind"}).items():
                yield GAME.label_value(state, action.kind, field, value)
        if step % 5 == 0:
            for probe in PROBES:
                for asker in {seat, (seat + 1) % players}:
                    try:
                        GAME.apply(state, asker, GAME.parse_action(probe))
                    except IllegalAction as refusal:
                        yield refusal.msg
        result = GAME.apply(state, seat, choose(GAME.view(state, seat), actions, rng))
        yield from (event.msg for event in result.events)
        state = result.state
        step += 1
    outcome = GAME.outcome(state)
    assert outcome is not None, "the seeded game ends"
    yield outcome.msg
    yield GAME.status_text(state, None)


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 5), (4, 8)])
def test_a_whole_game_reads_in_spanish(players: int, seed: int) -> None:
    seen: set[str] = set()
    for msg in said_messages(players, seed):
        assert isinstance(msg, Msg)
        for key in keys(msg):
            assert has_key(key, "es") and has_key(key, "en"), f"{key} is in no catalog"
        english, spanish = say(msg, "en"), say(msg, "es")
        assert english == str(msg)
        if spanish == english:
            assert not re.search(r"[A-Za-z]{2,}", NAMES.sub("", english)), english
        seen |= set(keys(msg))
    assert len(seen) > 60, "the game says a good part of its catalog"


def test_spanish_counts_and_lists_agree() -> None:
    """Plural entries pick the form by the count, and lists join with "y" and "o"."""
    from engine.messages import m

    one = m("nomb.prompt.developer", n=1)
    many = m("nomb.prompt.developer", n=8)
    assert say(one, "es") == "Te queda 1 movimiento entre todos tus agentes."
    assert say(many, "es") == "Te quedan 8 movimientos entre todos tus agentes."
    assert say(one, "en") == "1 move left across your agents."
    reps = [m("nomb.piece.red", number=1), m("nomb.piece.blue", number=2)]
    caught = m("nomb.event.reps_to_start", n=2, reps=reps)
    assert say(caught, "es") == "Delegado rojo 1 y Delegado azul 2 vuelven a la Salida."
    assert say(caught, "en") == "Red rep 1 and Blue rep 2 go back to Start."


def test_rules_summaries_read_in_spanish_and_match_the_english_ones() -> None:
    """`/rules` in Spanish: the same topics in the same order with the same commands, titles
    and texts in Spanish, found by Spanish words and by the English ones."""
    from engine.rules_help import match_topics

    english, spanish = GAME.rules_topics("en"), GAME.rules_topics("es")
    assert [t.id for t in spanish] == [t.id for t in english]
    for en, es in zip(english, spanish, strict=True):
        assert es.commands == en.commands
        assert es.title != en.title and es.text != en.text
        assert set(en.keywords) <= set(es.keywords)
    assert match_topics(spanish, "empujar")[0].id == "pushing"
    assert match_topics(spanish, "push")[0].id == "pushing"
    assert spanish[0].title == "Resumen"
