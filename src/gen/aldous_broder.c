/* SPDX-License-Identifier: MIT */
/*
 * The Aldous-Broder algorithm: walk at random from a random cell and open
 * the passage by which the walk first enters each cell, stopping the
 * moment the last cell is entered. The passages of first entrance form a
 * spanning tree that is uniform over all of them, whatever the start
 * (Aldous 1990, Broder 1989).
 *
 * The price is the cover time of the walk: on a square grid of n cells
 * about (1/pi) n (ln n)^2 steps (the (4/pi) m^2 (ln m)^2 of Dembo, Peres,
 * Rosen and Zeitouni for the m x m torus, with n = m^2), 6 x 10^7 for a
 * million cells, against Wilson's O(n log n) for the same distribution;
 * most steps wander through cells already visited. It
 * stays in the catalogue as the simplest uniform generator; its state is
 * two bits per cell (visited, peeled), a quarter of a byte.
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

/*
 * The walk on any grid, through maze__core_neighbors(), keeping off the
 * cells of `skip` (NULL: none). `left` cells are still to enter; the walk
 * is at cur.
 */
static void
walk_links(struct maze__carve *ctx, const struct maze__weights *w,
           uint64_t *visited, const uint64_t *skip, uint32_t cur, uint32_t left)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    while (left > 0) {
        unsigned n = maze__core_neighbors(g, skip, cur, links);
        unsigned i = maze__pick_link(&ctx->rng, g, w, links, n);
        cur = links[i].cell;
        if (!maze__bit_get(visited, cur)) {
            maze__bit_set(visited, cur);
            maze__open(m, links[i].edge);
            maze__step(ctx, MAZE_STEP_OPEN, cur, links[i].edge);
            maze__step(ctx, MAZE_STEP_VISIT, cur, MAZE_NONE);
            left--;
        } else {
            maze__step(ctx, MAZE_STEP_CURRENT, cur, MAZE_NONE);
        }
    }
}

/*
 * The walk on a kind with a stencil (maze__walk): the same steps from the
 * same draws as walk_links(), with no call and no division a
 * step. `left` cells are still to enter; the walk is at cur.
 */
static void
walk_stencil(struct maze__carve *ctx, const struct maze__walk *wk,
             const struct maze__weights *w, uint64_t *visited, uint32_t cur,
             uint32_t left)
{
    struct maze *m = ctx->maze;
    struct maze__walker p;
    maze__walk_at(wk, cur, &p);
    while (left > 0) {
        unsigned i = maze__walk_pick(wk, &p, &ctx->rng, w);
        struct maze__walker from = p;
        maze__walk_move(wk, &p, i);
        if (!maze__bit_get(visited, p.cell)) {
            uint32_t edge = maze__walk_edge(wk, &from, i);
            maze__bit_set(visited, p.cell);
            maze__open(m, edge);
            maze__step(ctx, MAZE_STEP_OPEN, p.cell, edge);
            maze__step(ctx, MAZE_STEP_VISIT, p.cell, MAZE_NONE);
            left--;
        } else {
            maze__step(ctx, MAZE_STEP_CURRENT, p.cell, MAZE_NONE);
        }
    }
}

/*
 * The walk on a kind with rings (maze__rings), none of whose cells was
 * peeled: the same steps from the same draws as walk_links(), the walker
 * carrying its ring and position. `left` cells are still to enter; the
 * walk is at cur.
 */
static void
walk_rings(struct maze__carve *ctx, const struct maze__rings *rs,
           const struct maze__weights *w, uint64_t *visited, uint32_t cur,
           uint32_t left)
{
    struct maze *m = ctx->maze;
    struct maze__ring_walker p;
    maze__ring_at(rs, cur, &p);
    while (left > 0) {
        unsigned i = maze__ring_pick(rs, &p, &ctx->rng, w);
        uint32_t edge = maze__ring_move(rs, &p, i);
        if (!maze__bit_get(visited, p.cell)) {
            maze__bit_set(visited, p.cell);
            maze__open(m, edge);
            maze__step(ctx, MAZE_STEP_OPEN, p.cell, edge);
            maze__step(ctx, MAZE_STEP_VISIT, p.cell, MAZE_NONE);
            left--;
        } else {
            maze__step(ctx, MAZE_STEP_CURRENT, p.cell, MAZE_NONE);
        }
    }
}

static int
carve_once(struct maze__carve *ctx)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    size_t words = ((size_t)g->cells + 63) / 64;
    uint64_t *peeled = maze__alloc_array(words, 8, true);
    uint64_t *visited = maze__alloc_array(words, 8, true);
    if (peeled == NULL || visited == NULL) {
        free(peeled);
        free(visited);
        return MAZE_ERR_NOMEM;
    }
    struct maze__weights w = maze__weights_walk(ctx);
    bool any;
    uint32_t left = maze__peel(ctx, peeled, &any);
    const uint64_t *skip = any ? peeled : NULL;

    uint32_t cur = maze__core_cell(&ctx->rng, peeled, any, left);
    maze__bit_set(visited, cur);
    maze__step(ctx, MAZE_STEP_VISIT, cur, MAZE_NONE);
    left--;
    struct maze__walk wk;
    if (maze__walk_init(&wk, g, skip)) {
        walk_stencil(ctx, &wk, &w, visited, cur, left);
    } else if (g->rings != NULL && skip == NULL) {
        walk_rings(ctx, g->rings, &w, visited, cur, left);
    } else {
        walk_links(ctx, &w, visited, skip, cur, left);
    }
    free(peeled);
    free(visited);
    return MAZE_OK;
}

/* Zeta: whole trees with crossing diagonals are drawn again (reject.c), so
 * the result is uniform over the allowed ones. */
static int
carve_aldous_broder(struct maze__carve *ctx)
{
    return maze__carve_rejecting(ctx, carve_once);
}

/* The memory model: scratch bytes at most (maze__algorithm.scratch). */
static uint64_t
scratch_aldous_broder(const struct maze__dims *d)
{
    return maze__sat_mul(
        2, maze__sat_bits(d->cells)); /* visited and peeled bits */
}

const struct maze__algorithm maze__gen_aldous_broder = {
    .info =
        {
            .name = "aldous-broder",
            .description = "Aldous-Broder random walk: uniform over all mazes; "
                           "slower than wilson on large grids",
            .streamable = false,
            .perfect = true,
            .rejects = true,
        },
    .carve = carve_aldous_broder,
    .scratch = scratch_aldous_broder,
};
