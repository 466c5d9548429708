#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks a block map against the maze's wall-graph (json) file.

blocks.py MAP.csv MAZE.json: the CSV parses with the csv module into
(2W + 1) x (2H + 1) values 0 to 3; posts (even row, even column) are wall;
the border is wall but for one floor block beside the start cell and one
beside the finish (their openings); every cell (odd row, odd column) is
floor, 2 at the start and 3 at the finish; and the block between two cells
is floor exactly when the json file lists their passage as open.
"""
import csv
import json
import sys


def main(map_path, json_path):
    with open(json_path, encoding="utf-8") as f:
        doc = json.load(f)
    w, h = doc["grid"]["width"], doc["grid"]["height"]
    rows = doc["passages"]["rows"]
    with open(map_path, newline="", encoding="ascii") as f:
        grid = [[int(v) for v in row] for row in csv.reader(f)]
    assert len(grid) == 2 * h + 1, f"{len(grid)} rows for height {h}"
    assert all(len(r) == 2 * w + 1 for r in grid), "a row of the wrong width"
    start = (doc["start"]["x"], doc["start"]["y"])
    finish = (doc["finish"]["x"], doc["finish"]["y"])
    border_floor = []
    for by, row in enumerate(grid):
        for bx, v in enumerate(row):
            assert v in (0, 1, 2, 3), f"value {v} at {bx},{by}"
            if bx % 2 == 0 and by % 2 == 0:
                assert v == 0, f"post {bx},{by} is not wall"
            elif bx in (0, 2 * w) or by in (0, 2 * h):
                if v != 0:
                    assert v == 1, f"border {bx},{by} is {v}"
                    border_floor.append((bx, by))
            elif bx % 2 == 1 and by % 2 == 1:
                cell = ((bx - 1) // 2, (by - 1) // 2)
                want = 2 if cell == start else 3 if cell == finish else 1
                assert v == want, f"cell {cell} is {v}, expected {want}"
            else:
                x, y = (bx - 1) // 2, (by - 1) // 2
                bit = 1 if bx % 2 == 0 else 2  # east, else south of (x, y)
                is_open = int(rows[y][x]) & bit != 0
                assert (v == 1) == is_open, f"passage block {bx},{by}"
    assert len(border_floor) == 2, f"openings {border_floor}"
    for x, y in (start, finish):
        near = {(2 * x, 2 * y + 1), (2 * x + 2, 2 * y + 1),
                (2 * x + 1, 2 * y), (2 * x + 1, 2 * y + 2)}
        assert near & set(border_floor), f"no opening beside {x},{y}"


if __name__ == "__main__":
    main(*sys.argv[1:])
