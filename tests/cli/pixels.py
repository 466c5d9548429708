#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Pixel checks on PPM images rendered by pdftoppm (one pixel per point at
-r 72), for the sheet tests, and on PNG images (8-bit RGB or RGBA, laid
on white) from rsvg-convert or a browser's screenshot. Each command exits 0 when the check holds and
1 with a reason when it does not.

  pixels.py white-border IMG PX        nothing drawn within PX of the edges
  pixels.py dark IMG X0 Y0 X1 Y1 MIN   at least MIN dark pixels in the box
                                       (fractions of width and height)
  pixels.py colour IMG RRGGBB MIN      at least MIN pixels near the colour
  pixels.py extent IMG RRGGBB MIN MAX  the pixels near the colour span from
                                       MIN to MAX pixels (the longer side
                                       of their bounding box)
  pixels.py less-ink IMG1 IMG2 RATIO   IMG2 takes at most RATIO of IMG1's ink
                                       (darkness summed over every pixel)
  pixels.py length IMG RRGGBB MIN MAX  the pixels at least half of the
                                       colour (over white, as antialiasing
                                       blends an edge) are MIN to MAX pixels
                                       long: their longest extent in any
                                       direction, so a slanted arrow
                                       measures its own length
  pixels.py outside IMG RRGGBB M       there are such pixels, all within M
                                       pixels of an edge
  pixels.py clear IMG RRGGBB           no such pixel touches a dark one (of
                                       its eight neighbours)
  pixels.py same IMG1 IMG2 BOTTOM      identical but for the last BOTTOM rows
  pixels.py near IMG1 IMG2 MAX         at most MAX dark pixels of either
                                       image are further than a pixel from
                                       dark in the other
  pixels.py close IMG1 IMG2 TOL MAX    at most MAX pixels differ by over TOL
  pixels.py at IMG X Y dark|white      the pixel at X,Y is dark, or white
  pixels.py region IMG1 X1 Y1 IMG2 X2 Y2 W H TOL MAX same|differ
                                       the W x H boxes at X1,Y1 and X2,Y2:
                                       at most MAX pixels differ by over
                                       TOL (same), or more than MAX do

Images may also be PNG of 1 to 8 bits of grey or palette (as mazegen
writes rectangles).
"""
import math
import sys
import zlib


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def unpack(row, depth, w):
    """The w samples of a row of depth-bit samples (1, 2, 4 or 8)."""
    if depth == 8:
        return row[:w]
    per, mask = 8 // depth, (1 << depth) - 1
    return bytes((row[x // per] >> (8 - depth * (x % per + 1))) & mask
                 for x in range(w))


def read_png(path, data):
    """8-bit RGB(A) (laid on white), or grey or palette of 1 to 8 bits."""
    pos, idat, w, palette = 8, b"", 0, b""
    while pos < len(data):
        n = int.from_bytes(data[pos:pos + 4], "big")
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h = int.from_bytes(body[:4], "big"), int.from_bytes(body[4:8], "big")
            depth, colour, interlace = body[8], body[9], body[12]
            if interlace or not ((depth == 8 and colour in (2, 6)) or
                                 (depth in (1, 2, 4, 8) and colour in (0, 3))):
                sys.exit(f"{path}: not an 8-bit RGB(A), grey or palette PNG")
            bpp = {2: 3, 6: 4}.get(colour, 1)
        elif kind == b"PLTE":
            palette = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = (w * bpp * depth + 7) // 8
    out, prev = bytearray(), bytearray(stride)
    for y in range(h):
        f, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = row[i - bpp] if i >= bpp else 0
            c = prev[i - bpp] if i >= bpp else 0
            row[i] = (row[i] + (0, a, prev[i], (a + prev[i]) // 2,
                                paeth(a, prev[i], c))[f]) & 255
        if colour == 3:
            for v in unpack(row, depth, w):
                out += palette[3 * v:3 * v + 3]
        elif colour == 0:
            scale = 255 // ((1 << depth) - 1)
            for v in unpack(row, depth, w):
                out += bytes((v * scale,) * 3)
        else:
            for x in range(w):
                px = row[x * bpp:x * bpp + 3]
                alpha = row[x * bpp + 3] if bpp == 4 else 255
                out += bytes((v * alpha + 255 * (255 - alpha)) // 255
                             for v in px)
        prev = row
    return w, h, bytes(out)


def read_ppm(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        # Decoding is slow in Python: keep the pixels beside the PNG for
        # the next check of the same image.
        cache = path + ".ppm"
        try:
            with open(cache, "rb") as f:
                data = f.read()
        except OSError:
            w, h, px = read_png(path, data)
            with open(cache, "wb") as f:
                f.write(b"P6\n%d %d\n255\n" % (w, h) + px)
            return w, h, px
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos)
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    if fields[0] != b"P6" or fields[3] != b"255":
        sys.exit(f"{path}: not an 8-bit P6 image")
    w, h = int(fields[1]), int(fields[2])
    return w, h, data[pos + 1:pos + 1 + 3 * w * h]


def ink_rows(img, limit):
    """Each row's pixels darker than limit (in every channel), as the bits
    of an int (bit x for column x)."""
    w, h, px = img
    table = bytes(49 if v < limit else 48 for v in range(256))
    rows = []
    for y in range(h):
        row = px[3 * w * y:3 * w * (y + 1)]
        dark = bytes(max(t) for t in zip(row[0::3], row[1::3], row[2::3]))
        rows.append(int(dark.translate(table)[::-1] or b"0", 2))
    return rows


def stray(ink, other):
    """How many bits of ink have no bit of other within one pixel."""
    n = 0
    for y, row in enumerate(ink):
        if not row:
            continue
        around = 0
        for r in other[max(0, y - 1):y + 2]:
            around |= r | r << 1 | r >> 1
        n += bin(row & ~around).count("1")
    return n


def pixel(img, x, y):
    w, _, px = img
    i = 3 * (y * w + x)
    return px[i], px[i + 1], px[i + 2]


def main(argv):
    cmd = argv[1]
    if cmd == "white-border":
        img = read_ppm(argv[2])
        w, h, _ = img
        band = int(argv[3])
        for y in range(h):
            for x in range(w):
                inside = band <= x < w - band and band <= y < h - band
                if not inside and min(pixel(img, x, y)) < 235:
                    return f"ink at {x},{y} within {band}px of the edge"
        return None
    if cmd == "dark":
        img = read_ppm(argv[2])
        w, h, _ = img
        x0, y0, x1, y1 = (float(v) for v in argv[3:7])
        need = int(argv[7])
        n = sum(1 for y in range(int(y0 * h), int(y1 * h))
                for x in range(int(x0 * w), int(x1 * w))
                if max(pixel(img, x, y)) < 80)
        return None if n >= need else f"{n} dark pixels in the box, want {need}"
    if cmd == "colour":
        img = read_ppm(argv[2])
        want = bytes.fromhex(argv[3])
        need = int(argv[4])
        _, _, px = img
        n = sum(1 for i in range(0, len(px), 3)
                if all(abs(px[i + k] - want[k]) <= 40 for k in range(3)))
        return None if n >= need else f"{n} pixels of #{argv[3]}, want {need}"
    if cmd == "extent":
        img = read_ppm(argv[2])
        w, h, _ = img
        want = bytes.fromhex(argv[3])
        lo, hi = int(argv[4]), int(argv[5])
        at = [(x, y) for y in range(h) for x in range(w)
              if all(abs(pixel(img, x, y)[k] - want[k]) <= 40
                     for k in range(3))]
        if not at:
            return f"no pixel of #{argv[3]}"
        xs, ys = [p[0] for p in at], [p[1] for p in at]
        n = max(max(xs) - min(xs), max(ys) - min(ys)) + 1
        return None if lo <= n <= hi else \
            f"#{argv[3]} spans {n}px, want {lo} to {hi}"
    if cmd == "less-ink":
        def ink(img):
            return sum(765 - sum(img[2][i:i + 3])
                       for i in range(0, len(img[2]), 3))
        a, b = ink(read_ppm(argv[2])), ink(read_ppm(argv[3]))
        ratio = b / a if a else 1
        return None if ratio <= float(argv[4]) else \
            f"{ratio:.2f} of the ink, want at most {argv[4]}"
    if cmd in ("length", "outside", "clear"):
        img = read_ppm(argv[2])
        w, h, _ = img
        want = bytes.fromhex(argv[3])

        # The share of the colour in a blend over white, measured on the
        # channel the colour is furthest from white in.
        k0 = max(range(3), key=lambda k: 255 - want[k])

        def half(x, y):
            p = pixel(img, x, y)
            a = (255 - p[k0]) / max(255 - want[k0], 1)
            return a >= 0.5 and all(
                abs(p[k] - (255 + a * (want[k] - 255))) <= 40
                for k in range(3))
        at = [(x, y) for y in range(h) for x in range(w) if half(x, y)]
        if not at:
            return f"no pixel of #{argv[3]}"
    if cmd == "length":
        lo, hi = int(argv[4]), int(argv[5])
        n = 0
        for deg in range(180):
            c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
            proj = [x * c + y * s for x, y in at]
            n = max(n, max(proj) - min(proj) + 1)
        return None if lo <= n <= hi else \
            f"#{argv[3]} is {n:.1f}px long, want {lo} to {hi}"
    if cmd == "outside":
        m = int(argv[4])
        for x, y in at:
            if m <= x < w - m and m <= y < h - m:
                return f"#{argv[3]} at {x},{y}, more than {m}px from the edges"
        return None
    if cmd == "clear":
        for x, y in at:
            for v in range(max(y - 1, 0), min(y + 2, h)):
                for u in range(max(x - 1, 0), min(x + 2, w)):
                    if max(pixel(img, u, v)) < 80:
                        return f"#{argv[3]} at {x},{y} touches ink at {u},{v}"
        return None
    if cmd == "close":
        # At most MAX pixels differ by more than TOL in some channel.
        a, b = read_ppm(argv[2]), read_ppm(argv[3])
        if a[:2] != b[:2]:
            return f"sizes differ: {a[:2]} and {b[:2]}"
        tol, most = int(argv[4]), int(argv[5])
        n = sum(1 for i in range(0, len(a[2]), 3)
                if max(abs(a[2][i + k] - b[2][i + k]) for k in range(3)) > tol)
        return None if n <= most else f"{n} pixels differ by more than {tol}"
    if cmd == "at":
        img = read_ppm(argv[2])
        x, y = int(argv[3]), int(argv[4])
        p = pixel(img, x, y)
        good = max(p) < 80 if argv[5] == "dark" else min(p) >= 235
        return None if good else f"pixel {x},{y} is {p}, not {argv[5]}"
    if cmd == "region":
        a, b = read_ppm(argv[2]), read_ppm(argv[5])
        x1, y1, x2, y2, w, h, tol, most = (int(v) for v in
                                           argv[3:5] + argv[6:12])
        n = sum(1 for y in range(h) for x in range(w)
                if max(abs(u - v) for u, v in zip(pixel(a, x1 + x, y1 + y),
                                                  pixel(b, x2 + x, y2 + y)))
                > tol)
        if argv[12] == "same":
            return None if n <= most else f"{n} pixels differ by over {tol}"
        return None if n > most else f"only {n} pixels differ by over {tol}"
    if cmd == "near":
        # The ink (channels under 96) of each image lies within a pixel of
        # ink (under 160) of the other, but for at most MAX pixels: two
        # renderers place a glyph or line a pixel apart, a different glyph
        # or line is further.
        a, b = read_ppm(argv[2]), read_ppm(argv[3])
        if a[:2] != b[:2]:
            return f"sizes differ: {a[:2]} and {b[:2]}"
        most = int(argv[4])
        n = stray(ink_rows(a, 96), ink_rows(b, 160))
        n += stray(ink_rows(b, 96), ink_rows(a, 160))
        return None if n <= most else f"{n} pixels of ink are not in both"
    if cmd == "caption":
        # The lowest run of rows with ink (channels under 80), the names
        # under a drawing: at least LO pixels tall.
        img = read_ppm(argv[2])
        w, h, _ = img
        inked = [any(max(pixel(img, x, y)) < 80 for x in range(w))
                 for y in range(h)]
        y = h - 1
        while y >= 0 and not inked[y]:
            y -= 1
        bottom = y
        while y >= 0 and inked[y]:
            y -= 1
        n = bottom - y
        return None if n >= int(argv[3]) else \
            f"the caption is {n}px tall, want {argv[3]} at least"
    if cmd == "same":
        a, b = read_ppm(argv[2]), read_ppm(argv[3])
        if a[:2] != b[:2]:
            return f"sizes differ: {a[:2]} and {b[:2]}"
        rows = a[1] - int(argv[4])
        n = 3 * a[0] * rows
        if a[2][:n] != b[2][:n]:
            first = next(i for i in range(n) if a[2][i] != b[2][i]) // 3
            return f"first difference at {first % a[0]},{first // a[0]}"
        return None
    return f"unknown command {cmd}"


if __name__ == "__main__":
    why = main(sys.argv)
    if why:
        print(why)
        sys.exit(1)
