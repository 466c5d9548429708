#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""No grid kind, algorithm or format is named in code outside its own file
and its registry: a string literal in src/ or python/ext whose words
include a registered name (or a kind's alias; for names that are ordinary words,
the whole literal compared or looked up) is a violation, unless the
file is the one defining that entry (its `.name = "..."`) or a registry.
Code that needs to know something of an entry asks what the entry
declares (struct maze_format_info, maze_grid_kind, maze_algorithm_info).

The names come from the registries themselves at test time, through
`mazegen --grid list`, `--algorithm list` and `-t list`.

Today's violations are listed in tests/data/name-allow.txt, one line an
occurrence ("FILE: NAME"), so the test fails on any new one, and also on
an allowed one that is gone (take its line out: the list only shrinks).

usage: names.py MAZEGEN SOURCE_ROOT [ALLOW_LIST]
"""
import os
import re
import subprocess
import sys
from collections import Counter

# Names that are also ordinary words of messages, markup and other
# tables (an SVG <text> or <rect>, a "square" line cap, the "levels" size,
# a keyword argument "blocks"): a literal names one of these only when it
# is the name and nothing else and is compared or looked up, as in
# strcmp(format, "text") or maze_grid_kind_find("rect"). Every other name
# counts as a word anywhere in a literal ("expected -t svg").
COMMON = {
    "blocks", "circle", "circular", "delta", "diagonal", "division", "hex",
    "hexagonal", "king", "levels", "multilevel", "octagon", "octagons",
    "orthogonal", "polar", "rect", "rectangle", "sheet", "sigma", "square",
    "text", "triangle", "triangular", "weave", "woven",
}

REGISTRIES = {
    "src/core/grid_registry.c",
    "src/gen/registry.c",
    "src/export/registry.c",
}
TREES = ("src", "python/ext")


def registered_names(mazegen):
    """Every kind name and alias, algorithm and format, from the command."""
    def run(*args):
        return subprocess.run([mazegen, *args], capture_output=True,
                              text=True, check=True).stdout

    names = set()
    for line in run("--grid", "list").splitlines():
        m = re.match(r"(\S+)(?: \(also ([^)]*)\))?:", line)
        if m:
            names.add(m.group(1))
            if m.group(2):
                names.update(a.strip() for a in m.group(2).split(","))
    names.update(run("--algorithm", "list").split())
    # "none" is the command's own: no format, nothing written.
    names.update(n for n in run("-t", "list").split() if n != "none")
    return names


def literals(text):
    """The string literals of C source, comments and characters skipped,
    with their line numbers."""
    out = []
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            line += text.count("\n", i, j)
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            if c == '"':
                out.append((line, i, text[i + 1:j]))
            i = j + 1
        elif c == "#" and re.match(r"#\s*include\b", text[i:i + 20]):
            j = text.find("\n", i)  # an include's "file.h" is no literal
            i = n if j < 0 else j
        else:
            i += 1
    return out


def owners(root, names):
    """The file defining each name: its `.name = "..."` or an alias."""
    own = {}
    for top in ("src/core", "src/gen", "src/export"):
        for d, _, files in os.walk(os.path.join(root, top)):
            for f in files:
                if not f.endswith(".c"):
                    continue
                path = os.path.join(d, f)
                rel = os.path.relpath(path, root)
                text = open(path, encoding="utf-8").read()
                for m in re.finditer(r"\.(name|aliases)\s*=\s*(\{[^}]*\}|\"[^\"]*\")", text):
                    for n in re.findall(r'"([^"]*)"', m.group(2)):
                        if n in names:
                            own.setdefault(n, set()).add(rel)
    return own


def violations(root, names):
    own = owners(root, names)
    found = []
    words = re.compile(r"[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*")
    compared = re.compile(r"(?:str(?:n|case)?cmp|_find|_lookup)\s*\([^;{}]*$")
    for top in TREES:
        for d, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if not f.endswith((".c", ".h")):
                    continue
                path = os.path.join(d, f)
                rel = os.path.relpath(path, root)
                if rel in REGISTRIES:
                    continue
                text = open(path, encoding="utf-8").read()
                for line, at, lit in literals(text):
                    used = [w for w in words.findall(lit)
                            if w in names and w not in COMMON]
                    if (lit in names and lit in COMMON and
                            compared.search(text[max(0, at - 80):at])):
                        used.append(lit)
                    for w in used:
                        if rel not in own.get(w, ()):
                            found.append((rel, w, line))
    return found


def main():
    mazegen, root = sys.argv[1], sys.argv[2]
    allow_path = (sys.argv[3] if len(sys.argv) > 3 else
                  os.path.join(root, "tests", "data", "name-allow.txt"))
    names = registered_names(mazegen)
    found = violations(root, names)
    allowed = Counter()
    for entry in open(allow_path, encoding="utf-8"):
        entry = entry.strip()
        if entry and not entry.startswith("#"):
            allowed[entry] += 1
    actual = Counter(f"{rel}: {w}" for rel, w, _ in found)
    failures = 0
    lines = {}
    for rel, w, line in found:
        lines.setdefault(f"{rel}: {w}", []).append(str(line))
    for key in sorted(actual):
        if actual[key] > allowed[key]:
            rel, w = key.split(": ")
            print(f"{rel}: names {w!r} {actual[key]} times (lines "
                  f"{', '.join(lines[key])}), {allowed[key]} allowed: ask "
                  f"what the entry declares instead")
            failures += 1
    for key in sorted(allowed):
        if allowed[key] > actual[key]:
            print(f"{allow_path}: {key!r} allowed {allowed[key]} times, "
                  f"found {actual[key]}: take the extra lines out")
            failures += 1
    print(f"{len(names)} names, {len(found)} uses outside their files "
          f"({sum(allowed.values())} allowed), {failures} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
