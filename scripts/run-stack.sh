#!/usr/bin/env bash
# Runs the whole stack on 127.0.0.1: PostgreSQL, NATS, the FolioEmulator, every service and the Gateway.
# Logs go to run/logs/. Ctrl-C stops everything.
set -euo pipefail
cd "$(dirname "$0")/.."

root=$PWD/run
mkdir -p "$root/logs"
echo "== building"
swift build
bin=$(swift build --show-bin-path)

export FOLIO_PG_PORT=${FOLIO_PG_PORT:-55432}
export FOLIO_NATS_PORT=${FOLIO_NATS_PORT:-54222}
scripts/services.sh start "$root/services"
# shellcheck disable=SC1091
source "$root/services/env"

export FOLIO_EMULATOR_PORT=${FOLIO_EMULATOR_PORT:-8090}
export FOLIO_EMULATOR_MODE=${FOLIO_EMULATOR_MODE:-test}
# The test clock starts now: the AuthService checks the times of Folio's session tokens against its own clock.
export FOLIO_EMULATOR_CLOCK_START=${FOLIO_EMULATOR_CLOCK_START:-now}
# A demo stack: the clock goes on, so the emulator's rate-limit windows pass by themselves (`fixed` stops it).
export FOLIO_EMULATOR_CLOCK=${FOLIO_EMULATOR_CLOCK:-running}
export FOLIO_EMULATOR_API_KEY=${FOLIO_EMULATOR_API_KEY:-dev-api-key}
export FOLIO_EMULATOR_ADMIN_KEY=${FOLIO_EMULATOR_ADMIN_KEY:-dev-admin-key}
export FOLIO_EMULATOR_FIXTURES=${FOLIO_EMULATOR_FIXTURES:-$PWD/Services/FolioEmulator/Fixtures}
export FOLIO_API_URL=${FOLIO_API_URL:-http://127.0.0.1:$FOLIO_EMULATOR_PORT}
export FOLIO_API_KEY=${FOLIO_API_KEY:-$FOLIO_EMULATOR_API_KEY}
export FOLIO_GATEWAY_PORT=${FOLIO_GATEWAY_PORT:-8080}
# The Gateway serves the reference thin client at / (Clients/web).
export FOLIO_GATEWAY_STATIC_ROOT=${FOLIO_GATEWAY_STATIC_ROOT:-$PWD/Clients/web}
# Each service serves its own Prometheus metrics and /healthz on a port of its own (docs/operations.md "Metrics"):
# auth on the base port, inquiry on the next one, then vault, then documents (scripts/lib/stack-processes.sh).
export FOLIO_METRICS_BASE_PORT=${FOLIO_METRICS_BASE_PORT:-9101}
export FOLIO_METRICS_HOST=${FOLIO_METRICS_HOST:-127.0.0.1}
# The demo inquiry made once the stack is up: its organization, template and launch code lifetime come from
# scripts/demo-inquiry.json, which the browser test of the demo (Tests/Browser/test_demo.py) reads as well.
demo_field() { sed -n "s/.*\"$1\" *: *\"\{0,1\}\([^\",}]*\).*/\1/p" scripts/demo-inquiry.json; }
demo_organization=${FOLIO_DEMO_ORGANIZATION:-$(demo_field organizationId)}
demo_template=${FOLIO_DEMO_TEMPLATE:-$(demo_field templateId)}
demo_ttl=$(demo_field launchCodeTtlSeconds)
# The vault's key-encryption key: made once, kept in run/ so the vaults stored there open on the next run.
if [ -z "${FOLIO_VAULT_KEK:-}" ]; then
    [ -f "$root/vault-kek" ] || head -c 32 /dev/urandom | base64 -w0 | tr '+/' '-_' | tr -d '=' >"$root/vault-kek"
    chmod 600 "$root/vault-kek"
    export FOLIO_VAULT_KEK_FILE=${FOLIO_VAULT_KEK_FILE:-$root/vault-kek}
fi
# The secrets key scripts/services.sh made for run/services; docker-compose.yml reads the same from run/secrets-key.
[ -f "$root/secrets-key" ] || (umask 077 && echo "$FOLIO_SECRETS_KEY" >"$root/secrets-key")

pids=()
stopped=0
stop() {
    [ "$stopped" = 1 ] && return
    stopped=1
    echo "== stopping"
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    wait "${pids[@]}" 2>/dev/null || true
    scripts/services.sh stop "$root/services"
}
trap stop EXIT INT TERM

# shellcheck source=scripts/lib/stack-processes.sh
source scripts/lib/stack-processes.sh
start_stack_processes "$root/logs"

for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$FOLIO_GATEWAY_PORT/readyz" >/dev/null 2>&1 && break
    sleep 0.2
done
# Ready once every service answers its health method through the Gateway (they start after PostgreSQL).
for service in auth inquiry vault documents; do
    for _ in $(seq 1 300); do
        curl -fsS "http://127.0.0.1:$FOLIO_GATEWAY_PORT/rpc" -H 'content-type: application/json' \
            -d "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"$service.health\"}" 2>/dev/null |
            grep -q '"database":"ok"' && break
        sleep 0.2
    done
done
# A demo inquiry, made at the emulator the way an operator's backend makes one (docs/folio-api.md).
demo=$(curl -sS "$FOLIO_API_URL/v1/operator/inquiries" -H "authorization: Bearer $FOLIO_API_KEY" \
    -H 'content-type: application/json' -H "idempotency-key: run-stack-$(date +%s%N)" \
    -d "{\"organizationId\":\"$demo_organization\",\"templateId\":\"$demo_template\",\"launchCodeTtlSeconds\":$demo_ttl}" 2>/dev/null || true)
launch_code=$(printf '%s' "$demo" | sed -n 's/.*"launchCode" *: *"\([^"]*\)".*/\1/p')
echo "== FolioHost is running"
echo "   Client    http://127.0.0.1:$FOLIO_GATEWAY_PORT/?org=$demo_organization"
if [ -n "$launch_code" ]; then
    echo "   Inquiry   http://127.0.0.1:$FOLIO_GATEWAY_PORT/?org=$demo_organization&code=$launch_code"
    echo "             launch code $launch_code ($demo_template, single use, valid for $((demo_ttl / 3600)) hours)"
    page=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' \
        "http://127.0.0.1:$FOLIO_GATEWAY_PORT/?org=$demo_organization&code=$launch_code" 2>/dev/null || true)
    [ -z "$page" ] || echo "             as a QR code: http://127.0.0.1:$FOLIO_GATEWAY_PORT/qr.svg?data=$page"
else
    echo "   (no demo inquiry: the emulator answered ${demo:-nothing}; see $root/logs/folio-emulator.log)" >&2
fi
echo "   Gateway   http://127.0.0.1:$FOLIO_GATEWAY_PORT/rpc  (OpenRPC: /openrpc.json, metrics: /metrics)"
echo "   Emulator  $FOLIO_API_URL"
echo "   Metrics   auth http://$FOLIO_METRICS_HOST:$FOLIO_METRICS_BASE_PORT/metrics, inquiry, vault, documents on the" \
    "next ports ($((FOLIO_METRICS_BASE_PORT + 1))-$((FOLIO_METRICS_BASE_PORT + 3)))"
echo "   Logs      $root/logs/"
echo "   Try: curl -s localhost:$FOLIO_GATEWAY_PORT/rpc -H 'content-type: application/json' -d '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"runtime.create\",\"params\":{\"organizationId\":\"org-demo\"}}'"
echo "   Ctrl-C stops everything."
wait -n "${pids[@]}" || true
[ "$stopped" = 1 ] || echo "a process exited; see $root/logs/" >&2
