"""The bot's words on Discord (bot/discord) at a Spanish table: the lobby's post, its buttons and
its footer, a move's private answer and its Undo button, a confirmation and its Confirm button,
and the order panel carry no phrase of the English entries of those words (`DISCORD_WORDS`);
a player whose client reads English gets them in English."""

from __future__ import annotations

import re
from pathlib import Path

import bot
from engine.messages import ENGLISH, read_catalog
from tests.bot.harness import Session, reply_text
from tests.standin import MessageRecord

AREAS = ["answers", "turns", "buttons", "lobbies", "checked", "steward", "deadlines"]
AREAS += ["permissions", "commands", "orders", "rules", "actions"]
DISCORD_WORDS = tuple(f"bot.{area}." for area in AREAS)
"""The catalog entries of the bot's own words on Discord."""
FIELD = re.compile(r"\{[^}]*\}")
EDGE = re.compile(r"^\W+|\W+$")


def pieces(language: str) -> set[str]:
    """The fixed wording of every entry of `DISCORD_WORDS` in `language`: each run of text
    between its fields with a letter in it (a button's single word counts)."""
    path = Path(bot.__file__).parent / "locale" / f"{language}.po"
    found: set[str] = set()
    for message in read_catalog(path, language):
        key = str(message.id[0] if isinstance(message.id, tuple) else message.id)
        if not key.startswith(DISCORD_WORDS):
            continue
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in texts:
            for part in FIELD.split(str(text or "")):
                for line in part.splitlines():
                    words = EDGE.sub("", line)
                    if re.search(r"[A-Za-z]{3}", words):
                        found.add(words)
    return found


def english_only() -> set[str]:
    """What English says that Spanish never does (a name or an emoji both share is left out)."""
    return pieces(ENGLISH) - pieces("es")


def shown(message: MessageRecord) -> list[str]:
    """Everything a reader sees of a message: its text, its embeds, its buttons' labels."""
    seen = [message.content]
    for embed in message.embeds:
        seen += [str(embed.get("title", "")), str(embed.get("description", ""))]
        seen.append(str((embed.get("footer") or {}).get("text", "")))
    seen += message.button_labels
    return seen


def english_in(texts: list[str]) -> list[str]:
    """The English phrases of `DISCORD_WORDS` that `texts` hold: a whole button label, or a
    phrase of several words anywhere."""
    english = english_only()
    found = {t for t in texts if t.strip() in english}
    found |= {p for t in texts for p in english if " " in p and len(p) >= 12 and p in t}
    return sorted(found)


async def test_a_spanish_lobby_speaks_spanish_and_an_english_client_is_answered_in_english(
    tmp_path: Path,
) -> None:
    async with Session(tmp_path / "games.sqlite3") as session:
        session.standin.world.guild_locales[session.standin.guild.id] = "es-ES"
        ana, bea, carl = session.user("Ana"), session.user("Bea"), session.user("Carl")
        ana.locale = bea.locale = "es-ES"
        carl.locale = "en-GB"
        opened = await session.command(ana, "game", "new", game="not_on_my_block")
        lobby = session.posts()[-1]
        joined = await session.press(bea, lobby, ":join")
        english_joined = await session.press(carl, session.standin.message(lobby.id), ":join")
        lobby = session.standin.message(lobby.id)

        assert "Unirme" in shown(lobby) and "Empezar" in shown(lobby)
        assert not english_in(shown(lobby)), english_in(shown(lobby))
        assert reply_text(opened).startswith("Sala abierta")
        assert reply_text(joined).startswith("Te has unido")
        assert reply_text(english_joined).startswith("You joined")

        await session.press(ana, lobby, ":start")
        asked = await session.command(bea, "game", "undo")
        refused = reply_text(asked)
        assert refused and not english_in([refused]), refused
        channel = [text for message in session.posts() for text in shown(message)]
        assert not english_in(channel), english_in(channel)
