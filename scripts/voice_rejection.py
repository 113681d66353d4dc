#!/usr/bin/env python3
"""How often voice mode hears "no": false accepts and false rejects of spoken answers, measured through the built
shell (`answer --audio`), as a player meets them.

For each of a few voice questions (dealt by the shell itself, seeds 1..N over the five categories), eSpeak NG speaks
  - the options: each number ("two") and each option's text, in several voices and speeds  -> should be accepted
    (and heard as that option);
  - what is no option: sentences ("I don't know", "hello there"…), other words, options of other questions
                                                                                             -> should be refused;
and sox makes silence, noise and a tone                                                      -> should be refused.
A spoken answer is accepted when the shell prints "I heard:", refused when it prints "I did not catch an answer".

    python3 scripts/voice_rejection.py path/to/brainy [questions] [--seed N] [--jobs N] [--keep DIR]

--keep DIR keeps, for each spoken answer, the recognizer's files (its audio, grammar, dictionary and decodings) in
DIR/<n>/ and the trials and verdicts in DIR/trials.json, for judging other rules offline (scripts/voice_offline.py).
Only a debug build of brainy keeps them (it reads BRAINY_ASR_KEEP; a release build, what players run, never does).
"""
import json, os, random, re, shutil, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor

# The flags and their values come out first, wherever they stand: what is left is BRAINY and QUESTIONS.
flags = {}
args = []
rest = sys.argv[1:]
while rest:
    word = rest.pop(0)
    if word in ("--seed", "--jobs", "--keep"):
        if not rest:
            sys.exit(f"voice_rejection: {word} needs a value")
        flags[word] = rest.pop(0)
    else:
        args.append(word)
if not args:
    sys.exit("usage: voice_rejection.py BRAINY [QUESTIONS] [--seed N] [--jobs N] [--keep DIR]")
brainy = args[0]
questions = int(args[1]) if len(args) > 1 else 10
seed = int(flags.get("--seed", 1))
jobs = int(flags.get("--jobs", 2))
keep = flags.get("--keep")

VOICES = ["en-us", "en", "en-us+m3", "en+f2", "en-us+f3", "en+m7"]
SPEEDS = [130, 150, 175, 200]
NUMBERS = ["one", "two", "three", "four"]
SENTENCES = ["I don't know", "hello there", "no idea", "I have no idea", "let me think", "what was the question",
             "pass", "banana", "yes", "maybe", "good morning", "repeat that please", "seven", "zero", "umbrella",
             "the weather is nice today", "can you say that again", "I am not sure", "computer", "elephant"]
SOUNDS = [["trim", "0", "2"], ["synth", "2", "whitenoise", "vol", "0.3"], ["synth", "2", "pinknoise", "vol", "0.3"],
          ["synth", "2", "brownnoise", "vol", "0.6"], ["synth", "1.5", "sine", "440", "vol", "0.5"],
          ["synth", "2", "whitenoise", "vol", "0.02"], ["synth", "3", "pinknoise", "vol", "0.05"],
          ["synth", "0.3", "whitenoise", "vol", "0.8"]]
CATEGORIES = ["country", "person", "general", "music", "drama"]


def words(text):
    return [w for w in re.split(r"[^\w']+", text.lower()) if w and w != "_"]


with tempfile.TemporaryDirectory() as work:
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "cache"), XDG_DATA_HOME=work, HOME=work, NO_COLOR="1")
    runs = [0]

    def shell(number, category, command, kept=None):
        runs[0] += 1
        db = os.path.join(work, f"db-{number}-{runs[0]}-{random.random()}.sqlite")
        script = f"login guest; mode voice; category {category}; start 1" + (f"; {command}" if command else "")
        for attempt in range(30):
            try:
                done = subprocess.run([brainy, "--db", db, "--lang", "en", "--seed", str(number), "-c", script],
                                      env=dict(env, BRAINY_ASR_KEEP=kept) if kept else env,
                                      capture_output=True, text=True, timeout=120)
                return done.stdout + done.stderr
            except OSError:  # the binary is being rebuilt ("text file busy"): wait for the build
                time.sleep(2)
        raise RuntimeError(f"{brainy} could not be started")

    def options_of(number, category):
        shown = shell(number, category, "")
        return re.findall(r"^  ([1-4A-D])\) (.+)$", shown, re.M)

    def speech(text, voice, speed):
        path = os.path.join(work, f"s-{abs(hash((text, voice, speed)))}.wav")
        if not os.path.exists(path):
            subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-w", path, "--", text], check=True)
        return path

    def sound(effect):
        path = os.path.join(work, "n-" + "_".join(effect) + ".wav")
        if not os.path.exists(path):
            subprocess.run(["sox", "-n", "-r", "16000", "-c", "1", "-b", "16", path] + effect, check=True)
        return path

    chooser = random.Random(seed)
    asked = [(n, CATEGORIES[(n - 1) % len(CATEGORIES)]) for n in range(seed, seed + questions)]
    labelled = {q: options_of(*q) for q in asked}
    # Options labelled 1–4 are said as numbers, options labelled A–D (numbers themselves) as letters.
    labels = {q: [NUMBERS[i] if label.isdigit() else label for i, (label, _) in enumerate(shown)]
              for q, shown in labelled.items()}
    shown = {q: [option for _, option in shown] for q, shown in labelled.items()}
    every_option = [o for options in shown.values() for o in options]
    trials = []  # (question, file, what, kind, expected option or None)
    for question, options in shown.items():
        if len(options) != 4:
            continue
        for index, option in enumerate(options):
            for said, kind in [(labels[question][index], "number or letter"), (option, "option text")]:
                for _ in range(2):
                    voice, speed = chooser.choice(VOICES), chooser.choice(SPEEDS)
                    trials.append((question, speech(said, voice, speed), f"{said} ({voice}, {speed})", kind, index))
        own = {w for o in options for w in words(o)} | set(NUMBERS)
        others = [o for o in every_option if not set(words(o)) & own and not re.search(r"\d", o)]
        for said in chooser.sample(SENTENCES, 6) + chooser.sample(others, min(2, len(others))):
            voice, speed = chooser.choice(VOICES), chooser.choice(SPEEDS)
            kind = "other word" if said in others else "sentence or word"
            trials.append((question, speech(said, voice, speed), f"{said} ({voice}, {speed})", kind, None))
        for effect in chooser.sample(SOUNDS, 2):
            trials.append((question, sound(effect), " ".join(effect), "silence or noise", None))

    if keep:
        shutil.rmtree(keep, ignore_errors=True)
        os.makedirs(keep)

    def judge(numbered):
        index, trial = numbered
        (number, category), path, what, kind, expected = trial
        kept = os.path.join(keep, str(index)) if keep else None
        output = shell(number, category, f"answer --audio {path}", kept)
        heard = re.search(r"I heard: (.*)", output)
        if heard:
            said = words(heard.group(1))
            options = shown[(number, category)]
            label = labels[(number, category)][expected] if expected is not None else ""
            right = expected is not None and (said == words(label) or said == words(options[expected]))
            return trial, "accepted" if expected is None or right else "misheard", heard.group(1)
        if "did not catch an answer" in output:
            return trial, "refused", ""
        return trial, "error", output.strip().splitlines()[-1] if output.strip() else ""

    with ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(judge, enumerate(trials)))
    if keep:
        if trials and not any(os.path.isdir(os.path.join(keep, str(i))) for i in range(len(trials))):
            sys.exit(f"voice_rejection: {brainy} kept no decodings in {keep}: BRAINY_ASR_KEEP is read only by a debug"
                     " build (swift build; .build/debug/brainy)")
        with open(os.path.join(keep, "trials.json"), "w") as out:
            json.dump([{"question": list(q), "what": what, "kind": kind, "expected": expected, "verdict": verdict,
                        "heard": heard, "label": labels[q][expected] if expected is not None else None,
                        "option": shown[q][expected] if expected is not None else None}
                       for (q, path, what, kind, expected), verdict, heard in results], out, indent=1)

    tally = {}
    for (question, path, what, kind, expected), verdict, heard in results:
        tally.setdefault((expected is not None, kind), []).append(verdict)
        wrong = (expected is None and verdict != "refused") or (expected is not None and verdict != "accepted")
        if wrong and "--quiet" not in sys.argv:
            print(f"  {'option' if expected is not None else 'no option'} {what}: {verdict} {heard}")

    def share(part, whole):
        return f"{part}/{whole} ({100 * part / max(whole, 1):.1f}%)"

    print(f"{len(trials)} spoken answers to {len(shown)} voice questions (seed {seed})")
    non = [v for (option, _), vs in tally.items() if not option for v in vs]
    print(f"false accepts of what is no option: {share(sum(v != 'refused' for v in non), len(non))}")
    for (option, kind), vs in sorted(tally.items()):
        if not option:
            print(f"  {kind:17} {share(sum(v != 'refused' for v in vs), len(vs))}")
    spoken = [v for (option, _), vs in tally.items() if option for v in vs]
    print(f"false rejects of spoken options:    {share(sum(v == 'refused' for v in spoken), len(spoken))}")
    print(f"spoken options heard as another:    {share(sum(v == 'misheard' for v in spoken), len(spoken))}")
    for (option, kind), vs in sorted(tally.items()):
        if option:
            print(f"  {kind:17} refused {share(sum(v == 'refused' for v in vs), len(vs))}, "
                  f"heard as another option {share(sum(v == 'misheard' for v in vs), len(vs))}")
    errors = sum(v == "error" for (_, _), vs in tally.items() for v in vs)
    if errors:
        print(f"errors (neither heard nor refused): {errors}")
