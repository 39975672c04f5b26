"""Settings from the environment or a `.env` file. The token is a SecretStr so it never prints."""

from __future__ import annotations

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
        default=60.0, description="How often to look for decisions past their deadline."
    )
    log_level: str = "INFO"
