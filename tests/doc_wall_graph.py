#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Keeps docs/wall-graph.md true: runs its Python reader on its example
file and checks that the drawing it makes is the doc's drawing of the same
maze (but for the openings in the outer wall, which the reader leaves out),
and that the example's passages form the perfect maze it claims to be."""
import json
import re
import sys
import tempfile


def main(doc_path):
    with open(doc_path, encoding="utf-8") as f:
        doc = f.read()
    blocks = re.findall(r"```(\w*)\n(.*?)```", doc, re.S)
    drawing = next(body for lang, body in blocks if lang == "" and "+--+" in body)
    example = next(body for lang, body in blocks if lang == "json")
    code = next(body for lang, body in blocks if lang == "python")
    reader = {"__name__": "wall_graph_doc"}
    exec(compile(code, "docs/wall-graph.md (python)", "exec"), reader)

    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        f.write(example)
    w, h, pairs, start, finish, prov = reader["load_wall_graph"](f.name)
    mine = reader["draw"](w, h, pairs, start, finish).split("\n")
    theirs = drawing.rstrip("\n").split("\n")
    failures = []
    if len(mine) != len(theirs) or mine[1:-1] != theirs[1:-1]:
        failures.append("drawing differs:\n" + "\n".join(mine))
    if len(pairs) != w * h - 1 or not prov["perfect"]:
        failures.append(f"{len(pairs)} passages for {w * h} cells")
    # Connected: a perfect maze reaches every cell from the start.
    seen, todo = {start}, [start]
    while todo:
        a = todo.pop()
        for p, q in pairs:
            for b in ((q,) if p == a else (p,) if q == a else ()):
                if b not in seen:
                    seen.add(b)
                    todo.append(b)
    if len(seen) != w * h:
        failures.append(f"{len(seen)} of {w * h} cells reachable")
    if prov["seed"] != int(json.loads(example)["provenance"]["seed"]):
        failures.append("seed not read as a number")
    for failure in failures:
        print("FAIL:", failure)
    print(f"{w}x{h} example: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
