#!/usr/bin/env python3
"""Checks the bundled knowledge base in Resources/Knowledge/ against its README (the generator for AI mode
builds questions from it, so a fact that is missing in one language, a dangling reference or two entities that
share a "unique" fact would produce a broken or ambiguous question).

usage: scripts/check-knowledge.py [Resources/Knowledge]

Python 3 standard library only. Prints the counts per file; exits 1 and lists every problem found otherwise.
"""
import json, os, re, sys, unicodedata

MIN_YEAR, MAX_YEAR = 1000, 2026
CONTINENTS = {"asia", "europe", "africa", "north-america", "south-america", "oceania"}
PERSON_FIELDS = {
    "physicist", "chemist", "biologist", "mathematician", "astronomer", "inventor", "astronaut", "composer",
    "painter", "sculptor", "artist", "writer", "poet", "philosopher", "economist", "theologian", "scholar",
    "film-director", "actor", "leader", "monarch", "military-leader", "independence-activist", "activist",
    "diplomat", "nurse", "entrepreneur", "athlete",
}
MUSIC_GENRES = {"kpop", "pop", "rock", "classical", "jazz", "hiphop", "ballad", "trot", "rnb", "folk", "reggae", "indie"}
ARTIST_KINDS = {"solo", "group"}
SONG_KINDS = {"song", "album", "work"}
YEAR_OF = {"release", "premiere", "publication", "composition"}
DRAMA_GENRES = {
    "romance", "melodrama", "historical", "fantasy", "thriller", "crime", "legal", "medical", "comedy", "sitcom",
    "horror", "action", "family", "drama", "science-fiction", "animation", "coming-of-age", "sports",
}
SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
HANGUL = re.compile(r"[\uac00-\ud7a3]")

errors = []


def err(where, msg):
    errors.append(f"{where}: {msg}")


def norm(s):
    """The answer grader's normalisation: NFKC, case folded, no white space, no punctuation or symbols."""
    s = unicodedata.normalize("NFKC", s).casefold()
    return "".join(c for c in s if not c.isspace() and unicodedata.category(c)[0] not in "PS")


def nonempty(v):
    return isinstance(v, str) and v.strip() != "" and v == v.strip()


def check_bilingual(where, obj, name, alternatives="optional", hangul=False):
    """obj[name] must be {"ko": str, "en": str[, "alternatives": {"ko": [str], "en": [str]}][, "note": {...}]}.
    Returns every form (main and alternatives, both languages) or [] when malformed."""
    v = obj.get(name) if name is not None else obj
    label = f"{where}.{name}" if name is not None else where
    if not isinstance(v, dict):
        err(label, "missing or not an object with ko and en")
        return []
    forms = []
    for lang in ("ko", "en"):
        if not nonempty(v.get(lang)):
            err(label, f"missing {lang} text (or it has leading/trailing space)")
        else:
            forms.append(v[lang])
    if hangul and nonempty(v.get("ko")) and not HANGUL.search(v["ko"]):
        err(label, f"ko {v['ko']!r} has no Hangul")
    if nonempty(v.get("en")) and HANGUL.search(v["en"]):
        err(label, f"en {v['en']!r} contains Hangul")
    alts = v.get("alternatives")
    if alts is None:
        if alternatives == "required":
            err(label, "missing alternatives {ko: [], en: []}")
    elif not isinstance(alts, dict) or set(alts) != {"ko", "en"}:
        err(label, "alternatives must be {ko: [...], en: [...]}")
    else:
        for lang in ("ko", "en"):
            if not isinstance(alts[lang], list):
                err(label, f"alternatives.{lang} must be a list")
                continue
            for a in alts[lang]:
                if not nonempty(a) or not norm(a):
                    err(label, f"empty alternative in {lang}: {a!r}")
                else:
                    if lang == "en" and HANGUL.search(a):
                        err(label, f"en alternative {a!r} contains Hangul")
                    forms.append(a)
            if len({norm(a) for a in alts[lang] if isinstance(a, str)}) != len(alts[lang]):
                err(label, f"duplicate alternatives in {lang}")
    if "note" in v:
        check_bilingual(label, v, "note", alternatives="none")
    return forms


def check_year(where, v, name, required=True, lo=MIN_YEAR, hi=MAX_YEAR):
    y = v.get(name)
    if y is None:
        if required:
            err(where, f"missing {name}")
        return None
    if not isinstance(y, int) or isinstance(y, bool) or not lo <= y <= hi:
        err(where, f"{name} {y!r} is not a year in {lo}-{hi}")
        return None
    return y


def check_source(where, v):
    s = v.get("source")
    if not (isinstance(s, str) and re.fullmatch(r"https://\S+", s)):
        err(where, f"missing or malformed source {s!r} (an https URL)")


def check_ids(file, items, pattern=SLUG):
    seen = set()
    for i, it in enumerate(items):
        iid = it.get("id") if isinstance(it, dict) else None
        if not isinstance(iid, str) or not pattern.fullmatch(iid):
            err(f"{file}[{i}]", f"bad id {iid!r}")
        elif iid in seen:
            err(f"{file}:{iid}", "duplicate id")
        seen.add(iid)
    return seen


def within_one_edit(a, b):
    if abs(len(a) - len(b)) > 1 or a == b:
        return a == b
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    return a[i + 1:] == b[i + 1:] or a[i:] == b[i + 1:] or a[i + 1:] == b[i:]


warnings = []
UNIQUE_SETS = []


class Unique:
    """Every normalised form of a fact that templates treat as unique may belong to one entity only."""

    def __init__(self, what):
        self.what, self.owner = what, {}
        UNIQUE_SETS.append(self)

    def near_misses(self):
        """Forms of two entities within one edit of each other (the grader forgives one typo in answers of five or
        more characters without digits), so a generator must not offer one as a distractor for the other."""
        items = sorted(self.owner.items())
        for n, ((key, a), ea) in enumerate(items):
            for (key2, b), eb in items[n + 1:]:
                if key == key2 and ea != eb and max(len(a), len(b)) >= 5 and not any(c.isdigit() for c in a + b) \
                        and within_one_edit(a, b):
                    warnings.append(f"{self.what}: {ea} {a!r} and {eb} {b!r} are within one edit")

    def add(self, entity, forms, key=""):
        for f in {norm(f) for f in forms if isinstance(f, str)}:
            if not f:
                continue
            k = (key, f)
            other = self.owner.get(k)
            if other is not None and other != entity:
                err(self.what, f"{other} and {entity} share {f!r}" + (f" (artist {key})" if key else ""))
            self.owner.setdefault(k, entity)


def load(folder, name, key):
    path = os.path.join(folder, name)
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        err(name, f"cannot read: {e}")
        return {}, []
    if not isinstance(data, dict) or not isinstance(data.get(key), list):
        err(name, f"top level must be an object with a list {key!r}")
        return data if isinstance(data, dict) else {}, []
    if not nonempty(data.get("version")):
        err(name, "missing version")
    return data, [x for x in data[key] if isinstance(x, dict)]


def check_countries(folder):
    _, items = load(folder, "countries.json", "countries")
    ids = check_ids("countries.json", items, re.compile(r"[a-z]{2}"))
    names, capitals = Unique("countries.json: country name"), Unique("countries.json: capital")
    for c in items:
        w = f"countries.json:{c.get('id')}"
        names.add(w, check_bilingual(w, c, "name", "required", hangul=True))
        cap = c.get("capital")
        capitals.add(w, check_bilingual(w, c, "capital", "required", hangul=True))
        if c.get("continent") not in CONTINENTS:
            err(w, f"continent {c.get('continent')!r} not one of {sorted(CONTINENTS)}")
        other = c.get("otherContinents", [])
        if not isinstance(other, list) or any(o not in CONTINENTS or o == c.get("continent") for o in other):
            err(w, f"bad otherContinents {other!r}")
        check_bilingual(w, c, "currency", "required", hangul=True)
        cur = c.get("currency") or {}
        if not (isinstance(cur.get("code"), str) and re.fullmatch(r"[A-Z]{3}", cur["code"])):
            err(w, f"currency.code {cur.get('code')!r} is not an ISO 4217 code")
        langs = c.get("languages")
        if not isinstance(langs, list) or not langs:
            err(w, "languages must be a non-empty list")
        else:
            for i, l in enumerate(langs):
                check_bilingual(f"{w}.languages[{i}]", l, None, hangul=True)
        if "languagesNote" in c:
            check_bilingual(w, c, "languagesNote", "none")
        check_year(w, c, "asOf")
        check_source(w, c)
        if isinstance(cap, dict) and not isinstance(cap.get("ambiguous", False), bool):
            err(w, "capital.ambiguous must be true or false")
    return ids, len(items)


def check_people(folder, countries):
    _, items = load(folder, "people.json", "people")
    ids = check_ids("people.json", items)
    names, works = Unique("people.json: person name"), Unique("people.json: notable work")
    for p in items:
        w = f"people.json:{p.get('id')}"
        names.add(w, check_bilingual(w, p, "name", "required", hangul=True))
        by = check_year(w, p, "birthYear")
        dy = check_year(w, p, "deathYear", required=False)
        if by and dy and not 10 <= dy - by <= 110:
            err(w, f"lifespan {by}-{dy} is implausible")
        if p.get("nationality") not in countries:
            err(w, f"nationality {p.get('nationality')!r} is not a country id in countries.json")
        for n in p.get("alsoNationality", []):
            if n not in countries or n == p.get("nationality"):
                err(w, f"alsoNationality {n!r} is not another country id")
        if p.get("field") not in PERSON_FIELDS:
            err(w, f"field {p.get('field')!r} not one of {sorted(PERSON_FIELDS)}")
        if p.get("field") == "athlete" and not nonempty(p.get("sport")):
            err(w, "an athlete needs a sport")
        ns = p.get("notable")
        if not isinstance(ns, list) or not 1 <= len(ns) <= 3:
            err(w, "notable must list 1-3 works or achievements")
        else:
            for i, n in enumerate(ns):
                works.add(w, check_bilingual(f"{w}.notable[{i}]", n, None))
        if "note" in p:
            check_bilingual(w, p, "note", "none")
        check_source(w, p)
    return {p.get("id"): p for p in items}, len(items)


def check_music(folder, countries, people):
    data, artists = load(folder, "music.json", "artists")
    songs = [x for x in data.get("songs", []) if isinstance(x, dict)] if isinstance(data.get("songs"), list) else []
    if not songs:
        err("music.json", "missing list 'songs'")
    aids = check_ids("music.json artists", artists)
    sids = check_ids("music.json songs", songs)
    anames, titles = Unique("music.json: artist name"), Unique("music.json: song title + artist")
    born = {}
    for a in artists:
        w = f"music.json:artist {a.get('id')}"
        anames.add(w, check_bilingual(w, a, "name", "required", hangul=True))
        if a.get("kind") not in ARTIST_KINDS:
            err(w, f"kind {a.get('kind')!r} not one of {sorted(ARTIST_KINDS)}")
        if a.get("nationality") not in countries:
            err(w, f"nationality {a.get('nationality')!r} is not a country id")
        if a.get("genre") not in MUSIC_GENRES:
            err(w, f"genre {a.get('genre')!r} not one of {sorted(MUSIC_GENRES)}")
        by = check_year(w, a, "birthYear", required=False)
        dy = check_year(w, a, "deathYear", required=False)
        deb = check_year(w, a, "debutYear", required=False)
        fy = check_year(w, a, "formedYear", required=False)
        if a.get("kind") == "group" and by is not None:
            err(w, "a group has no birthYear (use debutYear or formedYear)")
        if by is None and deb is None and fy is None:
            err(w, "needs birthYear (a person) or debutYear/formedYear (a group)")
        if by and dy and not 10 <= dy - by <= 110:
            err(w, f"lifespan {by}-{dy} is implausible")
        if by and deb and not 5 <= deb - by <= 80:
            err(w, f"debut at age {deb - by} is implausible")
        if "note" in a:
            check_bilingual(w, a, "note", "none")
        if "person" in a:
            same = people.get(a["person"])
            if same is None:
                err(w, f"person {a['person']!r} is not an id in people.json")
            else:
                for k in ("birthYear", "deathYear", "nationality"):
                    if a.get(k) != same.get(k):
                        err(w, f"{k} {a.get(k)!r} differs from people.json ({same.get(k)!r})")
                if (a.get("name") or {}).get("en") != (same.get("name") or {}).get("en"):
                    err(w, "name.en differs from the same person in people.json")
        born[a.get("id")] = by or fy or deb
        check_source(w, a)
    for s in songs:
        w = f"music.json:song {s.get('id')}"
        forms = check_bilingual(w, s, "title", "required")
        if s.get("artist") not in aids:
            err(w, f"artist {s.get('artist')!r} is not an artist id")
        else:
            titles.add(w, forms, key=s["artist"])
        y = check_year(w, s, "year")
        if y and born.get(s.get("artist")) and y < born[s["artist"]]:
            err(w, f"year {y} is before the artist's birth/formation")
        if s.get("kind") not in SONG_KINDS:
            err(w, f"kind {s.get('kind')!r} not one of {sorted(SONG_KINDS)}")
        if s.get("yearOf") not in YEAR_OF:
            err(w, f"yearOf {s.get('yearOf')!r} not one of {sorted(YEAR_OF)}")
        if s.get("genre") not in MUSIC_GENRES:
            err(w, f"genre {s.get('genre')!r} not one of {sorted(MUSIC_GENRES)}")
        for i, f in enumerate(s.get("featuring", [])):
            check_bilingual(f"{w}.featuring[{i}]", f, None)
        if "note" in s:
            check_bilingual(w, s, "note", "none")
        check_source(w, s)
    return len(artists), len(songs)


def check_dramas(folder, countries):
    _, items = load(folder, "dramas.json", "dramas")
    check_ids("dramas.json", items)
    titles = Unique("dramas.json: drama title")
    cast_en = {}
    for d in items:
        w = f"dramas.json:{d.get('id')}"
        titles.add(w, check_bilingual(w, d, "title", "required"))
        check_year(w, d, "year")
        check_bilingual(w, d, "network")
        cast = d.get("cast")
        if not isinstance(cast, list) or not 1 <= len(cast) <= 2:
            err(w, "cast must list 1-2 leads")
        else:
            for i, c in enumerate(cast):
                if check_bilingual(f"{w}.cast[{i}]", c, None, hangul=True):
                    prev = cast_en.setdefault(c.get("ko"), c.get("en"))
                    if prev != c.get("en"):
                        err(w, f"cast {c.get('ko')!r} is {c.get('en')!r} here but {prev!r} elsewhere")
        if d.get("genre") not in DRAMA_GENRES:
            err(w, f"genre {d.get('genre')!r} not one of {sorted(DRAMA_GENRES)}")
        if "note" in d:
            check_bilingual(w, d, "note", "none")
        if d.get("country") not in countries:
            err(w, f"country {d.get('country')!r} is not a country id")
        check_source(w, d)
    return len(items)


STREAMING = {"netflix", "disney+", "apple tv+", "amazon prime video", "coupang play", "tving", "wavve", "hulu"}
NAMED_AFTER_THE_SUBJECT = {"currency", "language"}
TEMPLATES = ["capital-country", "drama-network", "song-artist", "birth-year", "nationality", "drama-cast",
             "drama-year", "song-year", "known-for", "continent", "currency", "language", "capital"]


def template_of(qid):
    """ai-<template>-<entity> → (template, entity); the longest template id that fits."""
    rest = qid[3:] if qid.startswith("ai-") else ""
    for t in sorted(TEMPLATES, key=len, reverse=True):
        if rest.startswith(t + "-"):
            return t, rest[len(t) + 1:]
    return None, None


def gives_away(q):
    """The generator's rule (QuestionDraft.givesAway): a word of the answer's name (two Hangul syllables, four Latin
    letters), or another name of it whole, begins a word of the question's text in either language."""
    def words(text):
        return [norm(w) for w in re.split(r"[\s'\"‘’“”()\[\],.?!:;·/]+", text) if w]
    said = words(q["ko"]["text"]) + words(q["en"]["text"])
    named = q["ko"]["answer"].split() + q["en"]["answer"].split()
    for word in named + q["ko"]["alternatives"] + q["en"]["alternatives"]:
        letters = [c for c in word if c.isalpha()]
        hangul = all("\uac00" <= c <= "\ud7a3" for c in letters)
        if len(letters) < (2 if hangul else 4):
            continue
        key = norm(word)
        if key and any(t.startswith(key) for t in said):
            return word
    return None


def without_nickname(title):
    m = re.search(r"['\"‘“(]", title)
    return title[:m.start()] if m else title


def check_ready_made(folder):
    """The questions shipped ready-made (questions/*.json), held to the generator's rules: no question whose text
    gives its answer away, and no option that is a second right answer by what the knowledge base knows (an artist
    with a song of the same title, or a work of the same name; a platform for a broadcast drama of the streaming era,
    which may have premiered there the same day)."""
    music, _ = load(folder, "music.json", "songs")
    _, drama_list = load(folder, "dramas.json", "dramas")
    dramas = {d["id"]: d for d in drama_list}
    artist_by_name = {}
    for a in music["artists"]:
        for form in [a["name"]["en"], a["name"]["ko"]]:
            artist_by_name[norm(form)] = a["id"]
    songs = {s["id"]: s for s in music["songs"]}
    count = 0
    qdir = os.path.join(folder, "questions")
    for name in sorted(os.listdir(qdir)):
        if name == "manifest.json" or not name.endswith(".json"):
            continue
        with open(os.path.join(qdir, name), encoding="utf-8") as f:
            questions = json.load(f)["questions"]
        for q in questions:
            count += 1
            where = f"questions/{name}:{q['id']}"
            template, entity = template_of(q["id"])
            if template not in NAMED_AFTER_THE_SUBJECT:
                word = gives_away(q)
                if word:
                    err(where, f"the question gives its answer away ('{word}' in \"{q['en']['text']}\")")
            options = [o for o in q["en"]["options"] if norm(o) != norm(q["en"]["answer"])]
            if template == "song-artist" and entity in songs:
                song = songs[entity]
                keys = {norm(f) for f in [song["title"]["ko"], song["title"]["en"]]}
                base = norm(without_nickname(song["title"]["en"])) if song["kind"] == "work" else None
                for other in music["songs"]:
                    if other["id"] == song["id"]:
                        continue
                    same = keys & {norm(f) for f in [other["title"]["ko"], other["title"]["en"]]}
                    same_work = base and other["kind"] == "work" and norm(without_nickname(other["title"]["en"])) == base
                    if (same or same_work) and any(artist_by_name.get(norm(o)) == other["artist"] for o in options):
                        err(where, f"an option also has a work called '{other['title']['en']}'")
            if template == "drama-network" and entity in dramas:
                drama = dramas[entity]
                broadcast = drama["network"]["en"].lower() not in STREAMING
                if broadcast and drama["year"] >= 2016 and any(o.lower() in STREAMING for o in options):
                    err(where, "a platform offered for a broadcast drama of the streaming era (it may have premiered there too)")
    return count


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "Resources", "Knowledge")
    countries, nc = check_countries(folder)
    people, npeople = check_people(folder, countries)
    na, ns = check_music(folder, countries, people)
    nd = check_dramas(folder, countries)
    print(f"countries.json: {nc} countries")
    print(f"people.json:    {npeople} people")
    print(f"music.json:     {ns} songs/works by {na} artists")
    print(f"dramas.json:    {nd} dramas")
    print(f"questions/:     {check_ready_made(folder)} ready-made questions checked")
    minimum = {"countries": (nc, 150), "people": (npeople, 100), "songs": (ns, 80), "dramas": (nd, 60)}
    for what, (n, m) in minimum.items():
        if n < m:
            err(what, f"only {n}; at least {m} required")
    for u in UNIQUE_SETS:
        u.near_misses()
    for w in warnings:
        print("note:", w, "(never a distractor for each other)")
    if errors:
        for e in errors:
            print("error:", e, file=sys.stderr)
        print(f"{len(errors)} problem(s)", file=sys.stderr)
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
