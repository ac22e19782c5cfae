#!/usr/bin/env bash
# Runs restmap's libFuzzer harnesses (built by `make fuzz`), one after the other, and prints
# one line per target. Exit status: 0 when no target found anything, 1 otherwise.
#
#   Fuzz/run-fuzzers.sh BIN_DIR OUT_DIR SECONDS MAX_LEN TIMEOUT RSS_MB TARGET... [-- LIBFUZZER_FLAG...]
#
# Per target, in OUT_DIR/TARGET/: `corpus/` (what the fuzzer learnt; reused by the next run),
# `fuzz.log` (libFuzzer's output), and the reproducer of a finding (`crash-*`, `timeout-*`,
# `oom-*`, `leak-*`). Inputs come from that corpus, the seeds in Fuzz/corpus/TARGET/, and
# the recorded reproducers in Fuzz/regressions/PARSER/ (replayed first, so a bug that is not
# fixed yet is reported again at once); Fuzz/dict/TARGET.dict gives the fuzzer its tokens.
set -u

if [ $# -lt 7 ]; then
    sed -n '2,11p' "$0" >&2
    exit 2
fi
bin=$1 out=$2 seconds=$3 max_len=$4 timeout=$5 rss_mb=$6
shift 6
targets=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do targets+=("$1"); shift; done
[ $# -gt 0 ] && shift
extra=("$@")

here=$(cd "$(dirname "$0")" && pwd)
# Swift's own crash reporter would race libFuzzer's handler (and can outlive the process).
export SWIFT_BACKTRACE=enable=no
# Keep libFuzzer's handling of deadly signals and leaks; print symbolized stacks.
export ASAN_OPTIONS=${ASAN_OPTIONS:-"detect_leaks=1:handle_abort=1:symbolize=1"}
# AddressSanitizer makes frames several times larger than in the release build; a nesting
# depth the release binary handles (the 10,000 levels `--max-depth` allows) must not look
# like a stack overflow here. Raise the main thread's stack where the shell allows it.
ulimit -s 65536 2>/dev/null || ulimit -s unlimited 2>/dev/null || true

status=0
for target in "${targets[@]}"; do
    parser=${target#fuzz-}
    dir=$out/$target
    mkdir -p "$dir/corpus"
    rm -f "$dir"/crash-* "$dir"/timeout-* "$dir"/oom-* "$dir"/leak-* "$dir"/slow-unit-*
    inputs=("$dir/corpus")
    [ -d "$here/corpus/$target" ] && inputs+=("$here/corpus/$target")
    [ -d "$here/regressions/$parser" ] && inputs+=("$here/regressions/$parser")
    dict=()
    [ -f "$here/dict/$target.dict" ] && dict=("-dict=$here/dict/$target.dict")
    "$bin/$target" ${dict[@]+"${dict[@]}"} \
        -max_total_time="$seconds" -max_len="$max_len" -timeout="$timeout" -rss_limit_mb="$rss_mb" \
        -artifact_prefix="$dir/" -print_final_stats=1 ${extra[@]+"${extra[@]}"} \
        "${inputs[@]}" >"$dir/fuzz.log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/fuzz.log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$dir/fuzz.log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$dir/fuzz.log" | tail -1)
    finding=$(ls "$dir"/crash-* "$dir"/timeout-* "$dir"/oom-* "$dir"/leak-* 2>/dev/null | head -1)
    if [ $rc -eq 0 ] && [ -z "$finding" ]; then
        printf '%-18s ok       %s runs, %s exec/s, %s, corpus %s files\n' \
            "$target" "${runs:-?}" "${rate:-?}" "${cov:-cov: ?}" "$(ls "$dir/corpus" | wc -l)"
    else
        status=1
        # The most telling line: a Swift trap or invariant, else the sanitizer's or libFuzzer's.
        what=$( { grep -m1 -E 'Fatal error|Swift runtime failure' "$dir/fuzz.log" \
                  || grep -m1 -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)' "$dir/fuzz.log"; } \
            | sed -e 's/^ *//' -e 's/^#[0-9]* 0x[0-9a-f]* in //' | cut -c1-160)
        printf '%-18s FOUND    %s — %s (log: %s)\n' "$target" "${finding:-exit $rc}" "${what:-see log}" "$dir/fuzz.log"
    fi
done
exit $status
