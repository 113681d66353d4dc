"""`hostile`: slow connections, oversized and malformed bodies, forged and revoked tokens, escape sequences in
names, results the server cannot check, leaderboard cheats; counts 5xx and wrong acceptances. The attacks run twice:
against a server on SQLite, then against two instances sharing one PostgreSQL cluster the mode starts (and stops) on
a free loopback port, the requests of each attack spread over both instances (a token revoked on one is tried on the
other, a quiz ticket dealt by one is played on the other, the boards read on both)."""
import base64, hashlib, hmac, json, re, socket, sqlite3, time
from load_suite.postgres import Cluster
from .http import raw, register, request
from .rig import Figures, percentile
from .shells import PASSWORD


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


SERVER_ARGS = ("--admin-token", "torture-admin-token")


class Hostile:
    """The attacks against one backend: `servers` is one server on SQLite, or two instances on one PostgreSQL
    database; `port` is the first, `other` the second (the same one on SQLite), `port_of(n)` alternates."""

    def __init__(self, rig, f, servers, backend):
        self.rig, self.f, self.servers, self.backend = rig, f, servers, backend
        self.requests = self.server_errors = self.wrong = self.crashes = 0

    @property
    def port(self):
        return self.servers[0].port

    @property
    def other(self):
        return self.servers[-1].port

    def port_of(self, n):
        return self.servers[n % len(self.servers)].port

    def instances(self, first=None):
        """Every instance's port once, `first` (a port) first."""
        return list(dict.fromkeys([first or self.port, *(server.port for server in self.servers)]))

    def note(self, text):
        self.f.notes.append(f"{self.backend}: {text}")

    def check_alive(self, what):
        for server in self.servers:
            if not server.alive():
                self.crashes += 1
                self.note(f"the server on port {server.port} died during {what}: {server.log_tail(800)}")
                server.start()

    def tally(self, status, what, accepted_is_wrong=False):
        self.requests += 1
        if status >= 500:
            self.server_errors += 1
            self.note(f"{status} on {what}")
        if accepted_is_wrong and 200 <= status < 300:
            self.wrong += 1
            self.note(f"accepted ({status}): {what}")

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
        port = self.other
        big = b'{"results": [' + b",".join([b'{"id": "%d"}' % i for i in range(400_000)]) + b"]}"
        cases = [
            ("POST /v1/results, 6 MB", lambda: request(port, "POST", "/v1/results", big[:6_000_000], token=token).status),
            ("POST /v1/results, 12 MB", lambda: request(port, "POST", "/v1/results", big + b" " * 6_000_000, token=token).status),
            ("POST /v1/auth/register, 8 MB password", lambda: request(port, "POST", "/v1/auth/register",
                {"email": "big@example.com", "password": "p" * 8_000_000}).status),
            ("POST /v1/auth/login, 1 MB email", lambda: request(port, "POST", "/v1/auth/login",
                {"email": "e" * 1_000_000 + "@x.co", "password": "x"}).status),
            ("a 1 MB header", lambda: request(port, "GET", "/v1/config", headers={"X-Big": "a" * 1_000_000}).status),
            ("10,000 headers", lambda: raw(port, b"GET /v1/config HTTP/1.1\r\nHost: x\r\n"
                + b"".join(b"X-%d: a\r\n" % i for i in range(10_000)) + b"\r\n")),
            ("a 100 KB path", lambda: request(port, "GET", "/v1/" + "a" * 100_000).status),
            ("a 100 KB query", lambda: request(port, "GET", "/v1/leaderboard/daily?date=" + "9" * 100_000, token=token).status),
            ("chunked 7 MB", lambda: raw(port, b"POST /v1/results HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
                + token.encode() + b"\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                + b"".join(b"100000\r\n" + b" " * 0x100000 + b"\r\n" for _ in range(7)) + b"0\r\n\r\n")),
            ("Content-Length larger than the body", lambda: raw(port, b"POST /v1/auth/login HTTP/1.1\r\nHost: x\r\n"
                b"Content-Length: 999999999999\r\n\r\n{}")),
            ("negative Content-Length", lambda: raw(port, b"POST /v1/auth/login HTTP/1.1\r\nHost: x\r\n"
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
        for k, path in enumerate(endpoints):
            for body in corpus:
                for content_type in ("application/json", "text/plain"):
                    r = request(self.port_of(k), "POST", path, body.encode("utf-8", "surrogateescape"), token=token,
                                headers={"Content-Type": content_type}, source="127.0.0.7")
                    self.tally(r.status, f"POST {path} with {body[:60]!r}")
                    if r.status == 0:
                        self.check_alive(f"POST {path} with {body[:60]!r}")
        self.check_alive("malformed bodies")

    def tokens(self):
        """Forged tokens, and revocation: with two instances a token is revoked on one and tried on both."""
        access, refresh, account = register(self.port, "victim@example.com", source="127.0.0.8")
        other_access, _, other = register(self.other, "other@example.com", source="127.0.0.8")
        for n, (what, forged) in enumerate(forged_tokens(access, other).items()):
            for path in ("/v1/results/summary", "/v1/leaderboard/daily", "/v1/ads/report"):
                r = request(self.port_of(n), "GET", path, token=forged)
                self.tally(r.status, f"forged token ({what}) on GET {path}", accepted_is_wrong=True)
        # A player's token is not the admin token.
        for port in self.instances():
            r = request(port, "GET", "/v1/ads/report", token=access)
            self.tally(r.status, "a player's token on GET /v1/ads/report", accepted_is_wrong=True)
        # Revocation: after logout, and after a refresh token is replayed, the access tokens stop at once, on every
        # instance.
        login = request(self.other, "POST", "/v1/auth/login", {"email": "victim@example.com", "password": PASSWORD},
                        source="127.0.0.8").json()
        request(self.port, "POST", "/v1/auth/logout", {"refreshToken": refresh})
        for port in self.instances(first=self.other):
            r = request(port, "GET", "/v1/results/summary", token=access)
            self.tally(r.status, "an access token after its logout", accepted_is_wrong=True)
            r = request(port, "GET", "/v1/results/summary", token=login["accessToken"])
            self.f.expect(r.status == 200, f"{self.backend}: another login of the same account stopped working after "
                                           f"a logout ({r.status})")
        rotated = request(self.other, "POST", "/v1/auth/refresh", {"refreshToken": login["refreshToken"]}).json()
        replay = request(self.port, "POST", "/v1/auth/refresh", {"refreshToken": login["refreshToken"]})
        self.tally(replay.status, "a used refresh token replayed", accepted_is_wrong=True)
        for name, t in (("the rotated access token", rotated["accessToken"]), ("the first access token", login["accessToken"])):
            for port in self.instances(first=self.other):
                r = request(port, "GET", "/v1/results/summary", token=t)
                self.tally(r.status, f"{name} after a refresh-token replay", accepted_is_wrong=True)
        r = request(self.other, "POST", "/v1/auth/refresh", {"refreshToken": rotated["refreshToken"]})
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
        mine = request(self.other, "POST", "/v1/results", {"results": [result("own-1", quizId="other-quiz")],
                                                           "quizzes": [quiz]}, token=other_token)
        held = mine.json() or {}
        self.f.expect("own-1" in held.get("accepted", []) and "other-quiz" in held.get("acceptedQuizzes", []),
                      f"{self.backend}: the other account's own result was not held (setup): {mine.status} {mine.body[:300]!r}")
        self.tally(mine.status, "a result on the other account's own quiz (setup)")
        cases = {
            "an unknown question": result("h-1", questionId="no-such-question-1"),
            "another account's quiz": result("h-2", quizId="other-quiz"),
            "another account's result id": result("own-1"),
            "answered next year": result("h-3", answeredAt="2099-01-01T00:00:00Z"),
            "a day and more on one question": result("h-4", timeSpent=200_000),
        }
        for n, (what, r) in enumerate(cases.items()):
            answer = request(self.port_of(n), "POST", "/v1/results", {"results": [r]}, token=token)
            self.tally(answer.status, f"upload of {what}")
            body = answer.json() or {}
            if r["id"] in body.get("accepted", []):
                self.wrong += 1
                self.note(f"accepted: a result with {what}")

    def leaderboard_cheats(self):
        """Issue 24: invented play must never rank. A fresh account sends each cheat; afterwards its place on today's
        board must be empty. Everything it sent may be held (200), as long as nothing of it ranks. With two instances
        the cheats go to each in turn, every ticket is played on the instance that did not deal it, and the boards
        are read on both."""
        token, _, _ = register(self.port, "cheater@example.com", source="127.0.0.4")
        pack = request(self.port, "GET", "/v1/pack").json() or {}
        questions = [q for q in pack.get("questions", []) if q.get("en", {}).get("answer")]
        now = time.time()

        def stamp(t):
            return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t * 1000) % 1000:03d}Z"

        def right(q, rid, quiz, at, spent):
            return {"id": rid, "quizId": quiz, "questionId": q["id"], "category": q["category"], "type": "mc",
                    "outcome": "correct", "timeSpent": spent, "answeredAt": stamp(at), "hintUsed": False,
                    "answer": q["en"]["answer"]}

        def quiz(qid, count, start, end):
            return {"id": qid, "category": "country", "type": "mc", "format": "individual", "correctCount": count,
                    "questionCount": count, "startedAt": stamp(start), "finishedAt": stamp(end)}

        some = questions[:400]
        cheats = {
            # The issue's: every question right, 0.01 s each, one instant, quiz ids never uploaded.
            "right answers, 0.01 s, one instant, quizzes never uploaded":
                {"results": [right(q, f"c1-{n}", f"c1-quiz-{n % 9}", now, 0.01) for n, q in enumerate(questions)]},
            "timeSpent 0 in a quiz that spans them":
                {"results": [right(q, f"c2-{n}", "c2-quiz", now - 200 + n * 0.4, 0) for n, q in enumerate(some)],
                 "quizzes": [quiz("c2-quiz", len(some), now - 201, now - 200 + len(some) * 0.4)]},
            "3 s each, all at one instant":
                {"results": [right(q, f"c3-{n}", "c3-quiz", now - 30, 3) for n, q in enumerate(some)],
                 "quizzes": [quiz("c3-quiz", len(some), now - 60, now - 30)]},
            "3 s each, 0.5 s apart (overlapping)":
                {"results": [right(q, f"c4-{n}", "c4-quiz", now - 250 + n * 0.5, 3) for n, q in enumerate(some)],
                 "quizzes": [quiz("c4-quiz", len(some), now - 260, now - 250 + len(some) * 0.5)]},
            "answers outside their quiz's span":
                {"results": [right(q, f"c5-{n}", "c5-quiz", now - 100 + n * 4, 3) for n, q in enumerate(some[:20])],
                 "quizzes": [quiz("c5-quiz", 20, now - 100, now - 90)]},
            "past days (yesterday and ten days ago)":
                {"results": [right(q, f"c6-{n}", f"c6-quiz-{n % 2}", now - 86_400 * (1 if n % 2 else 10) + n * 5, 3)
                             for n, q in enumerate(some[:100])],
                 "quizzes": [quiz(f"c6-quiz-{k}", 50, now - 86_400 * (1 if k else 10) - 10,
                                  now - 86_400 * (1 if k else 10) + 600) for k in (0, 1)]},
        }
        # Quiz tickets (issue 24): only a quiz played on a ticket the server dealt to this account ranks, its answers
        # the ticket's questions in its order. The cheater asks for its own tickets and borrows another account's.
        lender, _, _ = register(self.port, "lender@example.com", source="127.0.0.5")
        by_id = {q["id"]: q for q in questions}

        def tickets(tok, source, count, port):
            r = request(port, "POST", "/v1/quizzes/tickets",
                        {"wants": [{"category": "country", "type": "mc", "count": count}]}, token=tok, source=source)
            self.tally(r.status, "quiz tickets asked")
            return [dict(t, dealtBy=port) for t in (r.json() or {}).get("tickets", [])
                    if all(i in by_id for i in t["questionIds"])]

        def elsewhere(ticket):
            """The instance that did not deal the ticket (on SQLite, the only one)."""
            return self.other if ticket["dealtBy"] == self.port else self.port

        def on_ticket(ticket, qid, start, ids=None, token=None, count=None):
            ids = ids or ticket["questionIds"]
            results = [right(by_id[i], f"{qid}-{n}", qid, start + 5 * (n + 1), 3) for n, i in enumerate(ids)]
            played = {"id": qid, "category": ticket["category"], "type": ticket["type"], "format": "individual",
                      "correctCount": len(ids), "questionCount": count or len(ticket["questionIds"]),
                      "startedAt": stamp(start), "finishedAt": stamp(start + 5 * (len(ids) + 1)),
                      "ticket": token or ticket["token"]}
            return {"results": results, "quizzes": [played]}

        def rewritten(ticket, **changes):
            header, payload, signature = ticket["token"].split(".")
            claims = dict(json.loads(unb64(payload)), **changes)
            return f"{header}.{b64(json.dumps(claims).encode())}.{signature}"

        def signed_with(ticket, key):
            header, payload, _ = ticket["token"].split(".")
            return f"{header}.{payload}." + b64(hmac.new(key, f"{header}.{payload}".encode(), hashlib.sha256).digest())

        # Each cheat with the instance it is uploaded to.
        cheats = {what: (batch, self.port_of(n)) for n, (what, batch) in enumerate(cheats.items())}
        own = tickets(token, "127.0.0.4", 4, self.port) + tickets(token, "127.0.0.4", 3, self.other)
        borrowed = tickets(lender, "127.0.0.5", 1, self.other)
        if len(own) < 7 or not borrowed:
            self.wrong += 1
            self.note(f"quiz tickets were not dealt ({len(own)} and {len(borrowed)}): the ticket cheats were not tried")
        else:
            easy = sorted(i for i in by_id if by_id[i]["category"] == "country")[:10]
            reordered = list(own[3]["questionIds"])
            reordered[0], reordered[1] = reordered[1], reordered[0]
            swapped = list(own[4]["questionIds"])
            swapped[5] = next(i for i in easy if i not in swapped)
            shortened = on_ticket(own[6], "t8-quiz", now - 250, ids=own[6]["questionIds"][:3], count=3)
            cheats.update({
                "a ticket's claims rewritten to easier questions (the signature kept)":
                    (on_ticket(dict(own[0], questionIds=easy), "t1-quiz", now - 250, token=rewritten(own[0], q=easy)),
                     elsewhere(own[0])),
                "a ticket signed with a guessed key":
                    (on_ticket(own[1], "t2-quiz", now - 250, token=signed_with(own[1], b"secret")), elsewhere(own[1])),
                "another account's ticket": (on_ticket(borrowed[0], "t3-quiz", now - 250), elsewhere(borrowed[0])),
                "a ticket for a quiz played before it was dealt (a backdated quiz)":
                    (on_ticket(own[2], "t4-quiz", now - 86_400), elsewhere(own[2])),
                "a ticket's questions in another order":
                    (on_ticket(own[3], "t5-quiz", now - 250, ids=reordered), elsewhere(own[3])),
                "another question in place of one of the ticket's":
                    (on_ticket(own[4], "t6-quiz", now - 250, ids=swapped), elsewhere(own[4])),
                "a ticket used by a second quiz (the first one's answers out of order)":
                    ({"results": on_ticket(own[5], "t7a-quiz", now - 250, ids=own[5]["questionIds"][::-1])["results"]
                                 + on_ticket(own[5], "t7b-quiz", now - 180)["results"],
                      "quizzes": on_ticket(own[5], "t7a-quiz", now - 250)["quizzes"]
                                 + on_ticket(own[5], "t7b-quiz", now - 180)["quizzes"]}, elsewhere(own[5])),
                "a quiz saying it had fewer questions than its ticket": (shortened, elsewhere(own[6])),
                "invented quizzes at a person's pace, no ticket":
                    ({"results": [right(q, f"t9-{n}", f"t9-quiz-{n // 10}", now - 280 + n * 5, 3)
                                  for n, q in enumerate(some[:40])],
                      "quizzes": [quiz(f"t9-quiz-{k}", 10, now - 281 + k * 50, now - 280 + k * 50 + 49)
                                  for k in range(4)]}, self.port_of(len(cheats))),
            })
        for what, (batch, port) in cheats.items():
            r = request(port, "POST", "/v1/results", batch, token=token, source="127.0.0.4", timeout=60)
            self.tally(r.status, f"leaderboard cheat: {what}")
            for reader in self.instances():
                board = request(reader, "GET", "/v1/leaderboard/daily", token=token, source="127.0.0.4").json() or {}
                for day_offset in (1, 10):
                    day = time.strftime("%Y-%m-%d", time.gmtime(now - 86_400 * day_offset))
                    past = request(reader, "GET", f"/v1/leaderboard/daily?date={day}", token=token,
                                   source="127.0.0.4").json() or {}
                    if past.get("you"):
                        board = past
                if board.get("you"):
                    self.wrong += 1
                    self.note(f"a cheat ranked ({what}, sent to port {port}, read on port {reader}): {board['you']}")
        # The control: an honest quiz on a ticket ranks (on every instance), so a cheat not ranking means something.
        honest, _, _ = register(self.port, "honest-ticket@example.com", source="127.0.0.6")
        dealt = tickets(honest, "127.0.0.6", 1, self.port)
        if not dealt:
            self.wrong += 1
            self.note("no quiz ticket was dealt for the honest quiz: it could not rank")
        else:
            r = request(elsewhere(dealt[0]), "POST", "/v1/results",
                        on_ticket(dealt[0], "honest-quiz", time.time() - 120), token=honest, source="127.0.0.6")
            self.tally(r.status, "an honest quiz on its ticket")
            for reader in self.instances():
                board = request(reader, "GET", "/v1/leaderboard/daily", token=honest, source="127.0.0.6").json() or {}
                if not board.get("you"):
                    self.wrong += 1
                    self.note(f"an honest quiz on its ticket did not rank on port {reader}: {r.status} {r.body[:300]!r}")
        return len(cheats)

    def ratings_poison(self, bulk):
        """Issue 24: one account's junk in bulk neither grows the public ratings past one entry per question served
        nor moves a question's difficulty by more than its one vote; an unchanged document is a 304."""
        token, _, _ = register(self.port, "poisoner@example.com", source="127.0.0.3")
        before = request(self.port, "GET", "/v1/questions/ratings").json() or {}
        served = len((request(self.port, "GET", "/v1/pack").json() or {}).get("questions", []))
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        refused = 0
        for batch in range(bulk):
            junk = [{"id": f"llm-{batch}-{n}", "quizId": f"llm-{batch}", "questionId": f"ai-llm-{batch}-{n:05d}",
                     "category": "music", "type": "mc", "outcome": "skipped", "timeSpent": 1, "answeredAt": stamp,
                     "hintUsed": False} for n in range(10_000)]
            r = request(self.port_of(batch), "POST", "/v1/results", {"results": junk}, token=token,
                        source="127.0.0.3", timeout=120)
            self.tally(r.status, f"10,000 ai-llm results, batch {batch + 1}")
            refused += r.status == 429
        wrong = [{"id": f"w-{n}", "quizId": "w", "questionId": self.question, "category": "music", "type": "mc",
                  "outcome": "wrong", "timeSpent": 3, "answeredAt": stamp, "hintUsed": False, "answer": "x"}
                 for n in range(1_000)]
        r = request(self.other, "POST", "/v1/results", {"results": wrong}, token=token, source="127.0.0.3", timeout=60)
        self.tally(r.status, "1,000 wrong answers to one question")
        was = {e["questionId"]: e["answers"] for e in before.get("ratings", [])}
        # Read on every instance; an unchanged document is a 304 from the instance that sent it.
        for port in self.instances():
            after = request(port, "GET", "/v1/questions/ratings")
            ratings = (after.json() or {}).get("ratings", [])
            if len(ratings) > served:
                self.wrong += 1
                self.note(f"the ratings on port {port} grew to {len(ratings)} entries for {served} questions served")
            votes = {e["questionId"]: e["answers"] for e in ratings}
            if votes.get(self.question, 0) - was.get(self.question, 0) > 1:
                self.wrong += 1
                self.note(f"one account cast {votes[self.question] - was.get(self.question, 0)} votes on one question "
                          f"(read on port {port})")
            etag = after.headers.get("etag") or after.headers.get("ETag")
            again = request(port, "GET", "/v1/questions/ratings", headers={"If-None-Match": etag or '""'})
            self.f.expect(again.status == 304, f"{self.backend}: an unchanged ratings document was sent again "
                                               f"({again.status})")
        return len(ratings), len(after.body), refused

    def escapes(self):
        evil = ["\x1b]0;owned\x07a@evil.co", "\x1b]52;c;Zm9v\x07b@evil.co", "c\x1b[31m@evil.co", "d\u202e@evil.co",
                "e\u200b@evil.co", "f\x00@evil.co", "g\x7f@evil.co", "h\x9b31m@evil.co", "i@evil.co\r\n"]
        for n, email in enumerate(evil):
            for path in ("/v1/auth/register", "/v1/auth/check-email"):
                r = request(self.port_of(n), "POST", path, {"email": email, "password": PASSWORD}, source="127.0.0.6")
                self.tally(r.status, f"POST {path} with the email {email!r}", accepted_is_wrong=True)

    def shell_echo(self):
        """Text the shell echoes back reaches the terminal without control sequences: an answer typed with them (which
        the shell refuses, naming it), and a stored answer that holds them (as a file from elsewhere may)."""
        db = self.rig.path("hostile-shell.sqlite")
        evil = "\x1b]0;owned\x07\x1b]52;c;Zm9v\x07\x1b[2J\x9b1mx stored-answer"
        typed = self.rig.run(db, stdin=f"login guest\nmode short\ncategory music\nstart 1\n{evil}\n")
        played = self.rig.run(db, stdin="login guest\nresume\nseoul\nnext\n")
        con = sqlite3.connect(db)
        con.execute("UPDATE quizResult SET givenAnswer = ?", (evil,))
        con.commit()
        quiz_id = con.execute("SELECT id FROM quiz LIMIT 1").fetchone()
        con.close()
        shown = [self.rig.run(db, "-c", f"login guest; history {quiz_id[0]}{replay}") for replay in ("", " --replay")]
        shown.append(self.rig.run(db, "-c", "login guest; history all"))
        outputs = [typed.stdout, typed.stderr] + [x for r in [played] + shown for x in (r.stdout, r.stderr)]
        leaks = sum(any(c in out for c in "\x1b\x07\x9b") for out in outputs)
        self.requests += len(outputs)
        if leaks:
            self.wrong += leaks
            self.note(f"control characters reached the terminal in {leaks} outputs")
        if "stored-answer" not in "".join(r.stdout for r in shown):
            self.note("the stored answer was not shown by history (the echo check saw nothing)")

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


def attack(rig, f, servers, backend, shell=False):
    """Every attack against one backend's servers; its figures go into `f` under the backend's name, its misses
    name the backend. `shell`: also the shell's echo of control characters (its own database, so once is enough)."""
    h = Hostile(rig, f, servers, backend)
    token, _, _ = register(h.port, "hostile@example.com", source="127.0.0.5")
    h.pick_question()
    slow = h.slow_connections(400 if rig.full else 60, 20 if rig.full else 4)
    h.oversized(token)
    h.malformed(token, 200 if rig.full else 10)
    other_token, _ = h.tokens()
    h.uploads(token, other_token)
    cheats = h.leaderboard_cheats()
    ratings, ratings_bytes, quota_refusals = h.ratings_poison(3 if rig.full else 2)
    h.escapes()
    if shell:
        h.shell_echo()
    known_ms, unknown_ms = h.timing(10 if rig.full else 3)
    sockets, slow_failures, slow_p99, closed = slow
    values = {"requests": h.requests, "5xx": h.server_errors, "wrong acceptances": h.wrong,
              "server crashes": h.crashes, "slow connections": sockets,
              "other client's requests failed meanwhile": slow_failures,
              "their p99": f"{slow_p99 * 1000:.0f} ms", "slow connections closed by the server": closed,
              "login, known email": f"{known_ms:.0f} ms", "unknown email": f"{unknown_ms:.0f} ms",
              "leaderboard cheats sent (none may rank)": cheats,
              "ratings after one account's junk": f"{ratings} entries, {ratings_bytes / 1024:.0f} KB",
              "junk uploads refused by the daily quota": quota_refusals}
    f.values[f"[{backend}]"] = ", ".join(f"{k} {v:,}" if isinstance(v, int) else f"{k} {v}" for k, v in values.items())
    f.expect(h.server_errors == 0, f"{backend}: {h.server_errors} 5xx")
    f.expect(h.wrong == 0, f"{backend}: {h.wrong} wrong acceptances")
    f.expect(h.crashes == 0, f"{backend}: the server crashed")
    f.expect(slow_failures == 0, f"{backend}: {slow_failures} requests failed during slowloris")
    f.expect(0.5 <= known_ms / max(unknown_ms, 0.001) <= 2, f"{backend}: a login's time tells whether the email exists")


def hostile(rig):
    """The attacks against a server on SQLite, then against two instances sharing one PostgreSQL database (one key
    file, so a token or ticket one signs passes on the other) in a cluster started for the run and stopped after."""
    f = Figures("hostile")
    sqlite = rig.server("hostile-server.sqlite", *SERVER_ARGS).start()
    try:
        attack(rig, f, [sqlite], "SQLite", shell=True)
    finally:
        sqlite.stop()
    try:
        cluster = Cluster()
    except RuntimeError as error:  # the PostgreSQL programs are missing: the half not run is a miss, said plainly
        f.expect(False, f"PostgreSQL, two instances: not run: {error}")
        return f
    servers = []
    try:
        cluster.start()
        cluster.psql("postgres", "CREATE DATABASE brainy")
        storage = ["--database", cluster.url("brainy"), "--key-file", rig.path("hostile-postgres.key")]
        for name in ("a", "b"):
            servers.append(rig.server(f"hostile-postgres-{name}", *SERVER_ARGS, storage=storage).start())
        attack(rig, f, servers, "PostgreSQL, two instances")
    finally:
        for server in servers:
            server.stop()
        cluster.stop()
    return f
