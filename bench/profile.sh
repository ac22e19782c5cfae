#!/bin/sh
# Profile restmap's JSON tree and NDJSON cases with callgrind on a small generated file
# (instructions, not time: callgrind runs ~50x slower) and summarise where they go.
#   sh bench/profile.sh [MB]        (default 8; outputs under bench-data/profile/)
# Not part of `make bench`. Installs valgrind through apt when it is missing.
set -e
MB=${1:-8}
cd "$(dirname "$0")/.."
SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
command -v valgrind >/dev/null 2>&1 || { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq valgrind >/dev/null; }
[ -x .build/release/restmap ] || swift build -c release
python3 bench/gen.py --mb "$MB" --out "bench-data/${MB}mb"
mkdir -p bench-data/profile
run() {  # name, restmap arguments...
	name=$1; shift
	valgrind --tool=callgrind --callgrind-out-file="bench-data/profile/$name.callgrind" \
		.build/release/restmap "$@" >/dev/null 2>"bench-data/profile/$name.log"
	echo
	python3 bench/profile-summary.py "bench-data/profile/$name.callgrind" 15
}
run tree map -c Configs/employees.plist --path /employees "bench-data/${MB}mb/employees.json"
run ndjson map -c bench/employees-stream.plist --path /employees --format ndjson "bench-data/${MB}mb/employees.ndjson"
