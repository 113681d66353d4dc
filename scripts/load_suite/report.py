"""What a run prints: per set-up its figures, per-route table, errors, check and ramp; at the end one table of all
set-ups, in docs/load.md's form."""
from .stats import ms

FAILING = ["lost", "doubled", "refused lies held", "quizzes lost", "summaries wrong", "players unfinished"]


def players(count):
    return f"{count} player{'' if count == 1 else 's'} at once"


def number(value):
    return f"{value:,}" if isinstance(value, int) else f"{value:,.0f}"


def setup_figures(title, figures, check, problems, ramp_rows, knee, failures):
    out = [f"{title}: {figures['requests']:,} requests in {figures['seconds']:.1f} s (at most "
           f"{figures['players at once']:,} players playing at once), {figures['rps']:.0f} requests/s, "
           f"p50 {ms(figures['p50'])} ms, p99 {ms(figures['p99'])} ms; results ingested {figures['results']:,} "
           f"({figures['results/s']:.0f}/s); the generator used {figures['generator CPU']:.0%} of a core",
           "| route | requests | requests/s | p50 ms | p99 ms |", "| --- | ---: | ---: | ---: | ---: |"]
    for route, r in figures["routes"].items():
        out.append(f"| {route} | {r['requests']:,} | {r['rps']:.1f} | {ms(r['p50'])} | {ms(r['p99'])} |")
    errors = ", ".join(f"{k}: {v}" for k, v in sorted(figures["errors"].items())) or "none"
    out.append(f"answers other than 2xx/304: {errors}")
    out.append("check: " + ", ".join(f"{k} {number(v)}" for k, v in check.items()))
    out += [f"    {p}" for p in problems[:10]]
    if len(problems) > 10:
        out.append(f"    … and {len(problems) - 10} more")
    if ramp_rows:
        out += ["ramp (players back to back, no think time):",
                "| players at once | requests/s | p50 ms | p99 ms | results/s | not 2xx | generator CPU |",
                "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for concurrency, r in ramp_rows:
            out.append(f"| {concurrency} | {r['rps']:.0f} | {ms(r['p50'])} | {ms(r['p99'])} | {r['results/s']:.0f} | "
                       f"{sum(r['errors'].values())} | {r['generator CPU']:.0%} |")
        if knee:
            out.append(saturation_text(knee, ramp_rows))
    out.append("result: " + ("ok" if not failures else "FAILED: " + "; ".join(failures)))
    return "\n".join(out)


def saturation_text(knee, ramp_rows):
    concurrency, r, best, reached = knee
    last_c, last = ramp_rows[-1]
    if not reached:
        return (f"saturation: not reached; requests/s still grew at the last step ({players(last_c)}, "
                f"{r['rps']:.0f} requests/s, p99 {ms(r['p99'])} ms)")
    return (f"saturation: throughput stops growing at {players(concurrency)} ({r['rps']:.0f} requests/s, "
            f"within 10% of the ramp's best {best:.0f}); p99 there {ms(r['p99'])} ms, {ms(last['p99'])} ms at {last_c}")


def summary_table(rows):
    """rows: [(title, figures, check, knee)] — docs/load.md's table."""
    out = ["| set-up | requests/s | p99 ms: register / login / config / upload / leaderboard / summary / refresh "
           "| results ingested/s | 5xx | lost | doubled | saturates at (ramp) |",
           "| --- | ---: | --- | ---: | ---: | ---: | ---: | --- |"]
    for title, figures, check, knee in rows:
        p99 = " / ".join(ms(figures["routes"][r]["p99"]) if r in figures["routes"] else "–"
                         for r in ("register", "login", "config", "upload", "leaderboard", "summary", "refresh"))
        saturates = "–" if not knee else (f"{players(knee[0])}, {knee[1]['rps']:.0f} requests/s, p99 "
                                          f"{ms(knee[1]['p99'])} ms" + ("" if knee[3] else " (not reached: still growing)"))
        out.append(f"| {title} | {figures['rps']:.0f} | {p99} | {figures['results/s']:.0f} | {figures['5xx']} | "
                   f"{check['lost']} | {check['doubled']} | {saturates} |")
    return "\n".join(out)
