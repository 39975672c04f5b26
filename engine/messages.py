"""Words as messages: a key and its arguments, turned into a sentence only at the edge, in the
reader's language.

Rules never build English. They say *which* sentence (`m("nomb.placed", colour=..., block=...)`)
and the bot, the renderer and the tests choose the language when they show it (`say(msg, "es")`).
What is stored keeps the key and the arguments, so the same history reads in any language later.

Catalogs are gettext `.po` files, one per language, in a `locale/` folder of each package that
has words (`engine/locale/`, `engine/games/<game>/locale/`, `bot/locale/`, `render/locale/`).
The message ids are the keys, not English sentences: English is a catalog like any other
(`en.po`) and the fallback at run time. Babel reads the files and knows each language's plural
rules, so nothing here hard-codes English grammar. A key's entry may have plural forms; the
argument `n` chooses among them.

An argument is a number, a name (a string shown as it is: a player's name, a space like "C4"),
another message (shown in the same language: a faction, a card, a count of blocs), or a list of
those (joined the way the language lists things: "a, b and c", "a, b y c").

>>> say(m("words.listing", items=["red", "blue", "yellow"]), "en")
'red, blue and yellow'
>>> say(m("words.listing", items=["rojo", "azul", "amarillo"]), "es")
'rojo, azul y amarillo'
"""

from __future__ import annotations

import contextlib
import gettext
import importlib.util
import json
import logging
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any, NewType

from babel import __version__ as babel_version
from babel.core import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from pydantic import BaseModel, ConfigDict, Field
from typing_extensions import TypeAliasType

log = logging.getLogger(__name__)

ENGLISH = "en"
"""The language every key is written in first, and the fallback when a catalog lacks a key."""


class Msg(BaseModel):
    """One sentence or phrase, as a catalog key and the arguments it is filled with."""

    model_config = ConfigDict(frozen=True)

    key: str
    args: dict[str, Arg] = Field(default_factory=dict)

    def __str__(self) -> str:
        """English, for logs, tests and error messages a developer reads."""
        return say(self, ENGLISH)

    def __hash__(self) -> int:
        """Hashable like the frozen value it is, so drawing caches can be keyed by messages."""
        return hash((self.key, _frozen(self.args)))


Arg = TypeAliasType("Arg", "int | float | str | Msg | Sequence[Arg]")
"""What a message's argument may be: a number, a name shown as it is, a message, a list."""
Msg.model_rebuild()


def _frozen(value: object) -> object:
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    return value


def m(key: str, /, **args: Arg) -> Msg:
    """The message `key` with these arguments: what rule modules write instead of a sentence.

    Arguments that validation would give back as they are (numbers, strings, messages, and
    lists of them, copied) skip it: a game names hundreds of units in every order sheet it
    offers, and validating each message's nested arguments took most of a step. Anything else
    (a bool, a tuple, a value of no `Arg` type) is validated as before."""
    if type(key) is not str:
        return Msg(key=key, args=args)
    plain: dict[str, Arg] = {}
    for name, value in args.items():
        kept = _plain(value)
        if kept is _UNSURE:
            return Msg(key=key, args=args)
        plain[name] = kept  # type: ignore[assignment]
    return _trusted(key, plain)


_UNSURE = object()
"""`_plain`'s answer for a value only validation can vouch for."""


def _plain(value: object) -> object:
    """`value` as validating it as an `Arg` gives it back, or `_UNSURE`."""
    kind = type(value)
    if kind is str or kind is int or kind is float or kind is Msg:
        return value
    if kind is list:
        items = [_plain(v) for v in value]  # type: ignore[attr-defined]
        return _UNSURE if any(i is _UNSURE for i in items) else items
    return _UNSURE


def _trusted(key: str, args: dict[str, Arg]) -> Msg:
    """The message `Msg(key=key, args=args)` makes of valid arguments, as `Msg.model_construct`
    builds it but without its per-field bookkeeping, which costs as much as validating."""
    msg = Msg.__new__(Msg)
    object.__setattr__(msg, "__dict__", {"key": key, "args": args})
    object.__setattr__(msg, "__pydantic_fields_set__", {"key", "args"})
    object.__setattr__(msg, "__pydantic_extra__", None)
    object.__setattr__(msg, "__pydantic_private__", None)
    return msg


_FOLDERS: list[Path] = [Path(__file__).parent / "locale"]


def add_catalog_folder(folder: Path) -> None:
    """Make the `<language>.po` files in `folder` part of every catalog (each package that has
    words adds its own folder when it is imported: the games through the registry, the bot and
    the renderer themselves)."""
    if folder not in _FOLDERS:
        _FOLDERS.append(folder)
        catalog.cache_clear()
        _languages.cache_clear()


def catalog_folders() -> list[Path]:
    """Every folder that holds catalogs, the engine's first."""
    return list(_FOLDERS)


def languages() -> list[str]:
    """Every language some catalog is written in, English first."""
    return list(_languages())


@cache
def _languages() -> tuple[str, ...]:
    """Read the folders once per set of folders: every word said asks which languages exist
    (`known`), and a directory listing each time cost a bot start over a second."""
    found = {p.stem for folder in _FOLDERS for p in folder.glob("*.po")}
    return (ENGLISH, *sorted(found - {ENGLISH}))


@dataclass(frozen=True)
class Words:
    """One language's entries from every catalog folder, with its plural rule."""

    language: str
    entries: Mapping[str, tuple[str, ...]]
    """Each key's text; a key with plural forms has one text per form."""
    plural_index: Any
    """The gettext plural rule: a count → which plural form to use."""
    locale: Locale


def read_catalog(path: Path, language: str) -> Catalog:
    """One `.po` file as Babel reads it."""
    with path.open("rb") as handle:
        return read_po(handle, locale=language)


@cache
def catalog(language: str) -> Words:
    """Every entry of `language` (read once per process)."""
    entries: dict[str, tuple[str, ...]] = {}
    rule = None
    for folder in _FOLDERS:
        path = folder / f"{language}.po"
        if not path.exists():
            continue
        found, its_rule = _entries(path, language)
        rule = rule or its_rule
        entries.update(found)
    try:
        locale = Locale.parse(language)
    except (ValueError, UnknownLocaleError):
        locale = Locale.parse(ENGLISH)
    plural = gettext.c2py(rule or "(n != 1)")
    return Words(language, entries, plural, locale)


def _entries(path: Path, language: str) -> tuple[dict[str, tuple[str, ...]], str]:
    """One `.po` file's entries with text, and its plural rule: from the file's cache when
    that was written from the file as it is now, else as Babel reads the file, writing the
    cache for the next process.

    Babel's reading of the catalogs took a tenth of a bot's start (0.23 s of CPU), on every
    restart. The cache sits where Python keeps the package's bytecode (`__pycache__`, or
    `PYTHONPYCACHEPREFIX`), written only where bytecode would be; it is keyed by the file's
    modification time and size and Babel's version, so an edited catalog is read again."""
    stat = path.stat()
    stamp = [stat.st_mtime_ns, stat.st_size, babel_version, _CACHE_FORMAT]
    kept = _cache_file(path)
    if kept is not None:
        try:
            data = json.loads(kept.read_text(encoding="utf-8"))
            if data["stamp"] == stamp:
                return {k: tuple(v) for k, v in data["entries"].items()}, data["rule"]
        except (OSError, ValueError, KeyError, TypeError):
            pass  # none yet, or unreadable: read the file itself
    parsed = read_catalog(path, language)
    entries: dict[str, tuple[str, ...]] = {}
    for message in parsed:
        if not message.id:
            continue
        key = str(message.id[0] if isinstance(message.id, tuple) else message.id)
        found = message.string if isinstance(message.string, tuple) else (message.string,)
        texts = tuple(str(text or "") for text in found)
        if any(texts):
            entries[key] = texts
    rule = parsed.plural_expr
    if kept is not None and not sys.dont_write_bytecode:
        data = {"stamp": stamp, "rule": rule, "entries": entries}
        with contextlib.suppress(OSError):  # a read-only install: read the file each time
            kept.parent.mkdir(parents=True, exist_ok=True)
            partial = kept.with_name(f"{kept.name}.{os.getpid()}.tmp")
            partial.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
            os.replace(partial, kept)  # whole or not at all, whoever else writes it
    return entries, rule


_CACHE_FORMAT = 1
"""Raised when what `_entries` keeps changes shape, so older caches are read again."""


def _cache_file(path: Path) -> Path | None:
    """Where the cache of the catalog at `path` goes, beside its folder's bytecode."""
    try:
        compiled = importlib.util.cache_from_source(f"{path}.py")
    except NotImplementedError:  # an interpreter that keeps no bytecode
        return None
    return Path(compiled).with_suffix(".json")


def known(language: str | None) -> str:
    """The catalog language for a requested one ("es-ES", "es-419" and "es" all read Spanish;
    anything without a catalog reads English)."""
    if not language:
        return ENGLISH
    base = language.replace("_", "-").split("-")[0].lower()
    return base if base in _languages() else ENGLISH


Said = NewType("Said", str)
"""Text already in its reader's language: what `say` gives, or a page put together from what
it gave and from narration stored as its channel read it. An edge that shows words (a private
answer) takes a message or this, never a bare string, so no unsaid English slips through."""


def say(msg: Msg | Said, language: str = ENGLISH) -> str:
    """`msg` as a reader of `language` sees it (text already said stays as it is)."""
    if isinstance(msg, str):
        return msg
    return _render(msg, catalog(known(language)))


def term(text: str) -> Msg:
    """A word that must be a plain string where it is declared (an action's `summary`, a
    field's `description`, an option's label): games write a catalog key there, said in the
    reader's language; text that is no key is shown as it is."""
    return Msg(key=text) if has_key(text) else Msg(key="core.name", args={"name": text})


def say_all(msgs: Iterable[Msg], language: str = ENGLISH) -> list[str]:
    """Several messages in one language."""
    words = catalog(known(language))
    return [_render(msg, words) for msg in msgs]


def has_key(key: str, language: str = ENGLISH) -> bool:
    """Whether `language`'s catalogs hold `key` (without falling back)."""
    return key in catalog(language).entries


def _render(msg: Msg, words: Words) -> str:
    texts = words.entries.get(msg.key)
    if texts is None and words.language != ENGLISH:
        texts = catalog(ENGLISH).entries.get(msg.key)
        words_for_plural = catalog(ENGLISH)
    else:
        words_for_plural = words
    if texts is None:
        log.error("no catalog has the message %r", msg.key)
        return msg.key
    template = texts[0]
    if len(texts) > 1:
        n = msg.args.get("n", 1)
        index = words_for_plural.plural_index(int(n) if isinstance(n, int | float) else 1)
        template = texts[min(index, len(texts) - 1)]
    values = {name: _value(arg, words) for name, arg in msg.args.items()}
    try:
        return template.format_map(values)
    except (KeyError, IndexError, ValueError):
        log.error(
            "the %s text of %r does not fit its arguments %s", words.language, msg.key, list(values)
        )
        return template


def _value(arg: Arg, words: Words) -> str:
    if isinstance(arg, Msg):
        return _render(arg, words)
    if isinstance(arg, str):
        return arg
    if isinstance(arg, Sequence):
        return _listing([_value(item, words) for item in arg], words)
    if isinstance(arg, bool):
        return str(arg)
    if isinstance(arg, int):
        return str(arg)
    if isinstance(arg, float):
        return f"{arg:g}"
    return str(arg)


def _listing(items: list[str], words: Words) -> str:
    """Items joined the way the language lists them; the joints are catalog entries, so each
    language says its own "and"."""
    if len(items) <= 1:
        return "".join(items)
    comma = _render(Msg(key="words.list.comma"), words)
    head = comma.join(items[:-1])
    return _render(Msg(key="words.list.last", args={"head": head, "last": items[-1]}), words)


def fields(template: str) -> set[str]:
    """The argument names a catalog text uses (`{colour}`, `{n}`), for checking translations."""
    return {
        name.split(".")[0].split("[")[0] for _, name, _, _ in Formatter().parse(template) if name
    }
