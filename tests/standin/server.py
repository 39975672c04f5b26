"""The aiohttp application and its lifecycle on 127.0.0.1 with a free port."""

from __future__ import annotations

import socket

from aiohttp import web

from .gateway import Gateway
from .rest import GATEWAY_URL, WORLD, add_routes, middleware
from .world import World


class Server:
    """Binds REST and gateway for one ``World``; ``port`` is known after ``start``."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.gateway = Gateway(world)
        self.port = 0
        self._runner: web.AppRunner | None = None

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> None:
        """Bind first (port 0 picks a free one) so URLs are known before the app freezes."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = int(sock.getsockname()[1])
        self.gateway.url = self.gateway_url
        self.world.base_url = f"http://127.0.0.1:{self.port}"
        app = web.Application(middlewares=[middleware], client_max_size=64 * 1024 * 1024)
        app[WORLD] = self.world
        app[GATEWAY_URL] = self.gateway_url
        app.router.add_get("/gateway", self.gateway.handle)
        add_routes(app)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        await web.SockSite(self._runner, sock).start()

    async def stop(self) -> None:
        self.world.stopping = True  # ends held (hanging) requests instead of waiting them out
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
