/* SPDX-License-Identifier: MIT */
/*
 * The solver's inside, for the rest of the library: the endpoint search
 * with progress reports, which maze_generate() runs on every maze.
 */
#ifndef MAZE_SOLVE_SOLVE_IMPL_H
#define MAZE_SOLVE_SOLVE_IMPL_H

#include <stdbool.h>
#include <stdint.h>

#include <mazegen/progress.h>
#include <mazegen/solve.h>

/* maze_boundary_path_ends(), reporting "finding endpoints" to progress
 * (which may be NULL) as it goes. */
int maze__boundary_path_ends(const struct maze *maze,
                             const struct maze_progress *progress, uint32_t *a,
                             uint32_t *b);

/* The boundary cell farthest from `from` through open passages (the
 * first found, of those as far), by one breadth-first search (progress
 * is not reported). */
int maze__farthest_boundary(const struct maze *maze, uint32_t from,
                            const struct maze_progress *progress,
                            uint32_t *out);

/* A test of a cell, for maze__farthest(). */
typedef bool (*maze__cell_pred)(const struct maze_grid *g, uint32_t cell,
                                void *ctx);

/*
 * The cell farthest from source along open passages among those pred
 * accepts, and its distance in passages: MAZE_NONE (and 0) when the
 * search reaches none. Needs 8 bytes a cell while it runs.
 * Errors: MAZE_ERR_NOMEM.
 */
int maze__farthest(const struct maze *maze, uint32_t source,
                   maze__cell_pred pred, void *ctx, uint32_t *cell,
                   uint32_t *dist);

#endif
