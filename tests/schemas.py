#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The JSON Schemas of docs/schema/ against real output: the wall-graph
file (-t json) and --stats=json of every grid kind (from mazegen --grid
list), masked, with openings, loops and a solution, each valid under its
schema (draft 2020-12), every member it writes described there; and
mutated documents (a required member gone, a seed as a number, rect-rows
on a hexagon...) each refused, so the schemas can fail.
Skipped (77) without python3-jsonschema, except under CI (CI=true).
usage: schemas.py MAZEGEN SCHEMA_DIR
"""
import copy
import json
import os
import subprocess
import sys
import tempfile

try:
    from jsonschema import Draft202012Validator
except ImportError:
    if os.environ.get("CI") == "true":
        print("python3-jsonschema is not installed (tools/packages-test.txt)")
        sys.exit(1)
    print("python3-jsonschema not installed: skipped")
    sys.exit(77)

MAZEGEN, SCHEMAS = sys.argv[1], sys.argv[2]
problems = []


def mazegen(*args):
    return subprocess.run([MAZEGEN, *args], check=True, capture_output=True,
                          text=True).stdout


def validator(name):
    schema = json.load(open(os.path.join(SCHEMAS, name)))
    Draft202012Validator.check_schema(schema)
    return schema, Draft202012Validator(schema)


def undescribed(doc, schema, where):
    """Members the output has that the schema's properties do not name."""
    props = schema.get("properties", {})
    out = [f"{where}.{k}" for k in doc if k not in props]
    for k, sub in props.items():
        if isinstance(doc.get(k), dict) and "$ref" in sub:
            ref = schema["$defs"][sub["$ref"].split("/")[-1]]
            if "properties" in ref and "additionalProperties" not in ref:
                out += undescribed(doc[k], {**ref, "$defs": schema["$defs"]},
                                   f"{where}.{k}")
    return out


def check(v, schema, doc, what):
    errors = sorted(v.iter_errors(doc), key=str)
    for e in errors[:3]:
        problems.append(f"{what}: {e.message} at {list(e.absolute_path)}")
    for m in undescribed(doc, schema, "$"):
        problems.append(f"{what}: writes {m}, which the schema does not "
                        "describe")


def refused(v, doc, what):
    if v.is_valid(doc):
        problems.append(f"mutated document accepted: {what}")


wall_schema, wall = validator("wall-graph.schema.json")
stats_schema, stats = validator("stats.schema.json")

# Each kind's paragraph starts at the line's start; its details indent.
kinds = [line.split()[0] for line in mazegen("--grid", "list").splitlines()
         if line[:1] not in ("", " ")]
if len(kinds) < 8:
    problems.append(f"only {len(kinds)} grid kinds listed: {kinds}")
with tempfile.TemporaryDirectory() as tmp:
    mask = os.path.join(tmp, "heart.txt")
    with open(mask, "w") as f:
        f.write(".##.##.\n#######\n.#####.\n..###..\n...#...\n")
    runs = [[["-g", k, "-W", "5", "-H", "4", "-s", "3", "--solution"], k]
            for k in kinds]
    runs += [
        [["--mask", mask, "-s", "2", "--solution"], "masked rect"],
        [["-g", "hex", "--mask", mask, "-s", "2"], "masked hex"],
        [["-W", "8", "-H", "6", "-s", "4", "--openings", "top-bottom"], "openings"],
        [["-W", "8", "-H", "6", "-s", "5", "--braid", "0.5"], "braid"],
        [["-W", "4", "-H", "4", "-s", "6", "--fractal", "2"], "fractal"],
        [["-g", "3d", "-W", "3", "-H", "3", "-L", "3", "-s", "7",
          "--solution"], "3d, 3 levels"],
    ]
    seen = set()
    for args, what in runs:
        doc = json.loads(mazegen(*args, "-t", "json"))
        seen.add(doc["grid"]["kind"])
        check(wall, wall_schema, doc, f"-t json, {what}")
        for line in mazegen(*args, "-t", "none",
                            "--stats=json").splitlines():
            check(stats, stats_schema, json.loads(line),
                  f"--stats=json, {what}")
    if seen != set(kinds):
        problems.append(f"kinds written {sorted(seen)}, listed {kinds}")
    # A book: one stats line a maze (books are sheets: drawing only).
    if os.environ.get("MAZEGEN_DRAWING") != "0":
        lines = mazegen("-W", "5", "-H", "5", "-s", "1", "--count", "3",
                        "-t", "none", "--stats=json").splitlines()
        if len(lines) != 3:
            problems.append(f"a book of 3 gave {len(lines)} stats lines")
        for line in lines:
            check(stats, stats_schema, json.loads(line), "--stats=json, book")

# The schemas refuse what is wrong.
rect = json.loads(mazegen("-W", "4", "-H", "3", "-s", "1", "--solution",
                          "-t", "json"))
hexa = json.loads(mazegen("-g", "hex", "-W", "4", "-H", "3", "-s", "1",
                          "-t", "json"))
theta = json.loads(mazegen("-g", "theta", "-H", "3", "-s", "1", "-t",
                           "json"))


def mutated(doc, change):
    d = copy.deepcopy(doc)
    change(d)
    return d


refused(wall, mutated(rect, lambda d: d.pop("passages")), "no passages")
refused(wall, mutated(rect, lambda d: d["provenance"].update(seed=1)),
        "seed as a number")
refused(wall, mutated(rect, lambda d: d["provenance"].update(seed="01")),
        "seed with a leading zero")
refused(wall, mutated(rect, lambda d: d.update(version=3)), "version 3")
refused(wall, mutated(rect, lambda d: d.update(format="maze")),
        "another format")
refused(wall, mutated(rect, lambda d: d["passages"]["rows"].__setitem__(
    0, "3x")), "a rect-rows digit 4")
refused(wall, mutated(hexa, lambda d: d.update(passages=rect["passages"])),
        "rect-rows on a hexagon grid")
refused(wall, mutated(rect, lambda d: d["passages"].update(
    pairs=[[0, 1, 2]], encoding="cell-pairs")), "a pair of three cells")
refused(wall, mutated(theta, lambda d: d.update(start={"x": 0, "y": 0})),
        "a theta cell named x, y")
refused(wall, mutated(theta, lambda d: d["grid"].pop("room")),
        "theta without room")
refused(wall, mutated(rect, lambda d: d["provenance"].update(
    bias="h=1;v=1")), "a malformed bias")
refused(wall, mutated(rect, lambda d: d["provenance"].update(
    algorithm="a\u0001b")), "a control character in the algorithm")
st = json.loads(mazegen("-W", "4", "-H", "3", "-s", "1", "-t", "none",
                        "--stats=json"))
refused(stats, mutated(st, lambda d: d.pop("by_class")), "no by_class")
refused(stats, mutated(st, lambda d: d.update(dead_end_pct="50")),
        "a percentage as a string")
refused(stats, mutated(st, lambda d: d.update(solution_pct=150.0)),
        "a percentage over 100")
refused(stats, mutated(st, lambda d: d.update(cells=-1)), "negative cells")

for p in problems:
    print(p)
print(f"{len(kinds)} kinds, {len(problems)} problem(s)")
sys.exit(1 if problems else 0)
