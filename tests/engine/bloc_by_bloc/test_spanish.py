"""A whole seeded game of Bloc by Bloc read in Spanish: every event, prompt, button, status line,
hand, action label, autocomplete label, refusal and the outcome come from the Spanish catalog,
with no key left unsaid, no finished English carried as text and no line that reads the same
in English unless it is only names and numbers."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from engine.core import IllegalAction
from engine.games.bloc_by_bloc import GAME
from engine.games.bloc_by_bloc.actions import Move
from engine.messages import Msg, has_key, say, term
from engine.players import play_step, random_player
from engine.rng import Rng

SAME_IN_BOTH = {"Brutal", "Molotovs"}
"""Words Spanish writes as English does."""
WORD = re.compile(r"[A-Za-z]{3,}")


def keys(msg: Msg) -> Iterator[str]:
    yield msg.key
    for arg in msg.args.values():
        yield from _arg_keys(arg)


def _arg_keys(arg: object) -> Iterator[str]:
    if isinstance(arg, Msg):
        yield from keys(arg)
    elif isinstance(arg, list | tuple):
        for item in arg:
            yield from _arg_keys(item)


class Reader:
    def __init__(self) -> None:
        self.read = 0
        self.problems: list[str] = []

    def check(self, where: str, msg: Msg | str | None) -> None:
        if msg is None:
            return
        if not isinstance(msg, Msg):
            self.problems.append(f"{where}: plain text {msg!r}")
            return
        self.read += 1
        for key in keys(msg):
            if not has_key(key, "es"):
                self.problems.append(f"{where}: no Spanish for {key}")
        spanish, english = say(msg, "es"), say(msg, "en")
        if spanish == english and set(WORD.findall(english)) - SAME_IN_BOTH:
            self.problems.append(f"{where}: reads the same in Spanish: {english!r}")


def _labels(reader: Reader, state: object, seat: int, rng: Rng) -> None:
    actions = GAME.legal_actions(state, seat)  # type: ignore[arg-type]
    for action in actions[:: max(1, len(actions) // 5)]:
        reader.check("describe", GAME.describe(state, action))  # type: ignore[arg-type]
        reader.check("choice", GAME.choice_label(state, action))  # type: ignore[arg-type]
        for name, value in action.model_dump(exclude={"kind"}).items():
            label = GAME.label_value(state, action.kind, name, value)  # type: ignore[arg-type]
            reader.check(f"autocomplete {name}", label)


@pytest.mark.parametrize("seed", [3, 8])
def test_a_whole_game_reads_in_spanish(seed: int) -> None:
    seats = 3
    state = GAME.setup(GAME.make_options(seats), seed=seed)
    players = {s: random_player(seed * 10 + s) for s in range(seats)}
    rng = Rng.seeded(seed)
    reader = Reader()
    steps = 0
    while GAME.outcome(state) is None and steps < 4000:
        prompts = GAME.prompts(state)
        for seat, prompt in prompts.items():
            reader.check("prompt", prompt.msg)
            for choice in prompt.choices:
                reader.check("button", choice.msg)
            if steps % 7 == 0:
                _labels(reader, state, seat, rng)
                try:
                    GAME.apply(state, seat, Move(die=9, from_district="x", to_district="y"))
                except IllegalAction as refused:
                    reader.check("refusal", refused.msg)
        if steps % 7 == 0:
            for seat in range(seats):
                reader.check("status", GAME.status_text(state, seat))
                reader.check("hand", GAME.hand_text(state, seat))
        _, result = play_step(GAME, state, players, rng)
        for event in result.events:
            reader.check("event", event.msg)
        state = result.state
        steps += 1
    outcome = GAME.outcome(state)
    assert outcome is not None, "the game ends"
    reader.check("outcome", outcome.msg)
    reader.check("status", GAME.status_text(state, None))
    assert reader.read > 150
    assert not reader.problems, reader.problems[:10]


def test_commands_and_lobby_options_read_in_spanish() -> None:
    """Slash command and option descriptions, option names and their values are catalog keys,
    said in Spanish within Discord's 100 characters and in English as before."""
    reader = Reader()
    declared = [action.summary for action in GAME.action_types]
    declared += [
        str(info.description)
        for action in GAME.action_types
        for name, info in action.model_fields.items()
        if name != "kind"
    ]
    for info in GAME.options_type.model_fields.values():
        declared += [str(info.description), f"{info.description}.title"]
        extra = info.json_schema_extra
        if isinstance(extra, dict) and isinstance(extra.get("labels"), dict):
            declared += [str(label) for label in extra["labels"].values()]  # type: ignore[union-attr]
    for key in declared:
        assert has_key(key), f"{key!r} is no catalog key"
        reader.check(key, term(key))
        assert len(say(term(key), "es")) <= 100, key
    assert not reader.problems, reader.problems[:10]
    assert say(term(Move.summary)) == "Move one bloc or a whole mob by streets, highways and metro"
    assert say(term("bloc.option.scenario.none"), "es") == "Sin escenario"


def test_seats_are_named_by_their_faction_in_the_readers_language() -> None:
    state = GAME.setup(GAME.make_options(3), seed=4)
    for seat in range(3):
        assert say(GAME.seat_name(state, seat)) == state.seat_names[seat]
    spanish = {say(GAME.seat_name(state, seat), "es") for seat in range(3)}
    assert spanish <= {"Trabajadores", "Estudiantes", "Vecinos", "Presos"}
