#!/usr/bin/env bash
# Installs the Debian packages FolioHost builds and runs with, when any is missing; with --browser also those
# of the browser tests, with --load those of the load driver (`make load`).
set -euo pipefail

packages=(
    pkg-config libpq-dev postgresql libsodium-dev libcurl4-openssl-dev libmicrohttpd-dev
    libnats-dev libphonenumber-dev libicu-dev libvips-dev libqrencode-dev nats-server wrk curl python3-yaml
    python3-jsonschema
)
# The browser tests (Tests/Browser) need Chromium, its WebDriver and Python's venv; `make run` does not.
if [ "${1:-}" = --browser ]; then
    packages+=(chromium chromium-driver python3-venv zbar-tools)
fi
# The load driver (load/) runs Locust from PyPI in a venv of its own.
if [ "${1:-}" = --load ]; then
    packages+=(python3-venv)
fi
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ] || [ "${FOLIO_FORCE_APT:-0}" = 1 ]; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    echo "installing: ${missing[*]:-(refresh)}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${packages[@]}" >/dev/null
fi
command -v swift >/dev/null || { echo "swift is not on PATH (expected a Swift 6 toolchain, e.g. /opt/swift/usr/bin)" >&2; exit 1; }
