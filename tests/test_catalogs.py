"""Every word a player reads comes from a catalog, in every language the project ships.

- Every key the code names (`m("nomb.placed", ...)`) is in the English catalogs.
- Every English entry is in every other language, with the same arguments and every plural form;
  English is a fallback at run time only, never in CI.
- Each game's keys start with its short name, so two games never share one.
- Rule modules hold no user-facing English: a sentence literal there fails this test.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

import bot  # its catalog folder joins the catalogs when it is imported
import render  # so does the boards' own
from engine import messages
from engine.games import GAMES
from engine.games.registry import catalog_folder
from engine.messages import (
    ENGLISH,
    add_catalog_folder,
    catalog,
    catalog_folders,
    fields,
    languages,
    m,
    read_catalog,
    say,
)

ROOT = Path(__file__).resolve().parents[1]
DEVELOPER = {"engine/games/registry.py", "engine/messages.py"}
"""Modules whose words only a developer reads: the checks on a game's definition at start-up."""
RULES = sorted(
    p for p in (ROOT / "engine").rglob("*.py") if str(p.relative_to(ROOT)) not in DEVELOPER
)


PROSE = re.compile(r"[A-Za-z]{2,}")
KEY_CALL = {"m", "Msg"}


def _docstrings(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for i, stmt in enumerate(body):
            is_str = isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
            if is_str and (i == 0 or isinstance(body[i - 1], ast.Assign | ast.AnnAssign)):
                found.add(id(stmt.value))
    return found


LOGS = {"debug", "info", "warning", "error", "exception"}
EDITS = {"removeprefix", "removesuffix", "startswith", "endswith"}
"""Calls whose strings are matched against other text, never shown as they are."""


def _proper_names(tree: ast.AST) -> set[int]:
    """A game's `title`: its name, the same in every language."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "title" for t in node.targets)
        and isinstance(node.value, ast.Constant)
    }


def _developer_only(tree: ast.AST) -> set[int]:
    """Literals only a developer reads: a broken data file's or definition's error, a log line."""
    found: set[int] = set()
    for node in ast.walk(tree):
        quiet = False
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            name = node.exc.func
            quiet = not (isinstance(name, ast.Name) and name.id == "IllegalAction")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            quiet = quiet or node.func.attr in LOGS | EDITS
        if isinstance(node, ast.Assert):
            quiet = True
        if quiet:
            found |= {id(n) for n in ast.walk(node) if isinstance(n, ast.Constant)}
    return found


def _names(tree: ast.AST) -> set[str]:
    """Identifiers the module knows: a one-word literal equal to one is a forward reference."""
    found = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    found |= {n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef | ast.FunctionDef)}
    found |= {
        a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names
    }
    return found


def sentences(path: Path) -> list[tuple[int, str]]:
    """String literals in `path` that read as words for a player."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree) | _developer_only(tree) | _proper_names(tree)
    names = _names(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value.strip()
            word = re.fullmatch(r"[A-Z][a-z]+[.!?:]?", text) and text not in names
            if PROSE.search(text) and (" " in text or word):
                found.append((node.lineno, node.value))
    return found


@pytest.mark.parametrize("path", RULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_rule_modules_hold_no_sentences(path: Path) -> None:
    name = str(path.relative_to(ROOT))
    found = sentences(path)
    assert not found, f"{name} still builds words: {found[:5]}"


def keys_named_in_code() -> dict[str, str]:
    """Every literal key passed to `m(...)` or `Msg(key=...)`, with where it is named."""
    named: dict[str, str] = {}
    for folder in ("engine", "bot", "render"):
        for path in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                func = node.func
                called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if called not in KEY_CALL:
                    continue
                first = node.args[0] if node.args else None
                for kw in node.keywords:
                    if kw.arg == "key":
                        first = kw.value
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    named.setdefault(first.value, f"{path.relative_to(ROOT)}:{node.lineno}")
    return named


def test_every_key_the_code_names_is_in_english() -> None:
    for folder in (ROOT / "engine" / "games").glob("*/locale"):
        add_catalog_folder(folder)  # a game still being written, not yet registered, too
    english = catalog(ENGLISH).entries
    missing = {key: where for key, where in keys_named_in_code().items() if key not in english}
    assert not missing, f"keys with no English text: {missing}"


@pytest.mark.parametrize("language", [lang for lang in languages() if lang != ENGLISH])
def test_every_language_has_every_entry(language: str) -> None:
    for folder in catalog_folders():
        english_path = folder / f"{ENGLISH}.po"
        if not english_path.exists():
            continue
        english = {m.id: m for m in read_catalog(english_path, ENGLISH) if m.id}
        other_path = folder / f"{language}.po"
        assert other_path.exists(), f"{folder} has no {language}.po"
        other = {m.id: m for m in read_catalog(other_path, language) if m.id}
        missing = sorted(str(k) for k in english.keys() - other.keys())
        assert not missing, f"{other_path} lacks {missing[:10]} ({len(missing)} in all)"
        extra = sorted(str(k) for k in other.keys() - english.keys())
        assert not extra, f"{other_path} has keys English does not: {extra[:10]}"
        for key, message in english.items():
            theirs = other[key]
            texts = theirs.string if isinstance(theirs.string, tuple) else (theirs.string,)
            assert all(texts), f"{other_path}: {key} is not translated"
            wanted = fields(
                "".join(message.string if isinstance(message.string, tuple) else (message.string,))
            )
            for text in texts:
                assert fields(text) <= wanted | {"n"}, f"{other_path}: {key} uses unknown arguments"
                assert fields(text) >= wanted - {"n"}, f"{other_path}: {key} drops an argument"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_games_keys_are_its_own(game) -> None:
    english = catalog_folder(game) / f"{ENGLISH}.po"
    if not english.exists():
        pytest.skip(f"{game.id} has no catalog yet")
    keys = [m.id for m in read_catalog(english, ENGLISH) if m.id]
    strange = [
        k
        for k in keys
        if not str(k if isinstance(k, str) else k[0]).startswith(f"{game.short_name}.")
    ]
    assert not strange, f"{game.id}'s keys must start with {game.short_name}.: {strange[:5]}"


def test_every_language_is_named_in_every_language() -> None:
    """A table's settings say the language it posts in, in the reader's words ("publica en
    inglés", never "publica en English")."""
    missing = [
        f"bot.language.{code} in {reader}"
        for reader in languages()
        for code in languages()
        if f"bot.language.{code}" not in catalog(reader).entries
    ]
    assert not missing, missing
    assert say(m("bot.language.en"), "es") != say(m("bot.language.en"), "en")


def _read_twice(path: Path, language: str) -> tuple[object, object]:
    """What the first process reads of a catalog (Babel parsing it), and what the next one
    reads (the cache the first left)."""
    return messages._entries(path, language), messages._entries(path, language)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_catalog_read_from_its_cache_is_the_catalog_babel_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """Every catalog folder's file: a bot starting after another reads the same entries and
    plural rule as the first, which had Babel parse the file. (A toy game another test
    registered in this process adds a folder with no catalog at all.)"""
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path / "cache"))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    paths = [f / f"{language}.po" for f in catalog_folders() if (f / f"{language}.po").exists()]
    packages = (messages, bot, render)  # the engine's, the bot's and the boards' own words
    real = {Path(str(p.__file__)).parent / "locale" for p in packages}
    real |= {catalog_folder(g) for g in GAMES}
    assert real <= {path.parent for path in paths}
    for path in paths:
        parsed, cached = _read_twice(path, language)
        assert messages._cache_file(path) is not None
        assert messages._cache_file(path).exists()  # type: ignore[union-attr]
        assert cached == parsed
        entries, rule = parsed  # type: ignore[misc]
        assert rule == read_catalog(path, language).plural_expr
        assert entries


def test_an_edited_catalog_is_read_again_and_an_unwritable_cache_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path / "cache"))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    path = tmp_path / "locale" / "en.po"
    path.parent.mkdir()
    path.write_text('msgid "demo.one"\nmsgstr "One"\n', encoding="utf-8")
    first, _ = _read_twice(path, "en")
    assert first[0] == {"demo.one": ("One",)}  # type: ignore[index]
    path.write_text('msgid "demo.one"\nmsgstr "One, edited"\n', encoding="utf-8")
    assert messages._entries(path, "en")[0] == {"demo.one": ("One, edited",)}
    monkeypatch.setattr(sys, "pycache_prefix", str(path))  # a file: no folder can go there
    assert messages._entries(path, "en")[0] == {"demo.one": ("One, edited",)}
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path / "elsewhere"))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert messages._entries(path, "en")[0] == {"demo.one": ("One, edited",)}
    assert not (tmp_path / "elsewhere").exists(), "no cache where no bytecode is written"
