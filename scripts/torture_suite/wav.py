"""`wav` (issue 25): hostile WAV files given to `answer --audio` and `speak --from` in a voice quiz: a good answer cut at
random points, sizes that lie (past the end, 0x7FFFFFFF, 0xFFFFFFFF, into the next chunk), zero-length and odd-sized
chunks with and without their pad byte, absurd formats (0 channels, 4 GHz, 8 and 32 bits, float, a block of 0), bytes
flipped at random, the 64-byte file of the issue, a sparse 4 GB file, a file of 31 s, and what is no file (a FIFO,
/dev/zero, a folder, a link to /dev/zero). Every run must end with a documented exit code, within its deadline, and
say what happened (a refusal with its reason, "I heard", or "I did not catch an answer"), never "Unexpected error"."""
import os, struct, subprocess, time

from .rig import Figures, crashed

# What a run may print about the file: a reason, a recognition, or no answer caught.
EXPLAINED = ("is not a WAV file the shell can read", "is too large", "is too long", "is not a regular file",
             "I heard:", "I did not catch an answer", "Cannot read", "did not finish within")


def chunk(cid, body, size=None, pad=True):
    return cid + struct.pack("<I", len(body) if size is None else size) + body + (b"\0" if pad and len(body) % 2 else b"")


def fmt(tag=1, channels=1, rate=16000, bits=16, block=None):
    block = (channels * bits // 8) & 0xFFFF if block is None else block
    return chunk(b"fmt ", struct.pack("<HHIIHH", tag, channels, rate, (rate * block) & 0xFFFFFFFF, block, bits))


def riff(*chunks, size=None):
    body = b"WAVE" + b"".join(chunks)
    return b"RIFF" + struct.pack("<I", len(body) if size is None else size) + body


def files(rig, good):
    """(name, bytes) of hostile files, the structured ones first, then random mutations of `good`."""
    sound = good[44:] if good[:4] == b"RIFF" else good
    yield "issue-64-bytes", riff(chunk(b"JUNK", b"\0" * 36), b"fmt " + struct.pack("<I", 16), size=56)
    for size in (len(sound) + 1000, 0x7FFFFFFF, 0xFFFFFFFF, 0xFFFFFFF0):
        yield f"data-size-{size:x}", riff(fmt(), chunk(b"data", sound[:2000], size=size))
        yield f"fmt-size-{size:x}", riff(chunk(b"fmt ", fmt()[8:], size=size), chunk(b"data", sound[:2000]))
        yield f"junk-size-{size:x}", riff(chunk(b"JUNK", b"", size=size), fmt(), chunk(b"data", sound[:2000]))
    yield "riff-size-lies", riff(fmt(), chunk(b"data", sound[:2000]), size=0xFFFFFFFF)
    yield "zero-fmt", riff(chunk(b"fmt ", b""), chunk(b"data", sound[:2000]))
    yield "zero-data", riff(fmt(), chunk(b"data", b""))
    yield "odd-data", riff(fmt(), chunk(b"data", sound[:2001]))
    yield "odd-list-padded", riff(chunk(b"LIST", b"abc"), fmt(), chunk(b"data", sound[:4000]))
    yield "odd-list-unpadded", riff(chunk(b"LIST", b"abc", pad=False), fmt(), chunk(b"data", sound[:4000]))
    yield "no-fmt", riff(chunk(b"data", sound[:2000]))
    yield "no-data", riff(fmt())
    for name, header in [("channels-0", fmt(channels=0)), ("channels-65535", fmt(channels=65535)),
                         ("rate-0", fmt(rate=0)), ("rate-4g", fmt(rate=4_000_000_000)), ("bits-8", fmt(bits=8)),
                         ("bits-32", fmt(bits=32)), ("float", fmt(tag=3, bits=32)), ("block-0", fmt(block=0)),
                         ("block-huge", fmt(block=65535)), ("extensible", fmt(tag=0xFFFE))]:
        yield name, riff(header, chunk(b"data", sound[:8000]))
    yield "long-31s", riff(fmt(rate=8000), chunk(b"data", b"\0" * (31 * 8000 * 2)))
    yield "empty", b""
    yield "riff-only", b"RIFF"
    yield "text", b"not a wav file at all\n" * 10
    cuts = 12 if not rig.full else 200
    for _ in range(cuts):
        at = rig.random.randrange(0, min(len(good), 400))
        yield f"cut-{at}", good[:at]
    flips = 16 if not rig.full else 400
    for _ in range(flips):
        data = bytearray(good[:min(len(good), 20000)])
        for _ in range(rig.random.randint(1, 6)):
            data[rig.random.randrange(0, 64)] = rig.random.randrange(256)
        yield f"flip-{rig.random.getrandbits(32):08x}", bytes(data)


def wav(rig):
    f = Figures("wav")
    good_path = rig.path("wav-good.wav")
    subprocess.run(["espeak-ng", "-v", "en-us", "-w", good_path, "two"], check=True)
    with open(good_path, "rb") as handle:
        good = handle.read()
    paths = []
    for name, data in files(rig, good):
        path = rig.path(f"wav-{name}.wav")
        with open(path, "wb") as handle:
            handle.write(data)
        paths.append((name, path))
    sparse = rig.path("wav-sparse-4g.wav")
    with open(sparse, "wb") as handle:
        handle.write(good)
        handle.truncate(4 << 30)
    paths.append(("sparse-4g", sparse))
    fifo = rig.path("wav-fifo.wav")
    os.mkfifo(fifo)
    link = rig.path("wav-link.wav")
    os.symlink("/dev/zero", link)
    paths += [("fifo", fifo), ("dev-zero", "/dev/zero"), ("folder", rig.work), ("link-dev-zero", link)]
    crashes = hangs = unexplained = 0
    slowest = 0.0
    for index, (name, path) in enumerate(paths):
        command = "speak --from" if index % 3 == 2 else "answer --audio"
        started = time.monotonic()
        try:
            done = rig.run(rig.path(f"wav-{index}.sqlite"), "--seed", "11", "-c",
                           f"login guest; mode voice; category country; start 1; {command} {path}", timeout=60)
        except subprocess.TimeoutExpired:
            hangs += 1
            f.notes.append(f"{name}: no end within 60 s ({command})")
            continue
        took = time.monotonic() - started
        slowest = max(slowest, took)
        output = done.stdout + done.stderr
        if crashed(done.returncode):
            crashes += 1
            f.notes.append(f"{name}: exit {done.returncode} ({command})")
        elif not any(words in output for words in EXPLAINED) or "Unexpected error" in output:
            unexplained += 1
            f.notes.append(f"{name}: {output.strip().splitlines()[-1][:160] if output.strip() else '(nothing)'}")
        if name == "sparse-4g" and took > 10:
            hangs += 1
            f.notes.append(f"sparse 4 GB file took {took:.1f} s")
    f.values.update({"files": len(paths), "crashes": crashes, "hangs": hangs, "unexplained": unexplained,
                     "slowest s": f"{slowest:.1f}"})
    f.expect(crashes == 0, f"{crashes} crashes")
    f.expect(hangs == 0, f"{hangs} hangs")
    f.expect(unexplained == 0, f"{unexplained} runs that did not say what happened")
    return f
