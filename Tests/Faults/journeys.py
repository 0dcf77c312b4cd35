"""The journeys the fault suite keeps running while it breaks the stack, each a thin client over the public
JSON-RPC that retries what the API calls retryable and records what it did, so the suite can check afterwards
that nothing was lost or done twice.

- InquiryJourney: a runtime, an InquiryStore, Open with a new `tmpl_simple` launch code, a name of its own,
  Submit until the review step, Complete until the terminal screen. Afterwards Folio must hold exactly one
  submission of that name for that inquiry.
- VaultJourney: a guest runtime, its session's account, a VaultStore, one record created. Afterwards
  PostgreSQL must hold exactly one record of that account.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from dataclasses import dataclass, field

from model_deltas import whole
from stack import http

# JSON-RPC errors a client retries (docs/wire-api.md "Errors"): no worker answered, no answer in time, the
# database unreachable, too many requests.
RETRYABLE_CODES = {-32010, -32011, -32012, -32005}
RETRY_PAUSE = 0.3
MAX_ATTEMPTS = 120  # 36 s of retries: longer than any fault of the suite lasts


class ErrorCount:
    """Every retryable error any journey met, so far (the suite reads it before and after each fault)."""

    def __init__(self):
        self.lock, self.total = threading.Lock(), 0

    def add(self):
        with self.lock:
            self.total += 1

    def read(self) -> int:
        with self.lock:
            return self.total


ERRORS = ErrorCount()


class JourneyFailed(Exception):
    """A step failed with an error that is not retryable, or stayed retryable for too long."""


@dataclass
class Outcome:
    """What one journey did: its kind, what it left behind, how many retries it needed and when it ended."""

    kind: str
    ok: bool = False
    error: str | None = None
    retries: int = 0
    errors_seen: list[str] = field(default_factory=list)
    started: float = 0.0
    ended: float = 0.0
    facts: dict = field(default_factory=dict)


class Client:
    """JSON-RPC through the Gateway, retrying retryable errors and connection failures."""

    def __init__(self, stack, outcome: Outcome):
        self.stack, self.outcome, self.token = stack, outcome, None

    def call(self, method: str, params: dict | None = None, timeout: float = 40):
        for _ in range(MAX_ATTEMPTS):
            request = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params or {}}
            headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
            try:
                status, _, answer = http("POST", self.stack.gateway_url + "/rpc", request, headers, timeout=timeout)
            except OSError as error:  # the Gateway is down or restarting
                self._retry(f"{method}: {type(error).__name__}")
                continue
            if status >= 500 or not isinstance(answer, dict):
                self._retry(f"{method}: HTTP {status}")
                continue
            error = answer.get("error")
            if error is None:
                return answer.get("result")
            if error.get("code") in RETRYABLE_CODES:
                self._retry(f"{method}: {(error.get('data') or {}).get('type', error.get('code'))}")
                continue
            raise JourneyFailed(f"{method}: {error}")
        raise JourneyFailed(f"{method}: still failing after {MAX_ATTEMPTS} attempts")

    def dispatch(self, store: str, action: dict) -> None:
        """`store.dispatch` under a key of its own, which every retry of this call repeats: an action whose
        answer was lost (the Gateway or its NATS node killed) and that the store applied is not applied twice."""
        self.call("store.dispatch", {"storeId": store, "action": action, "dispatchId": uuid.uuid4().hex})

    def shut_down(self) -> None:
        """`runtime.shutdown`; sent again after its answer was lost (the Gateway killed), it answers null again."""
        self.call("runtime.shutdown")

    def _retry(self, what: str) -> None:
        ERRORS.add()
        self.outcome.retries += 1
        # When, on the clock of the suite's fault lines, so a failure can be set beside the fault it met.
        self.outcome.errors_seen.append(f"{what} (at {time.monotonic():.1f} s)")
        time.sleep(RETRY_PAUSE)

    def follow(self, store: str, until, after: int = -1, seconds: float = 60, resend=None, failed=None):
        """store.next until `until(model)`, for at most `seconds`; `resend()` runs again when the model shows an
        error that `failed(error)` says is the action's own (a Folio call or a write that failed for now), as a
        person presses the button again. An action the store accepted is never sent again for lack of a change:
        the store answers a dispatch once the action is in its snapshot, so a worker killed after that answer
        loses nothing. A delta is applied to the model held; without the model of `after`, the model is asked
        for whole (`delta: false`)."""
        deadline = time.monotonic() + seconds
        held = None
        while time.monotonic() < deadline:
            params = {"storeId": store, "afterVersion": after, "timeoutMs": 5000}
            if held is None or held["version"] != after:
                held = None
                params["delta"] = False
            state = whole(self.call("store.next", params), held)
            if state is None:
                raise JourneyFailed(f"store {store} closed")
            held = state
            after = state["version"]
            model = state["model"]
            if until(model):
                return model, after
            error = model.get("error")
            if resend is not None and error is not None and not model.get("loading", False) and (
                    failed is None or failed(error)):
                self._retry(f"model error: {model['error'].get('message', model['error'])}")
                dismissed_after = after
                resend()
                after = dismissed_after
        shown = json.dumps(held, separators=(",", ":"))
        raise JourneyFailed(
            f"store {store} never showed what the journey waits for; it showed last: "
            f"{shown if len(shown) <= 1500 else shown[:1500] + '...'}")


def step_id(model) -> str | None:
    return (((model.get("inquiry") or {}).get("stage") or {}).get("content") or {}).get("value", {}).get("stepId")


def terminal(model) -> bool:
    return (((model.get("inquiry") or {}).get("stage") or {}).get("content") or {}).get("type") == "TERMINAL"


def inquiry_journey(stack, outcome: Outcome) -> None:
    client = Client(stack, outcome)
    created = stack.operator("POST", "/v1/operator/inquiries", {"organizationId": "org-demo", "templateId": "tmpl_simple"})
    outcome.facts.update(inquiry=created["inquiryId"], name=f"Ada {uuid.uuid4().hex[:8]}")
    client.token = client.call("runtime.create", {"organizationId": "org-demo"})["token"]
    store = client.call("inquiry.mount")["storeId"]

    def dispatch(action):
        client.dispatch(store, action)

    def act(intent):
        return {"type": "ACT", "value": {"type": intent}}

    open_action = {"type": "OPEN", "value": {"entry": {"type": "START", "value": {"launchCode": created["launchCode"]}}}}
    dispatch(open_action)
    _, version = client.follow(store, lambda m: step_id(m) == "name" and not m["loading"], resend=lambda: dispatch(open_action))
    edit = {"type": "ACT", "value": {"type": "EDIT", "value": {
        "key": "name", "value": {"type": "TEXT", "value": {"text": outcome.facts["name"]}}}}}
    dispatch(edit)
    dispatch(act("SUBMIT"))
    _, version = client.follow(
        store, lambda m: step_id(m) == "review" and not m["loading"], version, resend=lambda: dispatch(act("SUBMIT")))
    dispatch(act("COMPLETE"))
    client.follow(store, lambda m: terminal(m) and not m["loading"], version, resend=lambda: dispatch(act("COMPLETE")))
    client.shut_down()


def vault_journey(stack, outcome: Outcome) -> None:
    client = Client(stack, outcome)
    client.token = client.call("runtime.create", {"organizationId": "org_bluebank"})["token"]
    session = client.call("session.mount")["storeId"]
    model, _ = client.follow(session, lambda m: (m.get("identity") or {}).get("type") == "TRANSIENT")
    outcome.facts["account"] = model["identity"]["value"]["accountId"]
    vault = client.call("vault.mount")["storeId"]
    payload = f'{{"title":"{uuid.uuid4().hex}"}}'
    outcome.facts["payload"] = payload
    create = {"type": "WRITE", "value": {"value": {"type": "CREATE", "value": {
        "record": {"schema": "note", "version": 1, "payload": payload}}}}}
    client.dispatch(vault, create)

    def created(model) -> bool:
        return any(record["payload"] == payload for record in model["records"]) and not model["busy"]

    # A create that failed for now (its error in the model) is sent again: the store keeps one record per create
    # that succeeded, so the check afterwards finds a duplicate if a retried create was written twice.
    def write_failed(error) -> bool:
        # The store shows one error, a failed read's too: only a failed write is sent again, or the create that
        # went through (its record not yet read back) would be written twice.
        return "cannot be written" in (error.get("message") or "")

    client.follow(vault, created, resend=lambda: client.dispatch(vault, create), failed=write_failed)
    client.shut_down()


JOURNEYS = {"inquiry": inquiry_journey, "vault": vault_journey}


def run(stack, kind: str) -> Outcome:
    outcome = Outcome(kind=kind, started=time.monotonic())
    try:
        JOURNEYS[kind](stack, outcome)
        outcome.ok = True
    except Exception as error:  # noqa: BLE001 - every failure is reported with its journey
        outcome.error = f"{type(error).__name__}: {error}"
    outcome.ended = time.monotonic()
    return outcome
