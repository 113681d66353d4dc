#!/usr/bin/env python3
"""Login timing (issue 24: the answer to a wrong password must not tell known emails from unknown ones, by body,
status or time). Starts brainy-server on a free port, registers accounts, then sends wrong passwords to known and to
unknown emails, interleaved at random, each from its own address (X-Forwarded-For, --behind-proxy) so that no lock-out
or limit answers instead of the password check; prints both distributions, the gap between their medians, the
Kolmogorov-Smirnov distance between them, and whether every status and body matched.

usage: scripts/bench_login.py path/to/brainy-server [--attempts N] [--accounts N] [--seed N]
  (the release binary gives the figures in docs/login-timing.md; the debug one's scrypt is about 20 times slower)
Exits 1 when a status or body differs between known and unknown emails.
"""
import argparse, http.client, json, os, random, shutil, statistics, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from torture_suite.rig import start_server, free_port  # noqa: E402
from torture_suite.http import current_consents  # noqa: E402

PASSWORD = "correct horse battery"


def post(connection, path, body, address):
    data = json.dumps(body).encode()
    started = time.perf_counter()
    connection.request("POST", path, body=data, headers={"Content-Type": "application/json",
                                                         "X-Forwarded-For": address})
    response = connection.getresponse()
    payload = response.read()
    return response.status, payload, time.perf_counter() - started


def address(n):
    return f"10.{(n >> 16) & 255}.{(n >> 8) & 255}.{n & 255}"


def distribution(values):
    ordered = sorted(values)
    pick = lambda p: ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]  # noqa: E731
    return {"n": len(ordered), "min": ordered[0], "p10": pick(10), "p50": pick(50), "p90": pick(90),
            "p99": pick(99), "max": ordered[-1], "mean": statistics.fmean(ordered)}


def ks_distance(a, b):
    """The largest gap between the two empirical distribution functions (0: the same, 1: apart)."""
    a, b = sorted(a), sorted(b)
    i = j = 0
    gap = 0.0
    while i < len(a) and j < len(b):
        if a[i] <= b[j]:
            i += 1
        else:
            j += 1
        gap = max(gap, abs(i / len(a) - j / len(b)))
    return gap


def histogram(known, unknown, buckets=12):
    low, high = min(known + unknown), max(known + unknown)
    width = (high - low) / buckets or 1
    lines = []
    for k in range(buckets):
        start = low + k * width
        inside = lambda v: start <= v < start + width or (k == buckets - 1 and v == high)  # noqa: E731
        ck, cu = sum(map(inside, known)), sum(map(inside, unknown))
        lines.append(f"  {start * 1000:8.1f} ms  known {'#' * round(40 * ck / len(known)):<40} {ck:4}"
                     f"  unknown {'#' * round(40 * cu / len(unknown)):<40} {cu:4}")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("server")
    parser.add_argument("--attempts", type=int, default=400, help="wrong passwords for each kind of email (400)")
    parser.add_argument("--accounts", type=int, default=20, help="known accounts the guesses go to (20)")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    args = parser.parse_args()
    if args.attempts < 10 or args.accounts < 1:
        parser.error("--attempts must be at least 10 and --accounts at least 1")
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="brainy-bench-login-")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    # Rate limits off: they key by email, known or not, and would add the same waits to both kinds.
    server = start_server([os.path.abspath(args.server), "--port", str(port), "--db", os.path.join(work, "server.sqlite"),
                           "--behind-proxy", "--rate-limit", "off"], url, os.path.join(work, "server.log"),
                          dict(os.environ), 60)
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        known = [f"known{n}-{args.seed}@example.com" for n in range(args.accounts)]
        for n, email in enumerate(known):
            status, body, _ = post(connection, "/v1/auth/register",
                                   {"email": email, "password": PASSWORD, "consents": current_consents(port)},
                                   address(n + 1))
            assert status in (200, 201), f"register {email}: {status} {body[:200]!r}"
        plan = [("known", rng.choice(known)) for _ in range(args.attempts)]
        plan += [("unknown", f"nobody{n}-{rng.randrange(1 << 30)}@example.com") for n in range(args.attempts)]
        rng.shuffle(plan)
        # A few of each first, not counted: the first scrypt runs and connections are slower for both.
        warm = [("known", known[0]), ("unknown", "warm@example.com")] * 5
        times = {"known": [], "unknown": []}
        answers = {"known": set(), "unknown": set()}
        for n, (kind, email) in enumerate(warm + plan):
            status, body, seconds = post(connection, "/v1/auth/login", {"email": email, "password": "wrong guess"},
                                         address(100_000 + n))
            if n >= len(warm):
                times[kind].append(seconds)
                answers[kind].add((status, body))
        print(f"login timing: brainy-server {os.path.basename(os.path.dirname(os.path.abspath(args.server)))} "
              f"build, {args.attempts} wrong passwords to {args.accounts} known emails and {args.attempts} to unknown "
              f"ones, interleaved at random (seed {args.seed}), each from its own address, one connection")
        for kind in ("known", "unknown"):
            d = distribution(times[kind])
            print(f"{kind:8} " + ", ".join(f"{k} {v * 1000:.1f} ms" if k != "n" else f"n {v}" for k, v in d.items()))
        gap = statistics.median(times["known"]) - statistics.median(times["unknown"])
        print(f"medians' gap (known - unknown) {gap * 1000:+.2f} ms; Kolmogorov-Smirnov distance "
              f"{ks_distance(times['known'], times['unknown']):.3f} (0 the same distribution, 1 apart; "
              f"{1.36 * (2 / args.attempts) ** 0.5:.3f} is the 5 % level for these sizes)")
        print(histogram(times["known"], times["unknown"]))
        same = answers["known"] == answers["unknown"] and len(answers["known"]) == 1
        shown = sorted({(s, b.decode(errors='replace')) for s, b in answers['known'] | answers['unknown']})
        print(f"statuses and bodies: {'the same for both' if same else 'DIFFERENT'} — {shown[:3]}")
        return 0 if same else 1
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
