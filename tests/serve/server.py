#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""mazegen serve, over HTTP on 127.0.0.1: every download is byte for byte
what the command writes for the same options; every bad request gets its
status and a JSON message naming the option; the limits hold (puzzles,
cells, uploads, bodies, the time budget, jobs at once with 503); hosts
and origins of other sites are refused; user text stays text; SIGTERM
lets the request in flight finish. Bounded: every request has a timeout
and the servers are stopped at the end."""
import json
import os
import signal
import socket
import threading
import time

from common import (MAZEGEN, Server, check, command, command_files, finish,
                    multipart, query)

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLES = os.path.join(HERE, "..", "..", "samples")


def error_of(resp):
    status, headers, body = resp
    try:
        return status, json.loads(body)
    except ValueError:
        return status, {"error": body[:200], "option": "not json"}


def refused(s, path, status, option, words, method="GET", **kw):
    got, e = error_of(s.request(method, path, **kw))
    check(got == status and e.get("option") == option and
          all(w in e.get("error", "") for w in words),
          f"{method} {path[:70]} -> {status} naming {option}: "
          f"{got} {e}")


def same_bytes(s):
    """Each download against the command with the same options."""
    cases = [
        ("/maze.svg", query(grid="hex", width=12, height=10, seed=5),
         ["-g", "hex", "-W", "12", "-H", "10", "-s", "5", "-t", "svg"]),
        ("/maze.png", query(grid="theta", height=9, seed=8, solution="on"),
         ["-g", "theta", "-H", "9", "-s", "8", "--solution", "-t", "png"]),
        ("/maze.json", query(width=7, height=5, seed=3, algorithm="kruskal"),
         ["-W", "7", "-H", "5", "-s", "3", "-a", "kruskal", "-t", "json"]),
        ("/maze.txt", query(width=6, height=4, seed=2),
         ["-W", "6", "-H", "4", "-s", "2", "-t", "text"]),
        ("/book.pdf",
         query(grid="theta", height=8, count=10, per_page=2, answers="end",
               seed=11, title="Circles", name_line="on"),
         ["-g", "theta", "-H", "8", "--count", "10", "--per-page", "2",
          "--answers", "end", "--solution", "-s", "11", "--title", "Circles",
          "--name-line", "--paper", "letter", "-t", "pdf"]),
        ("/book.pdf", query(seed=4, paper="a4", count=2, answers="same-page"),
         ["-s", "4", "--paper", "a4", "--count", "2", "--answers",
          "same-page", "--solution", "-t", "pdf"]),
        ("/book.pdf", query(seed=6, lang="ja", count=2, answers="end",
                            name_line="on", footer="seed"),
         ["-s", "6", "--lang", "ja", "--count", "2", "--answers", "end",
          "--solution", "--name-line", "--footer", "seed", "--paper",
          "letter", "-t", "pdf"]),
    ]
    for path, q, args in cases:
        status, headers, body = s.get(path + "?" + q)
        want = command(*args)
        check(status == 200 and body == want,
              f"{path}?{q[:60]} is mazegen {' '.join(args)[:60]} byte for "
              f"byte ({status}, {len(body)} vs {len(want)} bytes)")
    # The answer key alone: the command's --answer-key file.
    q = query(grid="hex", width=9, height=9, count=3, seed=21)
    status, _, body = s.get("/key.pdf?" + q)
    book, key = command_files("-g", "hex", "-W", "9", "-H", "9", "--count",
                              "3", "-s", "21", "--paper", "letter",
                              "--solution", "--sheet", "-o", "{0}",
                              "--answer-key", "{1}",
                              outputs=("b.pdf", "k.pdf"))
    check(status == 200 and body == key,
          f"/key.pdf is the command's --answer-key file ({status})")
    check(s.get("/book.pdf?" + q)[2] == book,
          "/book.pdf beside it is the command's plain book")
    # The same address, the same bytes; without a seed, another maze.
    a = s.get("/maze.svg?seed=9")[2]
    check(a == s.get("/maze.svg?seed=9")[2], "the same address, the same bytes")
    check(s.get("/maze.svg")[2] != s.get("/maze.svg")[2],
          "no seed: a new maze each time")


def headers_and_page(s):
    status, h, body = s.get("/")
    check(status == 200 and h.get("content-type", "").startswith("text/html"),
          "GET / is the page")
    csp = h.get("content-security-policy", "")
    check("script-src 'self'" in csp and "default-src 'none'" in csp and
          "frame-ancestors 'none'" in csp, "a Content-Security-Policy: " + csp)
    for name, value in [("x-content-type-options", "nosniff"),
                        ("x-frame-options", "DENY"),
                        ("referrer-policy", "same-origin")]:
        check(h.get(name) == value, f"{name}: {h.get(name)}")
    page = body.decode()
    check("http://" not in page.replace(s.url, "") and
          "https://" not in page, "the page loads nothing from elsewhere")
    for field in ["grid", "width", "height", "algorithm", "difficulty",
                  "bias", "mask", "seed", "title", "instructions",
                  "name-line", "paper", "count", "per-page", "answers"]:
        check(f'for="f-{field}"' in page and f'id="f-{field}"' in page,
              f"the form has a labelled {field} field")
    for path in ["/app.js", "/style.css", "/favicon.svg"]:
        st, hh, b = s.get(path)
        check(st == 200 and len(b) > 50, f"{path} served by mazegen ({st})")
    # The sheet's language: the browser's, named in every address.
    page = s.get("/?seed=3", headers={
        "Accept-Language": "xx-YY, fr-CA;q=0.9, en;q=0.8"})[2].decode()
    check('<option value="fr" selected' in page and "lang=fr" in page,
          "the browser's first language with a catalogue is chosen (fr)")
    page = s.get("/?seed=3", headers={"Accept-Language": "tlh"})[2].decode()
    check('<option value="en" selected' in page and "lang=en" in page,
          "none it has: English")
    page = s.get("/?seed=3&lang=he", headers={
        "Accept-Language": "fr"})[2].decode()
    check('<option value="he" selected' in page, "the address's wins")
    # User text stays text, on the page and in the drawings.
    evil = "<script>alert(1)</script>\"'&"
    page = s.get("/?" + query(title=evil, seed=1))[2].decode()
    check("<script>alert(1)" not in page and
          "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;" in page,
          "a <script> title is escaped on the page")
    svg = s.get("/page.svg?" + query(title=evil, seed=1))[2].decode()
    check("<script>" not in svg and "&lt;script&gt;" in svg,
          "and in the page's SVG")
    # The options, from the library's table.
    st, h, b = s.get("/api/options")
    o = json.loads(b)
    names = {x["name"] for x in o["options"]}
    check(st == 200 and {"grid", "width", "title", "answers"} <= names and
          not names & {"output", "answer-key", "job", "frames", "format",
                       "threads", "max-memory", "stream", "help"},
          "/api/options lists what a request may set, nothing else")
    kinds = {k["name"]: k for k in o["kinds"]}
    check(kinds["theta"]["sizes"]["width"]["max"] == 16,
          "and each grid kind's sizes")
    seed = next(x for x in o["options"] if x["name"] == "seed")
    check(seed["max"] == "18446744073709551615", "a seed's max as text")


def no_javascript(s):
    """The form posts; the page or the PDF comes back."""
    ctype, body = multipart([("grid", "hex"), ("width", "10"), ("height", "8"),
                             ("seed", "77"), ("title", "Bees"),
                             ("count", "2"), ("answers", "end")])
    st, h, b = s.request("POST", "/", body=body,
                         headers={"Content-Type": ctype,
                                  "Origin": s.url})
    page = b.decode()
    check(st == 200 and 'src="/maze.svg?grid=hex&amp;width=10' in page and
          "/page.svg?" in page and 'value="Bees"' in page,
          "a posted form comes back filled in, with its previews")
    st, h, b = s.request("POST", "/book.pdf", body=body,
                         headers={"Content-Type": ctype, "Origin": s.url})
    want = command("-g", "hex", "-W", "10", "-H", "8", "-s", "77", "--title",
                   "Bees", "--count", "2", "--answers", "end", "--solution",
                   "--paper", "letter", "-t", "pdf")
    check(st == 200 and h.get("content-type") == "application/pdf" and
          b == want, "posting to /book.pdf gives the command's PDF")
    check('filename="mazes-77.pdf"' in h.get("content-disposition", ""),
          "named after its seed")
    # An error of a posted form: the page, with the message.
    ctype, body = multipart([("width", "0")])
    st, h, b = s.request("POST", "/book.pdf", body=body,
                         headers={"Content-Type": ctype, "Origin": s.url,
                                  "Accept": "text/html",
                                  "Sec-Fetch-Dest": "document"})
    check(st == 400 and b"-W/--width: &#39;0&#39; is not valid" in b,
          "a posted form's error comes back on the page")
    # "New maze" without a script: a new seed, in every address.
    page = s.get("/?seed=5&new=1")[2].decode()
    check('name="seed" type="text" inputmode="numeric" pattern="[0-9]*" '
          'value="5"' not in page and "seed=" in page,
          "new=1 draws a new seed")


def command_text_mask(text, *args):
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write(text)
        f.flush()
        return command("--mask", f.name, *args)


def uploads(s):
    with open(os.path.join(SAMPLES, "masks", "heart.png"), "rb") as f:
        heart = f.read()
    ctype, body = multipart([], [("mask", "heart.png", heart, "image/png")])
    st, h, text = s.request("POST", "/api/mask", body=body,
                            headers={"Content-Type": ctype})
    check(st == 200 and text.count(b"\n") > 5 and b"#" in text,
          f"/api/mask reads a PNG mask into its text picture ({st})")
    q = query(mask=text.decode(), seed=3)
    st, h, svg = s.get("/maze.svg?" + q)
    want = command("--mask", os.path.join(SAMPLES, "masks", "heart.png"),
                   "-s", "3", "-t", "svg")
    check(st == 200 and svg == want,
          "the text picture makes the maze the PNG makes")
    st, h, svg = s.get("/maze.svg?" + query(mask=text.decode(), width=12,
                                             seed=3))
    want = command("--mask", os.path.join(SAMPLES, "masks", "heart.png"),
                   "-W", "12", "-s", "3", "-t", "svg")
    check(st == 200 and svg == want,
          "a width scales the mask picture as the command's -W does")
    # Masks and wall-graph files are data, never paths on the server.
    refused(s, "/maze.svg?" + query(load="/etc/passwd"), 400, "load",
            ["--load", "the wall-graph file"])
    st, h, svg = s.get("/maze.svg?" + query(mask="/etc/hostname", seed=2))
    check(st == 200 and b'width="' in svg and
          svg == command_text_mask("/etc/hostname", "-s", "2", "-t", "svg"),
          "a mask field naming a file is a one-row picture, not the file")
    wall = command("-W", "6", "-H", "6", "-s", "4", "-t", "json")
    ctype, body = multipart([],
                            [("load", "m.json", wall, "application/json")])
    st, h, b = s.request("POST", "/maze.svg", body=body,
                         headers={"Content-Type": ctype, "Origin": s.url})
    check(st == 200 and b == command("-W", "6", "-H", "6", "-s", "4",
                                     "-t", "svg"),
          "an uploaded wall-graph file is drawn as the command draws it")
    big = b"#" * (1 << 20) + b"\n"
    ctype, body = multipart([], [("mask", "big.txt", big, "text/plain")])
    st = s.early("POST", "/maze.svg", body, {"Content-Type": ctype})
    check(st == 413, f"an upload over --max-upload: 413 ({st})")
    # Sent in chunks, with no length to refuse it by at once.
    small = b"#" * (70 << 10) + b"\n"
    ctype, body = multipart([], [("mask", "big.txt", small, "text/plain")])
    c = __import__("http.client").client.HTTPConnection(
        "127.0.0.1", s.port, timeout=30)
    c.putrequest("POST", "/maze.svg", skip_host=True)
    c.putheader("Host", f"127.0.0.1:{s.port}")
    c.putheader("Content-Type", ctype)
    c.putheader("Transfer-Encoding", "chunked")
    c.endheaders()
    try:
        for i in range(0, len(body), 8192):
            part = body[i:i + 8192]
            c.send(b"%x\r\n" % len(part) + part + b"\r\n")
        c.send(b"0\r\n\r\n")
        st = c.getresponse().status
    except OSError:
        st = "cut"
    c.close()
    check(st in (413, "cut"), f"a chunked upload over the limit: 413 ({st})")
    st, h, b = s.request("POST", "/", body=b"x" * 100,
                         headers={"Content-Type": "application/octet-stream"})
    check(st == 415, f"a body that is not a form: 415 ({st})")
    import socket as so
    c = so.create_connection(("127.0.0.1", s.port), timeout=10)
    c.sendall(f"POST / HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\nContent-Type: "
              "application/x-www-form-urlencoded\r\nContent-Length: "
              f"{1 << 30}\r\n\r\n".encode())
    line = c.recv(4096).split(b"\r\n", 1)[0]
    c.close()
    check(b" 413 " in line, f"a declared body of 1 GiB: 413 at once ({line})")


def bad_requests(s):
    refused(s, "/maze.svg?width=0", 400, "width",
            ["-W/--width: '0' is not valid"])
    refused(s, "/maze.svg?grid=theta&width=20", 400, "width",
            ["theta", "3 to 16"])
    refused(s, "/maze.svg?grid=nope", 400, "grid", ["-g/--grid", "'nope'"])
    refused(s, "/maze.svg?colour=red", 400, None, ["unknown field 'colour'"])
    refused(s, "/maze.svg?W=5", 400, None, ["unknown field 'W'"])
    for option in ["output", "answer-key", "job", "frames", "format",
                   "threads", "max-memory", "stream", "help", "watch"]:
        refused(s, f"/maze.svg?{option}=x", 400, option,
                ["not taken by the server"])
    refused(s, "/maze.svg?solution=maybe", 400, "solution", ["on or off"])
    refused(s, "/book.pdf?title=a%00b", 400, "title", ["NUL"])
    # A character no font of the sheet has (U+10FFFD, private use).
    refused(s, "/book.pdf?title=a%F4%8F%BF%BD", 400, "title",
            ["--title", "U+10FFFD", "none of the sheet fonts"])
    refused(s, "/page.svg?instructions=a%CD%B8", 400, "instructions",
            ["U+0378"])
    refused(s, "/book.pdf?ti%00tle=ab", 400, None, ["NUL"])
    refused(s, "/book.pdf?count=101", 400, "count", ["1 to 100 on this server"])
    refused(s, "/maze.png?dpi=601", 400, "dpi", ["1 to 600 on this server"])
    refused(s, "/maze.svg?width=1000&height=1000", 400, "width",
            ["1000000 cells", "at most 250000"])
    refused(s, "/page.svg?page=99&seed=1", 400, "page", ["--page"])
    refused(s, "/nowhere", 404, None, ["no such page"])
    refused(s, "/", 405, None, ["method not allowed"], method="PUT")
    refused(s, "/", 421, None, ["host name"], headers={"Host": "evil.example"})
    refused(s, "/", 421, None, ["host name"],
            headers={"Host": "rebind.example:8080"})
    refused(s, "/maze.svg?seed=1", 403, None, ["another site"], method="POST",
            body=b"", headers={"Origin": "http://evil.example",
                               "Content-Type": "application/x-www-form-urlencoded"})
    for site in ["cross-site", "same-site"]:
        refused(s, "/maze.svg?seed=1", 403, None, ["another site"],
                method="POST", body=b"",
                headers={"Sec-Fetch-Site": site, "Origin": s.url,
                         "Content-Type": "application/x-www-form-urlencoded"})
    refused(s, "/maze.svg?seed=1", 403, None, ["another site"], method="POST",
            body=b"", headers={"Origin": "null",
                               "Content-Type": "application/x-www-form-urlencoded"})
    st, h, b = s.request("POST", "/maze.svg?seed=1", body=b"", headers={
        "Sec-Fetch-Site": "same-origin", "Origin": "null",
        "Content-Type": "application/x-www-form-urlencoded"})
    check(st == 200, f"the page's own post is taken ({st})")
    # Nothing the library reads is a path or leaks one.
    refused(s, "/book.pdf?" + query(title="x" * 5000), 400, "title",
            ["--title"])
    # A request line or headers past the connection's memory: refused
    # without a crash, and the server still answers.
    st, h, b = s.get("/maze.svg?title=" + "a" * 300000)
    check(st in (414, 431, 400, 413), f"a 300 kB address is refused ({st})")
    check(s.get("/maze.svg?seed=1")[0] == 200, "and the server still answers")


def limits():
    """One job at once, a second's budget: 503 beyond, 422 past time."""
    s = Server("--max-jobs", "1", "--queue", "0", "--time-limit", "1",
               "--quiet")
    try:
        slow = "/book.pdf?" + query(grid="theta", height=60, count=100,
                                    answers="end", seed=1)
        got = {}

        def first():
            got["slow"] = s.get(slow, timeout=60)

        t = threading.Thread(target=first)
        t.start()
        time.sleep(0.3)
        st, h, b = s.get("/maze.svg?seed=1")
        check(st == 503 and h.get("retry-after") == "1" and
              b"making 1 mazes already, with 0 more waiting" in b,
              f"a second job beside --max-jobs 1: 503, Retry-After ({st})")
        t.join(60)
        st, h, b = got["slow"]
        e = json.loads(b)
        check(st == 422 and "limit of 1.000 s" in e["error"],
              f"a book past --time-limit is cancelled: 422 ({st} {e})")
        check(s.get("/maze.svg?seed=1")[0] == 200,
              "and the server answers afterwards")
    finally:
        check(s.stop() == 0, "stopped by SIGTERM: exit 0")


def stopping():
    """SIGTERM during a long job: it finishes; then nothing more."""
    s = Server("--time-limit", "60")
    got = {}
    slow = "/book.pdf?" + query(grid="theta", height=30, count=60,
                                answers="end", seed=2)

    def first():
        got["slow"] = s.get(slow, timeout=120)

    t = threading.Thread(target=first)
    t.start()
    time.sleep(0.4)
    s.proc.send_signal(signal.SIGTERM)
    t.join(120)
    status = s.stop()
    st, h, b = got.get("slow", (0, {}, b""))
    check(st == 200 and b.startswith(b"%PDF") and b.rstrip().endswith(b"%%EOF"),
          f"the request in flight at SIGTERM finishes whole ({st}, "
          f"{len(b)} bytes)")
    check(status == 0, f"then the server exits 0 ({status})")
    log = "".join(s.lines)
    check("GET /book.pdf 200" in log and "stopped (SIGTERM)" in log,
          "one log line a request, and the stop")
    try:
        socket.create_connection(("127.0.0.1", s.port), timeout=2).close()
        check(False, "nothing listens after the stop")
    except OSError:
        check(True, "nothing listens after the stop")


def options():
    import subprocess
    for args, words in [
        (["--listen", "nowhere:port"], "-l/--listen: 'nowhere:port'"),
        (["--listen", "127.0.0.1:70000"], "-l/--listen"),
        (["--max-jobs", "0"], "--max-jobs: '0'"),
        (["--queue", "-1"], "--queue: '-1'"),
        (["--time-limit", "x"], "--time-limit: 'x'"),
        (["--max-upload", "100M"], "--max-upload: '100M'"),
        (["--paper", "napkin"], "--paper: 'napkin'"),
        (["--allow-host", "a/b"], "--allow-host"),
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["extra"], "unexpected argument 'extra'"),
    ]:
        r = subprocess.run([MAZEGEN, "serve", *args], capture_output=True,
                           text=True, timeout=30)
        lines = r.stderr.strip().splitlines()
        check(r.returncode == 2 and len(lines) == 1 and words in lines[0],
              f"serve {' '.join(args)}: exit 2, one line ({r.returncode}: "
              f"{r.stderr.strip()})")
    r = subprocess.run([MAZEGEN, "serve", "--help"], capture_output=True,
                       text=True, timeout=30)
    check(r.returncode == 0 and "--listen ADDR:PORT" in r.stdout,
          "serve --help")
    # mazegen serve runs mazegen-serve from beside mazegen: without it,
    # one line and exit 2.
    import shutil
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        alone = os.path.join(d, "mazegen")
        shutil.copy(MAZEGEN, alone)
        # The copy finds the library where the original does.
        libs = subprocess.run(["ldd", MAZEGEN], capture_output=True,
                              text=True).stdout
        env = dict(os.environ)
        for line in libs.splitlines():
            if "libmazegen" in line and "=>" in line:
                env["LD_LIBRARY_PATH"] = os.path.dirname(
                    line.split("=>")[1].split()[0])
        r = subprocess.run([alone, "serve"], capture_output=True, text=True,
                           timeout=30, env=env)
        check(r.returncode == 2 and r.stderr.count("\n") == 1 and
              "mazegen-serve" in r.stderr and "-Dserve=enabled" in r.stderr,
              f"mazegen serve without mazegen-serve: exit 2 ({r.returncode}:"
              f" {r.stderr.strip()})")
    # --open without a browser to start: it says so, and serves on.
    env = dict(os.environ, PATH="/nonexistent")
    p = subprocess.Popen([os.path.abspath(MAZEGEN), "serve", "--listen",
                          "127.0.0.1:0", "--open"], env=env,
                         stderr=subprocess.PIPE, text=True)
    first, second = p.stderr.readline(), p.stderr.readline()
    p.send_signal(signal.SIGTERM)
    p.communicate(timeout=30)
    check("listening on http://127.0.0.1:" in first and
          "--open: cannot start xdg-open" in second and "yourself" in second
          and p.returncode == 0,
          f"--open without xdg-open: a line, and it serves on ({second.strip()})")
    # A port taken: exit 1 with a message.
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    port = holder.getsockname()[1]
    r = subprocess.run([MAZEGEN, "serve", "--listen", f"127.0.0.1:{port}"],
                       capture_output=True, text=True, timeout=30)
    holder.close()
    check(r.returncode == 1 and "cannot listen on" in r.stderr,
          f"a port in use: exit 1 ({r.returncode}: {r.stderr.strip()})")


def socket_activation():
    """systemd's protocol: the listening socket as fd 3, LISTEN_FDS=1 and
    LISTEN_PID the server's own pid (set by the shell it execs from)."""
    import subprocess
    from common import ENV
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    port = sock.getsockname()[1]

    fd = sock.fileno()
    p = subprocess.Popen(
        ["sh", "-c", f'exec 3<&{fd} {fd}<&-; LISTEN_PID=$$ LISTEN_FDS=1 '
         'exec "$0" serve --quiet', MAZEGEN], env=ENV, pass_fds=(fd,),
        stderr=subprocess.PIPE, text=True)
    sock.close()
    line = p.stderr.readline()
    try:
        import http.client
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        c.request("GET", "/maze.svg?seed=3")
        r = c.getresponse()
        body = r.read()
        check(r.status == 200 and body == command("-s", "3", "-t", "svg"),
              f"socket activation: it serves systemd's socket ({line.strip()})")
    finally:
        p.send_signal(signal.SIGTERM)
        check(p.wait(30) == 0, "and stops on SIGTERM")


def main():
    s = Server("--max-upload", "64K")
    try:
        same_bytes(s)
        headers_and_page(s)
        no_javascript(s)
        uploads(s)
        bad_requests(s)
    finally:
        check(s.stop() == 0, "SIGTERM stops the server: exit 0")
    limits()
    stopping()
    socket_activation()
    options()
    finish()


main()
