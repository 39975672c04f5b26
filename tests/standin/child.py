"""``python -m tests.standin.child (-m MODULE | -c CODE | SCRIPT) [ARGS...]``

Runs a bot (or any program using discord.py) in a child process, pointed at the stand-in named
by the ``STANDIN_*`` environment variables (see ``StandIn.child_env``/``StandIn.child_argv``).
The target runs as ``__main__`` with ``sys.argv`` set as if it had been started directly, so
``python -m tests.standin.child -m bot`` is ``python -m bot`` talking to the stand-in.
"""

from __future__ import annotations

import runpy
import sys

from tests.standin.discordpatch import patch_from_env


def main(argv: list[str]) -> None:
    if not argv or (argv[0] in ("-m", "-c") and len(argv) < 2):
        raise SystemExit(__doc__)
    patch_from_env()
    if argv[0] == "-m":
        sys.argv = [argv[1], *argv[2:]]
        runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
    elif argv[0] == "-c":
        sys.argv = ["-c", *argv[2:]]
        code = compile(argv[1], "<string>", "exec")
        exec(code, {"__name__": "__main__", "__builtins__": __builtins__})
    else:
        sys.argv = list(argv)
        runpy.run_path(argv[0], run_name="__main__")


if __name__ == "__main__":
    main(sys.argv[1:])
