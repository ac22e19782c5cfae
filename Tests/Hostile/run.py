#!/usr/bin/env python3
"""The hostile-input suite (SPEC §5): generates malformed, truncated, hostile and
huge inputs, runs the built `restmap` on each, and checks what every case must show:

- the exit code (1 data, 2 usage/config; never a signal, never 0 for garbage);
- a located error on stderr (`FILE:LINE:COL: error:`, or `FILE: error:` where a file has no
  lines, such as a size cap or a binary plist);
- bounded CPU time and peak RSS, read from the child's own `getrusage` (`os.wait4`), and a
  hard wall-clock timeout that turns a hang into a failure;
- no leftovers: the case's scratch directory holds exactly what it should afterwards, and no
  `.restmap-output-*` appears anywhere the suite wrote.

Nothing is stored: every input is generated here from Samples/ and Configs/. Run it with
`python3 Tests/Hostile/run.py --restmap .build/debug/restmap`; `make test` runs it through
Tests/RestmapCLITests/HostileInputTests.swift. `--list` prints the cases, `--only WORD`
runs those whose name contains WORD.
"""
import argparse
import concurrent.futures
import os
import shutil
import sys
import tempfile
import time

from payload_cases import byte_flips, injection, invalid_utf8, nesting, prefixes, shard_shares, wrong_types, xxe
from openapi_cases import openapi_documents
from parser_cases import linear_cost, parser_hardening
from support import ROOT, run_case
from system_cases import byte_names, dev_zero, manifest_confinement, output_targets, secrets, signals, store_names

GENERATORS = [prefixes, byte_flips, wrong_types, xxe, nesting, invalid_utf8, parser_hardening, dev_zero, output_targets, signals,
              byte_names, manifest_confinement, injection, secrets, linear_cost, shard_shares, store_names, openapi_documents]


def leftovers(paths):
    found = []
    for top in paths:
        for directory, _, files in os.walk(top):
            found += [os.path.join(directory, f) for f in files if f.startswith(".restmap-output-")]
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--restmap", default=os.path.join(ROOT, ".build/debug/restmap"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", help="run the cases whose name contains this")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    restmap = os.path.abspath(args.restmap)
    work = tempfile.mkdtemp(prefix="restmap-hostile-")
    started = time.monotonic()
    try:
        cases = [case for generate in GENERATORS for case in generate(work, restmap)]
        if args.only:
            cases = [c for c in cases if args.only in c.name]
        if args.list:
            print("\n".join(c.name for c in cases))
            return 0
        failures = []
        worst_cpu, worst_rss = (0, ""), (0, "")
        # Signal cases time their kill against the machine; they run alone, after the rest.
        parallel = [c for c in cases if c.action is None]
        serial = [c for c in cases if c.action is not None]
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            outcomes = list(zip(parallel, pool.map(lambda c: run_case(c, restmap), parallel)))
        outcomes += [(c, run_case(c, restmap)) for c in serial]
        for case, (problems, result) in outcomes:
            worst_cpu = max(worst_cpu, (result.cpu, case.name))
            worst_rss = max(worst_rss, (result.rss_mb, case.name))
            if problems:
                failures.append((case.name, problems))
        stray = leftovers([work, ROOT])
        if stray:
            failures.append(("leftovers", [f"temporary output files left behind: {stray}"]))
        for name, problems in failures:
            print(f"FAIL {name}")
            for problem in problems:
                print(f"    {problem}")
        print(f"hostile inputs: {len(cases)} cases, {len(failures)} failed, "
              f"{time.monotonic() - started:.0f} s; most CPU {worst_cpu[0]:.2f} s ({worst_cpu[1]}), "
              f"largest RSS {worst_rss[0]:.0f} MB ({worst_rss[1]})")
        return 1 if failures else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
