#!/usr/bin/env python3
"""make bench, store case (SPEC §4, §3.7): `restmap map -q --store` loading the employees
payload into a fresh SQLite store, and again into the store already holding it (every
object an upsert), side by side with
  - `sqlite-utils insert --pk` (PyPI sqlite-utils) loading the same records flattened (one
    row an employee, the nested department as its id, plus the departments);
  - the `sqlite3` shell's `.import` of the same rows as CSV into the same tables and
    unique indexes restmap makes (restmap's own schema, copied);
  - for NDJSON, `sqlite-utils insert --nl` of the same lines against restmap's load of them.
It also prints the peak resident memory of the streamed NDJSON load at every size given
with --rss-data (the load streams: memory is bounded by a batch and SQLite's page cache).

A benchmark, not a test: it prints times and ratios against the bars — a fresh load at
least 2x sqlite-utils and within 2x of `.import`, an NDJSON load at least 3x sqlite-utils,
the second (all-upsert) run no slower than the first, under 128 MiB at any size — and
exits 0 either way. Timing as in run.py: each tool once untimed (warms the page cache,
feeds the equivalence check), then RUNS timed rounds, interleaved; the median is reported.
The flattened NDJSON sqlite-utils reads is written beforehand and not timed.
"""
import argparse
import csv
import hashlib
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def log(*a):
    print(*a, flush=True)


def flatten(payload, out_employees, out_departments):
    """The employees the config maps (type "employee"), as flat rows with restmap's names."""
    with open(payload, encoding="utf-8") as f:
        data = json.load(f)
    departments = {}
    count = 0
    with open(out_employees, "w", encoding="utf-8") as out:
        for e in data["employees_list"]:
            if e.get("type") != "employee":
                continue
            dept = e.get("dept")
            if dept:
                departments.setdefault(dept["id"], {"entityId": dept["id"], "name": dept.get("name"), "description": dept.get("description")})
            row = {"entityId": e["id"], "name": e.get("name"), "description": e.get("description"),
                   "secondaryDeptId": e.get("secondary_dept"), "dept": dept["id"] if dept else None}
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
            count += 1
    with open(out_departments, "w", encoding="utf-8") as out:
        for d in departments.values():
            out.write(json.dumps(d, ensure_ascii=False) + "\n")
    return count


# Runs one command and prints its wall time and peak RSS (KiB). A fresh, small interpreter
# starts it: on Linux a child's peak RSS counts the memory of the process it was forked from,
# and this script holds a parsed payload.
RUNNER = """
import os, subprocess, sys, time
start = time.perf_counter()
stdin = open(sys.argv[1], "rb") if sys.argv[1] else None
p = subprocess.Popen(sys.argv[2:], stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
err = p.stderr.read()
_, status, usage = os.wait4(p.pid, 0)
elapsed = time.perf_counter() - start
code = os.waitstatus_to_exitcode(status)
if code != 0:
    sys.stderr.buffer.write(err[-500:])
    sys.exit(code)
print(elapsed, usage.ru_maxrss)
"""


def measured(argv, stdin=None):
    """Runs argv (stdin: a file name); its wall time in seconds and peak resident memory in MiB."""
    p = subprocess.run([sys.executable, "-c", RUNNER, stdin or ""] + argv, capture_output=True)
    if p.returncode != 0:
        raise RuntimeError("%s failed (%d): %s" % (" ".join(argv), p.returncode, p.stderr.decode()[-500:]))
    elapsed, rss = p.stdout.split()
    return float(elapsed), int(rss) / 1024


def timed(argv, stdin=None):
    return measured(argv, stdin)[0]


def write_csv(flat, depts, out_employees, out_departments):
    """The rows restmap stores, as CSV for `.import` (row ids as restmap numbers them:
    departments in order of first appearance, each employee's department by its row id)."""
    dept_rowid = {}
    with open(depts, encoding="utf-8") as f, open(out_departments, "w", newline="", encoding="utf-8") as out:
        w = csv.writer(out)
        w.writerow(["_rowid", "entityId", "name", "description"])
        for n, line in enumerate(f, 1):
            d = json.loads(line)
            dept_rowid[d["entityId"]] = n
            w.writerow([n, d["entityId"], d["name"], d["description"]])
    with open(flat, encoding="utf-8") as f, open(out_employees, "w", newline="", encoding="utf-8") as out:
        w = csv.writer(out)
        w.writerow(["_rowid", "entityId", "name", "description", "secondaryDeptId", "dept_rowid", "secondary_dept_rowid"])
        for n, line in enumerate(f, 1):
            e = json.loads(line)
            w.writerow([n, e["entityId"], e["name"], e["description"], e["secondaryDeptId"],
                        dept_rowid.get(e["dept"], ""), dept_rowid.get(e["secondaryDeptId"], "")])


def remove_db(path):
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


def log_memory(engine, into, data_dirs, argv_for):
    """Peak RSS of the streamed NDJSON load (argv_for(lines file)) at each data size."""
    log("")
    log("%s memory (peak RSS of the streamed NDJSON load into %s; bar: < 128 MiB at any size)" % (engine, into))
    for data in data_dirs:
        lines = os.path.join(data, "employees.ndjson")
        if not os.path.exists(lines):
            log("  %s: no employees.ndjson (make bench-data)" % data)
            continue
        seconds, rss = measured(argv_for(lines))
        log("  %8.1f MB  %6.1f MiB  %6.2f s  %s" % (os.path.getsize(lines) / 1e6, rss, seconds, "ok" if rss < 128 else "ABOVE BAR"))


def dump_md5(restmap_bin, store):
    p = subprocess.run([restmap_bin, "dump", store, "--format", "ndjson"], capture_output=True, check=True)
    return hashlib.md5(p.stdout).hexdigest()


def dump_equality(restmap_bin, streamed, argv, work):
    """The streamed store's dump against that of a run keeping its graph (records printed)."""
    kept = streamed + ".graph" if "://" not in streamed else None
    if kept is None:
        return "dump equality: not checked"
    remove_db(kept)
    graph_argv = [kept if w == streamed else w for w in argv if w != "-q"] + ["-o", os.path.join(work, "records.json")]
    subprocess.run(graph_argv, stdout=subprocess.DEVNULL, check=True)
    mine, theirs = dump_md5(restmap_bin, streamed), dump_md5(restmap_bin, kept)
    remove_db(kept)
    return "dump of the streamed load %s, of a load keeping the graph %s -> %s" % (mine, theirs, "same" if mine == theirs else "DIFFERENT")


def import_peer(sqlite3_shell, store, peer_db, employees_csv, departments_csv):
    """The sqlite3 shell's .import of the CSV rows into restmap's own tables and indexes."""
    remove_db(peer_db)
    schema = [sql for (name, sql) in sqlite3.connect(store).execute(
        "SELECT name, sql FROM sqlite_schema WHERE tbl_name IN ('Department', 'Employee') AND sql IS NOT NULL ORDER BY rowid")]
    script = "PRAGMA journal_mode = WAL;\nPRAGMA synchronous = FULL;\nBEGIN;\n" + ";\n".join(schema) + ";\n"
    script += ".import --csv --skip 1 %s Department\n.import --csv --skip 1 %s Employee\nCOMMIT;\n" % (departments_csv, employees_csv)
    script_file = peer_db + ".sql"
    with open(script_file, "w", encoding="utf-8") as f:
        f.write(script)
    return timed([sqlite3_shell, peer_db], stdin=script_file)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True, help="directory written by gen.py")
    ap.add_argument("--restmap", default=os.path.join(ROOT, ".build/release/restmap"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--rss-data", nargs="*", default=[], help="more gen.py directories to show the streamed load's memory at")
    a = ap.parse_args()
    payload = os.path.join(a.data, "employees.json")
    lines = os.path.join(a.data, "employees.ndjson")
    if not os.path.exists(a.restmap) or not os.path.exists(payload):
        sys.exit("store bench: need %s and %s" % (a.restmap, payload))
    sqlite_utils = shutil.which("sqlite-utils")
    sqlite3_shell = shutil.which("sqlite3")
    mb = os.path.getsize(payload) / 1e6
    work = tempfile.mkdtemp(prefix="restmap-store-bench-")
    try:
        flat, depts = os.path.join(work, "employees.ndjson"), os.path.join(work, "departments.ndjson")
        rows = flatten(payload, flat, depts)
        employees_csv, departments_csv = os.path.join(work, "employees.csv"), os.path.join(work, "departments.csv")
        write_csv(flat, depts, employees_csv, departments_csv)
        store = os.path.join(work, "store.db")
        peer_db = os.path.join(work, "peer.db")
        restmap = [a.restmap, "map", "-q", "-c", os.path.join(ROOT, "Configs/employees.plist"), "--path", "/employees",
                   "--store", store, payload]

        def restmap_lines(data, db):
            return [a.restmap, "map", "-q", "-c", os.path.join(ROOT, "bench/employees-stream.plist"), "--path", "/employees",
                    "--store", db, data]

        def fresh():
            remove_db(store)
            return timed(restmap)

        def again():
            return timed(restmap)  # the store holds the first load: every object is an upsert

        def peer():
            remove_db(peer_db)
            t = timed([sqlite_utils, "insert", peer_db, "Department", depts, "--nl", "--pk", "entityId"])
            return t + timed([sqlite_utils, "insert", peer_db, "Employee", flat, "--nl", "--pk", "entityId"])

        def fresh_lines():
            remove_db(store)
            return timed(restmap_lines(lines, store))

        def peer_lines():
            remove_db(peer_db)
            return timed([sqlite_utils, "insert", peer_db, "Employee", lines, "--nl", "--pk", "id"])

        def peer_import():
            return import_peer(sqlite3_shell, store, peer_db, employees_csv, departments_csv)

        cases = {"fresh": fresh, "again": again}
        if sqlite_utils:
            cases.update(peer=peer, lines=fresh_lines, peer_lines=peer_lines)
        if sqlite3_shell:
            cases["import"] = peer_import
        # Untimed round: warms the cache and checks the peers hold the same employees.
        fresh()
        log("store: " + dump_equality(a.restmap, store, restmap, work))
        again()
        if sqlite3_shell:
            peer_import()
            # CSV has no null: an employee without a department holds '' there.
            count = ('SELECT count(*), count(DISTINCT "entityId"), '
                     'count(CASE WHEN typeof("dept_rowid") = \'integer\' THEN 1 END) FROM "Employee"')
            mine = sqlite3.connect(store).execute(count).fetchone()
            theirs = sqlite3.connect(peer_db).execute(count).fetchone()
            log("store: .import holds %s (rows, ids, with dept), restmap %s -> %s" % (theirs, mine, "same" if mine == theirs else "DIFFERENT"))
        if sqlite_utils:
            peer()
            mine = sqlite3.connect(store).execute(
                'SELECT count(*), count(DISTINCT "entityId"), count("dept_rowid") FROM "Employee"').fetchone()
            theirs = sqlite3.connect(peer_db).execute('SELECT count(*), count(DISTINCT "entityId"), count("dept") FROM "Employee"').fetchone()
            log("store: %d employees flattened; restmap store holds %s (rows, ids, with dept), sqlite-utils %s -> %s"
                % (rows, mine, theirs, "same" if mine == theirs else "DIFFERENT"))
        else:
            log("store: sqlite-utils is not installed (pip install sqlite-utils); its rows are skipped")
        if not sqlite3_shell:
            log("store: the sqlite3 shell is not installed (apt-get install sqlite3); the .import row is skipped")
        times = {name: [] for name in cases}
        for _ in range(a.runs):
            for name, case in cases.items():  # interleaved: every case once per round
                times[name].append(case())
        med = {k: statistics.median(v) for k, v in times.items() if v}
        log("")
        log("store (%.1f MB employees.json, %d employees; median of %d interleaved rounds)" % (mb, rows, a.runs))
        rows_shown = [("fresh", "restmap map -q --store, fresh store"), ("again", "restmap map -q --store, again (all upserts)"),
                      ("peer", "sqlite-utils insert --pk (flattened, fresh)"), ("import", "sqlite3 .import (same rows as CSV)"),
                      ("lines", "restmap map -q --store, NDJSON lines"), ("peer_lines", "sqlite-utils insert --nl (same lines)")]
        for key, label in rows_shown:
            if key in med:
                log("  %-44s %8.2f s  %7.1f MB/s" % (label, med[key], mb / med[key]))
        if "peer" in med:
            ratio = med["peer"] / med["fresh"]
            log("  fresh load vs sqlite-utils: %.1fx faster (bar: >= 2x) %s" % (ratio, "ok" if ratio >= 2 else "BELOW BAR"))
        if "import" in med:
            ratio = med["fresh"] / med["import"]
            log("  fresh load vs sqlite3 .import: %.2fx its time (bar: <= 2x) %s" % (ratio, "ok" if ratio <= 2 else "ABOVE BAR"))
        if "peer_lines" in med:
            ratio = med["peer_lines"] / med["lines"]
            log("  NDJSON load vs sqlite-utils --nl: %.1fx faster (bar: >= 3x) %s" % (ratio, "ok" if ratio >= 3 else "BELOW BAR"))
        growth = med["again"] / med["fresh"]
        log("  upsert run / fresh run: %.2fx (bar: <= 1x) %s" % (growth, "ok" if growth <= 1.0 else "ABOVE BAR"))
        def fresh_store():
            db = os.path.join(work, "rss.db")
            remove_db(db)
            return db

        log_memory("store", "a fresh store", [a.data] + a.rss_data, lambda lines: restmap_lines(lines, fresh_store()))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
