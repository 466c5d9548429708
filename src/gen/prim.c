/* SPDX-License-Identifier: MIT */
/*
 * True Prim: give every passage a random cost and grow the minimum
 * spanning tree from a random cell, always opening the cheapest passage
 * that leads out of the tree. A binary heap holds the passages leading
 * out, keyed by (cost, edge identifier) so that equal costs are taken in
 * a fixed order; it is lazy (a passage whose far cell joined the tree
 * another way is dropped when it comes up), so each passage enters it at
 * most once and the carve is O(E log E).
 *
 * Bias: a passage's cost is U / w, a uniform 32-bit draw U over the
 * weight w of its class, so a heavier class is cheaper and opens first.
 * Costs are compared exactly, as U_a * w_b against U_b * w_a, so scaling
 * every weight changes nothing (h=v of any size is exactly the unbiased
 * carve, h=3,v=1 is exactly h=6,v=2), and with equal weights an entry is
 * a single integer: U in the high half, the edge in the low. A zero
 * weight makes the cost infinite: such passages open only where nothing
 * else leads out of the tree, in the order of their draws.
 *
 * Buckets: on a large grid the lazy heap holds most of a passage per cell
 * (0.86 at 1000 x 1000; the costs left behind are the high ones, which the
 * growing tree walks round), and a single binary heap of 10^8 entries is
 * 26 levels of cache misses a pop. So entries go to PRIM_BUCKETS buckets by
 * cost, each its own binary heap, and a pop takes the cheapest entry of
 * the lowest bucket that is not empty. The bucket is a nondecreasing
 * function of the exact cost (see bucket_of()), so the lowest bucket
 * holds the global minimum and
 * the carve is exactly the single heap's, entry for entry. The heaps the
 * walk pops from stay small and in cache.
 *
 * Most pushes go to buckets far above the walk's, where a sift-up is a
 * cache miss a level for an order nobody asks for yet: so a bucket keeps
 * its entries in push order until its first pop, is then made a heap in
 * one linear pass (heapify()), and is kept one from then on. Which
 * structure holds the entries cannot change the carve: no two entries
 * are equal (each edge is pushed once) and before() is a strict total
 * order, so each pop takes the one exact minimum whatever the layout.
 *
 * Stale entries: a cell outside the tree is offered a passage by each
 * neighbour that joins before it, and only one of them opens. A passage
 * is left out when its cell already has one on the heap in a strictly
 * lower bucket that cannot be blocked (see offer()): that one comes up
 * first, so this one could only come up stale. Its cost is drawn all the
 * same. At 1000 x 1000 this leaves out a quarter to a half of the pushes
 * (zeta 1.05 M of 3.82 M, rect 0.34 M of 2.0 M), and as many pops.
 *
 * Memory: visited bits, 2 bytes per cell for offer(), and 8 bytes per
 * heap entry with doubling growth per bucket: at 1000 x 1000 the heap
 * peaks at 0.58 entries a cell on a rectangle, 1.63 on zeta.
 *
 * Kinds that give their neighbours as data (maze__stencil) keep their
 * visited bits with a border (maze__padded): a new cell's unvisited
 * neighbours are bit reads at fixed offsets, and an edge's cells and bits
 * are found from its owner's place by table. The draws are the same, in
 * the same order, so the mazes are too.
 */
#include <stdlib.h>

#include "core/checked.h"
#include "gen/blocked.h"
#include "gen/gen.h"
#include "gen/weighted.h"
#include <mazegen/status.h>

/*
 * A heap entry: the passage's draw U in the high half and its edge in the
 * low half, so with equal weights entries order as plain integers.
 */
static uint64_t
entry(uint32_t u, uint32_t edge)
{
    return (uint64_t)u << 32 | edge;
}

/* Buckets of finite cost, and one more for the infinite (zero weight). */
#define PRIM_BUCKET_BITS 12
#define PRIM_BUCKETS (1u << PRIM_BUCKET_BITS)

/* A binary min-heap of entries. */
struct heap {
    uint64_t *e;
    size_t len, capacity;
};

struct prim {
    struct maze__carve *ctx;
    const struct maze_grid *g;
    struct maze__weights w;
    /* The lightest positive class weight (see bucket_of()). */
    uint64_t lightest;
    /* A bit a cell; on the kinds with a stencil in pad's layout, with a
     * border that reads visited (then pad is set, else NULL). */
    uint64_t *visited;
    const struct maze__padded *pad;
    /* Per cell, 1 + the lowest bucket of an unblockable passage to it
     * on the heap, 0 for none (see offer()). */
    uint16_t *best;
    struct heap *bucket;                         /* PRIM_BUCKETS + 1 */
    uint64_t nonempty[(PRIM_BUCKETS + 64) / 64]; /* a bit per bucket */
    /* A bit per bucket kept in heap order; the others are in push order
     * until their first pop (see the file comment). */
    uint64_t heaped[(PRIM_BUCKETS + 64) / 64];
    size_t low; /* no bucket below is used */
    /* With pad on a king grid whose conflicts are its pairs (zeta): the
     * visited bits of the block around a cell and the conflicting pairs
     * read as masks (see visit_stencil()). */
    struct maze__pair_steps pairs;
    struct maze__block_look block;
};

/*
 * Whether entry a comes before entry b: cost U / w (U over the weight of
 * the edge's class) ascending, an infinite cost (w = 0) ordered by U among
 * its kind, then the edge. Costs are compared exactly, U_a * w_b against
 * U_b * w_a (each product < 2^62), so no two different costs ever tie.
 */
static inline bool
before(const struct prim *p, uint64_t a, uint64_t b)
{
    if (p->w.equal) {
        return a < b;
    }
    uint64_t wa = p->w.w[maze__edge_class(p->g, (uint32_t)a)];
    uint64_t wb = p->w.w[maze__edge_class(p->g, (uint32_t)b)];
    if (wa == 0 || wb == 0) {
        return wa == wb ? a < b : wb == 0;
    }
    uint64_t ca = (a >> 32) * wb, cb = (b >> 32) * wa;
    return ca < cb || (ca == cb && (uint32_t)a < (uint32_t)b);
}

/*
 * The bucket of entry e: its cost U / w scaled so that the lightest class
 * (whose costs run highest, below 2^32 / lightest) spans every finite
 * bucket, floor(U * lightest / w / 2^(32 - PRIM_BUCKET_BITS)), in exact
 * integers (U * lightest < 2^62); the last bucket for a zero weight.
 */
static inline size_t
bucket_of(const struct prim *p, uint64_t e)
{
    uint64_t u = e >> 32;
    if (p->w.equal) {
        return (size_t)(u >> (32 - PRIM_BUCKET_BITS));
    }
    uint64_t w = p->w.w[maze__edge_class(p->g, (uint32_t)e)];
    if (w == 0) {
        return PRIM_BUCKETS;
    }
    return (size_t)(u * p->lightest / w >> (32 - PRIM_BUCKET_BITS));
}

/* Adds entry e to bucket b, its bucket_of(). */
static inline __attribute__((always_inline)) int
push(struct prim *p, size_t b, uint64_t e)
{
    struct heap *hp = &p->bucket[b];
    if (hp->len == hp->capacity) {
        /* Each edge is pushed at most once, so no bucket ever needs more
         * room than the edge count. */
        size_t cap = hp->capacity ? hp->capacity * 2 : 16;
        if (cap > p->g->edges) {
            cap = p->g->edges;
        }
        size_t bytes;
        if (!maze__mul_size(cap, sizeof(uint64_t), &bytes)) {
            return MAZE_ERR_NOMEM;
        }
        uint64_t *h = realloc(hp->e, bytes);
        if (h == NULL) {
            return MAZE_ERR_NOMEM;
        }
        hp->e = h;
        hp->capacity = cap;
    }
    uint64_t *h = hp->e;
    size_t i = hp->len++;
    uint64_t bit = (uint64_t)1 << (b % 64);
    if (p->heaped[b / 64] & bit) {
        /* Move the hole up from the end to where e belongs. */
        while (i > 0 && before(p, e, h[(i - 1) / 2])) {
            h[i] = h[(i - 1) / 2];
            i = (i - 1) / 2;
        }
    }
    h[i] = e;
    p->nonempty[b / 64] |= bit;
    p->low = b < p->low ? b : p->low;
    return MAZE_OK;
}

/* Moves `last` down from the hole at i of h (len entries) to where it
 * belongs. */
static inline __attribute__((always_inline)) void
sift_down(const struct prim *p, uint64_t *h, size_t len, size_t i,
          uint64_t last)
{
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= len) {
            break;
        }
        if (c + 1 < len && before(p, h[c + 1], h[c])) {
            c++;
        }
        if (!before(p, h[c], last)) {
            break;
        }
        h[i] = h[c];
        i = c;
    }
    h[i] = last;
}

/*
 * Fills the hole at the root of h (len entries) with `last`: the hole
 * first goes down to a leaf by the lesser child, one comparison a level
 * and no branch on its outcome, and `last`, the old end of the heap and
 * so most often a large entry, then rises from there the level or two
 * it needs (Wegener's bottom-up order).
 */
static inline __attribute__((always_inline)) void
fill_root(const struct prim *p, uint64_t *h, size_t len, uint64_t last)
{
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c + 1 >= len) {
            if (c < len) {
                h[i] = h[c];
                i = c;
            }
            break;
        }
        c += (size_t)before(p, h[c + 1], h[c]);
        h[i] = h[c];
        i = c;
    }
    while (i > 0 && before(p, last, h[(i - 1) / 2])) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i] = last;
}

/* Whether both cells of edge e are in the tree: the passage leads
 * nowhere new, now and from now on. */
static bool
stale(const struct prim *p, uint32_t e)
{
    if (p->pad != NULL) {
        const struct maze__stencil *st = p->g->stencil;
        unsigned phase;
        size_t pa =
            maze__padded_at(p->g, p->pad, maze__stencil_owner(st, e), &phase);
        unsigned i = (unsigned)p->g->own_step[phase][maze__stencil_slot(st, e)];
        return maze__bit_get(p->visited, pa) &&
               maze__bit_get(p->visited, pa + (size_t)p->pad->pos[phase][i]);
    }
    uint32_t a = 0, b = 0;
    maze__edge_cells(p->g, e, &a, &b);
    return maze__bit_get(p->visited, a) && maze__bit_get(p->visited, b);
}

/*
 * Puts bucket b's entries, appended in any order, in heap order (Floyd:
 * sift each parent down, the last first), leaving out first those gone
 * stale while the bucket waited: the carve would drop them as they came
 * up, each for a pop's work, and nothing else (on zeta at 1000 x 1000,
 * most of the entries of the buckets the walk comes to late).
 */
static __attribute__((noinline)) void
heapify(struct prim *p, size_t b)
{
    struct heap *hp = &p->bucket[b];
    size_t k = 0;
    for (size_t i = 0; i < hp->len; i++) {
        if (!stale(p, (uint32_t)hp->e[i])) {
            hp->e[k++] = hp->e[i];
        }
    }
    hp->len = k;
    if (k == 0) {
        p->nonempty[b / 64] &= ~((uint64_t)1 << (b % 64));
    }
    for (size_t i = hp->len / 2; i-- > 0;) {
        sift_down(p, hp->e, hp->len, i, hp->e[i]);
    }
    p->heaped[b / 64] |= (uint64_t)1 << (b % 64);
}

/* Removes the first entry (there is one that is not stale) and returns
 * its edge. */
static inline __attribute__((always_inline)) uint32_t
pop(struct prim *p)
{
    size_t b;
    for (;;) {
        size_t w = p->low / 64;
        uint64_t bits = p->nonempty[w] & (~(uint64_t)0 << (p->low % 64));
        while (bits == 0) {
            bits = p->nonempty[++w];
        }
        b = w * 64 + (size_t)__builtin_ctzll(bits);
        p->low = b;
        if (p->heaped[b / 64] & ((uint64_t)1 << (b % 64))) {
            break;
        }
        heapify(p, b);
        if (p->bucket[b].len != 0) {
            break;
        }
    }
    struct heap *hp = &p->bucket[b];
    uint64_t *h = hp->e;
    uint32_t top = (uint32_t)h[0];
    uint64_t last = h[--hp->len];
    if (hp->len == 0) {
        p->nonempty[b / 64] &= ~((uint64_t)1 << (b % 64));
        return top;
    }
    fill_root(p, h, hp->len, last);
    return top;
}

/*
 * Whether edge e can ever be blocked: only on grids with conflicts, and
 * there, when the stencil gives the pairs, only an edge in a slot with a
 * partner (else any edge might be).
 */
static inline bool
blockable(const struct prim *p, uint32_t e)
{
    const struct maze_grid *g = p->g;
    if (__builtin_expect(!g->conflicts, 1)) {
        return false;
    }
    const struct maze__stencil *st = g->stencil;
    if (g->ops->blocked != NULL || st == NULL || !st->pairs) {
        return true;
    }
    return st->partner[maze__stencil_slot(st, e)] != 0;
}

/*
 * Offers entry e, a passage from the tree to cell c outside it, to the
 * heap. It is left out when c already has a passage on the heap in a
 * lower bucket that cannot be blocked: that one comes up first and takes
 * c into the tree (if nothing else has), and e would then come up stale;
 * and when it is blocked already (asked only then, a read of the maze).
 */
static inline __attribute__((always_inline)) int
offer(struct prim *p, uint32_t c, uint64_t e)
{
    size_t b = bucket_of(p, e);
    uint16_t *best = &p->best[c];
    /* best is 1 + that passage's bucket, 0 for none (then the
     * subtraction wraps to above every bucket). */
    if ((size_t)(uint16_t)(*best - 1) < b) {
        return MAZE_OK;
    }
    if (!blockable(p, (uint32_t)e)) {
        *best = (uint16_t)(b + 1);
    } else if (maze__edge_blocked(p->ctx->maze, (uint32_t)e)) {
        /* Blocked stays blocked (open edges stay open): the carve would
         * drop it when it came up. Its cost was drawn all the same. */
        return MAZE_OK;
    }
    return push(p, b, e);
}

/* offer() with e's bucket b, and whether e can be blocked and whether it
 * is, known (the walk's masks): the same entries pushed. */
static inline __attribute__((always_inline)) int
offer_known(struct prim *p, uint32_t c, uint64_t e, size_t b, bool can_block,
            bool is_blocked)
{
    uint16_t *best = &p->best[c];
    if ((size_t)(uint16_t)(*best - 1) < b) {
        return MAZE_OK;
    }
    if (!can_block) {
        *best = (uint16_t)(b + 1);
    } else if (is_blocked) {
        return MAZE_OK;
    }
    return push(p, b, e);
}

/* Adds cell to the tree and the passages out of it to the heap. */
static int
visit(struct prim *p, uint32_t cell)
{
    maze__bit_set(p->visited, cell);
    maze__step(p->ctx, MAZE_STEP_VISIT, cell, MAZE_NONE);
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze__neighbors(p->g, cell, links);
    for (unsigned i = 0; i < n; i++) {
        if (!maze__bit_get(p->visited, links[i].cell)) {
            uint32_t u = (uint32_t)(maze__rng_next(&p->ctx->rng) >> 32);
            int rc = offer(p, links[i].cell, entry(u, links[i].edge));
            if (rc != MAZE_OK) {
                return rc;
            }
            maze__step(p->ctx, MAZE_STEP_FRONTIER, links[i].cell,
                       links[i].edge);
        }
    }
    return MAZE_OK;
}

static void
free_prim(struct prim *p)
{
    for (size_t b = 0; b <= PRIM_BUCKETS; b++) {
        free(p->bucket[b].e);
    }
    free(p->bucket);
    free(p->best);
    free(p->visited);
}

/* visit() on a kind with a stencil: cell is at padded position pc, in
 * phase `phase`. The border reads visited, so the unvisited neighbours
 * are a mask of bit reads, taken in the grid's neighbour order. With
 * `paired` (p->block and p->pairs apply), the mask is three reads of the
 * block around the cell, and whether each step's edge is blocked now (a
 * partner open: nothing opens while the cell is visited) another mask,
 * read before the offers. */
static inline __attribute__((always_inline)) int
visit_stencil(struct prim *p, uint32_t cell, size_t pc, unsigned phase,
              bool paired)
{
    const struct maze__padded *pad = p->pad;
    const struct maze__stencil *st = p->g->stencil;
    maze__bit_set(p->visited, pc);
    maze__step(p->ctx, MAZE_STEP_VISIT, cell, MAZE_NONE);
    unsigned out = 0, blockable = 0, blocked = 0;
    if (paired) {
        out = maze__block_unvisited(&p->block, p->visited, pc, phase);
        blockable = p->pairs.paired[phase];
        blocked = maze__pair_steps_blocked(&p->pairs, p->ctx->maze->bits,
                                           st->slots * cell, phase);
    } else {
        for (unsigned i = 0; i < st->count[phase]; i++) {
            out |= (unsigned)!maze__bit_get(p->visited,
                                            pc + (size_t)pad->pos[phase][i])
                   << i;
        }
    }
    while (out != 0) {
        unsigned i = (unsigned)__builtin_ctz(out);
        out &= out - 1;
        const struct maze__stencil_step *t = &st->step[phase][i];
        uint32_t c = (uint32_t)(cell + pad->cell[phase][i]);
        uint32_t e = maze__step_edge(st, t, cell, c);
        uint32_t u = (uint32_t)(maze__rng_next(&p->ctx->rng) >> 32);
        int rc = paired
                     ? offer_known(p, c, entry(u, e), bucket_of(p, entry(u, e)),
                                   blockable >> i & 1u, blocked >> i & 1u)
                     : offer(p, c, entry(u, e));
        if (rc != MAZE_OK) {
            return rc;
        }
        maze__step(p->ctx, MAZE_STEP_FRONTIER, c, e);
    }
    return MAZE_OK;
}

/* visit_stencil() bit by bit, and with the block read and the pairs:
 * each its own function, called from two places of the carve. */
static __attribute__((noinline)) int
visit_padded(struct prim *p, uint32_t cell, size_t pc, unsigned phase)
{
    return visit_stencil(p, cell, pc, phase, false);
}

static __attribute__((noinline)) int
visit_paired(struct prim *p, uint32_t cell, size_t pc, unsigned phase)
{
    return visit_stencil(p, cell, pc, phase, true);
}

/*
 * The carve on a kind with a stencil: carve_prim()'s loop, with an
 * edge's cells and their visited bits found from the owner's padded
 * position (one multiply, no bounds check: every edge on the heap
 * exists). Kept out of carve_prim(), whose loop on the other kinds it
 * would otherwise crowd.
 */
static inline __attribute__((always_inline)) int
grow_stencil(struct prim *p, uint32_t first, bool paired)
{
    struct maze *m = p->ctx->maze;
    const struct maze_grid *g = p->g;
    const struct maze__stencil *st = g->stencil;
    const struct maze__padded *pad = p->pad;
    uint32_t left = g->cells - 1;
    unsigned phase;
    size_t pc = maze__padded_at(g, pad, first, &phase);
    int rc = paired ? visit_paired(p, first, pc, phase)
                    : visit_padded(p, first, pc, phase);
    while (rc == MAZE_OK && left > 0) {
        uint32_t e = pop(p);
        uint32_t a = maze__stencil_owner(st, e);
        size_t pa = maze__padded_at(g, pad, a, &phase);
        unsigned i = (unsigned)g->own_step[phase][maze__stencil_slot(st, e)];
        size_t pb = pa + (size_t)pad->pos[phase][i];
        bool in_a = maze__bit_get(p->visited, pa);
        bool in_b = maze__bit_get(p->visited, pb);
        if (in_a && in_b) {
            continue; /* joined the tree another way since */
        }
        if (maze__edge_blocked(m, e)) {
            continue; /* crosses an open diagonal, for good */
        }
        uint32_t b = (uint32_t)(a + pad->cell[phase][i]);
        maze__open(m, e);
        maze__step(p->ctx, MAZE_STEP_OPEN, in_a ? b : a, e);
        left--;
        uint32_t to = in_a ? b : a;
        size_t at = in_a ? pb : pa;
        unsigned f = in_a ? phase ^ pad->flip[phase][i] : phase;
        rc = paired ? visit_paired(p, to, at, f) : visit_padded(p, to, at, f);
    }
    return rc;
}

/* grow_stencil() with the block read and the pairs where they apply,
 * else bit by bit: each inlined apart, and out of carve_prim(). */
static __attribute__((noinline)) int
grow_padded(struct prim *p, uint32_t first)
{
    if (p->g->conflicts &&
        maze__pair_look_init(p->ctx->maze, p->pad, &p->pairs, &p->block)) {
        return grow_stencil(p, first, true);
    }
    return grow_stencil(p, first, false);
}

static int
carve_prim(struct maze__carve *ctx)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    struct prim p = {.ctx = ctx, .g = g, .w = maze__weights_plain(ctx)};
    for (unsigned c = 0; c < p.w.n; c++) {
        uint64_t w = p.w.w[c];
        if (w > 0 && (p.lightest == 0 || w < p.lightest)) {
            p.lightest = w;
        }
    }
    struct maze__padded pad;
    if (maze__padded_ok(g, &pad)) {
        p.pad = &pad;
        p.visited = maze__stencil_visited(g, &pad);
    } else {
        p.visited = maze__alloc_array((g->cells + 63) / 64, 8, true);
    }
    p.bucket = calloc(PRIM_BUCKETS + 1, sizeof(*p.bucket));
    p.best = maze__alloc_array(g->cells, sizeof(*p.best), true);
    if (p.visited == NULL || p.bucket == NULL || p.best == NULL) {
        free(p.visited);
        free(p.bucket);
        free(p.best);
        return MAZE_ERR_NOMEM;
    }
    p.low = PRIM_BUCKETS; /* empty: the first push lowers it */
    uint32_t first = maze__rng_below32(&ctx->rng, g->cells);
    if (p.pad != NULL) {
        int rc = grow_padded(&p, first);
        free_prim(&p);
        return rc;
    }
    uint32_t left = g->cells - 1;
    int rc = visit(&p, first);
    /* The tree is complete once every cell is in it; whatever is still on
     * the heap then leads nowhere new. */
    while (rc == MAZE_OK && left > 0) {
        uint32_t e = pop(&p);
        uint32_t a, b;
        maze__edge_cells(g, e, &a, &b);
        bool in_a = maze__bit_get(p.visited, a);
        bool in_b = maze__bit_get(p.visited, b);
        if (in_a && in_b) {
            continue; /* joined the tree another way since */
        }
        if (maze__edge_blocked(m, e)) {
            continue; /* crosses an open diagonal, for good */
        }
        maze__open(m, e);
        maze__step(ctx, MAZE_STEP_OPEN, in_a ? b : a, e);
        left--;
        rc = visit(&p, in_a ? b : a);
    }
    free_prim(&p);
    return rc;
}

/* The memory model: scratch bytes at most (maze__algorithm.scratch). */
static uint64_t
scratch_prim(const struct maze__dims *d)
{
    /* Visited bits (with a border on the kinds with a stencil), a
     * 2-byte bucket per cell (offer()) and 4097 bucket heaps of 8-byte
     * entries: together never more entries than the edges (measured:
     * 0.58 a cell at the peak on a rectangle, 1.63 on zeta, whose edges
     * are 4 a cell, so room to spare for doubling growth), plus each
     * bucket's header and first 16 entries. */
    uint64_t plain = maze__sat_bits(d->cells);
    uint64_t padded = maze__padded_scratch(d);
    uint64_t cells = maze__sat_add(padded > plain ? padded : plain,
                                   maze__sat_mul(2, d->cells));
    return maze__sat_add(maze__sat_add(cells, maze__sat_mul(8, d->edges)),
                         4097 * (24 + 16 * 8));
}

const struct maze__algorithm maze__gen_prim = {
    .info =
        {
            .name = "prim",
            .description = "true Prim: random passage weights, cheapest "
                           "frontier passage first; many short dead ends",
            .streamable = false,
            .perfect = true,
        },
    .carve = carve_prim,
    .scratch = scratch_prim,
};
