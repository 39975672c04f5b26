"""A player's natural retry after a crash, and whether it landed on another decision.

A player whose move had no answer when the bot died does not know whether it counted, so they
send it again once the bot is back, not waiting for the answer it may still owe them; so does a
player whom Discord told the command failed, or whom the bot asks to try again. They
send it exactly as before: the same button if it is still on
the message, the same command with the same values autocomplete gave them, or for secret
orders the same `/game order` lines and `/game orders` for the same sheet, then its Submit.
A retry may count only when the first attempt did not; one that counts after the first did
has been applied to another decision (a pass meant for one world passing at the next), which
is what `RetryFigures.elsewhere` counts. Used by the crash suite (`test_crash.py`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.discord.interactions import WORKING
from tests.standin import ChannelRecord, InteractionRecord, MessageRecord, StandIn, UserRecord
from tests.standin.waiting import StandInTimeout

Again = Callable[[], Awaitable[InteractionRecord | None]]
"""Sends the move again as its player would; the interaction whose answer they read last, or
None when there was nothing left to press."""


@dataclass
class Sent:
    """A move as its player sent it, and how they would send it again."""

    record: InteractionRecord
    again: Again
    answered_before_crash: bool = True
    """Whether the player had their answer when the bot died (`look`)."""

    def look(self) -> None:
        """The player looks at their screen as the bot dies."""
        self.answered_before_crash = not unanswered(self.record)


@dataclass
class RetryFigures:
    retries: int = 0
    refused: int = 0
    """Retries answered with a refusal that changed nothing."""
    counted: int = 0
    """Retries that counted for the decision they were meant for (the first attempt had not)."""
    elsewhere: int = 0
    """Retries applied to another decision: the target is 0."""
    untrue: int = 0
    """Retry answers that contradict the log (a ✅ that changed nothing, a refusal that did)."""
    notes: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"natural retries {self.retries}: refused {self.refused}, counted {self.counted}, "
            f"applied elsewhere {self.elsewhere}, untrue answers {self.untrue}"
        )


def unanswered(record: InteractionRecord) -> bool:
    """The player has no answer: nothing, "thinking…", a confirmation still working, or one that
    asks them to try again."""
    text = record.original_content or ""
    return (
        not record.acknowledged
        or not text
        or text.startswith(("Thinking", WORKING))
        or "try again" in text.casefold()
    )


def showing(standin: StandIn, message: MessageRecord, custom_id: str) -> bool:
    """Whether the message, as it is now, still offers that button."""
    now = standin.world.messages.get(message.id)
    return (
        now is not None
        and not now.deleted
        and any(c.get("custom_id") == custom_id for c in now.iter_components())
    )


def click_again(
    standin: StandIn, user: UserRecord, message: MessageRecord, custom_id: str
) -> Again:
    async def again() -> InteractionRecord | None:
        if not showing(standin, message, custom_id):
            return None  # the button is gone from the player's screen: nothing to press
        return await standin.click(user, standin.world.messages[message.id], custom_id)

    return again


def command_again(
    standin: StandIn, user: UserRecord, channel: ChannelRecord, path: list[str], options: dict
) -> Again:
    async def again() -> InteractionRecord | None:
        return await standin.slash(user, channel, *path, **options)

    return again


def orders_again(
    standin: StandIn,
    user: UserRecord,
    channel: ChannelRecord,
    lines: list[dict[str, Any]],
    sheet: dict[str, Any],
    panel: MessageRecord,
    custom_id: str,
) -> Again:
    """Submit pressed again if the panel still shows it; else the lines written again and the
    same sheet asked for, then its Submit: stopping at the first refusal, as a player would."""

    async def again() -> InteractionRecord | None:
        if showing(standin, panel, custom_id):
            return await standin.click(user, standin.world.messages[panel.id], custom_id)
        for options in lines:
            record = await standin.slash(user, channel, "game", "order", **options)
            await record.done(timeout=30)
            if (record.original_content or "").startswith("⚠️"):
                return record
        record = await standin.slash(user, channel, "game", "orders", **sheet)
        await record.done(timeout=30)
        new = record.reply
        button = None if new is None else submit_button(new)
        if new is None or button is None:
            return record
        return await standin.click(user, new, button)

    return again


def submit_button(panel: MessageRecord) -> str | None:
    button = next((c for c in panel.iter_components() if c.get("label") == "Submit orders"), None)
    return None if button is None else str(button["custom_id"])


async def natural_retry(
    standin: StandIn,
    sent: Sent,
    log: Callable[[], Awaitable[list[tuple[int, str]]]],
    before: list[tuple[int, str]],
    move: tuple[int, str],
    figures: RetryFigures,
) -> None:
    """After a restart: if the player had no answer when the bot died (or has none now), they
    send the move again; count where it went. `before` is the log before the first
    attempt, `move` the (seat, action) meant."""
    if sent.answered_before_crash and not unanswered(sent.record):
        return
    first = await log()
    took = len(first) > len(before) and first[len(before)] == move
    record = await sent.again()
    if record is None:
        return
    figures.retries += 1
    try:
        await record.done(timeout=30)
        await standin.wait_until(
            lambda: not (record.original_content or "").startswith(WORKING),
            timeout=30,
            what="the retry's answer",
        )
    except StandInTimeout:
        figures.notes.append(f"no answer to the retry of {move}")
    text = record.original_content or ""
    after = await log()
    changed = len(after) > len(first)
    if changed and (took or after[len(first)] != move):
        figures.elsewhere += 1
        figures.notes.append(f"retry of {move} logged {after[len(first) :]}; told {text[:80]!r}")
    elif changed:
        figures.counted += 1
    else:
        figures.refused += 1
    if changed != text.startswith("✅"):
        figures.untrue += 1
        figures.notes.append(f"retry of {move} told {text[:80]!r}; log changed: {changed}")
