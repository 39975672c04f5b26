"""What a game declares as plain strings (action summaries, field descriptions, lobby options)
and its seat names reach players in their own language.

Slash-command summaries and option descriptions are catalog keys the bot says through
`engine.messages.term`: English for Discord's default, each other language from its catalog,
within Discord's 100 characters. Seats are named by the game's catalog (a role, a colour, a
faction), not by the English the state keeps.
"""

from __future__ import annotations

import pytest

from bot.table.options import option_fields
from engine.core import Game
from engine.games import REGISTRY
from engine.messages import has_key, languages, say, term

GAMES = [REGISTRY["not_on_my_block"], REGISTRY["riot"], REGISTRY["block_mania"]]
SPANISH_SEATS = {
    "not_on_my_block": ["Promotor", "Vecino rojo", "Vecino azul", "Vecino amarillo"],
    "riot": ["Policía", "Autonomen", "Anarquistas", "Nacionalistas"],
    "block_mania": [
        "Bloque A, jugador 1",
        "Bloque B, jugador 1",
        "Bloque A, jugador 2",
        "Bloque B, jugador 2",
    ],
}


def declared(game: Game) -> list[str]:
    """Every summary and description the game's actions and options declare."""
    found = []
    for action in game.action_types:
        found.append(action.summary)
        found += [f.description for f in action.model_fields.values() if f.description]
    found += [f.description for f in game.options_type.model_fields.values() if f.description]
    for option in option_fields(game):
        found += option.labels.values()
    return found


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_declared_words_are_keys_said_in_every_language(game: Game) -> None:
    for text in declared(game):
        assert has_key(text), f"{game.id} declares {text!r}, not a catalog key"
        for language in languages():
            assert has_key(text, language), f"{text} has no {language} entry"
            said = say(term(text), language)
            assert said != text
            if language != "en":
                assert len(said) <= 100, f"{text} in {language}: {len(said)} characters"
                assert said != say(term(text), "en") or said.isdigit(), f"{text} untranslated"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_lobby_options_have_spanish_titles_and_labels(game: Game) -> None:
    for option in option_fields(game):
        assert option.title_in("es") != option.title, option.name
        assert option.described("es") != option.described()


def test_the_collusion_limit_reads_as_it_did_in_english_and_in_spanish() -> None:
    (limit,) = option_fields(REGISTRY["not_on_my_block"])
    assert limit.title_in("en") == "Collusion limit"
    assert [limit.label(v) for v in limit.values] == ["Unlimited", "One per turn"]
    assert [limit.label(v, "es") for v in limit.values] == ["Sin límite", "Una por turno"]
    assert limit.title_in("es") == "Límite de connivencia"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_seats_are_named_in_the_readers_language(game: Game) -> None:
    seats = max(game.player_counts)
    state = game.setup(game.make_options(seats), 3)
    spanish = [say(game.seat_name(state, s), "es") for s in range(seats)]
    assert spanish == SPANISH_SEATS[game.id]
    english = [say(game.seat_name(state, s), "en") for s in range(seats)]
    assert english == state.seat_names
