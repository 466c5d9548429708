/* SPDX-License-Identifier: MIT */
/*
 * Shortest paths and the ends of the longest path, on the two searches of
 * search.c: a depth-first walk on perfect mazes (exact distances in a
 * tree, a bit a cell and a byte per step of the current path) and a
 * breadth-first search with two bits a cell where a maze has loops. Both
 * give the answers a plain breadth-first search gives, ties included.
 */
#include <stdlib.h>

#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "core/status_impl.h"
#include "solve/solve_impl.h"
#include <mazegen/status.h>

int
maze_solve_between(const struct maze *maze, uint32_t from, uint32_t to,
                   struct maze_path **out)
{
    maze__detail_clear();
    if (maze == NULL || out == NULL) {
        return MAZE_ERR_INVALID;
    }
    *out = NULL;
    const struct maze_grid *g = maze->grid;
    if (from >= g->cells || to >= g->cells) {
        return maze__fail(MAZE_ERR_RANGE, "cell %u: the grid has %u cells",
                          (unsigned)(from >= g->cells ? from : to),
                          (unsigned)g->cells);
    }
    int rc = maze__search_path(maze, from, to, out);
    if (rc == MAZE_ERR_RANGE) {
        return maze__fail(rc, "no way from cell %u to cell %u", (unsigned)from,
                          (unsigned)to);
    }
    return rc;
}

int
maze_solve(const struct maze *maze, struct maze_path **out)
{
    maze__detail_clear();
    if (maze == NULL) {
        return MAZE_ERR_INVALID;
    }
    return maze_solve_between(maze, maze->start, maze->finish, out);
}

/* The double sweep: in a tree, the farthest cell of a set from any cell of
 * that set ends a longest path within the set, and the farthest from it is
 * the other end. */
static int
double_sweep(const struct maze *maze, bool boundary,
             const struct maze_progress *progress, uint32_t *a, uint32_t *b)
{
    if (maze == NULL || a == NULL || b == NULL) {
        return MAZE_ERR_INVALID;
    }
    uint64_t cells = maze->grid->cells;
    struct maze__want want = {.boundary = boundary};
    uint32_t dist;
    /* Cell 0 is on the boundary of nearly every grid kind (its first
     * cell), so each search finds a cell it wants, at worst its source;
     * where it is not (a circle's centre) and reaches no boundary cell,
     * the search's source stands in. */
    int rc = maze__search_far(maze, 0, &want, progress, 0, 2 * cells, a, &dist);
    if (rc == MAZE_OK && *a == MAZE_NONE) {
        *a = 0;
    }
    if (rc == MAZE_OK) {
        rc = maze__search_far(maze, *a, &want, progress, cells, 2 * cells, b,
                              &dist);
    }
    if (rc == MAZE_OK && *b == MAZE_NONE) {
        *b = *a;
    }
    return rc;
}

int
maze__farthest(const struct maze *maze, uint32_t source, maze__cell_pred pred,
               void *ctx, uint32_t *cell, uint32_t *dist)
{
    struct maze__want want = {.boundary = true, .pred = pred, .ctx = ctx};
    return maze__search_far(maze, source, &want, NULL, 0, 0, cell, dist);
}

int
maze__boundary_path_ends(const struct maze *maze,
                         const struct maze_progress *progress, uint32_t *a,
                         uint32_t *b)
{
    return double_sweep(maze, true, progress, a, b);
}

int
maze__farthest_boundary(const struct maze *maze, uint32_t from,
                        const struct maze_progress *progress, uint32_t *out)
{
    (void)progress;
    static const struct maze__want boundary = {.boundary = true};
    uint32_t dist;
    int rc = maze__search_far(maze, from, &boundary, NULL, 0, 0, out, &dist);
    if (rc == MAZE_OK && *out == MAZE_NONE) {
        *out = from; /* no boundary cell reached: the goal alone */
    }
    return rc;
}

int
maze_farthest_boundary(const struct maze *maze, uint32_t from, uint32_t *out)
{
    if (maze == NULL || out == NULL) {
        return MAZE_ERR_INVALID;
    }
    if (from >= maze->grid->cells) {
        return MAZE_ERR_RANGE;
    }
    return maze__farthest_boundary(maze, from, NULL, out);
}

int
maze_longest_path_ends(const struct maze *maze, uint32_t *a, uint32_t *b)
{
    return double_sweep(maze, false, NULL, a, b);
}

int
maze_boundary_path_ends(const struct maze *maze, uint32_t *a, uint32_t *b)
{
    return double_sweep(maze, true, NULL, a, b);
}
