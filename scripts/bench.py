#!/usr/bin/env python3
"""Measures the brainy shell on a large database (100,000 questions, 1,000,000 results by default).

usage: scripts/bench.py path/to/brainy   (run through scripts/bench, which builds the release binary)
"""
import json, os, resource, sqlite3, statistics, subprocess, sys, tempfile, time

BRAINY = os.path.abspath(sys.argv[1])
QUESTIONS = int(os.environ.get("BENCH_QUESTIONS", 100_000))
RESULTS = int(os.environ.get("BENCH_RESULTS", 1_000_000))
CATEGORIES = ["person", "general", "country", "drama", "music"]
work = tempfile.mkdtemp(prefix="brainy-bench-")
db_path = os.path.join(work, "bench.sqlite")
env = dict(os.environ, XDG_DATA_HOME=work, NO_COLOR="1", LANG="C.UTF-8")

def brainy(*args, stdin=None, extra_env=None):
    return subprocess.run([BRAINY, "--db", db_path, "--lang", "en", *args], input=stdin, env=dict(env, **(extra_env or {})),
                          capture_output=True, text=True)

def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]

def populate():
    r = brainy("-c", "login guest")
    assert r.returncode == 0, r.stderr
    con = sqlite3.connect(db_path)
    body = con.execute("SELECT body FROM question LIMIT 1").fetchone()[0]
    t0 = time.time()
    con.execute("BEGIN")
    con.executemany("INSERT OR IGNORE INTO question (id, packId, category, difficulty, voice, body) VALUES (?, 'bench', ?, ?, 1, ?)",
                    ((f"bench-{i:06d}", CATEGORIES[i % 5], ["easy", "medium", "hard"][i % 3], body) for i in range(QUESTIONS)))
    quizzes = RESULTS // 10
    start = 1_700_000_000
    dealt = json.dumps([{"questionId": "bench-000000", "optionOrder": [0, 1, 2, 3]}] * 10)
    con.executemany("""INSERT INTO quiz (id, userId, type, category, format, selection, stage, dealt, questionCount, status,
                       startedAt, finishedAt, correctCount, answeredCount, duration, needsSync, lastModified)
                       VALUES (?, 'guest', 'mc', ?, 'individual', 'random', NULL, ?, 10, 'finished', ?, ?, 7, 10, 60, 1, ?)""",
                    ((f"q{i:08d}", CATEGORIES[i % 5], dealt, time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(start + i * 300)),
                      time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(start + i * 300 + 60)),
                      time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(start + i * 300 + 60))) for i in range(quizzes)))
    # Results point at the first half of the questions, so half stay unsolved.
    half = QUESTIONS // 2
    con.executemany("""INSERT INTO quizResult (id, quizId, userId, questionId, position, givenAnswer, outcome, hintUsed,
                       timeSpent, answeredAt, category, type, needsSync, lastModified)
                       VALUES (?, ?, 'guest', ?, ?, '1', ?, 0, 6, '2024-01-01 00:00:00', ?, 'mc', 1, '2024-01-01 00:00:00')""",
                    ((f"r{i:09d}", f"q{i // 10:08d}", f"bench-{(i * 7919) % half:06d}", i % 10,
                      "correct" if i % 10 < 7 else "wrong", CATEGORIES[(i // 10) % 5]) for i in range(RESULTS)))
    con.execute("INSERT OR IGNORE INTO solvedQuestion (userId, category, questionId, firstAnsweredAt) SELECT 'guest', q.category, r.questionId, '2024-01-01' FROM (SELECT DISTINCT questionId FROM quizResult) r JOIN question q ON q.id = r.questionId")
    con.execute("""INSERT OR REPLACE INTO categoryTotal (userId, category, quizzes, answered, correct, timeSpent, lastPlayedAt)
                   SELECT 'guest', category, count(DISTINCT quizId), count(*), sum(outcome = 'correct'), sum(timeSpent), max(answeredAt)
                   FROM quizResult GROUP BY category""")
    con.execute("""INSERT OR REPLACE INTO typeTotal (userId, type, quizzes, answered, correct, timeSpent)
                   SELECT 'guest', type, count(*), sum(answeredCount), sum(correctCount), sum(duration) FROM quiz GROUP BY type""")
    con.executemany("INSERT OR IGNORE INTO playDay (userId, day) VALUES ('guest', ?)", ((19_700 + d,) for d in range(quizzes * 300 // 86_400 + 1)))
    con.commit()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    return time.time() - t0

def startup(runs=25):
    """Interleaved, so that both programs see the same machine (scripts/bench startup adds memory and a profile)."""
    samples = {"sqlite": [], "brainy": []}
    for _ in range(runs):
        for name, cmd in (("sqlite", ["sqlite3", ":memory:", "select 1"]), ("brainy", [BRAINY, "--db", db_path, "-c", "help"])):
            t = time.perf_counter(); subprocess.run(cmd, env=env, capture_output=True); samples[name].append((time.perf_counter() - t) * 1000)
    return statistics.median(samples["sqlite"]), statistics.median(samples["brainy"])

def piped_quiz(quizzes=40, extra=None):
    log = os.path.join(work, "timing.log")
    if os.path.exists(log): os.remove(log)
    lines = ["mode mc", "category country"]
    for i in range(quizzes):
        lines.append("start unsolved 10" if i % 2 == 0 else "start random 10")
        for k in range(10):
            lines += [f"answer {k % 4 + 1}", "next"]
        lines += ["history", "stats"]
    script = "\n".join(lines) + "\n"
    t = time.perf_counter()
    r = brainy(stdin=script, extra_env=dict({"BRAINY_TIMING_LOG": log}, **(extra or {})))
    wall = time.perf_counter() - t
    assert r.returncode == 0, r.stderr[-2000:]
    by = {}
    for line in open(log):
        name, micros = line.rstrip("\n").split("\t")
        by.setdefault(name, []).append(int(micros) / 1000)
    return by, wall, quizzes * 10

def peak_memory_mb():
    """Max RSS of one brainy process alone (wait4 gives that child's own usage, not all children's)."""
    script = "mode short\ncategory music\nstart unsolved 10\n" + "answer x\nnext\n" * 10 + "history\nstats\n"
    process = subprocess.Popen([BRAINY, "--db", db_path, "--lang", "en"], stdin=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    process.stdin.write(script.encode()); process.stdin.close()
    _, status, usage = os.wait4(process.pid, 0)
    assert status == 0, process.stderr.read()[-2000:]
    return usage.ru_maxrss / 1024

print(f"brainy benchmark — {QUESTIONS:,} questions, {RESULTS:,} results; data in {work}")
print(f"populate: {populate():.1f} s (not a figure of the shell)")
sqlite_ms, brainy_ms = startup()
print(f"start-up, median of 25 side by side:  sqlite3 :memory: 'select 1' {sqlite_ms:.1f} ms   brainy -c help {brainy_ms:.1f} ms   ({brainy_ms / sqlite_ms:.1f}x)")
by_normal, _, _ = piped_quiz(extra={"BRAINY_SYNCHRONOUS": "normal"})
a_normal = by_normal["answer"]
by, wall, answers = piped_quiz()
a = by["answer"]
print(f"answer (each committed before its feedback): median {statistics.median(a):.2f} ms  p99 {percentile(a, 99):.2f} ms  max {max(a):.2f} ms  (n={len(a)})")
print(f"answer with BRAINY_SYNCHRONOUS=normal (safe when killed, not on power loss): median {statistics.median(a_normal):.2f} ms  p99 {percentile(a_normal, 99):.2f} ms")
print(f"piped throughput: {answers} answers + {len(by['next'])} next + {len(by['start'])} start in {wall:.2f} s = {len(a) / sum(x / 1000 for x in a):.0f} answers/s (answer time only), {(answers * 2) / wall:.0f} commands/s (whole run)")
by["start unsolved"] = by["start"][0::2]
by["start random"] = by["start"][1::2]
for name, label in [("start unsolved", "start unsolved 10"), ("start random", "start random 10"), ("history", "history"), ("stats", "stats")]:
    v = by[name]
    print(f"{label}: median {statistics.median(v):.2f} ms  p99 {percentile(v, 99):.2f} ms  (n={len(v)})")
def ai_mode(quizzes=6):
    """AI mode on the same database: the first start makes the category's questions from the knowledge base; each
    answer teaches the learner model and chooses the next question again; `start adaptive` draws from the bank's
    20,000 questions of a category."""
    log = os.path.join(work, "timing-ai.log")
    if os.path.exists(log): os.remove(log)
    lines = ["mode ai", "category country"]
    for i in range(quizzes):
        lines.append("start 10")
        for k in range(10):
            lines += [f"answer {k % 4 + 1}", "next"]
    lines += ["mode mc", "category music"]
    for i in range(quizzes):
        lines.append("start adaptive 10")
        for k in range(10):
            lines += [f"answer {k % 4 + 1}", "next"]
    r = brainy(stdin="\n".join(lines) + "\n", extra_env={"BRAINY_TIMING_LOG": log})
    assert r.returncode == 0, r.stderr[-2000:]
    by = {}
    for line in open(log):
        name, micros = line.rstrip("\n").split("\t")
        by.setdefault(name, []).append(int(micros) / 1000)
    starts, answers = by["start"], by["answer"]
    ai_answers, adaptive_answers = answers[:quizzes * 10], answers[quizzes * 10:]
    print(f"AI mode, first question of the first quiz (stores the category's ready-made questions): {starts[0]:.1f} ms")
    print(f"AI mode, first question of a later quiz: median {statistics.median(starts[1:quizzes]):.2f} ms  (n={quizzes - 1})")
    print(f"AI mode, answer (saved, both ratings learnt, the next question chosen again): median {statistics.median(ai_answers):.2f} ms  p99 {percentile(ai_answers, 99):.2f} ms")
    print(f"start adaptive 10 among the bank's questions of a category: median {statistics.median(starts[quizzes:]):.2f} ms")
    print(f"answer in an adaptive quiz over the bank: median {statistics.median(adaptive_answers):.2f} ms  p99 {percentile(adaptive_answers, 99):.2f} ms")

ai_mode()
peak = peak_memory_mb()
print(f"peak memory (max RSS of a piped quiz, history and stats): {peak:.1f} MB")
