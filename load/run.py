#!/usr/bin/env python3
"""The load driver: checks the targets (loopback only unless FOLIO_LOAD_ALLOW_REMOTE=1), waits until the stack
answers, then runs Locust headless with the locustfile, bounded by FOLIO_LOAD_USERS, FOLIO_LOAD_SPAWN_RATE and
FOLIO_LOAD_SECONDS, writing its HTML report and CSV files to the output folder (FOLIO_LOAD_OUTPUT, else
run/load/). Exits with Locust's status: 0 when nothing failed, 1 when a call or a journey failed; 2 when it could
not start. `make load` (scripts/load.sh) and the compose profile `load` run it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import journeys  # noqa: E402

# Journeys still running when the time is up get this long to finish (Locust's --stop-timeout).
STOP_SECONDS = 30


def main() -> int:
    try:
        settings = journeys.Settings(dict(os.environ))
        settings.check_targets()
    except ValueError as error:
        print(f"load: {error}", file=sys.stderr)
        return 2
    output = Path(settings.output or HERE.parent / "run" / "load").resolve()
    output.mkdir(parents=True, exist_ok=True)
    print(f"== load: {settings.users} users (spawn {settings.spawn_rate:g}/s) for {settings.seconds} s against "
          f"{settings.gateway} (emulator {settings.emulator})", flush=True)
    try:
        journeys.wait_until_ready(journeys.PlainClient(settings, timeout=5))
    except RuntimeError as error:
        print(f"load: {error}", file=sys.stderr)
        return 2
    command = [
        sys.executable, "-m", "locust", "-f", str(HERE / "locustfile.py"), "--headless", "--only-summary",
        "--users", str(settings.users), "--spawn-rate", f"{settings.spawn_rate:g}",
        "--run-time", f"{settings.seconds}s", "--stop-timeout", str(STOP_SECONDS), "--host", settings.gateway,
        "--csv", str(output / "load"), "--html", str(output / "report.html"),
    ]
    environment = {**os.environ, "FOLIO_LOAD_OUTPUT": str(output)}
    return subprocess.run(command, env=environment).returncode


if __name__ == "__main__":
    sys.exit(main())
