"""How many cores this process may really use, and from that the default number of
board-drawing workers.

`os.cpu_count()` counts the host's cores. A container limited to two cores on a 64-core host
would start 64 drawing processes that fight over two cores' worth of time and hold 64 copies of
every cached board. Two limits apply to a process: the cores it may be scheduled on (its CPU
affinity, e.g. `docker run --cpuset-cpus`, `taskset`) and the share of CPU time its control
group may use (`docker run --cpus`, a Kubernetes CPU limit), which the kernel states as a quota
per period. The smaller one counts, rounded up (1.5 cores of time keep two workers busy), and
never less than one.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

CGROUP = Path("/sys/fs/cgroup")
"""Where the kernel shows this container's control group (a cgroup namespace's root)."""
V1_FOLDERS = ("cpu", "cpu,cpuacct", "cpuacct,cpu")
"""Where cgroup v1 mounts the CPU controller, depending on the distribution."""


def usable_cores(cgroup: Path = CGROUP, cpus: int | None = None) -> int:
    """Cores' worth of CPU this process may use; `cpus` stands in for its affinity in tests."""
    if cpus is None:
        cpus = _affinity()
    quota = cpu_quota(cgroup)
    if quota is not None:
        cpus = min(cpus, math.ceil(quota))
    return max(1, cpus)


def drawing_workers(cgroup: Path = CGROUP, cpus: int | None = None) -> int:
    """The default number of drawing workers: one for each usable core but one, which is left
    to the bot's own process, and never fewer than one. The bot is one event loop (and the
    database's thread) and spends about as much processor time on a move as drawing its
    picture, so a worker on every core had it contend with the workers for all of them. At 50
    busy channels on two cores, four runs each, alternated: one worker 27 to 36 moves a second,
    p99 0.6 to 1.4 s; two workers 30 to 35 moves a second, p99 0.7 to 1 s (within the runs'
    spread); the bot and its workers held 290-300 MiB at the peak with one and 400-460 with two
    (`python -m tests.bench.load --workers 1`, then 2)."""
    return max(1, usable_cores(cgroup, cpus) - 1)


def cpu_quota(cgroup: Path = CGROUP) -> float | None:
    """The control group's CPU time limit in cores (quota / period), None if there is none.

    cgroup v2 keeps both numbers in `cpu.max` ("max 100000" is no limit, "200000 100000" is two
    cores); cgroup v1 keeps them in `cpu.cfs_quota_us` (-1 is no limit) and `cpu.cfs_period_us`.
    A file that is missing or unreadable means no limit we can know of.
    """
    v2 = _read(cgroup / "cpu.max")
    if v2 is not None:
        fields = v2.split()
        return _ratio(fields[0], fields[1]) if len(fields) == 2 else None
    for folder in V1_FOLDERS:
        quota = _read(cgroup / folder / "cpu.cfs_quota_us")
        period = _read(cgroup / folder / "cpu.cfs_period_us")
        if quota is not None and period is not None:
            return _ratio(quota, period)
    return None


def _ratio(quota: str, period: str) -> float | None:
    try:
        q, p = int(quota), int(period)
    except ValueError:  # "max": no limit
        return None
    return q / p if q > 0 and p > 0 else None


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None


def _affinity() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1
