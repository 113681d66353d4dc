"""`server-kill`: the server killed -9 mid-sync, started again on its file; results lost or doubled compared to
the device."""
import sqlite3
from .device import SYNC_BATCH, KilledSyncs, compare, device_account, device_ids
from .rig import Figures, crashed, integrity


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
    sync = lambda: rig.run(db, "--server", server.url, "-c", "sync", timeout=600, extra_env=SYNC_BATCH)
    first = sync()
    assert first.returncode == 0, first.stderr
    rounds = KilledSyncs(rig, db, user_id, template, per_round, "k")
    shell_crashes = damaged = restarts_failed = 0
    for n in range(kills + 1):
        if not rounds.round(n, server):
            continue
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
    held, _ = server_ids(server.db, user_id)
    server.stop()
    c = compare(every, synced, held)
    lost, lost_synced, doubled = c["lost"], c["marked synced but lost"], c["doubled"]
    shell_crashes += rounds.shell_crashes
    f.values = {"kills": kills, "kills mid-upload": rounds.mid_upload, "results on the device": len(every),
                "held by the server": len(held), **c, "shell crashes": shell_crashes,
                "server files damaged": damaged, "restarts failed": restarts_failed}
    f.expect(lost == 0 and lost_synced == 0, f"{lost} results lost")
    f.expect(doubled == 0, f"{doubled} results doubled")
    f.expect(shell_crashes == 0 and damaged == 0 and restarts_failed == 0, "a crash, a damaged file or a failed restart")
    # Three kills (the quick form) may all land before or after the upload; thirty may not.
    if rig.full:
        f.expect(rounds.mid_upload > 0, "no kill landed mid-upload")
    return f
