# SPDX-License-Identifier: MIT
# A puzzle book from Python in five lines (docs/python.md): eight mazes,
# two to a letter page, the answers at the end; print book.pdf with lp.
import mazegen
mazes = [mazegen.Maze.generate(15, 10, algorithm="wilson", seed=s) for s in range(1, 9)]
mazegen.sheet(mazes, "book.pdf", per_page=2, answers="end", title="Eight mazes")
print(mazes[0])
print("book.pdf:", len(mazes), "puzzles; shortest paths", [len(m.solve()) for m in mazes])
