#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Load on mazegen serve, bounded: starts `MAZEGEN serve` on a free port
of 127.0.0.1, and for each request kind (a 20x20 preview, a one-page
sheet, a 10-page book) and each number of concurrent clients (1, 4, 16)
sends at most REQUESTS requests or for at most SECONDS, whichever ends
first; prints requests a second, p50 and p99 latency and the answers by
status. Then overloads the server (--max-jobs 2 --queue 4, 32 clients)
to show
that the refused get 503 and nothing else, and that it still answers.

Usage: bench/serve_load.py MAZEGEN [REQUESTS [SECONDS]]  (default 400, 10)
"""
import http.client
import re
import subprocess
import sys
import threading
import time

KINDS = [
    ("preview 20x20 svg", "/maze.svg?width=20&height=20&seed=7"),
    ("sheet 1 page pdf", "/book.pdf?width=20&height=20&seed=7&paper=letter"),
    ("book 10 pages pdf", "/book.pdf?grid=theta&height=12&count=10"
                          "&answers=end&seed=7&paper=letter"),
]


def start(mazegen, *args):
    p = subprocess.Popen([mazegen, "serve", "--listen", "127.0.0.1:0",
                          "--quiet", *args], stderr=subprocess.PIPE,
                         text=True)
    m = re.search(r":(\d+)/", p.stderr.readline())
    return p, int(m.group(1))


def run(port, path, clients, most, seconds):
    """(requests a second, p50 ms, p99 ms, {status: count})."""
    lock = threading.Lock()
    times, statuses = [], {}
    left = [most]
    end = time.monotonic() + seconds

    def client():
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while True:
            with lock:
                if left[0] <= 0 or time.monotonic() >= end:
                    break
                left[0] -= 1
            t0 = time.monotonic()
            try:
                c.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
                r = c.getresponse()
                r.read()
                status = r.status
                if r.getheader("Connection", "").lower() == "close":
                    c.close()
                    c = http.client.HTTPConnection("127.0.0.1", port,
                                                   timeout=60)
            except OSError:
                status = 0
                c.close()
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            dt = time.monotonic() - t0
            with lock:
                times.append(dt)
                statuses[status] = statuses.get(status, 0) + 1
        c.close()

    t0 = time.monotonic()
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - t0
    times.sort()

    def pct(p):
        return times[min(len(times) - 1, int(p * len(times)))] * 1e3

    return len(times) / wall, pct(0.50), pct(0.99), statuses


def main():
    mazegen = sys.argv[1]
    most = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 10
    p, port = start(mazegen)
    print(f"mazegen serve load, at most {most} requests or {seconds:g} s "
          "each, on 127.0.0.1")
    print(f"{'request':<20} {'clients':>7} {'req/s':>8} {'p50 ms':>8} "
          f"{'p99 ms':>8}  answers")
    try:
        for name, path in KINDS:
            for clients in (1, 4, 16):
                rps, p50, p99, st = run(port, path, clients, most, seconds)
                print(f"{name:<20} {clients:>7} {rps:>8.1f} {p50:>8.1f} "
                      f"{p99:>8.1f}  {st}", flush=True)
    finally:
        p.terminate()
        p.wait(30)
    # Overload: two jobs at once and four waiting, 32 clients asking for
    # books.
    p, port = start(mazegen, "--max-jobs", "2", "--queue", "4")
    try:
        rps, p50, p99, st = run(port, KINDS[2][1], 32, most, seconds)
        print(f"{'overload, 2 jobs':<20} {32:>7} {rps:>8.1f} {p50:>8.1f} "
              f"{p99:>8.1f}  {st}")
        after = run(port, KINDS[0][1], 1, 5, seconds)[3]
        print(f"answers afterwards: {after}")
        bad = set(st) - {200, 503}
        if bad or after != {200: 5}:
            print("FAILED: answers other than 200 and 503, or none after")
            sys.exit(1)
    finally:
        p.terminate()
        p.wait(30)


main()
