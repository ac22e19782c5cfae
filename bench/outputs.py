#!/usr/bin/env python3
"""restmap's output on the benchmark's generated data, held to the md5 recorded in
bench/outputs.json for the same data (found by the data's stamp: bench/gen.py's version, the
size and the seed). A change meant to keep the output keeps every line saying "the recorded
output"; a change meant to alter it records the new md5s with --print.

  outputs.py DATA_DIR [--restmap BIN]   map the three cases with BIN (default
                                        .build/release/restmap) and check each; exit 1 when
                                        one differs or is not recorded
  outputs.py --check DATA_DIR CASE FILE  check one output already written (CASE: json,
                                        ndjson or xml)
  outputs.py --print DATA_DIR [--restmap BIN]   the md5s as outputs.json records them
"""
import hashlib
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# The benchmark's restmap runs, as `restmap map ARGUMENTS INPUT` (run from the package root).
CASES = {
    "json": ["-c", "Configs/employees.plist", "--path", "/employees"],
    "ndjson": ["-c", "bench/employees-stream.plist", "--path", "/employees", "--format", "ndjson"],
    "xml": ["-c", "bench/employees-xml.plist", "--path", "/employees"],
}


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


def map_case(restmap, data, case, output):
    source = os.path.join(data, "employees." + case)
    with open(output, "wb") as out:
        code = subprocess.run([restmap, "map"] + CASES[case] + [source], stdout=out, cwd=ROOT).returncode
    if code != 0:
        sys.exit("outputs: restmap exited %d on %s" % (code, source))


def main(argv):
    if argv[:1] == ["--check"] and len(argv) == 4:
        ok, line = verdict(argv[1], argv[2], argv[3])
        print("%s output: %s" % (argv[2], line))
        return 0 if ok else 1
    printing = argv[:1] == ["--print"]
    args = argv[1:] if printing else argv
    restmap = os.path.join(ROOT, ".build/release/restmap")
    if "--restmap" in args:
        at = args.index("--restmap")
        restmap = os.path.abspath(args[at + 1])
        args = args[:at] + args[at + 2:]
    if len(args) != 1:
        sys.exit(__doc__)
    data = os.path.abspath(args[0])
    output = os.path.join(data, "outputs.check")
    failed = False
    for case in CASES:
        map_case(restmap, data, case, output)
        if printing:
            print('"%s": "%s",' % (case, md5_of(output)))
            continue
        ok, line = verdict(data, case, output)
        print("%-6s %s" % (case, line))
        failed = failed or not ok
    os.remove(output)
    if printing:
        print("for the data stamped: %s" % stamp(data))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
