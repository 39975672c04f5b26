"""A real PostgreSQL server for the tests, started on loopback in a temporary folder.

One server per test process (`postgres` in `tests/conftest.py`, session-scoped, so each xdist
worker starts its own once): `initdb` and `pg_ctl` from the machine's PostgreSQL binaries,
without durability (a test database need not survive a power cut), trusting local users. Each
test takes a fresh database of its own (`Server.database`). Where the binaries are missing
`.ci/run` installs Debian's `postgresql` package; in CI (`CI=true`) a server that cannot
start fails the tests that need it, and elsewhere they are skipped only when the binaries are
absent, saying why.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import asyncpg
import pytest

SEARCH = ("/usr/lib/postgresql/*/bin", "/usr/local/pgsql/bin")
"""Where Debian (one folder per major version) and a source build keep the server's programs."""
SETTINGS = (
    "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300"
    " -c shared_buffers=32MB"
)


class NoServer(Exception):
    """No server could be started; the message says why."""


def binaries() -> Path | None:
    """The folder of the newest PostgreSQL server programs on this machine, if any."""
    found = [
        Path(p) for pattern in SEARCH for p in glob.glob(pattern) if Path(p, "initdb").exists()
    ]
    if found:
        return max(found, key=lambda p: [int(x) for x in p.parent.name.split(".") if x.isdigit()])
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A running server, its folder and its port; `stop` removes both."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix="pg-tests-"))
        self.port = _free_port()
        self.user: str | None = None
        """The system user the server runs as: the server refuses to run as root."""
        if os.geteuid() == 0:
            self.user = next((u for u in ("postgres", "nobody") if _exists(u)), None)
            if self.user is None:
                raise NoServer("running as root, and no postgres or nobody user to run as")
            entry = pwd.getpwnam(self.user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        self._names = itertools.count(1)

    def url(self, database: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def _run(self, *args: str) -> None:
        done = subprocess.run(
            [str(self.bin / args[0]), *args[1:]],
            user=self.user,
            cwd=self.folder,  # the server's user may not enter the folder the tests run in
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        if done.returncode != 0:
            log = self.folder / "server.log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise NoServer(f"{args[0]} failed: {done.stderr.strip() or done.stdout}\n{tail}")

    def start(self) -> Server:
        data = self.folder / "data"
        self._run(
            "initdb",
            "-D",
            str(data),
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
            "--no-instructions",
        )
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 {SETTINGS}"
        self._run(
            "pg_ctl",
            "-D",
            str(data),
            "-l",
            str(self.folder / "server.log"),
            "-w",
            "-o",
            options,
            "start",
        )
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "tests")
        return self

    def stop(self) -> None:
        data = self.folder / "data"
        if data.exists():
            self._run("pg_ctl", "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

    async def database(self) -> str:
        """The URL of a new, empty database on this server: a schema of its own in the
        server's one test database (made in a millisecond, where a database takes a fifth of
        a second), which the URL sets as the connection's search path."""
        name = f"test_{next(self._names)}"
        conn = await asyncpg.connect(self.url("tests"))
        try:
            await conn.execute(f"CREATE SCHEMA {name}")
        finally:
            await conn.close()
        return f"{self.url('tests')}?search_path={name}"


def _exists(user: str) -> bool:
    try:
        pwd.getpwnam(user)
    except KeyError:
        return False
    return True


def start() -> Server:
    """A started server, or `NoServer` saying why there is none."""
    bin_dir = binaries()
    if bin_dir is None:
        raise NoServer(
            "no PostgreSQL server programs (initdb, pg_ctl) on this machine; install Debian's "
            "postgresql package, as .ci/run does"
        )
    server = Server(bin_dir)
    try:
        return server.start()
    except BaseException:
        shutil.rmtree(server.folder, ignore_errors=True)
        raise


BACKENDS = ("sqlite", "postgresql")
"""The stores a bot test may be parametrised over (`request.param`)."""


async def database_settings(request: pytest.FixtureRequest) -> dict[str, str]:
    """The bot's settings for the store the test is parametrised with: none for SQLite (its
    file is the session's), a new database's URL on this process's server for PostgreSQL."""
    if request.param != "postgresql":
        return {}
    server: Server = request.getfixturevalue("postgres")
    return {"database_url": await server.database()}
