"""The bot, the engine and the renderers type-check clean under the project's mypy settings.

A wrong type caught here is a crash a player would otherwise meet mid-game (a None where a game
state was expected, a button id parsed into the wrong type). The settings live in pyproject.toml
under [tool.mypy]; this test runs them as CI does, so an error or an unused `type: ignore` fails
the suite with mypy's own report.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 300


def test_mypy_finds_no_errors() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary", "--show-error-codes"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    report = (done.stdout + done.stderr).strip()
    assert done.returncode == 0 and not report, f"mypy reports:\n{report}"
