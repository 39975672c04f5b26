"""What the bot counts and times, in the Prometheus text format (`/metrics` on HEALTH_PORT).

The metrics live in a registry of their own rather than the client library's global one, so
that nothing a library registers on import shows up, and a test can read them by name. Every
room may record into them (a move counted where it is committed, a drawing timed where it is
drawn); only the health endpoint (`bot.discord.endpoint`) serves them. Gauges that describe the
database (the outbox's backlog, waits that fell due) are read from the store when scraped.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

REGISTRY = CollectorRegistry(auto_describe=True)

MOVES = Counter("bot_moves", "Moves committed, by game.", ["game"], registry=REGISTRY)
COMMAND_SECONDS = Histogram(
    "bot_command_seconds",
    "From a command or click reaching the bot to its answer, by command.",
    ["command"],
    buckets=(0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30),
    registry=REGISTRY,
)
OUTBOX_BACKLOG = Gauge("bot_outbox_backlog", "Posts due and not yet delivered.", registry=REGISTRY)
OUTBOX_AGE = Gauge(
    "bot_outbox_oldest_seconds",
    "How long the oldest post due has waited to be delivered (0: none waits).",
    registry=REGISTRY,
)
WAITS_DUE = Gauge(
    "bot_waits_due",
    "Reminders, turn limits and deadlines due and not yet handled.",
    registry=REGISTRY,
)
WAITS_HANDLED = Counter(
    "bot_waits_handled", "Reminders, turn limits and deadlines handled.", registry=REGISTRY
)
RENDER_SECONDS = Histogram(
    "bot_render_seconds",
    "Time to draw one picture (board, turn or step), queueing for a worker included.",
    buckets=(0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10),
    registry=REGISTRY,
)
WORKER_RESTARTS = Counter(
    "bot_worker_restarts", "Drawing workers that died and were started afresh.", registry=REGISTRY
)
LOOP_LAG = Histogram(
    "bot_event_loop_lag_seconds",
    "How late the event loop woke from a short sleep.",
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5),
    registry=REGISTRY,
)
