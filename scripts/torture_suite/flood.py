"""`flood`: one client floods the server with wrk; the other clients' p99 against the same load without it."""
import json, re, shutil, subprocess, threading, time
from .http import current_consents, register, request
from .rig import Figures, percentile
from .shells import PASSWORD

WRK_REGISTER = """
counter = 0
request = function()
  counter = counter + 1
  local body = '{"email": "flood' .. counter .. '-' .. math.random(1, 1000000000) .. '@example.com", "password": "correct horse battery", "consents": CONSENTS}'
  return wrk.format("POST", "/v1/auth/register", {["Content-Type"] = "application/json"}, body)
end
"""
WRK_LOGIN = """
request = function()
  return wrk.format("POST", "/v1/auth/login", {["Content-Type"] = "application/json"},
                    '{"email": "EMAIL", "password": "wrong password ' .. math.random(1, 1000000) .. '"}')
end
"""


class Measured:
    """Other clients (each its own loopback address) doing what players do, in a loop: their latencies (sign-ins,
    which cost a scrypt hash each, apart) and the requests that failed."""

    def __init__(self, port, accounts):
        self.port, self.accounts = port, accounts

    def run(self, seconds):
        latencies, logins, failures = [], [], {}
        end = time.monotonic() + seconds

        def client(n, email, token):
            source = f"127.0.0.{20 + n}"
            last_login = 0.0
            while time.monotonic() < end:
                for path in ("/v1/config", "/v1/results/summary", "/v1/leaderboard/daily"):
                    r = request(self.port, "GET", path, token=token, source=source, timeout=30)
                    latencies.append(r.seconds)
                    if r.status != 200:
                        failures[r.status] = failures.get(r.status, 0) + 1
                if time.monotonic() - last_login > 2.5:
                    r = request(self.port, "POST", "/v1/auth/login", {"email": email, "password": PASSWORD},
                                source=source, timeout=30)
                    logins.append(r.seconds)
                    last_login = time.monotonic()
                    if r.status != 200:
                        failures[r.status] = failures.get(r.status, 0) + 1
        threads = [threading.Thread(target=client, args=(n, email, token))
                   for n, (email, token) in enumerate(self.accounts)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return latencies, logins, failures


def flood(rig):
    """One client floods (registrations, then wrong passwords for another player's account, with wrk); the other
    clients' p99 may not grow more than 2× over the same load without the flood (full form), and none of their
    requests, sign-ins included, may fail."""
    f = Figures("flood")
    if not shutil.which("wrk"):
        f.missed.append("wrk is not installed (scripts/setup torture installs it)")
        return f
    seconds = 10 if rig.full else 4
    # The debug build's scrypt is about 20 times slower than the release build's: with the default bursts (20
    # registrations, 30 sign-ins) the flood's first second would be 40 CPU-seconds. The quick form makes the bursts
    # small (yet above the measured players' own sign-ins); the full form (release) runs the defaults.
    limits = [] if rig.full else ["--rate-limit", "register=3/3600", "--rate-limit", "login=10/300"]
    server = rig.server("flood-server.sqlite", *limits).start()
    try:
        accounts = []
        for n in range(3):
            email = f"player{n}@example.com"
            token, _, _ = register(server.port, email, source=f"127.0.0.{20 + n}")
            accounts.append((email, token))
        measured = Measured(server.port, accounts)

        def baseline(label):
            latencies, logins, failures = measured.run(seconds)
            f.expect(not failures, f"requests failed without a flood ({label}): {failures}")
            return percentile(latencies, 99), logins

        # A baseline before and after each flood: on a machine shared with other jobs the baseline itself drifts, so
        # each flood is held to the mean of the two around it, not to one measured minutes earlier.
        before, base_logins = baseline("first")
        baselines = [before]
        f.values = {"sign-in p50 without a flood": f"{percentile(base_logins, 50) * 1000:.0f} ms"}
        for name, script in (("registrations", WRK_REGISTER.replace("CONSENTS", json.dumps(current_consents(server.port)))),
                             ("wrong passwords", WRK_LOGIN.replace("EMAIL", accounts[0][0]))):
            lua = rig.path(f"flood-{name[:5]}.lua")
            with open(lua, "w") as out:
                out.write(script)
            wrk = subprocess.Popen(["wrk", "-t1", "-c16", f"-d{seconds + 2}s", "-s", lua, server.url],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            time.sleep(1)
            during, logins, failures = measured.run(seconds)
            out, _ = wrk.communicate(timeout=120)
            time.sleep(1)
            after, _ = baseline(f"after the {name} flood")
            baselines.append(after)
            rate = re.search(r"Requests/sec:\s*([\d.]+)", out)
            p99 = percentile(during, 99)
            reference = (before + after) / 2
            ratio = p99 / reference
            f.values[f"{name} flood"] = (f"{float(rate.group(1)) if rate else 0:,.0f} requests/s; other clients' p99 "
                                         f"{p99 * 1000:.1f} ms against {before * 1000:.1f} ms before and "
                                         f"{after * 1000:.1f} ms after ({ratio:.2f}×), sign-in p50 "
                                         f"{percentile(logins, 50) * 1000:.0f} ms, {sum(failures.values())} failed")
            # A ratio of latencies means something on release builds only: the quick form (debug builds, in CI on a
            # machine shared with other jobs) checks that the flood is refused and hurts no one, and prints the ratio.
            if rig.full:
                f.expect(ratio <= 2, f"the {name} flood slowed other clients' p99 {ratio:.1f}×")
            f.expect(not failures, f"other clients' requests failed during the {name} flood: {failures}")
            before = after
        f.expect(server.alive(), "the server died")
    finally:
        server.stop()
    return f
