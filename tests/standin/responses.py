"""How the bot's answers to interactions change the world: callbacks, follow-ups, @original.

Kept apart from HTTP parsing so the Discord rules stay readable: one first response only,
within 3 s (recorded, not enforced), token valid 15 min, a deferred reply is filled by the first
edit or follow-up and inherits the deferral's ephemerality, and nothing is answered in a channel
that has been deleted (404 / 10003). Interaction responses go through the interaction webhook,
which Discord does not gate on the bot's channel permissions the way bot messages are, so the
stand-in does not either: ``revoke`` shows here only through ``app_permissions``.
"""

from __future__ import annotations

import time
from typing import Any

from . import limits, payloads
from .interaction import AUTOCOMPLETE, COMPONENT, FIRST_RESPONSE_S, MODAL_SUBMIT, InteractionRecord
from .model import EPHEMERAL, CallbackRecord, MessageRecord, Violation
from .world import ApiError, Upload, World

_ALLOWED = {
    2: {4, 5, 9},
    COMPONENT: {4, 5, 6, 7, 9},
    AUTOCOMPLETE: {8},
    MODAL_SUBMIT: {4, 5, 6, 7},
}


def _interaction(world: World, token: str, *, webhook: bool) -> InteractionRecord:
    rec = world.by_token.get(token)
    if rec is None:
        raise ApiError(
            404,
            10015 if webhook else 10062,
            "Unknown Webhook" if webhook else "Unknown interaction",
        )
    if rec.expired:
        if webhook:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        raise ApiError(404, 10062, "Unknown interaction")
    channel = world.channels.get(rec.channel_id)
    if channel is not None and channel.deleted:
        raise ApiError(404, 10003, "Unknown Channel")
    return rec


def _component_message(world: World, rec: InteractionRecord) -> MessageRecord:
    raw = rec.payload.get("message")
    if raw is None:
        raise ApiError(400, 40060, "No message to update for this interaction")
    return world.messages[int(raw["id"])]


def callback(
    world: World, interaction_id: int, token: str, body: dict[str, Any], uploads: list[Upload]
) -> dict[str, Any]:
    """``POST /interactions/{id}/{token}/callback``; returns the ``with_response`` body."""
    route = f"POST /interactions/{interaction_id}/callback"
    rec = _interaction(world, token, webhook=False)
    if rec.id != interaction_id:
        raise ApiError(404, 10062, "Unknown interaction")
    if rec.callbacks:
        rec.refused.append("already acknowledged")
        raise ApiError(400, 40060, "Interaction has already been acknowledged.")
    kind = int(body["type"])
    data: dict[str, Any] = body.get("data") or {}
    if kind not in _ALLOWED.get(rec.type, set()):
        world.check(
            [("interaction.callback_type", f"type {kind} for interaction type {rec.type}")], route
        )
    elapsed = time.monotonic() - rec.created
    late = elapsed > FIRST_RESPONSE_S
    if late:
        world.violations.append(
            Violation("interaction.late", f"first response after {elapsed:.2f}s", route)
        )
    channel = world.channels[rec.channel_id]
    message: MessageRecord | None = None
    if kind == 4:
        message = world.post(channel, world.bot.id, data, uploads, route, interaction=rec)
        rec.original = message
    elif kind == 5:
        flags = int(data.get("flags") or 0) & EPHEMERAL
        message = world.post(
            channel, world.bot.id, {"flags": flags}, [], route, interaction=rec, loading=True
        )
        rec.original = message
    elif kind == 6:
        rec.original = _component_message(world, rec) if rec.payload.get("message") else None
    elif kind == 7:
        message = world.edit(_component_message(world, rec), data, uploads, route)
        rec.original = message
    elif kind == 8:
        choices = list(data.get("choices") or [])
        world.check(limits.choice_problems(choices), route)
        rec.choices = choices
    elif kind == 9:
        world.check(limits.modal_problems(data), route)
        rec.modal = data
    rec.callbacks.append(CallbackRecord(kind, data or None, elapsed, late))
    world.activity.changed()
    summary: dict[str, Any] = {
        "id": str(rec.id),
        "type": rec.type,
        "response_message_loading": kind == 5,
        "response_message_ephemeral": bool(message and message.ephemeral),
    }
    resource: dict[str, Any] = {"type": kind}
    if message is not None:
        summary["response_message_id"] = str(message.id)
        resource["message"] = payloads.message(world, message)
    return {"interaction": summary, "resource": resource}


def followup(
    world: World, token: str, body: dict[str, Any], uploads: list[Upload]
) -> MessageRecord:
    """``POST /webhooks/{app}/{token}``: fills a pending deferral, else a new message."""
    route = "POST /webhooks/{app}/{token}"
    rec = _interaction(world, token, webhook=True)
    if not rec.callbacks:
        rec.refused.append("follow-up before any response")
        raise ApiError(404, 10015, "Unknown Webhook")
    if rec.loading and rec.original is not None:
        return world.edit(rec.original, body, uploads, route)
    channel = world.channels[rec.channel_id]
    m = world.post(channel, world.bot.id, body, uploads, route, interaction=rec)
    rec.followups.append(m)
    return m


def webhook_message(
    world: World, token: str, message_id: str
) -> tuple[InteractionRecord, MessageRecord]:
    """The message ``@original`` or ``{id}`` names for this interaction token."""
    rec = _interaction(world, token, webhook=True)
    if message_id == "@original":
        if rec.original is None or rec.original.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return rec, rec.original
    wanted = int(message_id)
    for m in [rec.original, *rec.followups]:
        if m is not None and m.id == wanted and not m.deleted:
            return rec, m
    raise ApiError(404, 10008, "Unknown Message")
