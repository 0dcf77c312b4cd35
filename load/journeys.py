"""The journeys of the load driver: what a thin client does over the Gateway's public JSON-RPC, step by step, and
what it checks on the way. Nothing here knows Locust: a journey gets a `Client` (the locustfile's reports every
call to Locust) and raises `LoadFailure` when it sees something other than what it waits for.

Each journey starts its own runtime (a new device) and shuts it down at its end. A journey waits for the model
it expects with `store.next` long polls; an error in the model, a JSON-RPC error or a model that never comes is
a failure of the journey, named by its kind (`LoadFailure.kind`), never a fast answer.
"""

from __future__ import annotations

import base64
import collections
import copy
import ipaddress
import json
import socket
import struct
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
import zlib
from typing import Any, Callable, Protocol

# MARK: failures


class LoadFailure(Exception):
    """A failed call or journey. `kind` names what went wrong without ids or times, so equal failures group
    together in the report (Locust groups errors by their repr); `detail` keeps what was seen, for the log."""

    def __init__(self, kind: str, detail: str = ""):
        super().__init__(kind)
        self.kind = kind
        self.detail = detail

    def __repr__(self) -> str:
        return self.kind

    __str__ = __repr__


def rpc_error_kind(error: Any) -> str:
    """The kind of a JSON-RPC error object: its code and `data.type` (the server errors), else its message (the
    standard errors, whose `data` names a path or a reason that differs from call to call)."""
    if not isinstance(error, dict):
        return "JSON-RPC error (malformed)"
    code = error.get("code")
    data = error.get("data")
    if isinstance(data, dict) and isinstance(data.get("type"), str):
        return f"JSON-RPC {code} {data['type']}"
    return f"JSON-RPC {code} {error.get('message') or 'error'}"


def http_failure_kind(status: int) -> str:
    return f"HTTP {status}"


def read_rpc_answer(status: int, body: bytes | str | None) -> Any:
    """The result of one JSON-RPC exchange with the Gateway, or LoadFailure naming what came instead: an HTTP
    status other than 200, a body that is not a JSON-RPC response, or a JSON-RPC error."""
    if status != 200:
        kind = http_failure_kind(status)
        try:
            error = json.loads(body or b"").get("error")
            if error:
                kind = f"{kind} {rpc_error_kind(error)}"
        except (ValueError, AttributeError):
            pass
        raise LoadFailure(kind, _text(body))
    try:
        answer = json.loads(body or b"")
    except ValueError:
        raise LoadFailure("unexpected answer: not JSON", _text(body)) from None
    if not isinstance(answer, dict) or ("result" not in answer and "error" not in answer):
        raise LoadFailure("unexpected answer: not a JSON-RPC response", _text(body))
    if "error" in answer:
        raise LoadFailure(rpc_error_kind(answer["error"]), compact(answer["error"]))
    return answer["result"]


def read_folio_answer(status: int, body: bytes | str | None) -> Any:
    """The parsed JSON of an emulator answer of status 2xx, else LoadFailure with the status and Folio's code."""
    try:
        parsed = json.loads(body) if body else None
    except ValueError:
        parsed = None
    if 200 <= status < 300:
        return parsed
    code = ((parsed or {}).get("error") or {}).get("code") if isinstance(parsed, dict) else None
    raise LoadFailure(f"{http_failure_kind(status)}{' ' + code if isinstance(code, str) else ''}", _text(body))


def _text(body: bytes | str | None) -> str:
    text = body.decode("utf-8", "replace") if isinstance(body, bytes) else (body or "")
    return text[:600]


def compact(value: Any, limit: int = 4000) -> str:
    """A JSON text of `value`, cut to `limit` characters: what a failure's detail shows of a model."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
    return text if len(text) <= limit else text[:limit] + "…"


def apply_patch(document: Any, patch: Any) -> Any:
    """A JSON Patch (RFC 6902) of a `store.next` delta applied to a copy of `document`: the add, remove and
    replace the stores make. One that does not apply is a failure of the journey."""
    document = copy.deepcopy(document)
    if not isinstance(patch, list):
        raise LoadFailure("unexpected answer: store.next patch", compact(patch))
    for operation in patch:
        op, path = operation.get("op"), operation.get("path", "")
        tokens = [token.replace("~1", "/").replace("~0", "~") for token in path.split("/")[1:]]
        if not tokens:
            if op not in ("add", "replace"):
                raise LoadFailure("unexpected answer: store.next patch", compact(operation))
            document = copy.deepcopy(operation.get("value"))
            continue
        parent = document
        try:
            for token in tokens[:-1]:
                parent = parent[int(token)] if isinstance(parent, list) else parent[token]
            last = tokens[-1]
            if op == "add" and isinstance(parent, list):
                parent.insert(len(parent) if last == "-" else int(last), copy.deepcopy(operation["value"]))
            elif op in ("add", "replace"):
                parent[int(last) if isinstance(parent, list) else last] = copy.deepcopy(operation["value"])
            elif op == "remove":
                del parent[int(last) if isinstance(parent, list) else last]
            else:
                raise LoadFailure("unexpected answer: store.next patch", compact(operation))
        except (KeyError, IndexError, ValueError, TypeError) as error:
            raise LoadFailure("unexpected answer: store.next patch does not apply", compact(operation)) from error
    return document


# MARK: the outside


class Client(Protocol):
    """What a journey needs: JSON-RPC through the Gateway, and the emulator's HTTP API (as an operator's backend
    with the API key, and as its admin with the admin key). Both answer the parsed result or raise LoadFailure."""

    def rpc(self, method: str, params: dict | None = None, token: str | None = None) -> Any: ...

    def folio(self, method: str, path: str, body: Any = None, admin: bool = False, name: str | None = None) -> Any: ...


# MARK: targets


def check_target(url: str, allow_remote: bool, resolve: Callable[[str], list[str]] | None = None) -> str:
    """Refuses a URL whose host is not a loopback address (127.0.0.0/8, ::1) unless `allow_remote`; answers the
    host. A name is resolved, and every address it resolves to must be loopback."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{url!r} is not an http(s) URL")
    host = parts.hostname
    if allow_remote:
        return host
    resolve = resolve or _resolve
    try:
        addresses = [ipaddress.ip_address(host)]
    except ValueError:
        try:
            addresses = [ipaddress.ip_address(a.split("%", 1)[0]) for a in resolve(host)]
        except OSError as error:
            raise ValueError(f"{host} does not resolve: {error}") from None
    if not addresses or not all(a.is_loopback for a in addresses):
        raise ValueError(
            f"{url} is not on this machine (host {host}: {', '.join(map(str, addresses)) or 'no address'}); load "
            "goes to loopback only, unless FOLIO_LOAD_ALLOW_REMOTE=1 names a test host of your own"
        )
    return host


def _resolve(host: str) -> list[str]:
    return sorted({info[4][0] for info in socket.getaddrinfo(host, None)})


# MARK: settings


class Settings:
    """What a run is given through the environment (docs/operations.md, "Load tests"), checked and bounded."""

    LIMITS = {"users": (1, 1000), "seconds": (1, 3600), "spawn_rate": (0.1, 100.0)}

    def __init__(self, env: dict[str, str]):
        self.gateway = env.get("FOLIO_LOAD_GATEWAY_URL", "http://127.0.0.1:8080").rstrip("/")
        self.emulator = env.get("FOLIO_LOAD_EMULATOR_URL", "http://127.0.0.1:8090").rstrip("/")
        self.api_key = env.get("FOLIO_LOAD_API_KEY", "dev-api-key")
        self.admin_key = env.get("FOLIO_LOAD_ADMIN_KEY", "dev-admin-key")
        self.allow_remote = env.get("FOLIO_LOAD_ALLOW_REMOTE", "") == "1"
        self.output = env.get("FOLIO_LOAD_OUTPUT", "")
        self.users = int(self._number(env, "FOLIO_LOAD_USERS", "users", 8))
        self.seconds = int(self._number(env, "FOLIO_LOAD_SECONDS", "seconds", 60))
        self.spawn_rate = self._number(env, "FOLIO_LOAD_SPAWN_RATE", "spawn_rate", 2.0)

    def _number(self, env: dict[str, str], variable: str, limit: str, default: float) -> float:
        text = env.get(variable, "")
        try:
            value = float(text) if text else float(default)
        except ValueError:
            raise ValueError(f"{variable}={text!r} is not a number") from None
        low, high = self.LIMITS[limit]
        if not low <= value <= high:
            raise ValueError(f"{variable}={text} is outside {low:g}–{high:g}")
        return value

    def check_targets(self) -> None:
        """Both targets on loopback, unless FOLIO_LOAD_ALLOW_REMOTE=1 (check_target)."""
        for url in (self.gateway, self.emulator):
            check_target(url, self.allow_remote)


# MARK: fixture sign-ins


class SignInBudget:
    """Folio (the emulator) allows `limit` sign-in starts per identifier within `window` seconds; the driver
    keeps below it for a fixture account, and sends the rest of its sign-ins to sign-ups of new accounts.
    `take()` answers whether a start of the fixture account may go now, and counts it when it may."""

    def __init__(self, limit: int, window: float, clock: Callable[[], float] = time.monotonic):
        self.limit, self.window, self.clock = limit, window, clock
        self.starts: collections.deque[float] = collections.deque()
        self.exhausted_until = 0.0
        self.lock = threading.Lock()

    def take(self) -> bool:
        with self.lock:
            now = self.clock()
            while self.starts and self.starts[0] <= now - self.window:
                self.starts.popleft()
            if now < self.exhausted_until or len(self.starts) >= self.limit:
                return False
            self.starts.append(now)
            return True

    def exhausted(self) -> None:
        """Folio refused a start (an earlier run used the window up): no more until a window has passed."""
        with self.lock:
            self.exhausted_until = self.clock() + self.window


# MARK: reading models


def content(model: dict) -> dict:
    return ((model.get("inquiry") or {}).get("stage") or {}).get("content") or {}


def step_id(model: dict) -> str | None:
    shown = content(model)
    return (shown.get("value") or {}).get("stepId") if shown.get("type") == "SCREEN" else None


def elements(model: dict) -> list[dict]:
    containers = (content(model).get("value") or {}).get("containers") or []
    return [element for container in containers for element in container.get("elements") or []]


def field(model: dict, field_id: str) -> dict | None:
    """The FieldView `{type, value}` with this id on the screen shown."""
    for element in elements(model):
        if element.get("type") == "FIELD" and ((element.get("value") or {}).get("value") or {}).get("id") == field_id:
            return element["value"]
    return None


def field_value(model: dict, field_id: str) -> Any:
    return ((field(model, field_id) or {}).get("value") or {}).get("value")


def verification(model: dict) -> dict | None:
    """The VerificationView's value `{stepId, attempt, state}`, when a verification step shows."""
    shown = content(model)
    return (shown.get("value") or {}).get("value") if shown.get("type") == "VERIFICATION" else None


def verification_state(model: dict) -> tuple[str | None, dict]:
    state = (verification(model) or {}).get("state") or {}
    return state.get("type"), state.get("value") or {}


def shows(model: dict, step: str, state: str) -> bool:
    """Verification step `step` shows `state`, and no request runs."""
    return (
        not model.get("loading")
        and (verification(model) or {}).get("stepId") == step
        and verification_state(model)[0] == state
    )


def at_step(step: str) -> Callable[[dict], bool]:
    return lambda model: step_id(model) == step and not model.get("loading")


def terminal(model: dict) -> bool:
    return content(model).get("type") == "TERMINAL" and not model.get("loading")


def inquiry_fails(model: dict) -> str | None:
    """What makes an InquiryStore model a failure of a journey that expects to go on: a failed lifecycle, an
    error in the model, a verification that failed."""
    if model.get("loading"):
        return None
    lifecycle = model.get("lifecycle") or {}
    if lifecycle.get("type") == "FAILED":
        return f"inquiry FAILED {((lifecycle.get('value') or {}).get('error') or {}).get('type')}"
    error = model.get("error")
    if error:
        placement = (error.get("placement") or {}).get("type")
        return f"inquiry error {placement}: {error.get('text') or '(no text)'}"
    state, _ = verification_state(model)
    if state in ("FAILED", "ERROR"):
        return f"verification {state}"
    return None


def auth_settled(model: dict) -> bool:
    return (model.get("flow") or {}).get("type") in (
        "AWAITING_INPUT", "AWAITING_RECOVERY_CODE_ACK", "AUTHENTICATED", "FAILED"
    )


def auth_fails(model: dict) -> str | None:
    flow = model.get("flow") or {}
    error = (flow.get("value") or {}).get("error")
    if flow.get("type") == "FAILED":
        return f"auth FAILED {(error or {}).get('type')}"
    if flow.get("type") == "AWAITING_INPUT" and error:
        return f"auth error {error.get('type')}"
    return None


def auth_phase(model: dict) -> str | None:
    flow = model.get("flow") or {}
    return ((flow.get("value") or {}).get("phase") or {}).get("type") if flow.get("type") == "AWAITING_INPUT" else None


def vault_fails(model: dict) -> str | None:
    error = model.get("error")
    return f"vault error {((error.get('details') or {}).get('type'))}" if error else None


def records(model: dict) -> list[dict]:
    return model.get("records") or []


def reception_fails(model: dict) -> str | None:
    reception = (model.get("reception") or {}).get("type")
    return f"documents reception {reception}" if reception in ("FAILED", "NOT_ISSUED") else None


# MARK: actions


def act(intent: str, value: Any = None) -> dict:
    return {"type": "ACT", "value": {"type": intent} if value is None else {"type": intent, "value": value}}


def edit(key: str, kind: str, value: dict) -> dict:
    return act("EDIT", {"key": key, "value": {"type": kind, "value": value}})


def edit_text(key: str, text: str) -> dict:
    return edit(key, "TEXT", {"text": text})


def upload(field_id: str, file_name: str, mime_type: str, data: bytes) -> dict:
    return act("UPLOAD", {
        "field": field_id, "fileName": file_name, "mimeType": mime_type, "bytes": base64.b64encode(data).decode(),
    })


def open_inquiry(launch_code: str) -> dict:
    return {"type": "OPEN", "value": {"entry": {"type": "START", "value": {"launchCode": launch_code}}}}


def sign_in(email: str) -> dict:
    identifier = {"type": "EMAIL", "value": {"value": email}}
    new_session = {"type": "WITH_IDENTIFIER", "value": {"identifier": identifier}}
    return {"type": "START", "value": {"value": {"type": "SIGN_IN", "value": {"value": new_session}}}}


def answer(kind: str, value: str) -> dict:
    return {"type": "ANSWER", "value": {"value": {"type": kind, "value": {"value": value}}}}


def vault_write(kind: str, value: dict) -> dict:
    return {"type": "WRITE", "value": {"value": {"type": kind, "value": value}}}


def png(width: int = 64, height: int = 40) -> bytes:
    """A small RGB PNG: the photo of a document side."""
    raw = b"".join(b"\x00" + bytes((x * 7 + y * 3) % 256 for x in range(width * 3)) for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


PHOTO = png()
PROOF = b"%PDF-1.4 proof of address\n%%EOF\n"


def unique(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:12]}"


# MARK: a runtime and its stores


class Store:
    """One mounted store as a thin client holds it: its id, the last version and model it saw."""

    def __init__(self, runtime: "Runtime", store_id: str):
        self.runtime, self.id = runtime, store_id
        self.version, self.model = -1, {}

    def dispatch(self, action: dict) -> None:
        result = self.runtime.rpc("store.dispatch", {"storeId": self.id, "action": action})
        if result is not None:
            raise LoadFailure("unexpected answer: store.dispatch", compact(result))

    def wait(
        self, until: Callable[[dict], bool], what: str, seconds: float = 30,
        fails: Callable[[dict], str | None] | None = None, seen: bool = True,
    ) -> dict:
        """Long-polls `store.next` from the last version seen until a model satisfies `until`; a model that
        `fails` names, a closed store, or no such model within `seconds` is a failure of the journey. The model
        seen last counts too unless `seen` is false (after a dispatch, only a newer model answers it). A delta
        (`{version, baseVersion, patch}`, what `store.next` answers by default) is applied to the model held."""
        if seen and self.version >= 0 and until(self.model):
            return self.model
        deadline = time.monotonic() + seconds
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise LoadFailure(f"timeout: {what}", compact(self.model))
            state = self.runtime.rpc(
                "store.next",
                {"storeId": self.id, "afterVersion": self.version, "timeoutMs": int(min(10.0, remaining) * 1000)},
            )
            if state is None:
                raise LoadFailure(f"unexpected model: the store closed (waiting for {what})")
            if isinstance(state, dict) and "patch" in state and state.get("baseVersion") == self.version >= 0:
                state = {"version": state.get("version"), "model": apply_patch(self.model, state["patch"])}
            if not isinstance(state, dict) or "model" not in state:
                raise LoadFailure("unexpected answer: store.next", compact(state))
            self.version, self.model = state.get("version", self.version), state["model"]
            if until(self.model):
                return self.model
            failure = fails(self.model) if fails else None
            if failure:
                raise LoadFailure(f"unexpected model: {failure} (waiting for {what})", compact(self.model))

    def send(self, action: dict, until: Callable[[dict], bool], what: str, **wait: Any) -> dict:
        self.dispatch(action)
        return self.wait(until, what, seen=False, **wait)


class Runtime:
    """A runtime of `organization` made with `runtime.create`: the token every later call carries."""

    def __init__(self, client: Client, organization: str):
        self.client = client
        created = client.rpc("runtime.create", {"organizationId": organization})
        if not isinstance(created, dict) or not created.get("token"):
            raise LoadFailure("unexpected answer: runtime.create", compact(created))
        self.token, self.id = created["token"], created.get("runtimeId")

    def rpc(self, method: str, params: dict | None = None) -> Any:
        return self.client.rpc(method, params, self.token)

    def mount(self, method: str, params: dict | None = None) -> Store:
        mounted = self.rpc(method, params)
        if not isinstance(mounted, dict) or not mounted.get("storeId"):
            raise LoadFailure(f"unexpected answer: {method}", compact(mounted))
        return Store(self, mounted["storeId"])

    def shutdown(self) -> None:
        self.rpc("runtime.shutdown")


# MARK: the emulator (an operator's backend and its admin)


def create_inquiry(client: Client, template: str, organization: str) -> tuple[str, str]:
    """A new inquiry of `template`, made the way an operator's backend makes one: (inquiry id, launch code)."""
    created = client.folio(
        "POST", "/v1/operator/inquiries", {"organizationId": organization, "templateId": template},
        name="POST /v1/operator/inquiries",
    )
    if not isinstance(created, dict) or not created.get("launchCode"):
        raise LoadFailure("unexpected answer: POST /v1/operator/inquiries", compact(created))
    return created["inquiryId"], created["launchCode"]


def mailbox_code(client: Client, to: str, inquiry_id: str, seconds: float = 10) -> str:
    """The newest code the emulator sent to `to` for this inquiry (`GET /admin/mailbox?to=`)."""
    deadline = time.monotonic() + seconds
    path = "/admin/mailbox?to=" + urllib.parse.quote(to, safe="")
    while True:
        answer = client.folio("GET", path, admin=True, name="GET /admin/mailbox")
        items = [item for item in (answer or {}).get("items") or [] if item.get("inquiryId") == inquiry_id]
        if items:
            return items[-1]["code"]
        if time.monotonic() > deadline:
            raise LoadFailure("timeout: a code in the mailbox")
        time.sleep(0.2)


# MARK: the journeys


FIXTURE_ORGANIZATION = "org_bluebank"
FIXTURE_EMAIL = "chen.wei@example.net"
FIXTURE_PASSWORD = "chen-Password-1"
INQUIRY_ORGANIZATION = "org-demo"


def sign_in_journey(client: Client, fixture: bool, budget: SignInBudget) -> None:
    """A runtime signs in: the fixture account by password when `fixture` (the caller took a start from the
    budget), else a new account signs up (new password, the recovery code acknowledged). Both end with the
    session AUTHENTICATED as that email. A fixture start Folio refuses tells the budget it is used up."""
    runtime = Runtime(client, FIXTURE_ORGANIZATION)
    session = runtime.mount("session.mount")
    session.wait(lambda m: (m.get("identity") or {}).get("type") == "TRANSIENT", "a guest session")
    auth = runtime.mount("auth.mount")
    auth.wait(lambda m: (m.get("flow") or {}).get("type") == "IDLE", "auth idle")
    email = FIXTURE_EMAIL if fixture else unique("load-") + "@example.org"
    flow = auth.send(sign_in(email), auth_settled, "the first step of the sign-in")
    if fixture and auth_fails(flow) == "auth FAILED RATE_LIMITED":
        budget.exhausted()
    if fixture:
        if auth_phase(flow) != "PASSWORD":
            raise LoadFailure(f"unexpected model: {auth_fails(flow) or auth_phase(flow)} (waiting for the password step)",
                              compact(flow))
        flow = auth.send(answer("PASSWORD", FIXTURE_PASSWORD), auth_settled, "the end of the sign-in")
    else:
        if auth_phase(flow) != "NEW_PASSWORD":
            raise LoadFailure(
                f"unexpected model: {auth_fails(flow) or auth_phase(flow)} (waiting for the new password step)",
                compact(flow))
        flow = auth.send(answer("NEW_PASSWORD", unique("Load-password-")), auth_settled, "the recovery code")
        if (flow.get("flow") or {}).get("type") != "AWAITING_RECOVERY_CODE_ACK":
            raise LoadFailure(f"unexpected model: {auth_fails(flow) or (flow.get('flow') or {}).get('type')} "
                              "(waiting for the recovery code)", compact(flow))
        flow = auth.send({"type": "ACKNOWLEDGE_RECOVERY_CODE"}, auth_settled, "the end of the sign-up")
    if (flow.get("flow") or {}).get("type") != "AUTHENTICATED":
        raise LoadFailure(f"unexpected model: {auth_fails(flow) or (flow.get('flow') or {}).get('type')} "
                          "(waiting for AUTHENTICATED)", compact(flow))
    session.wait(
        lambda m: (m.get("identity") or {}).get("type") == "AUTHENTICATED"
        and ((m.get("identity") or {}).get("value") or {}).get("email", "").lower() == email,
        "the session on the new identity",
    )
    runtime.shutdown()


def _synced_vault(runtime: Runtime) -> Store:
    """VaultStore mounted and its session-start sync done (which publishes the vault's keys), with no error."""
    vault = runtime.mount("vault.mount")
    vault.wait(lambda m: (m.get("sync") or {}).get("lastSyncedAt") is not None and not m.get("busy")
               and not m.get("error"), "the first vault sync", fails=vault_fails)
    return vault


def vault_journey(client: Client) -> None:
    """A guest's vault: a record created, updated, deleted and restored, each change seen in the model."""
    runtime = Runtime(client, FIXTURE_ORGANIZATION)
    vault = _synced_vault(runtime)
    title = unique("note-")
    created = vault.send(
        vault_write("CREATE", {"record": {"schema": "note", "version": 1, "payload": json.dumps({"title": title})}}),
        lambda m: any(json.loads(r.get("payload") or "{}").get("title") == title for r in records(m))
        and not m.get("busy"),
        "the created record", fails=vault_fails,
    )
    record = next(r for r in records(created) if json.loads(r.get("payload") or "{}").get("title") == title)
    record_id = record["header"]["id"]

    def header(model: dict) -> dict:
        return next((r["header"] for r in records(model) if r["header"]["id"] == record_id), {})

    vault.send(
        vault_write("UPDATE", {"id": record_id, "record": {
            "schema": "note", "version": 2, "payload": json.dumps({"title": title, "updated": True})}}),
        lambda m: header(m).get("version") == 2 and not m.get("busy"), "the updated record", fails=vault_fails,
    )
    vault.send(vault_write("DELETE", {"id": record_id}),
               lambda m: header(m).get("state") == "DELETED" and not m.get("busy"), "the deleted record",
               fails=vault_fails)
    vault.send(vault_write("RESTORE", {"id": record_id}),
               lambda m: header(m).get("state") == "ACTIVE" and not m.get("busy"), "the restored record",
               fails=vault_fails)
    runtime.shutdown()


def _start_inquiry(client: Client, template: str, organization: str = INQUIRY_ORGANIZATION,
                   runtime: Runtime | None = None) -> tuple[Runtime, Store, str]:
    inquiry_id, code = create_inquiry(client, template, organization)
    runtime = runtime or Runtime(client, organization)
    store = runtime.mount("inquiry.mount", {"timeZone": "Europe/Berlin"})
    store.dispatch(open_inquiry(code))
    return runtime, store, inquiry_id


def _finish_inquiry(store: Store) -> None:
    """Complete on the last step, the terminal stage COMPLETED, then Close."""
    done = store.send(act("COMPLETE"), terminal, "the terminal stage", fails=inquiry_fails)
    if (done.get("inquiry") or {}).get("status") != "COMPLETED":
        raise LoadFailure("unexpected model: the inquiry did not complete", compact(done))
    store.send({"type": "CLOSE"}, lambda m: (m.get("lifecycle") or {}).get("type") == "CLOSED", "the closed inquiry")


def inquiry_fields_journey(client: Client) -> None:
    """tmpl_full: text, masked, typed date and date-time; phone, url, text area, number, address; country, select,
    multi-select, radio, checkbox, checkbox group and a PDF upload; review, complete, close."""
    runtime, store, _ = _start_inquiry(client, "tmpl_full")
    store.wait(at_step("personal"), "step personal", fails=inquiry_fails)
    for action in (edit_text("full_name", "Jane Load"), edit_text("customer_number", "12345"),
                   edit_text("birth_date", "12041990")):
        store.dispatch(action)
    model = store.send(edit("appointment", "DATE", {"value": "2030-06-04T10:30"}),
                       lambda m: field_value(m, "f_appointment") == "2030-06-04T10:30", "the edited appointment",
                       fails=inquiry_fails)
    if field_value(model, "f_customer_number") != "12-345" or field_value(model, "f_birth_date") != "12.04.1990":
        raise LoadFailure("unexpected model: the masks did not shape the text", compact(model))
    model = store.send(act("SUBMIT"), at_step("contact"), "step contact", fails=inquiry_fails)
    phone = ((field(model, "f_phone") or {}).get("value") or {}).get("input") or {}
    country, national = (phone.get("country") or {}).get("field"), (phone.get("national") or {}).get("field")
    if not country or not national:
        raise LoadFailure("unexpected model: no phone input on step contact", compact(model))
    address = [{"part": "LINE1", "value": "Hauptstraße 1"}, {"part": "CITY", "value": "Berlin"},
               {"part": "POSTAL_CODE", "value": "10115"}, {"part": "COUNTRY", "value": "DE"}]
    for action in (edit(country, "SELECTION", {"value": "DE"}),
                   edit_text(national, "1511" + f"{uuid.uuid4().int % 10_000_000:07d}"),
                   edit_text("website", "https://jane.example.org"), edit_text("notes", "Line one\nLine two"),
                   edit_text("household_size", "3")):
        store.dispatch(action)
    store.send(edit("address", "ADDRESS", {"parts": address}), lambda m: field_value(m, "f_address") == address,
               "the edited address", fails=inquiry_fails)
    store.send(act("SUBMIT"), at_step("choices"), "step choices", fails=inquiry_fails)
    for action in (edit("nationality", "SELECTION", {"value": "DE"}),
                   edit("document_type", "SELECTION", {"value": "passport"}),
                   edit("interests", "SELECTIONS", {"values": ["savings", "loans"]}),
                   edit("contact_preference", "SELECTION", {"value": "email"}),
                   edit("terms", "TOGGLE", {"checked": True}),
                   edit("consents", "SELECTIONS", {"values": ["research"]})):
        store.dispatch(action)
    store.send(upload("f_proof_of_address", "proof.pdf", "application/pdf", PROOF),
               lambda m: not m.get("loading") and bool((field_value(m, "f_proof_of_address") or {}).get("fileId")),
               "the uploaded proof of address", fails=inquiry_fails)
    store.send(act("SUBMIT"), at_step("review"), "step review", fails=inquiry_fails)
    _finish_inquiry(store)
    runtime.shutdown()


def inquiry_code_journey(client: Client, channel: str) -> None:
    """tmpl_email or tmpl_phone: the address or number typed, the code read from the emulator's mailbox and
    typed, the step passed; then the last screen, complete, close."""
    step = "email" if channel == "email" else "phone"
    runtime, store, inquiry_id = _start_inquiry(client, f"tmpl_{step}")
    model = store.wait(lambda m: shows(m, step, "VERIFY"), f"{step} VERIFY", fails=inquiry_fails)
    state = verification_state(model)[1]
    if channel == "email":
        to = unique("load-") + "@example.com"
        store.dispatch(edit_text(state.get("contactField") or "email", to))
    else:
        input_ = state.get("input") or {}
        country, national = (input_.get("country") or {}).get("field"), (input_.get("national") or {}).get("field")
        if not country or not national:
            raise LoadFailure("unexpected model: no phone input on the phone step", compact(model))
        digits = f"{uuid.uuid4().int % 10_000_000:07d}"
        store.dispatch(edit(country, "SELECTION", {"value": "DE"}))
        store.dispatch(edit_text(national, "01511" + digits))
        to = "+491511" + digits
    model = store.send(act("SUBMIT"), lambda m: shows(m, step, "CONFIRM"), f"{step} CONFIRM", fails=inquiry_fails)
    code = mailbox_code(client, to, inquiry_id)
    store.dispatch(edit_text(verification_state(model)[1].get("codeField") or f"{step}_code", code))
    store.send(act("SUBMIT"), lambda m: shows(m, step, "PASSED"), f"{step} PASSED", fails=inquiry_fails)
    store.send(act("SUBMIT"), at_step("done"), "step done", fails=inquiry_fails)
    _finish_inquiry(store)
    runtime.shutdown()


def inquiry_document_journey(client: Client) -> None:
    """tmpl_govid_upload: a passport picked, the photo of each side uploaded and accepted, the step checked and
    passed, the verified identity saved; then the last screen, complete, close."""
    runtime, store, _ = _start_inquiry(client, "tmpl_govid_upload")
    step = "government_id"
    model = store.wait(lambda m: shows(m, step, "SELECT_DOCUMENT"), "SELECT_DOCUMENT", fails=inquiry_fails)
    selection = verification_state(model)[1].get("selectionField") or "document_type"
    store.dispatch(edit(selection, "SELECTION", {"value": "PASSPORT"}))
    model = store.send(act("SUBMIT"), lambda m: shows(m, step, "UPLOAD_REVIEW"), "UPLOAD_REVIEW", fails=inquiry_fails)
    for _ in range(3):  # one photo a side; a passport has one
        state = verification_state(model)[1]
        side = state.get("side")
        store.send(upload(state.get("captureField") or "document_front", f"{str(side).lower()}.png", "image/png", PHOTO),
                   lambda m: shows(m, step, "UPLOAD_REVIEW") and bool(verification_state(m)[1].get("image")),
                   "the uploaded photo", fails=inquiry_fails)
        model = store.send(
            act("SUBMIT"),
            lambda m: not m.get("loading") and (
                (shows(m, step, "UPLOAD_REVIEW") and verification_state(m)[1].get("side") != side)
                or shows(m, step, "PASSED") or m.get("identity") is not None),
            "the next side or the passed step", fails=inquiry_fails)
        if not shows(model, step, "UPLOAD_REVIEW"):
            break
    model = store.wait(lambda m: m.get("identity") is not None and not m.get("loading"), "the verified identity",
                       fails=inquiry_fails)
    if not (model["identity"].get("files") or []):
        raise LoadFailure("unexpected model: the verified identity has no files", compact(model))
    if step_id(model) != "done":
        store.send(act("SUBMIT"), at_step("done"), "step done", fails=inquiry_fails)
    _finish_inquiry(store)
    runtime.shutdown()


def document_journey(client: Client) -> None:
    """A guest receives an issued document: the vault synced (its keys published), an inquiry of tmpl_membership
    completed on the runtime, the issuance it offered decided ISSUE by the emulator's admin, the document
    RECEIVED in the list, shown READY in its own store, and the reception acknowledged."""
    runtime = Runtime(client, FIXTURE_ORGANIZATION)
    _synced_vault(runtime)
    documents = runtime.mount("documents.mountList")
    documents.wait(lambda m: (m.get("reception") or {}).get("type") == "IDLE", "the idle document list",
                   fails=reception_fails)
    _, store, inquiry_id = _start_inquiry(client, "tmpl_membership", FIXTURE_ORGANIZATION, runtime)
    store.wait(at_step("name"), "step name", fails=inquiry_fails)
    store.dispatch(edit_text("name", "Load Member"))
    store.send(act("SUBMIT"), at_step("review"), "step review", fails=inquiry_fails)
    done = store.send(act("COMPLETE"), terminal, "the terminal stage", fails=inquiry_fails)
    if (done.get("inquiry") or {}).get("status") != "COMPLETED":
        raise LoadFailure("unexpected model: the inquiry did not complete", compact(done))
    documents.wait(lambda m: (m.get("reception") or {}).get("type") == "RECEIVING", "RECEIVING after the offer",
                   fails=reception_fails)
    issuance, interval = _issuance_of(client, inquiry_id)
    client.folio("POST", f"/admin/issuances/{issuance}/decide", {"decision": "ISSUE"}, admin=True,
                 name="POST /admin/issuances/{id}/decide")

    def received(model: dict) -> bool:
        return (model.get("reception") or {}).get("type") == "RECEIVED"

    try:
        # The DocumentReceiver read the issuance DECIDING when the offer came, and reads it again on its own
        # timer (FOLIO_DOCUMENTS_DECIDING_SECONDS, a minute) or when told to (Refresh), never before the
        # issuer's interval: the journey waits that long, then refreshes as a person pulling the list would.
        model = documents.wait(received, "RECEIVED", seconds=interval + 1, fails=reception_fails)
    except LoadFailure as failure:
        if not failure.kind.startswith("timeout"):
            raise
        model = documents.send({"type": "REFRESH"}, received, "RECEIVED after a refresh", seconds=60,
                               fails=reception_fails)
    document_id = model["reception"]["value"]["id"]
    documents.wait(lambda m: any(item.get("id") == document_id for item in m.get("items") or []),
                   "the received document in the list")
    document = runtime.mount("documents.mount", {"id": document_id})
    shown = document.wait(lambda m: (m.get("phase") or {}).get("type") == "READY", "the document READY",
                          fails=lambda m: "document NOT_FOUND" if (m.get("phase") or {}).get("type") == "NOT_FOUND"
                          else ("document READ_FAILED" if m.get("error") else None))
    if ((shown.get("document") or {}).get("documentType") or {}).get("id") != "dtpl_membership":
        raise LoadFailure("unexpected model: not the membership card", compact(shown))
    documents.send({"type": "ACKNOWLEDGE"}, lambda m: (m.get("reception") or {}).get("type") == "IDLE",
                   "IDLE after the acknowledgement")
    runtime.shutdown()


def _issuance_of(client: Client, inquiry_id: str, seconds: float = 15) -> tuple[str, float]:
    """The id and the read interval of the issuance the completed inquiry offered (the emulator's admin list)."""
    deadline = time.monotonic() + seconds
    while True:
        listed = client.folio("GET", "/admin/issuances", admin=True, name="GET /admin/issuances")
        for item in (listed or {}).get("items") or []:
            issuance = item.get("issuance") or {}
            if issuance.get("inquiryId") == inquiry_id:
                return issuance["id"], float(issuance.get("interval") or 5)
        if time.monotonic() > deadline:
            raise LoadFailure("timeout: the issuance the inquiry offered")
        time.sleep(0.3)


# MARK: a client without Locust


class PlainClient:
    """`Client` over urllib, for what runs before Locust starts (the readiness wait) and for trying a journey
    by hand: `journeys.vault_journey(PlainClient(Settings(os.environ)))`."""

    def __init__(self, settings: Settings, timeout: float = 40):
        self.settings, self.timeout = settings, timeout

    def _send(self, method: str, url: str, body: Any, headers: dict[str, str]) -> tuple[int, bytes]:
        data = None if body is None else json.dumps(body).encode()
        if data is not None:
            headers = {**headers, "Content-Type": "application/json"}
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def rpc(self, method: str, params: dict | None = None, token: str | None = None) -> Any:
        request, headers = rpc_request(method, params, token)
        return read_rpc_answer(*self._send("POST", self.settings.gateway + "/rpc", request, headers))

    def folio(self, method: str, path: str, body: Any = None, admin: bool = False, name: str | None = None) -> Any:
        return read_folio_answer(*self._send(method, self.settings.emulator + path, body, folio_headers(
            self.settings, method, admin)))


def rpc_request(method: str, params: dict | None, token: str | None) -> tuple[dict, dict[str, str]]:
    """The body and headers of one JSON-RPC call through the Gateway (the runtime's token, when there is one)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return {"jsonrpc": "2.0", "id": 1, "method": method, "params": params or {}}, headers


def folio_headers(settings: Settings, method: str, admin: bool) -> dict[str, str]:
    """The emulator's bearer key (admin or API), and a new Idempotency-Key for each write."""
    headers = {"Authorization": f"Bearer {settings.admin_key if admin else settings.api_key}",
               "Accept": "application/json"}
    if method != "GET":
        headers["Idempotency-Key"] = uuid.uuid4().hex
    return headers


# MARK: readiness


def wait_until_ready(client: Client, seconds: float = 120, sleep: Callable[[float], None] = time.sleep) -> None:
    """Until every service answers its health method through the Gateway with its database, and the emulator
    its admin clock (which also checks the admin key)."""
    deadline = time.monotonic() + seconds
    pending = ["auth", "inquiry", "vault", "documents", "emulator"]
    last = ""
    while pending:
        check = pending[0]
        try:
            if check == "emulator":
                client.folio("GET", "/admin/clock", admin=True)
            else:
                health = client.rpc(f"{check}.health")
                if (health or {}).get("database") != "ok":
                    raise LoadFailure(f"{check}.health: {compact(health)}")
            pending.pop(0)
            continue
        except (LoadFailure, OSError) as error:
            last = f"{check}: {error}"
        if time.monotonic() > deadline:
            raise RuntimeError(f"the stack is not ready after {seconds:.0f} s ({last})")
        sleep(0.5)
