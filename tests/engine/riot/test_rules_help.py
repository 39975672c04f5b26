"""RIOT's `/rules` summaries: the same topics in English and Spanish, found by either
language's words, and the rulings the project made marked as its own (the shape, length,
commands and copy checks every game's summaries pass are in tests/engine/test_rules_help.py)."""

from __future__ import annotations

from engine.games.riot import GAME
from engine.rules_help import match_topics


def test_the_spanish_summaries_match_the_english_ones_topic_for_topic() -> None:
    english, spanish = GAME.rules_topics("en"), GAME.rules_topics("es")
    assert [t.id for t in spanish] == [t.id for t in english]
    for en, es in zip(english, spanish, strict=True):
        assert es.commands == en.commands
        assert es.title != en.title and es.text != en.text
        assert set(en.keywords) <= set(es.keywords)
    assert spanish[0].title == "Resumen"
    assert match_topics(spanish, "interponerse")[0].id == "obstruction"
    assert match_topics(spanish, "interpose")[0].id == "obstruction"


def test_topics_are_found_by_the_words_players_type() -> None:
    topics = GAME.rules_topics()
    for typed, found in [
        ("step in", "obstruction"),
        ("molotov", "blitz"),
        ("public opinion", "opinion"),
        ("black bloc", "units"),
        ("who plays", "order"),
        ("attack", "clashes"),
        ("reconstructed", "reconstruction"),
    ]:
        assert match_topics(topics, typed)[0].id == found, typed


def test_the_projects_rulings_are_marked_as_its_own() -> None:
    topics = {t.id: t.text for t in GAME.rules_topics()}
    assert "Project ruling" in topics["order"] and "end of the round" in topics["order"]
    assert "project's own rule" in topics["end"] and "no winner" in topics["end"]
    assert "reconstruct" in topics["units"] and "reconstruct" in topics["opinion"]
    assert "weakest" in topics["opinion"] and "/riot hospital" in topics["opinion"]
    assert "publisher" in topics["obstruction"] and "Step in between" in topics["obstruction"]
