"""A throw-away PostgreSQL cluster, as the server's tests make one (Tests/BrainyServerTests/TestPostgres.swift): initdb
into a temporary folder (as the user postgres when run as root, since initdb refuses root), `postgres` on a free
loopback port, stopped and deleted by stop(), or by the kernel's SIGTERM should the generator die unawares."""
import glob, os, pwd, shutil, signal, subprocess, tempfile, time
from torture_suite.rig import die_with_parent, free_port

USER = "brainy"


def bin_folder():
    """initdb and postgres: on PATH, else Debian's newest /usr/lib/postgresql/N/bin."""
    if shutil.which("initdb") and shutil.which("postgres"):
        return os.path.dirname(shutil.which("initdb"))
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[-3]), reverse=True)
    if not found:
        raise RuntimeError("PostgreSQL's server programs (initdb, postgres) are not installed: run `bash scripts/setup`.")
    return os.path.dirname(found[0])


class Cluster:
    def __init__(self):
        self.bin = bin_folder()
        self.psql_binary = f"{self.bin}/psql" if os.path.exists(f"{self.bin}/psql") else shutil.which("psql")
        if not self.psql_binary:
            raise RuntimeError("PostgreSQL's client psql is not installed: run `bash scripts/setup`.")
        # A folder of its own, not inside the run's (mode 0700, root's): the user postgres must reach it.
        self.folder = tempfile.mkdtemp(prefix="brainy-load-postgres-")
        self.port = free_port()
        self.process = None
        self.owner = {}
        if os.geteuid() == 0:
            entry = pwd.getpwnam("postgres")
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
            self.owner = {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}

    def url(self, database):
        return f"postgres://{USER}@127.0.0.1:{self.port}/{database}"

    def start(self, deadline_s=60):
        data = os.path.join(self.folder, "data")
        made = subprocess.run([f"{self.bin}/initdb", "-D", data, "-U", USER, "--auth=trust", "-E", "UTF8",
                               "--no-locale"], capture_output=True, text=True, **self.owner)
        if made.returncode != 0:
            raise RuntimeError(f"initdb failed ({made.returncode}):\n{made.stdout[-1500:]}{made.stderr[-1500:]}")
        # Durable as shipped (fsync and synchronous_commit on, unlike the tests' cluster): the figures are a
        # deployment's, and SQLite's side commits durably too.
        log = open(os.path.join(self.folder, "server.log"), "w")
        self.process = subprocess.Popen(
            [f"{self.bin}/postgres", "-D", data, "-p", str(self.port), "-k", self.folder,
             "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, preexec_fn=die_with_parent, **self.owner)
        log.close()
        deadline = time.monotonic() + deadline_s
        while self.psql("postgres", "SELECT 1", check=False).returncode != 0:
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"PostgreSQL did not start:\n{self.log_tail()}")
            time.sleep(0.1)
        return self

    def psql(self, database, sql, check=True):
        """One statement's rows, tab-separated, through psql on the loopback port."""
        return subprocess.run([self.psql_binary, "-X", "-q", "-At", "-F", "\t", "-h", "127.0.0.1", "-p", str(self.port),
                               "-U", USER, "-d", database, "-v", "ON_ERROR_STOP=1", "-c", sql],
                              capture_output=True, text=True, check=check)

    def log_tail(self, size=2000):
        try:
            return open(os.path.join(self.folder, "server.log"), errors="replace").read()[-size:]
        except OSError:
            return ""

    def stop(self):
        """A fast shutdown (SIGINT), then the folder is deleted."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)
