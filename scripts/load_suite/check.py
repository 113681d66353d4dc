"""Nothing lost, nothing doubled: what each player's uploads were acknowledged against the rows the database holds
(read directly: sqlite3, or psql), and against the summary the API gave the player."""
import sqlite3


def rows_sqlite(path):
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=60)
    try:
        results = con.execute("SELECT id, accountId FROM result").fetchall()
        quizzes = con.execute("SELECT id, accountId FROM quiz").fetchall()
        return results, quizzes
    finally:
        con.close()


def rows_postgres(cluster, database):
    def table(name):
        out = cluster.psql(database, f"SELECT id, account_id FROM {name}").stdout
        return [tuple(line.split("\t")) for line in out.splitlines() if line]
    return table("result"), table("quiz")


def verify(players, results, quizzes):
    """Figures of the check; every count but the first three must be 0, except 'held, not acknowledged' (an upload
    whose answer was lost: already a failed request, and the device would send it again)."""
    held, held_quizzes = {}, {}
    for rows, into in ((results, held), (quizzes, held_quizzes)):
        for row_id, account in rows:
            into.setdefault(account, []).append(row_id)
    lost = doubled = unacknowledged = lies_held = quizzes_lost = summaries_wrong = unfinished = 0
    problems = []
    for player in players:
        rows = held.get(player.account_id, []) if player.account_id else []
        kept = set(rows)
        lost += len(player.acknowledged - kept)
        doubled += len(rows) - len(kept)  # a row beyond one per result id
        unacknowledged += len(kept - player.acknowledged - player.sent_lies)
        lies_held += len(kept & player.sent_lies)
        quizzes_lost += len(player.quizzes - set(held_quizzes.get(player.account_id, [])))
        # At least what was acknowledged, at most what is held (an upload whose answer timed out may be held).
        if player.summary is not None and not len(player.acknowledged) <= player.summary <= len(kept):
            summaries_wrong += 1
        unfinished += not player.done
        problems += [f"{player.email}: {p}" for p in player.problems]
    return {"players": len(players), "results acknowledged": sum(len(p.acknowledged) for p in players),
            "results held": sum(len(set(held.get(p.account_id, []))) for p in players if p.account_id),
            "lost": lost, "doubled": doubled, "held, not acknowledged": unacknowledged, "refused lies held": lies_held, "quizzes lost": quizzes_lost,
            "summaries wrong": summaries_wrong, "players unfinished": unfinished}, problems
