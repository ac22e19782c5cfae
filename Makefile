# restmap — build, test, demo. `make demo` and `make test` install what is missing first.
SWIFT ?= swift
PREFIX ?= /usr/local
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN_DEBUG = .build/debug/restmap
BIN_RELEASE = .build/release/restmap

.PHONY: deps build release test demo install bench fuzz clean

## deps: install libxml2's and SQLite's headers and pkg-config when they are missing, and
## the sqlite3 shell the store tests check stores with (Debian/Ubuntu apt).
deps:
	@if ! pkg-config --exists libxml-2.0 2>/dev/null; then \
	  echo "installing libxml2-dev and pkg-config"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y libxml2-dev pkg-config; \
	fi
	@if ! pkg-config --exists sqlite3 2>/dev/null || ! command -v sqlite3 >/dev/null; then \
	  echo "installing libsqlite3-dev and sqlite3"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y libsqlite3-dev sqlite3 pkg-config; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

demo: release
	$(BIN_RELEASE) check -c Configs/employees.plist
	$(BIN_RELEASE) map -c Configs/employees.plist /departments=Samples/employees/departments.json /employees=Samples/employees/employees.json

## bench: SPEC §4 side by side with jq, gojq, xmlstarlet and xq, and the store against
## sqlite-utils (bench/README.md).
## BENCH_MB=20 make bench for a quicker run; BENCH_RUNS timed runs per tool (median).
BENCH_MB ?= 100
BENCH_RUNS ?= 3
BENCH_SEED ?= 20261121
BENCH_DATA = bench-data/$(BENCH_MB)mb

bench:
	@sh bench/install-peers.sh
	$(MAKE) --no-print-directory release
	python3 bench/gen.py --mb $(BENCH_MB) --seed $(BENCH_SEED) --out $(BENCH_DATA)
	python3 bench/run.py --data $(BENCH_DATA) --runs $(BENCH_RUNS) --restmap $(BIN_RELEASE)
	python3 bench/store.py --data $(BENCH_DATA) --runs $(BENCH_RUNS) --restmap $(BIN_RELEASE)

install: release
	install -d $(PREFIX)/bin
	install -m 0755 $(BIN_RELEASE) $(PREFIX)/bin/restmap

## fuzz: build the libFuzzer harnesses in Fuzz/ (AddressSanitizer on) and run each for
## FUZZ_SECONDS; findings land in fuzz-out/TARGET/. Not part of `make test`. Examples:
##   make fuzz FUZZ_SECONDS=300 FUZZ_TARGETS=fuzz-plist
##   make fuzz FUZZ_FLAGS=-only_ascii=1                (any libFuzzer flag)
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= fuzz-json fuzz-json-stream fuzz-plist fuzz-coredata fuzz-xml
FUZZ_MAX_LEN ?= 8192
FUZZ_TIMEOUT ?= 5
FUZZ_RSS_MB ?= 2048
FUZZ_SANITIZE ?= fuzzer,address
FUZZ_FLAGS ?=
FUZZ_OUT ?= fuzz-out
# Re-plan every time: SwiftPM's cached build plan does not notice files added to the root
# package (a path dependency here) and would build RestmapCore without them.
FUZZ_BUILD = $(SWIFT) build -c release --package-path Fuzz --scratch-path Fuzz/.build-fuzz \
	--disable-build-manifest-caching -Xswiftc -sanitize=$(FUZZ_SANITIZE) -Xswiftc -parse-as-library

fuzz: deps
	$(FUZZ_BUILD)
	Fuzz/run-fuzzers.sh "$$($(FUZZ_BUILD) --show-bin-path)" $(FUZZ_OUT) $(FUZZ_SECONDS) $(FUZZ_MAX_LEN) \
	  $(FUZZ_TIMEOUT) $(FUZZ_RSS_MB) $(FUZZ_TARGETS) -- $(FUZZ_FLAGS)

clean:
	rm -rf .build
