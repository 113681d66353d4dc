"""The server's modes: killed -9 mid-sync (`server-kill`), hostile traffic (`hostile`), one client flooding
(`flood`) and schemathesis against the live server (`schemathesis`)."""
import base64, hashlib, hmac, json, os, re, shutil, socket, sqlite3, subprocess, sys, threading, time
import xml.etree.ElementTree as ElementTree
from .http import raw, register, request
from .rig import Figures, crashed, integrity, percentile
from .shells import PASSWORD, answers

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# ---------------------------------------------------------------------------------------------------- server-kill

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
    f.expect(mid_upload > 0, "no kill landed mid-upload")
    return f


# ---------------------------------------------------------------------------------------------------- hostile

def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def forged_tokens(token, other_account):
    header, payload, signature = token.split(".")
    claims = json.loads(unb64(payload))
    tampered = dict(claims)
    for key in ("sub", "accountId", "uid"):
        if key in tampered:
            tampered[key] = other_account
    expired = dict(claims, exp=int(time.time()) - 3600)
    later = dict(claims, exp=int(time.time()) + 86400 * 365)

    def signed(h, c, key=b"secret"):
        head = b64(json.dumps(h).encode())
        body = b64(json.dumps(c).encode())
        return f"{head}.{body}." + b64(hmac.new(key, f"{head}.{body}".encode(), hashlib.sha256).digest())

    none_header = b64(json.dumps({"alg": "none", "typ": "JWT"}).encode())
    return {
        "alg none": f"{none_header}.{payload}.",
        "alg none, no dot": f"{none_header}.{payload}",
        "signature removed": f"{header}.{payload}.",
        "another account, same signature": f"{header}.{b64(json.dumps(tampered).encode())}.{signature}",
        "expiry moved, same signature": f"{header}.{b64(json.dumps(later).encode())}.{signature}",
        "signed with 'secret'": signed({"alg": "HS256", "typ": "JWT"}, tampered),
        "signed with an empty key": signed({"alg": "HS256", "typ": "JWT"}, claims, b""),
        "expired, signed with 'secret'": signed({"alg": "HS256", "typ": "JWT"}, expired),
        "HS512 header": signed({"alg": "HS512", "typ": "JWT"}, claims),
        "garbage": "not.a.token",
        "empty": "",
        "token twice": token + token,
        "one bit flipped": token[:-2] + ("A" if token[-2] != "A" else "B") + token[-1],
    }


class Hostile:
    def __init__(self, rig, f):
        self.rig, self.f = rig, f
        self.requests = self.server_errors = self.wrong = self.crashes = 0
        self.server = rig.server("hostile-server.sqlite", "--admin-token", "torture-admin-token").start()

    @property
    def port(self):
        return self.server.port

    def check_alive(self, what):
        if not self.server.alive():
            self.crashes += 1
            self.f.notes.append(f"the server died during {what}: {self.server.log_tail(800)}")
            self.server.start()

    def tally(self, status, what, accepted_is_wrong=False):
        self.requests += 1
        if status >= 500:
            self.server_errors += 1
            self.f.notes.append(f"{status} on {what}")
        if accepted_is_wrong and 200 <= status < 300:
            self.wrong += 1
            self.f.notes.append(f"accepted ({status}): {what}")

    def slow_connections(self, count, seconds):
        """Slowloris: many connections trickling headers, or a body, a byte at a time; meanwhile another client's
        requests must all be answered promptly."""
        sockets = []
        for n in range(count):
            try:
                s = socket.create_connection(("127.0.0.1", self.port), timeout=5)
                if n % 2:
                    s.sendall(b"POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                              b"Content-Length: 100000\r\n\r\n{")
                else:
                    s.sendall(b"GET /v1/config HTTP/1.1\r\nHost: x\r\n")
                sockets.append(s)
            except OSError:
                break
        latencies, failures = [], 0
        end = time.monotonic() + seconds
        tick = 0
        while time.monotonic() < end:
            for s in sockets:
                try:
                    s.send(b"X-a: b\r\n" if tick % 2 == 0 else b" ")
                except OSError:
                    pass
            tick += 1
            for _ in range(5):
                r = request(self.port, "GET", "/v1/config", source="127.0.0.9", timeout=5)
                latencies.append(r.seconds)
                failures += r.status != 200
                self.tally(r.status, "GET /v1/config during slowloris")
            time.sleep(0.2)
        closed = 0
        for s in sockets:
            try:
                s.settimeout(0.01)
                closed += s.recv(1) == b""
            except (socket.timeout, BlockingIOError):
                pass
            except OSError:
                closed += 1
            s.close()
        self.check_alive("slow connections")
        return len(sockets), failures, percentile(latencies, 99), closed

    def oversized(self, token):
        big = b'{"results": [' + b",".join([b'{"id": "%d"}' % i for i in range(400_000)]) + b"]}"
        cases = [
            ("POST /v1/results, 6 MB", lambda: request(self.port, "POST", "/v1/results", big[:6_000_000], token=token).status),
            ("POST /v1/results, 12 MB", lambda: request(self.port, "POST", "/v1/results", big + b" " * 6_000_000, token=token).status),
            ("POST /v1/auth/register, 8 MB password", lambda: request(self.port, "POST", "/v1/auth/register",
                {"email": "big@example.com", "password": "p" * 8_000_000}).status),
            ("POST /v1/auth/login, 1 MB email", lambda: request(self.port, "POST", "/v1/auth/login",
                {"email": "e" * 1_000_000 + "@x.co", "password": "x"}).status),
            ("a 1 MB header", lambda: request(self.port, "GET", "/v1/config", headers={"X-Big": "a" * 1_000_000}).status),
            ("10,000 headers", lambda: raw(self.port, b"GET /v1/config HTTP/1.1\r\nHost: x\r\n"
                + b"".join(b"X-%d: a\r\n" % i for i in range(10_000)) + b"\r\n")),
            ("a 100 KB path", lambda: request(self.port, "GET", "/v1/" + "a" * 100_000).status),
            ("a 100 KB query", lambda: request(self.port, "GET", "/v1/leaderboard/daily?date=" + "9" * 100_000, token=token).status),
            ("chunked 7 MB", lambda: raw(self.port, b"POST /v1/results HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
                + token.encode() + b"\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                + b"".join(b"100000\r\n" + b" " * 0x100000 + b"\r\n" for _ in range(7)) + b"0\r\n\r\n")),
            ("Content-Length larger than the body", lambda: raw(self.port, b"POST /v1/auth/login HTTP/1.1\r\nHost: x\r\n"
                b"Content-Length: 999999999999\r\n\r\n{}")),
            ("negative Content-Length", lambda: raw(self.port, b"POST /v1/auth/login HTTP/1.1\r\nHost: x\r\n"
                b"Content-Length: -5\r\n\r\n{}")),
        ]
        for what, send in cases:
            status = send()
            self.tally(status, what, accepted_is_wrong=True)
            self.check_alive(what)

    def malformed(self, token, rounds):
        endpoints = ["/v1/auth/check-email", "/v1/auth/register", "/v1/auth/login", "/v1/auth/refresh",
                     "/v1/auth/logout", "/v1/auth/social", "/v1/results", "/v1/ads/events", "/v1/questions/ratings",
                     "/v1/ads/house"]
        valid = {"email": "m@example.com", "password": "correct horse battery", "refreshToken": "x",
                 "results": [{"id": "r1", "quizId": "q1", "questionId": "x", "category": "music", "type": "mc",
                              "outcome": "correct", "timeSpent": 1, "answeredAt": "2026-01-01T00:00:00Z",
                              "hintUsed": False}], "quizzes": [], "events": [], "provider": "google", "idToken": "x"}
        text = json.dumps(valid)
        corpus = ["", "{", "}", "null", "[]", "{}", "0", '"x"', "{'a': 1}", '{"email": 1, "password": []}',
                  '{"results": null}', '{"results": [null]}', '{"results": [{}]}', '{"results": "x"}',
                  '{"email": "\\ud800@x.co", "password": "x"}', '{"email": "a@b.co", "password": "\\u0000"}',
                  "[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000, "1" * 100_000,
                  '{"timeSpent": 1e999}', '{"results": [{"timeSpent": -1e308, "answeredAt": "9999-99-99"}]}',
                  "\xff\xfe", text.replace("correct", "\u0000"), text[: len(text) // 2], text * 3]
        for _ in range(rounds):
            mutated = bytearray(text.encode())
            for _ in range(self.rig.random.randint(1, 8)):
                mutated[self.rig.random.randrange(len(mutated))] = self.rig.random.randrange(256)
            corpus.append(bytes(mutated).decode("latin-1"))
        for path in endpoints:
            for body in corpus:
                for content_type in ("application/json", "text/plain"):
                    r = request(self.port, "POST", path, body.encode("utf-8", "surrogateescape"), token=token,
                                headers={"Content-Type": content_type}, source="127.0.0.7")
                    self.tally(r.status, f"POST {path} with {body[:60]!r}")
                    if r.status == 0 and not self.server.alive():
                        self.check_alive(f"POST {path} with {body[:60]!r}")
        self.check_alive("malformed bodies")

    def tokens(self):
        access, refresh, account = register(self.port, "victim@example.com", source="127.0.0.8")
        other_access, _, other = register(self.port, "other@example.com", source="127.0.0.8")
        for what, forged in forged_tokens(access, other).items():
            for path in ("/v1/results/summary", "/v1/leaderboard/daily", "/v1/ads/report"):
                r = request(self.port, "GET", path, token=forged)
                self.tally(r.status, f"forged token ({what}) on GET {path}", accepted_is_wrong=True)
        # A player's token is not the admin token.
        r = request(self.port, "GET", "/v1/ads/report", token=access)
        self.tally(r.status, "a player's token on GET /v1/ads/report", accepted_is_wrong=True)
        # Revocation: after logout, and after a refresh token is replayed, the access tokens stop at once.
        login = request(self.port, "POST", "/v1/auth/login", {"email": "victim@example.com", "password": PASSWORD},
                        source="127.0.0.8").json()
        request(self.port, "POST", "/v1/auth/logout", {"refreshToken": refresh})
        r = request(self.port, "GET", "/v1/results/summary", token=access)
        self.tally(r.status, "an access token after its logout", accepted_is_wrong=True)
        r = request(self.port, "GET", "/v1/results/summary", token=login["accessToken"])
        self.f.expect(r.status == 200, f"another login of the same account stopped working after a logout ({r.status})")
        rotated = request(self.port, "POST", "/v1/auth/refresh", {"refreshToken": login["refreshToken"]}).json()
        replay = request(self.port, "POST", "/v1/auth/refresh", {"refreshToken": login["refreshToken"]})
        self.tally(replay.status, "a used refresh token replayed", accepted_is_wrong=True)
        for name, t in (("the rotated access token", rotated["accessToken"]), ("the first access token", login["accessToken"])):
            r = request(self.port, "GET", "/v1/results/summary", token=t)
            self.tally(r.status, f"{name} after a refresh-token replay", accepted_is_wrong=True)
        r = request(self.port, "POST", "/v1/auth/refresh", {"refreshToken": rotated["refreshToken"]})
        self.tally(r.status, "the rotated refresh token after a replay", accepted_is_wrong=True)
        return other_access, other

    def uploads(self, token, other_token):
        """Results the server cannot check must not be held (or ranked): unknown questions, another account's quiz,
        answers from the future, a day spent on one question."""
        def result(rid, **changes):
            r = {"id": rid, "quizId": f"hq-{rid}", "questionId": self.question, "category": "music", "type": "mc",
                 "outcome": "correct", "timeSpent": 3.5, "answeredAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                 "hintUsed": False}
            r.update(changes)
            return r
        quiz = {"id": "other-quiz", "category": "music", "type": "mc", "format": "individual", "correctCount": 1,
                "questionCount": 1, "startedAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 60)),
                "finishedAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        mine = request(self.port, "POST", "/v1/results", {"results": [result("own-1", quizId="other-quiz")],
                                                          "quizzes": [quiz]}, token=other_token)
        held = mine.json() or {}
        self.f.expect("own-1" in held.get("accepted", []) and "other-quiz" in held.get("acceptedQuizzes", []),
                      f"the other account's own result was not held (setup): {mine.status} {mine.body[:300]!r}")
        self.tally(mine.status, "a result on the other account's own quiz (setup)")
        cases = {
            "an unknown question": result("h-1", questionId="no-such-question-1"),
            "another account's quiz": result("h-2", quizId="other-quiz"),
            "another account's result id": result("own-1"),
            "answered next year": result("h-3", answeredAt="2099-01-01T00:00:00Z"),
            "a day and more on one question": result("h-4", timeSpent=200_000),
        }
        for what, r in cases.items():
            answer = request(self.port, "POST", "/v1/results", {"results": [r]}, token=token)
            self.tally(answer.status, f"upload of {what}")
            body = answer.json() or {}
            if r["id"] in body.get("accepted", []):
                self.wrong += 1
                self.f.notes.append(f"accepted: a result with {what}")

    def escapes(self):
        evil = ["\x1b]0;owned\x07a@evil.co", "\x1b]52;c;Zm9v\x07b@evil.co", "c\x1b[31m@evil.co", "d\u202e@evil.co",
                "e\u200b@evil.co", "f\x00@evil.co", "g\x7f@evil.co", "h\x9b31m@evil.co", "i@evil.co\r\n"]
        for email in evil:
            for path in ("/v1/auth/register", "/v1/auth/check-email"):
                r = request(self.port, "POST", path, {"email": email, "password": PASSWORD}, source="127.0.0.6")
                self.tally(r.status, f"POST {path} with the email {email!r}", accepted_is_wrong=True)

    def shell_echo(self):
        """Text the shell echoes back (stored answers, other players' names) reaches the terminal without control
        sequences."""
        db = self.rig.path("hostile-shell.sqlite")
        evil = "\x1b]0;owned\x07\x1b]52;c;Zm9v\x07\x1b[2J\x9b1mx"
        r = self.rig.run(db, stdin=f"login guest\nmode short\ncategory music\nstart 1\n{evil}\nnext\nhistory\n")
        quiz = re.search(r"\b([0-9A-Za-z-]{6,})\b", r.stdout.split("history", 1)[-1] if "history" in r.stdout else "")
        detail = self.rig.run(db, "-c", "login guest; history all")
        quiz_id = sqlite3.connect(db).execute("SELECT id FROM quiz LIMIT 1").fetchone()
        shown = self.rig.run(db, "-c", f"login guest; history {quiz_id[0]}") if quiz_id else None
        outputs = [r.stdout, detail.stdout] + ([shown.stdout] if shown else [])
        leaks = sum(any(c in out for c in "\x1b\x07\x9b") for out in outputs)
        self.requests += len(outputs)
        if leaks:
            self.wrong += leaks
            self.f.notes.append(f"control characters reached the terminal in {leaks} outputs")

    def timing(self, samples):
        """A login takes as long whether the email exists or not."""
        known, unknown = [], []
        for n in range(samples):
            for email, into in (("victim@example.com", known), (f"nobody{n}@example.com", unknown)):
                r = request(self.port, "POST", "/v1/auth/login", {"email": email, "password": "wrong password!"},
                            source=f"127.0.1.{n % 200 + 1}")
                into.append(r.seconds)
        return percentile(known, 50) * 1000, percentile(unknown, 50) * 1000

    def pick_question(self):
        pack = request(self.port, "GET", "/v1/pack").json()
        self.question = json.dumps(pack)
        ids = re.findall(r'"id"\s*:\s*"([^"]+)"', self.question)
        self.question = next(i for i in ids if i != pack.get("id"))


def hostile(rig):
    f = Figures("hostile")
    h = Hostile(rig, f)
    try:
        token, _, _ = register(h.port, "hostile@example.com", source="127.0.0.5")
        h.pick_question()
        slow = h.slow_connections(400 if rig.full else 60, 20 if rig.full else 4)
        h.oversized(token)
        h.malformed(token, 200 if rig.full else 10)
        other_token, _ = h.tokens()
        h.uploads(token, other_token)
        h.escapes()
        h.shell_echo()
        known_ms, unknown_ms = h.timing(10 if rig.full else 3)
    finally:
        h.server.stop()
    sockets, slow_failures, slow_p99, closed = slow
    f.values = {"requests": h.requests, "5xx": h.server_errors, "wrong acceptances": h.wrong,
                "server crashes": h.crashes, "slow connections": sockets,
                "other client's requests failed meanwhile": slow_failures,
                "their p99": f"{slow_p99 * 1000:.0f} ms", "slow connections closed by the server": closed,
                "login, known email": f"{known_ms:.0f} ms", "unknown email": f"{unknown_ms:.0f} ms"}
    f.expect(h.server_errors == 0, f"{h.server_errors} 5xx")
    f.expect(h.wrong == 0, f"{h.wrong} wrong acceptances")
    f.expect(h.crashes == 0, "the server crashed")
    f.expect(slow_failures == 0, f"{slow_failures} requests failed during slowloris")
    f.expect(0.5 <= known_ms / max(unknown_ms, 0.001) <= 2, "a login's time tells whether the email exists")
    return f


# ---------------------------------------------------------------------------------------------------- flood

WRK_REGISTER = """
counter = 0
request = function()
  counter = counter + 1
  local body = '{"email": "flood' .. counter .. '-' .. math.random(1, 1000000000) .. '@example.com", "password": "correct horse battery"}'
  return wrk.format("POST", "/v1/auth/register", {["Content-Type"] = "application/json"}, body)
end
"""
WRK_LOGIN = """
request = function()
  return wrk.format("POST", "/v1/auth/login", {["Content-Type"] = "application/json"},
                    '{"email": "EMAIL", "password": "wrong password ' .. math.random(1, 1000000) .. '"}')
end
"""


class Measured:
    """Other clients (each its own loopback address) doing what players do, in a loop: their latencies (sign-ins,
    which cost a scrypt hash each, apart) and the requests that failed."""

    def __init__(self, port, accounts):
        self.port, self.accounts = port, accounts

    def run(self, seconds):
        latencies, logins, failures = [], [], {}
        end = time.monotonic() + seconds

        def client(n, email, token):
            source = f"127.0.0.{20 + n}"
            last_login = 0.0
            while time.monotonic() < end:
                for path in ("/v1/config", "/v1/results/summary", "/v1/leaderboard/daily"):
                    r = request(self.port, "GET", path, token=token, source=source, timeout=30)
                    latencies.append(r.seconds)
                    if r.status != 200:
                        failures[r.status] = failures.get(r.status, 0) + 1
                if time.monotonic() - last_login > 2.5:
                    r = request(self.port, "POST", "/v1/auth/login", {"email": email, "password": PASSWORD},
                                source=source, timeout=30)
                    logins.append(r.seconds)
                    last_login = time.monotonic()
                    if r.status != 200:
                        failures[r.status] = failures.get(r.status, 0) + 1
        threads = [threading.Thread(target=client, args=(n, email, token))
                   for n, (email, token) in enumerate(self.accounts)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return latencies, logins, failures


def flood(rig):
    """One client floods (registrations, then wrong passwords for another player's account, with wrk); the other
    clients' p99 may not grow more than 2× over the same load without the flood, and their sign-ins keep working."""
    f = Figures("flood")
    if not shutil.which("wrk"):
        f.missed.append("wrk is not installed (scripts/setup torture installs it)")
        return f
    seconds = 10 if rig.full else 4
    # The debug build's scrypt is about 20 times slower than the release build's: with the default bursts (20
    # registrations, 30 sign-ins) the flood's first second would be 40 CPU-seconds. The quick form makes the bursts
    # small (yet above the measured players' own sign-ins); the full form (release) runs the defaults.
    limits = [] if rig.full else ["--rate-limit", "register=3/3600", "--rate-limit", "login=10/300"]
    server = rig.server("flood-server.sqlite", *limits).start()
    try:
        accounts = []
        for n in range(3):
            email = f"player{n}@example.com"
            token, _, _ = register(server.port, email, source=f"127.0.0.{20 + n}")
            accounts.append((email, token))
        measured = Measured(server.port, accounts)
        base, base_logins, base_failures = measured.run(seconds)
        base_p99 = percentile(base, 99)
        f.values = {"other clients' p99 without a flood": f"{base_p99 * 1000:.1f} ms",
                    "sign-in p50": f"{percentile(base_logins, 50) * 1000:.0f} ms"}
        for name, script in (("registrations", WRK_REGISTER),
                             ("wrong passwords", WRK_LOGIN.replace("EMAIL", accounts[0][0]))):
            lua = rig.path(f"flood-{name[:5]}.lua")
            with open(lua, "w") as out:
                out.write(script)
            wrk = subprocess.Popen(["wrk", "-t1", "-c16", f"-d{seconds + 2}s", "-s", lua, server.url],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            time.sleep(1)
            during, logins, failures = measured.run(seconds)
            out, _ = wrk.communicate(timeout=120)
            rate = re.search(r"Requests/sec:\s*([\d.]+)", out)
            p99 = percentile(during, 99)
            ratio = p99 / base_p99
            f.values[f"{name} flood"] = (f"{float(rate.group(1)) if rate else 0:,.0f} requests/s; other clients' p99 "
                                         f"{p99 * 1000:.1f} ms ({ratio:.2f}×), sign-in p50 "
                                         f"{percentile(logins, 50) * 1000:.0f} ms, {sum(failures.values())} failed")
            f.expect(ratio <= 2, f"the {name} flood slowed other clients' p99 {ratio:.1f}×")
            f.expect(not failures, f"other clients' requests failed during the {name} flood: {failures}")
            time.sleep(1)
        f.expect(not base_failures, f"requests failed without a flood: {base_failures}")
        f.expect(server.alive(), "the server died")
    finally:
        server.stop()
    return f


# ---------------------------------------------------------------------------------------------------- schemathesis

def schemathesis(rig):
    """schemathesis (PyPI) against a live server with docs/openapi.yaml: every check, 0 5xx, 0 schema violations."""
    f = Figures("schemathesis")
    try:
        import schemathesis as _  # noqa: F401
    except ImportError:
        f.missed.append("schemathesis is not installed (scripts/setup torture installs it)")
        return f
    # Through this Python, not a script on PATH: pip --user puts its scripts in a folder PATH may lack.
    st = [sys.executable, "-c", "import sys; from schemathesis.cli import schemathesis; sys.argv[0] = 'schemathesis'; "
          "sys.exit(schemathesis())"]
    server = rig.server("schemathesis-server.sqlite", "--admin-token", "torture-admin-token", "--dev-idp").start()
    report = rig.path("schemathesis.xml")
    try:
        token, _, _ = register(server.port, "schemathesis@example.com")
        examples = "200" if rig.full else "10"
        command = [*st, "run", os.path.join(ROOT, "docs/openapi.yaml"), "--url", server.url, "--checks", "all",
                   # Left out: the server holds data to rules a schema cannot say (a quiz's correctCount at most
                   # its questionCount, an ad's token for its placement), and refuses schema-valid data by them.
                   "--exclude-checks", "positive_data_acceptance",
                   "--max-examples", examples, "--seed", str(rig.random.randrange(1 << 30)), "--workers", "2",
                   "--header", f"Authorization: Bearer {token}", "--report", "junit", "--report-junit-path", report,
                   "--no-color", "--request-timeout", "20", "--suppress-health-check", "all",
                   "--generation-database", "none"]
        run = subprocess.run(command, capture_output=True, text=True, timeout=3600, cwd=rig.work,
                             env=dict(os.environ, SCHEMATHESIS_HOOKS=""))
        alive = server.alive()
    finally:
        server.stop()
    output = run.stdout + run.stderr
    cases = re.search(r"(\d[\d,]*) generated", output)
    summary = [line.strip() for line in output.splitlines() if re.search(r"\b(passed|failed|errors?)\b", line)][-3:]
    failures = server_errors = schema = 0
    failing = []
    if os.path.exists(report):
        root = ElementTree.parse(report).getroot()
        for case in root.iter("testcase"):
            problems = list(case.iter("failure")) + list(case.iter("error"))
            if problems:
                failures += 1
                text = " ".join((p.get("message") or "") + (p.text or "") for p in problems)
                server_errors += "Server error" in text
                schema += "schema" in text.lower() or "Undocumented" in text
                failing.append(f"{case.get('name')}: {text.strip()[:300]}")
    f.values = {"test cases": cases.group(1) if cases else "?", "operations failed": failures,
                "5xx": server_errors, "schema violations": schema, "exit code": run.returncode}
    f.notes += failing[:10] + ([f"schemathesis said: {' | '.join(summary)}"] if summary else [])
    f.expect(run.returncode == 0 and failures == 0, f"{failures} operations failed their checks")
    f.expect(alive, "the server died")
    return f
