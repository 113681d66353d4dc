"""A shell device with many pending results, as `server-kill` and `instance-kill` make one, and what it holds compared
with what a server holds, by result id."""
import sqlite3, subprocess
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


def compare(every, synced, held):
    """Device (its results, those marked synced) against the server's result ids (a list: an id held twice counts).
    Lost: a result the device holds that the server does not; doubled: one the server holds twice or that the device
    never had."""
    held_set = set(held)
    return {"lost": len(every - held_set), "marked synced but lost": len(synced - held_set),
            "doubled": (len(held) - len(held_set)) + len(held_set - every), "left pending": len(every - synced)}


def start_sync(rig, db, url, env):
    """`brainy -c sync` against url, started now; the caller waits for it (or kills its server meanwhile)."""
    return subprocess.Popen([rig.brainy, "--db", db, "--server", url, "--lang", "en", "-c", "sync"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=dict(rig.env, **env), cwd=rig.work)
