#!/usr/bin/env python3
"""make bench, threads: restmap alone with --threads 1 and with every core (SPEC §4: "uses
every core it is given, output byte-identical to --threads 1"), on the three cases of
bench/run.py. Each case runs once per thread count writing to a file (untimed; the files
must be the same bytes), then RUNS timed rounds to /dev/null, the thread counts interleaved.
Printed per case: median wall, median CPU (user+sys), the speed-up of wall time and CPU/wall
(how many cores were busy). On a machine whose other core is taken by other work the
speed-up cannot show: `sh bench/profile.sh` prints each thread's instructions, which bound
what two idle cores reach. A benchmark, not a test: exits 0 either way.
"""
import argparse
import filecmp
import os
import sys

from benchlib import ROOT, Tool, fmt_mib, log, run_once
from outputs import CASES, input_of


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--restmap", default=os.path.join(ROOT, ".build/release/restmap"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1, help="the count compared with 1")
    a = ap.parse_args()
    restmap, data = os.path.abspath(a.restmap), os.path.abspath(a.data)
    outdir = os.path.join(data, "out")
    os.makedirs(outdir, exist_ok=True)
    titles = {"json": "JSON tree", "ndjson": "NDJSON → ndjson", "xml": "XML tree"}
    cases = [(titles[case], input_of(data, case), CASES[case]) for case in ("json", "ndjson", "xml")]
    counts = sorted({1, a.threads})
    log("")
    log("== threads: restmap with --threads %s; median of %d interleaved runs; load average %s ==" % (
        " and ".join(map(str, counts)), a.runs, " ".join("%.1f" % v for v in os.getloadavg())))
    rows = [("case", "threads", "wall s", "CPU s", "CPU/wall", "peak RSS", "speed-up", "output")]
    for title, path, args in cases:
        tools = [Tool("%d" % t, [restmap, "map", "--threads", str(t)] + args + [path]) for t in counts]
        for t in tools:
            t.output = os.path.join(outdir, "threads-%s.out" % t.name)
            _, _, _, code = run_once(t, t.output, os.devnull)
            if code != 0:
                t.errors.append("exit %d" % code)
        same = all(filecmp.cmp(tools[0].output, t.output, shallow=False) for t in tools[1:] if not t.errors)
        for _ in range(a.runs):
            for t in tools:
                if t.errors:
                    continue
                wall, rss, cpu, code = run_once(t, os.devnull, os.devnull)
                if code == 0:
                    t.walls.append(wall)
                    t.rss.append(rss)
                    t.cpus.append(cpu)
        base = tools[0]
        for t in tools:
            if not t.ok:
                rows.append((title, t.name, "failed", "", "", "", "", ""))
                continue
            cpu = t.cpu()
            rows.append((title, t.name, "%.2f" % t.wall(), "?" if cpu is None else "%.2f" % cpu,
                         "?" if cpu is None else "%.2f" % (cpu / t.wall()), fmt_mib(t.peak()),
                         "" if t is base or not base.ok else "%.2f×" % (base.wall() / t.wall()),
                         "" if t is base else ("identical" if same else "DIFFERENT")))
        for t in tools:
            os.unlink(t.output)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for i, r in enumerate(rows):
        log("  ".join(c.ljust(widths[k]) if k in (0, 7) else c.rjust(widths[k]) for k, c in enumerate(r)).rstrip())
        if i == 0:
            log("  ".join("-" * w for w in widths))
    log("speed-up = wall with --threads 1 / wall with more; output = the bytes compared with --threads 1's.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
