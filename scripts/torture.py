#!/usr/bin/env python3
"""The torture suite (issue 13): real brainy shells and a real brainy-server, killed, raced, fuzzed and attacked;
each mode prints its figures and the run exits 1 when a mode misses its target.

usage: scripts/torture.py --brainy PATH --server PATH [--seed N] [mode] [quick|full]
  (run through scripts/torture, which builds the release binaries; scripts/test runs the quick form on the debug ones)
modes: kill resume users fuzz server-kill instance-kill hostile flood schemathesis outside, or all (the default);
  replace links signout crowd attack the database file under running shells (issue 25);
  wide pastes wide characters and emoji sequences at small terminals, with resizes (issue 25);
  wav gives hostile WAV files to answer --audio and speak --from (issue 25);
  db-outage stops and freezes PostgreSQL under syncing devices, slow-flood holds thousands of connections
  sending bodies a byte at a time and measures the server's memory (issue 24)
"""
import argparse, os, shutil, sys, tempfile, time, traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from torture_suite import flood, fuzz, hostile, instance_kill, outside, schemathesis_run, server_kill, shells  # noqa: E402
from torture_suite.rig import Figures, Rig  # noqa: E402
from torture_suite import database_file  # noqa: E402
from torture_suite import wav  # noqa: E402
from torture_suite import database_outage, slow_flood  # noqa: E402
from torture_suite import players  # noqa: E402

MODES = {
    "kill": shells.kill,
    "resume": shells.resume,
    "users": players.users,
    "replace": database_file.replace,
    "links": database_file.links,
    "signout": database_file.signout,
    "crowd": database_file.crowd,
    "fuzz": fuzz.fuzz,
    "wide": fuzz.wide,
    "server-kill": server_kill.server_kill,
    "instance-kill": instance_kill.instance_kill,
    "db-outage": database_outage.outage,
    "slow-flood": slow_flood.slow_flood,
    "hostile": hostile.hostile,
    "flood": flood.flood,
    "schemathesis": schemathesis_run.schemathesis,
    "outside": outside.outside,
    "wav": wav.wav,
}


def table(figures):
    lines = ["| mode | figures | result |", "| --- | --- | --- |"]
    for f in figures:
        shown = ", ".join(f"{k} {v:,}" if isinstance(v, int) else f"{k} {v}" for k, v in f.values.items())
        lines.append(f"| `{f.mode}` | {shown} | {'pass' if not f.missed else 'MISSED: ' + '; '.join(f.missed)} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--brainy", required=True)
    parser.add_argument("--server", required=True)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder (its path is printed)")
    parser.add_argument("mode", nargs="?", default="all", choices=["all", *MODES])
    parser.add_argument("size", nargs="?", default="quick", choices=["quick", "full"])
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="brainy-torture-")
    rig = Rig(args.brainy, args.server, work, args.size == "full", args.seed)
    names = list(MODES) if args.mode == "all" else [args.mode]
    print(f"torture {args.mode} {args.size} — seed {args.seed}, {os.path.basename(os.path.dirname(rig.brainy))} "
          f"binaries, scratch {work}", flush=True)
    results = []
    try:
        for name in names:
            started = time.monotonic()
            try:
                figures = MODES[name](rig)
            except Exception as error:  # a mode that could not run is a missed target, with its reason
                figures = Figures(name, missed=[f"could not run: {type(error).__name__}: {error}"[:800]])
                traceback.print_exc()
            figures.seconds = time.monotonic() - started
            results.append(figures)
            print(figures.line(), flush=True)
            for note in figures.notes[:12]:
                print(f"    {note}", flush=True)
    finally:
        rig.stop_servers()
        if args.keep or any(f.missed for f in results):
            print(f"scratch kept in {work} (reproducers: fuzz-*)")
        else:
            shutil.rmtree(work, ignore_errors=True)
    if len(results) > 1:
        print(table(results))
    return 1 if any(f.missed for f in results) else 0


if __name__ == "__main__":
    sys.exit(main())
