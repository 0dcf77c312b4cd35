#!/usr/bin/env python3
"""The fault suite (docs/operations.md "Faults"): the whole stack on loopback with journeys running at a modest
rate, while each fault in turn breaks it and is then undone: SIGKILL and restart of an inquiry worker, the
AuthService, the VaultService, the DocumentReceiver and the Gateway; PostgreSQL stopped and started again; on
the bus, three routed nats-server nodes, the node the Gateway and an inquiry worker are connected to killed and
started again;
Folio answering 503, answering after the services gave up, and dropping connections, for a while.

Afterwards every journey must have completed (retrying only what the API calls retryable), every inquiry must
hold exactly one submission of its own name at Folio, and every guest vault exactly one record in PostgreSQL.
Prints a table of each fault: how many errors the journeys saw while it lasted and how long until a journey
completed again. Exits 1 when something was lost, duplicated or failed for good.

    Tests/Faults/faults.py            # FOLIO_BROWSER_BIN names the debug binaries (else swift build --show-bin-path)
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Browser"))

from journeys import ERRORS, Outcome, run  # noqa: E402
from stack import OUTPUT, Stack  # noqa: E402

WORKERS = {"inquiry": 2, "vault": 2}  # journeys running at once, by kind: a modest rate
HOLD_SECONDS = 3.0  # how long each fault lasts
SETTLE_SECONDS = 3.0  # quiet time between faults


@dataclass
class Fault:
    name: str
    begin: callable
    end: callable
    began: float = 0.0
    ended: float = 0.0
    recovered: float | None = None
    errors: int = 0
    notes: list[str] = field(default_factory=list)


def process_fault(stack: Stack, program: str) -> tuple:
    return (lambda: stack.kill(program), lambda: stack.restart(program))


def folio_fault(stack: Stack, **fault) -> tuple:
    """An emulator fault on the routes the journeys use, for as many calls as the hold lets happen."""
    routes = [
        "POST /v1/inquiries/launch", "POST /v1/inquiries/{inquiryId}/submit",
        "POST /v1/inquiries/{inquiryId}/complete", "GET /v1/inquiries/{inquiryId}",
    ]

    def begin():
        for route in routes:
            stack.admin("POST", "/admin/faults", {"route": route, "count": 1000, **fault})

    def end():
        stack.admin("DELETE", "/admin/faults")

    return (begin, end)


def nats_node_fault(stack: Stack) -> tuple:
    """The bus is three routed nodes: the node(s) the Gateway and an inquiry worker are connected to die (the
    Gateway and the worker reconnect to another node), then start again."""
    killed: list[int] = []

    def begin():
        killed[:] = stack.cluster.nodes_of("folio-gateway", "inquiry-")
        print(f"  the Gateway and the inquiry worker are on node(s) {killed} of 3: killed", flush=True)
        for node in killed:
            stack.cluster.kill(node)

    def end():
        for node in killed:
            stack.cluster.start_node(node)

    return (begin, end)


def faults(stack: Stack) -> list[Fault]:
    return [
        Fault("SIGKILL inquiry worker", *process_fault(stack, "folio-inquiry")),
        Fault("SIGKILL AuthService", *process_fault(stack, "folio-auth")),
        Fault("SIGKILL VaultService", *process_fault(stack, "folio-vault")),
        Fault("SIGKILL DocumentReceiver", *process_fault(stack, "folio-documents")),
        Fault("SIGKILL Gateway", *process_fault(stack, "folio-gateway")),
        Fault("PostgreSQL down", lambda: stack.services("stop-pg"), lambda: stack.services("start-pg")),
        Fault("NATS node of Gateway+inquiry", *nats_node_fault(stack)),
        Fault("Folio answers 503", *folio_fault(stack, status=503)),
        # The services give up on a Folio call after 10 s (ServiceContext.folioClient): these time out.
        Fault("Folio times out (12 s)", *folio_fault(stack, delayMs=12000)),
        Fault("Folio drops connections", *folio_fault(stack, drop=True)),
    ]


class Load:
    """Journeys of each kind, one after another on their own threads, until stopped."""

    def __init__(self, stack: Stack):
        self.stack, self.outcomes, self.lock, self.stopping = stack, [], threading.Lock(), threading.Event()
        self.threads = [
            threading.Thread(target=self._loop, args=(kind,), daemon=True)
            for kind, count in WORKERS.items() for _ in range(count)
        ]

    def start(self):
        for thread in self.threads:
            thread.start()

    def stop(self):
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=120)

    def _loop(self, kind: str):
        while not self.stopping.is_set():
            outcome = run(self.stack, kind)
            with self.lock:
                self.outcomes.append(outcome)

    def recovered_after(self, moment: float) -> float | None:
        """When a journey of every kind had completed after `moment` (nil until then)."""
        with self.lock:
            firsts = [
                min((o.ended for o in self.outcomes if o.kind == kind and o.ok and o.ended > moment), default=None)
                for kind in WORKERS
            ]
        return None if None in firsts else max(firsts)


def vault_record_counts(stack: Stack, accounts: list[str]) -> dict[str, int]:
    """How many records PostgreSQL holds for each of `accounts` (as its superuser, which row-level security
    does not hold back), in one query."""
    listed = ",".join("'" + account.replace("'", "") + "'" for account in accounts) or "''"
    query = (
        "SELECT account_id, count(*) FROM vault_entries WHERE kind = 'RECORD' "
        f"AND account_id IN ({listed}) GROUP BY account_id"
    )
    finished = subprocess.run(
        ["psql", stack.database_url(), "-At", "-F", " ", "-f", "-"], input=query, capture_output=True, text=True,
        check=True)
    counts = {}
    for line in finished.stdout.split("\n"):
        if line.strip():
            account, count = line.split(" ")
            counts[account] = int(count)
    return counts


def check(stack: Stack, outcomes: list[Outcome]) -> list[str]:
    """Everything lost, duplicated or failed for good."""
    problems = [
        f"{o.kind} journey failed: {o.error} (its last retries: {o.errors_seen[-3:]}, "
        f"from {o.started:.1f} s to {o.ended:.1f} s)" for o in outcomes if not o.ok
    ]
    done = [o for o in outcomes if o.ok]
    for outcome in (o for o in done if o.kind == "inquiry"):
        inquiry = stack.admin("GET", f"/admin/inquiries/{outcome.facts['inquiry']}")
        names = [s["fields"].get("name") for s in inquiry["submissions"] if s["stepId"] == "name"]
        if names != [outcome.facts["name"]]:
            problems.append(f"inquiry {inquiry['id']}: submissions of the name step {names}")
        if inquiry["status"] != "COMPLETED":
            problems.append(f"inquiry {inquiry['id']}: status {inquiry['status']}")
    vaults = {o.facts["account"]: o for o in done if o.kind == "vault"}
    counts = vault_record_counts(stack, list(vaults))
    for account, outcome in vaults.items():
        if counts.get(account, 0) != 1:
            problems.append(
                f"guest vault {account}: {counts.get(account, 0)} records, 1 created "
                f"(the journey's retries: {outcome.errors_seen}, from {outcome.started:.1f} s to {outcome.ended:.1f} s)"
            )
    return problems


def report(fault_list: list[Fault], outcomes: list[Outcome], problems: list[str]) -> None:
    # Errors seen: retryable errors the journeys met from the fault's start until the next fault; time to
    # recover: from the fault's end until a journey of every kind had completed again.
    print(f"\n{'fault':<28} {'errors seen':>11} {'time to recover':>16}")
    for fault in fault_list:
        recovery = f"{fault.recovered - fault.ended:.1f} s" if fault.recovered is not None else "never"
        print(f"{fault.name:<28} {fault.errors:>11} {recovery:>16}")
    done = [o for o in outcomes if o.ok]
    print(f"\njourneys: {len(done)} completed ({sum(o.kind == 'inquiry' for o in done)} inquiries, "
          f"{sum(o.kind == 'vault' for o in done)} vault records), {len(outcomes) - len(done)} failed, "
          f"{sum(o.retries for o in outcomes)} retries in all")
    for problem in problems[:30]:
        print(f"PROBLEM: {problem}")
    if len(problems) > 30:
        print(f"... and {len(problems) - 30} more")


def main() -> int:
    output = OUTPUT.parent / "faults-output"
    with Stack(output=output, emulator_environment={"FOLIO_EMULATOR_CLOCK": "running"}, nats_cluster=True) as stack:
        print(f"stack up in {stack.startup_seconds:.1f} s; logs in {stack.logs}", flush=True)
        load = Load(stack)
        load.start()
        time.sleep(SETTLE_SECONDS)
        fault_list = faults(stack)
        for fault in fault_list:
            print(f"fault: {fault.name} (at {time.monotonic():.1f} s)", flush=True)
            errors_before = ERRORS.read()
            fault.began = time.monotonic()
            fault.begin()
            time.sleep(HOLD_SECONDS)
            fault.end()
            fault.ended = time.monotonic()
            deadline = fault.ended + 60
            while time.monotonic() < deadline and load.recovered_after(fault.ended) is None:
                time.sleep(0.2)
            fault.recovered = load.recovered_after(fault.ended)
            time.sleep(SETTLE_SECONDS)
            fault.errors = ERRORS.read() - errors_before
        print("stopping the journeys", flush=True)
        load.stop()
        problems = check(stack, load.outcomes)
        never = [f.name for f in fault_list if f.recovered is None]
        problems += [f"no journey completed after: {name}" for name in never]
        report(fault_list, load.outcomes, problems)
        return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
