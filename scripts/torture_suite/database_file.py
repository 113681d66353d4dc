"""The database file attacked under running shells (issue 25): another file moved over its path (`replace`), a
second name for it used by a second shell (`links`), a sign-out in another process while a question is open
(`signout`), many shells starting at once on a file that does not exist yet (`crowd`)."""
import glob, os, subprocess, time
from .rig import Figures, count, crashed, integrity
from .shells import CATEGORIES, acknowledged, answers, raw_sqlite, read_answers

QUESTIONS = 10


def quiz_answers(db, quiz_id=None):
    """Answers stored in a file (of one quiz when given); 0 for a file without tables (an empty file)."""
    if not os.path.exists(db) or os.path.getsize(db) == 0:
        return 0
    if count(db, "SELECT count(*) FROM sqlite_master WHERE name = 'quizResult'") == 0:
        return 0
    if quiz_id is None:
        return count(db, "SELECT count(*) FROM quizResult")
    return count(db, "SELECT count(*) FROM quizResult WHERE quizId = ?", quiz_id)


def playing(rig, db, category, first):
    """A piped shell that signs in, starts a quiz and has acknowledged `first` answers; the rest of its input is
    written by the caller. Returns (process, what it printed so far)."""
    shell = rig.start(db)
    shell.stdin.write(f"login guest\nmode short\ncategory {category}\nstart {QUESTIONS}\n" + answers(rig, first))
    shell.stdin.flush()
    return shell, read_answers(shell, first)


def finish(shell, rest):
    """Writes the rest of a shell's input, waits for it, returns (status, out, err)."""
    out, err = shell.communicate(input=rest, timeout=300)
    return shell.returncode, out, err


def replace(rig):
    """A shell with a quiz open; another Brainy file, or an empty file, is moved over its database's path after a
    random number of answers; the shell goes on answering. Every answer it acknowledged must be in its rescued copy,
    the answer after the move refused, the file at the path and the copy intact, and the next start on an empty
    file must refuse it rather than make a new database."""
    f = Figures("replace")
    trials = 20 if rig.full else 4
    acked_total = kept = lost = after = damaged = silent_new = crashes = raw = not_said = 0
    for trial in range(trials):
        kind = "empty" if trial % 2 else "brainy"
        db, moved = rig.path(f"replace-{trial}.sqlite"), rig.path(f"replace-{trial}-moved.sqlite")
        if kind == "brainy":
            assert rig.run(moved, "-c", "login guest").returncode == 0
        else:
            open(moved, "w").close()
        first = rig.random.randint(1, QUESTIONS - 2)
        shell, head = playing(rig, db, CATEGORIES[trial % 5], first)
        os.rename(moved, db)
        status, out, err = finish(shell, answers(rig, QUESTIONS - first))
        out = head + out
        acked = acknowledged(out)
        copies = glob.glob(rig.path(f"replace-{trial}-rescued-*.sqlite"))
        stored = sum(quiz_answers(copy) for copy in copies)
        acked_total += acked
        kept += stored
        lost += max(0, acked - stored)
        after += max(0, acked - first)
        crashes += crashed(status)
        raw += raw_sqlite(err)
        not_said += "was replaced, moved or removed" not in err or len(copies) != 1
        damaged += any(integrity(copy) != "ok" for copy in copies)
        if kind == "brainy":
            damaged += integrity(db) != "ok"
            damaged += quiz_answers(db) != 0  # none of the shell's pages reached the file moved in
        else:
            again = rig.run(db, "-c", "login guest")
            silent_new += again.returncode == 0 or os.path.getsize(db) != 0
    # A shell started on the file moved in while the replaced one is still open (between its quizzes, its log
    # checkpointed): the two share the log by name; each one's acknowledged answers must stay in its own file.
    shared = 10 if rig.full else 2
    for trial in range(shared):
        db, moved = rig.path(f"shared-{trial}.sqlite"), rig.path(f"shared-{trial}-moved.sqlite")
        assert rig.run(moved, "-c", "login guest").returncode == 0
        first = rig.start(db)
        first.stdin.write("login guest\nmode short\ncategory music\nstart 2\n" + answers(rig, 2))
        first.stdin.flush()
        head = ""
        while "to play again" not in head:  # the quiz's result, shown once it is finished and checkpointed
            line = first.stdout.readline()
            if not line:
                break
            head += line
        os.rename(moved, db)
        second = rig.start(db)
        second.stdin.write("login guest\nmode short\ncategory person\nstart 3\n" + answers(rig, 1))
        second.stdin.flush()
        second_head = read_answers(second, 1)
        status, out, err = finish(first, "mode short\ncategory music\nstart 2\n" + answers(rig, 2))
        s_status, s_out, s_err = finish(second, "")
        acked_first, acked_second = acknowledged(head + out), acknowledged(second_head + s_out)
        copies = glob.glob(rig.path(f"shared-{trial}-rescued-*.sqlite"))
        kept_first = sum(quiz_answers(copy) for copy in copies)
        kept_second = quiz_answers(db)
        acked_total += acked_first + acked_second
        kept += kept_first + kept_second
        lost += max(0, acked_first - kept_first) + max(0, acked_second - kept_second)
        after += max(0, acked_first - 2)
        crashes += crashed(status) + crashed(s_status)
        raw += raw_sqlite(err) + raw_sqlite(s_err)
        not_said += "was replaced, moved or removed" not in err or len(copies) != 1
        damaged += any(integrity(copy) != "ok" for copy in copies) + (integrity(db) != "ok")
    f.values = {"trials": trials, "with a shell on the file moved in": shared, "acknowledged": acked_total,
                "kept (rescued copies, and the moved-in file for its own shell)": kept, "lost": lost,
                "acknowledged after the move": after, "files damaged": damaged,
                "empty file made a new database": silent_new, "not said": not_said, "crashes": crashes,
                "SQLite text shown": raw}
    f.expect(lost == 0 and after == 0, f"{lost} acknowledged answers lost, {after} acknowledged after the move")
    f.expect(damaged == 0, "a file failed its integrity check or took the shell's pages")
    f.expect(silent_new == 0, "the next start made a new database in the empty file")
    f.expect(not_said == 0 and crashes == 0 and raw == 0, "the shell did not say so, crashed, or showed SQLite text")
    return f


def links(rig):
    """The database given a second name (a hard link) and two shells resuming one quiz through the two names, the
    link made before both start or while the first plays: acknowledged answers against answers stored, the file
    intact, and the quiz resumable once the second name is gone."""
    f = Figures("links")
    trials = 20 if rig.full else 4
    acked_total = stored_total = lost = damaged = crashes = raw = not_said = resume_failed = 0
    for trial in range(trials):
        db, linked = rig.path(f"links-{trial}.sqlite"), rig.path(f"links-{trial}-other.sqlite")
        category = CATEGORIES[trial % 5]
        setup = rig.run(db, "-c", f"login guest; mode short; category {category}; start {QUESTIONS}")
        assert setup.returncode == 0, setup.stderr
        if trial % 2 == 0:
            os.link(db, linked)
            shells = [rig.start(db), rig.start(linked)]
            results = [finish(s, "login guest\nresume\n" + answers(rig, QUESTIONS)) for s in shells]
        else:
            first = rig.start(db)
            first.stdin.write("login guest\nresume\n" + answers(rig, 2))
            first.stdin.flush()
            head = read_answers(first, 2)
            os.link(db, linked)
            second = rig.start(linked)
            results = [finish(first, answers(rig, QUESTIONS - 2)), finish(second, "login guest\nresume\n" + answers(rig, QUESTIONS))]
            results[0] = (results[0][0], head + results[0][1], results[0][2])
        acked = sum(acknowledged(out) for _, out, _ in results)
        os.unlink(linked)
        stored = quiz_answers(db)
        acked_total += acked
        stored_total += stored
        lost += max(0, acked - stored)
        crashes += sum(crashed(status) for status, _, _ in results)
        raw += sum(raw_sqlite(err) for _, _, err in results)
        not_said += sum("(hard links)" not in err for _, _, err in results)
        damaged += integrity(db) != "ok"
        if stored < QUESTIONS:
            resumed = rig.run(db, "-c", "login guest; resume")
            resume_failed += resumed.returncode != 0 or f"[{stored + 1}/{QUESTIONS}]" not in resumed.stdout
    f.values = {"trials": trials, "acknowledged": acked_total, "stored": stored_total, "lost": lost,
                "files damaged": damaged, "shells that did not say so": not_said, "resumes failed": resume_failed,
                "crashes": crashes, "SQLite text shown": raw}
    f.expect(lost == 0, f"{lost} acknowledged answers lost")
    f.expect(damaged == 0 and resume_failed == 0, "a file failed its integrity check, or its quiz did not resume")
    f.expect(not_said == 0 and crashes == 0 and raw == 0, "a shell did not say so, crashed, or showed SQLite text")
    return f


def signout(rig):
    """A shell with a question open; another process signs out (`brainy -c logout`), or signs in as someone else,
    after a random number of answers; the shell goes on answering and asks for `stats`. No answer after the
    sign-out may be acknowledged or stored, `stats` must not run, and the quiz must resume where it stopped."""
    f = Figures("signout")
    trials = 20 if rig.full else 4
    acked_total = stored_total = lost = after = stats_ran = damaged = crashes = raw = not_said = resume_failed = 0
    for trial in range(trials):
        db = rig.path(f"signout-{trial}.sqlite")
        if trial % 2:
            # Someone else's account on the device, to sign in with from the other process.
            r = rig.run(db, stdin="register other@example.com\ncorrect horse battery\ncorrect horse battery\nlogout\n",
                        timeout=300)
            assert r.returncode == 0, r.stderr
        first = rig.random.randint(1, QUESTIONS - 2)
        shell, head = playing(rig, db, CATEGORIES[trial % 5], first)
        stored_before = quiz_answers(db)
        if trial % 2:
            other = rig.run(db, stdin="login email other@example.com\ncorrect horse battery\n", timeout=300)
        else:
            other = rig.run(db, "-c", "logout")
        assert other.returncode == 0, other.stderr
        status, out, err = finish(shell, answers(rig, QUESTIONS - first) + "stats\n")
        acked = acknowledged(head + out)
        stored = quiz_answers(db)
        acked_total += acked
        stored_total += stored
        lost += max(0, acked - stored)
        after += max(0, acked - first) + max(0, stored - stored_before)
        stats_ran += "By mode" in out
        crashes += crashed(status)
        raw += raw_sqlite(err)
        not_said += "This shell was signed out" not in err
        damaged += integrity(db) != "ok"
        resumed = rig.run(db, "-c", "login guest; resume")
        resume_failed += resumed.returncode != 0 or f"[{stored + 1}/{QUESTIONS}]" not in resumed.stdout
    f.values = {"trials": trials, "acknowledged": acked_total, "stored": stored_total, "lost": lost,
                "acknowledged or stored after the sign-out": after, "stats after it": stats_ran,
                "not said": not_said, "resumes failed": resume_failed, "files damaged": damaged,
                "crashes": crashes, "SQLite text shown": raw}
    f.expect(lost == 0 and after == 0, f"{lost} acknowledged answers lost, {after} taken after the sign-out")
    f.expect(stats_ran == 0 and not_said == 0, "stats ran after the sign-out, or the shell did not say so")
    f.expect(resume_failed == 0 and damaged == 0, "the quiz did not resume, or a file failed its integrity check")
    f.expect(crashes == 0 and raw == 0, "a crash or raw SQLite text")
    return f


def crowd(rig):
    """60 shells started at once on a database file that does not exist yet, each signing in and reading its stats
    (the first makes, migrates and imports the pack; the others must wait for it, not fail)."""
    f = Figures("crowd")
    rounds, shells = (5, 60) if rig.full else (1, 60)
    failed = crashes = raw = damaged = 0
    reasons = set()
    for round_ in range(rounds):
        db = rig.path(f"crowd-{round_}.sqlite")
        processes = [subprocess.Popen([rig.brainy, "--db", db, "--lang", "en", "-c",
                                       "login guest; stats"],
                                      stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                      text=True, cwd=rig.work, env=rig.env) for _ in range(shells)]
        for process in processes:
            out, err = process.communicate(timeout=600)
            # A later shell's sign-in as the same guest does not sign an earlier one out: any failure counts.
            if process.returncode != 0:
                failed += 1
                reasons.add(err.strip()[-160:])
            crashes += crashed(process.returncode)
            raw += raw_sqlite(err)
        damaged += integrity(db) != "ok"
    f.values = {"rounds": rounds, "shells": rounds * shells, "failed to start": failed, "crashes": crashes,
                "SQLite text shown": raw, "files damaged": damaged}
    f.notes = sorted(reasons)
    f.expect(failed == 0, f"{failed} shells failed")
    f.expect(crashes == 0 and raw == 0 and damaged == 0, "a crash, raw SQLite text or a damaged file")
    return f
