"""brainy-server instances started for a run: on a SQLite file or a PostgreSQL URL, each on a free port, with the rate
limits off (see docs/load.md: the generator is one machine); stop() ends them all."""
import subprocess

from torture_suite.rig import free_port, log_tail, start_server


class Server:
    def __init__(self, binary, storage_args, log_path, env):
        self.binary, self.storage_args, self.log_path, self.env = binary, storage_args, log_path, env
        self.port = free_port()
        self.process = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self, deadline_s=120):
        self.process = start_server([self.binary, "--port", str(self.port), "--rate-limit", "off", "--log-level",
                                     "warning", *self.storage_args], self.url, self.log_path, self.env, deadline_s)
        return self

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
        return log_tail(self.log_path, size)
