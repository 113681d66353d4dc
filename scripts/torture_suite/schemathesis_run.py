"""`schemathesis`: schemathesis (PyPI) against a live brainy-server with docs/openapi.yaml."""
import importlib.util, os, re, subprocess, sys
import xml.etree.ElementTree as ElementTree
from .http import register
from .rig import Figures

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def schemathesis(rig):
    """schemathesis (PyPI) against a live server with docs/openapi.yaml: every check, 0 5xx, 0 schema violations."""
    f = Figures("schemathesis")
    if importlib.util.find_spec("schemathesis") is None:
        f.missed.append("schemathesis is not installed (scripts/setup torture installs it)")
        return f
    # Through this Python, not a script on PATH: pip --user puts its scripts in a folder PATH may lack.
    st = [sys.executable, "-c", "import sys; from schemathesis.cli import schemathesis; sys.argv[0] = 'schemathesis'; "
          "sys.exit(schemathesis())"]
    server = rig.server("schemathesis-server.sqlite", "--admin-token", "torture-admin-token", "--dev-idp").start()
    report = rig.path("schemathesis.xml")
    try:
        token, _, _ = register(server.port, "schemathesis@example.com")
        examples = "200" if rig.full else "10"
        config = os.path.join(os.path.dirname(os.path.abspath(__file__)), "schemathesis.toml")
        command = [*st, "--config-file", config, "run", os.path.join(ROOT, "docs/openapi.yaml"), "--url", server.url, "--checks", "all",
                   # Left out: the server holds data to rules a schema cannot say (a quiz's correctCount at most
                   # its questionCount, an ad's token for its placement), and refuses schema-valid data by them.
                   "--exclude-checks", "positive_data_acceptance",
                   "--max-examples", examples, "--seed", str(rig.random.randrange(1 << 30)), "--workers", "2",
                   "--header", f"Authorization: Bearer {token}", "--report", "junit", "--report-junit-path", report,
                   "--no-color", "--request-timeout", "20", "--suppress-health-check", "all",
                   "--generation-database", "none"]
        run = subprocess.run(command, capture_output=True, text=True, timeout=3600, cwd=rig.work,
                             env=dict(os.environ, SCHEMATHESIS_HOOKS=""))
        alive = server.alive()
    finally:
        server.stop()
    output = run.stdout + run.stderr
    cases = re.search(r"(\d[\d,]*) generated", output)
    summary = [line.strip() for line in output.splitlines() if re.search(r"\b(passed|failed|errors?)\b", line)][-3:]
    failures = server_errors = schema = 0
    failing = []
    if os.path.exists(report):
        root = ElementTree.parse(report).getroot()
        for case in root.iter("testcase"):
            problems = list(case.iter("failure")) + list(case.iter("error"))
            if problems:
                failures += 1
                text = " ".join((p.get("message") or "") + (p.text or "") for p in problems)
                server_errors += "Server error" in text
                schema += "schema" in text.lower() or "Undocumented" in text
                failing.append(f"{case.get('name')}: {text.strip()[:300]}")
    f.values = {"test cases": cases.group(1) if cases else "?", "operations failed": failures,
                "5xx": server_errors, "schema violations": schema, "exit code": run.returncode}
    f.notes += failing[:10] + ([f"schemathesis said: {' | '.join(summary)}"] if summary else [])
    f.expect(run.returncode == 0 and failures == 0, f"{failures} operations failed their checks")
    f.expect(alive, "the server died")
    return f
