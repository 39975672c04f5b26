"""Who a message actually pings, computed the way Discord does from ``allowed_mentions``.

The bot is meant to send ``AllowedMentions.none()`` by default and allow only the users it means
to ping; tests check the result here rather than trusting the content string.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

_USER = re.compile(r"<@!?(\d+)>")
_ROLE = re.compile(r"<@&(\d+)>")


@dataclass(frozen=True)
class Pings:
    """Mention tokens found in the content, and the subset Discord would notify."""

    mentioned_ids: list[int]
    pinged_ids: list[int]
    pinged_role_ids: list[int]
    everyone: bool


def _unique(ids: list[int]) -> list[int]:
    return list(dict.fromkeys(ids))


def compute(content: str, allowed: dict[str, Any] | None, replied_author: int | None) -> Pings:
    """Apply Discord's rules: no ``allowed_mentions`` means everything in the content pings.

    ``parse`` may contain "users", "roles", "everyone"; explicit ``users``/``roles`` lists allow
    just those ids; ``replied_user`` decides whether the author of a replied-to message is pinged.
    """
    users = _unique([int(x) for x in _USER.findall(content)])
    roles = _unique([int(x) for x in _ROLE.findall(content)])
    has_everyone = "@everyone" in content or "@here" in content
    if allowed is None:
        pinged = list(users)
        if replied_author is not None and replied_author not in pinged:
            pinged.append(replied_author)
        return Pings(users, pinged, roles, has_everyone)
    parse = set(allowed.get("parse") or [])
    allowed_users = {int(x) for x in allowed.get("users") or []}
    allowed_roles = {int(x) for x in allowed.get("roles") or []}
    pinged = [u for u in users if "users" in parse or u in allowed_users]
    if replied_author is not None and allowed.get("replied_user") and replied_author not in pinged:
        pinged.append(replied_author)
    pinged_roles = [r for r in roles if "roles" in parse or r in allowed_roles]
    return Pings(users, pinged, pinged_roles, has_everyone and "everyone" in parse)
