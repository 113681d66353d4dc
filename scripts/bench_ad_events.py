#!/usr/bin/env python3
"""Ad events on PostgreSQL (issue 24): how long `POST /v1/ads/events` takes for batches of 10, 100 and 1,000 events
(the largest the server takes), against the 4 s database deadline. A throw-away PostgreSQL cluster, brainy-server on
it with rate limits off, one account; each batch is impressions of a served ad and one completion (rewarded while the day's cap allows), sent
`--rounds` times with new ids, then once more as it was (a device that did not hear the answer). Prints the slowest
and median time per size and the server's answers (all must be 200).

usage: scripts/bench_ad_events.py path/to/brainy-server [--rounds N]   (docs/torture.md has the figures)
"""
import argparse, json, os, statistics, sys, tempfile, time, uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from load_suite.postgres import Cluster  # noqa: E402
from torture_suite.http import register, request  # noqa: E402
from torture_suite.rig import free_port, start_server  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("server")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    cluster = Cluster().start()
    work = tempfile.mkdtemp(prefix="brainy-bench-ads-")
    server = None
    try:
        cluster.psql("postgres", "CREATE DATABASE brainy")
        port = free_port()
        server = start_server([os.path.abspath(args.server), "--port", str(port), "--database", cluster.url("brainy"),
                               "--rate-limit", "off"], f"http://127.0.0.1:{port}", os.path.join(work, "server.log"),
                              dict(os.environ), 120)
        statuses = {}
        for size in (10, 100, 1000):
            times = []
            for round_ in range(args.rounds + 1):
                # An account for each new batch: one account may send 2,000 events a day.
                if round_ < args.rounds:
                    token, _, _ = register(port, f"ads-{size}-{round_}@example.com")
                # Rewarded ads while the day's cap allows, then quiz-end ones (their completions are refused as not rewarded:
                # judged all the same).
                ads = request(port, "GET", "/v1/ads?placement=rewarded&lang=en&count=1", token=token).json()["ads"]
                served = (ads or request(port, "GET", "/v1/ads?placement=quiz_end&lang=en&count=1&quizzesToday=60",
                                         token=token).json()["ads"])[0]
                if round_ < args.rounds:
                    prefix = uuid.uuid4().hex
                    events = [{"id": f"{prefix}-{n}", "kind": "impression", "adId": served["id"], "token": served["token"],
                               "occurredAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())} for n in range(size - 1)]
                    events.append({"id": f"{prefix}-c", "kind": "completion", "adId": served["id"],
                                   "token": served["token"], "occurredAt": events[0]["occurredAt"]})
                r = request(port, "POST", "/v1/ads/events", {"events": events}, token=token, timeout=120)
                statuses[r.status] = statuses.get(r.status, 0) + 1
                times.append(r.seconds)
            print(f"batch of {size:5}: median {statistics.median(times) * 1000:8.1f} ms, slowest "
                  f"{max(times) * 1000:8.1f} ms ({args.rounds} new batches and one sent again)", flush=True)
        print("answers: " + ", ".join(f"{n} × {s}" for s, n in sorted(statuses.items())))
        return 0 if set(statuses) == {200} else 1
    finally:
        if server is not None:
            server.terminate()
            server.wait(10)
        cluster.stop()


if __name__ == "__main__":
    sys.exit(main())
