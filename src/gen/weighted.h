/* SPDX-License-Identifier: MIT */
/*
 * Weighted choices shared by prim, prim-simple, aldous-broder and wilson,
 * and the walk graph of the two random-walk generators.
 *
 * Scale: the class weights are divided by their greatest common divisor
 * before use, so weights that differ only in scale (h=1,v=1 and h=2,v=2;
 * h=3,v=1 and h=6,v=2) make exactly the same random draws and therefore
 * the same maze.
 *
 * Walks: a random walk that steps to a neighbour with probability
 * proportional to the weight of the passage between them samples spanning
 * trees with probability proportional to the product of their passages'
 * weights (Wilson 1996; Broder 1989 for the unweighted case), which is the
 * bias of aldous-broder and wilson. A walk must be able to move in every
 * direction, and must not take forever to do so, so walk weights are
 * clamped: no class weighs less than 1/MAZE__WALK_RATIO of the heaviest,
 * and a zero weight counts as exactly that. Without the clamp h=1,v=0
 * would never leave its row on a grid wider than one cell, and
 * h=0.000001,v=1000 would need about 10^9 steps per horizontal one.
 *
 * Peeling: a cell with a single neighbour has one possible passage, which
 * every spanning tree contains; removing the cell may leave its neighbour
 * with one, and so on. maze__peel() opens those forced passages and takes
 * their cells out of the walk graph, so a walk only runs on the rest (the
 * 2-core). Every spanning tree of the grid is a spanning tree of the rest
 * plus the forced passages, and its weight factors the same way, so the
 * distribution of the result is unchanged, but a 1 x 100000 corridor, on
 * which a walk would need about 10^10 steps, costs nothing. Rectangles of
 * at least 2 x 2 cells have nothing to peel and skip the scan.
 */
#ifndef MAZE_GEN_WEIGHTED_H
#define MAZE_GEN_WEIGHTED_H

#include "core/checked.h"
#include "gen/gen.h"

/* The largest ratio between two class weights a random walk uses. */
#define MAZE__WALK_RATIO 1000u

struct maze__weights {
    /* Per class, at most MAZE__WALK_RATIO * MAZE_WEIGHT_MAX (< 2^40). */
    uint64_t w[MAZE_MAX_CLASSES];
    /* The grid's classes: w[n] and on are unused. */
    unsigned n;
    /* Every class weighs the same, so every choice is uniform. */
    bool equal;
};

/* w divided by the greatest common divisor of its (not all zero) entries. */
static inline void
maze__weights_reduce(struct maze__weights *w)
{
    uint64_t g = 0;
    for (unsigned c = 0; c < w->n; c++) {
        g = maze__gcd64(g, w->w[c]);
    }
    w->equal = true;
    for (unsigned c = 0; c < w->n; c++) {
        w->w[c] /= g;
        w->equal = w->equal && w->w[c] == w->w[0];
    }
}

/* The carve's weights as they are (zeros stay zero), reduced. */
static inline struct maze__weights
maze__weights_plain(const struct maze__carve *ctx)
{
    struct maze__weights w = {.n = ctx->classes};
    for (unsigned c = 0; c < w.n; c++) {
        w.w[c] = ctx->bias.weight[c];
    }
    maze__weights_reduce(&w);
    return w;
}

/*
 * The carve's weights for a random walk: each class weighs
 * max(MAZE__WALK_RATIO * weight, heaviest weight), which is the weights
 * scaled by MAZE__WALK_RATIO with every ratio beyond it cut back to it,
 * computed without division so that scaling every weight scales the
 * result exactly. Reduced.
 */
static inline struct maze__weights
maze__weights_walk(const struct maze__carve *ctx)
{
    uint64_t heaviest = 0;
    for (unsigned c = 0; c < ctx->classes; c++) {
        if (ctx->bias.weight[c] > heaviest) {
            heaviest = ctx->bias.weight[c];
        }
    }
    struct maze__weights w = {.n = ctx->classes};
    for (unsigned c = 0; c < w.n; c++) {
        uint64_t scaled = (uint64_t)MAZE__WALK_RATIO * ctx->bias.weight[c];
        w.w[c] = scaled > heaviest ? scaled : heaviest;
    }
    maze__weights_reduce(&w);
    return w;
}

/*
 * Picks one of n >= 1 links with probability proportional to the weight
 * of its edge's class; uniformly when they all weigh zero. Integer
 * arithmetic only. With equal weights this is exactly one draw below n.
 */
static inline unsigned
maze__pick_link(struct maze_rng *rng, const struct maze_grid *g,
                const struct maze__weights *w, const struct maze_link *links,
                unsigned n)
{
    if (w->equal) {
        return maze__rng_below32(rng, n);
    }
    uint64_t weight[MAZE_GRID_MAX_DEGREE];
    uint64_t total = 0;
    for (unsigned i = 0; i < n; i++) {
        weight[i] = w->w[maze__edge_class(g, links[i].edge)];
        total += weight[i];
    }
    if (total == 0) {
        return maze__rng_below32(rng, n);
    }
    /* total < 8 * 2^40: the 64-bit draw is only needed for big weights. */
    uint64_t r = total <= UINT32_MAX ? maze__rng_below32(rng, (uint32_t)total)
                                     : maze_rng_below(rng, total);
    for (unsigned i = 0; i < n; i++) {
        if (r < weight[i]) {
            return i;
        }
        r -= weight[i];
    }
    return n - 1; /* unreachable: r < total */
}

/*
 * The neighbours of cell that were not peeled off (all of them when
 * `peeled` is NULL), in the grid's order.
 */
static inline unsigned
maze__core_neighbors(const struct maze_grid *g, const uint64_t *peeled,
                     uint32_t cell, struct maze_link *out)
{
    unsigned n = maze__neighbors(g, cell, out);
    if (peeled == NULL) {
        return n;
    }
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++) {
        if (!maze__bit_get(peeled, out[i].cell)) {
            out[k++] = out[i];
        }
    }
    return k;
}

/*
 * Peels the trees hanging off the grid (see the file comment): opens their
 * passages in ctx->maze (reporting them), sets their cells' bits in `peeled`
 * (zeroed, one bit per cell) and returns the number of cells left, at least one
 * since the grid is connected. Sets *any to whether a cell was peeled at all.
 * O(cells) time and no memory beyond the bits: removing a cell only lowers the
 * degree of its one remaining neighbour, so the peeling follows each
 * chain to its end instead of keeping a queue.
 */
static inline uint32_t
maze__peel(struct maze__carve *ctx, uint64_t *peeled, bool *any)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    *any = false;
    if (maze__grid_is_rect(g) && g->width >= 2 && g->height >= 2) {
        return g->cells; /* every cell has two neighbours or more */
    }
    uint32_t left = g->cells;
    for (uint32_t start = 0; start < g->cells; start++) {
        uint32_t c = start;
        while (!maze__bit_get(peeled, c)) {
            struct maze_link links[MAZE_GRID_MAX_DEGREE];
            if (maze__core_neighbors(g, peeled, c, links) != 1) {
                break;
            }
            maze__bit_set(peeled, c);
            maze__open(m, links[0].edge);
            maze__step(ctx, MAZE_STEP_VISIT, c, MAZE_NONE);
            maze__step(ctx, MAZE_STEP_OPEN, links[0].cell, links[0].edge);
            left--;
            *any = true;
            c = links[0].cell;
        }
    }
    return left;
}

/* A uniformly drawn cell that was not peeled off; left cells remain. */
static inline uint32_t
maze__core_cell(struct maze_rng *rng, const uint64_t *peeled, bool any,
                uint32_t left)
{
    uint32_t r = maze__rng_below32(rng, left);
    if (!any) {
        return r;
    }
    for (uint32_t c = 0;; c++) {
        if (!maze__bit_get(peeled, c) && r-- == 0) {
            return c;
        }
    }
}

#endif
