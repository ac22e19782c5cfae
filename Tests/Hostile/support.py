"""The hostile-input suite's runner pieces: a case, how it is run (`wait4` for the child's
own rusage, a kill at the hang timeout) and how its outcome is judged. See run.py."""
import os
import re
import signal
import subprocess
import tempfile
import threading

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
        self.status = set(status)       # acceptable exit codes; empty: killed by a signal on purpose
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


def spawn(restmap, case, stdin=subprocess.DEVNULL):
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
    elif result.signal is not None and case.status:
        problems.append(f"died of signal {result.signal}")
    elif case.status and result.status not in case.status:
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
