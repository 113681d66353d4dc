#!/usr/bin/env python3
"""Checks question-pack files against docs/question-pack.md (a quick check for authors;
the Swift test suite runs the authoritative one with the shell's own grader).

usage: scripts/check-pack.py Resources/Packs/core/person.json [more files]
"""
import json, re, sys, unicodedata

CATEGORIES = {"person", "general", "country", "drama", "music"}
DIFFICULTIES = {"easy", "medium", "hard"}

def norm(s):
    s = unicodedata.normalize("NFKC", s).casefold()
    return "".join(c for c in s if not c.isspace() and unicodedata.category(c)[0] not in "PS")

def lev1(a, b):
    if abs(len(a) - len(b)) > 1: return False
    if a == b: return True
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]: i += 1
    return a[i+1:] == b[i+1:] or a[i:] == b[i+1:] or a[i+1:] == b[i:]

def accepted(typed, forms):
    t = norm(typed)
    for f in forms:
        n = norm(f)
        if t == n: return True
        if len(n) >= 5 and not any(c.isdigit() for c in n) and lev1(t, n): return True
    return False

def check(path, seen_ids, seen_texts):
    errors = []
    data = json.load(open(path, encoding="utf-8"))
    qs = data["questions"]
    counts = {}
    for q in qs:
        qid = q.get("id", "?")
        def err(m): errors.append(f"{path}: {qid}: {m}")
        if not re.fullmatch(r"(person|general|country|drama|music)-\d{4}", qid): err("bad id")
        if qid in seen_ids: err("duplicate id")
        seen_ids.add(qid)
        if q.get("category") not in CATEGORIES or not qid.startswith(q.get("category", "") + "-"): err("bad category")
        if q.get("difficulty") not in DIFFICULTIES: err("bad difficulty")
        if not isinstance(q.get("voice"), bool): err("voice must be true/false")
        counts[(q.get("category"), q.get("difficulty"))] = counts.get((q.get("category"), q.get("difficulty")), 0) + 1
        idx = {}
        for lang in ("ko", "en"):
            L = q.get(lang)
            if not isinstance(L, dict): err(f"missing {lang}"); continue
            for k in ("text", "answer", "explanation"):
                if not isinstance(L.get(k), str) or not L[k].strip(): err(f"{lang}.{k} missing")
            opts = L.get("options", [])
            alts = L.get("alternatives", [])
            if len(opts) != 4 or len({norm(o) for o in opts}) != 4: err(f"{lang}: need 4 distinct options")
            if L.get("answer") not in opts: err(f"{lang}: answer not among options"); continue
            idx[lang] = opts.index(L["answer"])
            forms = [L["answer"]] + alts
            for a in forms:
                if not norm(a): err(f"{lang}: empty accepted form {a!r}")
            for i, o in enumerate(opts):
                if i != idx[lang] and accepted(o, forms): err(f"{lang}: wrong option {o!r} would be graded correct")
            t = norm(L.get("text", ""))
            if t in seen_texts: err(f"{lang}: duplicate question text")
            seen_texts.add(t)
        if len(idx) == 2 and idx["ko"] != idx["en"]: err("answer index differs between ko and en options")
    return errors, counts, len(qs)

if __name__ == "__main__":
    ids, texts, all_errors = set(), set(), []
    for p in sys.argv[1:]:
        errors, counts, n = check(p, ids, texts)
        all_errors += errors
        print(f"{p}: {n} questions; " + ", ".join(f"{c}/{d}={k}" for (c, d), k in sorted(counts.items())))
    for e in all_errors: print(e)
    print("OK" if not all_errors else f"{len(all_errors)} problems")
    sys.exit(1 if all_errors else 0)
