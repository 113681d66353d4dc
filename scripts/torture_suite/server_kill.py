"""`server-kill`: the server killed -9 mid-sync, started again on its file; results lost or doubled compared to
the device."""
import sqlite3, subprocess, time
from .rig import Figures, crashed, integrity
from .shells import PASSWORD, answers


def device_account(rig, server, name):
    """A shell database signed in to an account registered through the shell, with one finished quiz of 10 to copy
    from; returns (db, account id, template quiz id)."""
    db = rig.path(f"{name}.sqlite")
    email = f"{name}@example.com"
    script = (f"register {email}\n{PASSWORD}\n{PASSWORD}\nmode short\ncategory country\nstart 10\n"
              + answers(rig, 10))
    r = rig.run(db, "--server", server.url, stdin=script, timeout=300)
    assert r.returncode == 0, f"the device's first quiz failed ({r.returncode}):\n{r.stdout[-1500:]}\n{r.stderr[-1500:]}"
    con = sqlite3.connect(db)
    user_id = con.execute("SELECT id FROM user WHERE email = ?", (email,)).fetchone()[0]
    quiz_id = con.execute("SELECT id FROM quiz WHERE userId = ? AND status = 'finished'", (user_id,)).fetchone()[0]
    con.close()
    return db, user_id, quiz_id


def clone_quizzes(db, template, copies, prefix):
    """`copies` new pending quizzes, each a copy of the template quiz and its results under new ids: what a device
    holds after that many quizzes played offline, made in a moment."""
    con = sqlite3.connect(db)
    quiz = con.execute("SELECT * FROM quiz WHERE id = ?", (template,))
    quiz_columns = [d[0] for d in quiz.description]
    quiz_row = quiz.fetchone()
    results = con.execute("SELECT * FROM quizResult WHERE quizId = ?", (template,))
    result_columns = [d[0] for d in results.description]
    result_rows = results.fetchall()
    quiz_rows, new_results = [], []
    for n in range(copies):
        quiz_id = f"{prefix}-{n:06d}"
        row = dict(zip(quiz_columns, quiz_row), id=quiz_id, needsSync=1)
        quiz_rows.append(tuple(row[c] for c in quiz_columns))
        for k, result in enumerate(result_rows):
            r = dict(zip(result_columns, result), id=f"{quiz_id}-r{k}", quizId=quiz_id, needsSync=1)
            new_results.append(tuple(r[c] for c in result_columns))
    con.execute("BEGIN")
    con.executemany(f"INSERT INTO quiz ({', '.join(quiz_columns)}) VALUES ({', '.join('?' * len(quiz_columns))})",
                    quiz_rows)
    con.executemany(f"INSERT INTO quizResult ({', '.join(result_columns)}) VALUES "
                    f"({', '.join('?' * len(result_columns))})", new_results)
    con.commit()
    con.close()


def device_ids(db, user_id):
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        every = {row[0] for row in con.execute("SELECT id FROM quizResult WHERE userId = ?", (user_id,))}
        synced = {row[0] for row in con.execute("SELECT id FROM quizResult WHERE userId = ? AND needsSync = 0",
                                                (user_id,))}
        return every, synced
    finally:
        con.close()


def server_ids(server_db, account_id):
    con = sqlite3.connect(f"file:{server_db}?mode=ro", uri=True, timeout=30)
    try:
        rows = [row[0] for row in con.execute("SELECT id FROM result WHERE accountId = ?", (account_id,))]
        quizzes = con.execute("SELECT count(*) FROM quiz WHERE accountId = ?", (account_id,)).fetchone()[0]
        return rows, quizzes
    finally:
        con.close()


def server_kill(rig):
    """The server killed -9 at a random moment of a sync, then started again on its file; the shell syncs again.
    Lost: a result the device holds (or marked synced) that the server does not; doubled: a result the server holds
    twice or that the device never had."""
    f = Figures("server-kill")
    kills = 30 if rig.full else 3
    per_round = 500 if rig.full else 150  # quizzes of 10 results added before each kill
    server = rig.server("server-kill-server.sqlite").start()
    db, user_id, template = device_account(rig, server, "skill")
    # Small batches: a kill anywhere in the upload then lands between two acknowledged batches.
    batch = {"BRAINY_SYNC_BATCH": "100"}
    sync = lambda: rig.run(db, "--server", server.url, "-c", "sync", timeout=600, extra_env=batch)
    first = sync()
    assert first.returncode == 0, first.stderr
    mid_upload = shell_crashes = damaged = restarts_failed = 0
    duration = None
    for n in range(kills + 1):
        clone_quizzes(db, template, per_round, f"k{n}")
        every, synced_before = device_ids(db, user_id)
        shell = subprocess.Popen([rig.brainy, "--db", db, "--server", server.url, "--lang", "en", "-c", "sync"],
                                 stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 env=dict(rig.env, **batch), cwd=rig.work)
        started = time.monotonic()
        if duration is None:
            shell.communicate(timeout=600)  # the first round measures how long a sync takes
            duration = time.monotonic() - started
            continue
        time.sleep(rig.random.uniform(0.02, duration))
        server.kill()
        shell.communicate(timeout=600)
        shell_crashes += crashed(shell.returncode)
        _, synced_after = device_ids(db, user_id)
        added = len(synced_after - synced_before)
        mid_upload += 0 < added < per_round * 10
        damaged += integrity(server.db) != "ok"
        try:
            server.start()
        except RuntimeError as error:
            restarts_failed += 1
            f.notes.append(str(error)[:500])
            break
        for _ in range(3):
            again = sync()
            shell_crashes += crashed(again.returncode)
            every, synced = device_ids(db, user_id)
            if synced == every:
                break
    every, synced = device_ids(db, user_id)
    held, quizzes_held = server_ids(server.db, user_id)
    server.stop()
    held_set = set(held)
    lost = len(every - held_set)
    lost_synced = len(synced - held_set)
    doubled = (len(held) - len(held_set)) + len(held_set - every)
    f.values = {"kills": kills, "kills mid-upload": mid_upload, "results on the device": len(every),
                "held by the server": len(held), "lost": lost, "marked synced but lost": lost_synced,
                "doubled": doubled, "left pending": len(every - synced), "shell crashes": shell_crashes,
                "server files damaged": damaged, "restarts failed": restarts_failed}
    f.expect(lost == 0 and lost_synced == 0, f"{lost} results lost")
    f.expect(doubled == 0, f"{doubled} results doubled")
    f.expect(shell_crashes == 0 and damaged == 0 and restarts_failed == 0, "a crash, a damaged file or a failed restart")
    # Three kills (the quick form) may all land before or after the upload; thirty may not.
    if rig.full:
        f.expect(mid_upload > 0, "no kill landed mid-upload")
    return f
