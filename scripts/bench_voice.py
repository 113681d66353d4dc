#!/usr/bin/env python3
"""Voice-mode benchmark (not a test): how long a question's speech takes to be ready, made cold and from the cache,
and how long recognizing a two-second spoken answer takes, each beside the length of the audio itself (the aim:
both faster than real time). Uses the built brainy, eSpeak NG, PocketSphinx and sox, as the shell does.

    python3 scripts/bench_voice.py path/to/brainy [runs]
"""
import os, statistics, subprocess, sys, tempfile, wave

brainy = sys.argv[1]
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 10


def seconds_of(path):
    with wave.open(path) as w:
        return w.getnframes() / float(w.getframerate())


def timed_commands(script, env):
    """Runs the script through brainy with BRAINY_TIMING_LOG; returns {command name: [microseconds]}."""
    with tempfile.NamedTemporaryFile("r", suffix=".log") as log:
        env = dict(env, BRAINY_TIMING_LOG=log.name)
        subprocess.run([brainy, "--lang", "en", "--seed", "11"] + script, env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times = {}
        for line in open(log.name):
            name, micros = line.rstrip("\n").split("\t")
            times.setdefault(name, []).append(int(micros))
        return times


with tempfile.TemporaryDirectory() as work:
    cold, cached, plain, audio_lengths = [], [], [], []
    for run in range(runs):
        cache = os.path.join(work, f"cache-{run}")
        out = os.path.join(work, f"out-{run}")
        db = os.path.join(work, f"db-{run}.sqlite")
        env = dict(os.environ, XDG_CACHE_HOME=cache, XDG_DATA_HOME=work)
        script = ["--db", db, "--audio-out", out, "-c", "login guest; mode voice; category country; start 1"]
        cold += timed_commands(script, env)["start"]
        cached += timed_commands(["--db", db + "-2"] + script[2:], env)["start"]
        plain += timed_commands(["--db", db + "-3", "-c", "login guest; mode mc; category country; start 1"], env)["start"]
        audio_lengths += [seconds_of(os.path.join(out, f)) for f in os.listdir(out)]
    speech = statistics.median(audio_lengths)
    made = (statistics.median(cold) - statistics.median(plain)) / 1e6
    kept = (statistics.median(cached) - statistics.median(plain)) / 1e6
    print(f"question speech: median {speech:.2f} s of audio")
    print(f"  made cold (eSpeak NG):  {made * 1000:7.1f} ms  ({speech / max(made, 1e-6):6.1f}x faster than real time)")
    print(f"  from the cache:         {kept * 1000:7.1f} ms  ({speech / max(kept, 1e-6):6.1f}x faster than real time)")
    print(f"  (start 1 in mc mode, without speech: {statistics.median(plain) / 1000:.1f} ms, subtracted above)")

    answer = os.path.join(work, "answer.wav")
    subprocess.run(["espeak-ng", "-v", "en-us", "-s", "60", "-w", answer, "Kyoto"], check=True)
    length = seconds_of(answer)
    # The same answer said after a second of quiet and followed by two more: what `speak` hears through its listening.
    spoken = os.path.join(work, "spoken.wav")
    subprocess.run(["sox", "-n", "-r", "22050", "-c", "1", "-b", "16", os.path.join(work, "quiet.wav"), "trim", "0", "1"],
                   check=True)
    subprocess.run(["sox", os.path.join(work, "quiet.wav"), answer, os.path.join(work, "quiet.wav"),
                    os.path.join(work, "quiet.wav"), spoken], check=True)
    recognize, listened = [], []
    for run in range(runs):
        db = os.path.join(work, f"asr-{run}.sqlite")
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "asr-cache"), XDG_DATA_HOME=work)
        times = timed_commands(["--db", db, "--audio-out", os.path.join(work, "asr-out"), "-c",
                                f"login guest; mode voice; category country; start 1; answer --audio {answer}"], env)
        recognize += times["answer"]
        times = timed_commands(["--db", db + "-speak", "--audio-out", os.path.join(work, "asr-out"), "-c",
                                f"login guest; mode voice; category country; start 1; speak --from {spoken}"], env)
        listened += times["speak"]
    took = statistics.median(recognize) / 1e6
    print(f"spoken answer of {length:.2f} s recognized (sox + PocketSphinx with the question's grammar):")
    print(f"  median {took * 1000:.1f} ms over {runs} runs  ({length / max(took, 1e-6):.1f}x faster than real time)")
    took = statistics.median(listened) / 1e6
    print(f"speak --from the same answer between a second of quiet and two (listening to the silence, then recognizing):")
    print(f"  median {took * 1000:.1f} ms over {runs} runs")
