#!/bin/sh
# Profile restmap's JSON tree and NDJSON cases with callgrind on a small generated file
# (instructions, not time: callgrind runs ~50x slower), summarise where they go and print the
# instructions per input byte against the goals: at most 30 for the JSON tree case on one
# thread, and at most 20 for any one thread of a two-thread run. Each run's output is held to the
# one recorded for the data (bench/outputs.py).
#   sh bench/profile.sh [MB]        (default 8; outputs under bench-data/profile/)
# Not part of `make bench`. Installs valgrind through apt when it is missing.
set -e
MB=${1:-8}
cd "$(dirname "$0")/.."
SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
command -v valgrind >/dev/null 2>&1 || { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq valgrind >/dev/null; }
[ -x .build/release/restmap ] || swift build -c release --static-swift-stdlib --product restmap
python3 bench/gen.py --mb "$MB" --out "bench-data/${MB}mb"
mkdir -p bench-data/profile
# The output of each profiled run, held to the one recorded for this data (bench/outputs.py);
# the script ends with status 1 when one differs, after printing everything (data of a size
# with no record is only said to have none).
outputs=0
check() {  # case (json, ndjson), output file, label
	python3 bench/outputs.py --check "bench-data/${MB}mb" "$1" "$2" "$3" || { [ $? = 3 ] || outputs=1; }
}
# The benchmark's arguments for a case, one a line (bench/outputs.py keeps them).
arguments() { python3 bench/outputs.py --args "$1"; }
run() {  # name, case, input, goal (instructions per byte, or -), --threads count
	name=$1; case=$2; input=$3; goal=$4; threads=$5
	# shellcheck disable=SC2046  # one argument a line, none with spaces
	valgrind --tool=callgrind --callgrind-out-file="bench-data/profile/$name.callgrind" \
		.build/release/restmap map --threads "$threads" $(arguments "$case") "$input" \
		>"bench-data/profile/$name.out" 2>"bench-data/profile/$name.log"
	echo
	[ "$goal" = - ] && goal=""
	python3 bench/profile-summary.py "bench-data/profile/$name.callgrind" 15 "$input" $goal
	check "$case" "bench-data/profile/$name.out" "$name"
}
json="bench-data/${MB}mb/employees.json"
ndjson="bench-data/${MB}mb/employees.ndjson"
# One thread, so that the phases below are the caller's own; callgrind counts the
# instructions of every thread, so the per-byte figure of the threaded run is printed too.
run tree json "$json" 30 1
run ndjson ndjson "$ndjson" - 1
rm -f bench-data/profile/tree-threads.callgrind-*
# shellcheck disable=SC2046
valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file=bench-data/profile/tree-threads.callgrind \
	.build/release/restmap map --threads 2 $(arguments json) "$json" \
	>bench-data/profile/tree-threads.out 2>bench-data/profile/tree-threads.log
echo
echo "JSON tree with --threads 2, per thread (start-up; mapping and writing; parsing, then a slice of the output):"
python3 bench/profile-summary.py --threads 20 "$json" bench-data/profile/tree-threads.callgrind-*
check json bench-data/profile/tree-threads.out tree-threads
echo
echo "The goals: at most 30 instructions per input byte for the JSON tree case on one thread, at most 20 on any thread of a two-thread run."
exit "$outputs"
