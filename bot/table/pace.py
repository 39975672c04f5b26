"""How long a table waits for a player, and what it does then: pure rules over times.

Each seat that owes a decision has a `Wait`: since when, how many reminders went out, and when
the next reminder and its limit fall due. They are worked out here from the table's `Pace`,
the player's `Prefs` and any time away, so the schedule is tested without a clock or Discord;
the store keeps them with the earliest of those times indexed, which is all the sweep reads.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Literal

import annotated_types
from babel import Locale
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from bot.store.models import Wait
from engine.errors import explained
from engine.messages import ENGLISH, Msg, languages, m
from engine.words import quoted

SNOOZE = timedelta(hours=4)
"""How much later "remind me later" reminds a player again."""


class Pace(BaseModel):
    """A table's settings, chosen by its host in the lobby or later with `/game settings`: the
    pace it keeps and how much it shows in the channel."""

    model_config = ConfigDict(extra="ignore")

    remind_after: float = Field(
        default=12,
        ge=1,
        le=168,
        description="hours without a move before the first reminder",
        json_schema_extra={"bounds": "bot.pace.bounds.remind_after"},
    )
    remind_every: float = Field(
        default=24,
        ge=1,
        le=336,
        description="hours between later reminders",
        json_schema_extra={"bounds": "bot.pace.bounds.remind_every"},
    )
    reminders: int = Field(
        default=5,
        ge=0,
        le=20,
        description="reminders before the table is told a player is absent",
        json_schema_extra={"bounds": "bot.pace.bounds.reminders"},
    )
    turn_limit: float = Field(
        default=0,
        ge=0,
        le=720,
        description="hours a player may take over a move on their turn (0: no limit)",
        json_schema_extra={"bounds": "bot.pace.bounds.turn_limit"},
    )
    on_limit: Literal["tell_host", "default", "computer"] = Field(
        default="tell_host",
        description="when the limit passes: tell the host, play the default, or let the "
        "computer play the seat until it is handed back",
    )
    vacation_days: int = Field(
        default=14,
        ge=0,
        le=60,
        description="longest time away a player may take",
        json_schema_extra={"bounds": "bot.pace.bounds.vacation_days"},
    )
    on_vacation: Literal["pause", "default"] = Field(
        default="pause", description="while away: their clocks wait, or their turns get the default"
    )

    board: Literal["step", "turn", "request"] = Field(
        default="turn",
        description="board image: every step, each new turn (steps show what changed), on request",
    )
    narration: Literal["full", "compact"] = Field(
        default="full",
        description="each step told in full, or in one line (all of it in /game log)",
    )
    ping_grace_minutes: int = Field(
        default=30,
        ge=0,
        le=1440,
        description="minutes after their last move in which a player counts as at the table",
        json_schema_extra={"bounds": "bot.pace.bounds.ping_grace_minutes"},
    )
    """A phase passing quickly between players (turns at one world, a card window) edits one
    turn message as the actor changes; a player who moved within this many minutes is watching
    it and is not pinged again, one who has waited longer is (0: everyone, every time). Thirty
    minutes by measurement (README, "A calm channel"): a Space Insurrection turn runs about two
    hours at a live table, and a shorter grace pings a player back at nearly every world."""

    language: str = Field(
        default=ENGLISH,
        description="the language of the table's posts and boards (DMs follow each player's own)",
    )
    """A new table starts in its server's language when the bot speaks it."""

    @field_validator("language")
    @classmethod
    def _spoken(cls, value: str) -> str:
        if value not in languages():
            raise ValueError(str(speaks()))
        return value

    @field_validator("turn_limit")
    @classmethod
    def _whole_hour_or_off(cls, value: float) -> float:
        if 0 < value < 1:
            raise ValueError(str(bounds_text("turn_limit")))
        return value

    def summary(self) -> Msg:
        """Every setting in one line, as the lobby, `/game status` and a change of pace say it
        (the values' words come from the catalogs: `bot.pace.*`)."""
        limit = (
            m("bot.pace.no_limit")
            if not self.turn_limit
            else m(
                "bot.pace.limit",
                hours=f"{self.turn_limit:g}",
                then=m(f"bot.pace.on_limit.{self.on_limit}"),
            )
        )
        pings = (
            m("bot.pace.pings.grace", minutes=self.ping_grace_minutes)
            if self.ping_grace_minutes
            else m("bot.pace.pings.every")
        )
        return m(
            "bot.pace.summary",
            after=f"{self.remind_after:g}",
            every=f"{self.remind_every:g}",
            reminders=self.reminders,
            limit=limit,
            days=self.vacation_days,
            away=m(f"bot.pace.away.{self.on_vacation}"),
            board=m(f"bot.pace.board.{self.board}"),
            narration=m(f"bot.pace.narration.{self.narration}"),
            pings=pings,
            language=m(f"bot.language.{self.language}"),
        )


def language_name(code: str) -> str:
    """A language as its own speakers write it ("English", "español"): how a menu offers it."""
    return Locale.parse(code).get_display_name(code) or code


def bounds(name: str, model: type[BaseModel] | None = None) -> tuple[float, float]:
    """A numeric setting's smallest and largest value, as its model (`Pace` unless named)
    declares them: what `/game settings` registers with Discord and what its refusals quote."""
    info = (model or Pace).model_fields[name]
    low = next(
        m.ge
        for m in info.metadata
        if isinstance(m, annotated_types.Ge) and isinstance(m.ge, int | float)
    )
    high = next(
        m.le
        for m in info.metadata
        if isinstance(m, annotated_types.Le) and isinstance(m.le, int | float)
    )
    return low, high


def bounds_text(name: str, model: type[BaseModel] | None = None) -> Msg:
    """ "A turn limit is between 1 and 720 hours (0: no limit)." for a value out of range: the
    field's `bounds` names its catalog entry."""
    extra = (model or Pace).model_fields[name].json_schema_extra
    assert isinstance(extra, dict)
    low, high = bounds(name, model)
    return m(str(extra["bounds"]), lo=f"{low:g}", hi=f"{high:g}")


def refusal(exc: ValidationError, model: type[BaseModel] | None = None) -> Msg:
    """Why settings were refused, in the project's words: each number out of range gets its
    bounds sentence, a language the bot does not speak the list of those it does, anything
    else the validator's own message. Serves `Pace` and, named, `Prefs`."""
    fields = (model or Pace).model_fields
    said: list[Msg] = []
    for err in exc.errors():
        name = str(err["loc"][0]) if err["loc"] else ""
        extra = fields[name].json_schema_extra if name in fields else None
        if isinstance(extra, dict) and "bounds" in extra:
            reason = bounds_text(name, model)
        elif name == "language":
            reason = speaks()
        elif name == "timezone":
            reason = m("bot.prefs.no_zone", zone=quoted(err["input"]))
        else:
            reason = explained(err, model or Pace)
        if reason not in said:
            said.append(reason)
    joined = said[-1]
    for earlier in reversed(said[:-1]):
        joined = m("bot.pace.and_then", first=earlier, rest=joined)
    return joined


def speaks() -> Msg:
    """The languages the bot speaks, said when another is asked for."""
    return m("bot.pace.speaks", languages=", ".join(languages()))


Away = tuple[datetime, Literal["pause", "default"]]
"""Until when a player is away, and what the table does meanwhile."""


def schedule(
    wait: Wait,
    pace: Pace,
    now: datetime,
    *,
    deadline_hours: float,
    away: Away | None,
    paused: bool,
) -> Wait:
    """Set the wait's next reminder and its limit from the table's rules.

    Reminders count from the player's last move (or from now, for a new wait); the limit
    counts from when the seat began to owe: the bot's deadline for a decision asked out of
    turn, the table's turn limit for a seat's own turn. A paused table has nothing due. Away
    with clocks paused, a player's clocks start again when they are back; away with defaults,
    their limit is now.
    """
    if paused:
        return wait.model_copy(update={"remind_at": None, "limit_at": None})
    back = away[0] if away is not None and away[1] == "pause" else None
    remind_at = None
    if wait.reminders < pace.reminders:
        gap = timedelta(hours=pace.remind_after if wait.reminders == 0 else pace.remind_every)
        remind_at = wait.remind_at or now + gap
        if back is not None:
            remind_at = max(remind_at, back + gap)
    hours = deadline_hours if wait.out_of_turn else pace.turn_limit
    limit_at = None
    if hours > 0:
        limit_at = max(wait.since, back or wait.since) + timedelta(hours=hours)
    if away is not None and away[1] == "default":
        limit_at = wait.since
    return wait.model_copy(update={"remind_at": remind_at, "limit_at": limit_at})


def follow(
    previous: dict[int, Wait],
    owing: dict[int, tuple[int, int, bool]],
    acted: int | None,
    now: datetime,
    game_id: int,
) -> list[Wait]:
    """The waits after a change, from those before and who owes what now (seat: user,
    decision, out of turn).

    A seat that just moved starts afresh, reminders and limit alike: the limit is the time a
    player may take over a move. A seat that owes what it owed before (its own turn going on
    while others answer or order, or the same question) keeps its clock; a decision asked out
    of turn is new each time and gets its full deadline.
    """
    out = []
    for seat, (user_id, decision, out_of_turn) in sorted(owing.items()):
        old = previous.get(seat)
        same_turn = old is not None and not old.out_of_turn and not out_of_turn
        same_question = old is not None and old.decision == decision and old.user_id == user_id
        if old is not None and seat != acted and (same_turn or same_question):
            out.append(old.model_copy(update={"user_id": user_id, "decision": decision}))
        else:
            out.append(
                Wait(
                    game_id=game_id,
                    seat=seat,
                    user_id=user_id,
                    decision=decision,
                    out_of_turn=out_of_turn,
                    since=now,
                )
            )
    return out


def after_reminder(wait: Wait, pace: Pace, now: datetime) -> Wait:
    """The wait once a reminder went out `now`: the next one counts from now, not from when
    this one was due, so a bot that was down sends one reminder, never the missed burst."""
    count = wait.reminders + 1
    nxt = now + timedelta(hours=pace.remind_every) if count < pace.reminders else None
    return wait.model_copy(update={"reminders": count, "remind_at": nxt})
