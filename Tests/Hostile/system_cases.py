"""Hostile surroundings: /dev/zero as every input, -o onto devices, FIFOs, private files and
links, signals in the middle of -o, file names that are not UTF-8, manifests pointing
outside their directory, passwords in store locations and names a store would merge. See
run.py."""
import json
import os
import signal
import stat
import subprocess
import time

from support import EMPLOYEES, ROOT, TIMEOUT_SECONDS, Case, reap, run_plain, spawn

def dev_zero(work, restmap):
    """/dev/zero wherever a command reads something: a fast, clear error in bounded memory."""
    z = "/dev/zero"
    runs = {
        "map input": (["map", "-c", EMPLOYEES, "--path", "/employees", z], {1}, "line"),
        "map standard input": (["map", "-c", EMPLOYEES, "--path", "/employees", "-"], {1}, "line"),
        "map XML input": (["map", "-c", EMPLOYEES, "--input-format", "xml", "--path", "/employees.xml", z], {1}, "file"),
        "map NDJSON input": (["map", "-c", EMPLOYEES, "--input-format", "ndjson", "--path", "/employees", z], {1}, "file"),
        "map config": (["map", "-c", z, "--path", "/employees", "Samples/employees/employees.json"], {2}, "file"),
        "map --store": (["map", "-c", EMPLOYEES, "--store", z, "--path", "/employees", "Samples/employees/employees.json"], {1, 2}, "file"),
        "request input": (["request", "-c", EMPLOYEES, "--path", "/user/auth", z], {1}, "line"),
        "request standard input": (["request", "-c", EMPLOYEES, "--path", "/user/auth"], {1}, "line"),
        "validate sample": (["validate", "-c", EMPLOYEES, "--path", "/employees", z], {1}, None),
        "validate manifest": (["validate", "-c", EMPLOYEES, "--manifest", z], {2}, "file"),
        "check config": (["check", "-c", z], {2}, "file"),
        "check model": (["check", "-c", "Configs/gists.plist", "--model", z], {2}, "file"),
        "describe config": (["describe", "-c", z], {2}, "file"),
        "describe model": (["describe", "-c", "Configs/gists.plist", "--model", z], {2}, "file"),
        "dump store": (["dump", "--store", z], {2}, "file"),
    }
    cases = []
    for label, (argv, status, error) in runs.items():
        stdin = z if "standard input" in label else None
        cases.append(Case(f"/dev/zero: {label}", argv, status, error=error, stdin=stdin, cpu=5, rss=200))
    return cases


def output_targets(work, restmap):
    """-o onto things that are not plain new files; see also Tests/RestmapCLITests/OutputFileTests.swift."""
    cases = []
    mapped = ["map", "-c", EMPLOYEES, "--path", "/employees", "Samples/employees/employees.json"]
    expected = subprocess.run([restmap] + mapped, cwd=ROOT, capture_output=True).stdout

    def directory(name):
        path = os.path.join(work, "output", name)
        os.makedirs(path)
        return path

    # A device: a copy of /dev/null as root (the real one must never be at risk: as root, no
    # case may point -o at a real device or at /dev/stdout).
    where = directory("device")
    device = "/dev/null"
    if os.geteuid() == 0:
        device = os.path.join(where, "null")
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))

    def still_device(result):
        info = os.stat(device)
        if not stat.S_ISCHR(info.st_mode) or info.st_rdev != os.makedev(1, 3):
            return f"{device} is no longer the null device"
    cases.append(Case("-o onto a device", mapped + ["-o", device], {0}, check=still_device,
                      scratch=where, files=["null"] if os.geteuid() == 0 else []))
    # /dev/full likewise: as root a copy, never the machine's own (a regression would replace it).
    where = directory("full")
    full = "/dev/full"
    if os.geteuid() == 0:
        full = os.path.join(where, "full")
        os.mknod(full, stat.S_IFCHR | 0o666, os.makedev(1, 7))

    def full_message(result):
        if b"No space left on device" not in result.stderr:
            return "no ENOSPC message"
        if not stat.S_ISCHR(os.stat(full).st_mode):
            return f"{full} is no longer a device"
    cases.append(Case("-o onto /dev/full", mapped + ["-o", full], {1}, check=full_message,
                      scratch=where, files=["full"] if os.geteuid() == 0 else []))

    # A FIFO, held open for reading and writing here, so restmap's open does not wait for a
    # reader and the output waits in the pipe's buffer; a regression that replaced the FIFO
    # leaves the pipe empty rather than hanging the suite.
    where = directory("fifo")
    fifo = os.path.join(where, "pipe")
    os.mkfifo(fifo)

    def through_fifo(case, restmap):
        reader = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)
        try:
            result = run_plain(case, restmap)
            try:
                result.fifo = os.read(reader, 1 << 16)
            except BlockingIOError:
                result.fifo = b""
            return result
        finally:
            os.close(reader)
    cases.append(Case("-o onto a FIFO", mapped + ["-o", fifo], {0}, action=through_fifo, scratch=where, files=["pipe"],
                      check=lambda r: None if r.fifo == expected and stat.S_ISFIFO(os.stat(fifo).st_mode)
                      else "the FIFO did not receive the output, or is no longer a FIFO"))

    # A 0600 file keeps its mode; a symlink stays and its target is replaced.
    where = directory("private")
    private = os.path.join(where, "secret.json")
    with open(private, "w") as handle:
        handle.write("old")
    os.chmod(private, 0o600)
    cases.append(Case("-o onto a 0600 file", mapped + ["-o", private], {0}, scratch=where, files=["secret.json"],
                      check=lambda r: None if stat.S_IMODE(os.stat(private).st_mode) == 0o600
                      and open(private, "rb").read() == expected else "mode or content not as expected"))
    where = directory("symlink")
    with open(os.path.join(where, "real.json"), "w") as handle:
        handle.write("old")
    os.symlink("real.json", os.path.join(where, "link.json"))
    cases.append(Case("-o onto a symlink", mapped + ["-o", os.path.join(where, "link.json")], {0}, scratch=where,
                      files=["link.json", "real.json"],
                      check=lambda r, where=where: None if os.path.islink(os.path.join(where, "link.json"))
                      and open(os.path.join(where, "real.json"), "rb").read() == expected else "link or target wrong"))

    # A failed run leaves the old file and nothing else, for both kinds of temporary file.
    for named in ("0", "1"):
        where = directory(f"failed-{named}")
        target = os.path.join(where, "out.json")
        with open(target, "w") as handle:
            handle.write("old")
        cases.append(Case(f"-o with a failing run (named temporary={named})",
                          ["map", "-c", EMPLOYEES, "--path", "/employees", "Samples/hostile/truncated.json", "-o", target],
                          {1}, error="line", env={"RESTMAP_NAMED_TEMPORARY_FILES": named}, scratch=where, files=["out.json"],
                          check=lambda r, t=target: None if open(t).read() == "old" else "the old file changed"))
    return cases


def signals(work, restmap):
    """SIGINT/TERM/HUP/QUIT (and SIGKILL with unnamed temporary files) in the middle of -o."""
    cases = []
    plan = [("0", s) for s in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGKILL")]
    plan += [("1", s) for s in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT")]
    for named, name in plan:
        where = os.path.join(work, "signals", f"{name}-{named}")
        os.makedirs(where)
        target = os.path.join(where, "out.json")
        with open(target, "w") as handle:
            handle.write("old")
        number = getattr(signal, name)

        def interrupt(case, restmap, where=where, number=number, named=named):
            process, out, err = spawn(restmap, case, stdin=subprocess.PIPE)
            # Half a payload, then wait until the output file is open: restmap is mid-run.
            process.stdin.write(b'{"employees_list": [{"type": "employee", "id": 1, "name": "a"},')
            process.stdin.flush()
            deadline = time.monotonic() + TIMEOUT_SECONDS
            while time.monotonic() < deadline and not output_open(process.pid, where, named == "1"):
                time.sleep(0.02)
            os.kill(process.pid, number)
            result = reap(process, out, err)
            process.stdin.close()
            return result

        cases.append(Case(f"{name} during -o (named temporary={named})",
                          ["map", "-c", EMPLOYEES, "--path", "/employees", "-", "-o", target], set(),
                          env={"RESTMAP_NAMED_TEMPORARY_FILES": named}, action=interrupt, scratch=where, files=["out.json"],
                          check=lambda r, t=target, n=number: None if r.signal == n and open(t).read() == "old"
                          else f"ended with status {r.status} signal {r.signal}, or changed the old file"))
    return cases


def output_open(pid, directory, named):
    """True once restmap holds its temporary output file open in `directory`."""
    if named:
        return any(name.startswith(".restmap-output-") for name in os.listdir(directory))
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}").startswith(directory + "/"):
                    return True
            except OSError:
                pass
    except OSError:
        pass
    return False


def byte_names(work, restmap):
    """File names that are not UTF-8 open like any other and print escaped."""
    where = os.path.join(work, "names").encode()
    os.makedirs(where)
    source = open(os.path.join(ROOT, "Samples/employees/employees.json"), "rb").read()
    name = where + b"/\xff\xfe.json"
    with open(name, "wb") as handle:
        handle.write(source)
    truncated = where + b"/bad\xfd.json"
    with open(truncated, "wb") as handle:
        handle.write(source[:100])
    output = where + b"/out\xfc.json"
    mapped = ["map", "-c", EMPLOYEES, "--path", "/employees"]
    return [
        Case("a file name that is not UTF-8", mapped + [name, "-o", output], {0},
             check=lambda r: None if os.path.exists(output) and open(output, "rb").read().startswith(b"[") else "no output"),
        Case("a file name that is not UTF-8, in an error", mapped + [truncated], {1}, error="line",
             check=lambda r: None if b"/bad\\xFD.json:" in r.stderr else "the name is not printed escaped"),
        Case("a missing file name that is not UTF-8", mapped + [where + b"/gone\xfb.json"], {2},
             check=lambda r: None if b"gone\\xFB.json" in r.stderr else "the name is not printed escaped"),
    ] + [
        # Every report prints such a name with `\xFF`, never the code point standing for the
        # byte inside restmap (U+10FFFF: F4 8F BF BF).
        Case(f"a sample name that is not UTF-8, in the {report} report",
             ["validate", "-c", EMPLOYEES, "--report", report, b"/employees=" + name], {0, 1},
             forbidden=(b"\xf4\x8f\xbf",),
             check=lambda r: None if b"\\xFF" in r.stdout or b"%FF" in r.stdout else "the name is not printed escaped")
        for report in ["text", "json", "junit", "github", "sarif", "html"]
    ] + [
        Case("a store file name that is not UTF-8", ["map", "-q", "-c", EMPLOYEES, "--store", where + b"/s\xff.db",
                                                     "/employees=Samples/employees/employees.json"], {0},
             check=lambda r: None if os.path.exists(where + b"/s\xff.db") else "the store was made under other bytes"),
    ]


def manifest_confinement(work, restmap):
    where = os.path.join(work, "manifest")
    os.makedirs(os.path.join(where, "outside"))
    os.makedirs(os.path.join(where, "inside"))
    secret = b"CANARY-manifest-77"
    with open(os.path.join(where, "outside", "secret.json"), "wb") as handle:
        handle.write(b"zz" + secret)
    os.symlink(os.path.join(where, "outside", "secret.json"), os.path.join(where, "inside", "link.json"))
    manifest = os.path.join(where, "inside", "manifest.json")
    with open(manifest, "w") as handle:
        handle.write('[{"file": "../outside/secret.json", "path": "/employees"}, {"file": "link.json", "path": "/employees"},'
                     ' {"file": "/etc/passwd", "path": "/employees"}]')
    return [
        Case("manifest entries outside its directory", ["validate", "-c", EMPLOYEES, "--manifest", manifest], {2},
             error="line", forbidden=(secret, b"root:", b"'z'")),
        Case("manifest entries outside, allowed", ["validate", "-c", EMPLOYEES, "--manifest", manifest,
                                                  "--allow-outside", os.path.join(where, "outside"), "--allow-outside", "/etc"],
             {1}),
    ]



def secrets(work, restmap):
    """Connection URIs with a password in every shape, against a server that is not there:
    the password appears in no message of map --store, dump or connect."""
    locations = {
        "password and password= parameter": "postgresql://loader:PSECRET1@127.0.0.1:1/db?password=QSECRET",
        "malformed URI": "postgresql://loader:PSECRET2@[::1",
        "bad percent-escape": "postgresql://loader:PSECRET9%zz@127.0.0.1:1/db",
        "unencoded @ in the password": "postgresql://loader:PSE@CRET4@127.0.0.1:1/db",
    }
    forbidden = (b"PSECRET", b"QSECRET", b"CRET4", b"ENVSECRET7")
    cases = []
    for label, location in locations.items():
        for command in (["map", "-q", "-c", EMPLOYEES, "--store", location, "/employees=Samples/employees/employees.json"],
                        ["dump", "--store", location], ["connect", "--store", location]):
            cases.append(Case(f"secrets: {command[0]}, {label}", command, {2}, error="file", forbidden=forbidden,
                              env={"PGPASSWORD": "ENVSECRET7", "PGCONNECT_TIMEOUT": "2"}))
    return cases


def store_names(work, restmap):
    """Configs whose names a store would take for one (case-folded columns and tables, an
    entity named like another's index, entities sharing their first 63 bytes, more
    attributes than SQLite's column limit, a NUL): `map --store` refuses each
    with a located config error before a store file exists."""
    where = os.path.join(work, "store-names")
    os.makedirs(where, exist_ok=True)
    long_name = "E" * 70
    entities = {
        "columns differing in case": {"E": {"name": "name", "Name": "Name"}},
        "tables differing in case": {"E": {"id": "id"}, "e": {"id": "id"}},
        "an entity named like an index": {"A": {"id": "id"}, "A_primary_key": {"id": "id"}, "keys": ["A", "A_primary_key"]},
        "entities sharing 63 bytes": {long_name + "1": {"id": "id"}, long_name + "2": {"id": "id"}},
        "a NUL in a name": {"E\u0000x": {"id": "id"}},
        "2,100 attributes": {"E": {f"k{i}": f"a{i}" for i in range(2100)}},
    }
    cases = []
    for index, (label, mappings) in enumerate(entities.items()):
        keyed = mappings.pop("keys", [])
        first = next(iter(mappings))
        config = os.path.join(where, f"names-{index}.json")
        with open(config, "w") as out:
            json.dump({"entity_attribute_mappings": mappings, "primary_key_mappings": {name: ["id"] for name in keyed},
                       "path_mappings": [{"uri": "/e", "matchers": [{"entity_name": first}]}]}, out)
        payload = os.path.join(where, f"e-{index}.json")
        with open(payload, "w") as out:
            out.write('[{"id": 1, "name": "a"}]')
        scratch = os.path.join(where, f"store-{index}")
        os.makedirs(scratch, exist_ok=True)
        cases.append(Case(f"store names: {label}", ["map", "-q", "-c", config, "--store", os.path.join(scratch, "s.db"),
                                                    "/e=" + payload], {2}, error="line", scratch=scratch, files=[]))
    return cases
