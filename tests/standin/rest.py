"""REST routes under ``/api/v10`` plus attachment downloads.

Responses use ``Content-Type: application/json`` exactly: discord.py only decodes JSON when the
header has no charset suffix, which ``web.json_response`` would add.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import BodyPartReader, web

from . import faults, payloads, permissions, responses
from .world import ApiError, Upload, World

log = logging.getLogger("standin.rest")

WORLD: web.AppKey[World] = web.AppKey("world", World)
GATEWAY_URL: web.AppKey[str] = web.AppKey("gateway_url", str)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def reply(data: Any, status: int = 200) -> web.Response:
    return web.Response(
        status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )


def no_content() -> web.Response:
    return web.Response(status=204)


async def read_body(request: web.Request) -> tuple[dict[str, Any], list[Upload]]:
    """JSON body, or multipart with ``payload_json`` and ``files[n]`` parts (bytes kept)."""
    if not request.can_read_body:
        return {}, []
    if request.content_type.startswith("multipart/"):
        body: dict[str, Any] = {}
        uploads: dict[int, Upload] = {}
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):
                continue
            name = part.name or ""
            if name == "payload_json":
                body = json.loads(await part.text())
            elif name.startswith("files["):
                index = int(name[6:-1])
                ctype = part.headers.get("Content-Type")
                uploads[index] = Upload(
                    part.filename or f"file{index}", bytes(await part.read()), ctype
                )
        return body, [uploads[i] for i in sorted(uploads)]
    raw = await request.read()
    return (json.loads(raw) if raw else {}), []


def _world(request: web.Request) -> World:
    return request.app[WORLD]


def _int(request: web.Request, key: str) -> int:
    return int(request.match_info[key])


async def users_me(request: web.Request) -> web.Response:
    w = _world(request)
    return reply({**payloads.user(w.bot), "verified": True, "mfa_enabled": False})


async def get_user(request: web.Request) -> web.Response:
    w = _world(request)
    user = w.users.get(_int(request, "uid"))
    if user is None:
        raise ApiError(404, 10013, "Unknown User")
    return reply(payloads.user(user))


async def application_me(request: web.Request) -> web.Response:
    return reply(payloads.application(_world(request)))


async def gateway_bot(request: web.Request) -> web.Response:
    url = request.app[GATEWAY_URL]
    limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
    return reply({"url": url, "shards": 1, "session_start_limit": limit})


def _scope(request: web.Request) -> int | None:
    return int(request.match_info["guild"]) if "guild" in request.match_info else None


async def put_commands(request: web.Request) -> web.Response:
    body, _ = await read_body(request)
    return reply(_world(request).set_commands(_scope(request), list(body)))


async def get_commands(request: web.Request) -> web.Response:
    return reply(_world(request).commands.get(_scope(request), []))


async def interaction_callback(request: web.Request) -> web.Response:
    body, uploads = await read_body(request)
    w = _world(request)
    result = responses.callback(w, _int(request, "id"), request.match_info["token"], body, uploads)
    if request.query.get("with_response") in ("1", "true", "True"):
        return reply(result)
    return no_content()


async def webhook_execute(request: web.Request) -> web.Response:
    body, uploads = await read_body(request)
    w = _world(request)
    m = responses.followup(w, request.match_info["token"], body, uploads)
    if request.query.get("wait") in ("1", "true", "True"):
        return reply(payloads.message(w, m))
    return no_content()


async def webhook_message(request: web.Request) -> web.Response:
    w = _world(request)
    _, m = responses.webhook_message(w, request.match_info["token"], request.match_info["mid"])
    route = f"{request.method} /webhooks/{{app}}/{{token}}/messages/{request.match_info['mid']}"
    if request.method == "DELETE":
        w.delete(m)
        return no_content()
    if request.method == "PATCH":
        body, uploads = await read_body(request)
        w.edit(m, body, uploads, route)
    return reply(payloads.message(w, m))


async def create_dm(request: web.Request) -> web.Response:
    w = _world(request)
    body, _ = await read_body(request)
    user = w.users.get(int(body["recipient_id"]))
    if user is None:
        raise ApiError(404, 10013, "Unknown User")
    return reply(payloads.channel(w, w.dm_channel(user)))


async def get_channel(request: web.Request) -> web.Response:
    w = _world(request)
    ch = w.channel(_int(request, "cid"))
    w.require(ch)
    return reply(payloads.channel(w, ch))


async def post_message(request: web.Request) -> web.Response:
    w = _world(request)
    ch = w.channel(_int(request, "cid"))
    body, uploads = await read_body(request)
    m, _ = w.create_message(ch, body, uploads, "POST /channels/{id}/messages")
    return reply(payloads.message(w, m, with_nonce=True))


async def channel_message(request: web.Request) -> web.Response:
    w = _world(request)
    ch = w.channel(_int(request, "cid"))
    w.require(ch)
    m = w.message(ch.id, _int(request, "mid"))
    if request.method == "DELETE":
        w.delete(m)
        return no_content()
    if request.method == "PATCH":
        if m.author_id != w.bot.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        body, uploads = await read_body(request)
        w.edit_channel_message(m, body, uploads, "PATCH /channels/{id}/messages/{id}")
    else:
        w.require(ch, permissions.READ_MESSAGE_HISTORY)
    return reply(payloads.message(w, m))


def _int_arg(request: web.Request, key: str) -> int | None:
    raw = request.query.get(key)
    if raw is None:
        return None
    try:
        return int(raw)
    except ValueError:
        errors = {key: {"_errors": [{"code": "NUMBER_TYPE_COERCE", "message": "not an integer"}]}}
        raise ApiError(400, 50035, "Invalid Form Body", errors) from None


async def list_messages(request: web.Request) -> web.Response:
    w = _world(request)
    ch = w.channel(_int(request, "cid"))
    limit = _int_arg(request, "limit")
    msgs = w.history(
        ch,
        limit=50 if limit is None else limit,
        before=_int_arg(request, "before"),
        after=_int_arg(request, "after"),
        around=_int_arg(request, "around"),
    )
    return reply([payloads.message(w, m) for m in msgs])


async def create_thread(request: web.Request) -> web.Response:
    w = _world(request)
    parent = w.channel(_int(request, "cid"))
    body, _ = await read_body(request)
    from_message = "mid" in request.match_info
    private = int(body.get("type") or 11) == 12 and not from_message
    needed = permissions.CREATE_PRIVATE_THREADS if private else permissions.CREATE_PUBLIC_THREADS
    w.require(parent, needed)
    if from_message:
        w.message(parent.id, _int(request, "mid"))
    thread = w.add_thread(parent, body.get("name") or "thread", private=private)
    return reply(payloads.channel(w, thread), status=201)


async def thread_member(request: web.Request) -> web.Response:
    w = _world(request)
    ch = w.channel(_int(request, "cid"))
    w.require(ch)
    uid = request.match_info["uid"]
    user_id = w.bot.id if uid == "@me" else int(uid)
    if request.method == "PUT":
        ch.member_ids.add(user_id)
    else:
        ch.member_ids.discard(user_id)
    w.activity.changed()
    return no_content()


async def attachment(request: web.Request) -> web.Response:
    w = _world(request)
    aid = _int(request, "aid")
    for m in w.messages.values():
        for a in m.attachments:
            if a.id == aid:
                ctype = a.content_type or "application/octet-stream"
                return web.Response(body=a.data, headers={"Content-Type": ctype})
    raise ApiError(404, 0, "404: Not Found")


async def unknown(request: web.Request) -> web.Response:
    """Anything unmodelled: log loudly and 404 so a missing route shows up in the test."""
    w = _world(request)
    entry = f"{request.method} {request.path}"
    log.error("stand-in: unknown route %s", entry)
    w.unknown_routes.append(entry)
    return reply({"code": 0, "message": f"stand-in has no route for {entry}"}, status=404)


async def serve(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Run the route, turning ``ApiError`` into the Discord error answer."""
    w = _world(request)
    try:
        return await handler(request)
    except ApiError as exc:
        return reply(exc.body(), status=exc.status)
    except Exception as exc:  # a stand-in bug: answer 400 (5xx makes discord.py retry slowly)
        if isinstance(exc, ConnectionResetError) and hung_up(request):
            return web.Response(status=400)  # read by no one
        log.exception("stand-in crashed on %s %s", request.method, request.path)
        w.errors.append(f"{request.method} {request.path}: {exc!r}")
        return reply({"code": 0, "message": f"stand-in error: {exc!r}"}, status=400)


def hung_up(request: web.Request) -> bool:
    """The caller is gone: a bot killed while it sent a request (an upload, say) leaves it
    unread to its end. As on Discord, nothing of it is done and no one is left to answer."""
    transport = request.transport
    return transport is None or transport.is_closing()


def take_fault(w: World, request: web.Request) -> faults.Fault | None:
    """The first active fault matching this API request, with the hit counted."""
    path = faults.api_path(request)
    if path is None:
        return None
    for fault in w.faults:
        if fault.active and fault.matches(request.method, path):
            fault.hits += 1
            fault.requests.append(f"{request.method} {path}")
            return fault
    return None


async def serve_faulty(
    request: web.Request, handler: Handler, fault: faults.Fault
) -> web.StreamResponse:
    """Apply an injected fault; never recorded as a stand-in error or violation."""
    w = _world(request)
    answer: web.StreamResponse | None = None
    if fault.takes_effect:
        answer = await serve(request, handler)
    if fault.hang is not None and await faults.hold(request, fault.hang, lambda: w.stopping):
        fault.abandoned += 1
        if answer is None:
            return web.Response(status=499)  # nobody is listening and nothing was done
    if fault.status is not None:
        return fault.response(faults.route_key(request))
    return answer if answer is not None else await serve(request, handler)


@web.middleware
async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Counts requests in flight (for idleness), applies injected faults, and turns
    ``ApiError`` into Discord errors."""
    w = _world(request)
    if request.path == "/gateway":  # a long-lived socket, not a request the bot waits on
        return await handler(request)
    w.activity.request_started()
    try:
        fault = take_fault(w, request)
        if fault is None:
            return await serve(request, handler)
        return await serve_faulty(request, handler, fault)
    finally:
        w.activity.request_finished()


def add_routes(app: web.Application) -> None:
    a = "/api/v10"
    app.router.add_get(f"{a}/users/@me", users_me)
    app.router.add_get(f"{a}/users/{{uid:\\d+}}", get_user)
    app.router.add_get(f"{a}/oauth2/applications/@me", application_me)
    app.router.add_get(f"{a}/applications/@me", application_me)
    app.router.add_get(f"{a}/gateway/bot", gateway_bot)
    for path in (
        f"{a}/applications/{{app}}/commands",
        f"{a}/applications/{{app}}/guilds/{{guild}}/commands",
    ):
        app.router.add_put(path, put_commands)
        app.router.add_get(path, get_commands)
    app.router.add_post(f"{a}/interactions/{{id}}/{{token}}/callback", interaction_callback)
    app.router.add_post(f"{a}/webhooks/{{app}}/{{token}}", webhook_execute)
    msg = f"{a}/webhooks/{{app}}/{{token}}/messages/{{mid}}"
    for method in ("GET", "PATCH", "DELETE"):
        app.router.add_route(method, msg, webhook_message)
    app.router.add_post(f"{a}/users/@me/channels", create_dm)
    app.router.add_get(f"{a}/channels/{{cid}}", get_channel)
    app.router.add_post(f"{a}/channels/{{cid}}/messages", post_message)
    app.router.add_get(f"{a}/channels/{{cid}}/messages", list_messages)
    for method in ("GET", "PATCH", "DELETE"):
        app.router.add_route(method, f"{a}/channels/{{cid}}/messages/{{mid}}", channel_message)
    app.router.add_post(f"{a}/channels/{{cid}}/threads", create_thread)
    app.router.add_post(f"{a}/channels/{{cid}}/messages/{{mid}}/threads", create_thread)
    for method in ("PUT", "DELETE"):
        app.router.add_route(method, f"{a}/channels/{{cid}}/thread-members/{{uid}}", thread_member)
    app.router.add_get("/attachments/{cid}/{aid}/{name}", attachment)
    app.router.add_route("*", "/{tail:.*}", unknown)
