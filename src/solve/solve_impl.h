/* SPDX-License-Identifier: MIT */
/*
 * The solver's inside, for the rest of the library: the endpoint search
 * with progress reports, which maze_generate() runs on every maze, and
 * the two searches everything is built on (search.c).
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
 * accepts, and pred accepts boundary cells only (cells that can open: it
 * is not asked of others where the walk knows them without asking), and
 * its distance in passages: MAZE_NONE (and 0) when the
 * search reaches none (of those as far, the last a breadth-first search
 * would reach). Needs what maze__search_far() needs.
 * Errors: MAZE_ERR_NOMEM.
 */
int maze__farthest(const struct maze *maze, uint32_t source,
                   maze__cell_pred pred, void *ctx, uint32_t *cell,
                   uint32_t *dist);

/* Which cells a search may end at: any (all zero), boundary cells, or
 * those pred accepts; with both, boundary cells pred accepts (pred then
 * accepts no other: the rectangle's walk, which knows its boundary by a
 * compare, asks pred of boundary cells only, the others pred alone). */
struct maze__want {
    bool boundary;
    maze__cell_pred pred;
    void *ctx;
};

/*
 * The cell farthest from source along open passages among those `want`
 * accepts, and its distance: of those as far, the last a breadth-first
 * search would reach; MAZE_NONE (and 0) when none is reached. Reports
 * "finding endpoints" to progress (may be NULL) as done + cells reached,
 * out of total. Memory while it runs: on a perfect maze a bit a cell and
 * a byte per step of the longest path from source (at most cells / 8 +
 * cells bytes); where the search meets a loop, two bits a cell and four
 * bytes per cell of the widest frontier (at most cells / 4 + 4 cells).
 * Errors: MAZE_ERR_NOMEM.
 */
int maze__search_far(const struct maze *maze, uint32_t source,
                     const struct maze__want *want,
                     const struct maze_progress *progress, uint64_t done,
                     uint64_t total, uint32_t *cell, uint32_t *dist);

/*
 * A shortest path from `from` to `to` into *out (NULL on error), in the
 * memory of maze__search_far(), plus the path.
 * Errors: MAZE_ERR_RANGE (unreachable), MAZE_ERR_NOMEM.
 */
int maze__search_path(const struct maze *maze, uint32_t from, uint32_t to,
                      struct maze_path **out);

#endif
