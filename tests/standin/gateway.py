"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME, dispatch.

Frames are sent as plain JSON text; discord.py asks for zlib-stream but only inflates binary
frames. Each IDENTIFY starts a new session, so a restarted bot (a new ``Client``) gets READY
again; interactions go to the newest open session, as Discord sends each to one connection.

Sharding as Discord does it: an IDENTIFY with ``shard: [id, count]`` makes a session for that
shard, which is told of, and sent the events of, the guilds with ``(guild_id >> 22) % count ==
id``; events without a guild (DM interactions among them) go to shard 0 only. A session
without ``shard`` gets everything. A message's events go only to sessions that identified with
the intent Discord sends them under (`intent_of`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from . import payloads
from .model import shard_of
from .world import World

log = logging.getLogger("standin.gateway")

HEARTBEAT_MS = 41_250
DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, REQUEST_MEMBERS = 0, 1, 2, 6, 7, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11

GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 9, 1 << 12


def intent_of(event: str, in_guild: bool) -> int | None:
    """The gateway intent Discord sends `event` under, for the events the stand-in filters
    (None: sent whatever the intents): a message's create, update and delete come with the
    guild-messages intent in a server, the direct-messages intent in a DM."""
    if event.startswith("MESSAGE_"):
        return GUILD_MESSAGES if in_guild else DIRECT_MESSAGES
    return None


@dataclass(eq=False)
class Session:
    """One identified bot session; survives a dropped socket so RESUME can replay."""

    id: str
    ws: web.WebSocketResponse | None
    seq: int = 0
    sent: list[dict[str, Any]] = field(default_factory=list)
    ready: bool = False
    intents: int = 0
    shard: tuple[int, int] | None = None
    """(shard id, shard count) from the IDENTIFY; None for an unsharded client."""

    def serves(self, guild_id: int | None) -> bool:
        """Whether this session gets the events of `guild_id` (None: of no guild)."""
        if self.shard is None:
            return True
        shard, count = self.shard
        return shard == 0 if guild_id is None else shard_of(guild_id, count) == shard

    @property
    def open(self) -> bool:
        return self.ws is not None and not self.ws.closed


class Gateway:
    """Accepts bot connections and fans out dispatch events to them."""

    def __init__(self, world: World, url: str = "") -> None:
        self.world = world
        self.url = url
        self.sessions: list[Session] = []
        self.sockets: set[web.WebSocketResponse] = set()
        self.identifies = 0
        self._tasks: set[asyncio.Task[None]] = set()
        world.dispatch = self.dispatch

    @property
    def current(self) -> Session | None:
        """The newest session whose socket is open and has been sent its guild."""
        live = [s for s in self.sessions if s.open and s.ready]
        return live[-1] if live else None

    def serving(self, guild_id: int | None) -> Session | None:
        """The newest open, ready session that gets `guild_id`'s events (None: a DM's)."""
        live = [s for s in self.sessions if s.open and s.ready and s.serves(guild_id)]
        return live[-1] if live else None

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send an event to every open session of its guild's shard that asked for it with its
        intents (interactions use ``dispatch_to``)."""
        guild = data.get("id") if event == "GUILD_CREATE" else data.get("guild_id")
        needs = intent_of(event, guild is not None)
        for s in self.sessions:
            asked = needs is None or bool(s.intents & needs)
            if asked and s.open and s.ready and s.serves(None if guild is None else int(guild)):
                self._spawn(self._send_event(s, event, data))

    def dispatch_to(self, session: Session, event: str, data: dict[str, Any]) -> None:
        self._spawn(self._send_event(session, event, data))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send_event(self, s: Session, event: str, data: dict[str, Any]) -> None:
        s.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": s.seq, "d": data}
        s.sent.append(frame)
        await self._send(s.ws, frame)

    async def _send(self, ws: web.WebSocketResponse | None, frame: dict[str, Any]) -> None:
        if ws is None or ws.closed:
            return
        try:
            await ws.send_str(json.dumps(frame))
        except (ConnectionError, RuntimeError) as exc:
            log.debug("gateway send failed: %s", exc)
        self.world.activity.changed()

    async def close_all(self) -> None:
        for ws in list(self.sockets):
            await ws.close()
        for task in list(self._tasks):
            task.cancel()

    async def reconnect(self) -> None:
        """Ask connected bots to reconnect (op 7), as Discord does during maintenance."""
        for s in self.sessions:
            if s.open:
                await self._send(s.ws, {"op": RECONNECT, "d": None})

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        self.sockets.add(ws)
        session: Session | None = None
        await self._send(ws, {"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_MS}})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op, data = frame.get("op"), frame.get("d")
                if op == HEARTBEAT:
                    await self._send(ws, {"op": HEARTBEAT_ACK})
                elif op == IDENTIFY:
                    session = await self._identify(ws, data)
                elif op == RESUME:
                    session = await self._resume(ws, data)
                elif op == REQUEST_MEMBERS and session is not None:
                    await self._send_event(session, "GUILD_MEMBERS_CHUNK", self._chunk(data))
        finally:
            self.sockets.discard(ws)
            if session is not None and session.ws is ws:
                session.ws = None
            self.world.activity.changed()
        return ws

    async def _identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session:
        self.identifies += 1
        shard = data.get("shard")
        s = Session(
            secrets.token_hex(16),
            ws,
            intents=int(data.get("intents") or 0),
            shard=(int(shard[0]), int(shard[1])) if shard else None,
        )
        self.sessions.append(s)
        w = self.world
        guilds = [g for g in w.guilds if s.serves(g)]
        ready = {
            "v": 10,
            "user": {**payloads.user(w.bot), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "session_id": s.id,
            "resume_gateway_url": self.url,
            "session_type": "normal",
            "private_channels": [],
            "relationships": [],
            "application": {"id": str(w.app_id), "flags": 0},
            "_trace": ["standin"],
        }
        if shard:
            ready["shard"] = shard
        await self._send_event(s, "READY", ready)
        for g in guilds:
            await self._send_event(s, "GUILD_CREATE", payloads.guild_create(w, g))
        s.ready = True
        w.activity.changed()
        return s

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        s = next((x for x in self.sessions if x.id == data.get("session_id")), None)
        if s is None:
            await self._send(ws, {"op": INVALID_SESSION, "d": False})
            return None
        s.ws = ws
        after = int(data.get("seq") or 0)
        for frame in [f for f in s.sent if f["s"] > after]:
            await self._send(ws, frame)
        await self._send_event(s, "RESUMED", {"_trace": ["standin"]})
        return s

    def _chunk(self, data: dict[str, Any]) -> dict[str, Any]:
        w = self.world
        members = [payloads.member(w, w.users[i]) for i in sorted(w.guild_member_ids)]
        return {
            "guild_id": str(w.guild_id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "nonce": data.get("nonce"),
        }
