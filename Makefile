# The two commands of README.md. Both install what is missing first.
.PHONY: run test build bench load faults fuzz format clean

run:
	scripts/install-deps.sh
	scripts/run-stack.sh

test:
	scripts/test.sh

build:
	swift build

bench:
	bench/run bus
	bench/run gateway
	bench/run signin
	bench/run vault-write
	bench/run vault-sync
	bench/run inquiry
	bench/run inquiry-memory
	bench/run scale
	bench/run capture

# The Locust load driver (load/) against make run's stack, or one of its own: docs/operations.md "Load tests".
load:
	scripts/load.sh

# The fault suite (Tests/Faults) alone: journeys while each service, PostgreSQL and a NATS node fail in turn; make
# test runs it last (docs/operations.md "Faults").
faults:
	scripts/install-deps.sh --browser
	swift build
	FOLIO_BROWSER_BIN="$$(swift build --show-bin-path)" python3 Tests/Faults/faults.py

# Every libFuzzer target of Fuzz/ for FOLIO_FUZZ_SECONDS (default 60) each; fails on a crash (docs/fuzzing.md).
fuzz:
	scripts/fuzz.sh

format:
	swift format --in-place --recursive Package.swift Shared Services Tests bench/Sources

clean:
	rm -rf .build run
