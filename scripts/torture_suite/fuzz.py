"""`fuzz`: random and mutated command lines through pipes, `-c`, `-f`, a pseudo-terminal, and random flags; counts
crashes (a signal, or an exit code docs/scripting.md does not document) and hangs (no answer within a deadline)."""
import os, pty, re, select, signal, subprocess, tempfile, time
from concurrent.futures import ThreadPoolExecutor
from .rig import Figures, crashed

WORDS = {
    "mode": ["객관식", "mc", "주관식", "short", "ai", "AI모드", "voice", "음성모드"],
    "category": ["인물", "상식", "나라", "드라마", "음악", "person", "general", "country", "drama", "music"],
    "format": ["stage", "individual"],
    "start": ["", "random", "unsolved", "adaptive", "3", "random 2", "unsolved 1", "adaptive 3", "0", "-1", "99999"],
    "settings": ["", "theme", "theme dark", "language en", "language ko", "timer 10", "timer off", "count 3",
                 "selection random", "notifications on", "format stage", "server off", "server http://127.0.0.1:1",
                 "server http://127.0.0.1:99999", "server ftp://x", "server http://[::1", "voice-out off", "ai off"],
    "history": ["", "all", "3", "music", "mc", "from=2026-01-01", "to=2020-13-45", "music short 2", "1", "--replay"],
    "login": ["guest", "email", "email a@b.co", "google", "apple", "", "guest extra"],
    "register": ["", "fuzz@example.com", "not-an-email", "a@b"],
    "help": ["", "start", "history", "login", "zz"],
    "diagram": ["", "mermaid", "dot", "svg"],
    "timing": ["on", "off", ""],
    "clock": ["advance 30s", "advance 5m", "advance 2h", "advance 1d", "set 2026-01-01T00:00:00Z", "advance", "x"],
    "config": ["maintenance on", "maintenance off", "password-min 3", "max-attempts 2", "lockout 1", "min-version 9.9.9",
               "session-timeout 1", "lockout 0"],
    "flags": ["", "ai on", "voice off", "offline on"],
    "answer": ["1", "2", "A", "seoul", "", "   ", "x" * 2000],
}
BARE = ["hint", "skip", "next", "abandon", "resume", "repeat", "stats", "profile", "leaderboard", "logout", "state",
        "ads", "ad", "sync", "reset", "help", "?", "\\?", "\\h", "\\h start", "record stop", "speak", "1", "2", "3",
        "4", "A", "B", "seoul", "paris", "# a comment", "", "  ", "history all"]
NASTY = ["\x1b]0;title\x07", "\x1b]52;c;Zm9v\x07", "\x1b[2J", "\x1b[31m", "\x00", "\x07", "\x08", "\x7f", "\u202e",
         "\u200b", "\ufeff", "'", '"', "\\", ";", ";;", "$(id)", "`id`", "%s%n", "{}", "[]", "😀", "가" * 3,
         "\u0301", "-1", "18446744073709551616", "NaN", "1e308", "../../etc/passwd", "/dev/zero"]


class Generator:
    def __init__(self, rng, work):
        self.rng = rng
        self.work = work

    def command(self):
        r = self.rng.random()
        if r < 0.55:
            verb = self.rng.choice(list(WORDS))
            line = f"{verb} {self.rng.choice(WORDS[verb])}".strip()
        elif r < 0.85:
            line = self.rng.choice(BARE)
        elif r < 0.9:
            line = self.rng.choice(["record", "source", "\\i", ".read"]) + " " + self.rng.choice(
                ["fuzz.transcript", "self.brainy", "missing.brainy", "/dev/null", "bad-utf8.brainy", ""])
        else:
            line = "".join(self.rng.choice(NASTY + [" ", "a", "start", "1"]) for _ in range(self.rng.randint(1, 6)))
        return self.mutate(line) if self.rng.random() < 0.15 else line

    def mutate(self, line):
        kind = self.rng.randrange(6)
        if kind == 0 and line:
            i = self.rng.randrange(len(line))
            return line[:i] + self.rng.choice(NASTY) + line[i:]
        if kind == 1:
            return line + " " + self.rng.choice(NASTY) * self.rng.randint(1, 40)
        if kind == 2:
            return line * self.rng.randint(2, 600)  # up to past the 4 KiB line limit
        if kind == 3 and line:
            return line[: self.rng.randrange(len(line))]
        if kind == 4:
            return "".join(chr(self.rng.randrange(1, 0x3000)) for _ in range(self.rng.randint(1, 30)))
        return line.upper()

    def session(self, lines):
        """A mostly plausible session (so that a script gets past its first lines) with fuzzed lines in it."""
        out = ["login guest"] if self.rng.random() < 0.8 else []
        if self.rng.random() < 0.7:
            out += [f"mode {self.rng.choice(['mc', 'short', 'ai'])}", f"category {self.rng.choice(WORDS['category'][5:])}",
                    f"start {self.rng.randint(1, 4)}"]
        while len(out) < lines:
            out.append(self.command() if self.rng.random() < 0.6 else self.rng.choice(["1", "next", "seoul", "hint"]))
        return out[:lines]


def encoded(lines, rng):
    data = "\n".join(lines).encode("utf-8", "surrogatepass") + b"\n"
    if rng.random() < 0.05:
        i = rng.randrange(len(data))
        data = data[:i] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\r", b"\x00"]) + data[i:]
    return data


class Tally:
    def __init__(self):
        self.lines = self.runs = self.crashes = self.hangs = 0
        self.examples = []

    def add(self, lines, status, hung, what):
        self.lines += lines
        self.runs += 1
        if hung:
            self.hangs += 1
        elif crashed(status):
            self.crashes += 1
        if (hung or crashed(status)) and len(self.examples) < 5:
            self.examples.append(f"{'hang' if hung else f'status {status}'}: {what}")


def one_run(rig, channel, data_lines, rng_seed, deadline):
    """One brainy process fed a script by `channel`; returns (lines, status or None, hung, reproducer)."""
    import random
    rng = random.Random(rng_seed)
    folder = tempfile.mkdtemp(dir=rig.work, prefix="fuzz-")
    db = os.path.join(folder, "fuzz.sqlite")
    data = encoded(data_lines, rng)
    args = [rig.brainy, "--db", db, "--lang", "en", "--audio-out", folder]
    if rng.random() < 0.3:
        args.append("--qa")
    stdin = b""
    if channel == "pipe":
        stdin = data
    elif channel == "-c":
        # One argument holds at most 128 KiB (the kernel's MAX_ARG_STRLEN), and no NUL.
        args += ["-c", "; ".join(data_lines).replace("\x00", "")[:100_000]]
    else:
        path = os.path.join(folder, "script.brainy")
        with open(path, "wb") as script:
            script.write(data)
        args += ["-f", path]
    with open(os.path.join(folder, "self.brainy"), "w") as script:
        script.write("source self.brainy\n")
    with open(os.path.join(folder, "bad-utf8.brainy"), "wb") as script:
        script.write(b"login guest\n\xff\xfe\n")
    try:
        p = subprocess.run(args, input=stdin, capture_output=True, timeout=deadline, env=rig.env, cwd=folder)
        status, hung = p.returncode, False
    except subprocess.TimeoutExpired:
        status, hung = None, True
    reproducer = os.path.join(rig.work, f"fuzz-{channel.strip('-')}-{rng_seed}.brainy")
    if hung or crashed(status):
        with open(reproducer, "wb") as keep:
            keep.write(data)
    subprocess.run(["rm", "-rf", folder])
    return len(data_lines), status, hung, reproducer


FLAG_VALUES = {"--db": [":memory:", "/nonexistent/x.sqlite", "/dev/null", "", "dir/"], "--server":
               ["http://127.0.0.1:99999", "http://127.0.0.1:0", "ftp://x", "http://", "http://[::1", "x" * 5000, ""],
               "--seed": ["7", "-1", "99999999999999999999", "x", ""], "--lang": ["ko", "en", "fr", ""],
               "--format": ["table", "plain", "json", "xml"], "--clock": ["2026-01-01T09:00:00Z", "yesterday", ""],
               "--ads": ["on", "off", "maybe"], "--pace": ["1.5s", "-1s", "x"], "-c": ["login guest; stats", "", ";;"],
               "-f": ["/nonexistent", "/dev/null", "-"], "--ai-url": ["http://127.0.0.1:1", "nope"],
               "--asr-url": ["http://127.0.0.1:1", "::"], "--audio-out": ["/nonexistent", "."]}
FLAG_ALONE = ["-q", "-X", "--no-color", "--qa", "-V", "--version", "-h", "--help", "--", "--step", "--update",
              "--coverage", "--bogus", "-", "-cq"]


def flag_run(rig, seed, deadline):
    import random
    rng = random.Random(seed)
    args = []
    for _ in range(rng.randint(1, 5)):
        if rng.random() < 0.6:
            flag = rng.choice(list(FLAG_VALUES))
            args += [flag] + ([rng.choice(FLAG_VALUES[flag])] if rng.random() < 0.95 else [])
        else:
            args.append(rng.choice(FLAG_ALONE))
    if "--db" not in args:
        args = ["--db", ":memory:"] + args
    try:
        p = subprocess.run([rig.brainy, *args], input=b"", capture_output=True, timeout=deadline, env=rig.env,
                           cwd=rig.work)
        return 1, p.returncode, False, " ".join(args)[:300]
    except subprocess.TimeoutExpired:
        return 1, None, True, " ".join(args)[:300]


PROMPT = re.compile(rb"(> |: |\? )(\x1b\[[0-9;?]*[A-Za-z])*$")


class PtyShell:
    """brainy on a pseudo-terminal, as a player at a terminal; output is drained as it comes."""

    def __init__(self, rig, db):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(os.path.dirname(db))
            os.execve(rig.brainy, [rig.brainy, "--db", db, "--lang", "en", "-X", "--qa", "--audio-out",
                                   os.path.dirname(db)], dict(rig.env, TERM="xterm-256color"))
        os.set_blocking(self.fd, False)
        self.output = bytearray()
        self.status = None

    def drain(self, wait=0.0):
        """Reads what the shell prints until it has been quiet for `wait` seconds (at once when 0)."""
        while select.select([self.fd], [], [], wait)[0]:
            before = len(self.output)
            self.read_available()
            if len(self.output) == before:
                return  # end of file: the shell ended

    def send(self, data, deadline=10.0):
        """Types data, reading the shell's output meanwhile: the shell echoes what it reads, and a terminal whose
        output nobody reads stops the shell, which then reads no more (a 100 KB line would deadlock both)."""
        end = time.monotonic() + deadline
        while data and time.monotonic() < end:
            readable, writable, _ = select.select([self.fd], [self.fd], [], 0.05)
            if readable:
                self.read_available()
            if writable:
                try:
                    data = data[os.write(self.fd, data[:1024]):]
                except BlockingIOError:
                    pass
                except OSError:
                    return
        self.read_available()

    def read_available(self):
        while True:
            try:
                chunk = os.read(self.fd, 65536)
            except (BlockingIOError, OSError):
                return
            if not chunk:
                return
            self.output += chunk
            if len(self.output) > 1 << 20:
                del self.output[: len(self.output) - (1 << 16)]

    def settle(self, deadline):
        """Waits until the shell shows a prompt again (output that ends in '> ' or ': '), or the deadline passes:
        lines typed ahead would otherwise be dropped by the next Ctrl-C (the terminal flushes its input)."""
        end = time.monotonic() + deadline
        mark = len(self.output)
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return False
            ready, _, _ = select.select([self.fd], [], [], min(left, 0.05))
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except BlockingIOError:
                    continue
                except OSError:
                    chunk = b""
                if not chunk:
                    return True  # the shell ended
                self.output += chunk
                if len(self.output) > mark and PROMPT.search(bytes(self.output[-32:])):
                    return True
            elif self.ended():
                return True

    def ended(self):
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
        return self.status is not None

    def answers(self, token, deadline):
        """Whether the shell answers `help <token>` within the deadline (after Ctrl-Q, Ctrl-G and Ctrl-C leave
        whatever it was in: output stopped by a Ctrl-S, as any terminal's flow control does; a search; a password
        prompt; a wait for a sign-in)."""
        marker = f"'{token}'".encode()
        for _ in range(3):
            mark = len(self.output)
            self.send(b"\x11\x07\x03")
            self.drain(0.05)
            self.send(f"help {token}\r".encode())
            end = time.monotonic() + deadline / 3
            while time.monotonic() < end:
                self.drain(0.1)
                if marker in self.output[mark:]:
                    return True
                if self.ended():
                    return True
        return False

    def close(self):
        if not self.ended():
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)


KEYS = [b"\t", b"\t\t", b"\x1b[A", b"\x1b[B", b"\x1b[C", b"\x1b[D", b"\x01", b"\x05", b"\x0b", b"\x15", b"\x17",
        b"\x0c", b"\x12", b"\x00", b"\x1b", b"\x7f", b"\x08", b"\x03", b"\x1bOA", b"\x1b[200~", b"\x1b[201~"]


def pty_run(rig, lines_wanted, seed, deadline, batch=40):
    """Lines typed at a pseudo-terminal, with editing keys among them; a shell that ended (exit, Ctrl-D) is started
    again. Returns a Tally."""
    import random
    rng = random.Random(seed)
    gen = Generator(rng, rig.work)
    tally = Tally()
    folder = tempfile.mkdtemp(dir=rig.work, prefix="pty-")
    db = os.path.join(folder, "pty.sqlite")
    with open(os.path.join(folder, "self.brainy"), "w") as script:
        script.write("source self.brainy\n")
    shell = PtyShell(rig, db)
    shell.drain(2.0)
    sent = 0
    typed = []
    while sent < lines_wanted:
        for line in gen.session(batch):
            data = line.encode("utf-8", "surrogatepass").replace(b"\n", b"")
            if rng.random() < 0.2:
                i = rng.randrange(len(data) + 1)
                data = data[:i] + rng.choice(KEYS) + data[i:]
            if rng.random() < 0.003:
                data += b"\x04"  # Ctrl-D: leaves the shell on an empty line
            typed.append(data)
            shell.send(data + b"\r")
            if not shell.settle(0.3):
                # Still in a search (Ctrl-R), after a lone Escape, in a paste, or busy: Ctrl-G and Ctrl-C leave it.
                shell.send(b"\x07\x03")
                shell.settle(1.0)
            sent += 1
            if shell.ended():
                break
        ok = shell.ended() or shell.answers(f"zq{sent}", deadline)
        if shell.ended():
            status = shell.status
            tally.add(0, status, False, b"\\n".join(typed[-batch:]).decode("utf-8", "replace")[:300])
            if crashed(status):
                # What was typed since the shell started, and what it printed last (its backtrace among it).
                with open(os.path.join(rig.work, f"fuzz-pty-crash-{seed}-{sent}.typed"), "wb") as keep:
                    keep.write(b"\n".join(typed))
                with open(os.path.join(rig.work, f"fuzz-pty-crash-{seed}-{sent}.output"), "wb") as keep:
                    keep.write(bytes(shell.output[-200_000:]))
            typed = []
            shell.close()
            shell = PtyShell(rig, db)
            shell.drain(1.0)
        elif not ok:
            tally.add(0, None, True, b"\\n".join(typed[-batch:]).decode("utf-8", "replace")[:300])
            with open(os.path.join(rig.work, f"fuzz-pty-hang-{seed}-{sent}.typed"), "wb") as keep:
                keep.write(b"\n".join(typed))
            typed = []
            shell.close()
            shell = PtyShell(rig, db)
            shell.drain(1.0)
    shell.send(b"exit\r")
    shell.drain(1.0)
    time.sleep(0.2)
    tally.add(0, shell.status if shell.ended() else 0, False, "exit")
    shell.close()
    tally.lines = sent
    return tally


def fuzz(rig):
    f = Figures("fuzz")
    debug = "/debug/" in rig.brainy
    deadline = 60 if debug else 20
    plan = {"pty": 60_000, "pipe": 20_000, "-c": 10_000, "-f": 10_000, "flags": 1_000} if rig.full else \
           {"pty": 600, "pipe": 480, "-c": 240, "-f": 240, "flags": 40}
    tallies = {}
    with ThreadPoolExecutor(max_workers=3) as pool:
        # Two terminals at once in the full form: each line waits for the prompt, so one terminal leaves a core idle.
        terminals = 2 if rig.full else 1
        pty_futures = [pool.submit(pty_run, rig, plan["pty"] // terminals, rig.random.randrange(1 << 30), deadline)
                       for _ in range(terminals)]
        for channel in ("pipe", "-c", "-f", "flags"):
            tally = Tally()
            futures = []
            remaining = plan[channel]
            while remaining > 0:
                seed = rig.random.randrange(1 << 30)
                if channel == "flags":
                    futures.append(pool.submit(flag_run, rig, seed, deadline))
                    remaining -= 1
                else:
                    import random
                    n = min(remaining, random.Random(seed).randint(5, 40))
                    lines = Generator(random.Random(seed), rig.work).session(n)
                    futures.append(pool.submit(one_run, rig, channel, lines, seed, deadline))
                    remaining -= n
            for future in futures:
                lines, status, hung, what = future.result()
                tally.add(lines, status, hung, what)
            tallies[channel] = tally
        tallies["pty"] = Tally()
        for future in pty_futures:
            t = future.result()
            for attribute in ("lines", "runs", "crashes", "hangs"):
                setattr(tallies["pty"], attribute, getattr(tallies["pty"], attribute) + getattr(t, attribute))
            tallies["pty"].examples += t.examples
    lines = sum(t.lines for t in tallies.values() if t is not tallies["flags"])
    crashes = sum(t.crashes for t in tallies.values())
    hangs = sum(t.hangs for t in tallies.values())
    f.values = {"lines": lines, **{f"{name} lines": t.lines for name, t in tallies.items() if name != "flags"},
                "flag sets": tallies["flags"].runs, "processes": sum(t.runs for t in tallies.values()),
                "crashes": crashes, "hangs": hangs}
    for name, t in tallies.items():
        f.notes += [f"{name}: {example}" for example in t.examples]
    f.expect(crashes == 0, f"{crashes} crashes")
    f.expect(hangs == 0, f"{hangs} hangs")
    return f


# --- `wide`: lines taller than the screen (issue 25) -------------------------------------------------------------
# Debian 12's libedit crashed (SIGSEGV) on wide characters in lines taller than its screen: the random lines above
# run at 120×40 and never make one. This family types at small terminals (40×20, 80×24) and pastes runs of wide,
# zero-width and combining characters and emoji sequences, moves with the editing keys, and resizes the window.

WIDE_UNITS = ["가", "한글", "👍", "👍🏽", "\u00ad", "e\u0301", "\u200b", "\u200d", "👨\u200d👩\u200d👧", "🇰🇷", "❤\ufe0f",
              "ｱ", "\u3000", "\t", "a", " ", "\u0e01\u0e34", "\U0001f9d1\u200d\U0001f4bb", "\u1100\u1161"]
WIDE_KEYS = [b"\x01", b"\x05", b"\x1b[D", b"\x1b[C", b"\x1b[H", b"\x1b[F", b"\x7f", b"\x17", b"\x0b", b"\x19",
             b"\x1b[A", b"\x1b[B", b"\t", b"\x0c", b"\x02", b"\x06", b"\x1bb", b"\x1bf"]
# Keys that insert more than one character at once, past the per-key guard: a kill and yanks of it (Ctrl-K, Ctrl-U,
# Ctrl-W, then Ctrl-Y, each doubling the line), Escape and digits (a count: "repeat the next key 99 times"), and
# libedit's own history search (stat, Escape p, Escape n: lines holding "stat"), which recalls a line whatever its
# height.
WIDE_INSERTIONS = [b"\x01\x0b\x19\x19", b"\x15\x19\x19\x19", b"\x17\x19\x19", b"\x19\x01\x05\x19",
                   b"\x1b9\x1b9\xea\xb0\x80", b"\x1b9\x1b9\xf0\x9f\x91\x8d", b"\x15stat\x1bp",
                   b"\x15stat\x1bp\x1bp\x1bn\x01\x05"]
WIDE_SIZES = [(40, 20), (80, 24)]
RESIZES = [(40, 20), (80, 24), (80, 40), (30, 12), (120, 40), (40, 10)]


class SizedShell(PtyShell):
    """brainy on a pseudo-terminal of a given size, in English, whose window can be resized (SIGWINCH)."""

    def __init__(self, rig, db, columns, rows, environment=None):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            try:
                os.chdir(os.path.dirname(db))
                os.execve(rig.brainy, [rig.brainy, "--db", db, "--lang", "en", "-X", "--qa"],
                          dict(rig.env, TERM="xterm-256color", **(environment or {})))
            finally:
                os._exit(127)  # never go on running the suite in the child (the binary missing mid-build)
        self.resize(columns, rows)
        os.set_blocking(self.fd, False)
        self.output = bytearray()
        self.status = None

    def resize(self, columns, rows):
        import fcntl, struct, termios
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def wide_session(rig, seed, actions, deadline):
    """One shell at a small size: signed in (sometimes in a quiz with the timer on, so that the prompt is redrawn
    while keys come), then `actions` pastes, keys, multi-character insertions (yanks, counts, history searches),
    resizes and Enters; then it must answer `help`.
    Returns (counts, status or None, hung, what was done)."""
    import random
    rng = random.Random(seed)
    folder = tempfile.mkdtemp(dir=rig.work, prefix="wide-")
    db = os.path.join(folder, "wide.sqlite")
    columns, rows = rng.choice(WIDE_SIZES)
    # A history holding lines far taller than any screen (written by a wider window, or by hand), for Escape p.
    history = os.path.join(folder, "history")
    with open(history, "w", encoding="utf-8") as file:
        file.write("_HiStOrY_V2_\n" + "".join(f"state\\040{rng.choice(WIDE_UNITS) * rng.randint(300, 1500)}\n"
                                             .replace("\t", "\\011").replace(" ", "\\040") for _ in range(3)))
    shell = SizedShell(rig, db, columns, rows, {"BRAINY_HISTFILE": history})
    shell.settle(deadline)
    done = [f"{columns}x{rows}"]
    counts = {"pasted": 0, "keys": 0, "insertions": 0, "resizes": 0}
    setup = [b"login guest\r"]
    if rng.random() < 0.4:
        setup += [b"settings timer 3\r", b"mode short\r", b"category person\r", b"start 3\r"]
    for line in setup:
        shell.send(line)
        shell.settle(deadline)
    for action in range(actions):
        r = 0.0 if action == 0 else rng.random()  # the first paste makes a line taller than the screen
        if r < 0.45:
            unit = rng.choice(WIDE_UNITS)
            count = rng.randint(600, 1200) if action == 0 else rng.randint(20, 900)
            text = "".join(rng.choice([unit, unit, rng.choice(WIDE_UNITS)]) for _ in range(count))
            shell.send(text.encode())
            counts["pasted"] += len(text)
            done.append(f"paste {len(text)}×{unit!r}")
        elif r < 0.6:
            keys = rng.choice(WIDE_INSERTIONS)
            shell.send(keys)
            counts["insertions"] += 1
            done.append(repr(keys))
        elif r < 0.85:
            # Moving to the line's start and back to its end (Ctrl-A, Ctrl-E) before typing on was the crash's way.
            keys = [rng.choice(WIDE_KEYS + [b"\x01", b"\x05"] * 4) for _ in range(rng.randint(1, 3))]
            shell.send(b"".join(keys))
            counts["keys"] += len(keys)
            done.append(repr(b"".join(keys)))
        elif r < 0.95:
            columns, rows = rng.choice(RESIZES)
            shell.resize(columns, rows)
            counts["resizes"] += 1
            done.append(f"resize {columns}x{rows}")
        else:
            shell.send(b"\r")
            done.append("Enter")
        shell.drain(0.02)
        if shell.ended():
            break
    ok = shell.ended() or shell.answers(f"zw{seed % 1000}", deadline)
    status = shell.status if shell.ended() else None
    if (status is not None and crashed(status)) or not ok:
        with open(os.path.join(rig.work, f"fuzz-wide-{seed}.typed"), "w") as keep:
            keep.write("\n".join(done))
        with open(os.path.join(rig.work, f"fuzz-wide-{seed}.output"), "wb") as keep:
            keep.write(bytes(shell.output[-200_000:]))
    if not shell.ended():
        shell.send(b"\x15exit\r")
        shell.drain(0.5)
    shell.close()
    subprocess.run(["rm", "-rf", folder])
    return counts, status, not ok, " ".join(done)[:300]


def wide(rig):
    f = Figures("wide")
    deadline = 60 if "/debug/" in rig.brainy else 20
    sessions, actions = (120, 40) if rig.full else (6, 16)
    tally = Tally()
    totals = {"pasted": 0, "keys": 0, "insertions": 0, "resizes": 0}
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = [pool.submit(wide_session, rig, rig.random.randrange(1 << 30), actions, deadline)
                   for _ in range(sessions)]
        for future in futures:
            counts, status, hung, what = future.result()
            for key in totals:
                totals[key] += counts[key]
            tally.add(0, 0 if status is None else status, hung, what)
    f.values = {"sessions": tally.runs, "characters pasted": totals["pasted"], "keys": totals["keys"],
                "multi-character insertions": totals["insertions"], "resizes": totals["resizes"],
                "crashes": tally.crashes, "hangs": tally.hangs}
    f.notes += tally.examples
    f.expect(tally.crashes == 0, f"{tally.crashes} crashes")
    f.expect(tally.hangs == 0, f"{tally.hangs} hangs")
    return f
