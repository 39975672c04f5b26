"""What a test user can do: build the INTERACTION_CREATE payloads Discord would send.

The Discord client validates input before anything reaches the bot (known option names,
required options present, choices respected, buttons that exist and are enabled), so these
helpers raise on input a real user could not produce instead of sending it.
"""

from __future__ import annotations

import secrets
from typing import Any

from . import payloads
from .interaction import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
)
from .model import DM, ChannelRecord, MessageRecord, UserRecord, snowflake
from .world import World

ATTACHMENT_SIZE_LIMIT = 25 * 1024 * 1024
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


def base_payload(
    world: World,
    kind: int,
    user: UserRecord,
    channel: ChannelRecord,
    data: dict[str, Any],
    message: MessageRecord | None = None,
) -> dict[str, Any]:
    """Fields every interaction carries; guild ones get member+guild_id, DMs get user.

    ``app_permissions`` are the bot's permissions in that channel, after any ``revoke``.
    """
    if channel.deleted:
        raise LookupError(f"channel {channel.name!r} was deleted; no interaction can come from it")
    iid = snowflake()
    payload: dict[str, Any] = {
        "id": str(iid),
        "application_id": str(world.app_id),
        "type": kind,
        "token": f"standin-{iid}-{secrets.token_hex(12)}",
        "version": 1,
        "data": data,
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        "locale": user.locale,
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(channel.guild_id or world.guild_id)},
        "app_permissions": str(payloads.app_permissions(world, channel)),
        "channel_id": str(channel.id),
        "channel": payloads.channel(world, channel),
    }
    if channel.type == DM:
        payload["user"] = payloads.user(user)
        payload["context"] = 1
    else:
        payload["guild_id"] = str(channel.guild_id)
        spoken = world.guild_locales.get(channel.guild_id or world.guild_id, "en-US")
        payload["guild_locale"] = spoken
        payload["guild"] = {"id": str(channel.guild_id), "locale": spoken, "features": []}
        payload["member"] = {
            **payloads.member(world, user),
            "permissions": str(payloads.permissions_for(world, user)),
        }
        payload["context"] = 0
    if message is not None:
        payload["message"] = payloads.message(world, message)
    return payload


def record(world: World, payload: dict[str, Any], user: UserRecord) -> InteractionRecord:
    rec = InteractionRecord(
        id=int(payload["id"]),
        token=payload["token"],
        type=payload["type"],
        user_id=user.id,
        channel_id=int(payload["channel_id"]),
        payload=payload,
        activity=world.activity,
    )
    world.interactions[rec.id] = rec
    world.by_token[rec.token] = rec
    return rec


def _option_value(
    world: World, spec: dict[str, Any], value: Any, resolved: dict[str, dict[str, Any]]
) -> Any:
    """Convert a Python value to the option's wire value, filling ``resolved`` for snowflakes."""
    kind = spec["type"]
    if kind in (USER, MENTIONABLE):
        uid = value.id if isinstance(value, UserRecord) else int(value)
        u = world.users[uid]
        resolved.setdefault("users", {})[str(uid)] = payloads.user(u)
        member = payloads.member(world, u, with_user=False)
        member["permissions"] = str(payloads.permissions_for(world, u))
        resolved.setdefault("members", {})[str(uid)] = member
        return str(uid)
    if kind == CHANNEL:
        cid = value.id if isinstance(value, ChannelRecord) else int(value)
        ch = payloads.channel(world, world.channels[cid])
        ch["permissions"] = str(payloads.EVERYONE_PERMISSIONS)
        resolved.setdefault("channels", {})[str(cid)] = ch
        return str(cid)
    if kind == ROLE:
        return str(int(value))
    if kind == INTEGER:
        return int(value)
    if kind == NUMBER:
        return float(value)
    if kind == BOOLEAN:
        return bool(value)
    return str(value)


def _leaf(command: dict[str, Any], path: list[str]) -> tuple[list[dict[str, Any]], list[Any]]:
    """Walk subcommand groups/subcommands; return the nesting to fill and the leaf option specs."""
    specs: list[dict[str, Any]] = command.get("options") or []
    wrappers: list[Any] = []
    for name in path:
        spec = next((o for o in specs if o["name"] == name), None)
        if spec is None or spec["type"] not in (SUB_COMMAND, SUB_COMMAND_GROUP):
            known = [o["name"] for o in specs if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
            raise ValueError(f"/{command['name']}: no subcommand {name!r} (have {known})")
        wrappers.append({"name": name, "type": spec["type"], "options": []})
        specs = spec.get("options") or []
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in specs):
        subs = [o["name"] for o in specs]
        raise ValueError(f"/{command['name']} {' '.join(path)} needs a subcommand from {subs}")
    return specs, wrappers


def command_data(
    world: World,
    path: list[str],
    options: dict[str, Any],
    *,
    focused: str | None = None,
    focused_value: str = "",
) -> dict[str, Any]:
    """``data`` for a slash command or its autocomplete, from the registered definition."""
    command = world.find_command(path[0])
    if command is None:
        known = sorted(c["name"] for cs in world.commands.values() for c in cs)
        raise LookupError(f"command /{path[0]} was never registered (registered: {known})")
    specs, wrappers = _leaf(command, path[1:])
    by_name = {o["name"]: o for o in specs}
    resolved: dict[str, dict[str, Any]] = {}
    leaf_options: list[dict[str, Any]] = []
    for name, value in options.items():
        spec = by_name.get(name)
        if spec is None:
            raise ValueError(f"/{' '.join(path)} has no option {name!r} (have {list(by_name)})")
        wire = _option_value(world, spec, value, resolved)
        choices = [c["value"] for c in spec.get("choices") or []]
        if choices and wire not in choices:
            raise ValueError(f"option {name}={wire!r} is not one of the choices {choices}")
        leaf_options.append({"name": name, "type": spec["type"], "value": wire})
    if focused is not None:
        spec = by_name.get(focused)
        if spec is None or not spec.get("autocomplete"):
            raise ValueError(f"option {focused!r} of /{' '.join(path)} has no autocomplete")
        leaf_options = [o for o in leaf_options if o["name"] != focused]
        leaf_options.append(
            {"name": focused, "type": spec["type"], "value": focused_value, "focused": True}
        )
    else:
        missing = [o["name"] for o in specs if o.get("required") and o["name"] not in options]
        if missing:
            raise ValueError(f"/{' '.join(path)} is missing required options {missing}")
    nested: list[dict[str, Any]] = leaf_options
    for wrapper in reversed(wrappers):
        wrapper["options"] = nested
        nested = [wrapper]
    data: dict[str, Any] = {
        "id": command["id"],
        "name": command["name"],
        "type": 1,
        "options": nested,
    }
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    if resolved:
        data["resolved"] = resolved
    return data


def find_component(message: MessageRecord, custom_id: str) -> dict[str, Any]:
    for c in message.iter_components():
        if c.get("custom_id") == custom_id:
            if c.get("disabled"):
                raise ValueError(f"component {custom_id!r} on message {message.id} is disabled")
            return c
    raise LookupError(f"no component {custom_id!r} on message {message.id}: {message.custom_ids}")


def component_data(
    message: MessageRecord, custom_id: str, values: list[str] | None
) -> dict[str, Any]:
    comp = find_component(message, custom_id)
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": comp["type"]}
    if comp["type"] != 2:
        allowed = {o["value"] for o in comp.get("options") or []}
        picked = list(values or [])
        if allowed and not set(picked) <= allowed:
            raise ValueError(f"values {picked} not among options {sorted(allowed)}")
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(picked) <= hi:
            raise ValueError(f"select {custom_id!r} takes {lo}..{hi} values, got {len(picked)}")
        data["values"] = picked
    elif values is not None:
        raise ValueError("buttons take no values")
    return data


def modal_data(modal: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """Echo the modal's layout with each input's submitted value (rows or labels)."""

    def answer(item: dict[str, Any]) -> dict[str, Any]:
        cid = item.get("custom_id")
        out: dict[str, Any] = {"type": item["type"], "custom_id": cid}
        if item["type"] == 4:
            out["value"] = str(values.get(cid, item.get("value") or ""))
        else:
            got = values.get(cid, [])
            out["values"] = list(got) if isinstance(got, list | tuple) else [str(got)]
        return out

    comps: list[dict[str, Any]] = []
    for top in modal.get("components") or []:
        if top["type"] == 1:
            comps.append({"type": 1, "components": [answer(c) for c in top["components"]]})
        elif top["type"] == 18:
            comps.append({"type": 18, "component": answer(top["component"])})
    unknown = set(values) - {
        c.get("custom_id")
        for top in modal.get("components") or []
        for c in (top.get("components") or [top.get("component") or {}])
    }
    if unknown:
        raise ValueError(f"modal has no inputs {sorted(unknown)}")
    return {"custom_id": modal["custom_id"], "components": comps}


__all__ = [
    "APPLICATION_COMMAND",
    "AUTOCOMPLETE",
    "COMPONENT",
    "MODAL_SUBMIT",
    "base_payload",
    "command_data",
    "component_data",
    "modal_data",
    "record",
]
