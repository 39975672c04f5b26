"""Settings from the environment or a `.env` file. The token is a SecretStr so it never prints.

A value out of range stops the bot at start with one line per problem in the README's terms
(`explain`): the variable's name and what it accepts, never the validation library's wording.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar, get_args

from annotated_types import Ge, Gt
from pydantic import Field, SecretStr, ValidationError, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.cores import drawing_workers
from bot.logs import LogFormat

POSTGRESQL = ("postgresql://", "postgres://")
"""How a DATABASE_URL begins."""
UNITS = {"_seconds": "seconds", "_minutes": "minutes", "_hours": "hours", "_mib": "MiB"}
"""A setting's unit, read off the end of its name."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    shortest_interval: ClassVar[float] = 1.0
    """The least every `*_seconds` setting may be. A sweep or a log every 0 s would keep a core
    busy for nothing, and one due row is never more than a second late at this minimum. Tests
    that need sweeps in a fraction of a second lower it on a subclass of their own."""

    discord_token: SecretStr | None = Field(
        default=None, description="Bot token from the Discord developer portal."
    )
    database_path: Path = Field(
        default=Path("data/games.sqlite3"), description="SQLite file; created if missing."
    )
    database_url: SecretStr | None = Field(
        default=None,
        description="A PostgreSQL database (postgresql://user:password@host:port/name) that "
        "several bot processes may share, instead of the SQLite file DATABASE_PATH; secret, "
        "since it may hold a password.",
    )
    guild_ids: list[int] = Field(
        default_factory=list,
        description="Guilds to register commands in instantly (JSON list). Empty: global commands.",
    )
    shard_count: int | None = Field(
        default=None,
        ge=1,
        description="How many gateway shards the whole bot runs on, over all its processes; "
        "unset: the number Discord recommends, all in this process.",
    )
    shard_ids: list[int] | None = Field(
        default=None,
        description="The shards this process runs (JSON list, each below SHARD_COUNT); unset: "
        "every shard. Shard 0 gets every DM interaction of every game.",
    )
    decision_deadline_hours: float = Field(
        default=48.0,
        ge=0,
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
    outbox_keep_minutes: float = Field(
        default=60.0,
        ge=0,
        description="How long a delivered post keeps the messages it was composed into before "
        "the sweep trims it (a player's DMs but the latest are then deleted).",
    )
    post_timeout_seconds: float = Field(
        default=60.0,
        description="Longest wait for Discord to take one message before it is tried again.",
    )
    retry_base_seconds: float = Field(
        default=5.0,
        description="Longest first wait before a failed post is tried again; it doubles each "
        "time, and each wait is drawn between half and all of it so that posts held back by "
        "one outage do not all retry at once.",
    )
    orphan_after_failures: int = Field(
        default=5,
        ge=1,
        description="Refusals in a row from a deleted or closed channel before its game closes.",
    )
    lobbies_per_user: int = Field(
        default=3,
        ge=1,
        description="Open lobbies and running imported games one host may hold at once.",
    )
    lobbies_per_server: int = Field(
        default=50,
        ge=1,
        description="Open lobbies and running imported games one server may hold at once.",
    )
    state_cache_mib: float = Field(
        default=64.0, gt=0, description="Memory for parsed game states, least recently used first."
    )
    render_workers: int = Field(
        default_factory=drawing_workers,
        ge=0,
        description="Processes that draw boards (default: one per core this process may use, "
        "after its CPU affinity and its container's CPU limit, but one, which the bot's own "
        "process keeps, and at least one; 0 draws in a thread).",
    )
    health_log_seconds: float = Field(
        default=900.0,
        description="How often to log how late the event loop runs (median, p99, worst).",
    )
    database_lease_seconds: float = Field(
        default=45.0,
        description="How long a bot that stopped without a word (crashed, killed) keeps "
        "the database from the next one; a running bot renews its hold three times as often.",
    )
    backup_dir: Path | None = Field(
        default=None,
        description="Folder for backups the running bot takes itself of its SQLite file "
        "(unset: none; not with DATABASE_URL, whose server has its own tools).",
    )
    backup_every_hours: float = Field(
        default=24.0, gt=0, description="Hours between the running bot's backups."
    )
    backup_keep: int = Field(
        default=7, ge=1, description="How many of the running bot's backups to keep."
    )
    timelapse_frames: int = Field(
        default=60,
        ge=2,
        description="Most frames in a finished game's timelapse: a longer game's steps are "
        "sampled evenly down to this many (each costs a board drawn and encoded).",
    )
    web_port: int | None = Field(
        default=None,
        ge=0,
        le=65535,
        description="Serve each game's spectator page on this port (unset: no page is served).",
    )
    web_base_url: str | None = Field(
        default=None,
        pattern=r"^https?://[^\s/?#]+(/[^\s?#]*)?$",
        validate_default=True,
        description="The address people open spectator pages at, such as "
        "https://games.example.org (needed with WEB_PORT; links are this plus /s/<token>).",
    )
    web_host: str = Field(
        default="0.0.0.0",  # a container's port is published from every address
        description="The address the spectator pages are served on (127.0.0.1 behind a proxy).",
    )
    web_requests_per_minute: int = Field(
        default=120,
        ge=1,
        description="Requests one address may make to the spectator pages per minute, on "
        "average (a page's live updates take 12).",
    )
    web_burst: int = Field(
        default=40,
        ge=1,
        description="Requests one address may make at once before its per-minute rate applies.",
    )
    health_port: int | None = Field(
        default=None,
        ge=1,
        le=65535,
        description="Port of the health and metrics endpoint (/healthz, /metrics); unset: off.",
    )
    health_host: str = Field(
        default="127.0.0.1",
        description="Address the health endpoint listens on (0.0.0.0: every interface).",
    )
    health_max_lag_seconds: float = Field(
        default=2.0,
        description="Worst event-loop lag of the last seconds that /healthz still calls healthy.",
    )
    health_stuck_minutes: float = Field(
        default=10.0,
        gt=0,
        description="How long a post may wait past its due time before /healthz calls "
        "publication stuck.",
    )
    finished_games_keep_days: float = Field(
        default=0.0,
        ge=0,
        description="Days a finished or abandoned game's record is kept after its last change "
        "before it is deleted; 0: kept for good.",
    )
    log_level: str = "INFO"
    log_format: LogFormat = Field(
        default="text",
        description="text (one line per event for a terminal) or json (one JSON object per "
        "line, with the game and channel ids as fields).",
    )

    @field_validator("web_base_url")
    @classmethod
    def _page_address(cls, value: str | None, info: ValidationInfo) -> str | None:
        """A page served needs the address its links name."""
        if value is None and info.data.get("web_port") is not None:
            raise ValueError("WEB_BASE_URL is needed with WEB_PORT")
        return None if value is None else value.rstrip("/")

    @field_validator("shard_ids")
    @classmethod
    def _among_shards(cls, value: list[int] | None, info: ValidationInfo) -> list[int] | None:
        """A subset of shards needs the whole bot's count, and each of them within it."""
        if value is None:
            return None
        count = info.data.get("shard_count")
        if count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT")
        if not value or len(set(value)) != len(value) or not all(0 <= i < count for i in value):
            raise ValueError(f"a list of different shards from 0 to {count - 1}")
        return sorted(value)

    @field_validator("database_url")
    @classmethod
    def _postgresql(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not value.get_secret_value().startswith(POSTGRESQL):
            raise ValueError("not a postgresql:// URL")
        return value

    @field_validator("backup_dir")
    @classmethod
    def _sqlite_only(cls, value: Path | None, info: ValidationInfo) -> Path | None:
        """Backups copy the SQLite file, which a bot on PostgreSQL does not use."""
        if value is not None and info.data.get("database_url") is not None:
            raise ValueError("BACKUP_DIR is for the SQLite file, not with DATABASE_URL")
        return value

    @field_validator("*")
    @classmethod
    def _not_too_often(cls, value: Any, info: ValidationInfo) -> Any:
        name = info.field_name or ""
        if name.endswith("_seconds") and value < cls.shortest_interval:
            raise ValueError(allowed(cls, name))
        return value


def allowed(settings: type[Settings], name: str) -> str:
    """What the setting `name` accepts, in the README's terms: "a number of seconds, at least 1"."""
    field = settings.model_fields[name]
    kind = "a whole number" if field.annotation is int else "a number"
    unit = next((f" of {u}" for end, u in UNITS.items() if name.endswith(end)), "")
    if name.endswith("_seconds"):
        return f"{kind}{unit}, at least {settings.shortest_interval:g}"
    for bound in field.metadata:
        if isinstance(bound, Ge):
            return f"{kind}{unit}, at least {bound.ge:g}"
        if isinstance(bound, Gt):
            return f"{kind}{unit}, more than {bound.gt:g}"
    return f"{kind}{unit}"


def explain(settings: type[Settings], exc: ValidationError) -> str:
    """Every problem in `exc` as "NAME must be ... (got ...)", joined into one line."""
    problems = []
    for error in exc.errors():
        name = str(error["loc"][0]) if error["loc"] else ""
        field = settings.model_fields.get(name)
        got = error.get("input")
        shown = f" (got {str(got)[:40]!r})" if isinstance(got, str | int | float) else ""
        if field is not None and SecretStr in get_args(field.annotation):
            shown = ""  # a token, or a URL with a password: never printed
        if field is not None and field.annotation in (int, float):
            problems.append(f"{name.upper()} must be {allowed(settings, name)}{shown}")
        elif field is not None and field.description:
            problems.append(f"{name.upper()} is not valid{shown}: {field.description}")
        else:
            problems.append(f"{name.upper() or 'A setting'} is not valid{shown}")
    return "; ".join(dict.fromkeys(problems))
