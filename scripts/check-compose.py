#!/usr/bin/env python3
"""Checks docker-compose.yml against the code, as far as this machine can without a Docker engine:
the file is valid under the Compose Specification's JSON Schema (scripts/compose-spec.json, a copy of the
compose-spec project's schema/compose-spec.json, Apache-2.0, validated with Python's jsonschema), every service the
design names is there, every command is an executable that Package.swift declares, every FOLIO_* variable set in
it is read somewhere in the Swift sources (the load driver's in load/), and the load driver's service is there
only under the profile `load` and runs the driver."""
import json
import pathlib
import re
import sys
from urllib.parse import urlsplit

import yaml
from jsonschema import Draft7Validator

root = pathlib.Path(__file__).resolve().parent.parent
compose = yaml.safe_load((root / "docker-compose.yml").read_text())
package = (root / "Package.swift").read_text()
executables = set(re.findall(r'\.executable\(name: "([^"]+)"', package))
sources = "\n".join(p.read_text() for p in (root / "Shared").rglob("*.swift"))
sources += "\n".join(p.read_text() for p in (root / "Services").rglob("*.swift"))
read_variables = set(re.findall(r'"(FOLIO_[A-Z0-9_]+)"', sources))
driver = "\n".join(p.read_text() for p in (root / "load").glob("*.py"))
driver_variables = set(re.findall(r'"(FOLIO_[A-Z0-9_]+)"', driver))
documented = (root / "docs" / "operations.md").read_text()

errors = []
schema = json.loads((root / "scripts" / "compose-spec.json").read_text())
for error in sorted(Draft7Validator(schema).iter_errors(compose), key=lambda e: list(e.absolute_path)):
    path = "/".join(str(part) for part in error.absolute_path) or "(top)"
    errors.append(f"{path}: {error.message} (Compose Specification schema)")

services = compose.get("services", {})
for name in ["postgres", "nats", "folio-emulator", "gateway", "inquiry", "auth", "vault", "documents", "load"]:
    if name not in services:
        errors.append(f"service {name} is missing")
for name, service in services.items():
    command = service.get("command")
    if service.get("build") is not None and name != "load":
        if not command or command[0] not in executables:
            errors.append(f"{name}: command {command} is not an executable of Package.swift")
    for variable in (service.get("environment") or {}):
        if variable.startswith("FOLIO_"):
            if variable not in (driver_variables if name == "load" else read_variables):
                errors.append(f"{name}: {variable} is set but no code reads it")
            if f"`{variable}`" not in documented:
                errors.append(f"{name}: {variable} is not documented in docs/operations.md")
if "ports" in services.get("inquiry", {}):
    errors.append("inquiry publishes ports, so it cannot be scaled with --scale")

# The load driver (load/run.py in the image load/Dockerfile builds) against the gateway service, started only
# with `docker compose --profile load up`.
load = services.get("load") or {}
if load:
    build = load.get("build")
    context = build.get("context") if isinstance(build, dict) else build
    if load.get("profiles") != ["load"]:
        errors.append(f"load: profiles is {load.get('profiles')}, not [load]: `docker compose up` would start it")
    if str(context).rstrip("/") not in ("./load", "load") or not (root / "load" / "Dockerfile").exists():
        errors.append(f"load: build {build} is not the driver's image (./load, load/Dockerfile)")
    if load.get("command") != ["python", "run.py"] or not (root / "load" / "run.py").exists():
        errors.append(f"load: command {load.get('command')} does not run the driver (python run.py)")
    environment = load.get("environment") or {}
    for variable, service in (("FOLIO_LOAD_GATEWAY_URL", "gateway"), ("FOLIO_LOAD_EMULATOR_URL", "folio-emulator")):
        if urlsplit(str(environment.get(variable, ""))).hostname != service:
            errors.append(f"load: {variable} does not name the {service} service")
    if str(environment.get("FOLIO_LOAD_ALLOW_REMOTE")) != "1":
        errors.append("load: FOLIO_LOAD_ALLOW_REMOTE must be 1, the gateway host is not loopback")
# Prometheus scraping every service's metrics port (docs/operations.md "Metrics"), only under the profile `metrics`.
if "prometheus" in services and services["prometheus"].get("profiles") != ["metrics"]:
    errors.append("prometheus: profiles is not [metrics]: `docker compose up` would start it")
for name, service in services.items():
    if name not in ("load", "prometheus") and service.get("profiles"):
        errors.append(f"{name}: has profiles {service['profiles']}, so `docker compose up` would not start it")

for variable in sorted(read_variables | driver_variables):
    if f"`{variable}`" not in documented:
        errors.append(f"{variable} is read by the code but not documented in docs/operations.md")

if errors:
    print("docker-compose.yml does not match the code:", *errors, sep="\n  ")
    sys.exit(1)
print(f"docker-compose.yml: valid Compose Specification; {len(services)} services, commands and "
      f"{len(read_variables | driver_variables)} variables match the code; the load profile runs the driver")
