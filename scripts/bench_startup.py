#!/usr/bin/env python3
"""Start-up of `brainy -c help` beside `sqlite3 :memory: 'select 1'`, side by side in one run, its peak memory beside
sqlite3's, and a profile of where the start-up time goes (perf record, else valgrind's callgrind).

usage: scripts/bench_startup.py path/to/brainy [runs]   (run through `scripts/bench startup`, which builds it)
"""
import os, shutil, statistics, subprocess, sys, tempfile, time

BRAINY = os.path.abspath(sys.argv[1])
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 30
work = tempfile.mkdtemp(prefix="brainy-startup-")
db = os.path.join(work, "brainy.sqlite")
env = dict(os.environ, XDG_DATA_HOME=work, XDG_CONFIG_HOME=work, NO_COLOR="1", LANG="C.UTF-8")
brainy = [BRAINY, "--db", db, "-c", "help"]
sqlite = ["sqlite3", ":memory:", "select 1"]

def run(cmd):
    """Wall time in ms of one run."""
    t = time.perf_counter()
    status = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    assert status == 0, f"{cmd} exited with {status}"
    return (time.perf_counter() - t) * 1000

def peak_rss_mb(cmd):
    """Max RSS through GNU time, whose own small image is all that precedes the program's: a child of this Python
    would count Python's pages, which a fork copies, in the program's maximum."""
    r = subprocess.run(["/usr/bin/time", "-f", "%M", *cmd], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    assert r.returncode == 0, r.stderr
    return int(r.stderr.strip().splitlines()[-1]) / 1024

# A database as a player has it: made, the pack imported, a guest signed in once.
subprocess.run([BRAINY, "--db", db, "-c", "login guest"], env=env, check=True, capture_output=True)
for _ in range(3):
    run(sqlite); run(brainy)
times = {"sqlite": [], "brainy": []}
for _ in range(RUNS):  # interleaved, so that both see the same machine
    for name, cmd in (("sqlite", sqlite), ("brainy", brainy)):
        times[name].append(run(cmd))
s, b = statistics.median(times["sqlite"]), statistics.median(times["brainy"])
print(f"start-up, median of {RUNS} side by side: sqlite3 :memory: 'select 1' {s:.1f} ms, "
      f"brainy -c help {b:.1f} ms ({b / s:.2f}x)")
if os.path.exists("/usr/bin/time"):
    print(f"peak RSS: brainy -c help {peak_rss_mb(brainy):.1f} MB, sqlite3 :memory: 'select 1' {peak_rss_mb(sqlite):.1f} MB, "
          f"sqlite3 counting the same database's questions {peak_rss_mb(['sqlite3', db, 'select count(*) from question']):.1f} MB")
instructions = {}
if shutil.which("valgrind"):
    # valgrind gives up on the build folder's debug information: it counts a copy without it, pointed at the same
    # resources.
    here = os.path.dirname(BRAINY)
    resources = next(p for p in (os.path.join(here, "../share/brainy"), os.path.join(here, "Brainy_BrainyResources.resources"))
                     if os.path.isdir(p))
    copy = os.path.join(work, "brainy-without-debug-info")
    shutil.copy(BRAINY, copy)
    subprocess.run(["strip", "--strip-debug", copy], check=True)
    for name, cmd in (("sqlite", sqlite), ("brainy", [copy, *brainy[1:]])):
        r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
                           env=dict(env, BRAINY_RESOURCES=os.path.abspath(resources)),
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        instructions[name] = int(r.stderr.split("Collected :")[1].split()[0])
    print(f"instructions (valgrind, repeatable whatever the machine's load): brainy -c help {instructions['brainy'] / 1e6:.1f} M, "
          f"sqlite3 :memory: 'select 1' {instructions['sqlite'] / 1e6:.1f} M ({instructions['brainy'] / instructions['sqlite']:.1f}x)")
print(f"binary: {os.path.getsize(BRAINY) / 1e6:.1f} MB")

loop = f"for i in $(seq 30); do {BRAINY} --db {db} -c help >/dev/null; done"
if shutil.which("perf") and subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-F", "20000", "-g", "-o",
                                             os.path.join(work, "perf.data"), "--", "sh", "-c", loop],
                                            env=env, capture_output=True).returncode == 0:
    def report(*sort):
        out = subprocess.run(["perf", "report", "-i", os.path.join(work, "perf.data"), "--stdio", "--no-children",
                              "-g", "none", "--percent-limit", "1.5", "--sort", *sort], capture_output=True, text=True).stdout
        return [line for line in out.splitlines() if line.strip() and not line.startswith("#")]
    print("profile of 30 start-ups (perf record -e cpu-clock -g), by object:")
    for line in report("dso")[:10]: print("   ", line.strip())
    print("by function:")
    for line in report("dso,sym")[:15]: print("   ", line.strip())
elif shutil.which("valgrind"):
    out = os.path.join(work, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *brainy], env=env, capture_output=True)
    report = subprocess.run(["callgrind_annotate", "--inclusive=no", out], capture_output=True, text=True).stdout
    print("profile of one start-up (valgrind --tool=callgrind, instructions):")
    for line in report.splitlines()[:40]: print("   ", line)
shutil.rmtree(work, ignore_errors=True)
