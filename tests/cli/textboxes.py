#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks the text of PDFs as pdftotext -bbox-layout measures it: every
word box inside the printable area (the page less its margin), no two word
boxes of different lines overlapping, and no two ASCII words of one line
overlapping (the letters of joined Arabic or kerned Hebrew, which
pdftotext takes for words of their own, may touch their neighbours).
Prints what is wrong and exits 1 if anything is, else prints the number
of words checked.

usage: textboxes.py MARGIN_PT FILE.pdf...
"""
import subprocess
import sys
import xml.etree.ElementTree as ET

EPS = 0.01


def pages(path):
    out = subprocess.run(["pdftotext", "-bbox-layout", path, "-"], check=True,
                         capture_output=True).stdout
    # pdftotext writes XHTML; drop the namespace for ElementTree.
    text = out.decode("utf-8").replace(' xmlns="http://www.w3.org/1999/xhtml"',
                                       "")
    root = ET.fromstring(text)
    for page in root.iter("page"):
        words = [(float(w.get("xMin")), float(w.get("yMin")),
                  float(w.get("xMax")), float(w.get("yMax")), w.text or "",
                  n)
                 for n, line in enumerate(page.iter("line"))
                 for w in line.iter("word")]
        yield float(page.get("width")), float(page.get("height")), words


def check(path, margin):
    problems = []
    count = 0
    for n, (width, height, words) in enumerate(pages(path), 1):
        count += len(words)
        for x0, y0, x1, y1, t, _ in words:
            if (x0 < margin - EPS or y0 < margin - EPS
                    or x1 > width - margin + EPS
                    or y1 > height - margin + EPS):
                problems.append("page %d: %r at x %.2f..%.2f y %.2f..%.2f "
                                "leaves the printable area" %
                                (n, t, x0, x1, y0, y1))
        words.sort()
        for i, a in enumerate(words):
            for b in words[i + 1:]:
                if b[0] >= a[2] - EPS:
                    break
                across = min(a[2], b[2]) - max(a[0], b[0])
                if a[5] == b[5] and not (a[4].isascii() and b[4].isascii()
                                         and across > 0.5):
                    continue
                if min(a[3], b[3]) - max(a[1], b[1]) > EPS and across > EPS:
                    problems.append("page %d: %r and %r overlap" %
                                    (n, a[4], b[4]))
    return count, problems


def main():
    margin = float(sys.argv[1])
    bad = False
    total = 0
    for path in sys.argv[2:]:
        count, problems = check(path, margin)
        total += count
        if count == 0:
            problems.append("no text found")
        for p in problems[:5]:
            print("%s: %s" % (path, p))
        bad = bad or bool(problems)
    if bad:
        sys.exit(1)
    print(total)


if __name__ == "__main__":
    main()
