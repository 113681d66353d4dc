"""brainy-server instances started for a run: on a SQLite file or a PostgreSQL URL, each on a free port, with the rate
limits off (see the README's "Load": the generator is one machine); stop() ends them all."""
import ctypes, signal, socket, subprocess, time, urllib.error, urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def die_with_parent():
    """Runs in a child before exec: the kernel sends it SIGTERM should the generator die unawares."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class Server:
    def __init__(self, binary, storage_args, log_path, env):
        self.binary, self.storage_args, self.log_path, self.env = binary, storage_args, log_path, env
        self.port = free_port()
        self.process = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self, deadline_s=120):
        log = open(self.log_path, "a")
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--rate-limit", "off", "--log-level", "warning",
             *self.storage_args],
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, env=self.env, preexec_fn=die_with_parent)
        log.close()
        deadline = time.monotonic() + deadline_s
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"brainy-server exited with {self.process.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url + "/v1/config", timeout=2) as response:
                    if response.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"brainy-server did not answer within {deadline_s} s:\n{self.log_tail()}")
            time.sleep(0.05)

    def alive(self):
        return self.process is not None and self.process.poll() is None

    def stop(self):
        if self.alive():
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def log_tail(self, size=2000):
        try:
            return open(self.log_path, errors="replace").read()[-size:]
        except OSError:
            return ""
