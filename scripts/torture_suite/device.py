"""A shell device with many pending results, as `server-kill` and `instance-kill` make one, and what it holds compared
with what a server holds, by result id."""
import sqlite3, subprocess, time
from .rig import crashed
from .shells import PASSWORD, answers

# Small batches: a kill anywhere in an upload then lands between two acknowledged batches.
SYNC_BATCH = {"BRAINY_SYNC_BATCH": "100"}


def device_account(rig, server, name):
    """A shell database signed in to an account registered through the shell, with one finished quiz of 10 to copy
    from; returns (db, account id, template quiz id)."""
    db = rig.path(f"{name}.sqlite")
    email = f"{name}@example.com"
    script = (f"register {email}\n{PASSWORD}\n{PASSWORD}\ny\nmode short\ncategory country\nstart 10\n"
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


class KilledSyncs:
    """The round `server-kill` and `instance-kill` share: `per_round` quizzes added to the device, a sync started
    against a server, and the server killed -9 at a random moment of it. The first round only measures how long a
    sync takes (nothing killed). Counts the shells that crashed and the kills that landed mid-upload."""

    def __init__(self, rig, db, user_id, template, per_round, prefix):
        self.rig, self.db, self.user_id, self.template = rig, db, user_id, template
        self.per_round, self.prefix = per_round, prefix
        self.duration = None
        self.shell_crashes = self.mid_upload = 0

    def round(self, n, server):
        """Round n against `server`; True when the server was killed in it."""
        clone_quizzes(self.db, self.template, self.per_round, f"{self.prefix}{n}")
        _, synced_before = device_ids(self.db, self.user_id)
        shell = start_sync(self.rig, self.db, server.url, SYNC_BATCH)
        started = time.monotonic()
        if self.duration is None:
            shell.communicate(timeout=600)
            self.duration = time.monotonic() - started
            return False
        time.sleep(self.rig.random.uniform(0.02, self.duration))
        server.kill()
        shell.communicate(timeout=600)
        self.shell_crashes += crashed(shell.returncode)
        _, synced_after = device_ids(self.db, self.user_id)
        self.mid_upload += 0 < len(synced_after - synced_before) < self.per_round * 10
        return True
