/* SPDX-License-Identifier: MIT */
/*
 * Hunt-and-kill: a random walk carves into unvisited neighbours until it is
 * stuck (the "kill"); then the hunt looks, in cell order, for the first
 * unvisited cell beside the visited part, joins it to one of its visited
 * neighbours and walks on from there. The result has the long corridors of
 * the backtracker without its stack: memory is one bit per cell.
 *
 * The hunt is not quadratic. A cursor marks the first cell that may still
 * be unvisited; every cell before it is visited, so it only moves forward
 * and all the hunts together advance it at most cells times. The walk
 * starts at cell 0, which makes the cell at the cursor the one the hunt
 * wants: on a grid where every cell but the first has a neighbour with a
 * lower number (rows do, and so does any kind numbered by a breadth-first
 * or row-by-row sweep), the first unvisited cell has a visited neighbour,
 * so each hunt costs O(1) beyond the cursor's advance and the whole carve
 * is O(cells). Only on a kind numbered otherwise does a hunt scan on past
 * the cursor. Everything goes through the grid interface, so any kind
 * works.
 *
 * Bias: both choices are weighted by direction class (maze__pick_weighted):
 * which unvisited neighbour the walk steps into, and which visited
 * neighbour a hunted cell is joined to. Equal weights are uniform choices.
 */
#include <stdlib.h>

#include "core/checked.h"
#include "gen/blocked.h"
#include "gen/gen.h"
#include <mazegen/status.h>

/*
 * maze__neighbors_by_visit() with the conflict test last: the neighbours
 * whose visited bit equals want, and of those the ones whose edge m may
 * open (maze__edge_blocked(), inline where the kind gives its pairs as
 * data), in the grid's order. The same links in the same order: the
 * visited test and the conflict test only filter, so their order does
 * not matter, but most links fail the first, and the second then costs
 * only the few left.
 */
static inline __attribute__((always_inline)) unsigned
by_visit(const struct maze *m, bool conflicts, const uint64_t *visited,
         uint32_t cell, bool want, uint32_t *edge, uint32_t *other)
{
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze__neighbors(m->grid, cell, links);
    unsigned k = maze__links_by_visit(links, n, visited, want, edge, other);
    if (!conflicts) {
        return k;
    }
    unsigned kept = 0;
    for (unsigned i = 0; i < k; i++) {
        if (!maze__edge_blocked(m, edge[i])) {
            edge[kept] = edge[i];
            other[kept++] = other[i];
        }
    }
    return kept;
}

/*
 * The hunt: advances *cursor past visited cells, then takes the first
 * unvisited cell from there that has a visited neighbour, joins it to one
 * and marks it visited. Returns that cell.
 */
static uint32_t
hunt(struct maze__carve *ctx, uint64_t *visited, uint32_t *cursor)
{
    const struct maze_grid *g = ctx->maze->grid;
    while (maze__bit_get(visited, *cursor)) {
        (*cursor)++; /* some cell is unvisited, so this stops in range */
    }
    uint32_t edge[MAZE_GRID_MAX_DEGREE], other[MAZE_GRID_MAX_DEGREE];
    for (uint32_t c = *cursor; c < g->cells; c++) {
        if (maze__bit_get(visited, c)) {
            continue;
        }
        unsigned k =
            by_visit(ctx->maze, g->conflicts, visited, c, true, edge, other);
        if (k > 0) {
            unsigned pick = k == 1 ? 0 : maze__pick_weighted(ctx, edge, k);
            maze__open(ctx->maze, edge[pick]);
            maze__bit_set(visited, c);
            maze__step(ctx, MAZE_STEP_OPEN, c, edge[pick]);
            maze__step(ctx, MAZE_STEP_VISIT, c, MAZE_NONE);
            return c;
        }
    }
    /* No unvisited cell touches the visited part: the grid is not
     * connected. Start a new tree at the cursor rather than loop. */
    maze__bit_set(visited, *cursor);
    maze__step(ctx, MAZE_STEP_VISIT, *cursor, MAZE_NONE);
    return *cursor;
}

static int
carve_hunt_and_kill(struct maze__carve *ctx)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    uint64_t *visited = maze__alloc_array((g->cells + 63) / 64, 8, true);
    if (visited == NULL) {
        return MAZE_ERR_NOMEM;
    }
    uint32_t cur = 0, cursor = 0;
    const bool conflicts = g->conflicts; /* read once, for the loop */
    maze__bit_set(visited, cur);
    maze__step(ctx, MAZE_STEP_VISIT, cur, MAZE_NONE);
    uint32_t edge[MAZE_GRID_MAX_DEGREE], other[MAZE_GRID_MAX_DEGREE];
    for (uint32_t left = g->cells - 1; left > 0; left--) {
        unsigned k = by_visit(m, conflicts, visited, cur, false, edge, other);
        if (k == 0) {
            cur = hunt(ctx, visited, &cursor);
            continue;
        }
        unsigned pick = k == 1 ? 0 : maze__pick_weighted(ctx, edge, k);
        maze__open(m, edge[pick]);
        cur = other[pick];
        maze__bit_set(visited, cur);
        maze__step(ctx, MAZE_STEP_OPEN, cur, edge[pick]);
        maze__step(ctx, MAZE_STEP_VISIT, cur, MAZE_NONE);
    }
    free(visited);
    return MAZE_OK;
}

/* The memory model: scratch bytes at most (maze__algorithm.scratch). */
static uint64_t
scratch_hunt_and_kill(const struct maze__dims *d)
{
    return maze__sat_bits(d->cells);
}

const struct maze__algorithm maze__gen_hunt_and_kill = {
    .info =
        {
            .name = "hunt-and-kill",
            .description = "hunt-and-kill: random walk until stuck, then hunt "
                           "for an unvisited cell beside the maze",
            .streamable = false,
            .perfect = true,
        },
    .carve = carve_hunt_and_kill,
    .scratch = scratch_hunt_and_kill,
};
