"""Marks the long tests `slow`, by where they live, so the quick loop is one flag away.

`python -m pytest` runs everything (as CI does); `python -m pytest -m "not slow"` leaves out
whole games through the stand-in, the crash suite, the install test and the long seeded
playouts.
"""

from __future__ import annotations

import pytest

SLOW_FILES = ("test_e2e_", "test_crash.py", "test_install.py", "playouts.py", "test_lifecycle.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        name = item.path.name
        if name.startswith(SLOW_FILES[0]) or name.endswith(SLOW_FILES[1:]):
            item.add_marker(pytest.mark.slow)
