/* SPDX-License-Identifier: MIT */
/*
 * The growing tree: keep a list of active cells, in the order they were
 * reached; at each step choose one, carve into an unvisited neighbour of
 * it (which joins the list) or, when it has none, drop it. The choice is
 * the policy of ctx->opt->growing: the newest cell (a backtracker: long
 * corridors), a random one (like Prim: many short dead ends), the oldest
 * (corridors fanning out from the start) or the middle one, or a weighted
 * mix drawn afresh at each step. Any kind works through the grid
 * interface; the kinds that give their neighbours as data (maze__stencil)
 * keep their visited bits with a border (maze__padded), so a cell's
 * unvisited neighbours are bit reads at fixed offsets, and a cell left
 * with no way on is dropped without a look (SPENT).
 *
 * The active list must stay in order for "newest", "oldest" and "middle"
 * to mean anything, while drops can happen anywhere in it. It is a
 * gap-tolerant array: each cell takes the next slot when it is reached, a
 * dropped entry becomes a hole, and the two ends are trimmed so they
 * always hold live cells. Newest and oldest are then the two ends, O(1).
 *
 * Without a middle weight, the holes are squeezed out when they outnumber
 * the live cells (paid for by the drops that made them, so O(1)
 * amortized), and random draws a slot until it hits a live cell: uniform
 * over the live cells, at most two draws expected since at least half the
 * slots are live.
 *
 * With a middle weight, the live cell of rank live / 2 is needed, which
 * the holes hide; squeezing them out before every middle step would cost
 * O(active cells) a step, quadratic in all (a 1400 x 1400 "newest:1,
 * middle:1" took 22 s). Instead a Fenwick tree counts the live slots, 4
 * more bytes per cell: middle is the slot of rank live / 2 and random the
 * slot of a uniformly drawn rank, each found in O(log cells), and a drop
 * costs O(log cells). Slots are never squeezed then (each cell takes one
 * slot, so they never run out). The middle cell is the same one the
 * squeezed array would give, so only the mixes with random draw otherwise.
 *
 * Bias: the neighbour carved into is chosen with maze__pick_weighted (the
 * policy chooses the cell, the weights its direction).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "gen/blocked.h"
#include "gen/gen.h"
#include <mazegen/status.h>

/* Marks a dropped entry; no cell has this number. */
#define HOLE MAZE_NONE

/*
 * Set on the entry of a cell that had one way on when it last carved
 * (cells are below 2^31 - 1, so a marked entry is never HOLE). Its ways
 * only shrink (visited bits and blocking open edges only grow), so it has
 * none left: the next time it is taken it is dropped without a look,
 * exactly as the look would have decided.
 */
#define SPENT 0x80000000u

enum policy { NEWEST, RANDOM, OLDEST, MIDDLE, POLICY_COUNT };

struct active {
    /* Room for every cell: each is pushed once, and squeezing only moves
     * entries down, so tail never passes the number of pushes. */
    uint32_t *slot;
    /* Entries lie in [head, tail); the ends are live when any cell is. */
    uint32_t head, tail;
    uint32_t live, holes;
    /*
     * With a middle weight: a Fenwick tree over the slots, fen[i] (from 1)
     * counting the live slots in (i - lowbit(i), i]; NULL otherwise. `top`
     * is the largest power of two not above the number of slots.
     */
    uint32_t *fen;
    uint32_t size, top;
};

/* Adds delta (+1 or -1, as unsigned) to the live count of slot i. */
static void
fen_add(struct active *a, uint32_t i, uint32_t delta)
{
    for (uint32_t k = i + 1; k <= a->size; k += k & (0u - k)) {
        a->fen[k - 1] += delta;
    }
}

/* The slot of the live entry of rank r (from 0; r < live). */
static uint32_t
fen_select(const struct active *a, uint32_t r)
{
    /* Descend by halving steps: pos ends as the number of slots whose
     * prefix holds at most r live entries, which is the wanted slot. */
    uint32_t pos = 0;
    for (uint32_t step = a->top; step > 0; step >>= 1) {
        uint32_t next = pos + step;
        if (next <= a->size && a->fen[next - 1] <= r) {
            pos = next;
            r -= a->fen[next - 1];
        }
    }
    return pos;
}

static void
push(struct active *a, uint32_t cell)
{
    if (a->fen != NULL) {
        fen_add(a, a->tail, 1);
    }
    a->slot[a->tail++] = cell;
    a->live++;
}

/* Moves the live entries down to [0, live), in order. */
static void
squeeze(struct active *a)
{
    uint32_t n = 0;
    for (uint32_t i = a->head; i < a->tail; i++) {
        if (a->slot[i] != HOLE) {
            a->slot[n++] = a->slot[i];
        }
    }
    a->head = 0;
    a->tail = n;
    a->holes = 0;
}

static void
drop(struct active *a, uint32_t i)
{
    a->live--;
    if (a->fen != NULL) {
        fen_add(a, i, UINT32_MAX);
    }
    if (i + 1 == a->tail) {
        a->tail--;
        while (a->tail > a->head && a->slot[a->tail - 1] == HOLE) {
            a->tail--;
            a->holes--;
        }
    } else if (i == a->head) {
        a->head++;
        while (a->head < a->tail && a->slot[a->head] == HOLE) {
            a->head++;
            a->holes--;
        }
    } else {
        a->slot[i] = HOLE;
        a->holes++;
    }
    /* Checked after every drop, end drops too (they lower live), so at
     * least half the slots are always live. Never with the Fenwick tree,
     * whose slots must not move. */
    if (a->fen == NULL && a->holes > a->live) {
        squeeze(a);
    }
}

/* The index of the entry the policy p takes. */
static uint32_t
take(struct maze__carve *ctx, struct active *a, enum policy p)
{
    switch (p) {
    case NEWEST:
        return a->tail - 1;
    case OLDEST:
        return a->head;
    case RANDOM:
        if (a->fen != NULL) {
            return fen_select(a, maze__rng_below32(&ctx->rng, a->live));
        }
        for (;;) {
            uint32_t i =
                a->head + maze__rng_below32(&ctx->rng, a->tail - a->head);
            if (a->slot[i] != HOLE) {
                return i;
            }
        }
    case MIDDLE:
    default:
        /* Only policies with a middle weight come here: fen is set. */
        return fen_select(a, a->live / 2);
    }
}

/*
 * The policy weights, divided by their greatest common divisor so that
 * only their ratios matter ("newest:3,random:1" carves the same maze as
 * "newest:75,random:25"); all zero becomes newest only. Returns the sum,
 * and through *only the one policy with a weight, or POLICY_COUNT when
 * several have one.
 */
static uint64_t
policy_weights(const struct maze_growing *g, uint32_t *w, enum policy *only)
{
    w[NEWEST] = g->newest;
    w[RANDOM] = g->random;
    w[OLDEST] = g->oldest;
    w[MIDDLE] = g->middle;
    uint32_t d = 0;
    for (int p = 0; p < POLICY_COUNT; p++) {
        d = (uint32_t)maze__gcd64(d, w[p]);
    }
    if (d == 0) {
        w[NEWEST] = d = 1;
    }
    uint64_t total = 0;
    unsigned positive = 0;
    *only = NEWEST;
    for (int p = 0; p < POLICY_COUNT; p++) {
        w[p] /= d;
        total += w[p];
        if (w[p] > 0) {
            positive++;
            *only = (enum policy)p;
        }
    }
    if (positive > 1) {
        *only = POLICY_COUNT;
    }
    return total;
}

/* Draws the policy of one step, with probability proportional to weight. */
static enum policy
draw_policy(struct maze__carve *ctx, const uint32_t *w, uint64_t total)
{
    uint64_t r = maze_rng_below(&ctx->rng, total);
    int p = 0;
    while (r >= w[p]) {
        r -= w[p++];
    }
    return (enum policy)p;
}

/* Records the policy as an option would be written, "growing=newest:1". */
static void
record_policy(struct maze__carve *ctx, const struct maze_growing *g)
{
    static const char prefix[] = "growing=";
    size_t n = sizeof(prefix) - 1;
    memcpy(ctx->params, prefix, n);
    maze_growing_format(g, ctx->params + n, sizeof(ctx->params) - n);
}

/*
 * The unvisited neighbours of cell whose edges may open, in the grid's
 * neighbour order: their edges, cells and (with p) visited-bit
 * positions. With a padded layout p (kinds with a stencil) the bits are
 * read at fixed offsets from the cell's, with no bounds check, and only
 * the unvisited neighbours' edges are worked out; without, through
 * maze__neighbors().
 */
static inline __attribute__((always_inline)) unsigned
candidates(const struct maze *m, bool conflicts, const struct maze__padded *p,
           const uint64_t *seen, uint32_t cell, uint32_t *edge, uint32_t *next,
           size_t *at)
{
    const struct maze_grid *g = m->grid;
    if (p == NULL) {
        /* at is not written: a cell's bit is its number. */
        return maze__neighbors_by_visit(m, conflicts, seen, cell, false, edge,
                                        next);
    }
    const struct maze__stencil *s = g->stencil;
    unsigned phase, k = 0, open = 0;
    size_t pc = maze__padded_at(g, p, cell, &phase);
    /* The unvisited steps as a mask first, then only those: no branch on
     * each bit, which no predictor can guess. */
    for (unsigned i = 0; i < s->count[phase]; i++) {
        open |= (unsigned)!maze__bit_get(seen, pc + (size_t)p->pos[phase][i])
                << i;
    }
    while (open != 0) {
        unsigned i = (unsigned)__builtin_ctz(open);
        open &= open - 1;
        size_t q = pc + (size_t)p->pos[phase][i];
        const struct maze__stencil_step *t = &s->step[phase][i];
        uint32_t c = (uint32_t)(cell + p->cell[phase][i]);
        uint32_t e = maze__step_edge(s, t, cell, c);
        if (__builtin_expect(conflicts, 0) && maze__edge_blocked(m, e)) {
            continue;
        }
        edge[k] = e;
        next[k] = c;
        at[k++] = q;
    }
    return k;
}

/*
 * One step of the carve from cell on a king grid whose conflicts are its
 * pairs (zeta): three reads of the block around the cell and the
 * conflicting pairs as a mask give the candidates, with no question a
 * candidate, and the edge, cell and position are worked out for the one
 * picked alone. Returns false when there is none; else opens the
 * passage, marks the new cell visited, gives it through *to, and marks
 * *slot SPENT when it was the only way on and ways only shrink. The
 * candidates, their order and the draws are those of candidates().
 */
static inline __attribute__((always_inline)) bool
carve_paired(struct maze__carve *ctx, const struct maze__padded *p,
             const struct maze__pair_steps *pairs,
             const struct maze__block_look *block, uint64_t *seen,
             uint32_t cell, bool shrink, uint32_t *slot, uint32_t *to)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    const struct maze__stencil *s = g->stencil;
    unsigned phase;
    size_t pc = maze__padded_at(g, p, cell, &phase);
    unsigned open = maze__block_unvisited(block, seen, pc, phase);
    if (open != 0) {
        open &=
            ~maze__pair_steps_blocked(pairs, m->bits, s->slots * cell, phase);
    }
    if (open == 0) {
        return false;
    }
    unsigned k = (unsigned)__builtin_popcount(open), pick = 0;
    if (k > 1) {
        uint32_t edge[MAZE_GRID_MAX_DEGREE];
        if (!ctx->unweighted) {
            /* The weights read the candidates' edges (unweighted, the
             * pick is a draw below k alone). */
            unsigned n = 0;
            for (unsigned w = open; w != 0; w &= w - 1) {
                unsigned i = (unsigned)__builtin_ctz(w);
                const struct maze__stencil_step *t = &s->step[phase][i];
                uint32_t c = (uint32_t)(cell + p->cell[phase][i]);
                edge[n++] = maze__step_edge(s, t, cell, c);
            }
        }
        pick = maze__pick_weighted(ctx, ctx->unweighted ? NULL : edge, k);
    } else if (shrink) {
        *slot |= SPENT;
    }
    for (; pick > 0; pick--) {
        open &= open - 1;
    }
    unsigned i = (unsigned)__builtin_ctz(open);
    const struct maze__stencil_step *t = &s->step[phase][i];
    uint32_t c = (uint32_t)(cell + p->cell[phase][i]);
    uint32_t e = maze__step_edge(s, t, cell, c);
    maze__open(m, e);
    maze__bit_set(seen, pc + (size_t)p->pos[phase][i]);
    maze__step(ctx, MAZE_STEP_OPEN, c, e);
    maze__step(ctx, MAZE_STEP_VISIT, c, MAZE_NONE);
    *to = c;
    return true;
}

/* The carve from the first cell, inlined with and without a padded
 * layout (see candidates()), and with the pairs (carve_paired()), so
 * that the loop never asks which. */
static inline __attribute__((always_inline)) void
grow(struct maze__carve *ctx, struct active *a, const uint32_t *w,
     uint64_t total, enum policy only, const struct maze__padded *p,
     const struct maze__pair_steps *pairs, const struct maze__block_look *block,
     uint64_t *seen, uint32_t first, size_t first_at)
{
    struct maze *m = ctx->maze;
    const bool conflicts = m->grid->conflicts; /* read once, for the loop */
    /* Whether a cell's ways only shrink (see SPENT): not where an open
     * edge may unblock another (the kind's own blocked rule). */
    const bool shrink = m->grid->ops->blocked == NULL;
    maze__bit_set(seen, first_at);
    maze__step(ctx, MAZE_STEP_VISIT, first, MAZE_NONE);
    push(a, first);
    while (a->live > 0) {
        enum policy pol =
            only != POLICY_COUNT ? only : draw_policy(ctx, w, total);
        uint32_t i = take(ctx, a, pol);
        uint32_t cell = a->slot[i] & ~SPENT;
        maze__step(ctx, MAZE_STEP_CURRENT, cell, MAZE_NONE);
        if (a->slot[i] & SPENT) {
            drop(a, i);
            continue;
        }
        uint32_t edge[MAZE_GRID_MAX_DEGREE], next[MAZE_GRID_MAX_DEGREE];
        size_t at[MAZE_GRID_MAX_DEGREE];
        if (pairs != NULL) {
            if (!carve_paired(ctx, p, pairs, block, seen, cell, shrink,
                              &a->slot[i], &next[0])) {
                drop(a, i);
                continue;
            }
            push(a, next[0]);
            continue;
        }
        unsigned k = candidates(m, conflicts, p, seen, cell, edge, next, at);
        if (k == 0) {
            drop(a, i);
            continue;
        }
        unsigned pick = k == 1 ? 0 : maze__pick_weighted(ctx, edge, k);
        if (k == 1 && shrink) {
            a->slot[i] |= SPENT;
        }
        maze__open(m, edge[pick]);
        maze__bit_set(seen, p != NULL ? at[pick] : next[pick]);
        maze__step(ctx, MAZE_STEP_OPEN, next[pick], edge[pick]);
        maze__step(ctx, MAZE_STEP_VISIT, next[pick], MAZE_NONE);
        push(a, next[pick]);
    }
}

static int
carve_growing_tree(struct maze__carve *ctx)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    uint32_t w[POLICY_COUNT];
    enum policy only;
    uint64_t total = policy_weights(&ctx->opt->growing, w, &only);
    struct maze__padded p;
    bool padded = maze__padded_ok(g, &p);
    uint64_t *visited = padded
                            ? maze__stencil_visited(g, &p)
                            : maze__alloc_array((g->cells + 63) / 64, 8, true);
    struct active a = {
        .slot = maze__alloc_array(g->cells, sizeof(uint32_t), false),
        .size = g->cells,
        .top = 1,
    };
    while (a.top <= a.size / 2) {
        a.top *= 2;
    }
    if (w[MIDDLE] > 0) {
        a.fen = maze__alloc_array(g->cells, sizeof(uint32_t), true);
    }
    if (visited == NULL || a.slot == NULL || (w[MIDDLE] > 0 && !a.fen)) {
        free(visited);
        free(a.slot);
        free(a.fen);
        return MAZE_ERR_NOMEM;
    }
    record_policy(ctx, &ctx->opt->growing);

    uint32_t first = maze__rng_below32(&ctx->rng, g->cells);
    if (padded) {
        unsigned phase;
        size_t at = maze__padded_at(g, &p, first, &phase);
        struct maze__pair_steps ps;
        struct maze__block_look block;
        if (maze__pair_look_init(m, &p, &ps, &block)) {
            grow(ctx, &a, w, total, only, &p, &ps, &block, visited, first, at);
        } else {
            grow(ctx, &a, w, total, only, &p, NULL, NULL, visited, first, at);
        }
    } else {
        grow(ctx, &a, w, total, only, NULL, NULL, NULL, visited, first, first);
    }
    free(visited);
    free(a.slot);
    free(a.fen);
    return MAZE_OK;
}

/* The memory model: scratch bytes at most (maze__algorithm.scratch). */
static uint64_t
scratch_growing_tree(const struct maze__dims *d)
{
    /* Visited bits (with a border on the kinds with a stencil), the
     * active list, and with a middle weight the Fenwick tree over it. */
    uint64_t per_cell = d->opt->growing.middle > 0 ? 8 : 4;
    uint64_t plain = maze__sat_bits(d->cells);
    uint64_t padded = maze__padded_scratch(d);
    return maze__sat_add(padded > plain ? padded : plain,
                         maze__sat_mul(per_cell, d->cells));
}

const struct maze__algorithm maze__gen_growing_tree = {
    .info =
        {
            .name = "growing-tree",
            .description = "growing tree: --growing picks the newest, a "
                           "random, the oldest or the middle active cell",
            .streamable = false,
            .perfect = true,
        },
    .carve = carve_growing_tree,
    .scratch = scratch_growing_tree,
};
