/* SPDX-License-Identifier: MIT */
/*
 * Simplified Prim: keep the frontier (cells next to the maze but not in
 * it) in a list, and repeatedly take a random frontier cell out of it and
 * join it to the maze through one of its neighbours already inside. The
 * list is unordered, so taking a cell is a swap with the last entry: O(E)
 * in all, with 4 bytes per frontier cell and a visited bit per cell.
 *
 * Bias: a frontier cell is drawn with probability proportional to the
 * weight of the heaviest class among its passages into the maze, and the
 * passage it joins through with probability proportional to its class
 * weight. With equal weights both draws are uniform, the textbook carve.
 * Biasing only the passage would be too weak to matter (h=1,v=0 would
 * still give a quarter of the passages to v, since most cells on the top and
 * bottom of the growing maze touch it only vertically); biasing the cell
 * too makes a zero-weight class join only cells that have no other way
 * in. Weights are first divided by their common divisor, so h=v of any
 * size is exactly the unbiased carve, and h=3,v=1 is exactly h=6,v=2.
 *
 * With unequal weights the frontier is kept as one list per set of
 * classes by which a cell touches the maze (its "mask"). A cell's mask
 * only grows, so when it grows the cell is added to its new list and its
 * old entry is left to be discarded when drawn: each cell enters at most
 * one list per class and the carve stays O(E). Each list counts its
 * current cells, so the list is drawn by weight times count, then a cell
 * of it uniformly by rejecting stale entries.
 *
 * On the kinds with a stencil and a single list, a cell newly next to
 * the maze is told from one already in the frontier by a bit a cell set
 * when it enters, not by counting its neighbours in the maze (three to
 * five runs of bits, on as many rows and levels, for each neighbour of
 * each cell that joins).
 *
 * Conflicts (zeta): a cell drawn whose every passage into the maze crosses
 * an open diagonal cannot join yet. It is parked, out of every list, and
 * goes back into the frontier when a neighbour next joins the maze (only
 * a diagonal can be blocked, so a side neighbour joining frees it).
 */
#include <stdlib.h>

#include "core/checked.h"
#include "gen/blocked.h"
#include "gen/gen.h"
#include "gen/weighted.h"
#include <mazegen/status.h>

/* One list per non-empty mask; mask m is list m - 1. At most this many
 * (the grid's classes make (1 << classes) - 1); also "no list". */
#define LISTS ((1u << MAZE_MAX_CLASSES) - 1)

struct list {
    uint32_t *cells;
    size_t len;
    size_t capacity;
    uint32_t live; /* entries whose cell is in the frontier with this mask */
};

struct state {
    struct maze__carve *ctx;
    const struct maze_grid *g;
    struct maze__weights w;
    /* A bit a cell; in p's layout, with a border that reads unvisited,
     * on the kinds with a stencil (then p is set, else NULL). */
    uint64_t *visited;
    const struct maze__padded *p;
    /* With p: each phase's neighbours as runs of bits in the rows they
     * lie in (see row_runs()). */
    struct run {
        int64_t from;  /* padded offset of the run's first bit */
        unsigned bits; /* which of its 2 * pad + 1 bits are neighbours */
    } run[2][8];
    unsigned runs[2];
    /* Cells parked (see the file comment); NULL without conflicts. */
    uint64_t *parked;
    /* With p and a single list: a bit a cell, set once the cell has
     * entered the frontier (see visit_padded()); else NULL. */
    uint64_t *reached;
    struct list list[LISTS];
    unsigned lists; /* 1 with equal weights: masks do not matter */
    /* With p on a king grid whose conflicts are its pairs (zeta): the
     * visited bits of the block around a cell and the conflicting pairs
     * read as masks (see grow()). Last: the other kinds' members keep
     * their places. */
    struct maze__pair_steps pairs;
    struct maze__block_look block;
};

static int
list_add(struct list *l, uint32_t cell)
{
    if (l->len == l->capacity) {
        size_t cap = l->capacity ? l->capacity * 2 : 1024;
        size_t bytes;
        if (!maze__mul_size(cap, sizeof(uint32_t), &bytes)) {
            return MAZE_ERR_NOMEM;
        }
        uint32_t *c = realloc(l->cells, bytes);
        if (c == NULL) {
            return MAZE_ERR_NOMEM;
        }
        l->cells = c;
        l->capacity = cap;
    }
    l->cells[l->len++] = cell;
    l->live++;
    return MAZE_OK;
}

/*
 * The classes by which cell touches the maze, leaving out the cell
 * `except` (MAZE_NONE for none), as a bit mask.
 */
static unsigned
mask_of(const struct state *s, uint32_t cell, uint32_t except)
{
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze__neighbors(s->g, cell, links);
    unsigned mask = 0;
    for (unsigned i = 0; i < n; i++) {
        if (links[i].cell != except &&
            maze__bit_get(s->visited, links[i].cell)) {
            /* One list: only whether there is a link counts, not its
             * class, and the first one says so. */
            if (s->lists == 1) {
                return 1;
            }
            mask |= 1u << maze__edge_class(s->g, links[i].edge);
        }
    }
    return mask;
}

static unsigned
list_of(const struct state *s, unsigned mask)
{
    return s->lists == 1 ? 0 : mask - 1;
}

/*
 * mask_of() on a kind with a stencil, for the cell c at padded position
 * pc in phase `phase`, leaving out the position `except`: its neighbours'
 * bits are read at fixed offsets, and the border reads unvisited, so no
 * bounds are checked. Only a visited neighbour's edge is worked out, and
 * only for its class.
 */
static inline __attribute__((always_inline)) unsigned
mask_padded(const struct state *s, uint32_t c, size_t pc, unsigned phase,
            size_t except)
{
    const struct maze__padded *p = s->p;
    const struct maze__stencil *st = s->g->stencil;
    unsigned mask = 0, count = st->count[phase];
    if (s->lists == 1) {
        /* Only whether there is a link counts: the visited neighbours
         * added up a row's run at a time, less `except` (visited, and a
         * neighbour, whenever it is a position). */
        static const uint8_t ones[32] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2,
                                         3, 2, 3, 3, 4, 1, 2, 2, 3, 2, 3,
                                         3, 4, 2, 3, 3, 4, 3, 4, 4, 5};
        unsigned width = 2 * p->pad + 1, sum = 0;
        for (unsigned r = 0; r < s->runs[phase]; r++) {
            const struct run *u = &s->run[phase][r];
            size_t at = pc + (size_t)u->from;
            const uint64_t *v = s->visited + at / 64;
            unsigned sh = (unsigned)(at % 64);
            uint64_t x = v[0] >> sh;
            if (sh > 64 - width) {
                x |= v[1] << (64 - sh);
            }
            sum += ones[x & u->bits];
        }
        return sum > (except != SIZE_MAX);
    }
    for (unsigned j = 0; j < count; j++) {
        size_t q = pc + (size_t)p->pos[phase][j];
        if (q == except || !maze__bit_get(s->visited, q)) {
            continue;
        }
        const struct maze__stencil_step *t = &st->step[phase][j];
        uint32_t n = (uint32_t)(c + p->cell[phase][j]);
        uint32_t e = maze__step_edge(st, t, c, n);
        mask |= 1u << maze__edge_class(s->g, e);
    }
    return mask;
}

/*
 * Groups each phase's stencil steps by the row they reach (their dy and
 * dz): a row's steps are bits of one run of 2 * pad + 1 positions, read
 * from the visited bits at once. The king grids' eight neighbours are
 * three runs.
 */
static void
row_runs(struct state *s)
{
    const struct maze__stencil *st = s->g->stencil;
    const struct maze__padded *p = s->p;
    for (unsigned f = 0; f < 2; f++) {
        s->runs[f] = 0;
        for (unsigned j = 0; j < st->count[f]; j++) {
            const struct maze__stencil_step *t = &st->step[f][j];
            int64_t from = p->pos[f][j] - t->dx - (int64_t)p->pad;
            unsigned r = 0;
            while (r < s->runs[f] && s->run[f][r].from != from) {
                r++;
            }
            if (r == s->runs[f]) {
                s->run[f][s->runs[f]++] = (struct run){from, 0};
            }
            s->run[f][r].bits |= 1u << (t->dx + (int)p->pad);
        }
    }
}

/* The padded position of cell, its phase and its place (x, y, level). */
static inline __attribute__((always_inline)) size_t
locate(const struct state *s, uint32_t cell, unsigned *phase, uint32_t *xyz)
{
    const struct maze__padded *p = s->p;
    *phase = maze__stencil_place(s->g, cell, &xyz[0], &xyz[1], &xyz[2]);
    return (xyz[2] + p->zpad) * p->sz + (xyz[1] + p->pad) * p->sx + xyz[0] +
           p->pad;
}

/* Whether to add c (reached from a newly visited cell through edge) to
 * the frontier list of its new mask; before is its mask without that
 * cell. Updates the lists' counts and the parked bits. */
static inline __attribute__((always_inline)) int
reach(struct state *s, uint32_t c, uint32_t edge, unsigned before)
{
    unsigned after = before | 1u << maze__edge_class(s->g, edge);
    if (__builtin_expect(s->parked != NULL, 0) && maze__bit_get(s->parked, c)) {
        /* Out of every list since it was parked: back in. */
        s->parked[c / 64] &= ~((uint64_t)1 << (c % 64));
    } else if (before != 0) {
        unsigned old = list_of(s, before);
        if (old == list_of(s, after)) {
            return MAZE_OK;
        }
        s->list[old].live--;
    }
    int rc = list_add(&s->list[list_of(s, after)], c);
    if (rc == MAZE_OK && before == 0) {
        maze__step(s->ctx, MAZE_STEP_FRONTIER, c, edge);
    }
    return rc;
}

/* visit() on a kind with a stencil: cell is at padded position pc, in
 * phase `phase`, at place xyz; `paired` when s->block applies. */
static inline __attribute__((always_inline)) int
visit_stencil(struct state *s, uint32_t cell, size_t pc, unsigned phase,
              const uint32_t *xyz, bool paired)
{
    const struct maze_grid *g = s->g;
    const struct maze__padded *p = s->p;
    const struct maze__stencil *st = g->stencil;
    maze__bit_set(s->visited, pc);
    maze__step(s->ctx, MAZE_STEP_VISIT, cell, MAZE_NONE);
    /* The unvisited neighbours as a mask; far enough from the grid's
     * edges every step lands on a cell, and no bounds are checked. */
    bool inside = xyz[0] >= p->pad && xyz[0] + p->pad < g->width &&
                  xyz[1] >= p->pad && xyz[1] + p->pad < g->height &&
                  (!st->layered || (xyz[2] >= 1 && xyz[2] + 1 < g->layers));
    unsigned out = 0, count = st->count[phase];
    if (paired && inside) {
        /* Every step lands on a cell: three reads of the block. */
        out = maze__block_unvisited(&s->block, s->visited, pc, phase);
        count = 0;
    }
    for (unsigned i = 0; i < count; i++) {
        const struct maze__stencil_step *t = &st->step[phase][i];
        /* Off the grid, a step below 0 wraps past the size. */
        bool on = inside || (xyz[0] + (uint32_t)t->dx < g->width &&
                             xyz[1] + (uint32_t)t->dy < g->height &&
                             xyz[2] + (uint32_t)t->dz < g->layers);
        out |= (unsigned)(on && !maze__bit_get(s->visited,
                                               pc + (size_t)p->pos[phase][i]))
               << i;
    }
    while (out != 0) {
        unsigned i = (unsigned)__builtin_ctz(out);
        out &= out - 1;
        const struct maze__stencil_step *t = &st->step[phase][i];
        size_t q = pc + (size_t)p->pos[phase][i];
        uint32_t c = (uint32_t)(cell + p->cell[phase][i]);
        uint32_t e = maze__step_edge(st, t, cell, c);
        unsigned to = phase ^ p->flip[phase][i];
        int rc;
        if (s->lists == 1) {
            /* reach() with one list: a parked cell goes back in (it has
             * another way into the maze, the one that was blocked), a
             * cell already in the list stays, a new one joins it. */
            if (__builtin_expect(s->parked != NULL, 0) &&
                maze__bit_get(s->parked, c)) {
                s->parked[c / 64] &= ~((uint64_t)1 << (c % 64));
                rc = list_add(&s->list[0], c);
            } else if (maze__bit_get(s->reached, c)) {
                /* Another neighbour in the maze put it in the frontier
                 * (and every cell enters it when its first neighbour
                 * joins): one bit, not its neighbours' bits counted. */
                continue;
            } else {
                maze__bit_set(s->reached, c);
                rc = list_add(&s->list[0], c);
                maze__step(s->ctx, MAZE_STEP_FRONTIER, c, e);
            }
        } else {
            rc = reach(s, c, e, mask_padded(s, c, q, to, pc));
        }
        if (rc != MAZE_OK) {
            return rc;
        }
    }
    return MAZE_OK;
}

/* visit_stencil() bit by bit, and with the block read: each its own
 * function, called from two places in grow(). */
static __attribute__((noinline)) int
visit_padded(struct state *s, uint32_t cell, size_t pc, unsigned phase,
             const uint32_t *xyz)
{
    return visit_stencil(s, cell, pc, phase, xyz, false);
}

static __attribute__((noinline)) int
visit_paired(struct state *s, uint32_t cell, size_t pc, unsigned phase,
             const uint32_t *xyz)
{
    return visit_stencil(s, cell, pc, phase, xyz, true);
}

/* Adds cell to the maze and updates the frontier around it. */
static int
visit(struct state *s, uint32_t cell)
{
    maze__bit_set(s->visited, cell);
    maze__step(s->ctx, MAZE_STEP_VISIT, cell, MAZE_NONE);
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze__neighbors(s->g, cell, links);
    for (unsigned i = 0; i < n; i++) {
        uint32_t c = links[i].cell;
        if (maze__bit_get(s->visited, c)) {
            continue;
        }
        int rc = reach(s, c, links[i].edge, mask_of(s, c, cell));
        if (rc != MAZE_OK) {
            return rc;
        }
    }
    return MAZE_OK;
}

/* The weight of a list's cells: that of their heaviest class. */
static uint64_t
list_weight(const struct state *s, unsigned list)
{
    uint64_t w = 0;
    for (unsigned c = 0; c < s->w.n; c++) {
        if ((((list + 1) >> c) & 1u) && s->w.w[c] > w) {
            w = s->w.w[c];
        }
    }
    return w;
}

/* Draws a list by weight times live count; none left gives LISTS. */
static inline __attribute__((always_inline)) unsigned
draw_list(struct state *s)
{
    if (s->lists == 1) {
        return s->list[0].live ? 0 : LISTS;
    }
    uint64_t weight[LISTS], total = 0, live = 0;
    for (unsigned i = 0; i < s->lists; i++) {
        /* live < 2^31 in all and weights < 2^30: no overflow. */
        weight[i] = list_weight(s, i) * s->list[i].live;
        total += weight[i];
        live += s->list[i].live;
    }
    if (live == 0) {
        return LISTS;
    }
    if (total == 0) {
        /* Only zero-weight cells are left: draw them uniformly. */
        for (unsigned i = 0; i < s->lists; i++) {
            weight[i] = s->list[i].live;
        }
        total = live;
    }
    uint64_t r = maze_rng_below(&s->ctx->rng, total);
    unsigned i = 0;
    while (r >= weight[i]) {
        r -= weight[i++];
    }
    return i;
}

/* Whether cell is in the maze, and its mask now: for the stale entries
 * of take(), off the hot path. */
static bool
is_visited(const struct state *s, uint32_t cell)
{
    unsigned phase;
    uint32_t xyz[3];
    return maze__bit_get(s->visited,
                         s->p != NULL ? locate(s, cell, &phase, xyz) : cell);
}

static unsigned
current_mask(const struct state *s, uint32_t cell)
{
    if (s->p == NULL) {
        return mask_of(s, cell, MAZE_NONE);
    }
    unsigned phase;
    uint32_t xyz[3];
    size_t pc = locate(s, cell, &phase, xyz);
    return mask_padded(s, cell, pc, phase, SIZE_MAX);
}

/* Takes a uniformly drawn live cell out of list i (which has one). */
static inline __attribute__((always_inline)) uint32_t
take(struct state *s, unsigned i)
{
    struct list *l = &s->list[i];
    for (;;) {
        uint32_t k = maze__rng_below32(&s->ctx->rng, (uint32_t)l->len);
        uint32_t cell = l->cells[k];
        l->cells[k] = l->cells[--l->len];
        /* An entry is stale when its cell has moved to another list,
         * and may since have been taken from there (never with a single
         * list, where every entry is live). */
        if (s->lists == 1 ||
            (!is_visited(s, cell) && list_of(s, current_mask(s, cell)) == i)) {
            l->live--;
            return cell;
        }
    }
}

/*
 * The carve from the first cell, inlined with and without a padded
 * layout (s->p), and with it with and without the block read and the
 * pairs as masks (`paired`: s->block and s->pairs), so that the loop
 * never asks which.
 */
static inline __attribute__((always_inline)) int
grow(struct state *s, uint32_t first, bool padded, bool paired)
{
    struct maze__carve *ctx = s->ctx;
    struct maze *m = ctx->maze;
    const struct maze_grid *g = s->g;
    unsigned phase = 0;
    uint32_t xyz[3] = {0, 0, 0};
    size_t pc = 0;
    int rc;
    if (padded) {
        pc = locate(s, first, &phase, xyz);
        rc = paired ? visit_paired(s, first, pc, phase, xyz)
                    : visit_padded(s, first, pc, phase, xyz);
    } else {
        rc = visit(s, first);
    }
    unsigned i;
    while (rc == MAZE_OK && (i = draw_list(s)) != LISTS) {
        uint32_t cell = take(s, i);
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        unsigned in = 0;
        if (paired) {
            /* The visited neighbours whose partner is closed, as masks:
             * the border reads unvisited, and the block's look marks the
             * unvisited steps. No edge is asked about one by one. */
            const struct maze__stencil *st = g->stencil;
            pc = locate(s, cell, &phase, xyz);
            unsigned all = (1u << st->count[phase]) - 1;
            unsigned open =
                all & ~maze__block_unvisited(&s->block, s->visited, pc, phase);
            open &= ~maze__pair_steps_blocked(&s->pairs, m->bits,
                                              st->slots * cell, phase);
            if (open == 0) {
                maze__bit_set(s->parked, cell);
                continue;
            }
            while (open != 0) {
                unsigned k = (unsigned)__builtin_ctz(open);
                open &= open - 1;
                const struct maze__stencil_step *t = &st->step[phase][k];
                uint32_t c = (uint32_t)(cell + s->p->cell[phase][k]);
                links[in].cell = c;
                links[in++].edge = maze__step_edge(st, t, cell, c);
            }
        } else if (padded) {
            /* The visited neighbours: the border reads unvisited. */
            const struct maze__stencil *st = g->stencil;
            pc = locate(s, cell, &phase, xyz);
            for (unsigned k = 0; k < st->count[phase]; k++) {
                if (maze__bit_get(s->visited,
                                  pc + (size_t)s->p->pos[phase][k])) {
                    const struct maze__stencil_step *t = &st->step[phase][k];
                    uint32_t c = (uint32_t)(cell + s->p->cell[phase][k]);
                    links[in].cell = c;
                    links[in++].edge = maze__step_edge(st, t, cell, c);
                }
            }
        } else {
            unsigned n = maze__neighbors(g, cell, links);
            for (unsigned k = 0; k < n; k++) {
                if (maze__bit_get(s->visited, links[k].cell)) {
                    links[in++] = links[k];
                }
            }
        }
        if (!paired && __builtin_expect(s->parked != NULL, 0) &&
            (in = maze__unblocked(m, links, in)) == 0) {
            maze__bit_set(s->parked, cell);
            continue;
        }
        unsigned pick =
            in == 1 ? 0 : maze__pick_link(&ctx->rng, g, &s->w, links, in);
        maze__open(m, links[pick].edge);
        maze__step(ctx, MAZE_STEP_OPEN, cell, links[pick].edge);
        if (paired) {
            rc = visit_paired(s, cell, pc, phase, xyz);
        } else {
            rc =
                padded ? visit_padded(s, cell, pc, phase, xyz) : visit(s, cell);
        }
    }
    return rc;
}

static int
carve_prim_simple(struct maze__carve *ctx)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    struct state s = {.ctx = ctx, .g = g, .w = maze__weights_plain(ctx)};
    struct maze__padded p;
    s.lists = s.w.equal ? 1 : (1u << s.w.n) - 1;
    if (maze__padded_ok(g, &p)) {
        /* Cleared: the border reads unvisited, so that only cells count
         * as the maze's neighbours. */
        s.p = &p;
        row_runs(&s);
        /* A word more than the bits: a run may be read across the last
         * word's end. */
        s.visited = maze__alloc_array(p.bits / 64 + 2, 8, true);
    } else {
        s.visited = maze__alloc_array((g->cells + 63) / 64, 8, true);
    }
    if (g->conflicts) {
        s.parked = maze__alloc_array((g->cells + 63) / 64, 8, true);
    }
    bool reached = s.p != NULL && s.lists == 1;
    if (reached) {
        s.reached = maze__alloc_array((g->cells + 63) / 64, 8, true);
    }
    if (s.visited == NULL || (g->conflicts && s.parked == NULL) ||
        (reached && s.reached == NULL)) {
        free(s.visited);
        free(s.parked);
        free(s.reached);
        return MAZE_ERR_NOMEM;
    }
    uint32_t first = maze__rng_below32(&ctx->rng, g->cells);
    int rc;
    if (s.p == NULL) {
        rc = grow(&s, first, false, false);
    } else if (g->conflicts &&
               maze__pair_look_init(m, &p, &s.pairs, &s.block)) {
        rc = grow(&s, first, true, true);
    } else {
        rc = grow(&s, first, true, false);
    }
    for (unsigned k = 0; k < LISTS; k++) {
        free(s.list[k].cells);
    }
    free(s.reached);
    free(s.parked);
    free(s.visited);
    return rc;
}

/* The memory model: scratch bytes at most (maze__algorithm.scratch). */
static uint64_t
scratch_prim_simple(const struct maze__dims *d)
{
    /* Visited bits (with a border on the kinds with a stencil), parked
     * bits on grids with conflicts, reached bits on the kinds with a
     * stencil, and frontier lists of 4-byte entries: each cell enters at
     * most one list per class (two; a parked cell's entry was taken out
     * before it comes back), lists grow by doubling. */
    uint64_t plain = maze__sat_bits(d->cells);
    uint64_t padded = maze__padded_scratch(d);
    uint64_t bits =
        maze__sat_add(maze__sat_mul(2, plain), padded > plain ? padded : plain);
    return maze__sat_add(bits,
                         maze__sat_add(maze__sat_mul(16, d->cells), 4096));
}

const struct maze__algorithm maze__gen_prim_simple = {
    .info =
        {
            .name = "prim-simple",
            .description = "simplified Prim: a random frontier cell joins a "
                           "random visited neighbour",
            .streamable = false,
            .perfect = true,
        },
    .carve = carve_prim_simple,
    .scratch = scratch_prim_simple,
};
