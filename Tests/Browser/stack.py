"""The whole FolioHost stack for the browser tests, as real processes on free ports.

PostgreSQL and NATS come from scripts/services.sh (a private folder, ports of their own); the FolioEmulator
(test mode, clock starting now), folio-auth, folio-inquiry, folio-vault, folio-documents and the Gateway
(serving Clients/web) are the debug binaries of `swift build --show-bin-path`, each with the environment the
Swift end-to-end tests give it (Tests/EndToEndTests/FoundationStackTests.swift) and its own NATS user.
Logs go to <output>/logs/<program>.log.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

from nats_cluster import NATSCluster

ROOT = Path(__file__).resolve().parents[2]
"""The package root."""

OUTPUT = Path(os.environ.get("FOLIO_BROWSER_OUTPUT", ROOT / ".build" / "browser-output"))
"""Where logs and screenshots of a run go (FOLIO_BROWSER_OUTPUT, else .build/browser-output)."""

API_KEY = "browser-key"
ADMIN_KEY = "browser-admin"
SERVICES = ["folio-auth", "folio-inquiry", "folio-vault", "folio-documents"]
# The vault's key-encryption key of the e2e tests (bytes 0x00-0x1f, base64url).
VAULT_KEK = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"


class StackError(Exception):
    pass


_PORTS_HANDED_OUT: set[int] = set()
"""Every port free_port() has answered in this process: a port is never handed out twice."""

_RESERVED_PORTS = range(54500, 54600), range(55500, 55600)
"""The fixed ports of other runs (scripts/services.sh's defaults and the Swift tests)."""


def _ephemeral_port_range() -> range:
    """The ports the kernel picks for outgoing connections and for bind(0)."""
    try:
        low, high = (int(n) for n in Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split())
        return range(low, high + 1)
    except (OSError, ValueError):
        return range(32768, 61000)


def free_port() -> int:
    """A free loopback port that this process has not handed out before.

    It is taken below the kernel's ephemeral range when there is room there, so that neither an outgoing
    connection nor another bind(0) takes it between now and the moment its server listens; and a port is never
    answered twice, which bind(0) alone does not promise (two nodes of one NATS cluster were once given the same).
    """
    ephemeral = _ephemeral_port_range()
    candidates = range(20000, ephemeral.start) if ephemeral.start - 20000 >= 4096 else None
    for _ in range(1000):
        port = random.choice(candidates) if candidates else 0
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            port = s.getsockname()[1]
        if port in _PORTS_HANDED_OUT or any(port in reserved for reserved in _RESERVED_PORTS):
            continue
        _PORTS_HANDED_OUT.add(port)
        return port
    raise StackError("no free port")


def bin_path() -> Path:
    """The folder of the debug binaries (FOLIO_BROWSER_BIN, else `swift build --show-bin-path`)."""
    if os.environ.get("FOLIO_BROWSER_BIN"):
        return Path(os.environ["FOLIO_BROWSER_BIN"])
    out = subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True
    )
    return Path(out.stdout.strip())


def read_env_file(path: Path) -> dict[str, str]:
    """The variables of the `export NAME="value"` lines that scripts/services.sh writes."""
    env = {}
    for line in path.read_text().splitlines():
        if line.startswith("export ") and "=" in line:
            name, value = line[len("export "):].split("=", 1)
            env[name] = value.strip('"')
    return env


def http(method: str, url: str, body=None, headers: dict[str, str] | None = None, timeout: float = 15):
    """(status, headers, parsed JSON or text) of one request; never raises for an HTTP status."""
    data = None
    headers = dict(headers or {})
    if body is not None:
        data = json.dumps(body).encode()
        headers.setdefault("Content-Type", "application/json")
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status, answer_headers, raw = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, answer_headers, raw = error.code, error.headers, error.read()
    text = raw.decode("utf-8", "replace")
    try:
        parsed = json.loads(text) if text else None
    except ValueError:
        parsed = text
    return status, answer_headers, parsed


class Stack:
    """Starts with `start()`, stops with `stop()`; `with Stack() as stack:` does both."""

    def __init__(
        self, output: Path = OUTPUT, emulator_environment: dict[str, str] | None = None, nats_cluster: bool = False
    ):
        """`nats_cluster`: the bus runs on three routed nats-server nodes (nats_cluster.py) instead of one."""
        self.output = output
        self.emulator_environment = emulator_environment or {}
        self.wants_cluster = nats_cluster
        self.cluster: NATSCluster | None = None
        self.logs = output / "logs"
        self.processes: list[tuple[str, subprocess.Popen]] = []
        self.environments: dict[str, tuple[Path, dict[str, str]]] = {}  # program -> how it was started
        self.services_dir: Path | None = None
        self.gateway_port = 0
        self.emulator_port = 0
        self.startup_seconds = 0.0

    @property
    def gateway_url(self) -> str:
        return f"http://127.0.0.1:{self.gateway_port}"

    @property
    def emulator_url(self) -> str:
        return f"http://127.0.0.1:{self.emulator_port}"

    def __enter__(self) -> "Stack":
        self.start()
        return self

    def __exit__(self, *_) -> None:
        self.stop()

    # MARK: starting and stopping

    def start(self) -> None:
        started = time.monotonic()
        self.logs.mkdir(parents=True, exist_ok=True)
        binaries = bin_path()
        for program in ["folio-emulator", "folio-gateway", *SERVICES]:
            if not (binaries / program).exists():
                raise StackError(f"{binaries / program} is missing: run `swift build` first")
        try:
            self.services_dir = Path(tempfile.mkdtemp(prefix="folio-browser."))
            self.services_dir.chmod(0o755)
            ports = {"FOLIO_PG_PORT": str(free_port()), "FOLIO_NATS_PORT": str(free_port())}
            with open(self.logs / "services.log", "ab") as log:
                subprocess.run(
                    [str(ROOT / "scripts" / "services.sh"), "start", str(self.services_dir)],
                    cwd=ROOT, env={**os.environ, **ports}, check=True, stdout=log, stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                )
            services = read_env_file(self.services_dir / "env")
            if self.wants_cluster:
                self.services("stop-nats")
                self.cluster = NATSCluster(
                    self.services_dir, int(ports["FOLIO_NATS_PORT"]), free_port, self.logs / "nats-cluster.log")
                self.cluster.start()
                services["FOLIO_NATS_URL"] = self.cluster.url
            self.emulator_port = free_port()
            self.gateway_port = free_port()
            common = {
                "FOLIO_DATABASE_URL": services["FOLIO_DATABASE_URL"],
                "FOLIO_NATS_URL": services["FOLIO_NATS_URL"],
                "FOLIO_API_URL": self.emulator_url,
                "FOLIO_API_KEY": API_KEY,
                "FOLIO_LOG_LEVEL": "info",
                "FOLIO_VAULT_KEK": VAULT_KEK,
                "FOLIO_VAULT_RETRY_SCALE": "0.01",
                "FOLIO_VAULT_NETWORK_PROBE_SECONDS": "1",
                "FOLIO_DOCUMENTS_DECIDING_SECONDS": "1",
                "FOLIO_DOCUMENTS_ON_ITS_WAY_SECONDS": "0.5",
                "FOLIO_DOCUMENTS_ON_ITS_WAY_MAX_SECONDS": "2",
                "FOLIO_DOCUMENTS_DELIVERY_LEASE_SECONDS": "2",
                "FOLIO_SECRETS_KEY": services["FOLIO_SECRETS_KEY"],
            }
            self._spawn(
                binaries / "folio-emulator",
                {
                    "FOLIO_EMULATOR_PORT": str(self.emulator_port),
                    "FOLIO_EMULATOR_MODE": "test",
                    "FOLIO_EMULATOR_CLOCK_START": "now",
                    "FOLIO_EMULATOR_API_KEY": API_KEY,
                    "FOLIO_EMULATOR_ADMIN_KEY": ADMIN_KEY,
                    "FOLIO_EMULATOR_FIXTURES": str(ROOT / "Services" / "FolioEmulator" / "Fixtures"),
                    "FOLIO_LOG_LEVEL": "info",
                    **self.emulator_environment,
                },
            )
            # Each process is its own NATS user with the password services.sh made (docs/operations.md).
            for program in SERVICES:
                self._spawn(binaries / program, {**common, **self._nats_user(program, services)})
            self._spawn(
                binaries / "folio-gateway",
                {
                    "FOLIO_GATEWAY_PORT": str(self.gateway_port),
                    "FOLIO_NATS_URL": services["FOLIO_NATS_URL"],
                    "FOLIO_GATEWAY_STATIC_ROOT": str(ROOT / "Clients" / "web"),
                    "FOLIO_LOG_LEVEL": "info",
                    **self._nats_user("folio-gateway", services),
                },
            )
            self._wait_until_ready(timeout=90)
        except BaseException:
            self.stop()
            raise
        self.startup_seconds = time.monotonic() - started

    @staticmethod
    def _nats_user(program: str, services: dict[str, str]) -> dict[str, str]:
        user = program.removeprefix("folio-")
        return {"FOLIO_NATS_USER": user, "FOLIO_NATS_PASSWORD": services[f"FOLIO_NATS_PASSWORD_{user.upper()}"]}

    def _spawn(self, binary: Path, environment: dict[str, str]) -> None:
        # Only PATH and the like from outside: no FOLIO_ setting of the caller leaks into the stack.
        base = {k: v for k, v in os.environ.items() if not k.startswith("FOLIO_")}
        log = open(self.logs / f"{binary.name}.log", "ab")
        process = subprocess.Popen(
            [str(binary)], cwd=ROOT, env={**base, **environment}, stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )
        log.close()
        self.processes.append((binary.name, process))
        self.environments[binary.name] = (binary, environment)

    # MARK: faults

    def kill(self, program: str) -> None:
        """SIGKILLs every running process of `program` (e.g. `folio-inquiry`)."""
        for name, process in self.processes:
            if name == program and process.poll() is None:
                process.kill()
                process.wait()
        self.processes = [(name, process) for name, process in self.processes if process.poll() is None]

    def restart(self, program: str) -> None:
        """Starts `program` again with the environment it was first started with."""
        binary, environment = self.environments[program]
        self._spawn(binary, environment)

    def services(self, command: str) -> None:
        """`scripts/services.sh <command>` on the stack's PostgreSQL and nats-server (`stop-pg`, `start-pg`,
        `stop-nats`, `start-nats`): same ports, same data."""
        # No FOLIO_ port of the caller (make test exports its own): services.sh takes the folder's remembered ports.
        environment = {k: v for k, v in os.environ.items() if not k.startswith("FOLIO_")}
        with open(self.logs / "services.log", "ab") as log:
            subprocess.run(
                [str(ROOT / "scripts" / "services.sh"), command, str(self.services_dir)], env=environment,
                cwd=ROOT, check=True, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            )

    def database_url(self) -> str:
        return read_env_file(self.services_dir / "env")["FOLIO_DATABASE_URL"]

    def _wait_until_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        pending = ["readyz", "emulator", "auth", "inquiry", "vault", "documents"]
        while pending and time.monotonic() < deadline:
            for name, process in self.processes:
                if process.poll() is not None:
                    raise StackError(f"{name} exited with {process.returncode}:\n{self.log_tail(name)}")
            check = pending[0]
            try:
                if check == "readyz":
                    ok = http("GET", self.gateway_url + "/readyz", timeout=2)[0] == 200
                elif check == "emulator":
                    ok = http("GET", self.emulator_url + "/admin/clock", headers=self._admin_headers(), timeout=2)[0] == 200
                else:
                    answer = self.rpc(f"{check}.health")
                    ok = (answer.get("result") or {}).get("database") == "ok"
            except (OSError, ValueError):
                ok = False
            if ok:
                pending.pop(0)
            else:
                time.sleep(0.2)
        if pending:
            tails = "\n".join(f"--- {name}\n{self.log_tail(name)}" for name, _ in self.processes)
            raise StackError(f"the stack is not ready after {timeout} s (waiting for {pending[0]})\n{tails}")

    def stop(self) -> None:
        """SIGTERM to every process (the Gateway first), SIGKILL after 15 s; then PostgreSQL and NATS."""
        for _, process in reversed(self.processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for name, process in reversed(self.processes):
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.processes = []
        if self.cluster is not None:
            self.cluster.stop()
            self.cluster = None
        if self.services_dir is not None:
            with open(self.logs / "services.log", "ab") as log:
                subprocess.run(
                    [str(ROOT / "scripts" / "services.sh"), "stop", str(self.services_dir)],
                    cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                )
            for name in ["nats.log", "pglog/pg.log"]:
                if (self.services_dir / name).exists():
                    shutil.copy(self.services_dir / name, self.logs / name.replace("/", "-"))
            shutil.rmtree(self.services_dir, ignore_errors=True)
            self.services_dir = None

    def log_tail(self, program: str, characters: int = 3000) -> str:
        path = self.logs / f"{program}.log"
        return path.read_text(errors="replace")[-characters:] if path.exists() else ""

    # MARK: helpers

    def _admin_headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {ADMIN_KEY}", "Accept": "application/json"}

    def admin(self, method: str, path: str, body=None):
        """The emulator's admin API (admin key): the parsed JSON answer; raises on a status of 300 or more."""
        status, _, answer = http(method, self.emulator_url + path, body, self._admin_headers())
        if status >= 300:
            raise StackError(f"{method} {path}: {status} {answer}")
        return answer

    def operator(self, method: str, path: str, body=None):
        """The emulator's API-key routes (an operator's backend), with a new Idempotency-Key for each write;
        the parsed JSON answer; raises on a status of 300 or more."""
        headers = {"Authorization": f"Bearer {API_KEY}", "Accept": "application/json"}
        if method != "GET":
            headers["Idempotency-Key"] = uuid.uuid4().hex
        status, _, answer = http(method, self.emulator_url + path, body, headers)
        if status >= 300:
            raise StackError(f"{method} {path}: {status} {answer}")
        return answer

    def create_inquiry(self, template: str = "tmpl_full", organization: str = "org-demo", **more) -> tuple[str, str]:
        """A new inquiry of `template` for `organization` (and the request's other members `more`, e.g.
        launchCodeTtlSeconds=86400): (inquiry id, launch code)."""
        created = self.operator(
            "POST", "/v1/operator/inquiries", {"organizationId": organization, "templateId": template, **more}
        )
        return created["inquiryId"], created["launchCode"]

    def last_code(self, email: str) -> str:
        """The newest code the emulator sent to an email address (or phone number)."""
        answer = self.admin("GET", "/admin/mailbox?to=" + urllib.parse.quote(email, safe=""))
        items = answer.get("items") or []
        if not items:
            raise StackError(f"no code was sent to {email}")
        return items[-1]["code"]

    def rpc(self, method: str, params: dict | None = None, token: str | None = None) -> dict:
        """One JSON-RPC call through the Gateway: the response object."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        request = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params or {}}
        return http("POST", self.gateway_url + "/rpc", request, headers, timeout=40)[2]

    def page_url(self, organization: str = "org-demo", **query: str) -> str:
        """The client's page for `organization`, with more query parameters (e.g. code=…)."""
        return self.gateway_url + "/?" + urllib.parse.urlencode({"org": organization, **query})
