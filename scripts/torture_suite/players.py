"""`users`: concurrent play. Since a write checks that its session is still the signed-in one (issue 25), different
players on one database file sign each other out, so concurrent play is tested as people play: each player on a file
of their own under their own HOME, many at once; several shells of one player on one file, also syncing with a server
from each; and players who share a
file and sign each other out, where a shell signed out by another process must say so and lose nothing it
acknowledged."""
import glob, os, subprocess
from .rig import Figures, count, crashed, integrity
from .shells import CATEGORIES, PASSWORD, QUESTIONS, acknowledged, answers, raw_sqlite, read_answers, together

SIGNED_OUT = "This shell was signed out"
REFUSALS = ("open in another shell", "already has an answer saved by another shell", "clashed with another shell")


def home_env(rig, home):
    os.makedirs(home, exist_ok=True)
    return dict(rig.env, HOME=home, XDG_DATA_HOME=home, XDG_CONFIG_HOME=home,
                BRAINY_HISTFILE=os.path.join(home, "history"))


def shell_at_home(rig, home):
    """A shell on the default database of `home` (no --db: the path a person's shell takes)."""
    return subprocess.Popen([rig.brainy, "--lang", "en"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=home, env=home_env(rig, home))


def play(quizzes, rig, category):
    return f"mode short\ncategory {category}\n" + "".join(
        f"start {QUESTIONS}\n" + answers(rig, QUESTIONS) for _ in range(quizzes))


def answers_of(db, email):
    """Answers stored on `db` for the account `email` (a local account, or a guest: email None)."""
    if email is None:
        return count(db, "SELECT count(*) FROM quizResult r JOIN quiz q ON q.id = r.quizId "
                         "JOIN user u ON u.id = q.userId WHERE u.provider = 'guest'")
    return count(db, "SELECT count(*) FROM quizResult r JOIN quiz q ON q.id = r.quizId "
                     "JOIN user u ON u.id = q.userId WHERE u.email = ?", email)


class Tally:
    def __init__(self):
        self.shells = self.acked = self.stored = self.lost = self.extra = self.crashes = self.raw = 0
        self.failed = self.damaged = self.refused = self.synced = self.pending = 0
        self.notes = []

    def shell(self, status, err, acked, stored, what):
        self.shells += 1
        self.acked += acked
        self.stored += stored
        self.lost += max(0, acked - stored)
        self.crashes += crashed(status)
        self.raw += raw_sqlite(err)
        if acked != stored:
            self.notes.append(f"{what}: acknowledged {acked}, stored {stored}")


def own_homes(rig, tally, n, round_):
    """n players at once, each on the database of their own HOME, each registering and playing two quizzes."""
    homes = [rig.path(f"users-home-{round_}-{k}") for k in range(n)]
    emails = [f"player{k}-{round_}@example.com" for k in range(n)]
    scripts = [f"register {email}\n{PASSWORD}\n{PASSWORD}\n" + play(2, rig, CATEGORIES[k % 5])
               for k, email in enumerate(emails)]
    results = together([shell_at_home(rig, home) for home in homes], scripts)
    for home, email, (status, out, err) in zip(homes, emails, results):
        files = [p for p in glob.glob(os.path.join(home, "**", "*.sqlite"), recursive=True)]
        stored = sum(answers_of(db, email) for db in files)
        tally.shell(status, err, acknowledged(out), stored, f"{email} in its own home")
        tally.failed += status != 0 or acknowledged(out) != 2 * QUESTIONS
        if status != 0 or acknowledged(out) != 2 * QUESTIONS:
            tally.notes.append(f"{email}: exit {status}, {acknowledged(out)} acknowledged: {err.strip()[-300:]}")
        tally.damaged += len(files) != 1 or any(integrity(db) != "ok" for db in files)


def one_player(rig, tally, n, round_):
    """n shells of one player on one file at once, each playing two quizzes: every answer acknowledged is stored
    once; a shell whose quiz another shell took says so (no raw SQLite)."""
    db = rig.path(f"users-one-{round_}.sqlite")
    email = f"shared-{round_}@example.com"
    setup = rig.run(db, stdin=f"register {email}\n{PASSWORD}\n{PASSWORD}\n", timeout=300)
    assert setup.returncode == 0, setup.stderr[-1500:]
    scripts = [f"login email {email}\n{PASSWORD}\n" + play(2, rig, CATEGORIES[k % 5]) for k in range(n)]
    results = together([rig.start(db) for _ in range(n)], scripts)
    acked = sum(acknowledged(out) for _, out, _ in results)
    for status, out, err in results:
        tally.refused += sum(err.count(reason) for reason in REFUSALS)
        tally.crashes += crashed(status)
        tally.raw += raw_sqlite(err)
        tally.shells += 1
    stored = answers_of(db, email)
    tally.acked += acked
    tally.stored += stored
    tally.lost += max(0, acked - stored)
    tally.extra += max(0, stored - acked)
    if acked != stored:
        tally.notes.append(f"one player, {n} shells: acknowledged {acked}, stored {stored}")
    tally.damaged += integrity(db) != "ok"


def one_player_syncing(rig, tally, n, round_):
    """n shells of one player on one file at once, signed in to a server: each plays two quizzes and syncs after each
    (both shells' uploads interleave); then one more sync. Every acknowledged answer is on the device once and on the
    server once, none left pending."""
    server = rig.server(f"users-sync-{round_}-server.sqlite").start()
    db = rig.path(f"users-sync-{round_}.sqlite")
    email = f"syncer-{round_}@example.com"
    try:
        setup = rig.run(db, "--server", server.url, stdin=f"register {email}\n{PASSWORD}\n{PASSWORD}\ny\n", timeout=300)
        assert setup.returncode == 0, setup.stderr[-1500:]
        # No login: each shell takes up the device's sign-in, as a second terminal of one person would.
        scripts = ["".join(f"mode short\ncategory {CATEGORIES[(k + q) % 5]}\nstart {QUESTIONS}\n"
                           + answers(rig, QUESTIONS) + "sync\n" for q in range(2)) for k in range(n)]
        results = together([rig.start(db, "--server", server.url) for _ in range(n)], scripts)
        last = rig.run(db, "--server", server.url, "-c", "sync", timeout=300)
    finally:
        server.stop()
    acked = sum(acknowledged(out) for _, out, _ in results)
    for status, out, err in results:
        tally.shells += 1
        tally.crashes += crashed(status)
        tally.raw += raw_sqlite(err)
        tally.refused += sum(err.count(reason) for reason in REFUSALS)
        tally.failed += status != 0
        if status != 0:
            tally.notes.append(f"one player syncing: exit {status}: {err.strip()[-300:]}")
    tally.failed += last.returncode != 0
    on_device = answers_of(db, email)
    on_server = count(server.db, "SELECT count(*) FROM result r JOIN account a ON a.id = r.accountId WHERE a.email = ?",
                      email)
    pending = count(db, "SELECT count(*) FROM quizResult WHERE needsSync = 1")
    tally.acked += acked
    tally.stored += on_device
    tally.lost += max(0, acked - on_device) + max(0, on_device - on_server)
    tally.extra += max(0, on_device - acked) + max(0, on_server - on_device)
    tally.synced += on_server
    tally.pending += pending
    if not acked == on_device == on_server or pending:
        tally.notes.append(f"one player syncing, {n} shells: acknowledged {acked}, on the device {on_device}, "
                           f"on the server {on_server}, pending {pending}")
    tally.damaged += integrity(db) != "ok"


def sign_each_other_out(rig, tally, n, round_):
    """Players A, B, … on one file, each in a shell of their own. A plays; after a random number of answers the
    others sign in and play too, each signing out the one before. A shell signed out by another process must say so,
    acknowledge nothing after, and keep everything it acknowledged; the last to sign in plays to the end."""
    db = rig.path(f"users-shared-{round_}.sqlite")
    emails = [f"sharer{k}-{round_}@example.com" for k in range(n)]
    setup = rig.run(db, stdin="".join(f"register {e}\n{PASSWORD}\n{PASSWORD}\nlogout\n" for e in emails), timeout=300)
    assert setup.returncode == 0, setup.stderr[-1500:]
    shells, heads, firsts = [], [], []
    for k, email in enumerate(emails):
        first = rig.random.randint(1, QUESTIONS - 2)
        shell = rig.start(db)
        shell.stdin.write(f"login email {email}\n{PASSWORD}\nmode short\ncategory {CATEGORIES[k % 5]}\n"
                          f"start {QUESTIONS}\n" + answers(rig, first))
        shell.stdin.flush()
        heads.append(read_answers(shell, first))  # acknowledged `first` answers: signed in and playing
        shells.append(shell)
        firsts.append(first)
    # Every shell goes on answering; all but the last were signed out by the next one's sign-in.
    outs = []
    for k, shell in enumerate(shells):
        out, err = shell.communicate(answers(rig, QUESTIONS - firsts[k]) + "stats\n", timeout=300)
        outs.append((shell.returncode, heads[k] + out, err))
    said = 0
    for k, (email, (status, out, err)) in enumerate(zip(emails, outs)):
        acked = acknowledged(out)
        stored = answers_of(db, email)
        tally.shell(status, err, acked, stored, f"{email}, {'signed out' if k < n - 1 else 'last'}")
        if k < n - 1:
            # Signed out after its first answers: said so, took nothing after, ran no stats.
            said += SIGNED_OUT in err
            tally.extra += max(0, acked - firsts[k])
            tally.failed += "By mode" in out
        else:
            tally.failed += acked != QUESTIONS
    tally.notes += [f"{n - 1 - said} of {n - 1} shells signed out by another process did not say so"] if said < n - 1 else []
    tally.failed += (n - 1) - said
    tally.damaged += integrity(db) != "ok"


def users(rig):
    f = Figures("users")
    own, shells_of_one, sharing, rounds = (16, 4, 4, 3) if rig.full else (6, 3, 2, 1)
    t = Tally()
    for round_ in range(rounds):
        own_homes(rig, t, own, round_)
        one_player(rig, t, shells_of_one, round_)
        one_player_syncing(rig, t, 2, round_)
        sign_each_other_out(rig, t, sharing, round_)
    f.values = {"rounds": rounds, "players in their own homes at once": own, "shells of one player on one file": shells_of_one,
                "players signing each other out on one file": sharing, "shells": t.shells, "acknowledged": t.acked,
                "answers refused as another shell's (one player)": t.refused,
                "stored": t.stored, "held by the server (one player syncing from 2 shells)": t.synced,
                "left pending": t.pending, "lost": t.lost, "stored twice or after a sign-out": t.extra,
                "failed (exit, unfinished, not said)": t.failed, "crashes": t.crashes, "SQLite text shown": t.raw,
                "files damaged": t.damaged}
    f.notes = t.notes
    f.expect(t.lost == 0 and t.extra == 0, f"{t.lost} acknowledged answers lost, {t.extra} stored twice or after a sign-out")
    f.expect(t.pending == 0, f"{t.pending} answers left pending after the last sync")
    f.expect(t.failed == 0, f"{t.failed} shells failed, did not finish, or were signed out without being told")
    f.expect(t.crashes == 0 and t.raw == 0 and t.damaged == 0, "a crash, raw SQLite text or a damaged file")
    return f
