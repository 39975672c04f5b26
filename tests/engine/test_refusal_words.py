"""A value the rules' models refuse is explained in the project's words, in the reader's
language, never in pydantic's English: which field (an option by its title), what is wrong, and
the bound or the choices it takes."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, Field, ValidationError

from engine import IllegalAction
from engine.errors import readable
from engine.games import REGISTRY
from engine.messages import say


class Sheet(BaseModel):
    count: int = Field(ge=1, le=6)
    name: str = Field(max_length=5)


def refused(**options: object) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        REGISTRY["bloc_by_bloc"].make_options(**options)
    return caught.value


def test_an_option_out_of_its_choices_names_the_option_and_its_choices_in_each_language():
    wrong = refused(players=3, difficulty="extreme")
    assert say(wrong.msg, "en") == (
        'Difficulty: "extreme" is not one of its choices: Easy, Medium and Hard'
    )
    assert say(wrong.msg, "es") == (
        'Dificultad: "extreme" no es una de sus opciones: Fácil, Media y Difícil'
    )


def test_a_clash_the_game_refuses_is_said_in_its_own_catalog_words():
    clash = refused(players=2, mode="semi_cooperative")
    assert say(clash.msg, "es").startswith("Con 2 jugadores la partida siempre es totalmente")
    assert "Value error" not in say(clash.msg, "en")


def test_bounds_and_kinds_are_told_with_their_limits():
    with pytest.raises(ValidationError) as caught:
        Sheet.model_validate({"count": 9, "name": "toolong"})
    said = readable(caught.value, Sheet)
    assert say(said, "en") == "count: must be at most 6; name: must be at most 5 characters long"
    assert say(said, "es") == (
        "count: debe ser como máximo 6; name: debe tener como máximo 5 caracteres"
    )
    with pytest.raises(ValidationError) as caught:
        Sheet.model_validate({"count": "many", "name": "ok"})
    assert say(readable(caught.value), "es") == 'count: "many" no es un número entero'
    assert "Input should" not in say(readable(caught.value), "en")
