"""Settings from the environment or a `.env` file. The token is a SecretStr so it never prints."""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(
        default=None, description="Bot token from the Discord developer portal."
    )
    database_path: Path = Field(
        default=Path("data/games.sqlite3"), description="SQLite file; created if missing."
    )
    guild_ids: list[int] = Field(
        default_factory=list,
        description="Guilds to register commands in instantly (JSON list). Empty: global commands.",
    )
    decision_deadline_hours: float = Field(
        default=48.0,
        description="Hours an out-of-turn decision may wait before its default applies; 0: never.",
    )
    deadline_check_seconds: float = Field(
        default=60.0,
        description="How often to look for reminders, turn limits and deadlines that are due.",
    )
    publish_check_seconds: float = Field(
        default=10.0,
        description="How often to look for posts that are due again (after a crash or outage).",
    )
    post_timeout_seconds: float = Field(
        default=60.0,
        gt=0,
        description="Longest wait for Discord to take one message before it is tried again.",
    )
    retry_base_seconds: float = Field(
        default=5.0,
        gt=0,
        description="First wait before a failed post is tried again; it doubles each time.",
    )
    orphan_after_failures: int = Field(
        default=5,
        ge=1,
        description="Refusals in a row from a deleted or closed channel before its game closes.",
    )
    lobbies_per_user: int = Field(default=3, ge=1, description="Open lobbies one host may hold.")
    lobbies_per_server: int = Field(
        default=50, ge=1, description="Open lobbies one server may hold at once."
    )
    state_cache_mib: float = Field(
        default=64.0, gt=0, description="Memory for parsed game states, least recently used first."
    )
    render_workers: int = Field(
        default_factory=lambda: os.cpu_count() or 1,
        ge=0,
        description="Processes that draw boards (default: one per core; 0 draws in a thread).",
    )
    health_log_seconds: float = Field(
        default=900.0,
        gt=0,
        description="How often to log how late the event loop runs (median, p99, worst).",
    )
    log_level: str = "INFO"
