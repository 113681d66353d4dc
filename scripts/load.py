#!/usr/bin/env python3
"""The load generator (issue 15): N players (register, sign in, config, batches of results, leaderboard, summary,
token refresh) against brainy-server on SQLite, on PostgreSQL, and as two instances on one PostgreSQL database; then a
ramp of players back to back to find where throughput stops growing. Checks: every request answered 2xx, every
acknowledged result held exactly once (read from the database itself), every lie refused. Exits 1 when a check fails.

usage: scripts/load.py --server PATH [--players N] [--quick] [--setups sqlite,postgres,postgres-2] …
  (run through scripts/load, which builds the release binary; scripts/test runs --quick on the debug one)
"""
import argparse, asyncio, os, shutil, signal, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from load_suite import report, runs, setups, stats  # noqa: E402
from load_suite.check import verify  # noqa: E402
from load_suite.pack import load_questions  # noqa: E402
from load_suite.players import Recorder, World  # noqa: E402
from load_suite.postgres import Cluster  # noqa: E402

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def arguments():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", required=True, help="the brainy-server binary")
    parser.add_argument("--players", type=int, default=1000, help="players in the main run (default 1000)")
    parser.add_argument("--batches", type=int, default=5, help="batches each player uploads (default 5)")
    parser.add_argument("--batch-size", type=int, default=20, help="results a batch (default 20)")
    parser.add_argument("--arrival", type=float, default=90, help="seconds over which the players start (default 90)")
    parser.add_argument("--think", type=float, default=8.0,
                        help="a player waits 0 to this many seconds before each request (default 8)")
    parser.add_argument("--ramp", default="1,2,4,8,16,32,64,128,256",
                        help="players at once in each step of the ramp, comma-separated ('' for none)")
    parser.add_argument("--step", type=float, default=10, help="seconds a ramp step lasts (default 10)")
    parser.add_argument("--sources", type=int, default=64, help="loopback source addresses, 127.0.1.x (default 64)")
    parser.add_argument("--setups", default=",".join(setups.SETUPS), help="comma-separated: " + ", ".join(setups.SETUPS))
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--quick", action="store_true",
                        help="a small run for CI: 8 players, a two-step ramp of 2 s steps, under a minute on debug builds")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder (servers' logs)")
    args = parser.parse_args()
    if args.quick:
        args.players, args.arrival, args.think, args.ramp, args.step = 8, 1, 0.05, "1,2", 2
    args.setups = [s for s in args.setups.split(",") if s]
    unknown = set(args.setups) - set(setups.SETUPS)
    if unknown or not 1 <= args.sources <= 254:
        parser.error(f"unknown set-ups {sorted(unknown)}" if unknown else "--sources must be 1 to 254")
    args.ramp = [int(c) for c in args.ramp.split(",") if c.strip()]
    return args


async def load(args, setup, questions, seed):
    """The main run and the ramp against one started set-up; (figures, check, problems, ramp rows, knee)."""
    recorder = Recorder()
    world = World(setup.urls, questions, args.batches, args.batch_size, recorder)
    roster = runs.Roster(f"load{seed}-{setup.name}", len(setup.urls), args.sources, seed)
    try:
        cpu = time.process_time()
        started, ended, most = await runs.players_at_once(world, roster, args.players, args.arrival, args.think)
        figures = dict(stats.window(recorder, started, ended), **{"players at once": most})
        # The generator shares the two cores with the servers: what it took is what they could not have.
        figures["generator CPU"] = (time.process_time() - cpu) / figures["seconds"] if figures["requests"] else 0.0
        windows = await runs.ramp(world, roster, args.ramp, args.step)
    finally:
        await world.close()
    ramp_rows = [(c, dict(stats.window(recorder, a, b), **{"generator CPU": cpu})) for c, a, b, cpu in windows]
    check, problems = verify(roster.players, *setup.read_rows())
    ramp_errors = sum(sum(r["errors"].values()) for _, r in ramp_rows)
    return figures, check, problems, ramp_rows, stats.saturation(ramp_rows), ramp_errors


def failures_of(figures, check, ramp_errors, setup):
    failed = [f"{k} {v}" for k, v in check.items() if k in report.FAILING and v]
    if figures["errors"] or ramp_errors:
        failed.append(f"{sum(figures['errors'].values()) + ramp_errors} requests not answered 2xx "
                      f"({figures['5xx']} 5xx in the main run)")
    if not all(server.alive() for server in setup.servers):
        failed.append("a server died")
    return failed


def main():
    args = arguments()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the servers on the way out, as on Ctrl-C
    work = tempfile.mkdtemp(prefix="brainy-load-")
    env = dict(os.environ, XDG_DATA_HOME=work, BRAINY_SECRET=os.urandom(24).hex())
    questions = load_questions(REPOSITORY)
    print(f"load: {args.players:,} players, {args.batches} batches of {args.batch_size}, arrival {args.arrival:g} s, "
          f"think 0–{args.think:g} s, ramp {args.ramp} × {args.step:g} s, {args.sources} source addresses; seed "
          f"{args.seed}; {os.path.basename(os.path.dirname(os.path.abspath(args.server)))} binary; "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at start; scratch {work}", flush=True)
    cluster, rows, failed = None, [], False
    try:
        if any(s.startswith("postgres") for s in args.setups):
            cluster = Cluster().start()
        for n, name in enumerate(args.setups):
            setup = setups.start(name, os.path.abspath(args.server), work, env, cluster)
            try:
                figures, check, problems, ramp_rows, knee, ramp_errors = asyncio.run(
                    load(args, setup, questions, args.seed + n))
                failures = failures_of(figures, check, ramp_errors, setup)
            finally:
                setup.stop()
            failed |= bool(failures)
            print(report.setup_figures(setups.TITLES[name], figures, check, problems, ramp_rows, knee, failures),
                  flush=True)
            rows.append((setups.TITLES[name], figures, check, knee))
    finally:
        if cluster is not None:
            cluster.stop()
        if args.keep or failed:
            print(f"scratch kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    print(report.summary_table(rows))
    print(f"load average at the end {os.getloadavg()[0]:.2f}, {os.getloadavg()[1]:.2f}, {os.getloadavg()[2]:.2f}")
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("load: interrupted; every server and cluster it started is stopped", file=sys.stderr)
        sys.exit(130)
