"""`db-outage` (issue 24): PostgreSQL stopped (a fast shutdown, as `pg_ctl stop` does) and then frozen (SIGSTOP on
the postmaster and every session) while devices upload results and read their summary. Every answer must be 200 or
503 `database_unavailable` with `Retry-After`, within the database deadline and some slack (never a hang, never a
500); `/health` within its 5 s; the first request after PostgreSQL returns succeeds; and each result uploaded is held
exactly once."""
import json, os, re, signal, subprocess, threading, time
from load_suite.postgres import Cluster
from .http import register, request
from .rig import Figures, die_with_parent

DEADLINE = 2.0  # --database-timeout given to the server
SLACK = 3.0  # scheduling and the request's own work, on a shared 2-core machine with debug builds


class StoppableCluster(Cluster):
    """The load suite's cluster, with the outages: stop (SIGINT, a fast shutdown) and start again on the same data,
    freeze (SIGSTOP) and thaw (SIGCONT) the postmaster and its children."""

    def stop_server(self):
        self.process.send_signal(signal.SIGINT)
        self.process.wait(30)

    def start_server(self, deadline_s=60):
        data = os.path.join(self.folder, "data")
        log = open(os.path.join(self.folder, "server.log"), "a")
        self.process = subprocess.Popen(
            [f"{self.bin}/postgres", "-D", data, "-p", str(self.port), "-k", self.folder,
             "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, preexec_fn=die_with_parent, **self.owner)
        log.close()
        deadline = time.monotonic() + deadline_s
        while self.psql("postgres", "SELECT 1", check=False).returncode != 0:
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"PostgreSQL did not start again:\n{self.log_tail()}")
            time.sleep(0.1)

    def signal_all(self, number):
        pid = self.process.pid
        try:
            children = open(f"/proc/{pid}/task/{pid}/children").read().split()
        except OSError:
            children = []
        for p in [pid, *map(int, children)]:
            try:
                os.kill(p, number)
            except ProcessLookupError:
                pass


class Devices:
    """Clients uploading a new result every round (sent again until it is answered 200, as a device keeps it
    pending) and reading their summary and /health, each answer recorded with its phase."""

    def __init__(self, port, accounts, questions):
        self.port, self.accounts, self.questions = port, accounts, questions
        self.phase = "before"
        self.answers = []  # (phase, what, status, seconds, code, retry_after, sent at)
        self.sent = {}  # account id -> result ids accepted
        self.stop = threading.Event()
        self.lock = threading.Lock()

    def send(self, what, *args, **kwargs):
        """One request, recorded under the phase in which it was sent: a request sent while PostgreSQL was away
        and answered 503 at the deadline just after it came back belongs to the outage, not to the return."""
        phase, sent = self.phase, time.monotonic()
        r = request(self.port, *args, timeout=60, **kwargs)
        body = r.json() or {}
        code = (body.get("error") or {}).get("code") if isinstance(body, dict) else None
        retry = {k.lower(): v for k, v in r.headers.items()}.get("retry-after")
        with self.lock:
            self.answers.append((phase, what, r.status, r.seconds, code, retry, sent))
        return r

    def device(self, n, token, account_id):
        done = self.sent.setdefault(account_id, [])
        pending = None
        round_ = 0
        while not self.stop.is_set():
            if pending is None:
                round_ += 1
                at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
                rid = f"outage-{n}-{round_}"
                pending = {"id": rid, "quizId": f"outage-quiz-{n}-{round_}",
                           "questionId": self.questions[round_ % len(self.questions)], "category": "general",
                           "type": "mc", "outcome": "skipped", "timeSpent": 4.0, "answeredAt": at, "hintUsed": False}
            r = self.send("upload", "POST", "/v1/results", {"results": [pending]}, token=token)
            if r.status == 200:
                if pending["id"] in (r.json() or {}).get("accepted", []):
                    done.append(pending["id"])
                pending = None
            self.send("summary", "GET", "/v1/results/summary", token=token)
            if n == 0:
                self.send("health", "GET", "/health")
            time.sleep(0.2)


def outage(rig):
    f = Figures("db-outage")
    stopped_s, frozen_s, calm_s = (45, 30, 5) if rig.full else (6, 6, 3)
    cluster = StoppableCluster().start()
    try:
        cluster.psql("postgres", "CREATE DATABASE brainy")
        storage = ["--database", cluster.url("brainy"), "--key-file", rig.path("db-outage.key")]
        server = rig.server("db-outage", "--rate-limit", "off", "--database-timeout", str(DEADLINE),
                            storage=storage).start()
        pack = request(server.port, "GET", "/v1/pack").json()
        questions = [q["id"] for q in pack["questions"][:50]]
        accounts = [register(server.port, f"outage{n}@example.com") for n in range(3)]
        devices = Devices(server.port, accounts, questions)
        threads = [threading.Thread(target=devices.device, args=(n, token, account_id))
                   for n, (token, _, account_id) in enumerate(accounts)]
        for t in threads:
            t.start()
        time.sleep(calm_s)
        devices.phase = "stopped"
        cluster.stop_server()
        time.sleep(stopped_s)
        cluster.start_server()
        devices.phase = "back after the stop"
        time.sleep(calm_s)
        devices.phase = "frozen"
        cluster.signal_all(signal.SIGSTOP)
        time.sleep(frozen_s)
        cluster.signal_all(signal.SIGCONT)
        devices.phase = "back after the freeze"
        time.sleep(calm_s + DEADLINE)
        devices.stop.set()
        for t in threads:
            t.join(120)
        return judge(f, devices, cluster, server, stopped_s, frozen_s)
    finally:
        try:
            cluster.signal_all(signal.SIGCONT)
        except Exception:
            pass
        rig.stop_servers()
        cluster.stop()


def judge(f, devices, cluster, server, stopped_s, frozen_s):
    answers = devices.answers
    limit = DEADLINE + SLACK
    unexpected = [a for a in answers if a[2] not in (200, 503)]
    bad_503 = [a for a in answers if a[2] == 503 and a[1] != "health" and (a[4] != "database_unavailable" or not a[5])]
    slow = [a for a in answers if a[1] != "health" and a[3] > limit]
    slow_health = [a for a in answers if a[1] == "health" and a[3] > 5 + SLACK]
    by_phase = {}
    for phase, what, status, seconds, *_ in answers:
        entry = by_phase.setdefault(phase, {"answers": 0, "503": 0, "slowest": 0.0})
        entry["answers"] += 1
        entry["503"] += status == 503
        entry["slowest"] = max(entry["slowest"], seconds)
    # The first requests sent after PostgreSQL came back, in the order they were sent (the devices' first uploads
    # and summaries).
    first_back = sorted((a for a in answers if a[0].startswith("back")), key=lambda a: a[6])[:6]
    held, doubled, lost = 0, 0, 0
    for account_id, ids in devices.sent.items():
        rows = cluster.psql("brainy", f"SELECT id FROM result WHERE account_id = '{account_id}'").stdout.split()
        held += len(rows)
        doubled += len(rows) - len(set(rows))
        lost += len(set(ids) - set(rows))
    f.values = {
        "stopped": f"{stopped_s} s", "frozen": f"{frozen_s} s", "deadline": f"{DEADLINE:.0f} s",
        **{f"{phase}": f"{e['answers']} answers, {e['503']} × 503, slowest {e['slowest']:.2f} s"
           for phase, e in by_phase.items()},
        "other statuses": len(unexpected), "503 without code or Retry-After": len(bad_503),
        "results uploaded": sum(len(i) for i in devices.sent.values()), "held": held, "lost": lost, "doubled": doubled,
    }
    f.expect(not unexpected, f"answers other than 200 or 503: {sorted(set(a[2] for a in unexpected))} "
                             f"({unexpected[:3]})")
    f.expect(not bad_503, f"503 without database_unavailable or Retry-After: {bad_503[:3]}")
    f.expect(not slow, f"{len(slow)} answers slower than the deadline and slack ({limit:.0f} s): {slow[:3]}")
    f.expect(not slow_health, f"/health slower than 5 s and slack: {slow_health[:3]}")
    f.expect(by_phase.get("stopped", {}).get("503", 0) > 0 and by_phase.get("frozen", {}).get("503", 0) > 0,
             "no 503 while PostgreSQL was away: the outage did not reach the server")
    f.expect(all(a[2] == 200 for a in first_back if a[1] != "health"),
             f"a request right after PostgreSQL came back failed: {first_back}")
    f.expect(lost == 0 and doubled == 0, f"{lost} results lost, {doubled} doubled")
    f.expect(server.alive() and server.healthy(), "the server died or is unhealthy after the outages")
    return f
