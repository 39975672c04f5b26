"""The bot's rooms keep to what they may import, and no module needs itself through others.

Every import counts for the rooms, including those inside functions and those made only for
the type checker: a late import still ties two modules together, and a reader following a move
must be able to trust the room a module sits in. Circles are counted among imports that run:
a module naming the client's type for the checker (`if TYPE_CHECKING:`), as discord.py's own
modules name its `Client`, loads nothing.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _typing_only(tree: ast.Module) -> set[int]:
    """Ids of the import nodes inside `if TYPE_CHECKING:` blocks."""
    return {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If)
        and isinstance(node.test, ast.Name)
        and node.test.id == "TYPE_CHECKING"
        for inner in ast.walk(node)
    }


def _imports(path: Path, *, running: bool = False) -> set[str]:
    """Every module `path` imports, written as dotted names (`from a import b` gives `a.b`
    as well as `a`, since `b` may be a module); with `running`, only the imports that run."""
    found: set[str] = set()
    tree = ast.parse(path.read_text(), str(path))
    skip = _typing_only(tree) if running else set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def _sources(folder: str, *, running: bool = False) -> dict[str, set[str]]:
    return {_module(p): _imports(p, running=running) for p in sorted((ROOT / folder).rglob("*.py"))}


def _breaks(modules: dict[str, set[str]], forbidden: tuple[str, ...]) -> list[str]:
    return sorted(
        f"{module} imports {name}"
        for module, names in modules.items()
        for name in names
        if any(name == f or name.startswith(f + ".") for f in forbidden)
    )


def test_the_store_imports_neither_discord_nor_the_other_rooms() -> None:
    store = {m: i for m, i in _sources("bot").items() if m.startswith("bot.store")}
    assert store, "no store room found"
    assert _breaks(store, ("discord", "bot.discord", "bot.table", "render")) == []


def test_the_table_room_never_imports_discord() -> None:
    table = {m: i for m, i in _sources("bot").items() if m.startswith("bot.table")}
    assert table, "no table room found"
    assert _breaks(table, ("discord", "bot.discord")) == []


def test_only_the_program_entry_reaches_into_the_discord_room() -> None:
    outside = {
        m: i
        for m, i in _sources("bot").items()
        if not m.startswith("bot.discord") and m != "bot.__main__"
    }
    assert _breaks(outside, ("discord", "bot.discord")) == []


def test_the_engine_and_the_drawing_know_nothing_of_the_bot() -> None:
    lower = _sources("engine") | _sources("render")
    assert _breaks(lower, ("bot", "discord")) == []


def test_bot_modules_form_no_circle() -> None:
    modules = _sources("bot", running=True)
    edges = {
        m: {n for n in names if n in modules and n != m and not m.startswith(n + ".")}
        for m, names in modules.items()
    }
    circles: list[list[str]] = []
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            circles.append([*path[path.index(module) :], module])
            return
        if module in done:
            return
        for nxt in sorted(edges[module]):
            visit(nxt, [*path, module])
        done.add(module)

    for module in sorted(edges):
        visit(module, [])
    assert [" → ".join(c) for c in circles] == []


def test_the_spectator_pages_know_nothing_of_discord_and_the_rooms_below_know_nothing_of_them():
    """`bot.web` serves pages from the store and the table's use cases; the client starts it,
    and neither the store nor the table may lean on the web server."""
    modules = _sources("bot")
    web = {m: i for m, i in modules.items() if m.startswith("bot.web")}
    assert web, "no spectator page room found"
    assert _breaks(web, ("discord", "bot.discord")) == []
    lower = {m: i for m, i in modules.items() if m.startswith(("bot.store", "bot.table"))}
    assert _breaks(lower, ("bot.web", "aiohttp")) == []


def test_a_drawing_worker_and_a_sqlite_bot_load_no_driver_or_metrics_they_do_not_use(
    tmp_path: Path,
) -> None:
    """Every process pays for what it imports, once per process: PostgreSQL's driver holds
    some 12 MiB and the metrics client some 10, in the bot and in each drawing worker."""
    script = (
        "import sys\n"
        "from bot.discord import drawing_worker\n"
        "drawing_worker.warm()\n"
        "worker = sorted({'asyncpg', 'prometheus_client'} & set(sys.modules))\n"
        "import bot.discord.app, bot.store.choice\n"
        "from pathlib import Path\n"
        "bot.store.choice.chosen(Path('unused.db'), None)\n"
        "print(worker, 'asyncpg' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.stdout.split() == ["[]", "False"]
