/* SPDX-License-Identifier: MIT */
/*
 * Loading: a maze saved as a wall-graph file (the "json" export format,
 * described in docs/wall-graph.md) read back into a grid and a maze that
 * are indistinguishable from the saved ones: the same passages, start and
 * finish (with the same openings) and provenance, so every exporter draws
 * it byte for byte as it drew the original.
 *
 * The reader is strict, because its input may come from anywhere: the
 * whole file is checked (JSON syntax, UTF-8, types, ranges, and that the
 * passages, counts and solution agree) before anything is returned, and a
 * malformed file is rejected with a status and a one-line message saying
 * what is wrong and where. Members this version does not know are ignored;
 * a file of a newer format version is rejected.
 */
#ifndef MAZEGEN_LOAD_H
#define MAZEGEN_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/grid.h>
#include <mazegen/maze.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The "format" member of a wall-graph file. */
#define MAZE_WALL_GRAPH_FORMAT "mazegen-wall-graph"
/* The format version this library writes, and the newest it reads. */
#define MAZE_WALL_GRAPH_VERSION 2

/* What is wrong with a file that maze_load_json() rejected. */
struct maze_load_error {
    /*
     * The 1-based position of the problem: line (counting '\n'), and
     * column in characters from the start of that line; both 0 when the
     * problem is not tied to a position (an argument error).
     */
    unsigned long line, column;
    /*
     * One line of printable ASCII, no trailing period, naming the member
     * at fault and what was expected, e.g. "grid.width: expected a whole
     * number from 1 to 1000000". Empty after success.
     */
    char message[200];
};

/*
 * Reads the wall-graph file held in data[0 .. len-1] (it need not be
 * NUL-terminated; data may be NULL when len is 0) into a new grid and a
 * new maze on it. The caller owns both on success and frees the maze with
 * maze_destroy() before the grid with maze_grid_destroy(). A "solution"
 * in the file is checked (a path from start to finish through open
 * passages) but not returned: maze_solve() finds it again.
 *
 * Errors: MAZE_ERR_INVALID (grid or maze NULL; a malformed file: JSON
 * syntax, invalid UTF-8, wrong types, missing or duplicate members, a
 * bad digit, not a wall-graph file, a version this library does not
 * read), MAZE_ERR_RANGE (a value out of range: sizes, coordinates, string
 * lengths, the seed, bias weights; rows of the wrong number or length;
 * a passage off the edge of the grid; a passage count that does not match
 * the rows; "perfect" passages that are not a spanning tree; a solution
 * that is not a path from start to finish), MAZE_ERR_UNSUPPORTED (a grid
 * kind or passage encoding this library does not know), MAZE_ERR_NOMEM.
 * On error *grid and *maze are NULL (when not NULL themselves) and err, if
 * not NULL, says what is wrong; on success err holds an empty message.
 */
int maze_load_json(const void *data, size_t len, struct maze_grid **grid,
                   struct maze **maze, struct maze_load_error *err);

/*
 * The most bytes a wall-graph file that begins with data[0 .. len-1] can
 * hold, for a reader of a stream to stop at (maze_load_json() refuses a
 * larger file): once the prefix holds the top-level "grid" object whole,
 * what a file of that grid can take at most, 16 MiB plus 192 bytes per
 * edge slot and 64 per row (room for every passage, solution step, mask
 * character and any reasonable indentation, and for unknown members);
 * before, the same for the largest grid. Returns whether the grid was
 * found. data may be NULL when len is 0; limit may be NULL.
 */
bool maze_load_json_limit(const void *data, size_t len, uint64_t *limit);

#ifdef __cplusplus
}
#endif

#endif
