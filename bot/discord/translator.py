"""Slash commands in the reader's language: Discord shows each person the names, descriptions
and choices of the commands in their client's language, from the same catalogs as everything
else the bot says.

discord.py asks an `app_commands.Translator` for every string of the command tree when it syncs,
once per language Discord supports, and sends what it gets with the commands. Our strings are
written in English where the commands are declared; the translator finds each one's entry by a
key made from where the string sits in the tree (`cmd.game.me.settings.timezone.description`),
so declaring a command needs nothing more. A string built elsewhere (a game's action commands,
from its catalog) may carry its own key as `locale_str(english, key=...)`.

The English catalog (`bot/locale/en.po`) holds every key with the English the code declares; a
test keeps the two equal and every other language complete and within Discord's limits.
"""

from __future__ import annotations

from collections.abc import Iterable

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from engine.messages import ENGLISH, Msg, catalog, known, say

Node = app_commands.Command | app_commands.Group | app_commands.ContextMenu


def _path(node: object) -> str:
    return str(getattr(node, "qualified_name", "")).replace(" ", ".")


def key_for(location: Where, data: object) -> str | None:
    """The catalog key of one string of the command tree, from where it sits."""
    if location in (Where.command_name, Where.group_name):
        return f"cmd.{_path(data)}.name"
    if location in (Where.command_description, Where.group_description):
        return f"cmd.{_path(data)}.description"
    if location in (Where.parameter_name, Where.parameter_description):
        parameter = data
        command = getattr(parameter, "command", None)
        part = "name" if location is Where.parameter_name else "description"
        return f"cmd.{_path(command)}.{getattr(parameter, 'name', '')}.{part}"
    if location is Where.choice_name:
        return f"cmd.choice.{getattr(data, 'value', '')}"
    return None


class CatalogTranslator(app_commands.Translator):
    """Reads each command string's translation from the catalogs; English is the declaration."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = known(locale.value)
        if language == ENGLISH:
            return None
        key = string.extras.get("key") or key_for(context.location, context.data)
        if key is None or key not in catalog(language).entries:
            return None
        args = {k: v for k, v in string.extras.items() if k != "key"}
        return say(Msg(key=key, args=args), language)


def tree_strings(nodes: Iterable[Node]) -> dict[str, str]:
    """Every translatable string of these commands (their own keys for those built with one),
    by key: what the English catalog must hold."""
    found: dict[str, str] = {}

    def add(string: object, location: Where, data: object) -> None:
        if isinstance(string, app_commands.locale_str):
            key = string.extras.get("key") or key_for(location, data)
            text = string.message
        else:
            key, text = key_for(location, data), str(string)
        if key is not None:
            found[key] = text

    def walk(node: Node) -> None:
        group = isinstance(node, app_commands.Group)
        add(node._locale_name or node.name, Where.group_name if group else Where.command_name, node)
        if isinstance(node, app_commands.ContextMenu):
            return
        description = node._locale_description or node.description
        add(description, Where.group_description if group else Where.command_description, node)
        if isinstance(node, app_commands.Group):
            for child in node.commands:
                walk(child)
            return
        for parameter in node.parameters:
            add(parameter.locale_name or parameter.name, Where.parameter_name, parameter)
            add(
                parameter.locale_description or parameter.description,
                Where.parameter_description,
                parameter,
            )
            for choice in parameter.choices:
                add(choice._locale_name or choice.name, Where.choice_name, choice)

    for node in nodes:
        walk(node)
    return found


def typed(command: str, language: str) -> str:
    """A command written as English declares it ("/game seat vacation") as a reader of
    `language` types it ("/partida asiento vacaciones"): each name from the catalogs, English
    where a language keeps it (a game's own commands)."""
    words = catalog(known(language)).entries
    path: list[str] = []
    said = []
    for word in command.removeprefix("/").split(" "):
        path.append(word)
        entry = words.get(f"cmd.{'.'.join(path)}.name")
        said.append(entry[0] if entry and entry[0] else word)
    return "/" + " ".join(said)
