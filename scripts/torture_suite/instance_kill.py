"""`instance-kill` (issue 15): two server instances on one PostgreSQL database; one killed -9 mid-sync, the device moved
to the other to finish; results lost or doubled compared to the device."""
from load_suite.postgres import Cluster
from .device import SYNC_BATCH, KilledSyncs, compare, device_account, device_ids
from .rig import Figures, crashed
from .shells import PASSWORD


def server_ids(cluster, account_id):
    out = cluster.psql("brainy", f"SELECT id FROM result WHERE account_id = '{account_id}'").stdout
    return out.split()


def instance_kill(rig):
    """Each round the instance the device syncs with is killed -9 at a random moment of the upload; the device signs
    in on the other instance (`--server`, `login`) and syncs there; the killed one is started again and must answer
    /health. The instances swap roles each round, so each is killed in turn."""
    f = Figures("instance-kill")
    kills = 30 if rig.full else 2
    per_round = 500 if rig.full else 150  # quizzes of 10 results added before each kill
    cluster = Cluster().start()
    try:
        cluster.psql("postgres", "CREATE DATABASE brainy")
        # One key file: a token signed by one instance passes on the other. No rate limits: a login every round.
        storage = ["--database", cluster.url("brainy"), "--key-file", rig.path("instance-kill.key")]
        live = rig.server("instance-a", "--rate-limit", "off", storage=storage).start()
        spare = rig.server("instance-b", "--rate-limit", "off", storage=storage).start()
        return rounds(rig, f, cluster, live, spare, kills, per_round)
    finally:
        rig.stop_servers()
        cluster.stop()


def rounds(rig, f, cluster, live, spare, kills, per_round):
    db, user_id, template = device_account(rig, live, "ikill")
    email = "ikill@example.com"
    rounds = KilledSyncs(rig, db, user_id, template, per_round, "i")
    shell_crashes = restarts_failed = unhealthy = 0
    for n in range(kills + 1):
        if not rounds.round(n, live):
            continue
        # The device moves to the other instance: a sign-in there (tokens belong to a server's address), then sync.
        moved = rig.run(db, "--server", spare.url, stdin=f"login {email}\n{PASSWORD}\nsync\n", timeout=600,
                        extra_env=SYNC_BATCH)
        shell_crashes += crashed(moved.returncode)
        for _ in range(2):
            every, synced = device_ids(db, user_id)
            if synced == every:
                break
            shell_crashes += crashed(rig.run(db, "--server", spare.url, "-c", "sync", timeout=600,
                                             extra_env=SYNC_BATCH).returncode)
        try:
            live.start()
        except RuntimeError as error:
            restarts_failed += 1
            f.notes.append(str(error)[:500])
            break
        unhealthy += not live.healthy()
        live, spare = spare, live
    every, synced = device_ids(db, user_id)
    held = server_ids(cluster, user_id)
    c = compare(every, synced, held)
    shell_crashes += rounds.shell_crashes
    f.values = {"kills": kills, "kills mid-upload": rounds.mid_upload, "results on the device": len(every),
                "held by the server": len(held), **c, "shell crashes": shell_crashes,
                "restarts failed": restarts_failed, "unhealthy after restart": unhealthy}
    f.expect(c["lost"] == 0 and c["marked synced but lost"] == 0, f"{c['lost']} results lost")
    f.expect(c["doubled"] == 0, f"{c['doubled']} results doubled")
    f.expect(c["left pending"] == 0, f"{c['left pending']} results left pending")
    f.expect(shell_crashes == 0 and restarts_failed == 0 and unhealthy == 0,
             "a crash, a failed restart or an instance unhealthy after it")
    if rig.full:  # two kills may both land before or after the upload; thirty may not
        f.expect(rounds.mid_upload > 0, "no kill landed mid-upload")
    return f
