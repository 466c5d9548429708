# SPDX-License-Identifier: MIT
"""What the server's tests share: a mazegen serve started on a free port
of 127.0.0.1 and stopped at the end, requests to it, and the command's
own bytes to compare with."""
import http.client
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

MAZEGEN = os.environ.get("MAZEGEN", "mazegen")
# Tests set what they need: no paper, locale or terminal of the machine.
ENV = dict(os.environ, LC_ALL="C.UTF-8", PAPERSIZE="letter", TERM="dumb")
ENV.pop("PAPERCONF", None)
# Under AddressSanitizer, whole stacks: the leak cairo 1.16 makes when it
# subsets a CJK font for a PDF is suppressed by its public entry point
# (tests/lsan.supp), which the fast unwinder does not see.
if "ASAN_OPTIONS" in ENV:
    ENV["ASAN_OPTIONS"] += ":fast_unwind_on_malloc=0"

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)
    return ok


def finish():
    if failures:
        print(f"{len(failures)} failed:", *failures, sep="\n  ")
        sys.exit(1)
    print("all passed")


class Server:
    """mazegen serve ARGS on 127.0.0.1, on a port the system picks."""

    def __init__(self, *args):
        self.log = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen(
            [MAZEGEN, "serve", "--listen", "127.0.0.1:0", *args],
            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, env=ENV,
            text=True)
        line = self.proc.stderr.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not m:
            self.proc.kill()
            raise RuntimeError("mazegen serve did not start: " + line)
        self.port = int(m.group(1))
        self.url = f"http://127.0.0.1:{self.port}"
        self.lines = [line]

    def request(self, method, path, body=None, headers=None, timeout=60):
        """(status, headers dict with lower-case names, body bytes)."""
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        h = {"Host": f"127.0.0.1:{self.port}"}
        h.update(headers or {})
        c.request(method, path, body=body, headers=h)
        r = c.getresponse()
        data = r.read()
        out = (r.status, {k.lower(): v for k, v in r.getheaders()}, data)
        c.close()
        return out

    def early(self, method, path, body, headers):
        """A request the server may answer before its body is all sent
        (413): the status line, read whatever happened to the rest."""
        import socket
        c = socket.create_connection(("127.0.0.1", self.port), timeout=30)
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
        head += "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        head += f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        try:
            c.sendall(head.encode() + body)
        except OSError:
            pass
        data = b""
        try:
            while True:
                chunk = c.recv(65536)
                if not chunk:
                    break
                data += chunk
        except OSError:
            pass
        c.close()
        first = data.split(b"\r\n", 1)[0].split()
        return int(first[1]) if len(first) > 1 else 0

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def stop(self, sig=signal.SIGTERM, timeout=30):
        """Signals the server; its exit status and the rest of its log."""
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            rest = self.proc.communicate(timeout=timeout)[1]
        except subprocess.TimeoutExpired:
            self.proc.kill()
            rest = self.proc.communicate()[1]
        self.lines += rest.splitlines(keepends=True)
        return self.proc.returncode


def query(**fields):
    """grid='hex', per_page=2 -> 'grid=hex&per-page=2'."""
    return urllib.parse.urlencode(
        {k.replace("_", "-"): v for k, v in fields.items()})


def command(*args, name="out"):
    """The bytes mazegen ARGS writes to a file (-o is added)."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, name)
        r = subprocess.run([MAZEGEN, *args, "-o", out], env=ENV,
                           capture_output=True)
        if r.returncode != 0:
            raise RuntimeError(f"mazegen {' '.join(args)}: {r.stderr!r}")
        with open(out, "rb") as f:
            return f.read()


def command_files(*args, outputs=("out.pdf",)):
    """The files of mazegen ARGS, where ARGS name them as {0}, {1}..."""
    with tempfile.TemporaryDirectory() as d:
        paths = [os.path.join(d, o) for o in outputs]
        argv = [a.format(*paths) for a in args]
        r = subprocess.run([MAZEGEN, *argv], env=ENV, capture_output=True)
        if r.returncode != 0:
            raise RuntimeError(f"mazegen {' '.join(argv)}: {r.stderr!r}")
        result = []
        for p in paths:
            with open(p, "rb") as f:
                result.append(f.read())
        return result


def multipart(fields, files=()):
    """A multipart/form-data body: (content type, bytes)."""
    boundary = "mazegen-test-boundary-7f3a"
    parts = []
    for k, v in fields:
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; '
                     f'name="{k}"\r\n\r\n'.encode() + v.encode() + b"\r\n")
    for k, name, data, ctype in files:
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; '
                     f'name="{k}"; filename="{name}"\r\nContent-Type: '
                     f'{ctype}\r\n\r\n'.encode() + data + b"\r\n")
    body = b"".join(parts) + f"--{boundary}--\r\n".encode()
    return f"multipart/form-data; boundary={boundary}", body
