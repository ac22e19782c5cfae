#!/usr/bin/env python3
"""make bench, steps 4-6: run restmap and its peers side by side on the same files, check
that they produce the same records, and print throughput, peak memory and ratios against
the goals in bench/goals.json (`run.py --goals` prints them).

A benchmark, not a test: it exits 0 whether or not the bars are met (it exits non-zero only
when it cannot run at all, e.g. no restmap binary or no data).

Timing: every command runs once writing to a file (untimed: warms the page cache and feeds
the equivalence check), then RUNS timed rounds writing to /dev/null. Rounds interleave the
tools of a case (restmap, jq, gojq, restmap, jq, ...) so that load from elsewhere on the
machine falls on all of them alike. Reported: the MEDIAN wall time of the timed runs
(measured by this script around the process, finer than /usr/bin/time's %e) and the median
peak RSS (/usr/bin/time -f %M). MB/s = input file bytes (10^6) / median wall seconds.
"""
import argparse
import json
import os
import platform
import shutil
import subprocess
import sys

from benchlib import (ROOT, HERE, Tool, find_xq, fmt_mib, log, python_module_missing, run_once, stderr_tail,
                      version)
import outputs  # the restmap commands, and their output held to the recorded one
from equivalence import (RS, US, compare_records, describe_difference, field_tuples_from_records,
                         field_tuples_from_xmlstarlet, load_json, load_ndjson, stringify)


GOALS = os.path.join(HERE, "goals.json")

# The programs a shell user would write for the same records, short of restmap's rules (the
# type matcher, one department object per id, the connection): timed beside the equivalent
# programs in bench/jq, not held to restmap's records.
PLAIN_LINE = "{entityId:.id, name, description, dept:{entityId:.dept.id, name:.dept.name}, secondaryDeptId:.secondary_dept}"
PLAIN_TREE = "[.employees_list[] | %s]" % PLAIN_LINE


def load_goals():
    """bench/goals.json: per case, the least ratio against each peer and the most peak RSS."""
    with open(GOALS) as handle:
        return json.load(handle)


def goal(case, input_bytes):
    """The case's bars (peer name → least ratio) and its peak-RSS bar (label, KiB)."""
    g = load_goals()[case]
    rss = g["peak_rss"]
    if "mib" in rss:
        rss_bar = ("≤ %g MiB" % rss["mib"], rss["mib"] * 1024)
    else:
        rss_bar = ("≤ %g× input" % rss["times_input"], rss["times_input"] * input_bytes / 1024)
    return dict(bars=g["ratios"], rss_bar=rss_bar)


def print_goals():
    for case, g in load_goals().items():
        if case == "about":
            continue
        ratios = ", ".join("≥ %g× %s" % (r, peer) for peer, r in g["ratios"].items())
        rss = g["peak_rss"]
        memory = "≤ %g MiB" % rss["mib"] if "mib" in rss else "≤ %g× input" % rss["times_input"]
        print("%-7s %s; peak RSS %s" % (case, ratios, memory))


def main():
    if "--goals" in sys.argv:
        print_goals()
        return 0
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True, help="directory written by gen.py")
    ap.add_argument("--restmap", default=os.path.join(ROOT, ".build/release/restmap"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--keep-outputs", action="store_true", help="keep the equivalence outputs")
    ap.add_argument("--only", default="", help="comma-separated case names: json,ndjson,xml")
    ap.add_argument("--restmap-args", default="", help="extra arguments for every restmap run, e.g. '--threads 1'")
    a = ap.parse_args()

    data = os.path.abspath(a.data)
    restmap = os.path.abspath(a.restmap)
    if not os.access(restmap, os.X_OK):
        sys.exit("bench: no restmap binary at %s (make release)" % restmap)
    files = {k: os.path.join(data, "employees." + k) for k in ("json", "ndjson", "xml")}
    for f in files.values():
        if not os.path.exists(f):
            sys.exit("bench: %s is missing (bench/gen.py)" % f)
    outdir = os.path.join(data, "out")
    os.makedirs(outdir, exist_ok=True)
    jqdir = os.path.join(HERE, "jq")

    jq, gojq, jaq, xmlstarlet, xq = (shutil.which("jq"), shutil.which("gojq"), shutil.which("jaq"), shutil.which("xmlstarlet"),
                                     find_xq())
    xmllint = shutil.which("xmllint")
    extra = a.restmap_args.split()
    pydir = os.path.join(HERE, "py")
    orjson_missing = python_module_missing("orjson", "orjson")
    simdjson_missing = python_module_missing("simdjson", "pysimdjson")
    not_installed = "not installed (make bench could not install it)"

    # Can this build of restmap map XML payloads? (Its XML payload reader is merged separately.)
    probe = os.path.join(outdir, "probe.xml")
    with open(probe, "w") as f:
        f.write('<employees_list><employee id="1"><type>employee</type><name>a</name><description/>'
                '<dept><id>2</id><name>d</name></dept><secondary_dept>2</secondary_dept></employee>'
                '<employee id="3"><type>employee</type><name>b</name><description>x</description>'
                '<dept/><secondary_dept/></employee></employees_list>\n')
    p = subprocess.run([restmap, "map", "-c", os.path.join(HERE, "employees-xml.plist"), "--path", "/employees",
                        "--compact", probe], capture_output=True, text=True, cwd=ROOT)
    restmap_xml = p.returncode == 0 and '"entityId":"1"' in p.stdout
    restmap_xml_reason = None if restmap_xml else "restmap: XML not available in this build (%s)" % (
        (p.stderr.strip().splitlines() or ["exit %d" % p.returncode])[-1][:160])

    sizes = {k: os.path.getsize(f) for k, f in files.items()}
    cases = []

    def peer(name, exe, argv, note=None, parse_only=False, plain=False):
        return Tool(name, [exe] + argv if exe else [name] + argv, missing=None if exe else name + ": " + not_installed,
                    note=note, parse_only=parse_only, plain=plain)

    def python_peer(name, script, argv, missing, parse_only=False):
        return Tool(name, [sys.executable, os.path.join(pydir, script)] + argv, missing=missing, parse_only=parse_only)

    def restmap_map(*argv):
        return Tool("restmap", [restmap, "map"] + list(argv[:-1]) + extra + [argv[-1]])

    cases.append(dict(
        key="json", title="JSON tree", input=files["json"], size=sizes["json"], kind="json",
        tools=[
            restmap_map(*outputs.CASES["json"], files["json"]),
            peer("jq", jq, ["-f", os.path.join(jqdir, "tree.jq"), files["json"]]),
            peer("jaq", jaq, ["-f", os.path.join(jqdir, "tree.jq"), files["json"]]),
            peer("gojq", gojq, ["-f", os.path.join(jqdir, "tree.jq"), files["json"]]),
            peer("jq plain", jq, [PLAIN_TREE, files["json"]], plain=True),
            peer("jaq plain", jaq, [PLAIN_TREE, files["json"]], plain=True),
            python_peer("orjson", "orjson_map.py", ["tree", files["json"]], orjson_missing),
            python_peer("simdjson parse", "simdjson_parse.py", [files["json"]], simdjson_missing, parse_only=True),
        ],
        **goal("json", sizes["json"])))
    cases.append(dict(
        key="ndjson", title="NDJSON → ndjson", input=files["ndjson"], size=sizes["ndjson"], kind="ndjson",
        tools=[
            restmap_map(*outputs.CASES["ndjson"], files["ndjson"]),
            peer("jq -c", jq, ["-c", "-f", os.path.join(jqdir, "ndjson.jq"), files["ndjson"]]),
            peer("jaq -c", jaq, ["-c", "-f", os.path.join(jqdir, "ndjson.jq"), files["ndjson"]]),
            peer("gojq -c", gojq, ["-c", "-f", os.path.join(jqdir, "ndjson.jq"), files["ndjson"]]),
            peer("jq -c plain", jq, ["-c", PLAIN_LINE, files["ndjson"]], plain=True),
            peer("jaq -c plain", jaq, ["-c", PLAIN_LINE, files["ndjson"]], plain=True),
            python_peer("orjson lines", "orjson_map.py", ["ndjson", files["ndjson"]], orjson_missing),
        ],
        **goal("ndjson", sizes["ndjson"])))
    xml_tools = [restmap_map(*outputs.CASES["xml"], files["xml"])]
    xml_tools[0].missing = restmap_xml_reason
    xml_tools.append(peer("xmlstarlet sel", xmlstarlet, [
        "sel", "-T", "-t", "-m", "/employees_list/employee[type='employee']",
        "-v", "@id", "-o", US, "-v", "name", "-o", US, "-v", "description", "-o", US,
        "-v", "dept/id", "-o", US, "-v", "dept/name", "-o", US, "-v", "secondary_dept", "-o", RS, files["xml"]]))
    xml_tools.append(Tool("xq", [xq, "-f", os.path.join(jqdir, "xq.jq"), files["xml"]] if xq else ["xq"],
                          missing=None if xq else "xq: " + not_installed))
    xml_tools.append(peer("xmllint --stream", xmllint, ["--stream", "--noout", files["xml"]], parse_only=True))
    cases.append(dict(
        key="xml", title="XML tree", input=files["xml"], size=sizes["xml"], kind="xml", tools=xml_tools,
        **goal("xml", sizes["xml"])))
    if a.only:
        wanted = set(a.only.split(","))
        cases = [c for c in cases if c["key"] in wanted]

    # ---- header
    stamp = open(os.path.join(data, ".stamp")).read().strip() if os.path.exists(os.path.join(data, ".stamp")) else "?"
    with open(files["ndjson"], "rb") as f:
        nrec = sum(1 for _ in f)
    cpu = "?"
    try:
        cpu = next(l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name"))
    except Exception:
        pass
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip()
    log("")
    log("== restmap benchmark ==")
    log("machine: %s, %d CPUs, %s; load average %s" % (cpu, os.cpu_count(), platform.platform(),
                                                       " ".join("%.1f" % x for x in os.getloadavg())))
    log("restmap: %s (git %s)" % (restmap, commit))
    log("peers: jq %s | jaq %s | gojq %s | xmlstarlet %s | xq %s" % (
        version([jq, "--version"]) if jq else "missing", version([jaq, "--version"]) if jaq else "missing",
        version([gojq, "--version"]) if gojq else "missing",
        version([xmlstarlet, "--version"]) if xmlstarlet else "missing",
        ("%s (%s)" % (version([xq, "--version"]), xq)) if xq else "missing"))
    log("ceilings: xmllint %s | orjson %s | pysimdjson %s" % (
        version([xmllint, "--version"]) if xmllint else "missing",
        "missing" if orjson_missing else version([sys.executable, "-c", "import orjson; print(orjson.__version__)"]),
        "missing" if simdjson_missing else version([sys.executable, "-c",
                                                    "from importlib.metadata import version; print(version('pysimdjson'))"])))
    if extra:
        log("restmap runs with: %s" % " ".join(extra))
    log("data: %s — %d records; json %.1f MB, ndjson %.1f MB, xml %.1f MB" % (
        stamp, nrec, sizes["json"] / 1e6, sizes["ndjson"] / 1e6, sizes["xml"] / 1e6))
    log("timing: median of %d interleaved runs, output to /dev/null, after one untimed run to a file" % a.runs)
    if restmap_xml_reason:
        log(restmap_xml_reason)
    for c in cases:
        for t in c["tools"]:
            if t.missing and t.name != "restmap":
                log("skipping %s" % t.missing)

    # ---- runs
    equivalence = []
    for c in cases:
        runnable = [t for t in c["tools"] if t.missing is None]
        log("")
        log("-- %s: %s (%.1f MB)" % (c["title"], os.path.relpath(c["input"], ROOT), c["size"] / 1e6))
        for t in runnable:
            t.output = os.path.join(outdir, "%s.%s.out" % (c["key"], t.name.replace(" ", "_")))
            err = t.output + ".stderr"
            wall, rss, _, code = run_once(t, t.output, err)
            if code != 0:
                t.errors.append("exit %d" % code)
                log("  %s failed (exit %d); its rows are left out:\n%s" % (t.name, code, stderr_tail(err)))
            else:
                log("  %-15s untimed run to file: %.2f s, %s" % (t.name, wall, fmt_mib(rss)))
                if t.name == "restmap":
                    log("  restmap output: %s" % outputs.verdict(data, c["key"], t.output)[1])
        for r in range(a.runs):
            for t in runnable:
                if t.errors:
                    continue
                wall, rss, cpu, code = run_once(t, os.devnull, t.output + ".stderr")
                if code != 0:
                    t.errors.append("exit %d on timed run %d" % (code, r + 1))
                    continue
                t.walls.append(wall)
                t.rss.append(rss)
                t.cpus.append(cpu)
            log("  round %d: %s" % (r + 1, ", ".join("%s %.2f s" % (t.name, t.walls[-1]) for t in runnable
                                                     if t.walls and len(t.walls) == r + 1)))
        # ---- equivalence for this case
        tools = {t.name: t for t in c["tools"]}
        rm = tools["restmap"]

        def ok(t):
            return t.missing is None and not t.errors and t.output

        try:
            if c["kind"] in ("json", "ndjson"):
                load = load_json if c["kind"] == "json" else load_ndjson
                if ok(rm):
                    mine = load(rm.output)
                    for t in c["tools"][1:]:
                        if t.parse_only or t.plain:
                            continue
                        if ok(t):
                            v, d = compare_records(mine, load(t.output))
                            equivalence.append((c["title"], "restmap vs " + t.name, v, d))
                        else:
                            equivalence.append((c["title"], "restmap vs " + t.name, "SKIP", t.missing or "peer failed"))
            else:
                xs, xqt = tools["xmlstarlet sel"], tools["xq"]
                if ok(rm):
                    mine, label = load_json(rm.output), "restmap"
                else:
                    # No XML in this build: check the peers against the records restmap
                    # maps from the same data as JSON (numbers as the strings XML carries).
                    src = tools_by_case(cases, "json")
                    if src is not None and ok(src):
                        mine, label = stringify(load_json(src.output)), "restmap (JSON case, values as strings)"
                    else:
                        mine, label = None, None
                if mine is None:
                    equivalence.append((c["title"], "restmap vs peers", "SKIP", "no restmap records to compare with"))
                else:
                    if ok(xs):
                        a_t, b_t = field_tuples_from_records(mine), field_tuples_from_xmlstarlet(xs.output)
                        if a_t == b_t:
                            v, d = "PASS", "%d field tuples (id, name, description, dept id, dept name, secondary_dept)" % len(a_t)
                        else:
                            v, d = "FAIL", describe_difference(a_t, b_t)
                        equivalence.append((c["title"], label + " vs xmlstarlet sel", v, d))
                    else:
                        equivalence.append((c["title"], label + " vs xmlstarlet sel", "SKIP", xs.missing or "peer failed"))
                    if ok(xqt):
                        v, d = compare_records(mine, load_json(xqt.output))
                        equivalence.append((c["title"], label + " vs xq", v, d))
                    else:
                        equivalence.append((c["title"], label + " vs xq", "SKIP", xqt.missing or "peer failed"))
        except Exception as e:  # a broken output is a FAIL, not a crash of the bench
            equivalence.append((c["title"], "equivalence", "FAIL", "%s: %s" % (type(e).__name__, e)))
        for e in equivalence:
            if e[0] == c["title"]:
                log("  equivalence %s: %s — %s" % (e[1], e[2], e[3]))

    # ---- table
    log("")
    log("== results: %s, %d records; median of %d runs ==" % (stamp, nrec, a.runs))
    rows = [("case", "tool", "MB/s", "wall s", "CPU s", "peak RSS", "restmap ×", "× by CPU", "goal (goals.json)", "")]
    verdicts = []
    for c in cases:
        tools = c["tools"]
        rm = tools[0]
        for t in tools:
            if t.missing is not None or not t.ok:
                why = t.missing or ("failed: " + "; ".join(t.errors))
                if t.name == "restmap" and t.missing:
                    why = "restmap: XML not available in this build" if c["key"] == "xml" else t.missing
                why = why[:60]
                rows.append((c["title"], t.name, "—", "—", "—", "—", "", "", why, ""))
                if t.name in c["bars"]:
                    verdicts.append((c["title"], "≥ %g× %s" % (c["bars"][t.name], t.name), "n/a"))
                continue
            mbs = c["size"] / 1e6 / t.wall()
            ratio, cpu_ratio, bar, met = "", "", "", ""
            if t is rm:
                label, limit = c["rss_bar"]
                peak = t.peak()
                bar = "peak RSS %s (%s)" % (label, fmt_mib(limit))
                met = "?" if peak is None else ("met" if peak <= limit else "NOT met")
                verdicts.append((c["title"], "restmap " + bar, met))
            else:
                if rm.ok:
                    r = t.wall() / rm.wall()
                    ratio = "%.1f×" % r
                    if t.cpu() and rm.cpu():
                        cpu_ratio = "%.1f×" % (t.cpu() / rm.cpu())
                    if t.name in c["bars"]:
                        bar = "≥ %g×" % c["bars"][t.name]
                        met = "met" if r >= c["bars"][t.name] else "NOT met"
                        verdicts.append((c["title"], "≥ %g× %s" % (c["bars"][t.name], t.name), "%s (%.1f×)" % (met, r)))
                elif t.name in c["bars"]:
                    bar, met = "≥ %g×" % c["bars"][t.name], "n/a"
                    verdicts.append((c["title"], "≥ %g× %s" % (c["bars"][t.name], t.name), "n/a (restmap did not run)"))
            cpu = "?" if t.cpu() is None else "%.2f" % t.cpu()
            rows.append((c["title"], t.name, "%.1f" % mbs, "%.2f" % t.wall(), cpu, fmt_mib(t.peak()), ratio, cpu_ratio,
                         bar, met))
        if rm.missing is not None or not rm.ok:
            label, limit = c["rss_bar"]
            verdicts.append((c["title"], "restmap peak RSS %s" % label, "n/a"))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for i, r in enumerate(rows):
        log("  ".join(cell.ljust(widths[j]) if j in (0, 1, 8, 9) else cell.rjust(widths[j])
                      for j, cell in enumerate(r)).rstrip())
        if i == 0:
            log("  ".join("-" * w for w in widths))
    for c in cases:
        rm = c["tools"][0]
        if rm.ok and rm.cpu():
            used = rm.cpu() / rm.wall()
            verdicts.append((c["title"], "restmap uses the cores it is given (%d)" % (os.cpu_count() or 1),
                             "%s (CPU/wall %.2f)" % ("met" if used >= 1.2 or (os.cpu_count() or 1) == 1 else "NOT met", used)))
    verdicts.append(("JSON tree", "≤ 30 instructions per input byte (one thread), ≤ 20 on any of two", "see sh bench/profile.sh (callgrind)"))
    verdicts.append(("all", "time/MB constant within 15%, 10 MB–1 GB", 'see make bench BENCH_SIZES="10 100 1000"'))
    log("")
    log("goals (bench/goals.json):")
    for case, bar, v in verdicts:
        log("  %-16s %-42s %s" % (case, bar, v))
    log("")
    log("equivalence:")
    for case, pair, v, d in equivalence:
        log("  %-16s %-45s %s  %s" % (case, pair, v, d.splitlines()[0] if d else ""))
    log("")
    log("MB/s = input bytes / median wall time; restmap × = peer wall / restmap wall on the same file (the bars"
        " are judged on it); CPU s = median user+sys; × by CPU = peer CPU / restmap CPU, steadier when the machine"
        " is busy (gojq's GC also runs on the second core).")
    log("A benchmark, not a test: missed bars do not fail the run.")

    if not a.keep_outputs:
        for c in cases:
            for t in c["tools"]:
                if t.output and os.path.exists(t.output):
                    os.unlink(t.output)
    return 0


def tools_by_case(cases, key):
    for c in cases:
        if c["key"] == key:
            return c["tools"][0]
    return None


if __name__ == "__main__":
    sys.exit(main())
