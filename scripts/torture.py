#!/usr/bin/env python3
"""Races real brainy processes on one database, as issue 13's tester did, and counts what went wrong.

usage: scripts/torture.py path/to/brainy [trials]   (run through scripts/torture, which builds the binary)

- resume race: two shells of one user start together and both try to `resume` one interrupted quiz, each answering
  every question. Every answer a shell acknowledged (printed as right or wrong) must be in the database.
- same seed: two shells with the same --seed start a quiz together; both must start one, with no SQLite text.
- zombie: a shell with a quiz open is killed and left unreaped; another shell must resume its quiz.
Exits 1 when any trial lost an answer or failed, 0 otherwise.
"""
import os, shutil, sqlite3, subprocess, sys, tempfile

BRAINY = os.path.abspath(sys.argv[1])
TRIALS = int(sys.argv[2]) if len(sys.argv) > 2 else 40
QUESTIONS = 5
work = tempfile.mkdtemp(prefix="brainy-torture-")
env = dict(os.environ, HOME=work, XDG_DATA_HOME=work, NO_COLOR="1", LANG="C.UTF-8")


def start(db, *args):
    return subprocess.Popen([BRAINY, "--db", db, "--lang", "en", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, text=True)


def run(db, *args):
    return subprocess.run([BRAINY, "--db", db, "--lang", "en", *args], capture_output=True, text=True, env=env)


def together(processes, scripts):
    """Feeds each process its script once all have started, and waits for them all."""
    for process, script in zip(processes, scripts):
        process.stdin.write(script)
        process.stdin.close()
    return [(process.wait(), process.stdout.read(), process.stderr.read()) for process in processes]


def resume_race(trial):
    db = os.path.join(work, f"resume-{trial}.sqlite")
    # Short answers: any text is an answer (a multiple-choice question may want letters, and refuse a number).
    setup = run(db, "-c", f"login guest; mode short; category country; start {QUESTIONS}")
    assert setup.returncode == 0, setup.stderr
    shells = [start(db), start(db)]
    scripts = ["resume\n" + f"{word}\nnext\n" * QUESTIONS for word in ("alpha", "beta")]
    results = together(shells, scripts)
    acknowledged = sum(out.count("Correct!") + out.count("Not quite.") for _, out, _ in results)
    with sqlite3.connect(db) as con:
        stored = con.execute("SELECT count(*) FROM quizResult").fetchone()[0]
    raw = any("SQLite" in err or "UNIQUE" in err for _, _, err in results)
    return acknowledged, stored, raw


def same_seed(trial):
    db = os.path.join(work, f"seed-{trial}.sqlite")
    assert run(db, "-c", "login guest").returncode == 0
    shells = [start(db, "--seed", "7"), start(db, "--seed", "7")]
    for shell in shells:
        shell.stdin.write("login guest\nmode mc\ncategory country\nstart 3\n")
        shell.stdin.flush()
    # Both stay open until both have started (or failed): a shell that had ended would leave its quiz to the other.
    started = []
    for shell in shells:
        seen = ""
        while "[1/3]" not in seen:
            line = shell.stdout.readline()
            if not line:
                break
            seen += line
        started.append("[1/3]" in seen)
    results = together(shells, ["", ""])
    return all(started) and all(status == 0 and "SQLite" not in err and "UNIQUE" not in err
                                for status, _, err in results)


def zombie(trial):
    db = os.path.join(work, f"zombie-{trial}.sqlite")
    first = start(db)
    first.stdin.write("login guest\nmode short\ncategory music\nstart 3\nalpha\n")
    first.stdin.flush()
    # The answer is acknowledged once its feedback is out; the shell then waits for more input.
    seen = ""
    while "Answer: " not in seen:
        line = first.stdout.readline()
        if not line:
            return False
        seen += line
    first.kill()
    # Left unreaped: wait until the kernel shows it as a zombie (os.waitid with WNOWAIT keeps it one).
    os.waitid(os.P_PID, first.pid, os.WEXITED | os.WNOWAIT)
    with open(f"/proc/{first.pid}/stat") as stat:
        is_zombie = ") Z " in stat.read()
    second = run(db, "-c", "resume")
    first.wait()
    return is_zombie and second.returncode == 0 and "[2/3]" in second.stdout


def main():
    try:
        acknowledged = stored = raw_text = 0
        for trial in range(TRIALS):
            a, s, raw = resume_race(trial)
            acknowledged, stored, raw_text = acknowledged + a, stored + s, raw_text + raw
        lost = acknowledged - stored
        print(f"resume race: {TRIALS} trials, {acknowledged} answers acknowledged, {stored} stored, {lost} lost"
              + (f", SQLite text shown in {raw_text}" if raw_text else ""))
        seed_failures = sum(not same_seed(trial) for trial in range(TRIALS))
        print(f"same seed: {TRIALS} trials, {seed_failures} failed")
        zombie_failures = sum(not zombie(trial) for trial in range(min(TRIALS, 10)))
        print(f"zombie: {min(TRIALS, 10)} trials, {zombie_failures} failed")
        return 1 if lost or raw_text or seed_failures or zombie_failures else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


sys.exit(main())
