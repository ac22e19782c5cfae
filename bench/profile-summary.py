#!/usr/bin/env python3
"""Summarise a callgrind profile of restmap: top functions by own instructions, phases by
inclusive instructions, and where the instructions go by kind (ARC, malloc, hashing, ...).
Usage: profile-summary.py FILE.callgrind [TOP] [INPUT [GOAL]]
       profile-summary.py --threads GOAL INPUT FILE.callgrind-01 FILE.callgrind-02 ...
  (needs callgrind_annotate; swift demangle if present). With INPUT, the payload the profiled
  run read: prints the instructions per input byte (all threads), judged against GOAL if given.
"""
import os
import re
import shutil
import subprocess
import sys


def annotate(path, *flags):
    out = subprocess.run(["callgrind_annotate", "--auto=no", "--threshold=100", *flags, path],
                         capture_output=True, text=True).stdout
    if shutil.which("swift"):
        out = subprocess.run(["swift", "demangle", "--simplified"], input=out, capture_output=True, text=True).stdout
    rows = []
    for line in out.splitlines():
        m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)", line)
        if m and "PROGRAM TOTALS" not in line:
            name = m.group(2)
            # The allocator's own functions, most of them unnamed in its library, by the library.
            if re.search(r"\[/[^]]*libmimalloc[^]]*\]$", name):
                name = "mimalloc:" + re.sub(r"^\S*:", "", name)
            name = re.sub(r" \[/[^]]*\]$", "", name)
            name = re.sub(r"^[^\s:]*/([^/\s:]+):", r"\1:", name)  # file name only
            rows.append((int(m.group(1).replace(",", "")), name))
    total = int(re.search(r"([\d,]+) \(100.0%\)\s+PROGRAM TOTALS", out).group(1).replace(",", ""))
    return total, rows


KINDS = [
    ("ARC: retain/release, deinit, value copies and destroys",
     r"swift_retain|swift_release|bridgeObject|doDecrementSlow|_swift_release_dealloc|swift_dealloc|"
     r"swift_arrayDestroy|__deallocating_deinit|destroy for|outlined (consume|copy|destroy|retain|release|init with copy)|"
     r"initializeWithCopy|initializeWithTake|assignWith|isUniquelyReferenced"),
    ("malloc/free", r"malloc|mimalloc:|_int_free|(^|:)free$|cfree|swift_slowAlloc|swift_slowDealloc|swift_allocObject|unlink_chunk|"
                    r"_allocateBufferUninitialized|_ContiguousArrayBuffer.init|_consumeAndCreateNew|_allocateStringStorage"),
    ("hashing and dictionary/set lookups", r"Hasher|_rawHashValue|RawDictionaryStorage|_NativeDictionary|_NativeSet|"
                                           r"_SetStorage|_DictionaryStorage"),
    ("String creation, validation, comparison", r"_fromUTF8Repairing|_uncheckedFromUTF8|_allASCII|_stringCompare|_StringGuts|"
                                                r"_StringObject|String\.init|_copying"),
    ("generic metadata / protocol conformance lookups at run time", r"Metadata|conformsToProtocol|GenericCacheEntry"),
    ("memcpy/memmove", r"memcpy|memmove"),
]


def main():
    path = sys.argv[1]
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    total, own = annotate(path)
    print("%s: %s instructions" % (path, format(total, ",")))
    if len(sys.argv) > 3:
        print(per_byte_line(total, sys.argv[3], float(sys.argv[4]) if len(sys.argv) > 4 else None))
    print("\nTop %d functions by own instructions (exclusive):" % top)
    for n, name in own[:top]:
        print("  %5.2f%%  %s" % (100 * n / total, name[:150]))
    sums = {k: 0 for k, _ in KINDS}
    rest = 0
    for n, name in own:
        for k, p in KINDS:
            if re.search(p, name):
                sums[k] += n
                break
        else:
            rest += n
    print("\nOwn instructions by kind:")
    for k, _ in KINDS:
        print("  %5.1f%%  %s" % (100 * sums[k] / total, k))
    print("  %5.1f%%  everything else (restmap's parser, mapper and writer code proper)" % (100 * rest / total))
    _, incl = annotate(path, "--inclusive=yes")
    phases = [
        ("JSON parse + Value building (mapJSON minus mapping and records written while streaming)", None),
        ("mapping (Mapper.map from the stream callback)", r"^(MapRun.swift:MapRun.mapStreamed|PayloadMapper.swift:PayloadMapper.mapElement)"),
        ("connections (ConnectionResolver.resolve)", r"ConnectionResolver.swift:(specialized )?ConnectionResolver.resolve"),
        ("output (RecordWriter.write, all records)", r"^MapRun(\+Output)?.swift:MapRun.(writeOutput|emitRoot)"),
        ("config loading + argument parsing (before MapRun.run)", None),
    ]
    def find(p):
        for n, name in incl:
            if re.search(p, name):
                return n
        return 0
    # The optimizer inlines the streaming loop into mapJSON, so the parse is what mapJSON
    # spends beyond mapping and beyond the records written as they come (NDJSON out).
    parse = find(r"^MapRun.swift:MapRun.mapJSON\(") - find(phases[1][1]) - find(r"^MapRun.swift:MapRun.emitRoot\(")
    run = find(r"^MapRun.swift:MapRun.run\(")
    command = find(r"^MapCommand.swift:MapCommand.run\(\)")
    print("\nPhases (inclusive instructions):")
    print("  %5.1f%%  %s" % (100 * parse / total, phases[0][0]))
    for label, p in phases[1:4]:
        print("  %5.1f%%  %s" % (100 * find(p) / total, label))
    print("  %5.1f%%  %s" % (100 * (total - run) / total, "start-up, config loading, teardown (outside MapRun.run)"))
    print("  %5.1f%%  %s" % (100 * (command - run) / total, "  of which in MapCommand.run outside MapRun.run (incl. freeing the graph at exit)"))


def per_byte_line(total, input_path, goal):
    """Instructions per input byte: the work per byte, independent of machine noise."""
    size = os.path.getsize(input_path)
    line = "instructions per input byte: %.1f (%s instructions / %s bytes of %s)" % (
        total / size, format(total, ","), format(size, ","), os.path.basename(input_path))
    if goal is not None:
        line += "; goal ≤ %g: %s" % (goal, "met" if total / size <= goal else "NOT met")
    return line


def threads_summary(input_path, files, goal):
    """A run profiled with --separate-threads=yes: each thread's instructions and the
    longest thread's, which bounds the wall time two idle cores could reach; `goal` is the
    most instructions per input byte any one thread may spend."""
    totals = []
    for f in sorted(files):
        m = re.search(r"^(?:summary|totals): (\d+)", open(f).read(), re.M)
        totals.append((int(m.group(1)) if m else 0, f))
    total = sum(n for n, _ in totals)
    print(per_byte_line(total, input_path, None) + " over all threads")
    for n, f in totals:
        print("  thread %s: %s instructions (%.1f%%)" % (f.rsplit("-", 1)[-1], format(n, ","), 100 * n / total))
    longest = max(n for n, _ in totals)
    per_byte = longest / os.path.getsize(input_path)
    print("  longest thread: %.1f instructions per input byte (%.0f%% of all threads' work); goal ≤ %g per thread: %s"
          % (per_byte, 100 * longest / total, goal, "met" if per_byte <= goal else "NOT met"))


if __name__ == "__main__":
    if sys.argv[1] == "--threads":
        threads_summary(sys.argv[3], sys.argv[4:], float(sys.argv[2]))
        sys.exit(0)
    main()
