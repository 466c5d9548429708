/* SPDX-License-Identifier: MIT */
/*
 * Kruskal's "knock-down" method: take the walls in random order and knock
 * each one down when the cells on its two sides are still in different
 * sets, until one set holds every cell.
 *
 * Bias: the random order is a weighted shuffle. Each direction class keeps
 * its own uniformly shuffled list; the next wall comes from class c with
 * probability proportional to weight[c] times the walls c has left, which
 * is exactly sampling walls without replacement with per-wall weights. A
 * zero weight therefore puts that class after every other. With equal
 * weights that is a uniform shuffle of all the walls, done as one.
 *
 * Speed: both halves of the work are random access to arrays far larger
 * than the caches, so the layout of the work is what matters.
 * - The shuffle scatters the walls into buckets of a few thousand by
 *   independent uniform draws, then shuffles each bucket (Fisher-Yates)
 *   while it sits in the cache. Uniform bucket choices followed by a
 *   uniform order within each bucket make every order of the walls equally
 *   likely, as a plain Fisher-Yates would, with two streaming passes
 *   instead of one cache miss per wall. The bucket draws are made twice
 *   from a saved generator state, once to count and once to place (where
 *   the walls are listed as they go), so no second array is needed.
 * - Union-find keeps each root's set size, negated, in the parent array
 *   itself (union by size, path halving: 4 bytes per cell, no rank array),
 *   and prefetches in two stages: the parents of the cells of the wall 48
 *   ahead (for writing: halving and linking write there), then the
 *   grandparents of the wall 16 ahead, so the misses of many walls overlap
 *   instead of queueing one after another. Walls knocked down are noted
 *   and opened in the maze after the loop, so the loop's only misses are
 *   the union-find's own.
 * Memory: 4 bytes per wall and 4 per cell, about 12 bytes per cell (the
 * maze's own bits aside).
 *
 * Conflicts (zeta): a wall whose crossing diagonal was knocked down
 * already is left standing. Every wall between sides is still knocked at
 * when its cells are apart, so the result is a spanning tree.
 */
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "gen/coins.h"
#include "gen/gen.h"
#include "gen/weighted.h"
#include <mazegen/status.h>

/* Walls per bucket of the shuffle, about: small enough for the cache. */
#define BUCKET_WALLS 32768
/* How far ahead the two prefetch stages look, in walls. */
#define AHEAD_FAR 48
#define AHEAD_NEAR 16

/* The root of x's set, halving the path on the way. */
static inline uint32_t
find_root(int32_t *parent, uint32_t x)
{
    for (;;) {
        int32_t p = parent[x];
        if (p < 0) {
            return x;
        }
        int32_t gp = parent[p];
        if (gp < 0) {
            return (uint32_t)p;
        }
        parent[x] = gp;
        x = (uint32_t)gp;
    }
}

/*
 * Where union-find keeps a cell. On rectangles of at least TILE_MIN cells
 * a side, cells are laid out in 4 x 4 tiles, 16 cells (one 64-byte cache
 * line of parents) per tile, so the two cells of a wall share a line three
 * times in four and most walls cost one cache miss instead of two. Walls
 * are then named by the node of their west or north cell and their class
 * ((node << 1) | class), which gives both nodes with a few bit operations;
 * the maze's edge is worked out only for the walls knocked down. Other
 * grids use the cells and edges as they are.
 */
#define TILE_MIN 64

/*
 * Other grids with a stencil (maze__stencil) of at most CODED_CELLS cells
 * name their walls by the owner cell and a step kind: (cell << 3) | k,
 * the other cell being cell + delta[k] and the edge slots * cell +
 * slot[k]. Both cells then cost a shift, a mask and an add, where the
 * edge would need a division and the cell's phase; the kinds of step are
 * read from the stencil once, so the kind stays data. Below CODED_CELLS
 * cells no code is MAZE_NONE (the last cell's codes end in ...7 below
 * it), whatever the number of kinds (at most two phases of four slots).
 */
#define CODE_BITS 3
#define CODED_CELLS (1u << (32 - CODE_BITS))

struct layout {
    const struct maze_grid *g;
    /* edges: the tiles' order, but walls named by the maze's edges (for
     * a union-find on the cells as they are: carve_small()). */
    bool tiled, edges, coded;
    uint32_t tw;    /* tiles per row */
    uint64_t nodes; /* size of the parent array */
    /* coded: the step kind of each phase and slot (-1: no edge), and
     * each kind's cell step (modulo 2^32) and slot. */
    uint32_t slots;
    int8_t kind[2][4];
    uint32_t delta[1u << CODE_BITS], slot[1u << CODE_BITS];
    int8_t dx[1u << CODE_BITS], dy[1u << CODE_BITS], dz[1u << CODE_BITS];
    /* Walls of the kind pass under a cell (weave's tunnels): on grids
     * with conflicts never knocked down (knock_unblocked()). */
    bool under[1u << CODE_BITS];
    bool tunnels; /* some kind's walls do */
    /* Conflicts that are the stencil's pairs alone (zeta): each kind's
     * partner as a change of edge (modulo 2^32), read inline by
     * wall_blocked(); 0 for a kind without one. */
    bool pairs;
    uint32_t partner[1u << CODE_BITS];
    /* Conflicts that are the stencil's rule (weave), read inline by
     * rule_blocked() instead of a call into the kind: per slot, the
     * passages its rule reads, as bits from the owner's first slot
     * (modulo 2^64: a read before the first bit wraps past the last and
     * reads closed, as the kind's blocked operation has it), and whether
     * each must be open. */
    bool rules;
    uint8_t rule_count[4];
    bool rule_open[4][6];
    uint64_t rule_at[4][6];
    uint64_t passages; /* bits of the maze's passages */
};

/* Reads the rule of g's stencil into l (see layout.rules). */
static void
layout_rules(struct layout *l, const struct maze_grid *g)
{
    const struct maze__stencil *s = g->stencil;
    for (unsigned slot = 0; slot < 4; slot++) {
        l->rule_count[slot] = s->rule_count[slot];
        for (unsigned r = 0; r < s->rule_count[slot]; r++) {
            const struct maze__stencil_pass *q = &s->rule[slot][r];
            l->rule_at[slot][r] = (uint64_t)maze__pass_offset(s, q, g->width);
            l->rule_open[slot][r] = q->open;
        }
    }
}

/* Reads the step kinds of g's stencil into l (see CODED_CELLS). */
static void
layout_code(struct layout *l, const struct maze_grid *g)
{
    const struct maze__stencil *s = g->stencil;
    unsigned kinds = 0;
    l->slots = s->slots;
    for (unsigned f = 0; f < 2; f++) {
        for (unsigned slot = 0; slot < 4; slot++) {
            int i = slot < s->slots ? g->own_step[f][slot] : -1;
            l->kind[f][slot] = -1;
            if (i < 0) {
                continue;
            }
            const struct maze__stencil_step *t = &s->step[f][i];
            uint32_t d = (uint32_t)((int64_t)t->dx + (int64_t)t->dy * g->width +
                                    (int64_t)t->dz * g->layer_cells);
            unsigned k = 0;
            /* A kind is a step and a slot: on a grid two columns wide
             * two steps may move the same number of cells. */
            while (k < kinds && (l->delta[k] != d || l->slot[k] != slot ||
                                 l->dx[k] != t->dx || l->dy[k] != t->dy ||
                                 l->dz[k] != t->dz)) {
                k++;
            }
            if (k == kinds) {
                l->delta[k] = d;
                l->slot[k] = slot;
                l->dx[k] = t->dx;
                l->dy[k] = t->dy;
                l->dz[k] = t->dz;
                l->under[k] = s->under[slot] != 0;
                l->tunnels |= l->under[k];
                l->partner[k] = (uint32_t)(s->pairs ? s->partner[slot] : 0);
                kinds++;
            }
            l->kind[f][slot] = (int8_t)k;
        }
    }
    l->coded = true;
    l->pairs = g->conflicts && g->ops->blocked == NULL && s->pairs;
    /* The rule agrees with the kind's blocked operation, which a mask's
     * operations would not use. */
    l->rules = g->conflicts && !l->pairs && s->rules && g->ops == &g->kind->ops;
    l->passages = g->edge_slots;
    if (l->rules) {
        layout_rules(l, g);
    }
}

static void
layout_init(struct layout *l, const struct maze_grid *g)
{
    uint64_t tw = ((uint64_t)g->width + 3) / 4,
             th = ((uint64_t)g->height + 3) / 4;
    *l = (struct layout){.g = g, .nodes = g->cells};
    if (maze__grid_is_rect(g) && g->width >= TILE_MIN &&
        g->height >= TILE_MIN && tw * th * 16 <= INT32_MAX) {
        l->tiled = true;
        l->tw = (uint32_t)tw;
        l->nodes = tw * th * 16;
    } else if (!maze__grid_is_rect(g) && g->stencil != NULL &&
               g->cells < CODED_CELLS) {
        layout_code(l, g);
    }
}

/* The code of an existing edge on a coded layout. */
static inline uint32_t
edge_code(const struct layout *l, uint32_t edge)
{
    const struct maze_grid *g = l->g;
    uint32_t cell = maze__stencil_owner(g->stencil, edge), x, y, z;
    unsigned phase = maze__stencil_place(g, cell, &x, &y, &z);
    unsigned k = (unsigned)l->kind[phase][maze__stencil_slot(g->stencil, edge)];
    return cell << CODE_BITS | k;
}

/* The union-find nodes of a wall's two cells. */
static inline void
wall_nodes(const struct layout *l, uint32_t wall, uint32_t *a, uint32_t *b)
{
    if (l->coded) {
        *a = wall >> CODE_BITS;
        *b = *a + l->delta[wall & ((1u << CODE_BITS) - 1)];
        return;
    }
    if (!l->tiled) {
        maze__edge_cells(l->g, wall, a, b);
        return;
    }
    uint32_t n = wall >> 1;
    *a = n;
    if (wall & 1) {
        /* South: the next row of the tile, or the top row of the tile
         * below. */
        *b = (n & 12) != 12 ? n + 4 : n + 16 * l->tw - 12;
    } else {
        *b = (n & 3) != 3 ? n + 1 : n + 13;
    }
}

/* The maze's edge of a wall. */
static inline uint32_t
wall_edge(const struct layout *l, uint32_t wall)
{
    if (l->coded) {
        return l->slots * (wall >> CODE_BITS) +
               l->slot[wall & ((1u << CODE_BITS) - 1)];
    }
    if (!l->tiled) {
        return wall;
    }
    uint32_t n = wall >> 1, tile = n >> 4;
    uint32_t ty = tile / l->tw, tx = tile - ty * l->tw;
    uint32_t x = tx * 4 + (n & 3), y = ty * 4 + ((n >> 2) & 3);
    return 2 * (y * l->g->width + x) + (wall & 1);
}

/* The walls of one class (or all), in a fixed order. */
struct walls_iter {
    const struct layout *l;
    int cls; /* MAZE_CLASS_*, or -1 for all */
    /* Tiled: the node and class to look at next, and its tile; else the
     * edge slot. */
    uint64_t next;
    uint32_t tx, ty;
};

/* A wall that exists, whose class is the one asked for. */
static inline bool
wanted(const struct walls_iter *it, uint32_t cls, bool exists)
{
    return exists && (it->cls < 0 || (int)cls == it->cls);
}

static inline uint32_t
next_wall(struct walls_iter *it)
{
    const struct layout *l = it->l;
    const struct maze_grid *g = l->g;
    if (!l->tiled) {
        while (it->next < g->edge_slots) {
            uint32_t e = (uint32_t)it->next++;
            /* The class first: with weights the walls are scanned a
             * class at a time, and most slots are not the one asked. */
            if ((it->cls < 0 || (int)maze__edge_class(g, e) == it->cls) &&
                maze__edge_exists(g, e)) {
                return l->coded ? edge_code(l, e) : e;
            }
        }
        return MAZE_NONE;
    }
    while (it->next < 2 * l->nodes) {
        uint32_t wall = (uint32_t)it->next++;
        uint32_t n = wall >> 1;
        uint32_t x = it->tx * 4 + (n & 3), y = it->ty * 4 + ((n >> 2) & 3);
        if ((wall & 31) == 31 && ++it->tx == l->tw) {
            /* The last wall of the tile: on to the next. */
            it->tx = 0;
            it->ty++;
        }
        /* Padding nodes past the grid have no walls. */
        bool exists = (wall & 1) ? x < g->width && y + 1 < g->height
                                 : x + 1 < g->width && y < g->height;
        if (wanted(it, wall & 1, exists)) {
            return l->edges ? 2 * (y * g->width + x) + (wall & 1) : wall;
        }
    }
    return MAZE_NONE;
}

/* Bucket draws: `bits` bits each from the top of 64-bit words. */
struct bucket_draws {
    struct maze_rng rng;
    uint64_t word;
    unsigned left, bits;
};

static inline uint32_t
next_bucket(struct bucket_draws *d)
{
    if (d->left == 0) {
        d->word = maze__rng_next(&d->rng);
        d->left = 64 / d->bits;
    }
    uint32_t b = (uint32_t)(d->word >> (64 - d->bits));
    d->word <<= d->bits;
    d->left--;
    return b;
}

/*
 * The walls of every class on a tiled layout, in next_wall()'s order (tile
 * by tile, a tile's cells row by row, east before south), each written to
 * the bucket d draws for it: next_wall()'s walk as plain loops.
 */
static void
place_tiled(const struct layout *l, struct bucket_draws *d, size_t *end,
            uint32_t *out)
{
    const struct maze_grid *g = l->g;
    uint32_t w = g->width, h = g->height;
    uint32_t th = (uint32_t)(l->nodes / 16 / l->tw);
    for (uint32_t ty = 0; ty < th; ty++) {
        for (uint32_t tx = 0; tx < l->tw; tx++) {
            uint32_t node = (ty * l->tw + tx) << 4;
            for (uint32_t k = 0; k < 16; k++, node++) {
                uint32_t x = tx * 4 + (k & 3), y = ty * 4 + (k >> 2);
                if (y >= h) {
                    break;
                }
                uint32_t edge = 2 * (y * w + x);
                if (x + 1 < w) {
                    out[end[next_bucket(d)]++] = l->edges ? edge : node << 1;
                }
                if (x < w && y + 1 < h) {
                    out[end[next_bucket(d)]++] =
                        l->edges ? edge + 1 : (node << 1) | 1;
                }
            }
        }
    }
}

/* The walls of cell (at x, y, z, in phase) on a coded layout, in slot
 * order, each written to the bucket d draws for it: those whose other
 * cell is on the grid. */
static inline void
place_cell(const struct layout *l, struct bucket_draws *d, size_t *end,
           uint32_t *out, uint32_t cell, uint32_t x, uint32_t y, uint32_t z,
           unsigned phase)
{
    const struct maze_grid *g = l->g;
    for (unsigned slot = 0; slot < l->slots; slot++) {
        int k = l->kind[phase][slot];
        if (k < 0 || x + (uint32_t)l->dx[k] >= g->width ||
            y + (uint32_t)l->dy[k] >= g->height ||
            z + (uint32_t)l->dz[k] >= g->layers) {
            continue;
        }
        out[end[next_bucket(d)]++] = cell << CODE_BITS | (unsigned)k;
    }
}

/*
 * The walls of every class on a coded layout, in next_wall()'s order (by
 * edge: cell by cell, a cell's slots in order), each written to the bucket
 * d draws for it: next_wall()'s walk with the stencil read as it goes, no
 * division. Cells whose every step stays on the grid (all but a margin
 * round it) write their phase's kinds with no test.
 */
static void
place_coded(const struct layout *l, struct bucket_draws *d, size_t *end,
            uint32_t *out)
{
    const struct maze_grid *g = l->g;
    const struct maze__stencil *s = g->stencil;
    uint32_t w = g->width, h = g->height, cell = 0;
    /* Per phase, the kinds in slot order; how far steps reach each way. */
    unsigned count[2] = {0, 0};
    uint32_t kinds[2][4];
    int lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
    for (unsigned f = 0; f < 2; f++) {
        for (unsigned slot = 0; slot < l->slots; slot++) {
            int k = l->kind[f][slot];
            if (k < 0) {
                continue;
            }
            kinds[f][count[f]++] = (unsigned)k;
            const int step[3] = {l->dx[k], l->dy[k], l->dz[k]};
            for (unsigned a = 0; a < 3; a++) {
                lo[a] = step[a] < lo[a] ? step[a] : lo[a];
                hi[a] = step[a] > hi[a] ? step[a] : hi[a];
            }
        }
    }
    /* Inner cells: x in [x0, x1), and so on. */
    uint32_t x0 = (uint32_t)-lo[0],
             x1 = w > (uint32_t)hi[0] ? w - (uint32_t)hi[0] : 0;
    uint32_t y0 = (uint32_t)-lo[1],
             y1 = h > (uint32_t)hi[1] ? h - (uint32_t)hi[1] : 0;
    uint32_t z0 = (uint32_t)-lo[2],
             z1 = g->layers > (uint32_t)hi[2] ? g->layers - (uint32_t)hi[2] : 0;
    /* Narrower than the reach: no inner cell. */
    x0 = x0 < w ? x0 : w;
    x1 = x1 > x0 ? x1 : x0;
    for (uint32_t z = 0; z < g->layers; z++) {
        for (uint32_t y = 0; y < h; y++) {
            bool inner = y >= y0 && y < y1 && z >= z0 && z < z1;
            uint32_t a = inner ? x0 : w, b = inner ? x1 : w;
            uint32_t x = 0;
            for (; x < a; x++, cell++) {
                unsigned phase = (s->px * x + s->py * y) & 1u;
                place_cell(l, d, end, out, cell, x, y, z, phase);
            }
            for (; x < b; x++, cell++) {
                unsigned phase = (s->px * x + s->py * y) & 1u;
                for (unsigned i = 0; i < count[phase]; i++) {
                    out[end[next_bucket(d)]++] =
                        cell << CODE_BITS | kinds[phase][i];
                }
            }
            for (; x < w; x++, cell++) {
                unsigned phase = (s->px * x + s->py * y) & 1u;
                place_cell(l, d, end, out, cell, x, y, z, phase);
            }
        }
    }
}

/* Swaps s[i - 1] with s[j], a step of Fisher-Yates. */
static inline void
swap_step(uint32_t *s, size_t i, uint32_t j)
{
    uint32_t t = s[i - 1];
    s[i - 1] = s[j];
    s[j] = t;
}

/*
 * Fisher-Yates on the n walls at s (n below 2^32), the draws those of
 * maze__rand32_below() on p: two steps a 64-bit draw, its high half then
 * its low half, with no state between them; a draw either step might
 * reject (one in about 2^32 / n) goes the way maze__rand32_below() goes.
 */
static void
shuffle(struct maze_rng *rng, struct maze__rand32 *p, uint32_t *s, size_t n)
{
    size_t i = n;
    while (i > 1 && p->have) {
        swap_step(s, i, maze__rand32_below(rng, p, (uint32_t)i));
        i--;
    }
    while (i > 2) {
        uint64_t r = maze__rng_next(rng);
        uint32_t hi = (uint32_t)i, lo = hi - 1;
        uint64_t m1 = (r >> 32) * hi, m2 = (r & 0xffffffffu) * lo;
        if ((uint32_t)m1 < hi || (uint32_t)m2 < lo) {
            /* As maze__rand32_next() leaves it with r's high half
             * taken. */
            p->spare = r;
            p->have = 1;
            swap_step(s, i, maze__rand32_below_from(rng, p, hi, m1));
            i--;
            while (i > 1 && p->have) {
                swap_step(s, i, maze__rand32_below(rng, p, (uint32_t)i));
                i--;
            }
            continue;
        }
        swap_step(s, i, (uint32_t)(m1 >> 32));
        swap_step(s, i - 1, (uint32_t)(m2 >> 32));
        i -= 2;
    }
    if (i == 2) {
        swap_step(s, i, maze__rand32_below(rng, p, 2));
    }
}

/*
 * Writes the n walls of class cls (-1: all) to out in a uniformly random
 * order: scattered into buckets by uniform draws (made twice from one
 * generator state, to count and then to place), then each bucket
 * shuffled.
 */
static int
shuffled_walls(struct maze__carve *ctx, const struct layout *l, int cls,
               uint32_t *out, size_t n)
{
    unsigned bits = 1;
    while (bits < 16 && ((size_t)BUCKET_WALLS << bits) < n) {
        bits++;
    }
    size_t buckets = (size_t)1 << bits;
    size_t *end = maze__alloc_array(buckets + 1, sizeof(size_t), true);
    if (end == NULL) {
        return MAZE_ERR_NOMEM;
    }
    struct bucket_draws d = {.rng = ctx->rng, .bits = bits};
    /* Counted a word of draws at a time, then next_bucket() for the
     * rest: the same draws. */
    unsigned per = 64 / bits;
    size_t counted = 0;
    for (; counted + per <= n; counted += per) {
        uint64_t word = maze__rng_next(&d.rng);
        for (unsigned j = 0; j < per; j++) {
            end[(word >> (64 - bits)) + 1]++;
            word <<= bits;
        }
    }
    for (; counted < n; counted++) {
        end[next_bucket(&d) + 1]++;
    }
    for (size_t b = 0; b < buckets; b++) {
        end[b + 1] += end[b];
    }
    /* end[b] is where bucket b starts; placing moves it to where b ends
     * (and bucket b + 1 starts). */
    d = (struct bucket_draws){.rng = ctx->rng, .bits = bits};
    if (l->tiled && cls < 0) {
        place_tiled(l, &d, end, out);
    } else if (l->coded && cls < 0) {
        place_coded(l, &d, end, out);
    } else {
        struct walls_iter it = {.l = l, .cls = cls};
        for (size_t i = 0; i < n; i++) {
            uint32_t e = next_wall(&it);
            out[end[next_bucket(&d)]++] = e;
        }
    }
    ctx->rng = d.rng;
    struct maze__rand32 r32 = {0};
    size_t begin = 0;
    for (size_t b = 0; b < buckets; b++) {
        shuffle(&ctx->rng, &r32, out + begin, end[b] - begin);
        begin = end[b];
    }
    free(end);
    return MAZE_OK;
}

/* Chooses the class of the next wall; see the file comment. */
static unsigned
next_class(struct maze__carve *ctx, const size_t *left)
{
    uint64_t w[MAZE_MAX_CLASSES];
    uint64_t total = 0, count = 0;
    unsigned n = ctx->classes;
    for (unsigned c = 0; c < n; c++) {
        /* weight <= 2^30 and left < 2^32, so the sum fits in 64 bits. */
        w[c] = (uint64_t)ctx->bias.weight[c] * left[c];
        total += w[c];
        count += left[c];
    }
    if (total == 0) {
        /* Only zero-weight walls remain: take them in plain random order. */
        for (unsigned c = 0; c < n; c++) {
            w[c] = left[c];
        }
        total = count;
    }
    uint64_t r = maze_rng_below(&ctx->rng, total);
    for (unsigned c = 0; c < n; c++) {
        if (r < w[c]) {
            return c;
        }
        r -= w[c];
    }
    return n - 1;
}

/*
 * The walls in the order they are knocked at: with equal weights the one
 * shuffled list; else one shuffled list per class, one after another in
 * the same array (class c from start[c]), and per position the class the
 * next wall comes from (drawn by next_class() before the carve starts: the
 * order never depends on what the union-find finds), one bit each with
 * two classes and a byte each with more. Several cursors walk the order:
 * the carve, and the two look-aheads of the prefetches.
 */
struct order {
    uint32_t *walls;
    uint64_t *second; /* two classes: bit set = class 1 */
    uint8_t *cls;     /* more classes */
    size_t start[MAZE_MAX_CLASSES + 1];
};

struct cursor {
    size_t pos;
    size_t at[MAZE_MAX_CLASSES];
};

static inline uint32_t
next_in_order(const struct order *o, struct cursor *c, unsigned *cls)
{
    size_t p = c->pos++;
    unsigned k = 0;
    if (o->second != NULL) {
        k = (unsigned)maze__bit_get(o->second, p);
    } else if (o->cls != NULL) {
        k = o->cls[p];
    } else {
        *cls = 0;
        return o->walls[p];
    }
    *cls = k;
    return o->walls[o->start[k] + c->at[k]++];
}

static void
order_free(struct order *o)
{
    free(o->second);
    free(o->cls);
}

static int
order_init(struct order *o, struct maze__carve *ctx, const struct layout *l,
           uint32_t *walls)
{
    size_t n = l->g->edges;
    unsigned classes = ctx->classes;
    *o = (struct order){.walls = walls, .start = {0, n}};
    if (maze__weights_plain(ctx).equal) {
        return shuffled_walls(ctx, l, -1, walls, n);
    }
    size_t left[MAZE_MAX_CLASSES] = {0};
    for (unsigned c = 0; c < classes; c++) {
        struct walls_iter it = {.l = l, .cls = (int)c};
        while (next_wall(&it) != MAZE_NONE) {
            left[c]++;
        }
        o->start[c + 1] = o->start[c] + left[c];
    }
    if (classes == 2) {
        o->second = maze__alloc_array(n / 64 + 1, sizeof(uint64_t), true);
    } else {
        o->cls = maze__alloc_array(n, 1, false);
    }
    if (o->second == NULL && o->cls == NULL) {
        return MAZE_ERR_NOMEM;
    }
    int rc = MAZE_OK;
    for (unsigned c = 0; c < classes && rc == MAZE_OK; c++) {
        rc = shuffled_walls(ctx, l, (int)c, walls + o->start[c], left[c]);
    }
    for (size_t i = 0; i < n && rc == MAZE_OK; i++) {
        unsigned c = next_class(ctx, left);
        left[c]--;
        if (o->second != NULL) {
            o->second[i / 64] |= (uint64_t)c << (i % 64);
        } else {
            o->cls[i] = (uint8_t)c;
        }
    }
    return rc;
}

/*
 * On grids with conflicts: opens wall at once, so that the diagonal
 * crossing it sees it and stays, unless it crosses one knocked down
 * already; whether it opened. Such grids are never tiled (the wall is the
 * edge). Kept out of line so the loop on rectangles stays as it was.
 * `ask`: whether to ask if the wall is a tunnel (coded layouts skipped
 * theirs already).
 */
static __attribute__((noinline)) bool
knock_unblocked(struct maze *m, uint32_t wall, bool ask)
{
    /* Tunnels were placed first (place_crossings()), as many as the
     * weave density asks. */
    const struct maze_grid *g = m->grid;
    if (ask && g->ops->under != NULL && g->ops->under(g, wall) != MAZE_NONE) {
        return false;
    }
    if (maze__edge_blocked(m, wall)) {
        return false;
    }
    maze__open(m, wall);
    return true;
}

/*
 * On a coded layout with pairs: whether the crossing partner of wall,
 * whose edge is edge, is open, as maze__edge_blocked() would say, with no
 * call and no branch on the wall's kind. A wall without a partner reads
 * its own bit, which is closed: every wall is knocked at once, and
 * nothing else opens it.
 */
static inline bool
wall_blocked(const struct maze *m, const struct layout *l, uint32_t wall,
             uint32_t edge)
{
    return maze__is_open(m, edge + l->partner[wall & ((1u << CODE_BITS) - 1)]);
}

/*
 * On a coded layout with rules: whether the edge in slot of the cell
 * whose first slot is own is blocked, as maze__edge_blocked() would say,
 * with no call: the first passage the rule reads in the wrong state
 * settles it.
 */
static inline bool
rule_blocked_at(const struct maze *m, const struct layout *l, uint64_t own,
                unsigned slot)
{
    for (unsigned r = 0; r < l->rule_count[slot]; r++) {
        uint64_t b = own + l->rule_at[slot][r];
        bool on = b < l->passages && maze__bit_get(m->bits, b);
        if (on != l->rule_open[slot][r]) {
            return true;
        }
    }
    return false;
}

/* rule_blocked_at() for a wall, a kind that passes under no cell. */
static inline bool
rule_blocked(const struct maze *m, const struct layout *l, uint32_t wall)
{
    unsigned k = wall & ((1u << CODE_BITS) - 1);
    return rule_blocked_at(m, l, (uint64_t)l->slots * (wall >> CODE_BITS),
                           l->slot[k]);
}

/* What the knocking loop works with. */
struct knock {
    struct maze__carve *ctx;
    const struct layout *l;
    const struct order *o;
    int32_t *parent;
    uint32_t *walls;
    size_t *knocked; /* out, per class: walls knocked down (in walls) */
    uint32_t joined; /* sets joined before (crossings placed) */
};

/*
 * Knocks at the walls in order until one set holds every cell, inlined
 * twice: with conflicts (a diagonal crossing one knocked down already
 * stays) and without, so the loop on rectangles asks nothing more.
 */
static inline __attribute__((always_inline)) void
knock_walls(struct knock *k, bool conflicts, bool listen)
{
    const struct layout *l = k->l;
    /* A copy, as the loop had it before it was made a function: the
     * compiler keeps it in registers. */
    const struct order ord = *k->o, *o = &ord;
    const struct maze_grid *g = l->g;
    int32_t *parent = k->parent;
    uint32_t *walls = k->walls;
    size_t knocked[MAZE_MAX_CLASSES] = {0};
    size_t n = g->edges;
    struct cursor far = {0}, near = {0}, cur = {0};
    unsigned cls;
    for (size_t i = 0; i < AHEAD_FAR && i < n; i++) {
        (void)next_in_order(o, &far, &cls);
        if (i < AHEAD_NEAR) {
            (void)next_in_order(o, &near, &cls);
        }
    }
    uint32_t joins_left = g->cells - 1 - k->joined;
    uint64_t report = maze__report_step(g->cells);
    for (size_t i = 0; i < n && joins_left > 0; i++) {
        uint32_t na, nb;
        if (i + AHEAD_FAR < n) {
            wall_nodes(l, next_in_order(o, &far, &cls), &na, &nb);
            __builtin_prefetch(&parent[na], 1);
            __builtin_prefetch(&parent[nb], 1);
        }
        if (i + AHEAD_NEAR < n) {
            wall_nodes(l, next_in_order(o, &near, &cls), &na, &nb);
            int32_t pa = parent[na], pb = parent[nb];
            __builtin_prefetch(&parent[pa >= 0 ? pa : (int32_t)na]);
            __builtin_prefetch(&parent[pb >= 0 ? pb : (int32_t)nb]);
        }
        uint32_t wall = next_in_order(o, &cur, &cls);
        if (conflicts && l->coded && l->under[wall & ((1u << CODE_BITS) - 1)]) {
            /* A tunnel: knock_unblocked() would refuse it; its sets need
             * not be found. */
            continue;
        }
        wall_nodes(l, wall, &na, &nb);
        uint32_t ra = find_root(parent, na);
        uint32_t rb = find_root(parent, nb);
        if (ra == rb) {
            continue;
        }
        if (conflicts && l->pairs) {
            /* Opened at once, as knock_unblocked() does, so that the
             * crossing diagonal sees it. */
            uint32_t e = wall_edge(l, wall);
            if (wall_blocked(k->ctx->maze, l, wall, e)) {
                continue;
            }
            maze__open(k->ctx->maze, e);
        } else if (conflicts && l->rules) {
            /* Tunnels were skipped above: the rule for the rest. */
            if (rule_blocked(k->ctx->maze, l, wall)) {
                continue;
            }
            maze__open(k->ctx->maze, wall_edge(l, wall));
        } else if (conflicts &&
                   !knock_unblocked(k->ctx->maze, wall_edge(l, wall),
                                    !l->coded)) {
            continue;
        }
        /* The smaller set joins the larger (sizes are negated). */
        if (parent[ra] > parent[rb]) {
            uint32_t t = ra;
            ra = rb;
            rb = t;
        }
        parent[ra] += parent[rb];
        parent[rb] = (int32_t)ra;
        /* Knocked down: noted over a wall of its class already taken,
         * and opened in the maze after the loop, which then waits on
         * nothing but the union-find. */
        walls[o->start[cls] + knocked[cls]++] = wall;
        if (listen) {
            maze__step(k->ctx, MAZE_STEP_OPEN, MAZE_NONE, wall_edge(l, wall));
        }
        joins_left--;
        if ((joins_left & (report - 1)) == 0 &&
            maze__carve_report(k->ctx, g->cells - 1 - joins_left, g->cells)) {
            break;
        }
    }
    memcpy(k->knocked, knocked, sizeof(knocked));
}

/*
 * carve_small()'s union-find: a word a cell, the parent's index in the low
 * bits (a root is its own parent) and, in a root's top byte, its rank, so
 * union by rank reads nothing the finds did not. A cell's rank bits stop
 * mattering once it is not a root.
 */
#define RANK_SHIFT 24
#define INDEX_MASK ((1u << RANK_SHIFT) - 1)

/* The root of x's set, halving the path on the way. */
static inline uint32_t
find_packed(uint32_t *parent, uint32_t x)
{
    uint32_t p;
    while ((p = parent[x] & INDEX_MASK) != x) {
        uint32_t gp = parent[p] & INDEX_MASK;
        parent[x] = gp;
        x = gp;
    }
    return x;
}

/* The two union-finds, for the code both carves share (the crossings):
 * parent is an int32_t array (sizes in the roots) or, packed, a uint32_t
 * one (carve_small()'s). */
static inline __attribute__((always_inline)) uint32_t
uf_find(void *parent, uint32_t x, bool packed)
{
    return packed ? find_packed(parent, x) : find_root(parent, x);
}

/* Joins the sets of roots a and b (packed: union by rank); the root. */
static inline __attribute__((always_inline)) uint32_t
join_packed(uint32_t *parent, uint32_t a, uint32_t b)
{
    uint32_t wa = parent[a], wb = parent[b];
    if (wa >> RANK_SHIFT < wb >> RANK_SHIFT) {
        parent[a] = b;
        return b;
    }
    parent[b] = a;
    parent[a] = wa + ((wa >> RANK_SHIFT == wb >> RANK_SHIFT) << RANK_SHIFT);
    return a;
}

/* Joins the sets of roots a and b (union by size); returns the root. */
static inline uint32_t
join(int32_t *parent, uint32_t a, uint32_t b)
{
    if (parent[a] > parent[b]) {
        uint32_t t = a;
        a = b;
        b = t;
    }
    parent[a] += parent[b];
    parent[b] = (int32_t)a;
    return a;
}

/*
 * The corridor over a crossing at cell b whose tunnel joins ta and tb:
 * b's passages that pass under nothing, to neighbours other than ta and
 * tb, into over (their ends into ends); how many, 3 for more than two.
 * On a stencil, its steps are read as maze__stencil_neighbors() reads
 * them, those that pass under a cell skipped before they are worked out.
 */
static inline unsigned
corridor(const struct maze_grid *g, uint32_t b, uint32_t ta, uint32_t tb,
         uint32_t over[2], uint32_t ends[2])
{
    const struct maze__stencil *s = g->stencil;
    unsigned k = 0;
    if (s != NULL) {
        uint32_t x, y, z;
        unsigned phase = maze__stencil_place(g, b, &x, &y, &z);
        for (unsigned i = 0; i < s->count[phase]; i++) {
            const struct maze__stencil_step *st = &s->step[phase][i];
            if (s->under[st->slot] != 0 || x + (uint32_t)st->dx >= g->width ||
                y + (uint32_t)st->dy >= g->height ||
                z + (uint32_t)st->dz >= g->layers) {
                continue;
            }
            uint32_t c =
                (uint32_t)((int64_t)b + st->dx + (int64_t)st->dy * g->width +
                           (int64_t)st->dz * g->layer_cells);
            if (c == ta || c == tb) {
                continue;
            }
            if (k == 2) {
                return 3;
            }
            over[k] = maze__step_edge(s, st, b, c);
            ends[k++] = c;
        }
        return k;
    }
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze__neighbors(g, b, links);
    for (unsigned i = 0; i < n; i++) {
        uint32_t c = links[i].cell;
        if (g->ops->under(g, links[i].edge) == MAZE_NONE && c != ta &&
            c != tb) {
            if (k == 2) {
                return 3;
            }
            over[k] = links[i].edge;
            ends[k++] = c;
        }
    }
    return k;
}

/*
 * Whether edge is blocked: slot, when not NULL, holds the slots of the
 * crossing's edges (the corridor's two, the tunnel), so that a layout
 * with rules reads them inline (rule_blocked_at()).
 */
static inline __attribute__((always_inline)) bool
edge_blocked(const struct maze *m, const struct layout *l, uint32_t edge,
             const uint8_t *slot, unsigned i)
{
    if (slot != NULL && l->rules) {
        return rule_blocked_at(m, l, (uint64_t)edge - slot[i], slot[i]);
    }
    return maze__edge_blocked(m, edge);
}

/*
 * A crossing at cell b, with tunnel t under it: the corridor over it (b's
 * passages to the neighbours t does not join) and the tunnel, opened if
 * the grid's rule allows them and they join sets still apart; how many
 * sets they joined (0 when nothing was opened).
 */
static inline __attribute__((always_inline)) uint32_t
cross_at(struct maze__carve *ctx, void *parent, uint32_t b, uint32_t t,
         uint32_t ta, uint32_t tb, const uint32_t over[2],
         const uint32_t ends[2], const struct layout *l, const uint8_t *slot,
         bool listen, bool packed)
{
    struct maze *m = ctx->maze;
    /* The grid's rule first: it reads passages near b, which are in
     * cache (prefetch_around()), and turns down most tries once
     * crossings crowd, where the sets are five reads spread over the
     * union-find. The finds change no root, so the order changes no
     * maze. The tunnel's rule is asked with the corridor open, as it
     * passes only under one. A corridor open already joins a set to
     * itself (every passage opened so far joined two). */
    if (maze__is_open(m, over[0]) || maze__is_open(m, over[1]) ||
        edge_blocked(m, l, over[0], slot, 0) ||
        edge_blocked(m, l, over[1], slot, 1)) {
        return 0;
    }
    maze__open(m, over[0]);
    maze__open(m, over[1]);
    /* The corridor joins b and its two ends, the tunnel ta and tb: four
     * sets into two, which must be apart (no cycle). */
    bool ok = !edge_blocked(m, l, t, slot, 2);
    uint32_t rb = 0, r0 = 0, r1 = 0, ra = 0, rt = 0;
    if (ok) {
        rb = uf_find(parent, b, packed);
        r0 = uf_find(parent, ends[0], packed);
        r1 = uf_find(parent, ends[1], packed);
        ra = uf_find(parent, ta, packed);
        rt = uf_find(parent, tb, packed);
        bool over_ok = rb != r0 && rb != r1 && r0 != r1;
        bool in_a = ra == rb || ra == r0 || ra == r1;
        bool in_b = rt == rb || rt == r0 || rt == r1;
        ok = over_ok && ra != rt && !(in_a && in_b);
    }
    if (!ok) {
        maze__close(m, over[0]);
        maze__close(m, over[1]);
        return 0;
    }
    maze__open(m, t);
    if (listen) {
        maze__step(ctx, MAZE_STEP_OPEN, MAZE_NONE, over[0]);
        maze__step(ctx, MAZE_STEP_OPEN, MAZE_NONE, over[1]);
        maze__step(ctx, MAZE_STEP_OPEN, MAZE_NONE, t);
    }
    ra = uf_find(parent, ta, packed);
    rt = uf_find(parent, tb, packed);
    if (packed) {
        (void)join_packed(parent, join_packed(parent, rb, r0), r1);
        (void)join_packed(parent, ra, rt);
    } else {
        (void)join(parent, join(parent, rb, r0), r1);
        (void)join(parent, ra, rt);
    }
    return 3;
}

/* cross_at() for the tunnel t under b, its ends and corridor found by
 * asking the grid. */
static inline __attribute__((always_inline)) uint32_t
cross(struct maze__carve *ctx, void *parent, uint32_t b, uint32_t t,
      bool listen, bool packed)
{
    const struct maze_grid *g = ctx->maze->grid;
    uint32_t ta, tb;
    maze__edge_cells(g, t, &ta, &tb);
    uint32_t over[2], ends[2];
    unsigned k = corridor(g, b, ta, tb, over, ends);
    if (k != 2) {
        return 0;
    }
    return cross_at(ctx, parent, b, t, ta, tb, over, ends, NULL, NULL, listen,
                    packed);
}

/*
 * The tunnels that may pass under a cell, as steps from it, read from the
 * stencil (maze__stencil.under) once: per phase of the cell, in the order
 * the search of its neighbours' neighbours finds them (by the neighbour
 * that is the tunnel's lower end, then by the step from it), so that
 * place_crossings() asks only whether each end is on the grid.
 */
#define TUNNEL_WAYS 8

struct tunnel_way {
    int8_t nx, ny, nz; /* the lower end, from the cell */
    int8_t mx, my, mz; /* the upper end */
    int64_t dn, dm;    /* both as cell steps */
    int64_t owner;     /* the tunnel's owner, as a cell step */
    uint8_t slot;      /* the tunnel's slot */
};

struct tunnel_ways {
    unsigned count[2];
    struct tunnel_way way[2][TUNNEL_WAYS];
};

static int64_t
cell_step(const struct maze_grid *g, int dx, int dy, int dz)
{
    return dx + (int64_t)dy * g->width + (int64_t)dz * g->layer_cells;
}

static unsigned
step_parity(const struct maze__stencil *s, const struct maze__stencil_step *t)
{
    return (unsigned)(s->px * t->dx + s->py * t->dy) & 1u;
}

/* Fills w for g; false without a stencil or with more ways than fit. */
static bool
tunnel_ways_init(const struct maze_grid *g, struct tunnel_ways *w)
{
    const struct maze__stencil *s = g->stencil;
    if (s == NULL) {
        return false;
    }
    for (unsigned fb = 0; fb < 2; fb++) {
        w->count[fb] = 0;
        for (unsigned j = 0; j < s->count[fb]; j++) {
            const struct maze__stencil_step *tj = &s->step[fb][j];
            unsigned fn = fb ^ step_parity(s, tj);
            for (unsigned f = 0; f < s->count[fn]; f++) {
                const struct maze__stencil_step *tf = &s->step[fn][f];
                unsigned u = s->under[tf->slot];
                if (u == 0) {
                    continue;
                }
                /* The owner, and the step from it to the cell the
                 * tunnel passes under: back to where we started? */
                int ox = tj->dx, oy = tj->dy, oz = tj->dz;
                unsigned fo = fn;
                if (tf->theirs) {
                    ox += tf->dx;
                    oy += tf->dy;
                    oz += tf->dz;
                    fo ^= step_parity(s, tf);
                }
                int i = g->own_step[fo][u - 1];
                if (i < 0) {
                    continue;
                }
                const struct maze__stencil_step *tu = &s->step[fo][i];
                if (ox + tu->dx != 0 || oy + tu->dy != 0 || oz + tu->dz != 0) {
                    continue;
                }
                if (w->count[fb] == TUNNEL_WAYS) {
                    return false;
                }
                struct tunnel_way *t = &w->way[fb][w->count[fb]++];
                *t = (struct tunnel_way){
                    .nx = tj->dx,
                    .ny = tj->dy,
                    .nz = tj->dz,
                    .mx = (int8_t)(tj->dx + tf->dx),
                    .my = (int8_t)(tj->dy + tf->dy),
                    .mz = (int8_t)(tj->dz + tf->dz),
                    .owner = cell_step(g, ox, oy, oz),
                    .slot = tf->slot,
                };
                t->dn = cell_step(g, t->nx, t->ny, t->nz);
                t->dm = cell_step(g, t->mx, t->my, t->mz);
            }
        }
    }
    return true;
}

/* Up to two tunnels under cell b into under, as the ways find them; how
 * many. */
static unsigned
tunnels_by_ways(const struct maze_grid *g, const struct tunnel_ways *w,
                uint32_t b, uint32_t under[2])
{
    uint32_t x, y, z;
    unsigned phase = maze__stencil_place(g, b, &x, &y, &z), k = 0;
    for (unsigned i = 0; i < w->count[phase] && k < 2; i++) {
        const struct tunnel_way *t = &w->way[phase][i];
        /* Off the grid, a step below 0 wraps past the size. */
        if (x + (uint32_t)t->nx >= g->width ||
            y + (uint32_t)t->ny >= g->height ||
            z + (uint32_t)t->nz >= g->layers ||
            x + (uint32_t)t->mx >= g->width ||
            y + (uint32_t)t->my >= g->height ||
            z + (uint32_t)t->mz >= g->layers || t->dm <= t->dn) {
            continue;
        }
        under[k++] =
            g->stencil->slots * (uint32_t)((int64_t)b + t->owner) + t->slot;
    }
    return k;
}

/* Up to two tunnels under cell b into under, found among its neighbours'
 * neighbours by asking the kind; how many. */
static unsigned
tunnels_by_asking(const struct maze_grid *g, uint32_t b, uint32_t under[2])
{
    unsigned k = 0;
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze__neighbors(g, b, links);
    for (unsigned j = 0; j < n && k < 2; j++) {
        struct maze_link far[MAZE_GRID_MAX_DEGREE];
        unsigned nf = maze__neighbors(g, links[j].cell, far);
        for (unsigned f = 0; f < nf && k < 2; f++) {
            if (far[f].cell > links[j].cell &&
                g->ops->under(g, far[f].edge) == b) {
                under[k++] = far[f].edge;
            }
        }
    }
    return k;
}

/*
 * A crossing at a cell b far enough from the grid's sides that every step
 * below stays on it, as steps from b (modulo 2^32, like the cells): what
 * tunnels_by_ways() and corridor() find there, read from the stencil
 * once, so that most tries place b (a division) and read a table.
 */
struct inner_way {
    uint32_t tunnel;   /* its edge, from b's first slot */
    uint32_t ta, tb;   /* its ends, as maze__edge_cells() gives them */
    uint32_t over[2];  /* the corridor's edges, from b's first slot */
    uint32_t ends[2];  /* their other cells */
    unsigned corridor; /* corridor()'s count: a crossing is tried at 2 */
    uint8_t slot[3];   /* the slots of over[0], over[1] and tunnel */
};

struct inner_ways {
    bool usable;       /* a flat grid, with ways as expected */
    uint32_t margin;   /* the farthest a step goes across or along */
    unsigned count[2]; /* per phase: tunnels under b, at most 2 */
    struct inner_way way[2][2];
};

static uint32_t
reach(int v)
{
    return (uint32_t)(v < 0 ? -v : v);
}

/* Fills iw from the tunnel ways w (tunnel_ways_init()) and g's stencil. */
static void
inner_ways_init(const struct maze_grid *g, const struct tunnel_ways *w,
                struct inner_ways *iw)
{
    const struct maze__stencil *s = g->stencil;
    iw->usable = !s->layered;
    iw->margin = 0;
    for (unsigned f = 0; f < 2; f++) {
        for (unsigned i = 0; i < s->count[f]; i++) {
            const struct maze__stencil_step *st = &s->step[f][i];
            uint32_t r =
                reach(st->dx) > reach(st->dy) ? reach(st->dx) : reach(st->dy);
            iw->margin = r > iw->margin ? r : iw->margin;
            iw->usable = iw->usable && st->dz == 0;
        }
    }
    for (unsigned f = 0; f < 2; f++) {
        iw->count[f] = 0;
        for (unsigned i = 0; i < w->count[f]; i++) {
            const struct tunnel_way *t = &w->way[f][i];
            uint32_t r =
                reach(t->nx) > reach(t->ny) ? reach(t->nx) : reach(t->ny);
            r = reach(t->mx) > r ? reach(t->mx) : r;
            r = reach(t->my) > r ? reach(t->my) : r;
            iw->margin = r > iw->margin ? r : iw->margin;
            iw->usable = iw->usable && t->nz == 0 && t->mz == 0;
            /* On the grid, tunnels_by_ways() skips only these. */
            if (t->dm <= t->dn) {
                continue;
            }
            if (iw->count[f] == 2) {
                /* A third tunnel under a cell: the table holds two. */
                iw->usable = false;
                break;
            }
            struct inner_way *v = &iw->way[f][iw->count[f]++];
            v->tunnel = s->slots * (uint32_t)t->owner + t->slot;
            v->slot[2] = t->slot;
            /* The owner is an end; the other end is the other one. */
            iw->usable = iw->usable && (t->owner == t->dn || t->owner == t->dm);
            v->ta = (uint32_t)t->owner;
            v->tb = (uint32_t)(t->owner == t->dn ? t->dm : t->dn);
            /* corridor(), every step on the grid. */
            v->corridor = 0;
            for (unsigned j = 0; j < s->count[f]; j++) {
                const struct maze__stencil_step *st = &s->step[f][j];
                uint32_t c = (uint32_t)cell_step(g, st->dx, st->dy, 0);
                if (s->under[st->slot] != 0 || c == v->ta || c == v->tb) {
                    continue;
                }
                if (v->corridor == 2) {
                    v->corridor = 3;
                    break;
                }
                v->slot[v->corridor] = st->slot;
                v->over[v->corridor] =
                    (st->theirs ? s->slots * c : 0) + st->slot;
                v->ends[v->corridor++] = c;
            }
        }
    }
}

/* How many tries ahead place_crossings() prefetches. */
#define CROSS_AHEAD 64

/* A try's cell, drawn as place_crossings() draws it (its coin after). */
static inline uint32_t
draw_cell(struct maze_rng *rng, uint32_t cells)
{
    uint32_t b = maze__rng_below32(rng, cells);
    (void)maze__rng_below32(rng, 2);
    return b;
}

/* Prefetches what a crossing at cell c reads: the sets and passages of
 * its row and the rows beside it. */
static inline void
prefetch_around(const struct maze *m, const uint32_t *parent, uint32_t slots,
                uint32_t c)
{
    const struct maze_grid *g = m->grid;
    uint32_t w = g->width;
    __builtin_prefetch(&parent[c], 1);
    __builtin_prefetch(&m->bits[(uint64_t)slots * c / 64]);
    if (c >= w) {
        __builtin_prefetch(&parent[c - w], 1);
        __builtin_prefetch(&m->bits[(uint64_t)slots * (c - w) / 64]);
    }
    if (c + w < g->cells) {
        __builtin_prefetch(&parent[c + w], 1);
        __builtin_prefetch(&m->bits[(uint64_t)slots * (c + w) / 64]);
    }
}

/*
 * Weave grids: crossings first. At weave percent of the cells, drawn at
 * random (with repeats), a crossing is tried: over one way or the other,
 * as a coin says. The knocking that follows joins the rest, and leaves
 * the tunnels alone (knock_unblocked()).
 */
static inline __attribute__((always_inline)) uint32_t
place_crossings_as(struct maze__carve *ctx, void *parent,
                   const struct layout *l, bool listen, bool packed)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    uint64_t tries = (uint64_t)g->cells * ctx->weave / 100;
    uint32_t joined = 0;
    struct tunnel_ways ways;
    bool by_ways = tunnel_ways_init(g, &ways);
    struct inner_ways inner = {.usable = false};
    if (by_ways) {
        inner_ways_init(g, &ways, &inner);
    }
    /* Cells from lo to hi across and along are inner. */
    uint32_t lo = inner.margin, hi_x = g->width, hi_y = g->height;
    hi_x = hi_x > 2 * lo ? hi_x - lo : 0;
    hi_y = hi_y > 2 * lo ? hi_y - lo : 0;
    /* The cells are drawn whatever the crossings find, so a copy of the
     * generator draws them ahead, for prefetches. */
    struct maze_rng ahead = ctx->rng;
    uint32_t slots = g->edge_slots / g->cells;
    for (uint64_t i = 0; i < CROSS_AHEAD && i < tries; i++) {
        prefetch_around(m, parent, slots, draw_cell(&ahead, g->cells));
    }
    for (uint64_t i = 0; i < tries; i++) {
        if (i + CROSS_AHEAD < tries) {
            prefetch_around(m, parent, slots, draw_cell(&ahead, g->cells));
        }
        uint32_t b = maze__rng_below32(&ctx->rng, g->cells);
        bool flip = maze__rng_below32(&ctx->rng, 2) != 0;
        if (inner.usable) {
            uint32_t x, y, z;
            unsigned phase = maze__stencil_place(g, b, &x, &y, &z);
            if (x >= lo && x < hi_x && y >= lo && y < hi_y) {
                unsigned k = inner.count[phase];
                if (k == 0) {
                    continue;
                }
                const struct inner_way *v =
                    &inner.way[phase][k == 2 && flip ? 1 : 0];
                if (v->corridor != 2) {
                    continue;
                }
                uint32_t own = slots * b;
                uint32_t over[2] = {own + v->over[0], own + v->over[1]};
                uint32_t ends[2] = {b + v->ends[0], b + v->ends[1]};
                joined +=
                    cross_at(ctx, parent, b, own + v->tunnel, b + v->ta,
                             b + v->tb, over, ends, l, v->slot, listen, packed);
                continue;
            }
        }
        /* The tunnels under b. */
        uint32_t under[2];
        unsigned k = by_ways ? tunnels_by_ways(g, &ways, b, under)
                             : tunnels_by_asking(g, b, under);
        if (k == 0) {
            continue;
        }
        uint32_t t = under[k == 2 && flip ? 1 : 0];
        joined += cross(ctx, parent, b, t, listen, packed);
    }
    return joined;
}

static uint32_t
place_crossings(struct maze__carve *ctx, int32_t *parent,
                const struct layout *l, bool listen)
{
    return place_crossings_as(ctx, parent, l, listen, false);
}

/* place_crossings() for carve_small()'s union-find: out of line, so that
 * each shape of its loop is compiled as it was. */
static __attribute__((noinline)) uint32_t
place_crossings_packed(struct maze__carve *ctx, uint32_t *parent,
                       const struct layout *l)
{
    return place_crossings_as(ctx, parent, l, false, true);
}

/*
 * Grids of at most SMALL_CELLS cells, equal weights and nobody
 * listening: union-find this small sits in the last-level cache,
 * and there the fewer instructions the loop runs, the faster it goes.
 * So: the walls in the same order as the general carve would take them
 * (the same maze for every seed), named by the maze's edges (rectangles)
 * or as the layout names them (other kinds: coded); a parent per cell, a
 * root its own, with its rank in its top byte (union by rank,
 * find_packed()); no prefetching on rectangles, the parents of the wall
 * SMALL_AHEAD on other kinds when `ahead` (with twice the walls a cell,
 * zeta's and weave's loops waited on the finds), not where a wall's cells
 * come through the grid interface (theta, masks), which would look them
 * up twice; each wall opened as it is knocked down.
 * Which union wins never changes which walls come down, only how fast
 * the sets are found. Measured against the general loop at 1000 x 1000
 * (prefetches, tiles, sizes in the roots), this one takes about a
 * quarter less time on rectangles, and half on hexagons.
 */
#define SMALL_CELLS (1u << 21)
/* How far ahead the small carve prefetches on other kinds, in walls. */
#define SMALL_AHEAD 16
_Static_assert(SMALL_CELLS <= INDEX_MASK + 1, "cells fit below the rank");

/*
 * The small carve, inlined once per shape of grid: rectangles, with their
 * edges' cells worked out from the edge (the loop as it was before other
 * kinds came here), and other grids, with the walls named by the layout
 * (coded, or edges) and, where edges conflict (zeta), a knock refused
 * when the crossing diagonal is open already.
 */
static inline __attribute__((always_inline)) int
carve_small_as(struct maze__carve *ctx, const struct layout *lay, bool rect,
               bool conflicts, bool rules, bool ahead)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    struct layout l = *lay;
    uint32_t width = g->width;
    size_t n = g->edges;
    uint32_t *walls = maze__alloc_array(n, sizeof(uint32_t), false);
    uint32_t *parent = maze__alloc_array(g->cells, sizeof(uint32_t), false);
    int rc = walls && parent ? shuffled_walls(ctx, &l, -1, walls, n)
                             : MAZE_ERR_NOMEM;
    if (rc != MAZE_OK) {
        free(walls);
        free(parent);
        return rc;
    }
    for (uint32_t c = 0; c < g->cells; c++) {
        parent[c] = c;
    }
    if (!rect && conflicts && l.coded && l.tunnels) {
        /* Tunnels, which knock_unblocked() would refuse, out of the
         * order: a pass without branches, where skipping them in the
         * loop mispredicts one wall in two. */
        size_t kept = 0;
        for (size_t i = 0; i < n; i++) {
            uint32_t e = walls[i];
            walls[kept] = e;
            kept += !l.under[e & ((1u << CODE_BITS) - 1)];
        }
        n = kept;
    }
    uint32_t joins_left = g->cells - 1;
    if (!rect && ctx->weave != 0) {
        joins_left -= place_crossings_packed(ctx, parent, &l);
    }
    uint64_t report = maze__report_step(g->cells);
    for (size_t i = 0; i < n && joins_left > 0; i++) {
        uint32_t e = walls[i], a, b;
        if (ahead && i + SMALL_AHEAD < n) {
            wall_nodes(&l, walls[i + SMALL_AHEAD], &a, &b);
            __builtin_prefetch(&parent[a], 1);
            __builtin_prefetch(&parent[b], 1);
        }
        if (rect) {
            a = e / 2;
            b = e % 2 ? a + width : a + 1;
        } else {
            wall_nodes(&l, e, &a, &b);
        }
        uint32_t ra = find_packed(parent, a), rb = find_packed(parent, b);
        if (ra == rb) {
            continue;
        }
        if (!rect) {
            uint32_t wall = e;
            e = wall_edge(&l, wall);
            if (conflicts && rules) {
                /* Tunnels are out of the order (above). */
                if (rule_blocked(m, &l, wall)) {
                    continue;
                }
            } else if (conflicts && l.pairs) {
                if (wall_blocked(m, &l, wall, e)) {
                    continue;
                }
            } else if (conflicts && !knock_unblocked(m, e, !l.coded)) {
                continue;
            }
        }
        uint32_t wa = parent[ra], wb = parent[rb];
        if (wa >> RANK_SHIFT < wb >> RANK_SHIFT) {
            parent[ra] = rb;
        } else {
            parent[rb] = ra;
            parent[ra] =
                wa + ((wa >> RANK_SHIFT == wb >> RANK_SHIFT) << RANK_SHIFT);
        }
        maze__open(m, e);
        joins_left--;
        if ((joins_left & (report - 1)) == 0 &&
            maze__carve_report(ctx, g->cells - 1 - joins_left, g->cells)) {
            break;
        }
    }
    free(walls);
    free(parent);
    return MAZE_OK;
}

static int
carve_small(struct maze__carve *ctx)
{
    const struct maze_grid *g = ctx->maze->grid;
    struct layout l;
    layout_init(&l, g);
    l.edges = true;
    if (maze__grid_is_rect(g)) {
        return carve_small_as(ctx, &l, true, false, false, false);
    }
    if (g->conflicts && l.rules) {
        /* Apart, so that the other kinds' loop stays as it was. */
        return carve_small_as(ctx, &l, false, true, true, true);
    }
    if (g->conflicts) {
        return carve_small_as(ctx, &l, false, true, false, true);
    }
    if (!l.coded && !l.tiled) {
        /* A wall's cells through the grid interface (theta, masks): a
         * prefetch would look them up twice. */
        return carve_small_as(ctx, &l, false, false, false, false);
    }
    return carve_small_as(ctx, &l, false, false, false, true);
}

/*
 * The carve, inlined twice: with a listener, reporting each wall as the
 * loop knocks it down (the maze's bits are set after the loop, by class)
 * and each crossing placed, and without, compiled as it was before there
 * were listeners.
 */
static inline __attribute__((always_inline)) int
carve(struct maze__carve *ctx, bool listen)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    struct layout l;
    layout_init(&l, g);
    size_t n = g->edges;
    uint32_t *walls = maze__alloc_random(n, sizeof(uint32_t));
    int32_t *parent = maze__alloc_random(l.nodes, sizeof(int32_t));
    struct order o = {0};
    int rc = walls && parent ? order_init(&o, ctx, &l, walls) : MAZE_ERR_NOMEM;
    if (rc != MAZE_OK) {
        order_free(&o);
        free(walls);
        free(parent);
        return rc;
    }
    /* Every node its own root, of size 1. */
    for (uint64_t i = 0; i < l.nodes; i++) {
        parent[i] = -1;
    }

    size_t knocked[MAZE_MAX_CLASSES];
    struct knock k = {ctx, &l, &o, parent, walls, knocked, 0};
    if (ctx->weave != 0) {
        k.joined = place_crossings(ctx, parent, &l, listen);
    }
    if (g->conflicts) {
        knock_walls(&k, true, listen);
    } else {
        knock_walls(&k, false, listen);
    }
    for (unsigned c = 0; c < MAZE_MAX_CLASSES; c++) {
        for (size_t i = 0; i < knocked[c]; i++) {
            maze__open(m, wall_edge(&l, walls[o.start[c] + i]));
        }
    }
    order_free(&o);
    free(walls);
    free(parent);
    return MAZE_OK;
}

static __attribute__((noinline)) int
carve_heard(struct maze__carve *ctx)
{
    return carve(ctx, true);
}

static int
carve_kruskal(struct maze__carve *ctx)
{
    const struct maze_grid *g = ctx->maze->grid;
    if (ctx->steps == NULL && g->cells <= SMALL_CELLS &&
        maze__weights_plain(ctx).equal) {
        return carve_small(ctx);
    }
    return ctx->steps != NULL ? carve_heard(ctx) : carve(ctx, false);
}

/* The memory model: scratch bytes at most (maze__algorithm.scratch). */
static uint64_t
scratch_kruskal(const struct maze__dims *d)
{
    /* The walls, a parent per cell (tiles of 4 x 4 round the grid up),
     * a bit per wall for the class order (a byte with more than two
     * classes), the bucket counts (carve_small() needs less). */
    uint64_t nodes = maze__sat_mul(d->width + 3, d->height + 3);
    if (nodes < d->cells) {
        nodes = d->cells;
    }
    uint64_t order = d->classes > 2 ? d->edges : maze__sat_bits(d->edges);
    return maze__sat_add(
        maze__sat_add(maze__sat_mul(4, d->edges), maze__sat_mul(4, nodes)),
        maze__sat_add(order, 2 * MAZE__HUGE_PAGE + 65537 * 8));
}

const struct maze__algorithm maze__gen_kruskal = {
    .info =
        {
            .name = "kruskal",
            .description = "randomized Kruskal: knock down walls in random "
                           "order between unconnected regions; short dead "
                           "ends",
            .streamable = false,
            .perfect = true,
            .weaves = true,
        },
    .carve = carve_kruskal,
    .scratch = scratch_kruskal,
};
