"""What every mode works with: the binaries, a scratch folder, the environment the shells run in, a server that can be
started, killed -9 and started again on its file (or its PostgreSQL database), and the figures a mode reports."""
import ctypes, json, os, random, signal, socket, sqlite3, subprocess, time, urllib.error, urllib.request
from dataclasses import dataclass, field

# Exit codes the shell documents (docs/scripting.md): anything else, or a signal, is a crash.
DOCUMENTED_EXITS = {0, 1, 2, 3}


@dataclass
class Figures:
    """One mode's result: its figures in the order printed, and the targets it missed (empty: passed)."""
    mode: str
    values: dict = field(default_factory=dict)
    missed: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    seconds: float = 0.0

    def expect(self, ok, what):
        if not ok:
            self.missed.append(what)

    def line(self):
        shown = ", ".join(f"{key} {value:,}" if isinstance(value, int) else f"{key} {value}"
                          for key, value in self.values.items())
        verdict = "ok" if not self.missed else "MISSED: " + "; ".join(self.missed)
        return f"{self.mode}: {shown} — {verdict} ({self.seconds:.0f} s)"


class Rig:
    def __init__(self, brainy, server, work, full, seed):
        self.brainy = os.path.abspath(brainy)
        self.server_binary = os.path.abspath(server) if server else None
        self.work = work
        self.full = full
        self.random = random.Random(seed)
        self.env = dict(os.environ, HOME=work, XDG_DATA_HOME=work, XDG_CONFIG_HOME=work, NO_COLOR="1",
                        LANG="C.UTF-8", PAGER="cat", EDITRC="/dev/null", BRAINY_SERVER_TIMEOUT="5",
                        BRAINY_HISTFILE=os.path.join(work, "history"))
        self.env.pop("BRAINY_SECRET", None)
        self.servers = []

    def path(self, name):
        return os.path.join(self.work, name)

    def run(self, db, *args, stdin=None, timeout=120, extra_env=None):
        """One brainy run to its end; stdin is text or None."""
        return subprocess.run([self.brainy, "--db", db, "--lang", "en", *args], input=stdin, capture_output=True,
                              text=True, timeout=timeout, env=dict(self.env, **(extra_env or {})), cwd=self.work)

    def start(self, db, *args, extra_env=None, stdin=subprocess.PIPE):
        """A brainy started now, whose standard input the caller writes (text) unless given a file."""
        return subprocess.Popen([self.brainy, "--db", db, "--lang", "en", *args], stdin=stdin,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=self.work,
                                env=dict(self.env, **(extra_env or {})))

    def server(self, db_name, *args, storage=None):
        """A server on the SQLite file db_name in the scratch folder, or on `storage` (such as ["--database", URL]),
        its log then named after db_name."""
        server = Server(self, self.path(db_name), list(args), storage)
        self.servers.append(server)
        return server

    def stop_servers(self):
        for server in self.servers:
            server.stop()


def integrity(db):
    """SQLite's own check of the file: 'ok' when intact."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        return con.execute("PRAGMA integrity_check").fetchone()[0]


def count(db, sql, *parameters):
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        return con.execute(sql, parameters).fetchone()[0]
    finally:
        con.close()


def crashed(status):
    """A status that is neither a documented exit code nor a clean end: a signal (negative) or another code."""
    return status not in DOCUMENTED_EXITS


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def die_with_parent():
    """Runs in a child before exec: the kernel sends it SIGTERM should the suite die unawares."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def start_server(argv, url, log_path, env, deadline_s):
    """Starts brainy-server (its output appended to `log_path`) and waits until `url` serves /v1/config; raises with the
    log's tail when it exits or does not answer within `deadline_s`."""
    with open(log_path, "a") as log:
        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, env=env,
                                   preexec_fn=die_with_parent)
    deadline = time.monotonic() + deadline_s
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"brainy-server exited with {process.returncode}:\n{log_tail(log_path)}")
        try:
            with urllib.request.urlopen(url + "/v1/config", timeout=2) as response:
                if response.status == 200:
                    return process
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        if time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"brainy-server did not answer within {deadline_s} s:\n{log_tail(log_path)}")
        time.sleep(0.05)


def log_tail(path, size=2000):
    try:
        with open(path, errors="replace") as f:
            return f.read()[-size:]
    except OSError:
        return ""


class Server:
    """brainy-server on a free port and a file of its own (or the storage given); kill() is kill -9, start() again
    reopens the same file."""

    def __init__(self, rig, db, args, storage=None):
        self.rig, self.db, self.args = rig, db, args
        self.storage = storage or ["--db", db]
        self.process = None
        self.port = None
        self.log_path = db + ".log"

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self, deadline_s=60):
        # Started again on the same port: a device's sign-in belongs to its server's address.
        self.port = self.port or free_port()
        self.process = start_server([self.rig.server_binary, "--port", str(self.port), *self.storage, *self.args],
                                    self.url, self.log_path, self.rig.env, deadline_s)
        return self

    def alive(self):
        return self.process is not None and self.process.poll() is None

    def healthy(self):
        """GET /health answers 200 with the database ok."""
        try:
            with urllib.request.urlopen(self.url + "/health", timeout=10) as response:
                return response.status == 200 and json.load(response).get("database") == "ok"
        except (urllib.error.URLError, ConnectionError, OSError, ValueError):
            return False

    def kill(self):
        """kill -9, reaped."""
        if self.alive():
            self.process.kill()
        if self.process is not None:
            self.process.wait()
        return self.process.returncode

    def stop(self):
        if self.alive():
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def log_tail(self, size=2000):
        return log_tail(self.log_path, size)
