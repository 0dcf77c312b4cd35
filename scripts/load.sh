#!/usr/bin/env bash
# make load: the Locust load driver (load/) against the local stack, headless and bounded, with a live progress
# line and a report at the end (journeys/s, p50/p95/p99 per journey and per call, errors by kind); Locust's HTML
# report and CSV files go to run/load/. Traffic goes to loopback only.
#
# The stack is `make run`'s when its Gateway answers on 127.0.0.1:8080 (its emulator on FOLIO_EMULATOR_PORT, 8090,
# with FOLIO_EMULATOR_API_KEY / FOLIO_EMULATOR_ADMIN_KEY, dev-api-key / dev-admin-key), else one this script starts
# the way scripts/run-stack.sh does, on ports of its own (PostgreSQL FOLIO_PG_PORT 55571, NATS FOLIO_NATS_PORT
# 54571, the Gateway and the emulator on free ports; data in a temporary folder, logs in run/load/logs/), and
# stops afterwards. FOLIO_LOAD_GATEWAY_URL (with FOLIO_LOAD_EMULATOR_URL and the keys) names a stack instead.
# Bounds: FOLIO_LOAD_USERS (8), FOLIO_LOAD_SPAWN_RATE (2 per second), FOLIO_LOAD_SECONDS (60).
set -euo pipefail
cd "$(dirname "$0")/.."

root=$PWD/run/load
mkdir -p "$root"
scripts/install-deps.sh --load

# The driver's virtual environment, made again when load/requirements.txt changes.
venv=${FOLIO_LOAD_VENV:-$root/venv}
python=/usr/bin/python3
[ -x "$python" ] || python=python3
if ! { [ -x "$venv/bin/python" ] && cmp -s load/requirements.txt "$venv/requirements.txt"; }; then
    echo "== load driver venv: $venv"
    rm -rf "$venv"
    "$python" -m venv "$venv"
    "$venv/bin/pip" install -q -r load/requirements.txt
    cp load/requirements.txt "$venv/requirements.txt"
fi

if [ -n "${FOLIO_LOAD_GATEWAY_URL:-}" ]; then
    echo "== load against $FOLIO_LOAD_GATEWAY_URL"
    exec "$venv/bin/python" load/run.py
fi
export FOLIO_LOAD_API_KEY=${FOLIO_LOAD_API_KEY:-${FOLIO_EMULATOR_API_KEY:-dev-api-key}}
export FOLIO_LOAD_ADMIN_KEY=${FOLIO_LOAD_ADMIN_KEY:-${FOLIO_EMULATOR_ADMIN_KEY:-dev-admin-key}}
if curl -fsS --max-time 2 http://127.0.0.1:8080/readyz >/dev/null 2>&1; then
    echo "== load against make run's stack on 127.0.0.1:8080"
    export FOLIO_LOAD_GATEWAY_URL=http://127.0.0.1:8080
    export FOLIO_LOAD_EMULATOR_URL=${FOLIO_LOAD_EMULATOR_URL:-http://127.0.0.1:${FOLIO_EMULATOR_PORT:-8090}}
    exec "$venv/bin/python" load/run.py
fi

# A stack of its own, as scripts/run-stack.sh starts one (the demo's settings), on its own ports.
echo "== no stack on 127.0.0.1:8080: starting one (logs in $root/logs/)"
swift build
bin=$(swift build --show-bin-path)
logs=$root/logs
rm -rf "$logs"
mkdir -p "$logs"
data=$(mktemp -d /tmp/folio-load.XXXXXX)
chmod 755 "$data"  # PostgreSQL runs as its own user and must reach its folder inside
export FOLIO_PG_PORT=${FOLIO_PG_PORT:-55571}
export FOLIO_NATS_PORT=${FOLIO_NATS_PORT:-54571}
pids=()
stopped=0
stop() {
    [ "$stopped" = 1 ] && return
    stopped=1
    echo "== stopping the load stack"
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    wait "${pids[@]}" 2>/dev/null || true
    scripts/services.sh stop "$data/services" >>"$logs/services.log" 2>&1 || true
    cp "$data/services/nats.log" "$logs/" 2>/dev/null || true
    cp "$data/services/pglog/pg.log" "$logs/postgres.log" 2>/dev/null || true
    rm -rf "$data"
}
trap stop EXIT
trap 'exit 130' INT TERM
scripts/services.sh start "$data/services" >>"$logs/services.log" 2>&1
# shellcheck disable=SC1091
source "$data/services/env"

read -r gateway_port emulator_port < <("$python" -c '
import socket
sockets = [socket.socket() for _ in range(2)]
for s in sockets:
    s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in sockets))')
export FOLIO_EMULATOR_PORT=$emulator_port
export FOLIO_EMULATOR_MODE=test
export FOLIO_EMULATOR_CLOCK_START=now
export FOLIO_EMULATOR_CLOCK=running
export FOLIO_EMULATOR_API_KEY=$FOLIO_LOAD_API_KEY
export FOLIO_EMULATOR_ADMIN_KEY=$FOLIO_LOAD_ADMIN_KEY
export FOLIO_EMULATOR_FIXTURES=$PWD/Services/FolioEmulator/Fixtures
export FOLIO_API_URL=http://127.0.0.1:$emulator_port
export FOLIO_API_KEY=$FOLIO_LOAD_API_KEY
export FOLIO_GATEWAY_PORT=$gateway_port
export FOLIO_GATEWAY_STATIC_ROOT=$PWD/Clients/web
FOLIO_VAULT_KEK=$(head -c 32 /dev/urandom | base64 -w0 | tr '+/' '-_' | tr -d '=')
export FOLIO_VAULT_KEK
unset FOLIO_VAULT_KEK_FILE

# shellcheck source=scripts/lib/stack-processes.sh
source scripts/lib/stack-processes.sh
start_stack_processes "$logs"

export FOLIO_LOAD_GATEWAY_URL=http://127.0.0.1:$gateway_port
export FOLIO_LOAD_EMULATOR_URL=http://127.0.0.1:$emulator_port
set +e
"$venv/bin/python" load/run.py
status=$?
set -e
exit "$status"
