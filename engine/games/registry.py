"""Checks a game definition when it is registered, the way a framework validates a game
before anyone plays it: a mistake in a new game stops the bot at start-up with a sentence
naming it, instead of surfacing as a strange failure on some table's first move."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from pathlib import Path
from types import UnionType
from typing import Literal, Union, get_args, get_origin

from engine.core import ActionBase, Game, GameState, IllegalAction
from engine.messages import add_catalog_folder

NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
"""Game ids, short names and action kinds: lowercase words any client can type."""


class GameDefinitionError(ValueError):
    """A registered game is not complete or contradicts another; the message says where."""


def check(game: Game) -> list[str]:
    """Everything wrong with one game's definition (empty when it is sound)."""
    problems: list[str] = []
    where = getattr(game, "id", type(game).__name__)
    for attr in ("id", "short_name"):
        value = getattr(game, attr, "")
        if not isinstance(value, str) or not NAME.fullmatch(value):
            problems.append(f"{where}: {attr} {value!r} is not a short lowercase name")
    if not getattr(game, "title", ""):
        problems.append(f"{where}: has no title")
    if not issubclass(game.state_type, GameState):
        problems.append(f"{where}: state_type does not derive from GameState")
    problems += _check_options(where, game)
    problems += _check_actions(where, game.action_types)
    return problems


def _check_options(where: str, game: Game) -> list[str]:
    problems = []
    if not game.player_counts:
        return [f"{where}: player_counts is empty"]
    if "players" not in game.options_type.model_fields:
        return [f"{where}: options_type has no `players` field"]
    for count in game.player_counts:
        try:
            game.make_options(players=count)
        except IllegalAction as exc:
            problems.append(f"{where}: default options refused for {count} players: {exc}")
    for name, field in game.options_type.model_fields.items():
        if name != "players" and not field.description:
            problems.append(f"{where}: option {name} has no description for the lobby")
    return problems


def _check_actions(where: str, action_types: Iterable[type[ActionBase]]) -> list[str]:
    problems = []
    kinds: set[str] = set()
    for action in action_types:
        kind_field = action.model_fields.get("kind")
        kinds_of = get_args(kind_field.annotation) if kind_field else ()
        if len(kinds_of) != 1 or not NAME.fullmatch(str(kinds_of[0])):
            problems.append(f"{where}: {action.__name__}.kind must be one lowercase Literal")
            continue
        kind = str(kinds_of[0])
        if kind in kinds:
            problems.append(f"{where}: action kind {kind} is defined twice")
        kinds.add(kind)
        if not action.summary:
            problems.append(f"{where}: action {kind} has no summary")
        for name, field in action.model_fields.items():
            if name == "kind":
                continue
            if not field.description:
                problems.append(f"{where}: action {kind} field {name} has no description")
            if not _plain(field.annotation):
                problems.append(f"{where}: action {kind} field {name} is not a str or an int")
    return problems


def _plain(annotation: object) -> bool:
    """str, int, a Literal of them, or an optional one: what any client can type."""
    if annotation in (str, int, type(None)):
        return True
    origin = get_origin(annotation)
    if origin is Literal:
        return all(isinstance(a, str | int) for a in get_args(annotation))
    if origin in (Union, UnionType):
        return all(_plain(a) for a in get_args(annotation))
    return False


def registry(games: Iterable[Game]) -> dict[str, Game]:
    """The games by id, after checking each and their ids and short names against each other."""
    found: dict[str, Game] = {}
    short: dict[str, str] = {}
    problems: list[str] = []
    for game in games:
        problems += check(game)
        if game.id in found:
            problems.append(f"{game.id}: registered twice")
        if game.short_name in short:
            owner = short[game.short_name]
            problems.append(f"{game.id}: short name {game.short_name} is {owner}'s already")
        found[game.id] = game
        short[game.short_name] = game.id
        add_catalog_folder(catalog_folder(game))
    if problems:
        raise GameDefinitionError("; ".join(problems))
    return found


def catalog_folder(game: Game) -> Path:
    """Where a game keeps its catalogs: `locale/` in its package, one `<language>.po` per
    language, every key starting with the game's short name (`nomb.placed`)."""
    package = type(game).__module__.rsplit(".", 1)[0]
    return Path(sys.modules[package].__file__ or "").parent / "locale"


__all__ = ["GameDefinitionError", "catalog_folder", "check", "registry"]
