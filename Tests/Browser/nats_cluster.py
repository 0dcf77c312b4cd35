"""Three nats-server nodes routed as one cluster, in place of the single server of scripts/services.sh, with the
same users and permissions (its `nats-users/auth.conf`): the bus as docs/operations.md "The bus as a cluster"
runs it. Node 0 takes the single server's port; each node has a monitoring port, whose /connz tells which node a
process is connected to (processes name their connection: `folio-gateway`, `inquiry-<worker>`, ...).
"""

from __future__ import annotations

import http.client
import json
import subprocess
import time
import urllib.request
from pathlib import Path


class NATSCluster:
    def __init__(self, services_dir: Path, first_port: int, free_port, log: Path):
        self.dir, self.log = services_dir, log
        self.ports = [first_port, free_port(), free_port()]
        self.route_ports = [free_port() for _ in self.ports]
        self.monitor_ports = [free_port() for _ in self.ports]
        self.processes: list[subprocess.Popen | None] = [None] * len(self.ports)

    @property
    def url(self) -> str:
        """Every node's client URL, comma-separated: the services' `FOLIO_NATS_URL`."""
        return ",".join(f"nats://127.0.0.1:{port}" for port in self.ports)

    def start(self) -> None:
        for node in range(len(self.ports)):
            self.start_node(node)

    def start_node(self, node: int) -> None:
        routes = ", ".join(f'"nats-route://127.0.0.1:{port}"' for i, port in enumerate(self.route_ports) if i != node)
        config = self.dir / f"nats-node{node}.conf"
        # Includes are read relative to the config file, which sits beside services.sh's own nats.conf.
        config.write_text(
            "max_payload: 8388608\n"
            "include ./nats-users/auth.conf\n"
            f"server_name: node{node}\n"
            f"cluster {{\n  name: folio\n  listen: 127.0.0.1:{self.route_ports[node]}\n  routes: [{routes}]\n}}\n"
        )
        with open(self.log, "ab") as log:
            self.processes[node] = subprocess.Popen(
                ["nats-server", "-c", str(config), "-a", "127.0.0.1", "-p", str(self.ports[node]),
                 "-m", str(self.monitor_ports[node])],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
            )
        for _ in range(100):
            if self._connections(node) is not None:
                return
            if self.processes[node].poll() is not None:
                raise RuntimeError(f"NATS node {node} exited at start (a port taken?); see {self.log}")
            time.sleep(0.1)
        raise RuntimeError(f"NATS node {node} did not start; see {self.log}")

    def _connections(self, node: int) -> list[str] | None:
        """The names of the client connections on `node`, or None when it does not answer (or something else
        answers on its monitoring port: then the node did not get the port, and start_node says so)."""
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.monitor_ports[node]}/connz?limit=4096", timeout=2) as r:
                return [connection.get("name", "") for connection in json.load(r).get("connections") or []]
        except (OSError, http.client.HTTPException, ValueError):
            return None

    def nodes_of(self, *prefixes: str) -> list[int]:
        """The nodes that a connection whose name starts with one of `prefixes` is on."""
        return [
            node for node in range(len(self.ports))
            if any(name.startswith(prefixes) for name in self._connections(node) or [])
        ]

    def kill(self, node: int) -> None:
        process = self.processes[node]
        if process is not None and process.poll() is None:
            process.kill()
            process.wait()
        self.processes[node] = None

    def stop(self) -> None:
        for node in range(len(self.ports)):
            process = self.processes[node]
            if process is not None and process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
            self.processes[node] = None
