#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The shared library's symbol versions (src/libmazegen.map): one node a
release, MAZEGEN_0.2 first, each later one inheriting the one before; every
name listed by hand (no wildcard but the base node's `local: *`); every
function the library exports in exactly one node, under that node's
version; every listed name exported; and the public headers declaring
exactly the functions exported.
usage: symbols.py MAP LIBRARY INCLUDE_DIR [GENERATED_INCLUDE_DIR]
"""
import glob
import os
import re
import subprocess
import sys

NODE = re.compile(r"(MAZEGEN_\d+\.\d+)\s*\{(.*?)\}\s*(MAZEGEN_\d+\.\d+)?\s*;",
                  re.S)


def parse_map(path):
    text = re.sub(r"/\*.*?\*/", "", open(path).read(), flags=re.S)
    nodes, problems = [], []
    for name, body, parent in NODE.findall(text):
        names, section = [], None
        for item in body.replace("\n", " ").split(";"):
            item = item.strip()
            m = re.match(r"(global|local)\s*:\s*(.*)", item)
            if m:
                section, item = m.group(1), m.group(2).strip()
            if not item:
                continue
            if section == "local":
                if item != "*" or nodes:
                    problems.append(f"{name}: local '{item}' (only the first "
                                    "node hides the rest, with '*')")
                continue
            if re.search(r"[*?\[\]]", item):
                problems.append(f"{name}: wildcard '{item}'; list names")
            names.append(item)
        nodes.append((name, names, parent or None))
    leftover = NODE.sub("", text).strip()
    if leftover:
        problems.append(f"the map has text outside its nodes: {leftover[:60]}")
    return nodes, problems


def exported(lib):
    out = subprocess.run(["nm", "-D", "--defined-only", lib], check=True,
                         capture_output=True, text=True).stdout
    funcs, nodes = {}, set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 3:
            continue
        kind, sym = parts[1], parts[2]
        if kind == "A":
            nodes.add(sym)
            continue
        name, _, version = sym.partition("@")
        funcs[name] = version.lstrip("@")
    return funcs, nodes


def declared(dirs):
    names = set()
    for d in dirs:
        for h in glob.glob(os.path.join(d, "*.h")) + \
                glob.glob(os.path.join(d, "*.h.in")):
            text = re.sub(r"/\*.*?\*/", "", open(h).read(), flags=re.S)
            text = re.sub(r"^\s*#.*$", "", text, flags=re.M)
            names |= set(re.findall(r"\b(maze_[a-z0-9_]+)\s*\(", text))
    return names


def main():
    map_path, lib, *incs = sys.argv[1:]
    nodes, problems = parse_map(map_path)
    if not nodes:
        problems.append("no version node")
    elif nodes[0][0] != "MAZEGEN_0.2" or nodes[0][2] is not None:
        problems.append(f"the first node is {nodes[0][0]}, expected "
                        "MAZEGEN_0.2 inheriting none")
    for i in range(1, len(nodes)):
        if nodes[i][2] != nodes[i - 1][0]:
            problems.append(f"{nodes[i][0]} inherits {nodes[i][2]}, "
                            f"expected {nodes[i - 1][0]}")
    node_of = {}
    for name, names, _ in nodes:
        for s in names:
            if s in node_of:
                problems.append(f"{s} is in {node_of[s]} and {name}")
            node_of[s] = name
    funcs, lib_nodes = exported(lib)
    for s, version in sorted(funcs.items()):
        if s not in node_of:
            problems.append(f"{lib} exports {s}, which no node lists")
        elif version != node_of[s]:
            problems.append(f"{s} is exported as version {version or 'none'}"
                            f", listed under {node_of[s]}")
    for s in sorted(set(node_of) - set(funcs)):
        problems.append(f"{node_of[s]} lists {s}, which {lib} does not "
                        "export")
    if lib_nodes != {n for n, _, _ in nodes}:
        problems.append(f"version nodes in the library {sorted(lib_nodes)}, "
                        f"in the map {[n for n, _, _ in nodes]}")
    heads = declared(incs)
    for s in sorted(heads - set(funcs)):
        problems.append(f"the headers declare {s}, which is not exported")
    for s in sorted(set(funcs) - heads):
        problems.append(f"{s} is exported, but no public header declares it")
    for p in problems:
        print(p)
    print(f"{len(funcs)} functions exported in {len(nodes)} version "
          f"node(s), {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
