#!/usr/bin/env bash
# Runs every test against a private PostgreSQL and nats-server that it starts and stops itself.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh --browser
scripts/browser-venv.sh
dir=$(mktemp -d /tmp/folio-test.XXXXXX)
cleanup() { scripts/services.sh stop "$dir" || true; rm -rf "$dir"; }
trap cleanup EXIT

export FOLIO_PG_PORT=${FOLIO_PG_PORT:-55433}
export FOLIO_NATS_PORT=${FOLIO_NATS_PORT:-54223}
scripts/services.sh start "$dir"
# shellcheck disable=SC1091
source "$dir/env"

echo "== build"
swift build --build-tests
echo "== docker-compose check"
"$( [ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3)" scripts/check-compose.py
echo "== tests"
set +e
# Line-buffered, so the log keeps the test names in order with the services' log lines even when a crash ends it.
stdbuf -oL -eL swift test --skip-build 2>&1 | tee "$dir/test.log" \
    | grep --line-buffered -E "^(Test Suite '.*' (passed|failed)|Test Case .* failed|.*error:|\s+Executed)"
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ]; then
    echo "== swift test failed with status $status; failures:"
    grep -E "error:|failed|Fatal|Crash" "$dir/test.log" | head -100
    # A crash prints no failure line: the test that was running and the backtrace are at the end of the log.
    echo "== the last test started, and the end of the log:"
    grep -E "^Test Case '.*' started" "$dir/test.log" | tail -1
    tail -n 120 "$dir/test.log"
    exit "$status"
fi

# The reference client in headless Chromium against a stack of its own (Tests/Browser/README.md); screenshots
# and the stack's logs in .build/browser-output/.
echo "== browser tests"
rm -rf .build/browser-output
set +e
(cd Tests/Browser && FOLIO_BROWSER_BIN="$(swift build --show-bin-path)" ../../.venv-browser/bin/python -m pytest -p no:cacheprovider)
status=$?
set -e
if [ "$status" -ne 0 ]; then
    echo "== browser tests failed with status $status; screenshots and logs: .build/browser-output/" >&2
    exit "$status"
fi

# The fault suite (docs/operations.md "Faults"): journeys at a modest rate while each service is SIGKILLed and
# restarted, PostgreSQL stopped and started, a NATS node killed and Folio fails; nothing may be lost or done twice.
echo "== fault suite"
set +e
FOLIO_BROWSER_BIN="$(swift build --show-bin-path)" "$( [ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3)" \
    Tests/Faults/faults.py
status=$?
set -e
if [ "$status" -ne 0 ]; then
    logs=.build/faults-output/logs
    echo "== fault suite failed with status $status; the stack's warnings and errors (all logs in $logs):" >&2
    grep -h -E '"level":"(warning|error)"' "$logs"/*.log 2>/dev/null | tail -n 80 >&2
    exit "$status"
fi
