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
 * A walk on a grid with a stencil (maze__stencil), making exactly the
 * draws maze__core_neighbors() and maze__pick_link() make, so a maze
 * carved through it is the maze carved through them. The walker carries
 * its cell's x, y, level and phase, and moves them by table: no division
 * and no call a step. Cells of the box, every one of whose steps lands on
 * the grid and on no peeled cell, take their steps without a test; the
 * cells round the edge test each step.
 */
struct maze__walk {
    const struct maze_grid *g;
    const struct maze__stencil *s;
    const uint64_t *peeled; /* or NULL */
    /* The box: x - bx < bw, y - by < bh, z - bz < bd (all unsigned). */
    uint32_t bx, bw, by, bh, bz, bd;
    int64_t delta[2][8]; /* per phase and step: the cell index change */
    uint8_t flip[2][8];  /* the phase change */
    uint8_t cls[2][8];   /* the edge's class, when the stencil says */
};

/* Where a walk is: its cell, x, y, level and phase. */
struct maze__walker {
    uint32_t cell, x, y, z;
    unsigned phase;
};

/* Narrows box range [*lo, *lo + *n) so that no position in it is within
 * pad of v, cutting the side v is on. */
static inline void
maze__walk_cut(uint32_t v, uint32_t pad, uint32_t *lo, uint32_t *n)
{
    uint64_t a = *lo, b = (uint64_t)*lo + *n;
    if ((uint64_t)v + pad < a || v >= b + pad) {
        return;
    }
    if (2 * (uint64_t)v < a + b) {
        a = (uint64_t)v + pad + 1;
    } else {
        b = v >= pad ? v - pad : 0;
    }
    *lo = (uint32_t)(a < b ? a : b);
    *n = (uint32_t)(a < b ? b - a : 0);
}

/* Places *p at cell. */
static inline void
maze__walk_at(const struct maze__walk *wk, uint32_t cell,
              struct maze__walker *p)
{
    p->cell = cell;
    p->phase = maze__stencil_place(wk->g, cell, &p->x, &p->y, &p->z);
}

/*
 * Fills wk for a walk on g that keeps off the cells whose bits are set in
 * `peeled` (NULL: none); false when g has no stencil, and the walk goes
 * through maze__core_neighbors().
 */
static inline bool
maze__walk_init(struct maze__walk *wk, const struct maze_grid *g,
                const uint64_t *peeled)
{
    const struct maze__stencil *s = g->stencil;
    if (s == NULL) {
        return false;
    }
    wk->g = g;
    wk->s = s;
    wk->peeled = peeled;
    uint32_t pad[3] = {0, 0, 0};
    for (unsigned f = 0; f < 2; f++) {
        for (unsigned i = 0; i < s->count[f]; i++) {
            const struct maze__stencil_step *t = &s->step[f][i];
            int d[3] = {t->dx, t->dy, t->dz};
            for (unsigned a = 0; a < 3; a++) {
                uint32_t m = (uint32_t)(d[a] < 0 ? -d[a] : d[a]);
                pad[a] = m > pad[a] ? m : pad[a];
            }
            wk->delta[f][i] = t->dx + (int64_t)t->dy * g->width +
                              (int64_t)t->dz * g->layer_cells;
            wk->flip[f][i] = (uint8_t)((s->px * t->dx + s->py * t->dy) & 1);
            wk->cls[f][i] = s->by_slot ? s->slot_class[t->slot] : 0;
        }
    }
    uint32_t size[3] = {g->width, g->height, g->layers};
    uint32_t lo[3], n[3];
    for (unsigned a = 0; a < 3; a++) {
        lo[a] = pad[a];
        n[a] = size[a] > 2 * pad[a] ? size[a] - 2 * pad[a] : 0;
    }
    /* A peeled cell near the box: no cell of the box within its reach in
     * y (or z) is left in it. */
    for (uint32_t c = 0; peeled != NULL && c < g->cells; c++) {
        if (peeled[c / 64] == 0) {
            c |= 63;
            continue;
        }
        if (!maze__bit_get(peeled, c)) {
            continue;
        }
        struct maze__walker q;
        maze__walk_at(wk, c, &q);
        if ((uint64_t)q.x + pad[0] >= lo[0] &&
            q.x < (uint64_t)lo[0] + n[0] + pad[0] &&
            (uint64_t)q.z + pad[2] >= lo[2] &&
            q.z < (uint64_t)lo[2] + n[2] + pad[2]) {
            maze__walk_cut(q.y, pad[1], &lo[1], &n[1]);
        }
    }
    wk->bx = lo[0];
    wk->bw = n[0];
    wk->by = lo[1];
    wk->bh = n[1];
    wk->bz = lo[2];
    wk->bd = n[2];
    return true;
}

/* The edge of step i from p's cell. */
static inline uint32_t
maze__walk_edge(const struct maze__walk *wk, const struct maze__walker *p,
                unsigned i)
{
    const struct maze__stencil_step *t = &wk->s->step[p->phase][i];
    uint32_t c = (uint32_t)(p->cell + wk->delta[p->phase][i]);
    return maze__step_edge(wk->s, t, p->cell, c);
}

/* Moves p by its step i. */
static inline void
maze__walk_move(const struct maze__walk *wk, struct maze__walker *p, unsigned i)
{
    const struct maze__stencil_step *t = &wk->s->step[p->phase][i];
    p->cell = (uint32_t)(p->cell + wk->delta[p->phase][i]);
    p->x += (uint32_t)t->dx;
    p->y += (uint32_t)t->dy;
    p->z += (uint32_t)t->dz;
    p->phase ^= wk->flip[p->phase][i];
}

/* Picks among the n steps idx[] (stencil indices) as maze__pick_link()
 * picks among their links, with unequal weights. */
static inline unsigned
maze__walk_pick_weighted(const struct maze__walk *wk,
                         const struct maze__walker *p, struct maze_rng *rng,
                         const struct maze__weights *w, const uint8_t *idx,
                         unsigned n)
{
    if (!wk->s->by_slot) {
        /* The kind's edge_class decides: ask it of the links. */
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        for (unsigned k = 0; k < n; k++) {
            links[k].edge = maze__walk_edge(wk, p, idx[k]);
            links[k].cell = MAZE_NONE;
        }
        return idx[maze__pick_link(rng, wk->g, w, links, n)];
    }
    /* The class is the step's slot's, as maze__edge_class() gives it:
     * the draws of maze__pick_link(). */
    uint64_t weight[MAZE_GRID_MAX_DEGREE];
    uint64_t total = 0;
    for (unsigned k = 0; k < n; k++) {
        weight[k] = w->w[wk->cls[p->phase][idx[k]]];
        total += weight[k];
    }
    if (total == 0) {
        return idx[maze__rng_below32(rng, n)];
    }
    uint64_t r = total <= UINT32_MAX ? maze__rng_below32(rng, (uint32_t)total)
                                     : maze_rng_below(rng, total);
    for (unsigned k = 0; k < n; k++) {
        if (r < weight[k]) {
            return idx[k];
        }
        r -= weight[k];
    }
    return idx[n - 1]; /* unreachable: r < total */
}

/*
 * The step (a stencil index) a walk at p takes: the one maze__pick_link()
 * picks among maze__core_neighbors(), from the same draws.
 */
static inline unsigned
maze__walk_pick(const struct maze__walk *wk, const struct maze__walker *p,
                struct maze_rng *rng, const struct maze__weights *w)
{
    const struct maze__stencil *s = wk->s;
    unsigned count = s->count[p->phase];
    if (p->x - wk->bx < wk->bw && p->y - wk->by < wk->bh &&
        p->z - wk->bz < wk->bd) {
        if (w->equal) {
            return maze__rng_below32(rng, count);
        }
        static const uint8_t all[8] = {0, 1, 2, 3, 4, 5, 6, 7};
        return maze__walk_pick_weighted(wk, p, rng, w, all, count);
    }
    const struct maze__stencil_step *st = s->step[p->phase];
    const struct maze_grid *g = wk->g;
    uint8_t idx[8];
    unsigned n = 0;
    for (unsigned i = 0; i < count; i++) {
        /* Off the grid, a step below 0 wraps past the size. */
        if (p->x + (uint32_t)st[i].dx >= g->width ||
            p->y + (uint32_t)st[i].dy >= g->height ||
            p->z + (uint32_t)st[i].dz >= g->layers) {
            continue;
        }
        if (wk->peeled != NULL &&
            maze__bit_get(wk->peeled,
                          (uint32_t)(p->cell + wk->delta[p->phase][i]))) {
            continue;
        }
        idx[n++] = (uint8_t)i;
    }
    if (w->equal) {
        return idx[maze__rng_below32(rng, n)];
    }
    return maze__walk_pick_weighted(wk, p, rng, w, idx, n);
}

/*
 * The neighbour (its index in maze__rings order) a walk at p takes on a
 * kind with rings, none of whose cells was peeled: the one
 * maze__pick_link() picks among maze__core_neighbors(), from the same
 * draws, with the classes the rings give their two kinds of edge.
 */
static inline unsigned
maze__ring_pick(const struct maze__rings *rs, const struct maze__ring_walker *p,
                struct maze_rng *rng, const struct maze__weights *w)
{
    unsigned n = maze__ring_degree(rs, p->r);
    if (w->equal) {
        return maze__rng_below32(rng, n);
    }
    uint64_t along = w->w[rs->along], across = w->w[rs->across];
    uint64_t total = 0;
    for (unsigned i = 0; i < n; i++) {
        total += maze__ring_is_along(rs, p->r, i) ? along : across;
    }
    if (total == 0) {
        return maze__rng_below32(rng, n);
    }
    uint64_t r = total <= UINT32_MAX ? maze__rng_below32(rng, (uint32_t)total)
                                     : maze_rng_below(rng, total);
    for (unsigned i = 0; i < n; i++) {
        uint64_t weight = maze__ring_is_along(rs, p->r, i) ? along : across;
        if (r < weight) {
            return i;
        }
        r -= weight;
    }
    return n - 1; /* unreachable: r < total */
}

/* Moves *p from the cell before it in numbering to the next (cells go
 * ring by ring), so a scan of every cell in order keeps its walker. */
static inline void
maze__ring_next(const struct maze__rings *rs, struct maze__ring_walker *p)
{
    p->cell++;
    if (++p->p == rs->ring[p->r].count) {
        p->r++;
        p->p = 0;
    }
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
    if (g->rings != NULL && maze__ring_degree(g->rings, 0) >= 2) {
        /* The same on rings round a centre of two neighbours or more:
         * a ring cell has two round its ring and one inward. */
        return g->cells;
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
