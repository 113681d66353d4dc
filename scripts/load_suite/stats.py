"""Figures from the recorded requests: requests per second, p50 and p99 per route, results ingested per second,
answers other than 2xx/304 by route and status, and where a ramp's throughput stopped growing."""
from .players import OK

ROUTES = ["register", "login", "config", "upload", "upload (resent)", "leaderboard", "summary", "refresh"]


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def window(recorder, started, ended):
    """Figures of the requests that ended within [started, ended]."""
    samples = [s for s in recorder.samples if started <= s[3] <= ended]
    seconds = max(ended - started, 1e-9)
    latencies = [s[3] - s[2] for s in samples]
    routes = {}
    for route in ROUTES:
        times = [s[3] - s[2] for s in samples if s[0] == route]
        if times:
            routes[route] = {"requests": len(times), "rps": len(times) / seconds,
                             "p50": percentile(times, 50), "p99": percentile(times, 99)}
    errors = {}
    for route, status, _, _ in samples:
        if status not in OK:
            errors[f"{route} {status or 'no answer'}"] = errors.get(f"{route} {status or 'no answer'}", 0) + 1
    ingested = sum(n for at, n in recorder.ingested if started <= at <= ended)
    return {"seconds": seconds, "requests": len(samples), "rps": len(samples) / seconds,
            "p50": percentile(latencies, 50), "p99": percentile(latencies, 99), "routes": routes,
            "errors": errors, "results": ingested, "results/s": ingested / seconds,
            "5xx": sum(1 for s in samples if s[1] >= 500)}


def saturation(rows):
    """rows: [(concurrency, figures)]. The knee: the lowest concurrency whose requests/s is within 10% of the ramp's
    best; beyond it more players at once only lengthen the queue (p99 climbs). (concurrency, figures, best, reached):
    not reached when the best is the last step and it still grew more than 10% over the step before."""
    if not rows:
        return None
    best = max(figures["rps"] for _, figures in rows)
    concurrency, figures = next((c, f) for c, f in rows if f["rps"] >= 0.9 * best)
    grew = len(rows) > 1 and rows[-1][1]["rps"] > 1.1 * rows[-2][1]["rps"]
    reached = not (concurrency == rows[-1][0] and grew)
    return concurrency, figures, best, reached


def ms(seconds):
    return f"{seconds * 1000:.1f}" if seconds == seconds else "–"
