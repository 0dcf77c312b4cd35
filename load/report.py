"""What a run shows while it runs and at its end: a live progress line, and a report of journeys per second,
p50 / p95 / p99 per journey and per call, and the errors by kind (also written to summary.txt and summary.json
in the output folder, beside Locust's HTML report and CSV files). Failures are logged with what the journey saw
in failures.log there.

The figures come from Locust's statistics; `summarize` and `render` take plain rows, so they are tested without
Locust (tests/test_report.py).
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

PERCENTILES = (0.5, 0.95, 0.99)

_state: dict = {}


@dataclass
class Row:
    """One entry of the statistics: a journey, a JSON-RPC method (`rpc`) or an emulator route (`folio`)."""

    kind: str
    name: str
    count: int
    failures: int
    p50: float
    p95: float
    p99: float


@dataclass
class Summary:
    seconds: float
    users: int
    journeys: int
    journeys_failed: int
    journeys_per_second: float
    calls: int
    calls_failed: int
    calls_per_second: float
    rows: list[Row] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)


def summarize(rows: list[Row], errors: list[dict], seconds: float, users: int,
              in_time: tuple[int, int] | None = None) -> Summary:
    """The totals of a run from its rows; `errors` are `{kind, name, error, occurrences}`, most frequent first.
    The rates are the journeys and calls finished in the `seconds` the users ran (`in_time`, counted when the
    run's time was up), so journeys that finish afterwards count in the rows but not in the rates."""
    journeys = [row for row in rows if row.kind == "journey"]
    calls = [row for row in rows if row.kind != "journey"]
    done, called = sum(row.count for row in journeys), sum(row.count for row in calls)
    journeys_in_time, calls_in_time = in_time or (done, called)
    return Summary(
        seconds=round(seconds, 1), users=users, journeys=done,
        journeys_failed=sum(row.failures for row in journeys),
        journeys_per_second=round(journeys_in_time / seconds, 3) if seconds > 0 else 0.0,
        calls=called, calls_failed=sum(row.failures for row in calls),
        calls_per_second=round(calls_in_time / seconds, 1) if seconds > 0 else 0.0,
        rows=sorted(rows, key=lambda row: (row.kind != "journey", row.kind, row.name)),
        errors=sorted(errors, key=lambda error: (-error["occurrences"], error["kind"], error["name"])),
    )


def render(summary: Summary) -> str:
    lines = [
        f"== load report: {summary.users} users for {summary.seconds:g} s",
        f"journeys: {summary.journeys_per_second:.2f}/s; {summary.journeys} done, {summary.journeys_failed} failed",
        f"calls:    {summary.calls_per_second:.1f}/s; {summary.calls} done, {summary.calls_failed} failed",
        "",
        f"{'':8}{'name':46}{'count':>7}{'failed':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}",
    ]
    for row in summary.rows:
        lines.append(f"{row.kind:8}{row.name[:45]:46}{row.count:7d}{row.failures:8d}"
                     f"{row.p50:9.0f}{row.p95:9.0f}{row.p99:9.0f}")
    lines += ["", "errors by kind:" if summary.errors else "errors by kind: none"]
    for error in summary.errors:
        lines.append(f"{error['occurrences']:7d}  {error['kind']:8}{error['name']}: {error['error']}")
    return "\n".join(lines)


# MARK: Locust's statistics


def rows_of(stats) -> list[Row]:
    rows = []
    for (name, method), entry in sorted(stats.entries.items()):
        if entry.num_requests == 0:
            continue
        p50, p95, p99 = (entry.get_response_time_percentile(p) or 0 for p in PERCENTILES)
        rows.append(Row(method, name, entry.num_requests, entry.num_failures, p50, p95, p99))
    return rows


def errors_of(stats) -> list[dict]:
    return [
        {"kind": error.method, "name": error.name, "error": str(error.error), "occurrences": error.occurrences}
        for error in stats.errors.values()
    ]


# MARK: the run


def start(environment, settings, output: Path) -> None:
    """At the test's start: opens failures.log and starts the progress line."""
    import gevent

    output.mkdir(parents=True, exist_ok=True)
    _state.update(
        environment=environment, settings=settings, output=output, started=time.monotonic(), stopped=None,
        failures=open(output / "failures.log", "w", encoding="utf-8"), logged={},
    )
    _state["progress"] = gevent.spawn(_progress)


def stopping() -> None:
    """The run's time is up: the rates are taken now; the journeys still running finish afterwards."""
    if "environment" in _state and "in_time" not in _state:
        rows = rows_of(_state["environment"].stats)
        _state["ran"] = time.monotonic() - _state["started"]
        _state["in_time"] = (sum(r.count for r in rows if r.kind == "journey"),
                             sum(r.count for r in rows if r.kind != "journey"))


def stop() -> None:
    stopping()
    _state["stopped"] = time.monotonic()


def failed(journey: str, failure) -> None:
    """Logs a failed journey with what it saw; the first three of each kind also go to standard error."""
    log = _state.get("failures")
    if log is None:
        return
    log.write(f"{time.strftime('%H:%M:%S')} {journey}: {failure.kind}\n    {failure.detail}\n")
    log.flush()
    seen = _state["logged"].get(failure.kind, 0)
    _state["logged"][failure.kind] = seen + 1
    if seen < 3:
        _line_break()
        print(f"failed: {journey}: {failure.kind}", file=sys.stderr, flush=True)


def _line_break() -> None:
    if _state.get("progress_shown") and sys.stderr.isatty():
        print(file=sys.stderr)
        _state["progress_shown"] = False


def _progress() -> None:
    """One line, rewritten every second on a terminal; a new line every ten seconds elsewhere (logs)."""
    import gevent

    tty = sys.stderr.isatty()
    last = 0.0
    while _state.get("stopped") is None:
        gevent.sleep(1)
        elapsed = time.monotonic() - _state["started"]
        if not tty and elapsed - last < 10:
            continue
        last = elapsed
        environment, settings = _state["environment"], _state["settings"]
        rows = rows_of(environment.stats)
        journeys = [row for row in rows if row.kind == "journey"]
        calls = [row for row in rows if row.kind != "journey"]
        done, failed_ = sum(r.count for r in journeys), sum(r.failures for r in journeys)
        count = sum(r.count for r in calls)
        line = (f"[{elapsed:4.0f}/{settings.seconds} s] users {environment.runner.user_count:3d}  journeys {done:5d} "
                f"({failed_} failed, {done / elapsed:.2f}/s)  calls {count:6d} "
                f"({sum(r.failures for r in calls)} failed, {count / elapsed:.0f}/s)")
        print(("\r" + line) if tty else line, end="" if tty else "\n", file=sys.stderr, flush=True)
        _state["progress_shown"] = True


def finish() -> None:
    """At Locust's quit: the report on standard output and in summary.txt / summary.json."""
    if "environment" not in _state:
        return
    _line_break()
    environment, settings, output = _state["environment"], _state["settings"], _state["output"]
    stopping()
    summary = summarize(rows_of(environment.stats), errors_of(environment.stats), _state["ran"], settings.users,
                        _state["in_time"])
    text = render(summary)
    files = [output / name for name in ("report.html", "load_stats.csv", "load_failures.csv", "summary.txt",
                                        "failures.log")]
    text += "\n\nfiles: " + " ".join(str(f) for f in files if f.exists() or f.name.startswith("summary"))
    print("\n" + text, flush=True)
    (output / "summary.txt").write_text(text + "\n", encoding="utf-8")
    (output / "summary.json").write_text(json.dumps(asdict(summary), indent=1) + "\n", encoding="utf-8")
    _state["failures"].close()
