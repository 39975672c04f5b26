"""The real bot in a child process, logged in to a stand-in that runs in the test's process.

Only a bot in its own process can be killed for real (SIGKILL at any moment, as a crash or an
out-of-memory kill would do it) or sent the SIGTERM that `docker stop` sends; an in-process bot
can do neither. `python -m tests.bot.child` is `python -m bot` (settings from the environment,
as in production) after pointing discord.py at the stand-in named by `STANDIN_API_BASE` and
`STANDIN_GATEWAY_URL`: discord.py keeps both addresses in process-wide class attributes, so the
child has to set them itself before the client starts. `ChildBot` starts and stops such a
child from a test.

Loading the bot's code (the five games' models, discord.py, the renderers) is most of a start's
CPU, about a core-second, and the crash suites restart a child some thirty times a game. So a
test process keeps one fork server that has loaded that code (`LOADED_FIRST`), and each child is
a fresh fork of it that then runs `main` with its own environment, folder and output pipes: the
same process a `python -m tests.bot.child` would be once its imports are done, killed and
signalled by its pid like any other.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from multiprocessing import reduction
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tests.standin import StandIn

ROOT = Path(__file__).resolve().parents[2]
API_BASE = "STANDIN_API_BASE"
GATEWAY_URL = "STANDIN_GATEWAY_URL"
TOKEN = "standin-token"
DRAIN_TIMEOUT = 10.0
GAME_SEED = "STANDIN_GAME_SEED"
"""Deal every game this child starts from this seed, so a crash run replays the same game."""


LOADED_FIRST = (
    "tests.bot.child",
    "yarl",
    "discord.gateway",
    "discord.http",
    "bot.__main__",
    "bot.discord.app",
    "bot.discord.drawing_worker",
    "bot.store.choice",
    "bot.table.upkeep",
)
"""What the fork server imports before it forks: everything a child bot loads on its way to
connecting, except PostgreSQL's driver, which only the children that use it load."""

_FORKS = multiprocessing.get_context("forkserver")
_FORKS.set_forkserver_preload(list(LOADED_FIRST))
_LIVE: set[BaseProcess] = set()


@atexit.register
def _kill_leftovers() -> None:
    """A child that a failed test left running would make multiprocessing's own exit handler
    (which runs after this one) wait for it forever, so it is killed instead."""
    for process in list(_LIVE):
        if process.is_alive():
            process.kill()


class _Passed:
    """One of this process's descriptors, duplicated into the child by the fork server."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def __reduce__(self) -> tuple[object, tuple[object]]:
        return (_received, (reduction.DupFd(self.fd),))


def _received(passed: Any) -> int:
    """In the child: the descriptor the fork server handed over (`reduction.DupFd`'s)."""
    return int(passed.detach())


def _run_forked(env: dict[str, str], cwd: str, stdout: int, stderr: int) -> None:
    """In the fork: become `python -m tests.bot.child` run in `cwd` with `env`, and end as that
    interpreter would. multiprocessing's own ending would join the bot's drawing workers before
    the executors' exit hook has told them to stop, and skip the atexit handlers."""
    os.dup2(stdout, 1)
    os.dup2(stderr, 2)
    os.close(stdout)
    os.close(stderr)
    for stream in (sys.stdout, sys.stderr):
        stream.reconfigure(write_through=True)  # type: ignore[union-attr]
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    sys.argv = [__file__]
    code: object
    try:
        code = main()
    except SystemExit as stop:
        code = stop.code
    except BaseException:
        traceback.print_exc()
        code = 1
    if code is not None and not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    threading._shutdown()  # type: ignore[attr-defined]
    atexit._run_exitfuncs()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code or 0)


def main() -> int:
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    from bot.__main__ import main as run_bot
    from bot.config import Settings

    Settings.shortest_interval = 0.01  # sweeps every fraction of a second, as the tests ask
    Route.BASE = os.environ[API_BASE]
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ[GATEWAY_URL])
    if GAME_SEED in os.environ:
        import bot.table.tables

        seed = int(os.environ[GAME_SEED])
        bot.table.tables.secrets.randbits = lambda _bits: seed  # type: ignore[attr-defined]
    return run_bot()


@dataclass(frozen=True)
class Exit:
    code: int
    seconds: float
    """From the signal to the exit."""


class ChildExited(AssertionError):
    """The child stopped before it was ready; the message carries its stderr."""


class ChildBot:
    """`python -m bot` in a child process, logged in to `standin`, on `database`.

    ::

        child = ChildBot(standin, tmp_path / "games.sqlite3")
        await child.start()                      # returns once the stand-in sees it ready
        ... play through the stand-in ...
        await child.kill()                       # SIGKILL: a crash, mid-move if you like
        await child.start()                      # a restart on the same database
        exit = await child.terminate()           # SIGTERM (or terminate(signal.SIGINT))
        assert exit.code == 0 and "Traceback" not in child.stderr

    `stderr` is what the current (or last) run wrote; `runs` keeps every run's. Settings are
    environment variables (`settings={"DECISION_DEADLINE_HOURS": "1"}` overrides a default).
    The child runs in the database's folder, so no `.env` of the checkout is read. `fresh`: a
    `python -m tests.bot.child` of its own instead of a fork of the server, for a benchmark that
    measures the bot's memory (a fork shares its pages with the server).
    """

    def __init__(
        self,
        standin: StandIn,
        database: Path,
        *,
        settings: Mapping[str, str] | None = None,
        ready_timeout: float = 30.0,
        fresh: bool = False,
    ) -> None:
        self.standin = standin
        self.fresh = fresh
        self.database = database
        self.ready_timeout = ready_timeout
        self.settings = {
            "DISCORD_TOKEN": TOKEN,
            "DATABASE_PATH": str(database),
            "GUILD_IDS": json.dumps([standin.guild.id]),
            "DECISION_DEADLINE_HOURS": "0",
            "LOG_LEVEL": "INFO",
            **(settings or {}),
        }
        self._pid: int | None = None
        self._exit: asyncio.Future[int] | None = None
        self.runs: list[list[str]] = []
        """Per run, oldest first, the lines the child wrote to stderr."""
        self.stdout: list[str] = []
        self._readers: list[asyncio.Task[None]] = []
        self._output = asyncio.Event()

    @property
    def running(self) -> bool:
        return self._exit is not None and not self._exit.done()

    @property
    def returncode(self) -> int | None:
        """The last run's exit code (minus the signal that ended it), None while it runs."""
        return None if self._exit is None or not self._exit.done() else self._exit.result()

    @property
    def pid(self) -> int:
        assert self._pid is not None, "never started"
        return self._pid

    @property
    def stderr(self) -> str:
        return "".join(self.runs[-1]) if self.runs else ""

    def env(self) -> dict[str, str]:
        keep = {k: v for k, v in os.environ.items() if k not in self.settings}
        path = os.pathsep.join(p for p in (str(ROOT), keep.get("PYTHONPATH")) if p)
        return {
            **keep,
            **self.settings,
            "PYTHONPATH": path,
            "PYTHONUNBUFFERED": "1",
            API_BASE: self.standin.api_base,
            GATEWAY_URL: self.standin.gateway_url,
        }

    async def start(self) -> None:
        """Start the bot and wait until it is connected; `ChildExited` if it dies first."""
        if self.running:
            raise RuntimeError("the child bot is already running")
        before = self.standin.connections
        self.database.parent.mkdir(parents=True, exist_ok=True)
        lines: list[str] = []
        self.runs.append(lines)
        await self._fork(lines)
        assert self._exit is not None
        ready = asyncio.create_task(
            self.standin.wait_until(
                lambda: self.standin.connections > before and self.online(),
                timeout=self.ready_timeout,
                what="the child bot to connect",
            )
        )
        await asyncio.wait({ready, self._exit}, return_when=asyncio.FIRST_COMPLETED)
        if not ready.done():
            ready.cancel()
            await self._drain()
            raise ChildExited(
                f"the bot exited with {self.returncode} before it was ready:\n" + self.stderr
            )
        if ready.exception() is not None:
            await self.kill()
            raise ChildExited(f"{ready.exception()}; the bot wrote:\n{self.stderr}")
        await self.standin.wait_ready(timeout=self.ready_timeout)

    async def _fork(self, lines: list[str]) -> None:
        """A child with its own environment, folder and output pipes, whose end is awaited
        through a descriptor that becomes readable when it exits. The first fork of a test
        process waits for the server to load the code, in a thread so that the stand-in keeps
        serving meanwhile."""
        loop = asyncio.get_running_loop()
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        ended: int
        reap: Callable[[], int]
        try:
            if self.fresh:
                process = subprocess.Popen(
                    [sys.executable, "-m", "tests.bot.child"],
                    cwd=self.database.parent,
                    env=self.env(),
                    stdin=subprocess.DEVNULL,
                    stdout=out_w,
                    stderr=err_w,
                )
                ended = os.pidfd_open(process.pid)
                reap = process.wait
                self._pid = process.pid
            else:
                forked = _FORKS.Process(
                    target=_run_forked,
                    args=(self.env(), str(self.database.parent), _Passed(out_w), _Passed(err_w)),
                    name="child-bot",
                )
                await asyncio.to_thread(forked.start)
                _LIVE.add(forked)
                ended = forked.sentinel

                def reap() -> int:
                    forked.join()
                    _LIVE.discard(forked)
                    assert forked.exitcode is not None
                    return forked.exitcode

                self._pid = forked.pid
        except BaseException:  # no child to read them: the read ends go too
            os.close(out_r)
            os.close(err_r)
            raise
        finally:
            os.close(out_w)
            os.close(err_w)
        exit_code: asyncio.Future[int] = loop.create_future()

        def exited() -> None:
            loop.remove_reader(ended)
            if self.fresh:
                os.close(ended)
            exit_code.set_result(reap())

        loop.add_reader(ended, exited)
        self._exit = exit_code
        self._readers = [
            asyncio.create_task(self._read(await self._pipe(err_r), lines)),
            asyncio.create_task(self._read(await self._pipe(out_r), self.stdout)),
        ]

    @staticmethod
    async def _pipe(fd: int) -> asyncio.StreamReader:
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader()
        pipe = open(fd, "rb", buffering=0)  # noqa: SIM115 - the transport closes it at EOF
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), pipe)
        return reader

    async def kill(self) -> int:
        """SIGKILL, as a crash would end it: no shutdown code runs. Returns the exit code."""
        assert self._exit is not None, "never started"
        if self.running:
            os.kill(self.pid, signal.SIGKILL)
        code = await asyncio.shield(self._exit)
        await self._drain()
        await self.offline()
        return code

    async def terminate(self, sig: signal.Signals = signal.SIGTERM, timeout: float = 15.0) -> Exit:
        """Send `sig` and wait for the exit; a child still alive after `timeout` is killed and
        the test fails, with what it wrote."""
        assert self._exit is not None and self.running, "not running"
        started = time.monotonic()
        os.kill(self.pid, sig)
        try:
            code = await asyncio.wait_for(asyncio.shield(self._exit), timeout)
        except TimeoutError:
            await self.kill()
            raise AssertionError(
                f"the bot was still running {timeout} s after {sig.name}:\n{self.stderr}"
            ) from None
        seconds = time.monotonic() - started
        await self._drain()
        await self.offline()
        return Exit(code, seconds)

    async def wait_for_line(self, text: str, timeout: float = 10.0) -> str:
        """The first stderr line of this run that contains `text`, once it is written."""
        deadline = time.monotonic() + timeout
        while True:
            found = next((line for line in self.runs[-1] if text in line), None)
            if found is not None:
                return found
            self._output.clear()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no line with {text!r} within {timeout} s:\n{self.stderr}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._output.wait(), remaining)

    @property
    def shards(self) -> list[int] | None:
        """The shards this child runs (`SHARD_IDS`); None: it is the only bot, on every shard."""
        ids = self.settings.get("SHARD_IDS")
        return None if ids is None else list(json.loads(ids))

    def online(self) -> bool:
        """The stand-in has a ready session of each of this child's shards (of any, unsharded)."""
        if self.shards is None:
            return self.standin.connected
        return all(self.standin.shard_connected(s) for s in self.shards)

    async def offline(self) -> None:
        """Wait until the stand-in has no session of this child's shards open (of any bot's,
        unsharded): other processes on other shards stay connected meanwhile."""
        shards = self.shards
        if shards is None:
            await self.standin.wait_disconnected()
            return
        await self.standin.wait_until(
            lambda: not any(self.standin.shard_connected(s) for s in shards),
            timeout=10,
            what=f"shards {shards} to disconnect",
        )

    async def aclose(self) -> None:
        if self.running:
            await self.kill()

    async def __aenter__(self) -> ChildBot:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def _read(self, stream: asyncio.StreamReader, into: list[str]) -> None:
        async for raw in stream:
            into.append(raw.decode(errors="replace"))
            self._output.set()

    async def _drain(self) -> None:
        """The readers end at EOF, which follows the exit; after this the output is complete.

        A process the bot started and that outlived it would hold the pipes open: the wait is
        bounded so such a leak fails the test that caused it instead of hanging the suite."""
        _, pending = await asyncio.wait(self._readers, timeout=DRAIN_TIMEOUT)
        for reader in pending:
            reader.cancel()
        self._readers = []
        if pending:
            raise AssertionError(
                "the bot's output stayed open after it exited: a process it started outlived it"
            )


if __name__ == "__main__":
    sys.exit(main())
