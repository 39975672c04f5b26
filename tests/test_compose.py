"""The compose file an operator runs to move up (README, "Moving up"), read as Compose reads
it: every bot service starts with settings the bot accepts, the processes' shards together
are every shard of one count with none run twice, each reaches the database service by its
name once that service is healthy, and no secret is written in the file.

Docker itself cannot run here; what these checks cannot see is whether the images build."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from bot.__main__ import parser
from bot.config import Settings

ROOT = Path(__file__).resolve().parent.parent
COMPOSE = ROOT / "compose.yaml"
REQUIRED = re.compile(r"\$\{(\w+):\?[^}]*\}")
"""`${NAME:?message}`: Compose refuses to start without NAME in the environment."""
GIVEN = {"DISCORD_TOKEN": "a-token", "POSTGRES_PASSWORD": "a-password"}


def interpolated(text: str) -> str:
    """The file as Compose sees it with the operator's two secrets set; any other variable
    it asked for fails the test (an operator would not know to set it)."""

    def value(match: re.Match[str]) -> str:
        assert match.group(1) in GIVEN, f"compose.yaml needs {match.group(1)}"
        return GIVEN[match.group(1)]

    return REQUIRED.sub(value, text)


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    return yaml.safe_load(interpolated(COMPOSE.read_text()))


def bots(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {name: s for name, s in compose["services"].items() if "build" in s}


def settings_of(service: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> Settings:
    """The settings a bot process of this service starts with: its environment only."""
    for name, value in service["environment"].items():
        monkeypatch.setenv(name, str(value))
    return Settings(_env_file=None)  # type: ignore[call-arg]


def test_every_bot_service_starts_with_settings_the_bot_accepts(compose, monkeypatch):
    services = bots(compose)
    assert len(services) >= 2
    for service in services.values():
        with monkeypatch.context() as patched:
            settings = settings_of(service, patched)
        assert settings.discord_token is not None
        assert settings.database_url is not None and settings.health_port is not None


def test_the_processes_run_every_shard_of_one_count_once(compose, monkeypatch):
    counts, run = set(), []
    for service in bots(compose).values():
        with monkeypatch.context() as patched:
            settings = settings_of(service, patched)
        counts.add(settings.shard_count)
        run.extend(settings.shard_ids or [])
    (count,) = counts
    assert count is not None and sorted(run) == list(range(count))


def test_each_bot_reaches_the_healthy_database_service_by_its_name(compose, monkeypatch):
    services = compose["services"]
    for service in bots(compose).values():
        with monkeypatch.context() as patched:
            settings = settings_of(service, patched)
        assert settings.database_url is not None
        url = urlsplit(settings.database_url.get_secret_value())
        database = services[url.hostname]
        env = database["environment"]
        assert (url.username, url.password, url.path) == (
            env["POSTGRES_USER"],
            env["POSTGRES_PASSWORD"],
            f"/{env['POSTGRES_DB']}",
        )
        assert service["depends_on"][url.hostname] == {"condition": "service_healthy"}
        assert "healthcheck" in database


def test_a_bots_health_check_is_a_command_the_bot_has(compose):
    for service in bots(compose).values():
        kind, *command = service["healthcheck"]["test"]
        assert kind == "CMD" and command[:3] == ["python", "-m", "bot"]
        assert parser().parse_args(command[3:]).command == "health"
        assert (ROOT / service["build"] / "Dockerfile").is_file()


def test_no_secret_is_written_in_the_file():
    raw = yaml.safe_load(COMPOSE.read_text())
    for service in raw["services"].values():
        for name, value in service.get("environment", {}).items():
            if any(word in name for word in ("TOKEN", "PASSWORD", "DATABASE_URL")):
                assert REQUIRED.search(str(value)), f"{name} is written in compose.yaml"
