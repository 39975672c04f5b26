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
    log_level: str = "INFO"
