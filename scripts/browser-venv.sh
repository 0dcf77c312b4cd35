#!/usr/bin/env bash
# Makes the Python virtual environment of the browser tests (Tests/Browser) in .venv-browser, with selenium and
# pytest from PyPI, unless it is there already. Prints nothing when there is nothing to do.
#   scripts/browser-venv.sh          -> .venv-browser/bin/python is ready
# Chromium and its driver are Debian packages (scripts/install-deps.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."

venv=${FOLIO_BROWSER_VENV:-$PWD/.venv-browser}
python=/usr/bin/python3
[ -x "$python" ] || python=python3
# The requirements are kept in the folder, so a change of them makes a new one.
requirements=Tests/Browser/requirements.txt
if [ -x "$venv/bin/python" ] && cmp -s "$requirements" "$venv/requirements.txt"; then
    exit 0
fi
echo "== browser test venv: $venv"
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/pip" install -q -r "$requirements"
cp "$requirements" "$venv/requirements.txt"
