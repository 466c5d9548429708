/* SPDX-License-Identifier: MIT */
/*
 * Watching a maze being carved: maze_generate() can report each step of
 * its algorithm (a cell visited, a passage opened, the walk backing up) to
 * a listener, for drawing the carve live or recording it as an animation
 * (animate.h). With no listener nothing is reported and nothing is
 * slower; with one, every algorithm still carves the same maze for the
 * same seed (reporting draws no randomness).
 */
#ifndef MAZEGEN_STEPS_H
#define MAZEGEN_STEPS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum maze_step_kind {
    /* cell joins the maze and is where the algorithm now works (a walk's
     * head, a frontier cell taken, a hunt's find). */
    MAZE_STEP_VISIT = 0,
    /* edge was opened; cell is the cell it leads the carve into, or
     * MAZE_NONE when it only joins two parts (kruskal, row carvers). */
    MAZE_STEP_OPEN,
    /* edge was closed: division builds walls in an open field. cell is
     * MAZE_NONE. */
    MAZE_STEP_CLOSE,
    /* The algorithm works at cell without changing the maze: a random
     * walk's step (aldous-broder, wilson), the cell growing-tree takes
     * from its list. */
    MAZE_STEP_CURRENT,
    /* The walk is stuck and backs up to cell (backtracker). */
    MAZE_STEP_BACKTRACK,
    /* cell joins the frontier or active list (prim, growing-tree). */
    MAZE_STEP_FRONTIER,
    /* A row carver (eller, sidewinder, binary-tree) starts row cell / W
     * of a rectangle: cell is the row's first cell. It reports the
     * passages it opens in the row (east ones, then south ones). */
    MAZE_STEP_ROW,
    /* Every passage was opened at once (division starts from an empty
     * field). cell and edge are MAZE_NONE. */
    MAZE_STEP_OPEN_ALL,
    /* Every passage was closed again: a draw rejected for a crossing
     * (aldous-broder, wilson on zeta grids) starts over. */
    MAZE_STEP_RESET,
};

/* One step. Cells and edges are the grid's numbers (grid.h). */
struct maze_step {
    enum maze_step_kind kind;
    uint32_t cell;
    uint32_t edge;
};

/*
 * A listener: step is called, from the thread running maze_generate(),
 * once per step in order. The maze must not be changed nor read from it
 * (its passages are only valid after maze_generate() returns); the
 * step's pointer is valid during the call only. Replaying OPEN, CLOSE,
 * OPEN_ALL and RESET on an all-walls copy gives exactly the carved
 * passages. Fractal mazes report the passages of their blocks (OPEN)
 * only, as each block is placed.
 */
struct maze_steps {
    void (*step)(void *ctx, const struct maze_step *step);
    void *ctx;
};

/* The name of a step kind ("visit", "open", ...), or NULL. */
const char *maze_step_kind_name(enum maze_step_kind kind);

#ifdef __cplusplus
}
#endif

#endif
