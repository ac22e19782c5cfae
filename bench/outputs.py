#!/usr/bin/env python3
"""The benchmark's restmap runs, and their output held to the md5 recorded in
bench/outputs.json for the same data. The data is found by its stamp, which names
bench/gen.py's version and a hash of its source, the size and the seed: other sizes or
seeds, or an edited gen.py, have no record. A change meant to keep the output keeps every
check saying "the recorded output"; a change meant to alter it records the new md5s that
--print gives.

  outputs.py DATA_DIR [--restmap BIN]   map the three cases with BIN (default
                                        .build/release/restmap) and check each; exit 1 when
                                        one differs or is not recorded
  outputs.py --check DATA_DIR CASE FILE [LABEL]   check one output already written: exit
                                        0 when it is the recorded one, 1 when it differs, 3
                                        when nothing is recorded for the data
  outputs.py --args CASE                 the arguments of CASE's run (after `restmap map`,
                                         before the input), one a line
  outputs.py --print DATA_DIR [--restmap BIN]   the md5s, as an outputs.json entry
CASE is json, ndjson or xml.
"""
import hashlib
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# The benchmark's restmap runs, as `restmap map ARGUMENTS INPUT` from the package root: the
# one place bench/run.py, threads.py, scaling.py and profile.sh take them from.
CASES = {
    "json": ["-c", "Configs/employees.plist", "--path", "/employees"],
    "ndjson": ["-c", "bench/employees-stream.plist", "--path", "/employees", "--format", "ndjson"],
    "xml": ["-c", "bench/employees-xml.plist", "--path", "/employees"],
}


def input_of(data, case):
    return os.path.join(data, "employees." + case)


def md5_of(path):
    digest = hashlib.md5()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def stamp(data):
    path = os.path.join(data, ".stamp")
    return open(path).read().strip() if os.path.exists(path) else None


def recorded(data, case):
    with open(os.path.join(HERE, "outputs.json")) as f:
        return json.load(f)["outputs"].get(stamp(data) or "", {}).get(case)


def verdict(data, case, output):
    """(True: the recorded output, False: it differs, None: nothing recorded), and a line."""
    mine, theirs = md5_of(output), recorded(data, case)
    if theirs is None:
        return None, "md5 %s (no output recorded for this data)" % mine
    if mine == theirs:
        return True, "md5 %s, the recorded output" % mine
    return False, "md5 %s DIFFERS from the recorded output (%s)" % (mine, theirs)


def usage(problem):
    sys.exit("outputs.py: %s\n%s" % (problem, __doc__))


def known_case(case):
    if case not in CASES:
        usage("no case %r (json, ndjson or xml)" % case)
    return case


def map_cases(restmap, data, check):
    """Maps each case into a temporary file in DATA_DIR; `check(case, path)` reads it."""
    handle, output = tempfile.mkstemp(dir=data, prefix="outputs-", suffix=".out")
    os.close(handle)
    try:
        for case in CASES:
            with open(output, "wb") as out:
                code = subprocess.run([restmap, "map"] + CASES[case] + [input_of(data, case)], stdout=out,
                                      cwd=ROOT).returncode
            if code != 0:
                sys.exit("outputs.py: restmap exited %d on %s" % (code, input_of(data, case)))
            check(case, output)
    finally:
        os.remove(output)


def main(argv):
    mode = argv[0] if argv and argv[0] in ("--check", "--args", "--print") else None
    args = argv[1:] if mode else argv
    if mode == "--args":
        if len(args) != 1:
            usage("--args takes a case")
        print("\n".join(CASES[known_case(args[0])]))
        return 0
    if mode == "--check":
        if len(args) not in (3, 4):
            usage("--check takes DATA_DIR CASE FILE [LABEL]")
        ok, line = verdict(args[0], known_case(args[1]), args[2])
        print("%s output: %s" % (args[3] if len(args) == 4 else args[1], line))
        return {True: 0, False: 1, None: 3}[ok]
    restmap = os.path.join(ROOT, ".build/release/restmap")
    if "--restmap" in args:
        at = args.index("--restmap")
        if at + 1 >= len(args):
            usage("--restmap takes the binary")
        restmap = os.path.abspath(args[at + 1])
        args = args[:at] + args[at + 2:]
    if len(args) != 1 or args[0].startswith("--"):
        usage("one data directory expected")
    data = os.path.abspath(args[0])
    if mode == "--print":
        md5s = {}
        map_cases(restmap, data, lambda case, path: md5s.update({case: md5_of(path)}))
        print(json.dumps({stamp(data): md5s}, indent=2))
        return 0
    verdicts = []

    def check(case, path):
        ok, line = verdict(data, case, path)
        verdicts.append(ok)
        print("%-6s %s" % (case, line))
    map_cases(restmap, data, check)
    return 0 if all(verdicts) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
