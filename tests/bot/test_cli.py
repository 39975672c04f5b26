"""`python -m bot` as an operator meets it: help and version without starting anything, a quiet
start for a text-only bot, and logs a collector can read line by line."""

from __future__ import annotations

import json
import logging
import subprocess
import sys

from bot.logs import JsonLines, about
from tests.bot.test_startup import clean_env


def run_bot(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        env=clean_env() | (env or {}),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_help_lists_the_commands_and_starts_nothing() -> None:
    done = run_bot("--help")
    assert done.returncode == 0, done.stderr
    for command in ("run", "backup", "restore", "replay"):
        assert command in done.stdout
    assert done.stderr == ""  # no "No bot token": nothing tried to start


def test_version_prints_the_installed_version() -> None:
    from importlib.metadata import version

    done = run_bot("--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"python -m bot {version('boardgame-bot')}"


def test_a_text_only_bot_starts_without_voice_warnings() -> None:
    """discord.py warns once per process, when the first client is made."""
    made = subprocess.run(
        [
            sys.executable,
            "-c",
            "import logging; logging.basicConfig();"
            "from bot.config import Settings; from bot.discord.app import GameBot;"
            "GameBot(Settings(discord_token='x', render_workers=0))",
        ],
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert made.returncode == 0, made.stderr
    assert "voice" not in made.stderr


def test_json_lines_name_the_game_and_channel_as_fields() -> None:
    formatter = JsonLines()
    logger = logging.getLogger("tests.json")
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    keep = Keep()
    logger.addHandler(keep)
    try:
        with about(channel_id=42), about(game_id=7):
            logger.warning("could not post for game %s", 7)
            lines = [formatter.format(r) for r in records]
        logger.warning("elsewhere", extra={"game_id": 9})
        lines.append(formatter.format(records[-1]))
    finally:
        logger.removeHandler(keep)
    first, second = (json.loads(line) for line in lines)
    assert first["message"] == "could not post for game 7"
    assert (first["game_id"], first["channel_id"], first["level"]) == (7, 42, "WARNING")
    assert second["game_id"] == 9 and "channel_id" not in second


def test_log_format_json_makes_every_log_line_json(tmp_path) -> None:
    """The bot's own start-up lines (migrations applied) come out as JSON objects; the last
    line, why it stopped, is the one plain sentence meant for the operator."""
    from tests.bot.test_startup import closed_port

    address = f"127.0.0.1:{closed_port()}"
    done = subprocess.run(
        [sys.executable, "-m", "tests.bot.child"],
        env=clean_env()
        | {
            "DISCORD_TOKEN": "x",
            "DATABASE_PATH": str(tmp_path / "games.sqlite3"),
            "LOG_FORMAT": "json",
            "RENDER_WORKERS": "0",
            "STANDIN_API_BASE": f"http://{address}/api/v10",
            "STANDIN_GATEWAY_URL": f"ws://{address}/gateway",
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    *logged, last = done.stderr.strip().splitlines()
    parsed = [json.loads(line) for line in logged]
    assert any("applied migration" in p["message"] for p in parsed)
    assert "Cannot reach Discord" in last
