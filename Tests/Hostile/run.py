#!/usr/bin/env python3
"""The hostile-input suite (issue 16, SPEC §5): generates malformed, truncated, hostile and
huge inputs, runs the built `restmap` on each, and checks what every case must show:

- the exit code (1 data, 2 usage/config; never a signal, never 0 for garbage);
- a located error on stderr (`FILE:LINE:COL: error:`, or `FILE: error:` where a file has no
  lines, such as a size cap or a binary plist);
- bounded CPU time and peak RSS, read from the child's own `getrusage` (`os.wait4`), and a
  hard wall-clock timeout that turns a hang into a failure;
- no leftovers: the case's scratch directory holds exactly what it should afterwards, and no
  `.restmap-output-*` appears anywhere the suite wrote.

Nothing is stored: every input is generated here from Samples/ and Configs/. Run it with
`python3 Tests/Hostile/run.py --restmap .build/debug/restmap`; `make test` runs it through
Tests/RestmapCLITests/HostileInputTests.swift. `--list` prints the cases, `--only WORD`
runs those whose name contains WORD. Cases that need the parser-hardening branch are in
PENDING_AFTER_PARSER_MERGE and run only with `--pending`.
"""
import argparse
import concurrent.futures
import os
import plistlib
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EMPLOYEES = "Configs/employees.plist"

# Bounds every case must stay within unless it says otherwise. They are ceilings that catch
# blow-ups (exponential, quadratic, unbounded reads), not speed measurements: a debug build
# on a loaded two-core machine passes them with a wide margin.
CPU_SECONDS = 10.0
RSS_MB = 400
TIMEOUT_SECONDS = 30.0

LOCATED_LINE = re.compile(rb"^(?!error: )[^\n]+?:\d+(:\d+)?: error: ", re.M)
LOCATED_FILE = re.compile(rb"^(?!error: )[^\n]+?: error: ", re.M)


class Case:
    """One run of restmap and what it must show."""

    def __init__(self, name, argv, status, error=None, stdin=None, cpu=CPU_SECONDS, rss=RSS_MB,
                 scratch=None, files=None, forbidden=(), check=None, env=None, action=None):
        self.name = name
        self.argv = argv                # arguments after the program; str or bytes
        self.status = set(status)       # acceptable exit codes
        self.error = error              # "line", "file" or None: what a non-zero exit must print
        self.stdin = stdin              # None, bytes, or a path to open (e.g. /dev/zero)
        self.cpu = cpu
        self.rss = rss
        self.scratch = scratch          # directory whose listing must equal `files` afterwards
        self.files = files
        self.forbidden = forbidden      # bytes that must appear in neither stdout nor stderr
        self.check = check              # extra check: function(result) -> message or None
        self.env = env or {}
        self.action = action            # custom driver (signals): function(case, restmap) -> result


class Result:
    def __init__(self, status, signal_number, cpu, rss_mb, stdout, stderr, timed_out):
        self.status = status
        self.signal = signal_number
        self.cpu = cpu
        self.rss_mb = rss_mb
        self.stdout = stdout
        self.stderr = stderr
        self.timed_out = timed_out


def spawn(restmap, case, stdin=subprocess.DEVNULL, keep_open=None):
    """Starts restmap for `case`; stdout and stderr go to files (pipes could block it)."""
    out = tempfile.TemporaryFile()
    err = tempfile.TemporaryFile()
    env = dict(os.environ, NO_COLOR="1", **case.env)
    argv = [restmap.encode()] + [a if isinstance(a, bytes) else a.encode() for a in case.argv]
    process = subprocess.Popen(argv, cwd=ROOT, stdin=stdin, stdout=out, stderr=err, env=env)
    return process, out, err


def reap(process, out, err, timeout=TIMEOUT_SECONDS):
    """Waits for the child with `wait4`, which gives its own rusage; kills it at `timeout`."""
    timed_out = threading.Event()

    def kill():
        timed_out.set()
        try:
            os.kill(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    timer = threading.Timer(timeout, kill)
    timer.start()
    try:
        _, status, usage = os.wait4(process.pid, 0)
    finally:
        timer.cancel()
    process.returncode = status  # reaped here; keeps subprocess from waiting on a reused pid
    out.seek(0)
    err.seek(0)
    stdout, stderr = out.read(), err.read()
    out.close()
    err.close()
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
    number = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    return Result(code, number, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0,
                  stdout, stderr, timed_out.is_set())


def run_plain(case, restmap):
    if isinstance(case.stdin, bytes):
        stdin = tempfile.TemporaryFile()
        stdin.write(case.stdin)
        stdin.seek(0)
    elif isinstance(case.stdin, str):
        stdin = open(case.stdin, "rb")
    else:
        stdin = subprocess.DEVNULL
    try:
        process, out, err = spawn(restmap, case, stdin=stdin)
        return reap(process, out, err)
    finally:
        if stdin is not subprocess.DEVNULL:
            stdin.close()


def judge(case, result):
    """The failures of one finished case, as messages."""
    problems = []
    if result.timed_out:
        problems.append(f"hung: killed after {TIMEOUT_SECONDS:.0f} s")
    elif result.signal is not None and case.action is None:
        problems.append(f"died of signal {result.signal}")
    elif case.action is None and result.status not in case.status:
        problems.append(f"exit {result.status}, expected {sorted(case.status)}")
    if case.error and result.status not in (0, None):
        pattern = LOCATED_LINE if case.error == "line" else LOCATED_FILE
        if not pattern.search(result.stderr):
            problems.append(f"no {'FILE:LINE:COL' if case.error == 'line' else 'FILE'}: error: on stderr")
    if result.cpu > case.cpu:
        problems.append(f"CPU {result.cpu:.1f} s over its bound of {case.cpu:.0f} s")
    if result.rss_mb > case.rss:
        problems.append(f"peak RSS {result.rss_mb:.0f} MB over its bound of {case.rss} MB")
    for secret in case.forbidden:
        if secret in result.stdout or secret in result.stderr:
            problems.append(f"printed forbidden bytes {secret!r}")
    if case.scratch is not None and case.files is not None:
        listing = sorted(os.listdir(case.scratch))
        if listing != sorted(case.files):
            problems.append(f"left {listing} in its directory, expected {sorted(case.files)}")
    if case.check:
        message = case.check(result)
        if message:
            problems.append(message)
    if problems:
        tail = result.stderr[-300:].decode("utf-8", "replace").strip()
        problems.append(f"stderr: {tail!r}")
    return problems


def run_case(case, restmap):
    result = case.action(case, restmap) if case.action else run_plain(case, restmap)
    return judge(case, result), result


# --- generators ---------------------------------------------------------------------------

def prefix_lengths(size, count=14):
    """Every length up to 8, then `count` spread over the rest, and the whole."""
    lengths = set(range(0, min(size, 8)))
    for step in range(count):
        lengths.add(8 + (size - 8) * step // count)
    lengths.add(size)
    return sorted(n for n in lengths if 0 <= n <= size)


# The samples and a command that reads each (the command's other arguments are valid).
SAMPLES = [
    ("Samples/employees/employees.json", ["map", "-c", EMPLOYEES, "--path", "/employees"]),
    ("Samples/employees/departments.json", ["map", "-c", EMPLOYEES, "--path", "/departments"]),
    ("Samples/employees/employee-1234.json", ["map", "-c", EMPLOYEES, "--path", "/employees/1234"]),
    ("Samples/employees/employees.xml", ["map", "-c", EMPLOYEES, "--path", "/employees.xml"]),
    ("Samples/employees/departments.xml", ["map", "-c", EMPLOYEES, "--path", "/departments.xml"]),
    ("Samples/articles/articles.json", ["map", "-c", "Configs/articles.plist", "--path", "/articles"]),
    ("Samples/articles/error-422.json", ["map", "-c", "Configs/articles.plist", "--status", "422"]),
    ("Samples/articles/error-500.json", ["map", "-c", EMPLOYEES, "--status", "500"]),
    ("Samples/gists/gists.json", ["map", "-c", "Configs/gists.plist", "--path", "/gists"]),
    ("Samples/gists/gist-aa5a315d61ae9438b18d.json", ["map", "-c", "Configs/gists.plist", "--path", "/gists/aa5a315d61ae9438b18d"]),
    ("Samples/people/people.json", ["map", "-c", "Configs/people.json", "--path", "/people"]),
    ("Samples/people/by-number.ndjson", ["map", "-c", "Configs/people.json", "--path", "/people/by-number", "--format", "ndjson"]),
    ("Samples/hostile/billion-laughs.xml", ["map", "-c", EMPLOYEES, "--path", "/employees.xml"]),
    ("Samples/hostile/truncated.json", ["map", "-c", EMPLOYEES, "--path", "/employees"]),
    ("Samples/hostile/unclosed.xml", ["map", "-c", EMPLOYEES, "--path", "/employees.xml"]),
    ("Samples/hostile/xxe.xml", ["map", "-c", EMPLOYEES, "--path", "/employees.xml"]),
    ("Samples/requests/user-login.json", ["request", "-c", EMPLOYEES, "--path", "/user/auth"]),
    ("Samples/requests/user-logins.json", ["request", "-c", EMPLOYEES, "--path", "/user/auth", "--format", "form"]),
    ("Samples/requests/gist-response.json", ["map", "-c", "Configs/gists.plist", "--path", "/gists/aa5a315d61ae9438b18d"]),
    ("Samples/validation/employees-pages.ndjson", ["validate", "-c", EMPLOYEES, "--path", "/employees"]),
    ("Samples/validation/employee-not-found.json", ["map", "-c", EMPLOYEES, "--path", "/employees/9999", "--status", "404"]),
    ("Samples/validation/employee-without-id.json", ["validate", "-c", EMPLOYEES, "--path", "/employees/77"]),
    ("Samples/validation/employees-truncated.json", ["map", "-c", EMPLOYEES, "--path", "/employees"]),
    ("Samples/manifest.json", ["validate", "-c", EMPLOYEES, "--manifest"]),
]

CONFIGS = ["Configs/employees.plist", "Configs/employees-binary.bplist", "Configs/articles.plist",
           "Configs/gists.plist", "Configs/people.json", "Configs/Gists.xcdatamodeld/Gists.xcdatamodel/contents"]


def prefixes(work):
    cases = []
    for sample, command in SAMPLES:
        data = open(os.path.join(ROOT, sample), "rb").read()
        base = os.path.basename(sample)
        for length in prefix_lengths(len(data)):
            directory = os.path.join(work, "prefix", sample.replace("/", "_"), str(length))
            os.makedirs(directory)
            path = os.path.join(directory, base)
            with open(path, "wb") as handle:
                handle.write(data[:length])
            if command[-1] == "--manifest":
                # A manifest's prefix names samples beside it: give them their real files.
                for name in ("employees", "validation"):
                    os.symlink(os.path.join(ROOT, "Samples", name), os.path.join(directory, name))
            # validate reports a sample's errors in its report (stdout), not as diagnostics; a
            # 4xx/5xx status exits 1 by itself (its error records are the output).
            error = None if command[0] == "validate" or "--status" in command else "file"
            cases.append(Case(f"prefix {sample} [{length}]", command + [path], {0, 1, 2}, error=error))
    for config in CONFIGS:
        data = open(os.path.join(ROOT, config), "rb").read()
        model = config.endswith("contents")
        for length in prefix_lengths(len(data)):
            directory = os.path.join(work, "prefix", config.replace("/", "_"), str(length))
            os.makedirs(directory)
            path = os.path.join(directory, os.path.basename(config))
            with open(path, "wb") as handle:
                handle.write(data[:length])
            argv = ["check", "-c", "Configs/gists.plist", "--model", path] if model else ["check", "-c", path]
            cases.append(Case(f"prefix {config} [{length}]", argv, {0, 1, 2}, error="file"))
    return cases


def byte_flips(work):
    data = open(os.path.join(ROOT, "Configs/employees-binary.bplist"), "rb").read()
    directory = os.path.join(work, "flips")
    os.makedirs(directory)
    cases = []
    masks = [0xFF, 0x01, 0x80, 0x10]
    for index in range(0, len(data), 3):
        mask = masks[(index // 3) % len(masks)]
        flipped = bytearray(data)
        flipped[index] ^= mask
        path = os.path.join(directory, f"flip-{index}-{mask:02x}.bplist")
        with open(path, "wb") as handle:
            handle.write(bytes(flipped))
        cases.append(Case(f"bplist flip byte {index} ^ {mask:#04x}", ["check", "-c", path], {0, 1, 2}, error="file"))
    return cases


def wrong_types(work):
    """Every node of the employees config replaced by a value of another type."""
    with open(os.path.join(ROOT, EMPLOYEES), "rb") as handle:
        config = plistlib.load(handle)
    directory = os.path.join(work, "wrong-types")
    os.makedirs(directory)

    def paths(node, path=()):
        yield path
        if isinstance(node, dict):
            for key, child in node.items():
                yield from paths(child, path + (key,))
        elif isinstance(node, list):
            for index, child in enumerate(node):
                yield from paths(child, path + (index,))

    def replaced(node, path, value):
        if not path:
            return value
        copy = dict(node) if isinstance(node, dict) else list(node)
        copy[path[0]] = replaced(node[path[0]], path[1:], value)
        return copy

    def other(node):
        if isinstance(node, dict):
            return ["not", "a", "dictionary"]
        if isinstance(node, list):
            return {"not": "an array"}
        if isinstance(node, str):
            return 42
        if isinstance(node, bool):
            return "yes"
        if isinstance(node, (int, float)):
            return "12"
        return True

    cases = []
    for number, path in enumerate(paths(config)):
        node = config
        for step in path:
            node = node[step]
        mutated = replaced(config, path, other(node))
        binary = number % 5 == 4
        file = os.path.join(directory, f"node-{number}.{'bplist' if binary else 'plist'}")
        with open(file, "wb") as handle:
            plistlib.dump(mutated, handle, fmt=plistlib.FMT_BINARY if binary else plistlib.FMT_XML)
        label = "/".join(map(str, path)) or "(root)"
        cases.append(Case(f"wrong type at {label}{' (binary)' if binary else ''}", ["check", "-c", file], {0, 1, 2},
                          error="file" if binary else "line"))
        if number % 4 == 0:
            cases.append(Case(f"map with wrong type at {label}", ["map", "-c", file, "--path", "/employees",
                                                                   "Samples/employees/employees.json"], {0, 1, 2},
                              error="file"))
    return cases


def xxe(work):
    directory = os.path.join(work, "xxe")
    os.makedirs(directory)
    secret = os.path.join(directory, "secret.txt")
    canary = b"CANARY-3f9a1c"
    with open(secret, "wb") as handle:
        handle.write(canary)
    with open(os.path.join(directory, "evil.dtd"), "wb") as handle:
        handle.write(b'<!ENTITY % all "<!ENTITY leak SYSTEM \'file://' + secret.encode() + b'\'>">%all;')
    body = "<employees_list><employee><type>employee</type><id>1</id><name>{}</name></employee></employees_list>"
    variants = {
        "external general entity": f'<!DOCTYPE e [<!ENTITY x SYSTEM "file://{secret}">]>' + body.format("&x;"),
        "external parameter entity": f'<!DOCTYPE e [<!ENTITY % p SYSTEM "file://{directory}/evil.dtd"> %p;]>' + body.format("&leak;"),
        "external DTD": f'<!DOCTYPE employees_list SYSTEM "file://{directory}/evil.dtd">' + body.format("&leak;"),
        "entity in an attribute": f'<!DOCTYPE e [<!ENTITY x SYSTEM "file://{secret}">]>'
                                  '<employees_list><employee a="&x;"><type>employee</type><id>1</id></employee></employees_list>',
        "XInclude": '<employees_list xmlns:xi="http://www.w3.org/2001/XInclude"><employee><type>employee</type><id>1</id>'
                    f'<name><xi:include href="file://{secret}" parse="text"/></name></employee></employees_list>',
        "network entity": '<!DOCTYPE e [<!ENTITY x SYSTEM "http://127.0.0.1:9/leak">]>' + body.format("&x;"),
        "billion laughs": '<!DOCTYPE e [<!ENTITY a0 "lol">' + "".join(
            f'<!ENTITY a{i} "{("&a%d;" % (i - 1)) * 10}">' for i in range(1, 11)) + "]>" + body.format("&a10;"),
        "quadratic blowup": '<!DOCTYPE e [<!ENTITY a "' + "x" * 100_000 + '">]>' + body.format("&a;" * 20_000),
        "recursive entity": '<!DOCTYPE e [<!ENTITY a "&b;"><!ENTITY b "&a;">]>' + body.format("&a;"),
    }
    cases = []
    for label, text in variants.items():
        path = os.path.join(directory, label.replace(" ", "-") + ".xml")
        with open(path, "w") as handle:
            handle.write(text)
        cases.append(Case(f"XXE: {label}", ["map", "-c", EMPLOYEES, "--path", "/employees.xml", path], {0, 1},
                          error="file", forbidden=(canary,)))
        cases.append(Case(f"XXE: {label} (validate)", ["validate", "-c", EMPLOYEES, "--path", "/employees.xml", path],
                          {0, 1}, forbidden=(canary,)))
    return cases


def nesting(work):
    directory = os.path.join(work, "nesting")
    os.makedirs(directory)
    cases = []
    for depth in (1_000, 10_000, 10_001, 100_000, 1_000_000):
        deep = {
            "arrays": "[" * depth + "]" * depth,
            "objects": '{"a":' * depth + "1" + "}" * depth,
            "in a record": '{"employees_list":[{"type":"employee","id":1,"name":' + "[" * depth + "]" * depth + "}]}",
        }
        for label, text in deep.items():
            path = os.path.join(directory, f"{label.replace(' ', '-')}-{depth}.json")
            with open(path, "w") as handle:
                handle.write(text)
            error = "line" if depth > 10_000 else "file"
            cases.append(Case(f"JSON {label} {depth} deep (map)", ["map", "-c", EMPLOYEES, "--path", "/employees", path],
                              {0, 1} if depth <= 10_000 else {1}, error=error))
            cases.append(Case(f"JSON {label} {depth} deep (request)", ["request", "-c", EMPLOYEES, "--path", "/user/auth", path],
                              {0, 1}, error=error))
            cases.append(Case(f"JSON {label} {depth} deep (validate)", ["validate", "-c", EMPLOYEES, "--path", "/employees", path],
                              {0, 1}))
        path = os.path.join(directory, f"xml-{depth}.xml")
        with open(path, "w") as handle:
            handle.write("<a>" * depth + "</a>" * depth)
        # libxml2 refuses XML nested deeper than 2,048 levels (SPEC §2).
        cases.append(Case(f"XML {depth} deep", ["map", "-c", EMPLOYEES, "--path", "/employees.xml", path], {1},
                          error="line" if depth > 2048 else "file"))
    return cases


def invalid_utf8(work):
    directory = os.path.join(work, "utf8")
    os.makedirs(directory)
    bad = {"lone FF": b"\xff", "truncated pair": b"\xc3", "surrogate": b"\xed\xa0\x80", "overlong slash": b"\xc0\xaf",
           "beyond U+10FFFF": b"\xf4\x90\x80\x80", "truncated triple": b"\xe2\x82"}
    cases = []
    for label, sequence in bad.items():
        slug = label.replace(" ", "-")
        documents = {
            "JSON value": (b'{"employees_list":[{"type":"employee","id":1,"name":"a' + sequence + b'b"}]}', "/employees"),
            "JSON key": (b'{"employees_list":[{"type":"employee","id":1,"n' + sequence + b'":"x"}]}', "/employees"),
            "XML text": (b"<employees_list><employee><type>employee</type><id>1</id><name>a" + sequence
                         + b"</name></employee></employees_list>", "/employees.xml"),
            "XML attribute": (b'<employees_list><employee n="' + sequence + b'"><type>employee</type><id>1</id>'
                              b"</employee></employees_list>", "/employees.xml"),
        }
        for where, (data, path_mapping) in documents.items():
            path = os.path.join(directory, f"{slug}-{where.replace(' ', '-')}")
            with open(path, "wb") as handle:
                handle.write(data)
            cases.append(Case(f"invalid UTF-8 ({label}) in a {where}", ["map", "-c", EMPLOYEES, "--path", path_mapping, path],
                              {1}, error="line"))
        config = open(os.path.join(ROOT, EMPLOYEES), "rb").read().replace(b"<string>employees_list</string>",
                                                                           b"<string>employees" + sequence + b"</string>", 1)
        path = os.path.join(directory, f"{slug}-config.plist")
        with open(path, "wb") as handle:
            handle.write(config)
        cases.append(Case(f"invalid UTF-8 ({label}) in a plist config", ["check", "-c", path], {0, 1, 2}, error="line"))
        request = os.path.join(directory, f"{slug}-request.json")
        with open(request, "wb") as handle:
            handle.write(b'{"username":"' + sequence + b'","password":"x"}')
        cases.append(Case(f"invalid UTF-8 ({label}) in a request", ["request", "-c", EMPLOYEES, "--path", "/user/auth", request],
                          {1}, error="line"))
    return cases


def dev_zero(work):
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


def output_targets(work):
    """-o onto things that are not plain new files; see also Tests/RestmapCLITests/OutputFileTests.swift."""
    cases = []
    mapped = ["map", "-c", EMPLOYEES, "--path", "/employees", "Samples/employees/employees.json"]
    expected = subprocess.run([ARGS.restmap] + mapped, cwd=ROOT, capture_output=True).stdout

    def directory(name):
        path = os.path.join(work, "output", name)
        os.makedirs(path)
        return path

    # A device: a copy of /dev/null as root (the real one must never be at risk).
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
    cases.append(Case("-o onto /dev/full", mapped + ["-o", "/dev/full"], {1},
                      check=lambda r: None if b"No space left on device" in r.stderr else "no ENOSPC message"))

    # A FIFO, read by a thread while restmap writes.
    where = directory("fifo")
    fifo = os.path.join(where, "pipe")
    os.mkfifo(fifo)
    received = {}

    def read_fifo():
        with open(fifo, "rb") as handle:
            received["data"] = handle.read()

    def through_fifo(case, restmap):
        reader = threading.Thread(target=read_fifo)
        reader.start()
        result = run_plain(case, restmap)
        reader.join(TIMEOUT_SECONDS)
        return result
    cases.append(Case("-o onto a FIFO", mapped + ["-o", fifo], {0}, action=through_fifo, scratch=where, files=["pipe"],
                      check=lambda r: None if received.get("data") == expected and stat.S_ISFIFO(os.stat(fifo).st_mode)
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


def signals(work):
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


def byte_names(work):
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
    ]


def manifest_confinement(work):
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


# Cases for the parser-hardening items of issue 16 (4, 5, 6, 8, 9, UTF-16): they run with
# --pending. Enable them here (move their generator into GENERATORS) once that branch is merged.
def pending(work):
    where = os.path.join(work, "pending")
    os.makedirs(where)
    cases = []
    # 4: a binary plist whose objects each reference the next twice, 64 levels deep.
    levels = 64
    objects = []
    for level in range(levels):
        objects.append(bytes([0xA2, level + 1, level + 1]))    # array of two references to the next
    objects.append(b"\x51a")                                       # the string "a"
    offsets, body = [], b"bplist00"
    for obj in objects:
        offsets.append(len(body))
        body += obj
    table = len(body)
    body += b"".join(offset.to_bytes(2, "big") for offset in offsets)
    trailer = bytes(6) + bytes([2, 1]) + len(objects).to_bytes(8, "big") + (0).to_bytes(8, "big") + table.to_bytes(8, "big")
    path = os.path.join(where, "shared-references.bplist")
    with open(path, "wb") as handle:
        handle.write(body + trailer)
    cases.append(Case("pending: binary plist shared-reference bomb", ["check", "-c", path], {1, 2}, error="file"))
    # 5: 400k attributes on one element; 100k namespace declarations.
    path = os.path.join(where, "attributes.xml")
    with open(path, "w") as handle:
        handle.write("<employees_list><employee" + "".join(f' a{i}="{i}"' for i in range(400_000))
                     + "><type>employee</type><id>1</id><name>x</name></employee></employees_list>")
    cases.append(Case("pending: 400k XML attributes", ["map", "-c", EMPLOYEES, "--path", "/employees.xml", path], {0, 1}, error="line"))
    path = os.path.join(where, "namespaces.xml")
    with open(path, "w") as handle:
        handle.write("<employees_list" + "".join(f' xmlns:n{i}="u{i}"' for i in range(100_000)) + "/>")
    cases.append(Case("pending: 100k xmlns declarations", ["map", "-c", EMPLOYEES, "--path", "/employees.xml", path], {0, 1}, error="file"))
    # 6: 40k plist values on one line.
    path = os.path.join(where, "long-line.plist")
    with open(path, "w") as handle:
        handle.write("<plist><dict><key>entity_attribute_mappings</key><dict><key>E</key><dict><key>a</key><string>a</string>"
                     "</dict></dict><key>zzz</key><array>" + "<string>x</string>" * 40_000 + "</array></dict></plist>")
    cases.append(Case("pending: a plist config on one long line", ["check", "-q", "-c", path], {0, 1, 2}))
    # 8: a 100k-deep record written as a plist.
    path = os.path.join(where, "deep-record.json")
    depth = 100_000
    with open(path, "w") as handle:
        handle.write('{"employees_list":[{"type":"employee","id":1,"name":' + '{"a":' * depth + "1" + "}" * depth + "}]}")
    cases.append(Case("pending: deep plist output", ["map", "-c", EMPLOYEES, "--path", "/employees", "--max-depth", "2000000",
                                                     "--format", "plist", path], {0, 1}, rss=1024))
    # UTF-16 XML with a byte-order mark, read as XML in auto mode.
    path = os.path.join(where, "utf16.xml")
    with open(path, "wb") as handle:
        handle.write(open(os.path.join(ROOT, "Samples/employees/employees.xml"), encoding="utf-8").read().encode("utf-16"))
    cases.append(Case("pending: UTF-16 XML with a BOM", ["map", "-c", EMPLOYEES, "--path", "/employees.xml", path], {0}))
    return cases


PENDING_AFTER_PARSER_MERGE = [pending]
GENERATORS = [prefixes, byte_flips, wrong_types, xxe, nesting, invalid_utf8, dev_zero, output_targets, signals,
              byte_names, manifest_confinement]


def leftovers(paths):
    found = []
    for top in paths:
        for directory, _, files in os.walk(top):
            found += [os.path.join(directory, f) for f in files if f.startswith(".restmap-output-")]
    return found


def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--restmap", default=os.path.join(ROOT, ".build/debug/restmap"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", help="run the cases whose name contains this")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--pending", action="store_true", help="also run PENDING_AFTER_PARSER_MERGE")
    ARGS = parser.parse_args()
    ARGS.restmap = os.path.abspath(ARGS.restmap)
    work = tempfile.mkdtemp(prefix="restmap-hostile-")
    started = time.monotonic()
    try:
        generators = GENERATORS + (PENDING_AFTER_PARSER_MERGE if ARGS.pending else [])
        cases = [case for generate in generators for case in generate(work)]
        if ARGS.only:
            cases = [c for c in cases if ARGS.only in c.name]
        if ARGS.list:
            print("\n".join(c.name for c in cases))
            return 0
        failures = []
        worst_cpu, worst_rss = (0, ""), (0, "")
        # Signal cases time their kill against the machine; they run alone, after the rest.
        parallel = [c for c in cases if c.action is None]
        serial = [c for c in cases if c.action is not None]
        with concurrent.futures.ThreadPoolExecutor(max_workers=ARGS.jobs) as pool:
            outcomes = list(zip(parallel, pool.map(lambda c: run_case(c, ARGS.restmap), parallel)))
        outcomes += [(c, run_case(c, ARGS.restmap)) for c in serial]
        for case, (problems, result) in outcomes:
            worst_cpu = max(worst_cpu, (result.cpu, case.name))
            worst_rss = max(worst_rss, (result.rss_mb, case.name))
            if problems:
                failures.append((case.name, problems))
        stray = leftovers([work, ROOT])
        if stray:
            failures.append(("leftovers", [f"temporary output files left behind: {stray}"]))
        for name, problems in failures:
            print(f"FAIL {name}")
            for problem in problems:
                print(f"    {problem}")
        print(f"hostile inputs: {len(cases)} cases, {len(failures)} failed, "
              f"{time.monotonic() - started:.0f} s; most CPU {worst_cpu[0]:.2f} s ({worst_cpu[1]}), "
              f"largest RSS {worst_rss[0]:.0f} MB ({worst_rss[1]})")
        if not ARGS.pending:
            print("pending until the parser-hardening branch is merged (run with --pending): "
                  + ", ".join(g.__name__ for g in PENDING_AFTER_PARSER_MERGE))
        return 1 if failures else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
