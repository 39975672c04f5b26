"""The rules summaries each game ships (`rules_help.json`): present, complete, findable, short,
and the project's own words: no run of 8 words may be shared with any rulebook."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from engine import OrderAction
from engine.games import REGISTRY
from engine.rules_help import RulesHelp, RulesTopic, help_file, match_topics, topics_for
from tests.engine.toy_game import GAME as TOY

RULES_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "rules"
"""The rulebooks, beside the repository (shared/rules); the copy check skips without them."""
RUN = 8
"""Words in a row that a summary may not share with a rulebook."""

REQUIRED = {
    "bloc_by_bloc": {
        "overview", "winning", "setup", "night", "turn", "move_barricade", "advanced",
        "attacks", "reaction", "police", "sunrise", "liberation", "occupations", "loot",
        "agendas", "modes", "decisions", "end", "bot",
    },
    "not_on_my_block": {
        "overview", "winning", "setup", "placement", "turn", "residents", "protection",
        "pushing", "suppression", "luxury_stores", "collusion", "decisions", "end", "bot",
    },
    "space_insurrection": {
        "overview", "winning", "setup", "turn", "recruit", "blockade", "surveillance",
        "movement", "actions", "units", "results", "deploy", "worlds", "specials",
        "decisions", "end", "bot",
    },
    "block_mania": {"overview", "winning", "command", "defensive", "combat", "end_phase", "cards"},
    "riot": {
        "overview", "winning", "setup", "turn", "buying", "units", "moving", "obstruction",
        "clashes", "blitz", "opinion", "order", "end", "decisions", "reconstruction", "bot",
    },
}  # fmt: skip
"""What each game's summaries must cover: the goal and how it ends, setup, a turn, every kind
of action, the decisions taken out of turn, the game's special phases, and this bot's ways."""

GAMES = [REGISTRY[g] for g in REQUIRED]


def words(text: str) -> list[str]:
    """Lowercase words without punctuation or markdown, apostrophes joined ("faction's")."""
    return re.findall(r"[a-z0-9]+", re.sub(r"['’]", "", text.lower()))


def runs(text: str, n: int = RUN) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i : i + n]) for i in range(len(w) - n + 1)}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_each_game_ships_its_topics_overview_first(game):
    topics = game.rules_topics()
    assert {t.id for t in topics} >= REQUIRED[game.id]
    assert topics[0].id == "overview"
    path = help_file(type(game))
    assert path is not None and path.name == "rules_help.json"
    assert RulesHelp.model_validate_json(path.read_text(encoding="utf-8")).game == game.id


def test_a_game_without_a_file_has_no_topics():
    assert help_file(type(TOY)) is None
    assert TOY.rules_topics() == [] == topics_for(type(TOY))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_action_kind_is_explained_under_its_command(game):
    """Each action is some topic's command (secret orders are written with `/game order`, not a
    command of their own), and a topic names every command it lists."""
    named = {c for t in game.rules_topics() for c in t.commands}
    sheets = [a for a in game.action_types if issubclass(a, OrderAction)]
    kinds = {a.model_fields["kind"].default for a in game.action_types if a not in sheets}
    assert {f"/{game.short_name} {k}" for k in kinds} <= named
    if sheets:
        assert {"/game order", "/game orders"} <= named
    for topic in game.rules_topics():
        for command in topic.commands:
            assert command in topic.text, f"{topic.id} lists {command} but never names it"
        for group, kind in re.findall(r"/(\w+) (\w+)", topic.text):
            if group == game.short_name:
                assert kind in kinds, f"{topic.id} names /{group} {kind}, which does not exist"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_topic_is_short_enough_for_one_message(game):
    for topic in game.rules_topics():
        assert len(topic.text) <= 1800, topic.id
        assert len(topic.title) <= 80, topic.id


def test_rulings_the_project_made_are_marked_as_its_own():
    nomb = {t.id: t.text for t in REGISTRY["not_on_my_block"].rules_topics()}
    assert "standstill" in nomb["winning"].lower() and "project" in nomb["winning"]
    assert "project" in nomb["end"] and "nobody" in nomb["winning"]
    bloc = {t.id: t.text for t in REGISTRY["bloc_by_bloc"].rules_topics()}
    assert "project" in bloc["police"] and "Paramilitary" in bloc["police"]
    assert "Police Scanner" in bloc["reaction"] and "Project ruling" in bloc["reaction"]


def test_topics_are_found_by_title_and_by_keyword():
    bloc = REGISTRY["bloc_by_bloc"].rules_topics()
    assert match_topics(bloc, "")[0].id == "overview" and len(match_topics(bloc, "")) == len(bloc)
    assert match_topics(bloc, "Police ops")[0].id == "police"
    assert match_topics(bloc, "lib")[0].id == "liberation"
    assert match_topics(bloc, "molotov")[0].id in {"loot", "occupations"}
    assert match_topics(bloc, "clash")[0].id == "attacks"
    assert match_topics(bloc, "how do I barricade")[0].id == "move_barricade"
    assert match_topics(bloc, "zzz") == []
    nomb = REGISTRY["not_on_my_block"].rules_topics()
    assert match_topics(nomb, "dissent")[0].id == "suppression"
    assert match_topics(nomb, "COLLUSION")[0].id == "collusion"
    assert match_topics(nomb, "push")[0].id == "pushing"


def test_a_file_that_breaks_the_shape_is_refused():
    topic = {"id": "overview", "title": "Overview", "text": "x" * 50}
    RulesHelp.model_validate({"game": "g", "topics": [topic]})
    with pytest.raises(ValidationError, match="overview"):
        RulesHelp.model_validate({"game": "g", "topics": [{**topic, "id": "other"}]})
    with pytest.raises(ValidationError, match="repeat"):
        RulesHelp.model_validate({"game": "g", "topics": [topic, topic]})
    with pytest.raises(ValidationError):
        RulesTopic.model_validate({**topic, "text": "x" * 1801})
    with pytest.raises(ValidationError, match="lowercase"):
        RulesTopic.model_validate({**topic, "keywords": ["Clash"]})


def test_the_copy_check_catches_a_copied_run():
    eight = "One two, three four: five six **seven** eight"
    assert runs(eight) & runs(f"x {eight.lower()} y")
    assert not runs("one two three four five six seven") & runs("one two three four five six seven")


@pytest.mark.skipif(not RULES_DIR.is_dir(), reason="the rulebooks (shared/rules) are not here")
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_no_summary_shares_8_words_in_a_row_with_any_rulebook(game):
    """The summaries paraphrase: the project copies no rulebook sentence (DESIGN.md)."""
    rulebook: set[tuple[str, ...]] = set()
    for path in sorted(RULES_DIR.glob("*.txt")):
        rulebook |= runs(path.read_text(encoding="utf-8"))
    assert rulebook, "no rulebook text found"
    copied = {
        topic.id: sorted(" ".join(r) for r in runs(f"{topic.title}\n{topic.text}") & rulebook)
        for topic in game.rules_topics()
    }
    assert {k: v for k, v in copied.items() if v} == {}
