"""Seeded whole games read in Spanish: every line of narration, every prompt and button, every
hand, status, view text, refusal and ending comes from the catalogs, with no key shown raw and
no English left, while the English reading stays what it was."""

from __future__ import annotations

import random
import re

import pytest

from engine.core import IllegalAction
from engine.games.space_insurrection import GAME
from engine.games.space_insurrection.actions import Act, Declare, Discard, Pass
from engine.games.space_insurrection.state import SpaceState
from engine.messages import Msg, say
from tests.engine.space_insurrection.playout import random_move, waiting

KEY = re.compile(r"\bspace\.[a-z_.]+")
NAMES = re.compile(
    r"Aldebar|Borealis|Cassiopia|Draconis|Eridani|Fomalhaut|Gemma"
    r"|Helion|Jungla|Kryos|Base|#\d+|\d+|`/space \w+`|[\s\W]"
)
"""What a Spanish line may share with its English one: names of worlds, numbers, chit numbers,
commands and punctuation."""
COLOURS = re.compile(r"\b(Red|Blue|Yellow|Green|Purple)\b")
"""The seats' English names: a Spanish line says Rojo, Azul, Amarillo, Verde, Morado."""


def _keys(msg: object) -> list[str]:
    if isinstance(msg, Msg):
        return [msg.key, *(k for a in msg.args.values() for k in _keys(a))]
    if isinstance(msg, list | tuple):
        return [k for a in msg for k in _keys(a)]
    return []


def _words(state: SpaceState, step: list[Msg]) -> list[Msg]:
    """Everything a player may read of this position, as messages."""
    said: list[Msg] = []
    for seat, (prompt, actions) in waiting(state).items():
        said.append(prompt.msg)
        said += [c.msg for c in prompt.choices]
        if prompt.sheet is not None:
            said.append(prompt.sheet.title)
            for line in prompt.sheet.lines:
                said += [line.label, *(o.label for o in line.options)]
        for action in actions:
            said += [GAME.describe(state, action), GAME.choice_label(state, action)]  # type: ignore[list-item]
            for field, value in action.model_dump().items():
                if field != "kind" and value:
                    said.append(GAME.label_value(state, action.kind, field, value))  # type: ignore[arg-type]
        for card in GAME.hand(state, seat) or []:
            said += [card.name_msg, card.text_msg, *(c.msg for c in card.choices)]
        said.append(GAME.hand_text(state, seat))  # type: ignore[arg-type]
    said.append(GAME.status_text(state, None))  # type: ignore[arg-type]
    view = GAME.view(state, 0)
    said += [view.phase_text, *(w.name for w in view.worlds), *(view.reserve or [])]
    said += [u.name for w in view.worlds for u in w.units]
    return said + step


def _refusals(state: SpaceState) -> list[Msg]:
    """What some wrong moves are told by the game's rules, tried by each seat it waits for."""
    told = []
    tries = [
        Pass(),
        Discard(chit="troops-1"),
        Declare(unit="agent-1", to="gemma"),
        Act(unit="assassin-1", action="attack", target="base-1"),
        Act(unit="gemma", action="repair"),
    ]
    for seat in GAME.prompts(state):
        for action in tries:
            try:
                GAME.apply(state, seat, action)
            except IllegalAction as refused:
                told.append(refused.msg)
    return told


def _play(seed: int, players: int, specials: int, steps: int) -> list[Msg]:
    rnd = random.Random(seed)
    state = GAME.setup(GAME.make_options(players, specials=specials, last_turn=10), seed)
    said: list[Msg] = []
    events: list[Msg] = []
    for n in range(steps):
        said += _words(state, events)
        if n % 7 == 0:
            said += _refusals(state)
        if GAME.outcome(state) is not None:
            break
        seat, action = random_move(state, waiting(state), rnd)
        result = GAME.apply(state, seat, action)
        events = [e.msg for e in result.events]
        state = result.state
    outcome = GAME.outcome(state)
    if outcome is not None:
        said.append(outcome.msg)
    return [m for m in said if isinstance(m, Msg)]


@pytest.fixture(scope="module")
def said() -> list[Msg]:
    return _play(3, 3, 2, 900) + _play(11, 2, 1, 400)


def test_every_word_of_a_game_reads_in_spanish(said):
    assert len(said) > 2000
    missing: set[str] = set()
    english_left: set[str] = set()
    for msg in said:
        spanish, english = say(msg, "es"), say(msg, "en")
        missing |= set(KEY.findall(spanish)) | set(KEY.findall(english))
        if spanish == english and NAMES.sub("", spanish):
            english_left.add(english)
    assert not missing, f"keys shown raw: {sorted(missing)[:10]}"
    assert not english_left, f"English left in Spanish: {sorted(english_left)[:10]}"


def test_no_spanish_line_names_a_seat_by_its_english_colour(said):
    """Narration, prompts, order sheets, private lines, statuses and the ending name every
    seat by its Spanish colour ("Tropas #2 de Rojo", never "de Red")."""
    english = sorted({say(msg, "es") for msg in said if COLOURS.search(say(msg, "es"))})
    assert not english, f"English colours in Spanish: {english[:5]}"
    seats = {k for msg in said for k in _keys(msg) if k.startswith("space.colour.")}
    assert seats == {"space.colour.red", "space.colour.blue", "space.colour.yellow"}


def test_the_narration_covers_the_game(said):
    """The games above reach every phase, the dice of every kind and an ending, so the
    Spanish check reads them all."""
    keys = {k for msg in said for k in _keys(msg)}
    for wanted in (
        "space.turn.begins",
        "space.recruit.rolls",
        "space.sheet.opened",
        "space.moves.seat",
        "space.attempt.succeeds",
        "space.attempt.fails",
        "space.effect.table",
        "space.play.played",
        "space.status.turn_of",
        "space.hand.unit_acts",
    ):
        assert wanted in keys, wanted


def test_slash_command_and_lobby_words_read_in_spanish_within_discords_limit() -> None:
    """Each action's summary and field help, and each lobby option's help, title and values,
    are catalog keys: English as it always read, Spanish at most 100 characters."""
    keys = []
    for action in GAME.action_types:
        keys.append(action.summary)
        keys += [f.description for f in action.model_fields.values() if f.description]
    for field in GAME.options_type.model_fields.values():
        if field.description:
            keys += [field.description, f"{field.description}.title"]
            extra = field.json_schema_extra
            keys += list(extra["labels"].values()) if isinstance(extra, dict) else []  # type: ignore[union-attr,arg-type]
    assert "space.action.moves" in keys and "space.option.last_turn.0" in keys
    for key in keys:
        spanish, english = say(Msg(key=key), "es"), say(Msg(key=key), "en")
        assert key not in (spanish, english), f"{key} has no catalog entry"
        assert spanish != english and len(spanish) <= 100, key
    assert say(Msg(key="space.action.moves"), "en") == "Submit your movement orders"
    assert say(Msg(key="space.option.specials.0"), "en") == "Left out"


def test_seats_are_named_by_colour_in_the_readers_language() -> None:
    state = GAME.setup(GAME.make_options(5), 1)
    names = [GAME.seat_name(state, seat) for seat in range(5)]
    assert (
        [say(n, "en") for n in names]
        == state.seat_names
        == [
            "Red",
            "Blue",
            "Yellow",
            "Green",
            "Purple",
        ]
    )
    assert [say(n, "es") for n in names] == ["Rojo", "Azul", "Amarillo", "Verde", "Morado"]
