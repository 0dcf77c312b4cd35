#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (one executable, folio-fuzz) and runs each for a set time, failing when an
# input crashes one (docs/fuzzing.md).
#
#   scripts/fuzz.sh [TARGET...]              every target (or those named) for FOLIO_FUZZ_SECONDS each (default 60),
#                                            release build with AddressSanitizer: `make fuzz`
#   scripts/fuzz.sh --smoke [TARGET...]      FOLIO_FUZZ_SMOKE_SECONDS each (default 3), debug build: what CI runs
#   scripts/fuzz.sh --list                   the targets
#   scripts/fuzz.sh --reproduce TARGET FILE  runs one input once, with a Swift backtrace if it crashes
#
# Inputs that reach new code go to .build/fuzz/corpus/TARGET (kept between runs; the seeds in Fuzz/Corpus/TARGET
# are only read). A crash is kept as .build/fuzz/crashes/TARGET/crash-<sha1>, and the script says how to run it
# again. FOLIO_FUZZ_JOBS=N runs N workers per target (libFuzzer -fork), FOLIO_FUZZ_ARGS adds libFuzzer flags,
# FOLIO_FUZZ_CONFIGURATION=debug|release overrides the build.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

mode=run
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --smoke) mode=smoke ;;
        --list) mode=list ;;
        --reproduce)
            mode=reproduce
            [ $# -ge 3 ] || { echo "usage: scripts/fuzz.sh --reproduce TARGET FILE" >&2; exit 2; }
            reproduce_target=$2 reproduce_file=$3
            shift 2
            ;;
        -h | --help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "scripts/fuzz.sh: unknown option $1" >&2; exit 2 ;;
        *) targets+=("$1") ;;
    esac
    shift
done

scripts/install-deps.sh

# Only the fuzz package is built with the sanitizers, in Fuzz/.build; the main package's .build is not touched.
# A full run builds in release mode with libFuzzer (-sanitize=fuzzer: coverage feedback and the driver) and
# AddressSanitizer (out-of-bounds reads through unsafe pointers, which -O does not check). The smoke run builds
# in debug mode with libFuzzer alone, in a third of the time: -Onone checks unsafe buffer bounds itself.
if [ "$mode" = smoke ]; then
    configuration=${FOLIO_FUZZ_CONFIGURATION:-debug}
else
    configuration=${FOLIO_FUZZ_CONFIGURATION:-release}
fi
sanitizers=fuzzer
[ "$configuration" = release ] && sanitizers=fuzzer,address
build=(swift build --package-path Fuzz -c "$configuration" -Xswiftc "-sanitize=$sanitizers")
echo "== fuzz build (${build[*]})"
start=$SECONDS
mkdir -p .build/fuzz
set +e
"${build[@]}" >.build/fuzz/build.log 2>&1
status=$?
set -e
if [ "$status" -ne 0 ]; then
    echo "== fuzz build failed (status $status); its errors and the end of .build/fuzz/build.log:" >&2
    grep -E "error:" .build/fuzz/build.log | sort -u | head -40 >&2
    tail -n 30 .build/fuzz/build.log >&2
    exit 1
fi
binary=Fuzz/.build/$configuration/folio-fuzz
echo "   built in $((SECONDS - start)) s: $binary"

# libFuzzer catches the crash itself: Swift's backtracer would take the signal first and exit without leaving
# the input behind. In the release build LeakSanitizer checks an input that allocated more than it freed.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:symbolize=1}

all_targets=$(FOLIO_FUZZ_TARGET=list "$binary")
if [ "$mode" = list ]; then
    echo "$all_targets" | awk '{ print $1 }'
    exit 0
fi

if [ "$mode" = reproduce ]; then
    echo "== reproducing $reproduce_target with $reproduce_file"
    unset SWIFT_BACKTRACE
    set +e
    FOLIO_FUZZ_TARGET=$reproduce_target "$binary" "$reproduce_file"
    status=$?
    set -e
    [ "$status" -eq 0 ] && echo "== $reproduce_file runs clean" || echo "== $reproduce_file fails (status $status)"
    exit "$status"
fi

if [ "$mode" = smoke ]; then
    seconds=${FOLIO_FUZZ_SMOKE_SECONDS:-3}
else
    seconds=${FOLIO_FUZZ_SECONDS:-60}
fi
[ "${#targets[@]}" -gt 0 ] || mapfile -t targets < <(echo "$all_targets" | awk '{ print $1 }')

work=.build/fuzz
failed=()
for target in "${targets[@]}"; do
    max_len=$(echo "$all_targets" | awk -v name="$target" '$1 == name { print $2 }')
    [ -n "$max_len" ] || { echo "scripts/fuzz.sh: no target $target (scripts/fuzz.sh --list)" >&2; exit 2; }
    corpus=$work/corpus/$target
    crashes=$work/crashes/$target
    log=$work/logs/$target.log
    mkdir -p "$corpus" "$crashes" "$work/logs"
    seeds=Fuzz/Corpus/$target
    [ -d "$seeds" ] || seeds=""
    echo "== $target: ${seconds} s (max_len $max_len)"
    jobs=()
    [ -n "${FOLIO_FUZZ_JOBS:-}" ] && jobs=("-fork=$FOLIO_FUZZ_JOBS" "-ignore_crashes=0")
    set +e
    # shellcheck disable=SC2086
    FOLIO_FUZZ_TARGET=$target "$binary" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$crashes/" "${jobs[@]}" \
        ${FOLIO_FUZZ_ARGS:-} "$corpus" $seeds >"$log" 2>&1 &
    pid=$!
    # Progress: libFuzzer's status lines ("#N pulse/NEW cov: … exec/s: …") as they come, a few a target.
    if [ "$mode" = run ]; then
        tail -n +1 -f --pid="$pid" "$log" 2>/dev/null | grep -a --line-buffered -E "^#[0-9]+\s+(INITED|pulse)" \
            | sed -u 's/^/   /' &
        progress=$!
    fi
    wait "$pid"
    status=$?
    [ "$mode" = run ] && { wait "$progress" 2>/dev/null || true; }
    set -e
    runs=$(grep -a -E "^stat::number_of_executed_units:" "$log" | tail -1 | awk '{ print $2 }')
    rate=$(grep -a -E "^stat::average_exec_per_sec:" "$log" | tail -1 | awk '{ print $2 }')
    size=$(find "$corpus" -type f | wc -l)
    if [ "$status" -eq 0 ]; then
        echo "   clean: ${runs:-?} runs, ${rate:-?} exec/s, corpus $size inputs"
        continue
    fi
    failed+=("$target")
    artifact=$(grep -a -oE "Test unit written to \S+" "$log" | tail -1 | awk '{ print $5 }')
    echo "== $target FAILED (libFuzzer status $status); what stopped it and where, from $log:"
    # Swift's message (Fatal error, precondition), libFuzzer's or ASan's verdict, and the project's frames.
    grep -a -m 5 -E "Fatal error|[Ee]rror:|ERROR: |SUMMARY: |Slowest unit|out-of-memory|Timeout" "$log" | sed 's/^/   /'
    grep -a -E "^\s+#[0-9]+ 0x" "$log" | grep -E "/(Shared|Services|Fuzz)/" | head -n 12 | sed 's/^/   /'
    if [ -n "$artifact" ]; then
        echo "   the input is kept as $artifact ($(wc -c <"$artifact") bytes, base64 below); run it again with"
        echo "     scripts/fuzz.sh --reproduce $target $artifact"
        base64 -w 0 "$artifact" | head -c 4096
        echo
    fi
done

if [ "${#failed[@]}" -gt 0 ]; then
    echo "== fuzzing found crashes in: ${failed[*]}"
    exit 1
fi
echo "== fuzzing: ${#targets[@]} targets ran ${seconds} s each without a crash"
