#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""docs/architecture.md against the source tree: its "Source files" index
lists every file under include/ and src/ (meson.build files aside), each
once, and nothing that is not there; and every path the page writes in
backquotes (`src/core/grid.c`, `tests/names.py`) and every bare file
name (`grid_hex.c`) names a file that exists.

usage: architecture_files.py SOURCE_ROOT
"""
import os
import re
import sys

TREES = ("include", "src")
NAME = re.compile(r"[A-Za-z0-9_.-]+\.(?:c|h|in|map|py|sh|md|build|txt)$")


def tree_files(root):
    found = set()
    for top in TREES:
        for d, _, names in os.walk(os.path.join(root, top)):
            for n in names:
                if n != "meson.build":
                    found.add(os.path.relpath(os.path.join(d, n), root))
    return found


def index_files(text, failures):
    """The files the index lists: lines "- `DIR/`: `a.c`, `b.h`"."""
    m = re.search(r"^## Source files\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    if m is None:
        failures.append('no "## Source files" section')
        return set()
    listed = set()
    for line in m.group(1).splitlines():
        row = re.match(r"- `((?:include|src)(?:/[^`]*)?/)`: (.*)$", line)
        if row is None:
            continue
        for n in re.findall(r"`([^`]+)`", row.group(2)):
            path = row.group(1) + n
            if path in listed:
                failures.append(f"the index lists {path} twice")
            listed.add(path)
    return listed


def main():
    root = sys.argv[1]
    text = open(os.path.join(root, "docs", "architecture.md")).read()
    failures = []
    present = tree_files(root)
    listed = index_files(text, failures)
    for f in sorted(present - listed):
        failures.append(f"{f} is not in the index of docs/architecture.md")
    for f in sorted(listed - present):
        failures.append(f"the index lists {f}, which does not exist")

    basenames = set()
    for d, _, names in os.walk(root):
        if "/." in d or "/build" in d[len(root):]:
            continue
        basenames.update(names)
    for token in sorted(set(re.findall(r"`([^`\s]+)`", text))):
        if "*" in token or "{" in token:
            continue
        if "/" in token and NAME.search(token.split("/")[-1]):
            if not os.path.exists(os.path.join(root, token)):
                failures.append(f"the page names {token}, which does not exist")
        elif NAME.fullmatch(token) and token not in basenames:
            failures.append(f"the page names {token}, which no file is called")
    for f in failures:
        print(f)
    print(f"{len(present)} source files, {len(listed)} in the index")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
