"""Running one command of `make bench` and measuring it: the Tool a row of the table stands
for, one timed run under /usr/bin/time (wall, peak RSS, user+sys CPU), and the small
formatting helpers the reports share (bench/run.py, bench/scaling.py)."""
import os
import shutil
import statistics
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def log(*a):
    print(*a, flush=True)

# ---------------------------------------------------------------------------------------------
# Tools


def find_xq():
    """kislyuk's xq: Debian installs it as xq-python (Debian's `xq` is another program)."""
    if shutil.which("xq-python"):
        return "xq-python"
    if shutil.which("xq"):
        try:
            out = subprocess.run(["xq", "--help"], capture_output=True, text=True, timeout=20)
            if "jq" in out.stdout + out.stderr:
                return "xq"
        except Exception:
            pass
    return None


def version(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=20)
        return (out.stdout or out.stderr).strip().splitlines()[0]
    except Exception:
        return "?"


class Tool:
    def __init__(self, name, argv, missing=None, note=None, parse_only=False, plain=False):
        self.name = name
        self.argv = argv
        self.missing = missing  # why it cannot run, or None
        self.note = note
        self.parse_only = parse_only  # a ceiling that prints nothing: no equivalence check
        # The program a shell user would write, not restmap's records: timed, not compared.
        self.plain = plain
        self.walls = []
        self.rss = []
        self.cpus = []
        self.errors = []
        self.output = None  # file written by the untimed run

    @property
    def ok(self):
        return self.missing is None and not self.errors and self.walls

    def wall(self):
        return statistics.median(self.walls)

    def cpu(self):
        return statistics.median(self.cpus) if self.cpus and None not in self.cpus else None

    def peak(self):
        return statistics.median(self.rss) if self.rss and None not in self.rss else None


def run_once(tool, stdout_path, stderr_path):
    """Runs the tool once; returns (wall seconds, peak RSS KiB or None, user+sys CPU seconds or
    None, exit code)."""
    timefile = tempfile.NamedTemporaryFile(prefix="bench-time-", delete=False)
    timefile.close()
    argv = tool.argv
    if os.path.exists("/usr/bin/time"):
        argv = ["/usr/bin/time", "-f", "%e %M %U %S", "-o", timefile.name] + argv
    with open(stdout_path, "wb") as out, open(stderr_path, "wb") as err:
        start = time.perf_counter()
        code = subprocess.call(argv, stdout=out, stderr=err, cwd=ROOT)
        wall = time.perf_counter() - start
    rss = cpu = None
    try:
        # /usr/bin/time prints "Command exited with non-zero status N" first on failure.
        fields = open(timefile.name).read().split()[-4:]
        rss, cpu = int(fields[1]), float(fields[2]) + float(fields[3])
    except (OSError, ValueError, IndexError):
        pass
    os.unlink(timefile.name)
    return wall, rss, cpu, code


def stderr_tail(path, n=5):
    try:
        lines = open(path, errors="replace").read().strip().splitlines()
    except OSError:
        return ""
    return "\n".join("    " + l for l in lines[-n:])



def fmt_mib(kib):
    if kib is None:
        return "?"
    return ("%.1f MiB" if kib < 10 * 1024 else "%.0f MiB") % (kib / 1024)


def python_module_missing(module, package):
    """None when this Python can import `module`; else why its rows are skipped."""
    import sys
    code = subprocess.call([sys.executable, "-c", "import " + module], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    return None if code == 0 else "%s: PyPI %s not installed (make bench could not install it)" % (package, package)
