#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""docs/library.md against the headers: its index lists exactly the names
the public headers declare, and its whole program compiles with only the
installed headers on the include path, uses only indexed names, runs, and
prints what the page says it prints.

usage: api_documented.py DOC INCLUDE_SRC INCLUDE_BUILD LIBDIR CC...
"""
import os
import re
import subprocess
import sys
import tempfile


def header_names(path):
    """The names a header declares: functions, struct and enum tags,
    enum constants and macros (include guards left out)."""
    text = re.sub(r"/\*.*?\*/", "", open(path).read(), flags=re.S)
    names = set(re.findall(r"\b(maze_[a-z0-9_]+)\s*\(", text))
    names |= {"struct " + n for n in re.findall(r"struct (maze_[a-z0-9_]+)\s*\{", text)}
    names |= {"enum " + n for n in re.findall(r"enum (maze_[a-z0-9_]+)\s*\{", text)}
    names |= set(re.findall(r"#define (MAZE[A-Z0-9_]*)", text))
    names |= set(re.findall(r"^\s*(MAZE_[A-Z0-9_]+)\s*[=,]", text, flags=re.M))
    return {n for n in names if not re.fullmatch(r"MAZEGEN_[A-Z]+_H", n)}


def main():
    doc, inc_src, inc_build, libdir = sys.argv[1:5]
    cc = sys.argv[5:]
    text = open(doc).read()
    failures = []

    declared = {}
    for d in (os.path.join(inc_src, "mazegen"), os.path.join(inc_build, "mazegen")):
        for f in sorted(os.listdir(d)):
            if f.endswith(".h"):
                for n in header_names(os.path.join(d, f)):
                    declared.setdefault(n, f)
    index = text[text.index("\n## Index\n"):]
    indexed = set()
    for line in index.splitlines():
        indexed |= set(re.findall(r"`([^`]+)`", line)) if line.startswith("- ") else set()
    indexed = {n for n in indexed if not n.endswith(".h")}
    for n in sorted(set(declared) - indexed):
        failures.append(f"{declared[n]} declares {n}, which the index lacks")
    for n in sorted(indexed - set(declared)):
        failures.append(f"the index names {n}, which no header declares")

    program = re.search(r"## A whole program\n.*?```c\n(.*?)```", text, re.S).group(1)
    expected = re.search(r"It prints\n\n```\n(.*?)```", text, re.S).group(1)
    used = set(re.findall(r"\b(maze_[a-z0-9_]+|MAZE[A-Z0-9_]*)\b", program))
    plain = {n.split(" ")[-1] for n in indexed}
    for n in sorted(used - plain):
        failures.append(f"the program uses {n}, which the index does not list")
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "prog.c")
        exe = os.path.join(tmp, "prog")
        open(src, "w").write(program)
        build = subprocess.run(
            cc + ["-std=c11", "-pedantic", "-Wall", "-Wextra", "-Werror",
                  "-I" + inc_src, "-I" + inc_build, src, "-o", exe,
                  "-L" + libdir, "-lmazegen", "-Wl,-rpath," + libdir],
            capture_output=True, text=True)
        if build.returncode != 0:
            failures.append("the program does not compile:\n" + build.stderr)
        else:
            run = subprocess.run([exe], capture_output=True, text=True)
            if run.returncode != 0:
                failures.append(f"the program exits {run.returncode}: {run.stderr}")
            elif run.stdout != expected:
                failures.append("the program prints\n" + run.stdout +
                                "where the page says\n" + expected)
    for f in failures:
        print(f)
    print(f"{len(declared)} public names, {len(used)} used by the program")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
