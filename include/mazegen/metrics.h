/* SPDX-License-Identifier: MIT */
/*
 * Metrics: numbers that describe a maze's texture and difficulty, the same
 * for every grid kind. Definitions, with pictures, in docs/algorithms.md.
 */
#ifndef MAZEGEN_METRICS_H
#define MAZEGEN_METRICS_H

#include <stddef.h>
#include <stdint.h>

#include <mazegen/maze.h>
#include <mazegen/solve.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A struct maze_metrics ready for maze_measure(): its struct_size set. */
#define MAZE_METRICS_INIT                                                      \
    {                                                                          \
        .struct_size = sizeof(struct maze_metrics)                             \
    }

struct maze_metrics {
    /*
     * sizeof(struct maze_metrics) as the caller was compiled; set it with
     * MAZE_METRICS_INIT (or to sizeof yourself). maze_measure() fills
     * only the members the caller has, so programs built against older
     * headers keep working when members are added (version.h).
     */
    size_t struct_size;
    uint64_t cells;
    uint64_t passages;
    /* Cells with exactly one open side (start and finish included). */
    uint64_t dead_ends;
    /* Cells with exactly three, and four or more, open sides. */
    uint64_t junctions3;
    uint64_t junctions4;
    /*
     * Straight runs: maximal chains of two or more collinear passages
     * (a corridor going straight through at least one cell).
     */
    uint64_t straight_runs;
    /* Open passages per direction class of the grid's kind (rectangles:
     * [MAZE_CLASS_H] east-west, [MAZE_CLASS_V] north-south). */
    uint64_t by_class[MAZE_MAX_CLASSES];
    /* Solution (shortest start-to-finish path): cells, 0 if unreachable. */
    uint64_t solution_cells;
    /* Changes of direction along the solution. */
    uint64_t solution_turns;
    /*
     * Decision points: solution cells other than the finish where the
     * walker has a choice, i.e. more than one open side besides the one
     * they came in by (for the start: more than one).
     */
    uint64_t decisions;
    /*
     * Dead-end branches ("river"): from each dead end other than start and
     * finish, the corridor back to the first cell with three or more open
     * sides. Their count and total length in passages; the mean is
     * branch_length / branches.
     */
    uint64_t branches;
    uint64_t branch_length;
    /*
     * The cells of the grid's shortest crossing, what winding is measured
     * against (solution_cells / crossing; a straight corridor across is 1
     * at every size): width + height - 1 on rectangles and the kinds whose
     * mazes run across; on a circle, whose maze leads to its centre, the
     * shortest route from start to finish with every wall open (the rings
     * and the centre).
     */
    uint64_t crossing;
    /* Passages that tunnel under a cell (weave grids), among passages. */
    uint64_t tunnels;
};

/*
 * Measures maze (solving it from start to finish).
 * Errors: MAZE_ERR_INVALID (NULL), MAZE_ERR_NOMEM.
 */
int maze_measure(const struct maze *maze, struct maze_metrics *out);

#ifdef __cplusplus
}
#endif

#endif
