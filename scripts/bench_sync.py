#!/usr/bin/env python3
"""Measures sync against a local brainy-server: the shell uploading 100,000 pending results end to end, a new device
restoring them (download, in pages), the server's own result-ingest rate, and GET /v1/config requests per second (wrk,
from a second process). The shell's peak memory is its own process's (wait4).

usage: scripts/bench_sync.py path/to/brainy path/to/brainy-server   (run through scripts/bench, which builds both)
  BENCH_SYNC_RESULTS (100000) pending results, BENCH_SYNC_OTHER_BATCH (5000) the second BRAINY_SYNC_BATCH measured,
  BENCH_WRK_DURATION (5) seconds and BENCH_WRK_CONNECTIONS (32) for wrk.
"""
import ctypes, http.client, json, os, re, resource, shutil, signal, socket, sqlite3, subprocess, sys, tempfile, time
import urllib.error, urllib.request

BRAINY = os.path.abspath(sys.argv[1])
SERVER = os.path.abspath(sys.argv[2])
RESULTS = int(os.environ.get("BENCH_SYNC_RESULTS", 100_000))
PER_QUIZ = 5
OTHER_BATCH = int(os.environ.get("BENCH_SYNC_OTHER_BATCH", 5000))
WRK_SECONDS = int(os.environ.get("BENCH_WRK_DURATION", 5))
WRK_CONNECTIONS = int(os.environ.get("BENCH_WRK_CONNECTIONS", 32))
PASSWORD = "correct horse battery"
CATEGORIES = ["person", "general", "country", "drama", "music"]
work = tempfile.mkdtemp(prefix="brainy-bench-sync-")
env = dict(os.environ, XDG_DATA_HOME=work, NO_COLOR="1", LANG="C.UTF-8")
server_db = os.path.join(work, "server.sqlite")
server = None


def stop_server():
    global server
    if server is not None and server.poll() is None:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    server = None


def on_signal(signum, _frame):
    stop_server()
    sys.exit(128 + signum)


for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
    signal.signal(sig, on_signal)


def die_with_parent():
    """Runs in the server's process before exec: the kernel sends it SIGTERM should this script die unawares."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(deadline_s=30):
    global server
    port = free_port()
    log = open(os.path.join(work, "server.log"), "w")
    server = subprocess.Popen([SERVER, "--port", str(port), "--db", server_db,
                               # the daily quota (20,000 results, 5,000 quizzes an account) would refuse the
                               # bench's one account its history: the server alone can lift it
                               "--results-per-day", str(max(RESULTS, 20_000)),
                               "--quizzes-per-day", str(max(RESULTS // PER_QUIZ, 5_000))], stdin=subprocess.DEVNULL, stdout=log,
                              stderr=subprocess.STDOUT, env=env, preexec_fn=die_with_parent)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + deadline_s
    while True:
        if server.poll() is not None:
            raise SystemExit(f"brainy-server exited with {server.returncode}:\n" + open(log.name).read()[-2000:])
        try:
            with urllib.request.urlopen(url + "/v1/config", timeout=2) as response:
                if response.status == 200:
                    return url, port
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        if time.monotonic() > deadline:
            raise SystemExit(f"brainy-server did not answer GET /v1/config within {deadline_s} s:\n"
                             + open(log.name).read()[-2000:])
        time.sleep(0.05)


def brainy(db, url, *args, stdin=None, extra_env=None):
    return subprocess.run([BRAINY, "--db", db, "--server", url, "--lang", "en", *args], input=stdin,
                          env=dict(env, **(extra_env or {})), capture_output=True, text=True)


def grdb_date(seconds):
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(seconds)) + f".{int(seconds * 1000) % 1000:03d}"


def shell_account(url, name):
    """A fresh shell database with an account registered on the server through the shell; returns (db, user id)."""
    db = os.path.join(work, f"{name}.sqlite")
    email = f"{name}@example.com"
    r = brainy(db, url, stdin=f"register {email}\n{PASSWORD}\n{PASSWORD}\ny\n")
    assert r.returncode == 0, f"register through the shell failed ({r.returncode}):\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}"
    con = sqlite3.connect(db)
    row = con.execute("SELECT id, provider FROM user WHERE email = ?", (email,)).fetchone()
    con.close()
    assert row and row[1] == "email", f"no email user {email} in the shell's database after register:\n{r.stdout[-2000:]}"
    return db, row[0]


def pack_questions(db):
    """The ids of the pack's questions in the shell's database, per category (the server refuses any other id)."""
    con = sqlite3.connect(db)
    by_category = {c: [row[0] for row in con.execute(
        "SELECT id FROM question WHERE category = ? AND removedAt IS NULL ORDER BY id", (c,))] for c in CATEGORIES}
    con.close()
    assert all(by_category.values()), "the shell's database has no questions in some category"
    return by_category


def populate(db, user_id, prefix):
    """RESULTS finished, pending results (quizzes of PER_QUIZ) on the pack's questions, straight into SQLite."""
    by_category = pack_questions(db)
    con = sqlite3.connect(db)
    quizzes = RESULTS // PER_QUIZ
    start = time.time() - quizzes * 300 - 86_400  # every quiz over before now, so markSynced takes them
    quiz_rows, result_rows = [], []
    for q in range(quizzes):
        category = CATEGORIES[q % 5]
        ids = by_category[category]
        began = start + q * 300
        picked = [ids[(q * PER_QUIZ + k) * 7919 % len(ids)] for k in range(PER_QUIZ)]
        correct = sum(1 for k in range(PER_QUIZ) if (q + k) % 10 < 7)
        dealt = json.dumps([{"questionId": qid, "optionOrder": [0, 1, 2, 3]} for qid in picked])
        quiz_rows.append((f"{prefix}q{q:07d}", user_id, category, dealt, PER_QUIZ, grdb_date(began),
                          grdb_date(began + 60), correct, PER_QUIZ, 60.0, grdb_date(began + 60)))
        for k, qid in enumerate(picked):
            result_rows.append((f"{prefix}r{q * PER_QUIZ + k:08d}", f"{prefix}q{q:07d}", user_id, qid, k, "1",
                                "correct" if (q + k) % 10 < 7 else "wrong", 12.5, grdb_date(began + 12 * (k + 1)),
                                category, grdb_date(began + 12 * (k + 1))))
    con.execute("BEGIN")
    con.executemany("""INSERT INTO quiz (id, userId, type, category, format, selection, stage, dealt, questionCount,
                       status, startedAt, finishedAt, correctCount, answeredCount, duration, needsSync, lastModified)
                       VALUES (?, ?, 'mc', ?, 'individual', 'random', NULL, ?, ?, 'finished', ?, ?, ?, ?, ?, 1, ?)""",
                    quiz_rows)
    con.executemany("""INSERT INTO quizResult (id, quizId, userId, questionId, position, givenAnswer, outcome, hintUsed,
                       timeSpent, answeredAt, category, type, needsSync, lastModified)
                       VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, 'mc', 1, ?)""", result_rows)
    con.commit()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()


def pending(db):
    con = sqlite3.connect(db)
    counts = (con.execute("SELECT count(*) FROM quizResult WHERE needsSync = 1").fetchone()[0],
              con.execute("SELECT count(*) FROM quiz WHERE needsSync = 1").fetchone()[0])
    con.close()
    return counts


def mark_pending(db):
    con = sqlite3.connect(db)
    con.execute("UPDATE quizResult SET needsSync = 1")
    con.execute("UPDATE quiz SET needsSync = 1")
    con.commit()
    con.close()


def held_by_server(account_id):
    con = sqlite3.connect(f"file:{server_db}?mode=ro", uri=True)
    counts = (con.execute("SELECT count(*) FROM result WHERE accountId = ?", (account_id,)).fetchone()[0],
              con.execute("SELECT count(*) FROM quiz WHERE accountId = ?", (account_id,)).fetchone()[0])
    con.close()
    return counts


def server_cpu():
    """CPU seconds the server has used so far (user + system, all its threads)."""
    fields = open(f"/proc/{server.pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measured(db, url, *args, extra_env=None):
    """Runs the shell like `brainy`, returning (return code, output, wall seconds, CPU seconds, peak RSS in MB) of that
    one process (wait4's rusage, not the children's running maximum)."""
    out = tempfile.TemporaryFile(mode="w+")
    t = time.perf_counter()
    p = subprocess.Popen([BRAINY, "--db", db, "--server", url, "--lang", "en", *args], stdin=subprocess.DEVNULL,
                         stdout=out, stderr=subprocess.STDOUT, env=dict(env, **(extra_env or {})))
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - t
    out.seek(0)
    return p.returncode, out.read(), wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def timed_sync(db, url, batch):
    extra = {"BRAINY_SYNC_BATCH": str(batch)} if batch else {}
    cpu_server = server_cpu()
    code, output, wall, cpu_shell, peak = measured(db, url, "-c", "sync", extra_env=extra)
    cpu = (cpu_shell, server_cpu() - cpu_server)
    assert code == 0, f"sync failed ({code}):\n{output[-2000:]}"
    lines = [line.strip() for line in output.replace("\r", "\n").splitlines()]
    summary = next((line for line in reversed(lines) if "Synced" in line), "(no summary line)")
    return wall, summary + f"  (peak memory {peak:.0f} MB)", cpu


def restore(url, name):
    """A new, empty device signs in to the account `name` uploaded and syncs: everything comes down, in pages."""
    db = os.path.join(work, f"{name}-new-device.sqlite")
    r = brainy(db, url, stdin=f"login email {name}@example.com\n{PASSWORD}\n")
    assert r.returncode == 0, f"login on the new device failed ({r.returncode}):\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}"
    cpu_server = server_cpu()
    code, output, wall, cpu_shell, peak = measured(db, url, "-c", "sync")
    assert code == 0, f"restore failed ({code}):\n{output[-2000:]}"
    con = sqlite3.connect(db)
    held = (con.execute("SELECT count(*) FROM quizResult").fetchone()[0],
            con.execute("SELECT count(*) FROM quiz").fetchone()[0])
    con.close()
    assert held == (RESULTS, RESULTS // PER_QUIZ), f"the new device holds {held} (results, quizzes)"
    lines = [line.strip() for line in output.replace("\r", "\n").splitlines()]
    summary = next((line for line in reversed(lines) if "Synced" in line), "(no summary line)")
    return wall, summary, (cpu_shell, server_cpu() - cpu_server), peak


def shell_upload(url, name, batch):
    db, user_id = shell_account(url, name)
    t = time.perf_counter()
    populate(db, user_id, name + "-")
    print(f"populate {name}: {RESULTS:,} pending results in {RESULTS // PER_QUIZ:,} quizzes, {time.perf_counter() - t:.1f} s"
          " (not a figure of the shell)")
    runs = []
    for label in ("first run (the server stores them)", "re-sent after UPDATE ... SET needsSync = 1 (the server re-acknowledges)"):
        wall, summary, cpu = timed_sync(db, url, batch)
        left = pending(db)
        held = held_by_server(user_id)
        assert left == (0, 0), f"still pending after sync (results, quizzes): {left}"
        assert held == (RESULTS, RESULTS // PER_QUIZ), f"the server holds {held} (results, quizzes), not {RESULTS:,}"
        runs.append((label, wall, summary, cpu))
        if len(runs) == 1:
            mark_pending(db)
    return runs


def get(connection, path):
    connection.request("GET", path)
    response = connection.getresponse()
    data = response.read()
    if response.status != 200:
        raise SystemExit(f"GET {path}: {response.status} {data[:500]!r}")
    return json.loads(data)


def post(connection, path, body, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    connection.request("POST", path, body=body, headers=headers)
    response = connection.getresponse()
    data = response.read()
    if response.status not in (200, 201):
        raise SystemExit(f"POST {path}: {response.status} {data[:500]!r}")
    return json.loads(data)


def iso(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def ingest(port, by_category, batch=1000):
    """The server alone: batches of `batch` results (and their quizzes, as the shell sends them) on the pack's
    questions (`by_category`) posted one after the other on one keep-alive connection, every body encoded
    beforehand. Wrong answers and right ones carrying no answer text, which the server holds without grading."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    consents = [{"document": d["document"], "version": d["version"]}
                for d in get(connection, "/v1/auth/consent")["documents"]]
    token = post(connection, "/v1/auth/register",
                 json.dumps({"email": "ingest@example.com", "password": PASSWORD, "consents": consents}).encode())["accessToken"]
    start = time.time() - RESULTS * 60
    bodies = []
    for first in range(0, RESULTS, batch):
        results, quizzes = [], []
        for i in range(first, min(first + batch, RESULTS)):
            q = i // PER_QUIZ
            ids = by_category[CATEGORIES[q % 5]]
            if i % PER_QUIZ == 0:
                quizzes.append({"id": f"iq{q:07d}", "category": CATEGORIES[q % 5], "type": "mc", "format": "individual",
                                "correctCount": 3, "questionCount": PER_QUIZ, "startedAt": iso(start + q * 300),
                                "finishedAt": iso(start + q * 300 + 60)})
            results.append({"id": f"ir{i:08d}", "quizId": f"iq{q:07d}", "questionId": ids[i * 7919 % len(ids)],
                            "category": CATEGORIES[q % 5], "type": "mc", "outcome": "correct" if i % 10 < 7 else "wrong",
                            "timeSpent": 12.5, "answeredAt": iso(start + q * 300 + 12 * (i % PER_QUIZ + 1)),
                            "hintUsed": False})
        bodies.append(json.dumps({"results": results, "quizzes": quizzes}).encode())

    def send_all():
        cpu = server_cpu()
        t = time.perf_counter()
        accepted = 0
        refusals = {}
        for body in bodies:
            answer = post(connection, "/v1/results", body, token)
            accepted += len(answer["accepted"])
            for refusal in answer.get("refusals", []):
                refusals[refusal["reason"]] = refusals.get(refusal["reason"], 0) + 1
        elapsed = time.perf_counter() - t
        assert accepted == RESULTS, f"the server accepted {accepted:,} of {RESULTS:,} (refused: {refusals or 'no reasons'})"
        return elapsed, server_cpu() - cpu

    first = send_all()
    again = send_all()
    connection.close()
    size = sum(map(len, bodies)) / len(bodies)
    return first, again, size


def wrk(url, header=None):
    command = ["wrk", "-t2", f"-c{WRK_CONNECTIONS}", f"-d{WRK_SECONDS}s", "--latency"]
    if header:
        command += ["-H", header]
    out = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s*([\d.]+)", out).group(1))

    def latency(p):
        m = re.search(rf"^\s*{p}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        return float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)] if m else float("nan")

    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: .*", out)
    problems = ", ".join(x.group(0) for x in (errors, socket_errors) if x)
    return rate, latency(50), latency(99), problems


def config_etag(url):
    with urllib.request.urlopen(url + "/v1/config", timeout=5) as response:
        return response.headers["ETag"]


try:
    url, port = start_server()
    print(f"brainy sync benchmark — {RESULTS:,} pending results against brainy-server at {url}; data in {work}")
    for batch in (1000, OTHER_BATCH):
        name = "bench" if batch == 1000 else f"bench{batch}"
        knob = "default BRAINY_SYNC_BATCH=1000" if batch == 1000 else f"BRAINY_SYNC_BATCH={batch}"
        for label, wall, summary, (cpu_shell, cpu_server) in shell_upload(url, name, None if batch == 1000 else batch):
            print(f"sync upload, {knob}, brainy -c sync wall clock, {label}: {wall:.2f} s = {RESULTS / wall:,.0f} results/s"
                  f"  (CPU: shell {cpu_shell:.2f} s, server {cpu_server:.2f} s)")
            print(f"    shell said: {summary}")
        if batch == 1000:
            wall, summary, (cpu_shell, cpu_server), peak = restore(url, name)
            print(f"sync restore, a new device downloading the same {RESULTS:,} results and {RESULTS // PER_QUIZ:,} "
                  f"quizzes, brainy -c sync wall clock: {wall:.2f} s = {RESULTS / wall:,.0f} results/s  (CPU: shell "
                  f"{cpu_shell:.2f} s, server {cpu_server:.2f} s; shell peak memory {peak:.0f} MB)")
            print(f"    shell said: {summary}")
    (first, first_cpu), (again, again_cpu), size = ingest(port, pack_questions(os.path.join(work, "bench.sqlite")))
    print(f"server ingest, POST /v1/results in batches of 1000 results + 200 quizzes ({size / 1024:.0f} KB each), one "
          f"connection, Python client: {RESULTS / first:,.0f} results/s stored ({first:.2f} s for {RESULTS:,}, server CPU "
          f"{first_cpu:.2f} s);  {RESULTS / again:,.0f} results/s re-sent ({again:.2f} s, server CPU {again_cpu:.2f} s)")
    if shutil.which("wrk"):
        etag = config_etag(url)
        for label, header in (("GET /v1/config (200, full body)", None),
                              (f"GET /v1/config with If-None-Match: {etag} (304)", f"If-None-Match: {etag}")):
            rate, p50, p99, problems = wrk(url + "/v1/config", header)
            print(f"{label}, wrk -t2 -c{WRK_CONNECTIONS} -d{WRK_SECONDS}s: {rate:,.0f} requests/s  "
                  f"latency p50 {p50:.2f} ms  p99 {p99:.2f} ms" + (f"  ({problems})" if problems else ""))
    else:
        print("GET /v1/config requests/s: skipped, wrk is not installed (apt-get install wrk)")
finally:
    stop_server()
