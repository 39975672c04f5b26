"""Slash commands speak every language the bot ships, within Discord's limits in each.

The English catalog holds exactly the English the code declares (so the two never drift), every
other language has each string, and every translated name and description still fits what
Discord accepts at sync: a command refused there would take every command down.
"""

from __future__ import annotations

import re

import discord
import pytest
from discord import Locale, app_commands
from discord.app_commands import TranslationContext
from discord.app_commands import TranslationContextLocation as Where

from bot.discord.action_commands import build_group
from bot.discord.game_commands import GameCommands
from bot.discord.rules_commands import rules_command
from bot.discord.translator import CatalogTranslator, Node, key_for, tree_strings
from engine.games import REGISTRY
from engine.messages import ENGLISH, catalog, languages

NAME = re.compile(r"^[-_\w]{1,32}$")
"""Discord's rule for command and option names (letters of any script, digits, - and _)."""


def general() -> list[app_commands.Group]:
    return [GameCommands(), rules_command()]


def test_the_english_catalog_is_what_the_code_declares() -> None:
    declared = tree_strings(general())
    english = catalog(ENGLISH).entries
    missing = {k: v for k, v in declared.items() if k not in english}
    assert not missing, f"add to bot/locale/en.po: {missing}"
    drifted = {k: (v, english[k][0]) for k, v in declared.items() if english[k][0] != v}
    assert not drifted, f"bot/locale/en.po differs from the code: {drifted}"


def test_one_key_never_names_two_strings() -> None:
    seen: dict[str, str] = {}

    def visit(node: app_commands.Command | app_commands.Group) -> None:
        for key, text in tree_strings([node]).items():
            assert seen.setdefault(key, text) == text, f"{key}: {seen[key]!r} and {text!r}"

    for node in general():
        visit(node)
        for child in getattr(node, "walk_commands", lambda: [])():
            visit(child)


@pytest.mark.parametrize("language", [x for x in languages() if x != ENGLISH])
def test_every_command_string_is_translated_and_fits_discord(language: str) -> None:
    words = catalog(language).entries
    problems = []
    for key in tree_strings(general()):
        if key not in words:
            problems.append(f"{key}: missing")
            continue
        text = words[key][0]
        if key.endswith(".name") and not key.startswith("cmd.choice."):
            if not NAME.fullmatch(text) or text != text.lower():
                problems.append(f"{key}: {text!r} is not a Discord name")
        elif not 1 <= len(text) <= 100:
            problems.append(f"{key}: {len(text)} characters")
    assert not problems


@pytest.mark.parametrize("language", [x for x in languages() if x != ENGLISH])
def test_names_stay_apart_among_siblings_in_every_language(language: str) -> None:
    words = catalog(language).entries

    def said(key: str, fallback: str) -> str:
        return words.get(key, (fallback,))[0]

    def check(node: app_commands.Command | app_commands.Group) -> None:
        if isinstance(node, app_commands.Group):
            names = [said(key_for(Where.command_name, c) or "", c.name) for c in node.commands]
            assert len(set(names)) == len(names), f"{node.qualified_name}: {names}"
            for child in node.commands:
                check(child)
        else:
            options = [
                said(key_for(Where.parameter_name, p) or "", p.name) for p in node.parameters
            ]
            assert len(set(options)) == len(options), f"{node.qualified_name}: {options}"

    for node in general():
        check(node)


async def test_the_translator_answers_each_client_in_its_language() -> None:
    group = GameCommands()
    board = next(c for c in group.commands if c.name == "board")
    translator = CatalogTranslator()
    context = TranslationContext(location=Where.command_description, data=board)
    text = app_commands.locale_str(board.description)
    spanish = await translator.translate(text, Locale.spain_spanish, context)
    assert spanish == catalog("es").entries["cmd.game.board.description"][0]
    assert spanish != board.description
    assert await translator.translate(text, Locale.latin_american_spanish, context) == spanish
    assert await translator.translate(text, Locale.american_english, context) is None
    assert await translator.translate(text, Locale.japanese, context) is None
    name = TranslationContext(location=Where.command_name, data=board)
    assert await translator.translate(app_commands.locale_str("board"), Locale.spain_spanish, name)


async def test_a_whole_tree_translates_the_way_discord_py_syncs_it() -> None:
    """discord.py builds each command's payload with the translator at sync: every Spanish
    name and description lands in the payload, and nothing is refused."""
    translator = CatalogTranslator()
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    for node in general():
        payload = await node.get_translated_payload(tree, translator)
        assert payload["name_localizations"]["es-ES"] != node.name
        assert payload["description_localizations"]["es-ES"] != node.description
    for game in REGISTRY.values():
        payload = await build_group(game).get_translated_payload(tree, translator)
        assert payload["description_localizations"]["es-ES"] == f"Jugar a {game.title}"
    for node in [*general(), *(build_group(g) for g in REGISTRY.values())]:
        payload = await node.get_translated_payload(tree, translator)

        def names(entry: dict) -> list[str]:
            found = list(entry.get("name_localizations", {}).values())
            for option in entry.get("options", []):
                found += names(option)
            return found

        assert all(NAME.fullmatch(v) for v in names(payload)), node.qualified_name


MENTION = re.compile(r"`(/[^`\n]+)`")
"""A command written out for the reader to type, as the bot's words write them: `/game hand`."""


def _typed(node: Node, language: str) -> str:
    """A command, group or option name as a reader of `language` sees it in Discord."""
    if isinstance(node, app_commands.Parameter):
        string, where = node.locale_name or node.name, Where.parameter_name
    else:
        group = isinstance(node, app_commands.Group)
        string = node._locale_name or node.name
        where = Where.group_name if group else Where.command_name
    english = string.message if isinstance(string, app_commands.locale_str) else str(string)
    extras = string.extras if isinstance(string, app_commands.locale_str) else {}
    key = extras.get("key") or key_for(where, node)
    entry = catalog(language).entries.get(key or "") if language != ENGLISH else None
    return entry[0] if entry and entry[0] else english


def _refusal(text: str, roots: list[Node], language: str) -> str | None:
    """Why the written command `text` is not one a reader of `language` can type, or None."""
    words = text[1:].split(" ")
    nodes: list[Node] = roots
    command: app_commands.Command | None = None
    for word in words:
        if ":" in word:
            if command is None:
                return f"an option before a command in {text!r}"
            option = word.split(":")[0]
            typed = [_typed(p, language) for p in command.parameters]
            if option not in typed:
                return f"{text!r}: no option {option!r} (it has {typed})"
            continue
        if command is not None:
            return None  # a word after the command is the reader's own value, or prose
        found = {_typed(n, language): n for n in nodes}
        if word not in found:
            return f"{text!r}: no {word!r} where it is (there: {sorted(found)})"
        node = found[word]
        if isinstance(node, app_commands.Group):
            nodes = list(node.commands)
        else:
            command = node  # type: ignore[assignment]
    return None


@pytest.mark.parametrize("language", languages())
def test_every_command_the_words_name_is_one_a_reader_can_type(language: str) -> None:
    """A reply, a prompt or a `/rules` topic that names a command names it as the reader's
    Discord shows it: a Spanish reader is told `/partida mano`, never `/game hand`, which
    their command list does not hold."""
    roots: list[Node] = [*general(), *(build_group(g) for g in REGISTRY.values())]
    texts = [(key, t) for key, forms in catalog(language).entries.items() for t in forms]
    for game in REGISTRY.values():
        texts += [(f"{game.id} /rules {t.id}", t.text) for t in game.rules_topics(language)]
    problems = [
        f"{where}: {why}"
        for where, text in texts
        for written in MENTION.findall(text)
        if "{" not in written  # a command filled in when said (a game's own group)
        and (why := _refusal(written, roots, language)) is not None
    ]
    assert not problems, "\n".join(problems[:40]) + f"\n({len(problems)} in all)"
