#!/usr/bin/env python3
"""Checks docker-compose.yml against the code, as far as this machine can without a Docker engine:
the file parses, every service the design names is there, every command is an executable that
Package.swift declares, and every FOLIO_* variable set in it is read somewhere in the Swift sources."""
import pathlib
import re
import sys

import yaml

root = pathlib.Path(__file__).resolve().parent.parent
compose = yaml.safe_load((root / "docker-compose.yml").read_text())
package = (root / "Package.swift").read_text()
executables = set(re.findall(r'\.executable\(name: "([^"]+)"', package))
sources = "\n".join(p.read_text() for p in (root / "Shared").rglob("*.swift"))
sources += "\n".join(p.read_text() for p in (root / "Services").rglob("*.swift"))
read_variables = set(re.findall(r'"(FOLIO_[A-Z0-9_]+)"', sources))
documented = (root / "docs" / "operations.md").read_text()

errors = []
services = compose.get("services", {})
for name in ["postgres", "nats", "folio-emulator", "gateway", "inquiry", "auth", "vault", "documents"]:
    if name not in services:
        errors.append(f"service {name} is missing")
for name, service in services.items():
    command = service.get("command")
    if service.get("build") is not None:
        if not command or command[0] not in executables:
            errors.append(f"{name}: command {command} is not an executable of Package.swift")
    for variable in (service.get("environment") or {}):
        if variable.startswith("FOLIO_"):
            if variable not in read_variables:
                errors.append(f"{name}: {variable} is set but no code reads it")
            if f"`{variable}`" not in documented:
                errors.append(f"{name}: {variable} is not documented in docs/operations.md")
if "ports" in services.get("inquiry", {}):
    errors.append("inquiry publishes ports, so it cannot be scaled with --scale")

for variable in sorted(read_variables):
    if f"`{variable}`" not in documented:
        errors.append(f"{variable} is read by the code but not documented in docs/operations.md")

if errors:
    print("docker-compose.yml does not match the code:", *errors, sep="\n  ")
    sys.exit(1)
print(f"docker-compose.yml: {len(services)} services, commands and {len(read_variables)} variables match the code")
