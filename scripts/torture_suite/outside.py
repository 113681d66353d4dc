"""`outside` (issue 25, items 3, 5 and 6): what comes from outside the shell, attacked. Endpoints that send their head
at once and then one body byte a second (the sync server, `--ai-url`, `--asr-url`), each under a short deadline; a
table of hostile strings (escape sequences, C1 controls, bidirectional and zero-width characters) through every path
that shows outside text or echoes what was typed; a language model answering garbage (ESC, OSC 52, NUL, 100 KB
strings, ten thousand questions for three). The full form adds random mixtures of the hostile pieces."""
import json, os, socket, sqlite3, struct, threading, time
from .rig import Figures, crashed

# Pieces an attacker sends: each must reach the terminal (and the database, for a model's questions) without what
# it hides.
PIECES = [
    "\x1b]52;c;cm0gLXJmIH4=\x07",       # OSC 52: writes the clipboard
    "\x1b]0;owned\x07",                 # OSC 0: retitles the window
    "\x1b[2J\x1b[H",                    # CSI 2J: clears the screen
    "\x9b31m",                          # C1 CSI
    "\x9d0;c1-title\x9c",               # C1 OSC
    "\u202e", "\u202a", "\u202b", "\u202c", "\u202d",
    "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c",
    "\u200b", "\u200c", "\u2060", "\ufeff", "\u00ad",
    "\u2028",
    "\x07", "\x08", "\x7f",
]
HOSTILE = ["gpj" + "\u202e" + "exe.jpg", "".join(PIECES[:5]) + "name", "\u2066x\u2069\u200by\ufeff\u00ad",
           "\x1b]52;c;ZXZpbA==\x07\x1b[2J\u202e"] + [piece + "x" + piece for piece in PIECES]

# What must never be printed raw: ESC, BEL, BS, DEL, C1, bidirectional and zero-width characters.
FORBIDDEN = set(chr(c) for c in [0x1B, 0x07, 0x08, 0x7F, *range(0x80, 0xA0), 0x202A, 0x202B, 0x202C, 0x202D,
                                 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C, 0x200B, 0x200C,
                                 0x2060, 0xFEFF, 0x00AD, 0x2028])


def leaks(text):
    return sorted({f"U+{ord(c):04X}" for c in text if c in FORBIDDEN})


class DribblingServer:
    """A raw HTTP server on 127.0.0.1: every request gets its head at once and then a byte of body every `interval`
    seconds, `length` bytes in all (longer than any deadline used here). Counts the connections the client closed."""

    def __init__(self, interval=1.0, length=600):
        self.interval, self.length = interval, length
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.port = self.listener.getsockname()[1]
        self.closed_by_client = 0
        self.served = 0
        self.stopping = False
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while not self.stopping:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self.serve, args=(connection,), daemon=True).start()

    def serve(self, connection):
        with connection:
            connection.settimeout(5)
            data = b""
            try:
                while b"\r\n\r\n" not in data:
                    chunk = connection.recv(65536)
                    if not chunk:
                        return
                    data += chunk
                head, _, body = data.partition(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":", 1)[1])
                while len(body) < length:
                    chunk = connection.recv(65536)
                    if not chunk:
                        return
                    body += chunk
                self.served += 1
                connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                                   b"Content-Length: %d\r\n\r\n" % self.length)
                for _ in range(self.length):
                    time.sleep(self.interval)
                    connection.sendall(b" ")
            except OSError:
                self.closed_by_client += 1

    def stop(self):
        self.stopping = True
        self.listener.close()


class ModelEndpoint:
    """A chat-completions endpoint on 127.0.0.1 that answers `content` (a string the test sets)."""

    def __init__(self):
        self.content = ""
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self.serve, args=(connection,), daemon=True).start()

    def serve(self, connection):
        with connection:
            try:
                data = b""
                while b"\r\n\r\n" not in data:
                    chunk = connection.recv(65536)
                    if not chunk:
                        return
                    data += chunk
                head, _, body = data.partition(b"\r\n\r\n")
                length = next((int(l.split(b":", 1)[1]) for l in head.split(b"\r\n")
                               if l.lower().startswith(b"content-length:")), 0)
                while len(body) < length:
                    body += connection.recv(65536)
                reply = json.dumps({"choices": [{"index": 0, "message": {"role": "assistant",
                                                                         "content": self.content}}]}, ensure_ascii=False).encode()
                connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
                                   b"Content-Length: %d\r\n\r\n" % len(reply) + reply)
            except OSError:
                pass

    def stop(self):
        self.listener.close()


def silent_wav(path):
    samples = 1600
    with open(path, "wb") as f:
        f.write(b"RIFF" + struct.pack("<I", 36 + samples * 2) + b"WAVEfmt "
                + struct.pack("<IHHIIHH", 16, 1, 1, 16000, 32000, 2, 16) + b"data" + struct.pack("<I", samples * 2)
                + bytes(samples * 2))


def slow_bodies(rig, f):
    """Each endpoint under a deadline of 3 s: the shell must give up within it (plus start-up and the fallback)."""
    deadline = 3
    server = DribblingServer()
    wav = rig.path("outside-silence.wav")
    silent_wav(wav)
    url = f"http://127.0.0.1:{server.port}"
    cases = {
        "sync server (register)": (["--server", url], "register mina@example.com\ncorrect horse battery\ncorrect horse battery\n",
                                   {"BRAINY_SERVER_TIMEOUT": str(deadline)}),
        "language model (--ai-url)": (["--ai-url", url + "/v1", "-c", "login guest; mode ai; category country; start 3; state"],
                                      None, {"BRAINY_AI_TIMEOUT": str(deadline)}),
        "transcription (--asr-url)": (["--asr-url", url + "/v1", "-c",
                                       f"login guest; mode voice; category country; start 1; answer --audio {wav}; state"],
                                      None, {"BRAINY_SERVER_TIMEOUT": str(deadline), "BRAINY_ASR_TIMEOUT": str(deadline)}),
    }
    rounds = 3 if rig.full else 1
    longest = 0.0
    over = crashes = 0
    try:
        for round_number in range(rounds):
            for name, (arguments, stdin, env) in cases.items():
                db = rig.path(f"outside-slow-{round_number}-{len(name)}.sqlite")
                started = time.monotonic()
                try:
                    result = rig.run(db, *arguments, stdin=stdin, timeout=deadline + 60, extra_env=env)
                except Exception as error:  # subprocess.TimeoutExpired: held past a minute over the deadline
                    over += 1
                    f.notes.append(f"{name}: still waiting after {deadline + 60} s ({type(error).__name__})")
                    continue
                seconds = time.monotonic() - started
                longest = max(longest, seconds)
                if crashed(result.returncode):
                    crashes += 1
                    f.notes.append(f"{name}: exit {result.returncode}: {result.stderr[-300:]}")
                # Start-up, the pack's import on a new file (debug builds: several seconds) and the fallback.
                if seconds > deadline + 25:
                    over += 1
                    f.notes.append(f"{name}: {seconds:.1f} s with a deadline of {deadline} s")
    finally:
        server.stop()
    f.values.update({"slow-body requests": server.served, "longest wait s": round(longest, 1),
                     "past the deadline": over, "cut off by the shell": server.closed_by_client})
    f.expect(over == 0, f"{over} requests held the shell past the deadline")
    f.expect(crashes == 0, f"{crashes} crashes on slow bodies")


def echo_paths(rig, f, strings):
    """Every path that shows outside text or echoes what was typed, with each hostile string."""
    db = rig.path("outside-echo.sqlite")
    first = rig.run(db, "-c", "login guest")
    f.expect(first.returncode == 0, f"login guest failed: {first.stderr[-300:]}")
    user = sqlite3.connect(db).execute("SELECT id FROM user ORDER BY rowid DESC LIMIT 1").fetchone()[0]
    checked = leaked = crashes = 0
    transcript = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                              "Tests", "Transcripts", "refusals.transcript")
    with open(transcript) as t:
        original = t.read()

    def check(what, result):
        nonlocal checked, leaked, crashes
        checked += 1
        if crashed(result.returncode):
            crashes += 1
            f.notes.append(f"{what}: exit {result.returncode}")
        shown = leaks(result.stdout + result.stderr)
        if shown:
            leaked += 1
            if len(f.notes) < 40:
                f.notes.append(f"{what}: {', '.join(shown)} printed raw")

    for number, text in enumerate(strings):
        name = text.replace("/", "_").replace("\x00", "0").replace("'", "")
        folder = rig.path(f"outside-dir-{number}")
        os.makedirs(folder, exist_ok=True)
        script = os.path.join(folder, name + ".brainy")
        try:
            with open(script, "w") as s:
                s.write("mode quantum\n")
        except OSError:
            script = os.path.join(folder, "plain.brainy")
            with open(script, "w") as s:
                s.write("mode quantum\n")
        quoted = text.replace("'", "")
        lines = [f"source '{script}'", f"source '{script}.missing'",
                 f"settings voice-out '{folder}/{name}'", f"settings ai 'http://127.0.0.1:1/v1/{quoted}'",
                 f"settings server 'http://127.0.0.1:1/{quoted}'", "settings", "settings server", "settings ai",
                 f"settings server '{quoted}'", f"settings theme '{quoted}'", "settings server off", "settings ai off",
                 "settings voice-out off"]
        # Through a command file: every line runs (a piped script would stop at its first error), and a failing
        # line is reported with the file's name.
        commands = os.path.join(folder, "commands.brainy")
        with open(commands, "w") as c:
            c.write("\n".join(lines) + "\n")
        check(f"settings and source with {text!r}", rig.run(db, "-c", f"source '{commands}'"))
        for flag in ("--ai-url", "--asr-url", "--server"):
            check(f"{flag} {text!r}", rig.run(db, flag, f"http://h{quoted}x/", "-c", "state"))
        # A tampered transcript: the hostile text in a recorded output and in a command.
        tampered = original.replace("Did you mean 'history'?", f"Did you mean '{quoted}'?").replace(
            "$ hsitory", f"$ hsitory{quoted}")
        path = os.path.join(folder, "tampered.transcript")
        with open(path, "w") as t:
            t.write(tampered)
        check(f"--check with {text!r}", rig.run(db, "--check", path))
    # The leaderboard 'sync' keeps, with every hostile string as a player's name, in each output format.
    board = {"date": "2026-11-26", "entries": [{"rank": n + 1, "displayName": s, "score": 10, "accuracy": 0.5}
                                               for n, s in enumerate(strings)]}
    con = sqlite3.connect(db)
    con.execute("INSERT OR REPLACE INTO leaderboardCache (day, body, fetchedAt) VALUES (?, ?, ?)",
                (f"{user}|2026-11-26", json.dumps(board).encode(), "2026-11-26 09:00:00.000"))
    con.commit()
    con.close()
    for fmt in ("json", "plain", "table"):
        check(f"--format {fmt} leaderboard", rig.run(db, "--format", fmt, "-c", "leaderboard"))
    json_out = rig.run(db, "--format", "json", "-c", "leaderboard").stdout
    try:
        names = [e["displayName"] for e in json.loads(json_out)["leaderboard"]["entries"]]
        f.expect(names == strings, "JSON output changed a name instead of escaping it")
    except (ValueError, KeyError) as error:
        f.expect(False, f"--format json leaderboard is not JSON: {error}")
    f.values.update({"hostile strings": len(strings), "outputs checked": checked, "outputs with a raw control": leaked})
    f.expect(leaked == 0, f"{leaked} outputs printed a control or invisible character raw")
    f.expect(crashes == 0, f"{crashes} crashes on hostile strings")


def model_garbage(rig, f, strings):
    """A model answering garbage; what the database file then holds."""
    endpoint = ModelEndpoint()

    def question(n, extra="", option_extra=""):
        def text(t, a, options):
            return {"text": t, "answer": a, "alternatives": [], "options": options, "explanation": "Because."}
        return {"difficulty": "easy",
                "ko": text(f"가짜 질문 {n}번{extra}?", f"가{n}", [f"가{n}", f"나{n}", f"다{n}", f"라{n}{option_extra}"]),
                "en": text(f"Made-up question number {n}{extra}?", f"a{n}", [f"a{n}", f"b{n}", f"c{n}", f"d{n}{option_extra}"])}

    replies = {
        "controls": [question(n, s, s) for n, s in enumerate(strings)] + [question(900, "\x00\x1b]52;c;eA==\x07")],
        "100 KB strings": [question(1, "x" * 100_000), question(2, "", "y" * 100_000), question(3)],
        "10,000 for 3": [question(n) for n in range(10_000)],
    }
    stored_total = over_asked = hidden = longest = crashes = 0
    try:
        for name, questions in replies.items():
            db = rig.path(f"outside-model-{len(name)}.sqlite")
            endpoint.content = json.dumps({"questions": questions}, ensure_ascii=False)
            result = rig.run(db, "--ai-url", f"http://127.0.0.1:{endpoint.port}/v1", "-c",
                             "login guest; mode ai; category person; start 3", extra_env={"BRAINY_AI_TIMEOUT": "60"})
            if crashed(result.returncode):
                crashes += 1
                f.notes.append(f"model {name}: exit {result.returncode}: {result.stderr[-300:]}")
            con = sqlite3.connect(db)
            bodies = [row[0] for row in con.execute("SELECT body FROM question WHERE packId = 'ai-llm'")]
            con.close()
            stored_total += len(bodies)
            if len(bodies) > 3:
                over_asked += 1
                f.notes.append(f"model {name}: {len(bodies)} questions stored for 3 asked")
            for body in bodies:
                text = body.decode("utf-8", "replace") if isinstance(body, bytes) else body
                longest = max(longest, len(text.encode()))
                decoded = json.loads(text)
                fields = [v for lang in ("ko", "en") for k, v in decoded[lang].items() if isinstance(v, str)]
                fields += [o for lang in ("ko", "en") for o in decoded[lang]["options"] + decoded[lang]["alternatives"]]
                if any(leaks(field) or "\x00" in field for field in fields):
                    hidden += 1
                    f.notes.append(f"model {name}: a stored question holds {leaks(' '.join(fields))}")
    finally:
        endpoint.stop()
    f.values.update({"model replies": len(replies), "questions stored": stored_total,
                     "replies stored past the number asked": over_asked, "stored with a control": hidden,
                     "longest stored question bytes": longest})
    f.expect(over_asked == 0, "more questions stored than asked for")
    f.expect(hidden == 0, "a stored question holds a control character")
    f.expect(longest < 8_000, f"a stored question of {longest} bytes")
    f.expect(crashes == 0, f"{crashes} crashes on a model's garbage")


def outside(rig):
    f = Figures("outside")
    strings = list(HOSTILE)
    if rig.full:
        for _ in range(200):
            strings.append("".join(rig.random.choice(PIECES + ["a", "가", "👍", "/", " "])
                                   for _ in range(rig.random.randint(1, 12))))
    slow_bodies(rig, f)
    echo_paths(rig, f, strings)
    model_garbage(rig, f, strings[:40])
    return f
