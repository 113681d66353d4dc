"""The three set-ups a run loads: SQLite with one instance, PostgreSQL with one, PostgreSQL with two on one database
(one signing key, players split between them). Each starts its servers and says how to read what they hold."""
import os
from .check import rows_postgres, rows_sqlite
from .servers import Server

SETUPS = ["sqlite", "postgres", "postgres-2"]
TITLES = {"sqlite": "SQLite, one instance", "postgres": "PostgreSQL, one instance",
          "postgres-2": "PostgreSQL, two instances"}


class Setup:
    def __init__(self, name, servers, read_rows):
        self.name, self.servers, self.read_rows = name, servers, read_rows

    @property
    def urls(self):
        return [server.url for server in self.servers]

    def stop(self):
        for server in self.servers:
            server.stop()


def start(name, binary, work, env, cluster=None):
    """The set-up's servers, started; `cluster` (a started postgres.Cluster) for the PostgreSQL ones."""
    log = lambda n: os.path.join(work, f"{name}-{n}.log")
    if name == "sqlite":
        db = os.path.join(work, "sqlite", "server.sqlite")
        servers = [Server(binary, ["--db", db], log(1), env)]
        read_rows = lambda: rows_sqlite(db)
    else:
        database = "load_" + name.replace("-", "_")
        cluster.psql("postgres", f"CREATE DATABASE {database}")
        url = cluster.url(database)
        servers = [Server(binary, ["--database", url], log(n + 1), env) for n in range(2 if name == "postgres-2" else 1)]
        read_rows = lambda: rows_postgres(cluster, database)
    setup = Setup(name, servers, read_rows)
    try:
        for server in servers:  # one after the other: the first migrates the schema
            server.start()
    except Exception:
        setup.stop()
        raise
    return setup
