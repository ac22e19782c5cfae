#!/usr/bin/env python3
"""make bench BENCH_SIZES="10 100 1000": how restmap's cost grows with the input (SPEC §4).

For each size (data from bench/gen.py, one directory per size) restmap runs the JSON tree,
NDJSON → ndjson and XML tree cases of bench/run.py, RUNS timed runs each (median), and a
small table prints time per MB and peak RSS per size. Judged:
  - time per MB constant within 15% from the smallest size to the largest, per case;
  - peak RSS of tree output linear in the input: growing by at most 2 bytes a byte of input
    from the smallest size to the largest, and at most 2× the input at the largest (a fixed
    ~20 MiB of process makes small inputs read higher);
  - peak RSS of streaming (NDJSON → ndjson) flat: under 50 MiB at every size.
A benchmark, not a test: exits 0 whether or not these hold.
"""
import argparse
import os
import sys

from benchlib import ROOT, Tool, fmt_mib, log, run_once
from outputs import CASES, input_of


def cases(restmap, data, extra):
    kinds = [("JSON tree", "json", "tree"), ("NDJSON → ndjson", "ndjson", "stream"), ("XML tree", "xml", "tree")]
    return [(title, input_of(data, case), kind, [restmap, "map"] + CASES[case] + extra + [input_of(data, case)])
            for title, case, kind in kinds]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data-root", required=True, help="directory holding <MB>mb/ directories from gen.py")
    ap.add_argument("--sizes", required=True, help="MB sizes, e.g. '10 100 1000'")
    ap.add_argument("--restmap", default=os.path.join(ROOT, ".build/release/restmap"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--restmap-args", default="")
    a = ap.parse_args()
    restmap = os.path.abspath(a.restmap)
    sizes = [s for s in a.sizes.split()]
    extra = a.restmap_args.split()
    results = {}  # (case, size) -> (MB, wall, rss KiB)
    log("")
    log("== scaling: restmap at %s MB; median of %d runs ==" % (", ".join(sizes), a.runs))
    for size in sizes:
        data = os.path.join(os.path.abspath(a.data_root), "%smb" % size)
        for title, path, kind, argv in cases(restmap, data, extra):
            tool = Tool(title, argv)
            run_once(tool, os.devnull, os.devnull)  # warms the page cache
            for _ in range(a.runs):
                wall, rss, cpu, code = run_once(tool, os.devnull, os.devnull)
                if code == 0:
                    tool.walls.append(wall)
                    tool.rss.append(rss)
                    tool.cpus.append(cpu)
            if tool.walls:
                results[(title, size)] = (os.path.getsize(path) / 1e6, tool.wall(), tool.peak(), tool.cpu())
                mb, wall, rss, cpu = results[(title, size)]
                log("  %-16s %6s MB: %.2f s wall, %s s CPU, %s" % (
                    title, size, wall, "?" if cpu is None else "%.2f" % cpu, fmt_mib(rss)))
            else:
                log("  %-16s %6s MB: restmap failed" % (title, size))
    log("")
    header = (["case"] + ["%s MB: ms/MB wall/CPU, peak RSS (× input)" % s for s in sizes]
              + ["spread wall/CPU", "verdict"])
    rows = [header]
    for title, _, kind, _ in cases(restmap, ".", []):
        cells, per_mb, cpu_per_mb, ok_rss, measured = [title], [], [], True, []
        for size in sizes:
            r = results.get((title, size))
            if r is None:
                cells.append("—")
                continue
            mb, wall, rss, cpu = r
            measured.append((mb, (rss or 0) * 1024))
            per_mb.append(wall * 1000 / mb)
            if cpu:
                cpu_per_mb.append(cpu * 1000 / mb)
            share = (rss or 0) * 1024 / (mb * 1e6)
            cells.append("%.1f/%s, %s (%.2f×)" % (wall * 1000 / mb, "%.1f" % (cpu * 1000 / mb) if cpu else "?",
                                                 fmt_mib(rss), share))
            if kind == "stream" and (rss or 0) >= 50 * 1024:
                ok_rss = False
        if kind == "tree" and len(measured) >= 2:
            (small_mb, small_rss), (big_mb, big_rss) = measured[0], measured[-1]
            growth = (big_rss - small_rss) / ((big_mb - small_mb) * 1e6)
            ok_rss = growth <= 2.0 and big_rss <= 2 * big_mb * 1e6
        if len(per_mb) >= 2:
            spread = max(per_mb) / min(per_mb) - 1
            cpu_spread = max(cpu_per_mb) / min(cpu_per_mb) - 1 if len(cpu_per_mb) >= 2 else None
            time_ok = spread <= 0.15
            cells.append("%.0f%%/%s" % (spread * 100, "?" if cpu_spread is None else "%.0f%%" % (cpu_spread * 100)))
            memory = ("linear, %.2f B per input byte" % growth) if kind == "tree" and len(measured) >= 2 else "flat < 50 MiB"
            cells.append("time %s, memory %s %s" % ("met" if time_ok else "NOT met", memory,
                                                    "met" if ok_rss else "NOT met"))
        else:
            cells += ["—", "n/a (one size)"]
        rows.append(cells)
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    for i, r in enumerate(rows):
        log("  ".join(c.ljust(widths[j]) for j, c in enumerate(r)).rstrip())
        if i == 0:
            log("  ".join("-" * w for w in widths))
    log("")
    log("ms/MB = median wall (and user+sys CPU) / input MB (10^6 bytes); × input = peak RSS / input size. Goals"
        " (SPEC §4): wall ms/MB within 15% from the smallest size to the largest (judged on wall; the CPU spread is"
        " printed for busy machines); tree output growing ≤ 2 B per input byte and ≤ 2× the input at the largest;"
        " streaming under 50 MiB at every size.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
