"""`slow-flood` (issue 24): thousands of connections that send a request's head and then its body one byte at a time
(as 19,800 of them once held the server from 123 to 721 MB for 7 minutes and more). The server must close every one
of them once `--body-timeout` has passed, keep answering another client meanwhile, and give the memory back: its RSS
is measured before, at the peak, and after they are gone."""
import resource, selectors, socket, time
from .http import request
from .rig import Figures


def rss_mb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def slow_flood(rig):
    f = Figures("slow-flood")
    count, body_timeout, drip_s = (19_800, 30, 20) if rig.full else (2_000, 5, 2)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, count + 1_000)), hard))
    server = rig.server("slow-flood.sqlite", "--body-timeout", str(body_timeout), "--header-timeout", "10",
                        "--rate-limit", "off").start()
    try:
        pid = server.process.pid
        for _ in range(20):  # warm: the first requests allocate what every later one reuses
            request(server.port, "GET", "/v1/config")
        before = rss_mb(pid)
        head = (b"POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Content-Length: 100000\r\n\r\n{")
        sockets, refused = [], 0
        opened_at = time.monotonic()
        for n in range(count):
            try:
                s = socket.create_connection(("127.0.0.1", server.port), timeout=5,
                                             source_address=(f"127.0.{1 + n // 60_000}.{2 + n % 250}", 0))
                s.sendall(head)
                s.setblocking(False)
                sockets.append(s)
            except OSError:
                refused += 1
        peak = rss_mb(pid)
        opening_s = time.monotonic() - opened_at
        # Every connection's body limit runs from its own head: the last one opened is due body_timeout after now.
        opened_at = time.monotonic()
        open_ = {s.fileno(): s for s in sockets}
        watch = selectors.DefaultSelector()  # epoll: select() takes no descriptor past 1023
        for s in sockets:
            watch.register(s, selectors.EVENT_READ)
        closed_after = []
        latencies, failures = [], 0
        last_drip = time.monotonic()
        deadline = opened_at + body_timeout + 30
        while open_ and time.monotonic() < deadline:
            if time.monotonic() - last_drip >= drip_s:
                for s in list(open_.values()):
                    try:
                        s.send(b" ")
                    except OSError:
                        pass
                last_drip = time.monotonic()
            for key, _ in watch.select(0.5):
                s = key.fileobj
                try:
                    data = s.recv(4096)
                except OSError:
                    data = b""
                if not data or b"408" in data[:16]:
                    closed_after.append(time.monotonic() - opened_at)
                    watch.unregister(s)
                    del open_[s.fileno()]
                    s.close()
            r = request(server.port, "GET", "/v1/config", source="127.0.0.250", timeout=10)
            latencies.append(r.seconds)
            failures += r.status != 200
            peak = max(peak, rss_mb(pid))
        still_open = len(open_)
        for s in open_.values():
            s.close()
        time.sleep(12)  # the server trims its heap every 10 s
        for _ in range(20):
            request(server.port, "GET", "/v1/config")
        after = rss_mb(pid)
        latencies.sort()
        f.values = {"slow connections": len(sockets), "refused at connect": refused,
                    "opening them took": f"{opening_s:.0f} s",
                    "body limit": f"{body_timeout} s", "one byte every": f"{drip_s} s",
                    "closed by the server": len(sockets) - still_open,
                    "last closed": f"{max(closed_after, default=0):.1f} s after the last one opened",
                    "RSS before": f"{before:.0f} MB", "RSS peak": f"{peak:.0f} MB", "RSS after": f"{after:.0f} MB",
                    "other client": f"{len(latencies)} requests, {failures} failed, slowest "
                                    f"{(latencies[-1] if latencies else 0) * 1000:.0f} ms"}
        f.expect(still_open == 0, f"{still_open} slow connections still open {body_timeout + 30} s after they opened")
        f.expect(failures == 0, f"{failures} of another client's requests failed during the flood")
        f.expect(after <= before + max(20, (peak - before) * 0.25),
                 f"memory not given back: {before:.0f} MB before, {peak:.0f} MB at the peak, {after:.0f} MB after")
        f.expect(server.alive(), "the server died")
    finally:
        server.stop()
    return f
