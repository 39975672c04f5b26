"""Whole games at a Spanish table, with one player whose Discord reads English.

The server's language is Spanish, so the lobby opens in Spanish; every game is played to its end
through the stand-in. The channel (narration, prompts, buttons, the game's end) holds no phrase of
the English catalogs; the Spanish players' DMs are Spanish; the English player's DMs are English.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from bot.table.speech import table_language
from engine.games import REGISTRY
from engine.messages import ENGLISH, catalog_folders, read_catalog
from tests.bot.driver import play_until_over, seated
from tests.bot.harness import Session
from tests.standin import MessageRecord

SHORTER = {"space_insurrection": {"last_turn": "10"}}
"""Options that keep a long game to a test's minutes (ten turns of Space Insurrection)."""

ENGLISH_WORDS = re.compile(r"\b(the|your|you|is|are|with|and|turn|game|move)\b", re.IGNORECASE)
"""Words of English that Spanish never uses: a sentence built outside the catalogs shows them."""
FIELD = re.compile(r"\{[^}]*\}")
PIECE = re.compile(r"[\n.;:!?()*_`>]")
EDGE = re.compile(r"^\W+|\W+$")


def _pieces(language: str) -> set[str]:
    """Every fixed phrase of `language`'s catalogs long enough to be its own (two words and 12
    letters or more): what a text in another language must not hold."""
    found: set[str] = set()
    for folder in catalog_folders():
        path = folder / f"{language}.po"
        if not path.exists():
            continue
        for message in read_catalog(path, language):
            texts = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in texts:
                for part in FIELD.split(str(text or "")):
                    for phrase in PIECE.split(part):
                        words = EDGE.sub("", phrase)
                        if len(words) >= 12 and " " in words:
                            found.add(words)
    return found


@cache
def only_in(language: str, other: str) -> frozenset[str]:
    """The phrases of `language` that `other` never says (names and numbers shared by both
    are left out)."""
    return frozenset(_pieces(language) - _pieces(other))


def leftovers(messages: list[MessageRecord], language: str, other: str) -> list[str]:
    phrases = only_in(other, language)
    return sorted({p for m in messages for p in phrases if p in m.content})


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(REGISTRY))
async def test_a_spanish_table_plays_in_spanish_and_an_english_client_reads_english(
    game: str, tmp_path: Path
) -> None:
    async with Session(tmp_path / "games.sqlite3") as session:
        session.standin.world.guild_locales[session.standin.guild.id] = "es-ES"
        counts = REGISTRY[game].player_counts
        names = ["Ana", "Bea", "Carl", "Dani"][: 3 if 3 in counts else counts[0]]
        people = [session.user(n) for n in names]
        english = people[-1]
        for person in people[:-1]:
            person.locale = "es-ES"
        english.locale = "en-GB"
        users = await session.open_game(game, *people, seed=5, **SHORTER.get(game, {}))
        table = await session.table()
        assert table_language(table.row) == "es"
        await play_until_over(session, users, seated(5), max_steps=3000)

        channel = session.posts()
        assert channel and not leftovers(channel, "es", ENGLISH)
        english_lines = [
            line
            for m in channel
            for line in m.content.splitlines()
            if ENGLISH_WORDS.search(re.sub(r"<[@#][!&]?\d+>|`[^`]*`", "", line))
        ]
        assert not english_lines, english_lines[:5]
        spanish_dms = [m for p in people[:-1] for m in session.standin.dms(p)]
        english_dms = session.standin.dms(english)
        assert not leftovers(spanish_dms, "es", ENGLISH)
        assert not leftovers(english_dms, ENGLISH, "es")
