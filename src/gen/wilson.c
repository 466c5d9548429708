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

/* The walks on any grid, through maze__core_neighbors(): a cell's byte
 * holds the index of the link it was left by. */
static void
walk_links(struct maze__carve *ctx, const struct maze__weights *w, uint8_t *dir,
           bool any, const uint64_t *peeled)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    const uint64_t *skip = any ? peeled : NULL;
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    for (uint32_t s = 0; s < g->cells; s++) {
        if (dir[s] == IN_TREE || (any && maze__bit_get(peeled, s))) {
            continue;
        }
        uint32_t c = s;
        do {
            unsigned n = maze__core_neighbors(g, skip, c, links);
            unsigned i = maze__pick_link(&ctx->rng, g, w, links, n);
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
}

/*
 * The walks on a kind with a stencil (maze__walk): the same steps from
 * the same draws as walk_links(), with no call and no
 * division a step. A cell's byte holds the stencil step it was left by,
 * so the erasure follows the walk by table too.
 */
static void
walk_stencil(struct maze__carve *ctx, const struct maze__walk *wk,
             const struct maze__weights *w, uint8_t *dir, bool any,
             const uint64_t *peeled)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    for (uint32_t s = 0; s < g->cells; s++) {
        if (dir[s] == IN_TREE || (any && maze__bit_get(peeled, s))) {
            continue;
        }
        struct maze__walker start, p;
        maze__walk_at(wk, s, &start);
        p = start;
        do {
            unsigned i = maze__walk_pick(wk, &p, &ctx->rng, w);
            dir[p.cell] = (uint8_t)i;
            maze__walk_move(wk, &p, i);
            maze__step(ctx, MAZE_STEP_CURRENT, p.cell, MAZE_NONE);
        } while (dir[p.cell] != IN_TREE);
        for (p = start; dir[p.cell] != IN_TREE;) {
            unsigned i = dir[p.cell];
            uint32_t edge = maze__walk_edge(wk, &p, i);
            uint32_t c = p.cell;
            dir[c] = IN_TREE;
            maze__open(m, edge);
            maze__walk_move(wk, &p, i);
            maze__step(ctx, MAZE_STEP_VISIT, c, MAZE_NONE);
            maze__step(ctx, MAZE_STEP_OPEN, p.cell, edge);
        }
    }
}

/*
 * The walks on a kind with rings (maze__rings), none of whose cells was
 * peeled: the same steps from the same draws as walk_links(), the walker
 * carrying its ring and position. The scan keeps its start's too.
 */
static void
walk_rings(struct maze__carve *ctx, const struct maze__rings *rs,
           const struct maze__weights *w, uint8_t *dir)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    struct maze__ring_walker start = {0, 0, 0}, p;
    for (uint32_t s = 0; s < g->cells; s++, maze__ring_next(rs, &start)) {
        if (dir[s] == IN_TREE) {
            continue;
        }
        p = start;
        do {
            unsigned i = maze__ring_pick(rs, &p, &ctx->rng, w);
            dir[p.cell] = (uint8_t)i;
            (void)maze__ring_move(rs, &p, i);
            maze__step(ctx, MAZE_STEP_CURRENT, p.cell, MAZE_NONE);
        } while (dir[p.cell] != IN_TREE);
        for (p = start; dir[p.cell] != IN_TREE;) {
            unsigned i = dir[p.cell];
            uint32_t c = p.cell;
            dir[c] = IN_TREE;
            uint32_t edge = maze__ring_move(rs, &p, i);
            maze__open(m, edge);
            maze__step(ctx, MAZE_STEP_VISIT, c, MAZE_NONE);
            maze__step(ctx, MAZE_STEP_OPEN, p.cell, edge);
        }
    }
}

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

    struct maze__walk wk;
    if (maze__walk_init(&wk, g, skip)) {
        walk_stencil(ctx, &wk, &w, dir, any, peeled);
    } else if (g->rings != NULL && !any) {
        walk_rings(ctx, g->rings, &w, dir);
    } else {
        walk_links(ctx, &w, dir, any, peeled);
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
