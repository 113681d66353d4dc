#!/usr/bin/env python3
"""Judges spoken answers offline, on the decodings scripts/voice_rejection.py --keep DIR kept, by the shell's rule
(Recognition.accepted in Sources/BrainyShell/Voice/SpeechRecognizer.swift), and prints the false accepts and false
rejects; it says how many verdicts differ from the shell's (0 when the rule here is the shell's).

    python3 scripts/voice_rejection.py .build/debug/brainy 12 --jobs 1 --keep kept1
    python3 scripts/voice_offline.py kept1 [--least -50] [--outside 0.3] [--loop 5e-7] [--lm]

--least and --outside judge the same decodings with other limits; --loop P decodes each answer again with the
grammar's phone loop entered at probability P (entry times one phone: GarbagePhones in AnswerGrammar.swift), and the
free phones where the shell had not decoded them, as the shell would with that cost. --lm also decodes each answer the shell accepted
with PocketSphinx's large-vocabulary language model and full dictionary (pocketsphinx-en-us) and prints, beside
each, what that open decoding heard and how far its phones are from the phrase's (edits per phone): the third
opinion docs/voice.md measured and left out.
"""
import array, json, math, os, re, subprocess, sys, wave

MODEL = "/usr/share/pocketsphinx/model/en-us"


def option(name, default):
    return type(default)(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def hypseg(path):
    """PocketSphinx's -hypseg line as segments (text, first and last frame, acoustic score, pronunciation)."""
    if not os.path.exists(path):
        return None
    fields = open(path).read().split("\n")[0].split()
    if len(fields) < 10 or fields[1] != "S":
        return []
    end, rest, found = int(fields[-1]), fields[9:-1], []
    for i in range(0, len(rest) - 3, 4):
        text, variant = rest[i + 3], 1
        m = re.match(r"(.+)\((\d+)\)$", text)
        if m:
            text, variant = m.group(1), int(m.group(2))
        found.append((text, int(rest[i]), int(rest[i + 1]), variant))
    return [dict(text=t, first=f, last=max(f, found[i + 1][1] - 1 if i + 1 < len(found) else end), score=s, variant=v)
            for i, (t, f, s, v) in enumerate(found)]


def filler(text):
    return text[:1] in "<[(+"


def score(segments, first, last):
    total = 0.0
    for s in segments:
        inside = min(s["last"], last) - max(s["first"], first) + 1
        if inside > 0:
            total += s["score"] * inside / (s["last"] - s["first"] + 1)
    return total


def loudness(path):
    w = wave.open(path)
    samples, frame = array.array("h", w.readframes(w.getnframes())), w.getframerate() // 100
    return [math.sqrt(sum(x * x for x in samples[i:i + frame]) / frame) / 32768
            for i in range(0, len(samples) - frame + 1, frame)]


def steady(loud):
    windows = [math.sqrt(sum(x * x for x in loud[s:s + 10]) / 10) for s in range(0, len(loud) - 9, 5)]
    peak = max(windows, default=0)
    kept = [w for w in windows if w > max(0.1 * peak, 0.003)]
    if len(kept) < 2:
        return False
    mean = sum(kept) / len(kept)
    return math.sqrt(sum((w - mean) ** 2 for w in kept) / len(kept)) / mean < 0.15


def pronunciations(path):
    entries = {}
    for line in open(path):
        parts = line.split()
        if parts:
            m = re.match(r"(.+)\((\d+)\)$", parts[0])
            entries[(m.group(1), int(m.group(2))) if m else (parts[0], 1)] = parts[1:]
    return entries


def judge(folder, least, outside_limit, grammar):
    """What the shell's rule makes of one kept answer: (accepted, words heard, confidence, share outside, phones)."""
    heard = hypseg(os.path.join(folder, grammar + ".seg")) or []
    words = [s for s in heard if not filler(s["text"])]
    loud = loudness(os.path.join(folder, "answer.wav"))
    loop = hypseg(os.path.join(folder, "phones.seg"))
    said = " ".join(s["text"].replace("_", " ") for s in words)
    if not words or any(s["text"].startswith("g_") for s in words) or loop is None:
        return False, said, None, None, []
    first, last = words[0]["first"], words[-1]["last"]
    confidence = (sum(s["score"] for s in words) - score(loop, first, last)) / (last - first + 1)
    peak = max(loud, default=0)
    frames = [i for i, x in enumerate(loud) if x > max(0.1 * peak, 0.003)]
    outside = sum(not any(s["first"] <= i <= s["last"] for s in words) for i in frames) / max(len(frames), 1)
    entries = pronunciations(os.path.join(folder, "answer.dict"))
    phones = [p for s in words for p in entries.get((s["text"], s["variant"]), [])]
    accepted = (not steady(loud) and confidence >= least and peak > 0.003 and outside <= outside_limit)
    return accepted, said, confidence, outside, phones


def edits(a, b):
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        previous, row[0] = row[0], i
        for j in range(1, len(b) + 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] != b[j - 1]))
    return row[len(b)]


def open_decoding(kept, indices):
    """The large-vocabulary decoding of each answer, in one run of pocketsphinx_batch."""
    ctl = os.path.join(kept, "open.ctl")
    with open(ctl, "w") as out:
        out.write("".join(f"{i}/answer\n" for i in indices))
    hyp = os.path.join(kept, "open.hyp")
    if not os.path.exists(hyp) or open(hyp).read().count("\n") != len(indices):
        subprocess.run(["pocketsphinx_batch", "-adcin", "yes", "-cepdir", kept, "-cepext", ".raw", "-ctl", ctl,
                        "-cmn", "batch", "-remove_silence", "no", "-lm", f"{MODEL}/en-us.lm.bin",
                        "-dict", f"{MODEL}/cmudict-en-us.dict", "-hyp", hyp, "-logfn", "/dev/null"], check=True)
    heard = {}
    for line in open(hyp):
        text, rest = line.rsplit("(", 1)
        heard[int(rest.split("/")[0])] = text.split()
    return heard


def redecode(kept, count, probability):
    """Each kept answer decoded with its grammar's phone loop entered at `probability`, into loop-P.seg."""
    tag = f"loop-{probability}"
    for i in range(count):
        folder = os.path.join(kept, str(i))
        if os.path.exists(os.path.join(folder, tag + ".seg")) or not os.path.exists(os.path.join(folder, "answer.fsg")):
            continue
        fsg = re.sub(r"(?m)^(TRANSITION 0 \d+ )\S+( g_)", rf"\g<1>{probability}\2", open(os.path.join(folder, "answer.fsg")).read())
        open(os.path.join(folder, tag + ".fsg"), "w").write(fsg)
        subprocess.run(["pocketsphinx_batch", "-adcin", "yes", "-cepdir", folder, "-cepext", ".raw",
                        "-ctl", os.path.join(folder, "answer.ctl"), "-cmn", "batch", "-remove_silence", "no",
                        "-hypseg", os.path.join(folder, tag + ".seg"), "-logfn", "/dev/null", "-compallsen", "yes",
                        "-fsg", os.path.join(folder, tag + ".fsg"), "-dict", os.path.join(folder, "answer.dict")],
                       check=True)
    lacking = [i for i in range(count) if not os.path.exists(os.path.join(kept, str(i), "phones.seg"))]
    if lacking:
        ctl = os.path.join(kept, "phones.ctl")
        open(ctl, "w").write("".join(f"{i}/answer\n" for i in lacking))
        segments = os.path.join(kept, "phones-all.seg")
        subprocess.run(["pocketsphinx_batch", "-adcin", "yes", "-cepdir", kept, "-cepext", ".raw", "-ctl", ctl,
                        "-cmn", "batch", "-remove_silence", "no", "-hypseg", segments, "-logfn", "/dev/null",
                        "-allphone", f"{MODEL}/en-us-phone.lm.bin", "-beam", "1e-10", "-pbeam", "1e-10", "-lw", "2.0"],
                       check=True)
        for line in open(segments):
            name = line.split()[0]
            open(os.path.join(kept, name.split("/")[0], "phones.seg"), "w").write("answer" + line[len(name):])
    return tag


def main():
    kept = [a for a in sys.argv[1:] if not a.startswith("--") and os.path.isdir(a)]
    least, outside_limit = option("--least", -50.0), option("--outside", 0.3)
    for folder in kept:
        trials = json.load(open(os.path.join(folder, "trials.json")))
        grammar = redecode(folder, len(trials), option("--loop", "")) if "--loop" in sys.argv else "answer"
        results = [(t, *judge(os.path.join(folder, str(i)), least, outside_limit, grammar))
                   for i, t in enumerate(trials)]
        differ = sum((t["verdict"] != "refused") != accepted for t, accepted, *_ in results)
        non = [accepted for t, accepted, *_ in results if t["expected"] is None]
        options = [accepted for t, accepted, *_ in results if t["expected"] is not None]
        print(f"{folder}: {len(trials)} spoken answers, least confidence {least}, at most {outside_limit} outside"
              + (f", the phone loop entered at {option('--loop', '')}" if "--loop" in sys.argv else ""))
        print(f"  false accepts {sum(non)}/{len(non)} ({100 * sum(non) / len(non):.1f}%), false rejects "
              f"{len(options) - sum(options)}/{len(options)} ({100 * (len(options) - sum(options)) / len(options):.1f}%)"
              f"; verdicts that differ from the shell's run: {differ}")
        if "--lm" in sys.argv:
            cmu = {}
            for line in open(f"{MODEL}/cmudict-en-us.dict"):
                parts = line.split()
                if parts and "(" not in parts[0]:
                    cmu[parts[0]] = parts[1:]
            accepted = [i for i, (t, ok, *_) in enumerate(results) if ok]
            heard = open_decoding(folder, accepted)
            for i in accepted:
                t, _, said, confidence, outside, phones = results[i]
                open_phones = [p for w in heard.get(i, []) for p in cmu.get(w, [])]
                kind = "option" if t["expected"] is not None else "NO OPTION"
                print(f"  {kind:9} {t['what']:40} heard {said!r:20} open decoding {' '.join(heard.get(i, []))!r:28} "
                      f"{edits(open_phones, phones) / max(len(phones), 1):.2f} edits a phone")


main()
