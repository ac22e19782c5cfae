#!/usr/bin/env python3
"""make bench, store case (SPEC §4, §3.7): `restmap map --store` loading the employees
payload into a fresh SQLite store, and again into the store already holding it (every
object an upsert), side by side with `sqlite-utils insert --pk id` (PyPI sqlite-utils)
loading the same records flattened (one row an employee, the nested department as its id,
plus the departments) into a fresh database.

A benchmark, not a test: it prints times and ratios against the bars of issue 12 — a fresh
load at least 2x sqlite-utils, the second (all-upsert) run at most 1.5x the first — and
exits 0 either way. Timing as in run.py: each tool once untimed (warms the page cache,
feeds the equivalence check), then RUNS timed rounds, interleaved; the median is reported.
The flattened NDJSON sqlite-utils reads is written beforehand and not timed.
"""
import argparse
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


def timed(argv, env=None):
    start = time.perf_counter()
    p = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    elapsed = time.perf_counter() - start
    if p.returncode != 0:
        raise RuntimeError("%s failed (%d): %s" % (" ".join(argv), p.returncode, p.stderr.decode()[-500:]))
    return elapsed


def remove_db(path):
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True, help="directory written by gen.py")
    ap.add_argument("--restmap", default=os.path.join(ROOT, ".build/release/restmap"))
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    payload = os.path.join(a.data, "employees.json")
    if not os.path.exists(a.restmap) or not os.path.exists(payload):
        sys.exit("store bench: need %s and %s" % (a.restmap, payload))
    sqlite_utils = shutil.which("sqlite-utils")
    mb = os.path.getsize(payload) / 1e6
    work = tempfile.mkdtemp(prefix="restmap-store-bench-")
    try:
        flat, depts = os.path.join(work, "employees.ndjson"), os.path.join(work, "departments.ndjson")
        rows = flatten(payload, flat, depts)
        store = os.path.join(work, "store.db")
        peer_db = os.path.join(work, "peer.db")
        restmap = [a.restmap, "map", "-q", "-c", os.path.join(ROOT, "Configs/employees.plist"), "--path", "/employees",
                   "--store", store, payload]

        def fresh():
            remove_db(store)
            return timed(restmap)

        def again():
            return timed(restmap)  # the store holds the first load: every object is an upsert

        def peer():
            remove_db(peer_db)
            t = timed([sqlite_utils, "insert", peer_db, "Department", depts, "--nl", "--pk", "entityId"])
            return t + timed([sqlite_utils, "insert", peer_db, "Employee", flat, "--nl", "--pk", "entityId"])

        # Untimed round: warms the cache and checks both hold the same employees.
        fresh()
        again()
        times = {"fresh": [], "again": [], "peer": []}
        if sqlite_utils:
            peer()
            mine = sqlite3.connect(store).execute(
                'SELECT count(*), count(DISTINCT "entityId"), count("dept_rowid") FROM "Employee"').fetchone()
            theirs = sqlite3.connect(peer_db).execute('SELECT count(*), count(DISTINCT "entityId"), count("dept") FROM "Employee"').fetchone()
            log("store: %d employees flattened; restmap store holds %s (rows, ids, with dept), sqlite-utils %s -> %s"
                % (rows, mine, theirs, "same" if mine == theirs else "DIFFERENT"))
        else:
            log("store: sqlite-utils is not installed (pip install sqlite-utils); its row is skipped")
        for _ in range(a.runs):
            times["fresh"].append(fresh())
            times["again"].append(again())
            if sqlite_utils:
                times["peer"].append(peer())
        med = {k: statistics.median(v) for k, v in times.items() if v}
        log("")
        log("store (%.1f MB employees.json, %d employees; median of %d)" % (mb, rows, a.runs))
        log("  %-44s %8.2f s  %7.1f MB/s" % ("restmap map --store, fresh store", med["fresh"], mb / med["fresh"]))
        log("  %-44s %8.2f s  %7.1f MB/s" % ("restmap map --store, again (all upserts)", med["again"], mb / med["again"]))
        if "peer" in med:
            log("  %-44s %8.2f s  %7.1f MB/s" % ("sqlite-utils insert --pk (flattened, fresh)", med["peer"], mb / med["peer"]))
            ratio = med["peer"] / med["fresh"]
            log("  fresh load vs sqlite-utils: %.1fx faster (bar: >= 2x) %s" % (ratio, "ok" if ratio >= 2 else "BELOW BAR"))
        growth = med["again"] / med["fresh"]
        log("  upsert run / fresh run: %.2fx (bar: <= 1.5x) %s" % (growth, "ok" if growth <= 1.5 else "ABOVE BAR"))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
