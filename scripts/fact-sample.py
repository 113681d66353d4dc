#!/usr/bin/env python3
"""Draws a blind sample for a fact-check of AI mode (issue 27): 60 facts of the knowledge base (one entity and one of
its fields each) and 40 of the ready-made questions, from a seed, as a Markdown table with an empty verdict column for
a fact-checker who did not write them. The seed is printed in the output; the same seed gives the same sample.

usage: scripts/fact-sample.py SEED [facts] [questions] > sample.md
"""
import json, os, random, sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
KNOWLEDGE = os.path.join(ROOT, "Resources", "Knowledge")


def load(name):
    with open(os.path.join(KNOWLEDGE, name), encoding="utf-8") as f:
        return json.load(f)


def named(value):
    return f"{value['en']} / {value['ko']}" if isinstance(value, dict) else str(value)


def facts():
    """Every checkable fact: (entity, field, value, source)."""
    out = []
    countries = load("countries.json")["countries"]
    names = {c["id"]: c["name"]["en"] for c in countries}
    for c in countries:
        for field in ("capital", "currency", "continent"):
            if field in c:
                out.append((c["name"]["en"], field, named(c[field]), c.get("source", "")))
        if c.get("languages"):
            out.append((c["name"]["en"], "official languages", ", ".join(named(x) for x in c["languages"]), c.get("source", "")))
    for p in load("people.json")["people"]:
        out.append((p["name"]["en"], "born", str(p["birthYear"]), p["source"]))
        if p.get("deathYear"):
            out.append((p["name"]["en"], "died", str(p["deathYear"]), p["source"]))
        out.append((p["name"]["en"], "country", names.get(p["nationality"], p["nationality"]), p["source"]))
        for w in p["notable"]:
            out.append((p["name"]["en"], "known for", named(w), p["source"]))
    music = load("music.json")
    artists = {a["id"]: a["name"]["en"] for a in music["artists"]}
    for s in music["songs"]:
        out.append((f"{s['title']['en']} ({artists.get(s['artist'])})", s.get("yearOf", "release") + " year", str(s["year"]), s["source"]))
        out.append((s["title"]["en"], "by", artists.get(s["artist"], s["artist"]), s["source"]))
    for d in load("dramas.json")["dramas"]:
        out.append((d["title"]["en"], "first aired on", named(d["network"]), d["source"]))
        out.append((d["title"]["en"], "first aired in", str(d["year"]), d["source"]))
        out.append((d["title"]["en"], "leads", ", ".join(named(c) for c in d["cast"]), d["source"]))
    return out


def questions():
    out = []
    folder = os.path.join(KNOWLEDGE, "questions")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json") and name != "manifest.json":
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                out += json.load(f)["questions"]
    return out


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    seed = int(sys.argv[1])
    nf = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    nq = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    rng = random.Random(seed)
    fs = rng.sample(facts(), nf)
    qs = rng.sample(questions(), nq)
    print(f"Sample drawn by `scripts/fact-sample.py {seed} {nf} {nq}`.\n")
    print("## Facts\n")
    print("| # | entity | fact | value | source | verdict |")
    print("| --- | --- | --- | --- | --- | --- |")
    for i, (entity, field, value, source) in enumerate(fs, 1):
        print(f"| {i} | {cell(entity)} | {cell(field)} | {cell(value)} | {cell(source)} | |")
    print("\n## Generated questions\n")
    print("| # | id | question (en / ko) | options | answer | explanation | verdict |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for i, q in enumerate(qs, 1):
        print(f"| {i} | {q['id']} | {cell(q['en']['text'])} / {cell(q['ko']['text'])} | "
              f"{cell(', '.join(q['en']['options']))} | {cell(q['en']['answer'])} / {cell(q['ko']['answer'])} | "
              f"{cell(q['en']['explanation'])} / {cell(q['ko']['explanation'])} | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
