"""Locust users that are thin clients of FolioHost: each walks the real journeys (journeys.py) over the Gateway's
public JSON-RPC, and the emulator's HTTP API where an operator's backend or its admin would act.

Reported to Locust:
- every JSON-RPC call under its method name (type `rpc`), failed when the answer is a JSON-RPC error, another
  HTTP status, no answer in time or no JSON-RPC response;
- every call to the emulator under its route (type `folio`);
- every whole journey as its own entry (type `journey`, `events.request.fire`), failed with the kind of what
  broke it (a failed call, a model that never came, an unexpected model).

Run it through run.py (`make load`, or the compose profile `load`), which checks the targets, waits for the stack
and gives Locust its bounds; the settings come from the environment (journeys.Settings).
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from pathlib import Path

import gevent
from locust import between, events, task
from locust.contrib.fasthttp import FastHttpUser

sys.path.insert(0, str(Path(__file__).resolve().parent))
import journeys  # noqa: E402
import report  # noqa: E402

SETTINGS = journeys.Settings(dict(os.environ))
SETTINGS.check_targets()
OUTPUT = Path(SETTINGS.output or Path(__file__).resolve().parents[1] / "run" / "load")
# Below the emulator's 10 starts per identifier in 10 minutes, leaving room for a person's own sign-ins.
BUDGET = journeys.SignInBudget(limit=5, window=600)
NETWORK_TIMEOUT = 60.0


class LocustClient:
    """journeys.Client over the user's FastHttpSession: each call is one Locust request entry."""

    def __init__(self, user: FastHttpUser):
        self.session = user.client

    def _exchange(self, request_type: str, method: str, url: str, name: str, read, **kwargs):
        with self.session.request(method, url, name=name, catch_response=True, **kwargs) as response:
            response.request_meta["request_type"] = request_type
            error = getattr(response, "error", None)
            try:
                if error is not None:
                    timed_out = isinstance(error, (TimeoutError, gevent.Timeout)) or "timed out" in str(error)
                    raise journeys.LoadFailure(
                        f"timeout: no answer in {NETWORK_TIMEOUT:.0f} s" if timed_out
                        else f"connection: {type(error).__name__}", str(error))
                result = read(response.status_code, response.content)
            except journeys.LoadFailure as failure:
                response.failure(failure)
                raise
            response.success()
            return result

    def rpc(self, method: str, params: dict | None = None, token: str | None = None):
        body, headers = journeys.rpc_request(method, params, token)
        try:
            return self._exchange("rpc", "POST", "/rpc", method, journeys.read_rpc_answer, json=body, headers=headers)
        except journeys.LoadFailure as failure:
            raise journeys.LoadFailure(f"{method}: {failure.kind}", failure.detail) from None

    def folio(self, method: str, path: str, body=None, admin: bool = False, name: str | None = None):
        name = name or f"{method} {path.split('?', 1)[0]}"
        headers = journeys.folio_headers(SETTINGS, method, admin)
        try:
            return self._exchange("folio", method, SETTINGS.emulator + path, name, journeys.read_folio_answer,
                                  json=body, headers=headers)
        except journeys.LoadFailure as failure:
            raise journeys.LoadFailure(f"{name}: {failure.kind}", failure.detail) from None


class ThinClient(FastHttpUser):
    """One person's device after another: every task is a journey on a new runtime."""

    host = SETTINGS.gateway
    network_timeout = NETWORK_TIMEOUT
    connection_timeout = 10.0
    wait_time = between(0.5, 1.5)

    def on_start(self) -> None:
        self.folio_client = LocustClient(self)

    def journey(self, name: str, run) -> None:
        """Runs one journey and reports it as a whole: its time, and its failure with the kind of what broke it."""
        started, started_perf = time.time(), time.perf_counter()
        failure: journeys.LoadFailure | None = None
        try:
            run(self.folio_client)
        except journeys.LoadFailure as error:
            failure = error
        except Exception as error:  # a model of a shape the driver does not expect, or a bug of the driver
            failure = journeys.LoadFailure(f"driver: {type(error).__name__}", traceback.format_exc(limit=4))
        if failure is not None:
            report.failed(name, failure)
        self.environment.events.request.fire(
            request_type="journey", name=name, response_time=(time.perf_counter() - started_perf) * 1000,
            response_length=0, exception=failure, context={}, start_time=started, url=None, response=None,
        )

    @task(3)
    def inquiry_fields(self) -> None:
        self.journey("inquiry: fields and a file", journeys.inquiry_fields_journey)

    @task(1)
    def inquiry_email(self) -> None:
        self.journey("inquiry: email code", lambda client: journeys.inquiry_code_journey(client, "email"))

    @task(1)
    def inquiry_phone(self) -> None:
        self.journey("inquiry: phone code", lambda client: journeys.inquiry_code_journey(client, "phone"))

    @task(1)
    def inquiry_document(self) -> None:
        self.journey("inquiry: document photo", journeys.inquiry_document_journey)

    @task(3)
    def vault(self) -> None:
        self.journey("vault: create, update, delete, restore", journeys.vault_journey)

    @task(2)
    def sign_in(self) -> None:
        fixture = BUDGET.take()
        self.journey("sign-in: fixture password" if fixture else "sign-up: new account",
                     lambda client: journeys.sign_in_journey(client, fixture, BUDGET))

    @task(1)
    def document(self) -> None:
        self.journey("document: issued and received", journeys.document_journey)


@events.test_start.add_listener
def on_test_start(environment, **_) -> None:
    report.start(environment, SETTINGS, OUTPUT)


@events.test_stopping.add_listener
def on_test_stopping(environment, **_) -> None:
    report.stopping()


@events.test_stop.add_listener
def on_test_stop(environment, **_) -> None:
    report.stop()


@events.quit.add_listener
def on_quit(exit_code, **_) -> None:
    report.finish()
