"""`/rules` for Bloc by Bloc in Spanish: the same topics as the English summaries, in the same
order and with the same commands, written in Spanish with the catalog's terms, each fitting
one message and found by Spanish words as well as English ones."""

from __future__ import annotations

import re

from bot.discord.rules_commands import rules_text
from bot.discord.translator import typed
from bot.table import limits
from engine.games.bloc_by_bloc import GAME
from engine.rules_help import help_file, match_topics

ENGLISH_WORDS = re.compile(r"\b(the|and|your|with|when|each|riot|bloc|blocs|night)\b")
"""Common English words that a Spanish summary never uses (command options aside)."""


def _prose(text: str) -> str:
    """A summary without its commands and option names, which stay as Discord spells them."""
    return re.sub(r"`[^`]*`", "", text)


def test_the_spanish_summaries_match_the_english_ones_topic_by_topic() -> None:
    english, spanish = GAME.rules_topics("en"), GAME.rules_topics("es")
    path = help_file(type(GAME), "es")
    assert path is not None and path.name == "rules_help.es.json"
    assert [t.id for t in spanish] == [t.id for t in english]
    for en, es in zip(english, spanish, strict=True):
        assert es.commands == en.commands, en.id
        assert all(typed(command, "es") in es.text for command in es.commands), en.id
        assert es.title != en.title and es.text != en.text, en.id
        assert set(en.keywords) <= set(es.keywords), en.id
        assert not ENGLISH_WORDS.findall(_prose(es.text).lower()), en.id
    assert spanish[0].title == "Resumen"


def test_the_spanish_summaries_use_the_games_spanish_terms() -> None:
    text = {t.id: t.text for t in GAME.rules_topics("es")}
    assert "antidisturbios" in text["police"] and "furgón policial" in text["attacks"]
    assert "Represión Policial" in text["night"] and "Liberación de Distrito" in text["night"]
    assert "Escáner policial" in text["reaction"] and "Decisión del proyecto" in text["reaction"]
    assert "Operaciones paramilitares" in text["police"] and "proyecto" in text["police"]


def test_rules_answers_in_spanish_find_topics_by_either_languages_words() -> None:
    spanish = GAME.rules_topics("es")
    assert match_topics(spanish, "barricada")[0].id == "move_barricade"
    assert match_topics(spanish, "barricade")[0].id == "move_barricade"
    assert match_topics(spanish, "enfrentamiento")[0].id == "attacks"
    assert match_topics(spanish, "operaciones policiales")[0].id == "police"
    police = rules_text(GAME, "moral", "es")
    assert police.startswith("📖 **Bloc by Bloc · Operaciones policiales y moral**")
    assert "Tímida 1, Confiada 2, Brutal 3" in police
    overview = rules_text(GAME, None, "es")
    assert "Movimiento y barricadas" in overview and "Moving and barricades" not in overview
    answers = [rules_text(GAME, t.title, "es") for t in spanish] + [overview]
    assert all(0 < len(a) <= limits.MESSAGE for a in answers), max(map(len, answers))
