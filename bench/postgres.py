#!/usr/bin/env python3
"""make bench, PostgreSQL store case (SPEC §4, issue 13): `restmap map --store
postgresql://…` loading the employees payload into a fresh database with one process, and
with two processes over two shards (`--shard 1/2`, `--shard 2/2` at once), side by side with
PostgreSQL's own COPY of the same records flattened (the physical floor: one row an
employee, the nested department as its id, plus the departments, into tables with the same
primary keys) and with `sqlite-utils insert --pk` of those flattened records.

The server is a throwaway one, as in the tests: initdb into a temporary directory, a Unix
socket there, no TCP, run as the `postgres` user when root; fsync is on (the default), so
commits cost what they cost on a real server. The load streams (`-q`: batches reach the
database while the payload is read); the peak RSS of the streamed NDJSON load is printed at
every size given with --rss-data. A benchmark, not a test: it prints MB/s and the ratio to
COPY against the bars (a fresh load within 2x of COPY, under 128 MiB at any size) and exits
0 either way.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from store import dump_md5, flatten, log_memory  # noqa: E402  (the same flattened records, RSS reading and dump check)

PG_BIN = os.environ.get("RESTMAP_PG_BIN", "/usr/lib/postgresql/15/bin")


def log(*a):
    print(*a, flush=True)


def as_server(argv):
    return ["runuser", "-u", "postgres", "--"] + argv if os.geteuid() == 0 else argv


class Server:
    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="restmap-pg-bench-", dir="/tmp")
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
        self.data = os.path.join(self.dir, "data")
        subprocess.run(as_server([PG_BIN + "/initdb", "-D", self.data, "-A", "trust", "-U", "postgres", "-E", "UTF8"]),
                       check=True, stdout=subprocess.DEVNULL)
        subprocess.run(as_server([PG_BIN + "/pg_ctl", "-D", self.data, "-l", os.path.join(self.dir, "log"), "-w", "-o",
                                  "-c listen_addresses='' -k %s -c shared_buffers=256MB -c max_wal_size=4GB" % self.dir,
                                  "start"]), check=True, stdout=subprocess.DEVNULL)
        self.count = 0

    def url(self, db):
        return "postgresql://postgres@/%s?host=%s" % (db, self.dir)

    def psql(self, sql, db="postgres", quiet=True):
        return subprocess.run(["psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", self.url(db), "-c", sql],
                              check=True, capture_output=True, text=True).stdout.strip()

    def fresh(self):
        self.count += 1
        name = "bench_%d" % self.count
        self.psql("CREATE DATABASE %s" % name)
        return name

    def stop(self):
        subprocess.run(as_server([PG_BIN + "/pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(self.dir, ignore_errors=True)


def tsv(ndjson_path, columns, out_path):
    """COPY's text format of flattened NDJSON rows (not timed)."""
    import json

    def field(v):
        if v is None:
            return "\\N"
        s = str(v)
        return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")

    with open(ndjson_path, encoding="utf-8") as f, open(out_path, "w", encoding="utf-8") as out:
        for line in f:
            row = json.loads(line)
            out.write("\t".join(field(row.get(c)) for c in columns) + "\n")


def run_all(argvs):
    """Starts every command at once; the time until the last one ends."""
    start = time.perf_counter()
    procs = [subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for argv in argvs]
    for argv, p in zip(argvs, procs):
        _, err = p.communicate()
        if p.returncode != 0:
            raise RuntimeError("%s failed (%d): %s" % (" ".join(argv), p.returncode, err.decode()[-500:]))
    return time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True, help="directory written by gen.py")
    ap.add_argument("--restmap", default=os.path.join(ROOT, ".build/release/restmap"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--rss-data", nargs="*", default=[], help="more gen.py directories to show the streamed load's memory at")
    a = ap.parse_args()
    payload = os.path.join(a.data, "employees.json")
    if not os.path.exists(a.restmap) or not os.path.exists(payload):
        sys.exit("postgres bench: need %s and %s" % (a.restmap, payload))
    if not os.path.exists(PG_BIN + "/initdb"):
        log("postgres bench: no PostgreSQL server in %s (make deps installs it); skipped" % PG_BIN)
        return
    mb = os.path.getsize(payload) / 1e6
    work = tempfile.mkdtemp(prefix="restmap-pg-bench-work-")
    os.chmod(work, 0o755)
    server = Server()
    try:
        flat, depts = os.path.join(work, "employees.ndjson"), os.path.join(work, "departments.ndjson")
        rows = flatten(payload, flat, depts)
        emp_cols = ["entityId", "name", "description", "secondaryDeptId", "dept"]
        dept_cols = ["entityId", "name", "description"]
        emp_tsv, dept_tsv = os.path.join(work, "employees.tsv"), os.path.join(work, "departments.tsv")
        tsv(flat, emp_cols, emp_tsv)
        tsv(depts, dept_cols, dept_tsv)
        config = os.path.join(ROOT, "Configs/employees.plist")

        def restmap(db, shard=None):
            argv = [a.restmap, "map", "-q", "-c", config, "--path", "/employees", "--store", server.url(db), payload]
            return argv + (["--shard", shard] if shard else [])

        def one():
            db = server.fresh()
            return run_all([restmap(db)]), db

        def two():
            db = server.fresh()
            return run_all([restmap(db, "1/2"), restmap(db, "2/2")]), db

        def copy():
            db = server.fresh()
            server.psql('CREATE TABLE "Department" ("entityId" BIGINT PRIMARY KEY, name TEXT, description TEXT);'
                        'CREATE TABLE "Employee" ("entityId" BIGINT PRIMARY KEY, name TEXT, description TEXT, '
                        '"secondaryDeptId" BIGINT, dept BIGINT)', db)
            script = ('BEGIN;\n\\copy "Department" FROM %s\n\\copy "Employee" FROM %s\nCOMMIT;\n' % (dept_tsv, emp_tsv))
            start = time.perf_counter()
            subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", server.url(db)], input=script, text=True,
                           check=True, stdout=subprocess.DEVNULL)
            return time.perf_counter() - start, db

        sqlite_utils = shutil.which("sqlite-utils")

        def peer():
            path = os.path.join(work, "peer.db")
            if os.path.exists(path):
                os.remove(path)
            return run_all([[sqlite_utils, "insert", path, "Department", depts, "--nl", "--pk", "entityId"]]) + \
                run_all([[sqlite_utils, "insert", path, "Employee", flat, "--nl", "--pk", "entityId"]])

        # Untimed round: checks that the loads hold the same employees as COPY.
        check = 'SELECT count(*), count(DISTINCT "entityId"), count("dept%s") FROM "Employee"'
        _, db1 = one()
        _, db2 = two()
        _, dbc = copy()
        counts = [server.psql(check % "_rowid", db1), server.psql(check % "_rowid", db2), server.psql(check % "", dbc)]
        log("postgres: %d employees flattened; (rows, ids, with dept): 1 process %s, 2 shards %s, COPY %s -> %s"
            % (rows, counts[0], counts[1], counts[2], "same" if len(set(counts)) == 1 else "DIFFERENT"))
        kept = server.fresh()
        graph_argv = [w for w in restmap(kept) if w != "-q"] + ["-o", os.path.join(work, "records.json")]
        subprocess.run(graph_argv, stdout=subprocess.DEVNULL, check=True)
        mine, theirs = dump_md5(a.restmap, server.url(db1)), dump_md5(a.restmap, server.url(kept))
        log("postgres: dump of the streamed load %s, of a load keeping the graph %s -> %s"
            % (mine, theirs, "same" if mine == theirs else "DIFFERENT"))
        times = {"one": [], "two": [], "copy": [], "peer": []}
        for _ in range(a.runs):
            times["one"].append(one()[0])
            times["two"].append(two()[0])
            times["copy"].append(copy()[0])
            if sqlite_utils:
                times["peer"].append(peer())
        med = {k: statistics.median(v) for k, v in times.items() if v}
        log("")
        log("postgres store (%.1f MB employees.json, %d employees; median of %d)" % (mb, rows, a.runs))
        for key, label in [("one", "restmap map --store postgresql://, 1 process"),
                           ("two", "restmap map --store postgresql://, 2 shards"),
                           ("copy", "psql \\copy of the flattened rows (floor)"),
                           ("peer", "sqlite-utils insert --pk (flattened)")]:
            if key in med:
                log("  %-46s %8.2f s  %7.1f MB/s  %5.2fx COPY" % (label, med[key], mb / med[key], med[key] / med["copy"]))
        ratio = med["one"] / med["copy"]
        log("  fresh load vs COPY: %.2fx COPY's time (bar: within 2x) %s" % (ratio, "ok" if ratio <= 2 else "ABOVE BAR"))
        log_memory("postgres store", "a fresh database", [a.data] + a.rss_data, lambda lines: [
            a.restmap, "map", "-q", "-c", os.path.join(ROOT, "bench/employees-stream.plist"), "--path", "/employees",
            "--store", server.url(server.fresh()), lines])
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
