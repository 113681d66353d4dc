"""The shell's modes: kill -9 at random moments (`kill`) and shells of one user resuming one quiz together (`resume`);
concurrent play (`users`) is in players.py."""
import os, re, sqlite3, time
from .rig import Figures, count, crashed, integrity

QUESTIONS = 10
CATEGORIES = ["person", "general", "country", "drama", "music"]
PASSWORD = "correct horse battery"
HEADER = re.compile(r"\[(\d+)/(\d+)\]")
RAW_SQLITE = ("SQLite", "UNIQUE constraint", "database is locked", "SQLITE_")


def acknowledged(output):
    """Answers the shell said it took: each is printed as right, wrong or timed out, after being stored."""
    return output.count("Correct!") + output.count("Not quite.") + output.count("Time is up")


def raw_sqlite(text):
    return any(marker in text for marker in RAW_SQLITE)


def answers(rig, n):
    # Short answers: any text is an answer, right or wrong.
    return "".join(f"{rig.random.choice(['seoul', 'x', '세종대왕', 'paris', 'beatles'])}\nnext\n" for _ in range(n))


def open_quiz(db):
    """The guest's quiz in progress on this file, as (id, answered, questions), or None."""
    if not has_tables(db):
        return None
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        row = con.execute("SELECT id, questionCount FROM quiz WHERE status = 'in_progress' "
                          "ORDER BY startedAt DESC LIMIT 1").fetchone()
        if row is None:
            return None
        answered = con.execute("SELECT count(*) FROM quizResult WHERE quizId = ?", (row[0],)).fetchone()[0]
        return row[0], answered, row[1]
    finally:
        con.close()


def read_answers(shell, n):
    """Reads the shell's output until it has acknowledged n answers (or ended); returns what it read."""
    seen = ""
    while acknowledged(seen) < n:
        line = shell.stdout.readline()
        if not line:
            break
        seen += line
    return seen


def has_tables(db):
    """False for a file that is not there yet, or was killed before its first migration committed."""
    return os.path.exists(db) and count(db, "SELECT count(*) FROM sqlite_master WHERE name = 'quizResult'") > 0


def results_on(db):
    return count(db, "SELECT count(*) FROM quizResult") if has_tables(db) else 0


def kill(rig):
    """kill -9 a shell at a random moment while it answers; every answer it printed must be stored, every resume must
    take up the quiz at the next question, every file must pass SQLite's integrity check."""
    f = Figures("kill")
    kills = 200 if rig.full else 20
    chain = 25  # kills on one file before a new one (whose first start, the pack's import, is killed too)
    ack_total = stored_total = lost = resumes = resumes_wrong = damaged = crashes = raw = 0
    duration = None
    landed = 0
    for trial in range(kills + 2):
        db = rig.path(f"kill-{trial // chain}.sqlite")
        category = CATEGORIES[trial % len(CATEGORIES)]
        held = open_quiz(db)
        script = "login guest\n"
        expected_header = None
        if held:
            quiz_id, answered, questions = held
            script += "resume\n" + answers(rig, questions - answered)
            expected_header = answered + 1 if answered < questions else None
        for _ in range(2 if held else 3):
            script += f"mode short\ncategory {category}\nstart {QUESTIONS}\n" + answers(rig, QUESTIONS)
        before = results_on(db)
        with open(rig.path("kill.script"), "w") as file:
            file.write(script)
        with open(rig.path("kill.script")) as stdin:
            shell = rig.start(db, stdin=stdin)
        started = time.monotonic()
        if trial < 2:
            # The first two runs go to their end (the first imports the pack): how long a run takes on a file that
            # has it, for the kills to land anywhere in a run.
            out, err = shell.communicate(timeout=300)
            duration = time.monotonic() - started
        else:
            if trial % 10 == 0:
                # Now and then at any moment of a run, start-up (and the pack's import on a new file) included.
                time.sleep(rig.random.uniform(0, duration))
                head = ""
            else:
                # Mostly while it answers: after a random number of answers, at a random point of the next one.
                head = read_answers(shell, rig.random.randint(0, 2 * QUESTIONS))
                time.sleep(rig.random.uniform(0, 0.004))
            landed += shell.poll() is None
            shell.kill()
            out, err = shell.communicate(timeout=60)
            out = head + out
        if shell.returncode not in (0, -9):
            crashes += crashed(shell.returncode)
        raw += raw_sqlite(err)
        acked = acknowledged(out)
        stored = results_on(db) - before
        ack_total += acked
        stored_total += stored
        lost += max(0, acked - stored)
        if expected_header is not None:
            header = HEADER.search(out)
            if header:
                resumes += 1
                resumes_wrong += int(header.group(1)) != expected_header
        if os.path.exists(db) and integrity(db) != "ok":
            damaged += 1
    # Each file's history still reads, from the last shell's point of view.
    history_failures = 0
    for n in range(kills // chain + 1):
        db = rig.path(f"kill-{n}.sqlite")
        if os.path.exists(db):
            r = rig.run(db, "-c", "login guest; history all")
            history_failures += r.returncode != 0
    f.values = {"kills": kills, "kills while it ran": landed, "acknowledged": ack_total, "stored": stored_total, "lost": lost,
                "resumes checked": resumes, "resumes wrong": resumes_wrong, "files damaged": damaged,
                "history failed": history_failures, "crashes": crashes, "SQLite text shown": raw}
    f.expect(lost == 0, f"{lost} acknowledged answers lost")
    f.expect(resumes_wrong == 0, f"{resumes_wrong} resumes at the wrong question")
    f.expect(damaged == 0 and history_failures == 0, "a file failed its integrity check or its history")
    f.expect(crashes == 0 and raw == 0, "a crash or raw SQLite text")
    f.expect(resumes > 0 and landed > kills // 2, "too few kills landed while a shell ran, or no resume was checked")
    return f


def together(processes, scripts, timeout=300):
    """Feeds each process its script once all have started, and waits for them all: (status, out, err) each."""
    for process, script in zip(processes, scripts):
        process.stdin.write(script)
        process.stdin.close()
    return [(process.wait(timeout), process.stdout.read(), process.stderr.read()) for process in processes]


def resume_race(rig, trial, shells):
    db = rig.path(f"resume-{trial}.sqlite")
    setup = rig.run(db, "-c", f"login guest; mode short; category {CATEGORIES[trial % 5]}; start 5")
    assert setup.returncode == 0, setup.stderr
    processes = [rig.start(db) for _ in range(shells)]
    results = together(processes, ["login guest\nresume\n" + answers(rig, 5) for _ in processes])
    acked = sum(acknowledged(out) for _, out, _ in results)
    stored = results_on(db)
    raw = sum(raw_sqlite(err) for _, _, err in results)
    crashes = sum(crashed(status) for status, _, _ in results)
    return acked, stored, raw, crashes


def same_seed(rig, trial):
    db = rig.path(f"seed-{trial}.sqlite")
    assert rig.run(db, "-c", "login guest").returncode == 0
    shells = [rig.start(db, "--seed", "7"), rig.start(db, "--seed", "7")]
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
    return all(started) and all(status == 0 and not raw_sqlite(err) for status, _, err in results)


def zombie(rig, trial):
    """A shell with a quiz open is killed and left unreaped: another shell must resume its quiz."""
    db = rig.path(f"zombie-{trial}.sqlite")
    first = rig.start(db)
    first.stdin.write("login guest\nmode short\ncategory music\nstart 3\nalpha\n")
    first.stdin.flush()
    seen = ""
    while "Answer: " not in seen:
        line = first.stdout.readline()
        if not line:
            return False
        seen += line
    first.kill()
    os.waitid(os.P_PID, first.pid, os.WEXITED | os.WNOWAIT)  # WNOWAIT: it stays a zombie
    with open(f"/proc/{first.pid}/stat") as stat:
        is_zombie = ") Z " in stat.read()
    second = rig.run(db, "-c", "login guest; resume")
    first.wait()
    return is_zombie and second.returncode == 0 and "[2/3]" in second.stdout


def resume(rig):
    """Shells of one user (two to four) start together and all `resume` one interrupted quiz, each answering every
    question: the quiz goes to one of them, and every answer printed as right or wrong is stored."""
    f = Figures("resume")
    trials = 100 if rig.full else 10
    acked = stored = raw = crashes = 0
    for trial in range(trials):
        a, s, r, c = resume_race(rig, trial, 2 + trial % 3)
        acked, stored, raw, crashes = acked + a, stored + s, raw + r, crashes + c
    lost = max(0, acked - stored)
    seeds = 25 if rig.full else 5
    seed_failures = sum(not same_seed(rig, trial) for trial in range(seeds))
    zombies = 10 if rig.full else 3
    zombie_failures = sum(not zombie(rig, trial) for trial in range(zombies))
    f.values = {"trials": trials, "acknowledged": acked, "stored": stored, "lost": lost, "crashes": crashes,
                "SQLite text shown": raw, "same-seed trials": seeds, "same-seed failed": seed_failures,
                "unreaped-kill trials": zombies, "unreaped-kill failed": zombie_failures}
    f.expect(lost == 0 and stored <= acked + trials, f"{lost} acknowledged answers lost")
    f.expect(raw == 0 and crashes == 0, "a crash or raw SQLite text")
    f.expect(seed_failures == 0 and zombie_failures == 0, "a same-seed start or an unreaped kill failed")
    return f
