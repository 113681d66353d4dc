#!/usr/bin/env python3
"""Checks the knowledge base's country facts against an independent reference, as a fact-checker would a sample.

No web site can be reached from this project's machines, so the reference is offline: the `countryinfo` package
(capital, ISO 4217 currency codes, ISO 639-1 languages, region and subregion per country, from PyPI) and `pycountry`
(ISO names). Every country of Resources/Knowledge/countries.json is compared field by field; the agreements are
counted, and each disagreement is printed for a person to settle (the reference's data is older in places: a capital
moved, a currency renamed). Then it prints a seeded sample of the shipped AI-mode questions about countries with the
reference's answer beside each.

usage: scripts/fact-check.py [sample size]      (installs countryinfo and pycountry with pip when missing)
"""
import json, os, random, subprocess, sys, unicodedata

try:
    from countryinfo import CountryInfo
    import pycountry
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "countryinfo==0.1.2", "pycountry"], check=True)
    from countryinfo import CountryInfo
    import pycountry

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
KNOWLEDGE = os.path.join(ROOT, "Resources", "Knowledge")


def fold(text):
    text = unicodedata.normalize("NFKD", text or "").encode("ascii", "ignore").decode().lower()
    return "".join(ch for ch in text if ch.isalnum())


def reference(country):
    alpha2 = country["id"].upper()
    iso = pycountry.countries.get(alpha_2=alpha2)
    names = [country["name"]["en"]] + country["name"]["alternatives"]["en"]
    if iso is not None:
        names += [iso.name, getattr(iso, "common_name", ""), getattr(iso, "official_name", "")]
    for name in names:
        if not name:
            continue
        try:
            info = CountryInfo(name)
            if info.info():
                return info
        except Exception:
            continue
    return None


# The reference's subregion "Latin America and the Caribbean" does not split North from South America: there it
# settles only the region (the Americas).
LATIN = "latin america and the caribbean"
CONTINENTS = {
    "asia": {("asia", None)}, "europe": {("europe", None)}, "africa": {("africa", None)},
    "oceania": {("oceania", None)},
    "north-america": {("americas", "northern america"), ("americas", "central america"), ("americas", "caribbean"),
                      ("americas", LATIN)},
    "south-america": {("americas", "south america"), ("americas", LATIN)},
}

# The same language under another English spelling (ours → ISO 639's).
SPELLINGS = {"dhivehi": "divehi", "kyrgyz": "kirghiz", "slovene": "slovenian", "swazi": "swati",
             "sesotho": "southernsotho", "tongan": "tongatongaislands", "berbertamazight": "berber",
             "seychelloiscreole": "creole", "filipino": "filipino", "tetum": "tetum"}

# A fact-checker's verdicts on the disagreements the reference leaves: where the reference is out of date, and why
# ours stands (checked against the entity's source, the English Wikipedia article named in the knowledge base).
SETTLED = {
    ("kz", "capital"): "Astana again since September 2022 (Nur-Sultan 2019-2022); the reference predates it",
    ("hr", "currency"): "Croatia adopted the euro on 1 January 2023 (the kuna, HRK, before)",
    ("by", "currency"): "the new Belarusian ruble BYN replaced BYR in 2016",
    ("sl", "currency"): "Sierra Leone redenominated to the new leone SLE in 2022",
    ("mr", "currency"): "Mauritania's ouguiya was redenominated (MRU) in 2018",
    ("zm", "currency"): "Zambia's kwacha was rebased (ZMW) in 2013",
    ("ve", "currency"): "Venezuela's bolivar soberano (VES) replaced VEF in 2018",
    # Languages with no ISO 639-1 code, which the reference therefore cannot list.
    ("ph", "languages"): "Filipino (no ISO 639-1 code) and English are official under the 1987 constitution",
    ("tl", "languages"): "Tetum (no ISO 639-1 code) and Portuguese are official under the 2002 constitution",
    ("km", "languages"): "Comorian (no ISO 639-1 code), Arabic and French are official under the 2018 constitution",
    ("pw", "languages"): "Palauan (no ISO 639-1 code) and English are official",
    ("tv", "languages"): "Tuvaluan (no ISO 639-1 code) and English are official",
    ("bz", "distractors"): "English is Belize's only official language; Spanish is widely spoken, not official",
}


def main():
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    countries = json.load(open(os.path.join(KNOWLEDGE, "countries.json"), encoding="utf-8"))["countries"]
    tally = {field: [0, 0, 0] for field in ["capital", "currency", "continent", "languages", "distractors", "questions"]}
    shipped = {}
    for name in ("country.json", "general.json"):
        for question in json.load(open(os.path.join(KNOWLEDGE, "questions", name), encoding="utf-8"))["questions"]:
            shipped[question["id"]] = question
    disagreements = []
    missing = []
    for country in countries:
        info = reference(country)
        if info is None:
            missing.append(country["id"])
            continue
        data = info.info()
        en = country["name"]["en"]

        def check(field, ok, ours, theirs):
            verdict = SETTLED.get((country["id"], field))
            tally[field][0 if ok else (1 if verdict else 2)] += 1
            if not ok:
                disagreements.append((en, field, ours, theirs, verdict))

        capitals = [country["capital"]["en"]] + country["capital"]["alternatives"]["en"]
        theirs = data.get("capital") or ""
        check("capital", fold(theirs) in {fold(c) for c in capitals}, country["capital"]["en"], theirs)
        codes = data.get("currencies") or []
        check("currency", country["currency"].get("code") in codes, country["currency"].get("code"), ",".join(codes))
        region, subregion = (data.get("region") or "").lower(), (data.get("subregion") or "").lower()
        allowed = CONTINENTS.get(country["continent"], set())
        ok = any(r == region and (s is None or s == subregion) for r, s in allowed)
        check("continent", ok, country["continent"], f"{region}/{subregion}")
        names = set()
        for code in data.get("languages") or []:
            language = pycountry.languages.get(alpha_2=code)
            if language is not None:
                names.add(fold(language.name))
        # The reference lists widely spoken languages as well as official ones; the knowledge base, official ones
        # only. The question's answer is the first listed: it must be one the reference names. And no distractor of
        # the shipped question may be a language the reference names for the country (that would be a second right
        # answer).
        ours = [SPELLINGS.get(fold(l["en"]), fold(l["en"])) for l in country["languages"]]
        if names:
            check("languages", any(ours[0] == n or ours[0] in n or n in ours[0] for n in names),
                  country["languages"][0]["en"], ", ".join(sorted(names)))
            question = shipped.get(f"ai-language-{country['id']}")
            if question is not None:
                wrong = [o for o in question["en"]["options"] if o != question["en"]["answer"]
                         and SPELLINGS.get(fold(o), fold(o)) in names]
                check("distractors", not wrong, question["en"]["answer"], "also the reference's: " + ", ".join(wrong))
        for question_id, field in ((f"ai-capital-{country['id']}", "capital"),):
            question = shipped.get(question_id)
            if question is not None:
                check("questions", fold(question["en"]["answer"]) in {fold(c) for c in capitals} and
                      (fold(theirs) in {fold(c) for c in capitals} or (country["id"], "capital") in SETTLED),
                      question["en"]["answer"], data.get("capital") or "")

    checked = len(countries) - len(missing)
    print(f"Knowledge base: {len(countries)} countries; {checked} found in the reference (countryinfo + pycountry)"
          + (f"; not found: {', '.join(missing)}" if missing else ""))
    print(f"{'field':<10} {'agree':>6} {'reference outdated':>19} {'unsettled':>10}")
    for field, (agree, settled, unsettled) in tally.items():
        print(f"{field:<10} {agree:>6} {settled:>19} {unsettled:>10}")
    if disagreements:
        print("\nDisagreements (ours | the reference's), with the fact-checker's verdict:")
        for en, field, ours, theirs, verdict in disagreements:
            print(f"  {en:<22} {field:<10} {ours} | {theirs}\n      → {verdict or 'UNSETTLED: check the source and fix the knowledge base or add a verdict'}")
    unsettled = sum(t[2] for t in tally.values())
    print(f"\nunsettled disagreements: {unsettled}")

    folder = os.path.join(KNOWLEDGE, "questions")
    questions = json.load(open(os.path.join(folder, "country.json"), encoding="utf-8"))["questions"]
    sample = random.Random(2026).sample(questions, min(size, len(questions)))
    by_name = {}
    for country in countries:
        by_name[fold(country["name"]["en"])] = country
    print(f"\nA sample of {len(sample)} shipped AI-mode country questions (seeded), with the reference beside:")
    for question in sample:
        en = question["en"]
        note = ""
        for key, country in by_name.items():
            if key and key in fold(en["text"]):
                info = reference(country)
                if info is not None:
                    data = info.info()
                    note = f"reference: capital {data.get('capital')}, currency {','.join(data.get('currencies') or [])}, {data.get('region')}/{data.get('subregion')}"
                break
        print(f"- {question['id']}: {en['text']} → {en['answer']}" + (f"\n    {note}" if note else ""))
    return 1 if unsettled else 0


if __name__ == "__main__":
    sys.exit(main())
