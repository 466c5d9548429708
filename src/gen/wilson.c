/* SPDX-License-Identifier: MIT */
/*
 * Wilson's algorithm: grow a tree from a random root by loop-erased random
 * walks. From each cell not yet in the tree, walk at random until the walk
 * hits the tree, erase the loops it made, and add the path that is left.
 * The result is uniform over all spanning trees (Wilson 1996), and the
 * expected work is the mean hitting time of the walk, O(n log n) steps on
 * an n-cell grid, so unlike Aldous-Broder it stays fast at any size.
 *
 * Loop erasure costs nothing: the walk is kept as the direction it last
 * left each cell by, one byte per cell, overwritten when the walk comes
 * back. Following the directions from the start then traces the walk with
 * its loops erased, since a loop is exactly a detour that the later exit
 * from its first cell skips. That byte also marks the cells of the tree,
 * so with the bits of peeled cells the carve needs 1.125 bytes per cell.
 *
 * Bias: each step goes to a neighbour with probability proportional to the
 * weight of the passage's class, which makes the maze a weighted-uniform
 * spanning tree: probability proportional to the product of its passages'
 * weights. Weights are clamped for the walk (weighted.h): no class counts
 * less than 1/1000 of the heaviest, so h=1,v=0 is h=1,v=0.001. Equal
 * weights of any size are exactly the unbiased walk.
 */
#include <stdlib.h>

#include "core/checked.h"
#include "gen/gen.h"
#include "gen/weighted.h"
#include <mazegen/status.h>

/* A direction byte for cells already in the tree (directions are < 8). */
#define IN_TREE 0xffu

static int
carve_once(struct maze__carve *ctx)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    uint64_t *peeled = maze__alloc_array((g->cells + 63) / 64, 8, true);
    uint8_t *dir = maze__alloc_array(g->cells, 1, true);
    if (peeled == NULL || dir == NULL) {
        free(peeled);
        free(dir);
        return MAZE_ERR_NOMEM;
    }
    struct maze__weights w = maze__weights_walk(ctx);
    bool any;
    uint32_t left = maze__peel(ctx, peeled, &any);
    const uint64_t *skip = any ? peeled : NULL;
    /* Any root gives the uniform distribution; a random one spreads the
     * first, longest walk over the grid. */
    uint32_t root = maze__core_cell(&ctx->rng, peeled, any, left);
    dir[root] = IN_TREE;
    maze__step(ctx, MAZE_STEP_VISIT, root, MAZE_NONE);

    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    for (uint32_t s = 0; s < g->cells; s++) {
        if (dir[s] == IN_TREE || (any && maze__bit_get(peeled, s))) {
            continue;
        }
        uint32_t c = s;
        do {
            unsigned n = maze__core_neighbors(g, skip, c, links);
            unsigned i = maze__pick_link(&ctx->rng, g, &w, links, n);
            dir[c] = (uint8_t)i;
            c = links[i].cell;
            maze__step(ctx, MAZE_STEP_CURRENT, c, MAZE_NONE);
        } while (dir[c] != IN_TREE);
        /* Every direction on the way from s was written by this walk, so
         * this follows the walk with its loops erased. */
        for (c = s; dir[c] != IN_TREE;) {
            maze__core_neighbors(g, skip, c, links);
            unsigned i = dir[c];
            dir[c] = IN_TREE;
            maze__open(m, links[i].edge);
            maze__step(ctx, MAZE_STEP_VISIT, c, MAZE_NONE);
            maze__step(ctx, MAZE_STEP_OPEN, links[i].cell, links[i].edge);
            c = links[i].cell;
        }
    }
    free(peeled);
    free(dir);
    return MAZE_OK;
}

/* Zeta: whole trees with crossing diagonals are drawn again (reject.c), so
 * the result is uniform over the allowed ones. */
static int
carve_wilson(struct maze__carve *ctx)
{
    return maze__carve_rejecting(ctx, carve_once);
}

/* The memory model: scratch bytes at most (maze__algorithm.scratch). */
static uint64_t
scratch_wilson(const struct maze__dims *d)
{
    return maze__sat_add(maze__sat_bits(d->cells),
                         d->cells); /* peeled bits, a byte a cell */
}

const struct maze__algorithm maze__gen_wilson = {
    .info =
        {
            .name = "wilson",
            .description =
                "Wilson's loop-erased random walks: uniform over all mazes",
            .streamable = false,
            .perfect = true,
            .rejects = true,
        },
    .carve = carve_wilson,
    .scratch = scratch_wilson,
};
