"""Player-facing summaries of a game's rules, written by the project, for clients like `/rules`.

A game ships them as data: a `rules_help.json` file beside its content (in the game package's
`content/` folder when it has one, else in the package itself, like Not On My Block's board),
validated here at load. Each topic is the project's own short paraphrase, never the rulebook's
text; where the rulebook is silent and the engine made a ruling, the topic says so. `Game.
rules_topics` reads the file by that convention, so a game without one simply has no topics.

Each language has its own file beside the English one (`rules_help.es.json`), with the same
topics in the same order: a summary is prose, better written whole by a translator than cut
into catalog entries. A language without a file reads the English one.

The first topic of a file is its overview (id `overview`), which a client shows when no topic
is asked for. Clients pick topics with `match_topics`, which looks at titles and keywords.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.messages import ENGLISH, known

FILE_NAME = "rules_help.json"
TEXT_LIMIT = 1800
"""Characters of one topic's text: a client adds a heading and a line of other topics and
must still fit a chat message (2000 characters on Discord)."""


class RulesTopic(BaseModel):
    """One topic: a title players pick it by, words they might type instead, and the text."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z][a-z0-9_]{0,31}$")
    title: str = Field(min_length=1, max_length=80)
    keywords: tuple[str, ...] = ()
    """Lowercase words or phrases that also find the topic (e.g. "clash" for attacks)."""
    text: str = Field(min_length=40, max_length=TEXT_LIMIT)
    """Markdown a chat client can show as it is: the project's own words."""
    commands: tuple[str, ...] = ()
    """The slash commands the topic explains, e.g. "/bloc move"; tests check they exist."""

    @model_validator(mode="after")
    def _lowercase_keywords(self) -> RulesTopic:
        if any(k != k.lower() or not k.strip() for k in self.keywords):
            raise ValueError(f"{self.id}: keywords are lowercase and not blank")
        return self


class RulesHelp(BaseModel):
    """A game's whole file: which game it describes and its topics, overview first."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str
    note: str = ""
    """For maintainers: where the summaries come from and what they must not be."""
    topics: tuple[RulesTopic, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> RulesHelp:
        ids = [t.id for t in self.topics]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{self.game}: topic ids repeat")
        titles = [t.title.lower() for t in self.topics]
        if len(set(titles)) != len(titles):
            raise ValueError(f"{self.game}: topic titles repeat")
        if ids[0] != "overview":
            raise ValueError(f"{self.game}: the first topic is the overview (id 'overview')")
        return self


def help_file(game_type: type, language: str = ENGLISH) -> Path | None:
    """Where a game class keeps its summaries in `language` (else in English), or None when it
    ships none."""
    module = sys.modules.get(game_type.__module__)
    where = getattr(module, "__file__", None)
    if where is None:
        return None
    package = Path(where).parent
    names = [FILE_NAME] if language == ENGLISH else [translated(language), FILE_NAME]
    for name in names:
        for candidate in (package / "content" / name, package / name):
            if candidate.is_file():
                return candidate
    return None


def translated(language: str) -> str:
    """The file name of the summaries in `language`."""
    return FILE_NAME.replace(".json", f".{language}.json")


@cache
def load_help(path: Path) -> RulesHelp:
    """Read and validate one file, once per process."""
    return RulesHelp.model_validate(json.loads(path.read_text(encoding="utf-8")))


def topics_for(game_type: type, language: str = ENGLISH) -> list[RulesTopic]:
    """A game's topics in `language`, overview first; empty for a game without summaries."""
    path = help_file(game_type, known(language))
    return [] if path is None else list(load_help(path).topics)


def match_topics(topics: list[RulesTopic], typed: str) -> list[RulesTopic]:
    """The topics a player's text points to, best first: the id or title itself, titles that
    start with it, titles that contain it, then keywords that contain it. Blank: all topics."""
    needle = " ".join(typed.lower().split())
    if not needle:
        return list(topics)

    def rank(topic: RulesTopic) -> int | None:
        title = topic.title.lower()
        if needle in (topic.id, title):
            return 0
        if title.startswith(needle):
            return 1
        if needle in title or needle in topic.id.replace("_", " "):
            return 2
        if any(needle in k for k in topic.keywords):
            return 3
        if any(k in needle for k in topic.keywords if len(k) >= 4):
            return 4
        return None

    ranked = [(r, i, t) for i, t in enumerate(topics) if (r := rank(t)) is not None]
    return [t for _, _, t in sorted(ranked, key=lambda x: (x[0], x[1]))]


__all__ = ["RulesHelp", "RulesTopic", "help_file", "load_help", "match_topics", "topics_for"]
