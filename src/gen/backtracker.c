/* SPDX-License-Identifier: MIT */
/*
 * The recursive backtracker, without recursion: a depth-first walk that
 * carves into a random unvisited neighbour and backs up when stuck.
 *
 * The explicit stack does not hold cells. Each entry says only how to get
 * back to the cell we came from, so even a stack as deep as the maze (a
 * 10000 x 10000 corridor) is small: on a rectangle an entry is the
 * direction back, two bits (a quarter byte per cell at most), and with the
 * visited bits and the passages the whole carve stays under 0.7 bytes per
 * cell. Other grid kinds store the index of the parent in the cell's
 * neighbour list, three bits in a nibble.
 *
 * Speed, on a rectangle: the visited bits have a border that counts as
 * visited, so a cell's unvisited neighbours are four bit reads and a
 * 4-bit mask with no bounds checks and no division; the direction is one
 * table lookup (the first of the mask in a random order of the four
 * directions, drawn in advance from half a random word); and stuck cells
 * whose parent had no other way on are popped without another look. The
 * only branches left to mispredict are whether the walk is stuck and how
 * far it backs up. Unequal weights take a weighted draw over the mask.
 */
#include <stdlib.h>

#include "core/checked.h"
#include "gen/coins.h"
#include "gen/gen.h"
#include "gen/weighted.h"
#include <mazegen/status.h>

struct nibble_stack {
    uint8_t *data;
    size_t depth;
    size_t capacity; /* in entries */
    size_t limit;    /* the deepest the stack can get, in entries */
};

static int
push(struct nibble_stack *s, unsigned value)
{
    if (s->depth == s->capacity) {
        size_t cap = s->capacity ? s->capacity * 2 : 4096;
        /* Doubling past the deepest possible stack could cost up to a
         * byte per cell; never grow beyond it. */
        if (cap > s->limit) {
            cap = s->limit;
        }
        uint8_t *d = realloc(s->data, (cap + 1) / 2);
        if (d == NULL) {
            return MAZE_ERR_NOMEM;
        }
        s->data = d;
        s->capacity = cap;
    }
    size_t i = s->depth++;
    uint8_t shift = (uint8_t)((i & 1) * 4);
    s->data[i / 2] =
        (uint8_t)((s->data[i / 2] & ~(0xfu << shift)) | (value << shift));
    return MAZE_OK;
}

static unsigned
pop(struct nibble_stack *s)
{
    size_t i = --s->depth;
    return (s->data[i / 2] >> ((i & 1) * 4)) & 0xfu;
}

/*
 * The walks' stacks of 4-bit entries: 16 to a word, the word being
 * filled kept in *top (a register, once inlined) and stored when full.
 */
static inline __attribute__((always_inline)) void
nibble_push(uint64_t *stack, size_t *depth, uint64_t *top, uint64_t entry)
{
    *top |= entry << (4 * (*depth % 16));
    if (++*depth % 16 == 0) {
        stack[*depth / 16 - 1] = *top;
        *top = 0;
    }
}

/* The entry on top of a stack that is not empty, taken off. */
static inline __attribute__((always_inline)) unsigned
nibble_pop(const uint64_t *stack, size_t *depth, uint64_t *top)
{
    if (*depth % 16 == 0) {
        *top = stack[*depth / 16 - 1];
    }
    --*depth;
    unsigned shift = 4 * (*depth % 16);
    unsigned entry = (unsigned)(*top >> shift) & 15u;
    *top &= ~((uint64_t)15 << shift);
    return entry;
}

/*
 * On weave grids: whether to take edge, open to the walk. An ordinary
 * passage always; a tunnel (the cell beyond a straight corridor across the
 * way is unvisited, and the grid's rule lets it pass) with the weave
 * probability, so the density sets how often the walk goes under.
 */
static bool
take_tunnel(struct maze__carve *ctx, uint32_t edge)
{
    const struct maze_grid *g = ctx->maze->grid;
    return g->ops->under(g, edge) == MAZE_NONE ||
           maze__rng_below32(&ctx->rng, 100) < ctx->weave;
}

/* Any grid kind, through the grid interface. */
static int
carve_generic(struct maze__carve *ctx)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    uint64_t *visited = maze__alloc_array((g->cells + 63) / 64, 8, true);
    if (visited == NULL) {
        return MAZE_ERR_NOMEM;
    }
    /* Every cell but the first is pushed at most once. */
    struct nibble_stack stack = {.limit = g->cells};
    int rc = MAZE_OK;

    uint32_t cur = maze__rng_below32(&ctx->rng, g->cells);
    maze__bit_set(visited, cur);
    maze__step(ctx, MAZE_STEP_VISIT, cur, MAZE_NONE);
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze__neighbors(g, cur, links);
    for (;;) {
        uint32_t cand_edge[MAZE_GRID_MAX_DEGREE];
        uint32_t cand_cell[MAZE_GRID_MAX_DEGREE];
        unsigned k = 0;
        for (unsigned i = 0; i < n; i++) {
            uint32_t c = links[i].cell;
            /* A diagonal crossing an open one is not taken; the cell
             * beyond stays reachable across its sides. */
            if (!maze__bit_get(visited, c) &&
                !maze__edge_blocked(m, links[i].edge) &&
                (ctx->weave == 0 || take_tunnel(ctx, links[i].edge))) {
                cand_edge[k] = links[i].edge;
                cand_cell[k++] = c;
            }
        }
        if (k == 0) {
            if (stack.depth == 0) {
                break;
            }
            cur = links[pop(&stack)].cell;
            maze__step(ctx, MAZE_STEP_BACKTRACK, cur, MAZE_NONE);
            n = maze__neighbors(g, cur, links);
            continue;
        }
        unsigned pick = k == 1 ? 0 : maze__pick_weighted(ctx, cand_edge, k);
        uint32_t next = cand_cell[pick];
        maze__open(m, cand_edge[pick]);
        maze__bit_set(visited, next);
        maze__step(ctx, MAZE_STEP_OPEN, next, cand_edge[pick]);
        maze__step(ctx, MAZE_STEP_VISIT, next, MAZE_NONE);
        n = maze__neighbors(g, next, links);
        unsigned back = 0;
        while (links[back].cell != cur) {
            back++;
        }
        rc = push(&stack, back);
        if (rc != MAZE_OK) {
            break;
        }
        cur = next;
    }
    free(stack.data);
    free(visited);
    return rc;
}

/* ---- Kinds with a stencil ---------------------------------------------- */

/* Entries of the stencil walk's stack: the step back to the parent (its
 * index among the cell's stencil steps, below 8) and LIVELY_STEP when the
 * parent had another way on when the walk left it. */
#define LIVELY_STEP 8u

/* Clears bits [from, from + n) of v. */
static void
clear_run(uint64_t *v, size_t from, size_t n)
{
    while (n > 0 && from % 64 != 0) {
        maze__bit_clear(v, from++);
        n--;
    }
    for (; n >= 64; n -= 64, from += 64) {
        v[from / 64] = 0;
    }
    while (n-- > 0) {
        maze__bit_clear(v, from++);
    }
}

/*
 * Visited bits of `bits` positions laid out as levels of `sz` positions,
 * rows of `sx`: everything set (the border counts as visited) but the
 * layers x height rows of width cells, which start at position
 * `first` and go on a row (sx) and a level (sz) at a time.
 */
static uint64_t *
bordered_visited(size_t bits, size_t sx, size_t sz, size_t first,
                 uint32_t width, uint32_t height, uint32_t layers)
{
    /* A word past the one holding the last position, all set: the block
     * reads of the king stencils (maze__block_row()) read up to a word
     * beyond a position. */
    size_t words = bits / 64 + 2;
    uint64_t *v = maze__alloc_array(words, 8, false);
    if (v == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < words; i++) {
        v[i] = ~(uint64_t)0;
    }
    for (size_t z = 0; z < layers; z++) {
        for (size_t y = 0; y < height; y++) {
            clear_run(v, first + z * sz + y * sx, width);
        }
    }
    return v;
}

uint64_t *
maze__stencil_visited(const struct maze_grid *g, const struct maze__padded *p)
{
    return bordered_visited(p->bits, p->sx, p->sz,
                            p->zpad * p->sz + p->pad * p->sx + p->pad, g->width,
                            g->height, g->layers);
}

/* How a stencil walk filters its candidates: PLAIN, by visited bits
 * alone; PAIRS, also by the stencil's conflicting pairs, read inline;
 * RULE, also by the stencil's rule (maze__stencil.rule), read inline, and
 * the weave draw; ASK, also by maze__edge_blocked() and the weave draw,
 * edge by edge. */
enum filter { PLAIN, PAIRS, RULE, ASK };

/* The most passages a slot's rule reads (maze__stencil.rule). */
#define RULE_READS 6

/* The most steps of a phase the walks unroll for. */
#define STEPS 8

/* The most other cells a rule's reads may want visited that the walk
 * looks at (stencil_walk.usable). */
#define EXTRAS 4

/*
 * p's tables for the walk, indexed phase * STEPS + step. Steps past a
 * phase's count move nowhere (position change 0): the cell's own bit is
 * set, so they read "taken" and an unrolled loop reads them harmlessly.
 */
struct stencil_walk {
    struct maze__carve *ctx;
    uint64_t *seen, *bits, *stack;
    uint32_t slots;
    bool shrink; /* a parent without another way on pops unlooked */
    int64_t cell[2 * STEPS], pos[2 * STEPS];
    /* The step's edge from the cell's first slot (slots x cell): modulo
     * 2^32, like the edges. */
    uint32_t edge[2 * STEPS];
    uint8_t flip[2 * STEPS], back[2 * STEPS];
    /* RULE: per step, the passages its edge's rule reads, as bits from
     * the cell's first slot (modulo 2^64: below the first bit wraps past
     * the last), those that must be open first, and the state each must
     * be in to leave it unblocked; per phase, the lowest and highest of
     * them, so that a cell far from the bits' ends reads unchecked. */
    uint64_t rule_at[2 * STEPS][RULE_READS];
    int64_t rule_lo[2], rule_hi[2];
    uint8_t rule_open[2 * STEPS][RULE_READS];
    uint8_t rule_count[2 * STEPS];
    uint8_t tunnel[2]; /* per phase: the steps that pass under a cell */
    /* RULE: usable[phase][look], the candidates of look's bits 0 to 7
     * (steps into unvisited cells) that the rule does not turn down for
     * an unvisited cell alone, where bits 8 up are the other cells whose
     * passages the rule wants open, when unvisited (see rule_reduce());
     * and `settled` when a candidate the rule turns down stays turned
     * down while the cell is on the stack. */
    uint8_t usable[2][256 << EXTRAS];
    bool settled;
    uint8_t ruled[2]; /* per phase: the steps whose rule reads something */
    /* RULE on a stencil whose steps and those other cells are within two
     * cells across on the cell's row and the rows above and below, or
     * two cells up or down its column, on one level (`rows`): per
     * phase, the looks from five visited bits of each of those rows, dx
     * = -2 (bit 0) to 2 (look[phase][0 to 2]), and of the cells two up
     * (bit 0) and two down (look[phase][3]). Three reads of five bits
     * and two of one then stand for a read a step and a cell. */
    bool rows;
    size_t sx;
    uint16_t look[2][4][32];
    /* RULE: ways8() and nth8() of every mask, a lookup each. */
    uint8_t ways_of[256];
    uint8_t nth_of[256][STEPS];
    uint64_t passages; /* bits of the maze's passages that may be read */
    /* PAIRS: the conflicting pairs, and the candidates from the 3 x 3
     * block around the cell. */
    struct maze__pair_steps pairs;
    struct maze__block_look block;
};

/* A passage a rule reads, in cells from the walk's cell: its edge's two
 * cells, and the cell it passes under (when it is a tunnel). */
struct read_cells {
    int ax, ay, bx, by;
    bool tunnel;
    int ux, uy;
};

/* The step by which a cell of a phaseless stencil reaches the other cell
 * of its own edge in slot, as dx, dy; false when it owns none. */
static bool
slot_step(const struct maze__stencil *s, unsigned slot, int *dx, int *dy)
{
    for (unsigned i = 0; i < s->count[0]; i++) {
        const struct maze__stencil_step *t = &s->step[0][i];
        if (!t->theirs && t->slot == slot && t->dz == 0) {
            *dx = t->dx;
            *dy = t->dy;
            return true;
        }
    }
    return false;
}

/* The cells of q, read from the edge owned by the cell ox, oy. */
static bool
read_cells(const struct maze__stencil *s, int ox, int oy,
           const struct maze__stencil_pass *q, struct read_cells *c)
{
    int dx, dy;
    c->ax = ox + q->dx;
    c->ay = oy + q->dy;
    if (!slot_step(s, q->slot, &dx, &dy)) {
        return false;
    }
    c->bx = c->ax + dx;
    c->by = c->ay + dy;
    c->tunnel = s->under[q->slot] != 0;
    if (c->tunnel && !slot_step(s, s->under[q->slot] - 1u, &dx, &dy)) {
        return false;
    }
    c->ux = c->ax + (c->tunnel ? dx : 0);
    c->uy = c->ay + (c->tunnel ? dy : 0);
    return true;
}

static bool
touches(const struct read_cells *c, int x, int y)
{
    return (c->ax == x && c->ay == y) || (c->bx == x && c->by == y);
}

/*
 * The cells of c, other than the walk's and its steps', that the walk
 * looks at (rows -1 to 1, two cells either way), as bits 8 up of a look:
 * added to extra (at most EXTRAS) as they come.
 */
static uint16_t
extra_cells(const struct maze__stencil *s, const struct read_cells *c,
            int extra[EXTRAS][2], unsigned *extras)
{
    uint16_t bits = 0;
    const int at[2][2] = {{c->ax, c->ay}, {c->bx, c->by}};
    for (unsigned e = 0; e < 2; e++) {
        int x = at[e][0], y = at[e][1];
        bool step = x == 0 && y == 0;
        for (unsigned u = 0; u < s->count[0]; u++) {
            step = step || (s->step[0][u].dx == x && s->step[0][u].dy == y);
        }
        if (step || x < -2 || x > 2 || y < -1 || y > 1) {
            continue;
        }
        unsigned i = 0;
        while (i < *extras && (extra[i][0] != x || extra[i][1] != y)) {
            i++;
        }
        if (i == EXTRAS) {
            continue;
        }
        if (i == *extras) {
            extra[i][0] = x;
            extra[i][1] = y;
            ++*extras;
        }
        bits |= (uint16_t)(1u << (8 + i));
    }
    return bits;
}

/*
 * What the walk can tell of a phaseless rule from its data, on two facts
 * of its carve: a passage opens only between the walk's cell and an
 * unvisited one it then visits, so a passage touching an unvisited cell
 * is closed; and a tunnel opens only where its rule holds, so when that
 * rule wants open a passage touching the cell it passes under, no tunnel
 * passes under an unvisited cell. Reads outside the grid read closed
 * (maze__stencil.rule), as a passage that is not there. Then for the
 * candidate of step j (an unvisited cell):
 *  - a read that must be closed and touches the candidate, or is a
 *    tunnel under it, holds: it is left out (*drop);
 *  - a read that must be open and touches the cell of another step u is
 *    closed while u's cell is unvisited: j needs u's cell visited
 *    (need[j], bit u), and so for a cell the walk looks at that is no
 *    step's (bit 8 up: extra_cells()).
 * And the rule's refusals last while the cell is on the stack
 * (*settled) when every read that must be open touches such a cell, and
 * each such u is an edge j's rule wants closed, with only reads j's rule
 * also wants closed: a passage that must be closed stays open; a cell
 * already visited, not the walk's, gains no passage until the walk is
 * back at it, below this cell on the stack; and one still unvisited
 * when the walk leaves is either the one it takes (opening an edge j
 * wants closed), or a candidate itself (the cell goes on counting as
 * lively), or turned down for a read that turns j down too.
 */
static void
rule_reduce(const struct maze__stencil *s, const struct stencil_walk *k,
            bool drop[STEPS][RULE_READS], uint16_t need[STEPS],
            int extra[EXTRAS][2], unsigned *extras, bool *settled)
{
    *extras = 0;
    bool sound_under[4] = {false};
    for (unsigned q = 0; q < s->slots; q++) {
        int ux, uy;
        if (s->under[q] == 0 || !slot_step(s, s->under[q] - 1u, &ux, &uy)) {
            continue;
        }
        for (unsigned r = 0; r < s->rule_count[q]; r++) {
            struct read_cells c;
            if (s->rule[q][r].open && read_cells(s, 0, 0, &s->rule[q][r], &c) &&
                touches(&c, ux, uy)) {
                sound_under[q] = true;
            }
        }
    }
    *settled = true;
    for (unsigned j = 0; j < s->count[0]; j++) {
        const struct maze__stencil_step *t = &s->step[0][j];
        int ox = t->theirs ? t->dx : 0, oy = t->theirs ? t->dy : 0;
        need[j] = 0;
        for (unsigned r = 0; r < k->rule_count[j]; r++) {
            drop[j][r] = false;
        }
        /* The reads in k's order: those that must be open first. */
        unsigned r = 0;
        for (unsigned want = 2; want-- > 0;) {
            for (unsigned i = 0; i < s->rule_count[t->slot]; i++) {
                const struct maze__stencil_pass *q = &s->rule[t->slot][i];
                struct read_cells c;
                if (q->open != want) {
                    continue;
                }
                if (!read_cells(s, ox, oy, q, &c)) {
                    *settled = false;
                    r++;
                    continue;
                }
                if (!q->open) {
                    drop[j][r] = touches(&c, t->dx, t->dy) ||
                                 (c.tunnel && sound_under[q->slot] &&
                                  c.ux == t->dx && c.uy == t->dy);
                    r++;
                    continue;
                }
                bool found = false;
                for (unsigned u = 0; u < s->count[0]; u++) {
                    const struct maze__stencil_step *v = &s->step[0][u];
                    if (v->dz == 0 && touches(&c, v->dx, v->dy)) {
                        need[j] |= (uint16_t)(1u << u);
                        found = true;
                    }
                }
                *settled = *settled && found;
                need[j] |= extra_cells(s, &c, extra, extras);
                r++;
            }
        }
    }
    /* Each u a step needs visited: its edge and its reads among the
     * step's reads that must be closed. */
    for (unsigned j = 0; j < s->count[0] && *settled; j++) {
        for (unsigned u = 0; u < s->count[0]; u++) {
            if (u == j || !(need[j] >> u & 1u) || u >= 8) {
                continue;
            }
            bool ok = need[u] == 0;
            int64_t want[1 + RULE_READS];
            unsigned n = 0;
            /* Edges modulo 2^32, reads modulo 2^64: both small offsets. */
            want[n++] = (int32_t)k->edge[u];
            for (unsigned r = 0; r < k->rule_count[u]; r++) {
                ok = ok && !k->rule_open[u][r];
                if (!drop[u][r]) {
                    want[n++] = (int64_t)k->rule_at[u][r];
                }
            }
            for (unsigned w = 0; w < n && ok; w++) {
                bool in = false;
                for (unsigned r = 0; r < k->rule_count[j]; r++) {
                    in = in || (!drop[j][r] && !k->rule_open[j][r] &&
                                (int64_t)k->rule_at[j][r] == want[w]);
                }
                ok = in;
            }
            *settled = *settled && ok;
        }
    }
}

/* Whether the cell dx, dy from a walk's is one a row look reads. */
static bool
in_rows(int dx, int dy)
{
    return (dy >= -1 && dy <= 1 && dx >= -2 && dx <= 2) ||
           (dx == 0 && (dy == -2 || dy == 2));
}

/* Fills k's looks when every step of s, and the extras other cells, are
 * cells a row look reads, on the cell's level (k->rows). */
static void
rows_init(struct stencil_walk *k, const struct maze__stencil *s,
          const struct maze__padded *p, int extra[EXTRAS][2], unsigned extras)
{
    k->rows = false;
    k->sx = p->sx;
    if (p->pad < 2) {
        return; /* the row reads reach two cells out */
    }
    for (unsigned f = 0; f < 2; f++) {
        for (unsigned i = 0; i < s->count[f]; i++) {
            const struct maze__stencil_step *t = &s->step[f][i];
            if (t->dz != 0 || !in_rows(t->dx, t->dy) ||
                p->pos[f][i] != t->dx + t->dy * (int64_t)p->sx) {
                return;
            }
        }
    }
    for (unsigned f = 0; f < 2; f++) {
        for (unsigned row = 0; row < 4; row++) {
            for (unsigned w = 0; w < 32; w++) {
                /* The cell at dx, dy is unvisited. */
                unsigned look = 0;
                for (unsigned i = 0; i < s->count[f] + extras; i++) {
                    int dx, dy;
                    if (i < s->count[f]) {
                        dx = s->step[f][i].dx;
                        dy = s->step[f][i].dy;
                    } else {
                        dx = extra[i - s->count[f]][0];
                        dy = extra[i - s->count[f]][1];
                    }
                    unsigned bit = i < s->count[f] ? i : 8 + i - s->count[f];
                    bool free;
                    if (row < 3 && dy == (int)row - 1) {
                        free = !(w >> (dx + 2) & 1u);
                    } else if (row == 3 && (dy == -2 || dy == 2)) {
                        free = !(w >> (dy > 0) & 1u);
                    } else {
                        continue;
                    }
                    look |= (unsigned)free << bit;
                }
                k->look[f][row][w] = (uint16_t)look;
            }
        }
    }
    k->rows = true;
}

/* The five bits of v from position q on (maze__block_row()'s way). */
static inline __attribute__((always_inline)) unsigned
row5(const uint64_t *v, size_t q)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const unsigned char *b = (const unsigned char *)v + q / 8;
    return (unsigned)((b[0] | b[1] << 8) >> (q % 8)) & 31u;
#else
    uint64_t lo = v[q / 64] >> (q % 64);
    uint64_t hi = (v[q / 64 + 1] << 1) << (63 - q % 64);
    return (unsigned)(lo | hi) & 31u;
#endif
}

static void
stencil_walk_init(struct stencil_walk *k, const struct maze_grid *g,
                  const struct maze__padded *p)
{
    const struct maze__stencil *s = g->stencil;
    k->slots = s->slots;
    k->passages = g->edge_slots;
    for (unsigned f = 0; f < 2; f++) {
        k->tunnel[f] = 0;
        k->rule_lo[f] = k->rule_hi[f] = 0;
        for (unsigned i = 0; i < STEPS; i++) {
            unsigned j = f * STEPS + i;
            k->cell[j] = k->pos[j] = 0;
            k->edge[j] = 0;
            k->flip[j] = k->back[j] = 0;
            k->rule_count[j] = 0;
            if (i >= s->count[f]) {
                continue;
            }
            const struct maze__stencil_step *t = &s->step[f][i];
            k->cell[j] = p->cell[f][i];
            k->pos[j] = p->pos[f][i];
            k->flip[j] = p->flip[f][i];
            k->back[j] = p->back[f][i];
            k->edge[j] =
                (t->theirs ? s->slots * (uint32_t)p->cell[f][i] : 0) + t->slot;
            k->tunnel[f] |= (uint8_t)((s->under[t->slot] != 0) << i);
            /* The owner's first slot, from the cell's. */
            int64_t owner = t->theirs ? s->slots * p->cell[f][i] : 0;
            /* Those that must be open first: a tunnel's corridor, which
             * is seldom there, settles most of them in a read or two. */
            for (unsigned want = 2; want-- > 0;) {
                for (unsigned r = 0; s->rules && r < s->rule_count[t->slot];
                     r++) {
                    const struct maze__stencil_pass *q = &s->rule[t->slot][r];
                    if (q->open != want) {
                        continue;
                    }
                    int64_t b = owner + maze__pass_offset(s, q, g->width);
                    k->rule_lo[f] = b < k->rule_lo[f] ? b : k->rule_lo[f];
                    k->rule_hi[f] = b > k->rule_hi[f] ? b : k->rule_hi[f];
                    k->rule_at[j][k->rule_count[j]] = (uint64_t)b;
                    k->rule_open[j][k->rule_count[j]++] = q->open;
                }
            }
        }
    }
}

static void choices_init(struct stencil_walk *k);

/* The RULE walk's tables: the rule's reads and the candidates cut to what
 * the rule's data tell on a phaseless stencil (rule_reduce()), the row
 * looks, and the choices. */
static void
rule_init(struct stencil_walk *k, const struct maze__stencil *s,
          const struct maze__padded *p)
{
    int extra[EXTRAS][2];
    unsigned extras = 0;
    uint16_t need[STEPS] = {0};
    bool reduce =
        s->px == 0 && s->py == 0 && !s->layered && s->count[0] <= STEPS;
    k->settled = false;
    k->ruled[0] = k->ruled[1] = 0xff;
    if (reduce) {
        bool drop[STEPS][RULE_READS];
        rule_reduce(s, k, drop, need, extra, &extras, &k->settled);
        k->rule_lo[0] = k->rule_hi[0] = 0;
        for (unsigned i = 0; i < s->count[0]; i++) {
            unsigned n = 0;
            for (unsigned r = 0; r < k->rule_count[i]; r++) {
                if (drop[i][r]) {
                    continue;
                }
                int64_t b = (int64_t)k->rule_at[i][r];
                k->rule_lo[0] = b < k->rule_lo[0] ? b : k->rule_lo[0];
                k->rule_hi[0] = b > k->rule_hi[0] ? b : k->rule_hi[0];
                k->rule_at[i][n] = k->rule_at[i][r];
                k->rule_open[i][n++] = k->rule_open[i][r];
            }
            k->rule_count[i] = (uint8_t)n;
            k->ruled[0] &= (uint8_t) ~(n == 0 ? 1u << i : 0u);
        }
    }
    rows_init(k, s, p, extra, extras);
    if (!k->rows) {
        /* The looks are the steps' alone. */
        for (unsigned i = 0; i < STEPS; i++) {
            need[i] &= 0xff;
        }
    }
    /* A step is turned down by the steps' cells (bits 0 to 7 of a look)
     * or by the others' (bits 8 up): a table of each, then one of both.
     * Only the looks that can come up are filled: bits 8 up are the
     * extras' alone, and only phase 0 has them (one phase). */
    uint8_t by_steps[256], by_extras[1u << EXTRAS];
    for (unsigned m = 0; m < 256; m++) {
        by_steps[m] = 0;
        for (unsigned i = 0; i < s->count[0]; i++) {
            by_steps[m] |= (uint8_t)(((m & need[i] & 0xffu) != 0) << i);
        }
    }
    for (unsigned h = 0; h < (1u << EXTRAS); h++) {
        by_extras[h] = 0;
        for (unsigned i = 0; i < s->count[0]; i++) {
            by_extras[h] |= (uint8_t)((((h << 8) & need[i]) != 0) << i);
        }
    }
    for (unsigned m = 0; m < (256u << extras); m++) {
        k->usable[0][m] =
            (uint8_t)(m & 0xffu & ~(by_steps[m & 0xffu] | by_extras[m >> 8]));
        k->usable[1][m & 0xffu] = (uint8_t)m;
    }
    choices_init(k);
}

/*
 * Of the candidates in mask (steps from at), those the stencil's rule
 * blocks for a cell whose first slot is own: those with a passage in the
 * wrong state. A passage read before the first bit wraps past the last,
 * and reads closed like one past it. `inside`: every read is within the
 * bits, unchecked. A candidate's reads stop at the first in the wrong
 * state; they are few, the reads an unvisited cell settles being left out
 * (rule_reduce()).
 */
static inline __attribute__((always_inline)) unsigned
rule_blocked(const struct stencil_walk *k, const uint64_t *bits, uint32_t own,
             unsigned at, unsigned mask, bool inside)
{
    unsigned blocked = 0;
    for (unsigned c = mask; c != 0; c &= c - 1) {
        unsigned i = (unsigned)__builtin_ctz(c), j = at + i;
        for (unsigned r = 0; r < k->rule_count[j]; r++) {
            uint64_t b = own + k->rule_at[j][r];
            bool on = (inside || b < k->passages) && maze__bit_get(bits, b);
            if (on != k->rule_open[j][r]) {
                blocked |= 1u << i;
                break;
            }
        }
    }
    return blocked;
}

/* The number of set bits of an 8-bit mask. */
static unsigned ways8(unsigned mask);

/* The r-th set bit of an 8-bit mask (r below their number). */
static unsigned nth8(unsigned mask, unsigned r);

/*
 * The choice among `ways` candidates (at least one) that
 * maze__pick_weighted() makes with equal weights, drawing nothing for a
 * single one: maze__rng_below32() below ways x MAZE_WEIGHT_ONE, divided
 * back. Without branches on the common path: the draw is made
 * whatever ways is and kept only for two or more, and the quotient of
 * the draw by MAZE_WEIGHT_ONE is the top half of (x >> 32) * ways. Only
 * Lemire's rare rejection (under one chance in 500) takes the long way.
 */
static inline __attribute__((always_inline)) unsigned
draw(struct maze_rng *rng, unsigned ways, bool flat)
{
    struct maze_rng next = *rng;
    uint64_t x = maze__rng_next(&next) >> 32;
    uint32_t bound = ways * MAZE_WEIGHT_ONE;
    bool many = ways > 1;
    /* flat: without a branch on many, a coin toss to a predictor where
     * one way or several are as likely (weave's walk: 228 k of its 1.96 M
     * mispredictions a million cells, by cachegrind); where one way is
     * rare the branch costs less than the selects it spares. */
    bool rare = flat ? many & ((uint32_t)(x * bound) < bound)
                     : many && (uint32_t)(x * bound) < bound;
    if (__builtin_expect(rare, 0)) {
        return maze__rng_below32(rng, bound) / MAZE_WEIGHT_ONE;
    }
    for (unsigned i = 0; i < 4; i++) {
        rng->s[i] = many ? next.s[i] : rng->s[i];
    }
    return (unsigned)((x * ways) >> 32);
}

/*
 * The walk of carve_generic() on a kind that gives its neighbours as data
 * (maze__stencil), making the same choices from the same draws: the
 * candidates in the stencil's order, filtered the same way. It carries
 * the cell's padded index and phase, so a neighbour is a bit read at a
 * fixed offset with no bounds check and no division, and the candidates
 * are a mask of `n` bits (n a constant, so the reads unroll); the stack
 * holds the step back, so going back needs no search; and, where a
 * cell's candidates can only shrink (no weave), a parent left with no
 * other way on is popped without a look: it would find none and draw
 * nothing. The random state and the stack's top word (16 entries) live
 * in registers; with equal weights the draw is maze__pick_weighted()'s,
 * inline.
 */
static inline __attribute__((always_inline)) void
walk_stencil(const struct stencil_walk *k, uint32_t cur, size_t pc,
             unsigned phase, unsigned n, enum filter filter)
{
    struct maze__carve *ctx = k->ctx;
    struct maze *m = ctx->maze;
    uint64_t *seen = k->seen, *bits = k->bits, *stack = k->stack;
    const uint32_t slots = k->slots;
    const bool listen = ctx->steps != NULL, unweighted = ctx->unweighted;
    /* Read once: the stores to the bits could alias them. */
    const uint32_t weave = ctx->weave;
    const size_t sx = k->sx;
    const int64_t passages = (int64_t)k->passages;
    struct maze_rng rng = ctx->rng;
    size_t depth = 0;
    uint64_t top = 0;
    maze__bit_set(seen, pc);
    maze__step(ctx, MAZE_STEP_VISIT, cur, MAZE_NONE);
    for (;;) {
        unsigned at = phase * STEPS;
        unsigned mask = 0;
        if (filter == PAIRS) {
            /* Three reads of three bits rather than eight of one. */
            mask = maze__block_unvisited(&k->block, seen, pc, phase);
        }
        unsigned around = 0;
        if (filter == RULE && k->rows) {
            const uint16_t(*look)[32] = k->look[phase];
            unsigned far = (unsigned)maze__bit_get(seen, pc - 2 * sx) |
                           (unsigned)maze__bit_get(seen, pc + 2 * sx) << 1;
            around = look[0][row5(seen, pc - sx - 2)] |
                     look[1][row5(seen, pc - 2)] |
                     look[2][row5(seen, pc + sx - 2)] | look[3][far];
            mask = around & 0xffu;
        }
        for (unsigned i = 0;
             filter != PAIRS && !(filter == RULE && k->rows) && i < n; i++) {
            mask |= (unsigned)!maze__bit_get(seen, pc + (size_t)k->pos[at + i])
                    << i;
        }
        /* RULE: whether the cell has an unvisited neighbour besides the
         * one the walk takes. Without one it is certainly stuck when the
         * walk comes back (visited bits only grow) and draws nothing, so
         * it pops unlooked; with one, the weave draw or a corridor dug
         * since may let the walk on, so it is looked at again. */
        bool lively = (mask & (mask - 1)) != 0;
        unsigned passing = 0;
        uint32_t own = slots * cur;
        if (filter == PAIRS && (mask & k->pairs.paired[phase]) != 0) {
            /* Only when a step with a partner is a candidate: a stuck
             * walk (every other look) reads nothing more. */
            mask &= ~maze__pair_steps_blocked(&k->pairs, bits, own, phase);
        } else if (filter == RULE && mask != 0) {
            /* As ASK decides, in the same order: the rule reads no
             * draw, and the weave draws for the tunnels left, by step. */
            mask = k->usable[phase][around | mask];
            unsigned ruled = mask & k->ruled[phase];
            if (ruled != 0) {
                bool inside = (int64_t)own + k->rule_lo[phase] >= 0 &&
                              own + k->rule_hi[phase] < passages;
                mask &= inside ? ~rule_blocked(k, bits, own, at, ruled, true)
                               : ~rule_blocked(k, bits, own, at, ruled, false);
            }
            passing = mask;
            unsigned tunnels = weave != 0 ? mask & k->tunnel[phase] : 0;
            for (unsigned c = tunnels; c != 0; c &= c - 1) {
                if (maze__rng_below32(&rng, 100) >= weave) {
                    mask &= ~(1u << __builtin_ctz(c));
                }
            }
        } else if (filter == ASK && mask != 0) {
            ctx->rng = rng;
            for (unsigned c = mask; c != 0; c &= c - 1) {
                unsigned i = (unsigned)__builtin_ctz(c);
                uint32_t e = own + k->edge[at + i];
                if (maze__edge_blocked(m, e) ||
                    (ctx->weave != 0 && !take_tunnel(ctx, e))) {
                    mask &= ~(1u << i);
                }
            }
            rng = ctx->rng;
        }
        if (mask == 0) {
            unsigned entry;
            do {
                if (depth == 0) {
                    ctx->rng = rng;
                    return;
                }
                entry = nibble_pop(stack, &depth, &top);
                unsigned j = phase * STEPS + (entry & 7u);
                cur = (uint32_t)(cur + k->cell[j]);
                pc += (size_t)k->pos[j];
                phase ^= k->flip[j];
                if (listen) {
                    maze__step(ctx, MAZE_STEP_BACKTRACK, cur, MAZE_NONE);
                }
            } while ((filter == RULE || k->shrink) && !(entry & LIVELY_STEP));
            continue;
        }
        unsigned ways = filter == RULE ? k->ways_of[mask] : ways8(mask), r = 0;
        if (unweighted) {
            r = draw(&rng, ways, filter == RULE);
        } else if (ways > 1) {
            {
                uint32_t edges[STEPS];
                unsigned w = 0;
                for (unsigned c = mask; c != 0; c &= c - 1) {
                    edges[w++] = own + k->edge[at + (unsigned)__builtin_ctz(c)];
                }
                ctx->rng = rng;
                r = maze__pick_weighted(ctx, edges, ways);
                rng = ctx->rng;
            }
        }
        unsigned j =
            at + (filter == RULE ? k->nth_of[mask][r & 7u] : nth8(mask, r));
        uint32_t edge = own + k->edge[j];
        maze__open(m, edge);
        cur = (uint32_t)(cur + k->cell[j]);
        pc += (size_t)k->pos[j];
        maze__bit_set(seen, pc);
        if (listen) {
            maze__step(ctx, MAZE_STEP_OPEN, cur, edge);
            maze__step(ctx, MAZE_STEP_VISIT, cur, MAZE_NONE);
        }
        if (filter != RULE) {
            lively = ways > 1;
        } else if (k->settled) {
            /* Another step the rule lets through now (the weave draw
             * may take it next time); those it turns down stay so. */
            lively = (passing & ~(1u << (j - at))) != 0;
        }
        uint64_t entry = k->back[j] | (lively ? LIVELY_STEP : 0);
        nibble_push(stack, &depth, &top, entry);
        phase ^= k->flip[j];
    }
}

static void
choices_init(struct stencil_walk *k)
{
    for (unsigned m = 0; m < 256; m++) {
        unsigned n = ways8(m);
        k->ways_of[m] = (uint8_t)n;
        for (unsigned r = 0; r < STEPS; r++) {
            k->nth_of[m][r] = (uint8_t)(r < n ? nth8(m, r) : 0);
        }
    }
}

static int
carve_stencil(struct maze__carve *ctx, const struct maze__padded *p)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    const struct maze__stencil *s = g->stencil;
    uint64_t *seen = maze__stencil_visited(g, p);
    /* Every cell but the first is pushed at most once, so the stack is
     * allocated whole at once, as on a rectangle. */
    uint64_t *stack = maze__alloc_array(g->cells / 16 + 1, 8, false);
    if (seen == NULL || stack == NULL) {
        free(seen);
        free(stack);
        return MAZE_ERR_NOMEM;
    }
    struct stencil_walk k = {
        .ctx = ctx,
        .seen = seen,
        .bits = m->bits,
        .stack = stack,
        /* Whether a cell's candidates only ever shrink: visited bits and
         * open conflict partners only grow, but a weave draw is made
         * again and a weave tunnel may open up once the corridor over it
         * is dug. */
        .shrink = ctx->weave == 0 && g->ops->blocked == NULL,
    };
    stencil_walk_init(&k, g, p);
    unsigned most = s->count[0] > s->count[1] ? s->count[0] : s->count[1];
    uint32_t cur = maze__rng_below32(&ctx->rng, g->cells);
    unsigned phase;
    size_t pc = maze__padded_at(g, p, cur, &phase);
    if (g->conflicts && s->rules && g->ops == &g->kind->ops) {
        /* The rule agrees with the kind's blocked operation, which a
         * mask's operations would not use. */
        rule_init(&k, s, p);
        walk_stencil(&k, cur, pc, phase, STEPS, RULE);
    } else if (g->conflicts &&
               (!k.shrink || !maze__pair_look_init(m, p, &k.pairs, &k.block))) {
        walk_stencil(&k, cur, pc, phase, STEPS, ASK);
    } else if (g->conflicts) {
        walk_stencil(&k, cur, pc, phase, STEPS, PAIRS);
    } else if (ctx->weave != 0) {
        walk_stencil(&k, cur, pc, phase, STEPS, ASK);
    } else if (most <= 4) {
        walk_stencil(&k, cur, pc, phase, 4, PLAIN);
    } else if (most <= 6) {
        walk_stencil(&k, cur, pc, phase, 6, PLAIN);
    } else {
        walk_stencil(&k, cur, pc, phase, STEPS, PLAIN);
    }
    free(stack);
    free(seen);
    return MAZE_OK;
}

/* ---- Rectangles --------------------------------------------------------- */

/* Directions on a rectangle: the bits of the neighbour mask. */
enum { EAST = 0, SOUTH = 1, WEST = 2, NORTH = 3 };

/*
 * first_in[p][mask]: the first direction of mask in the order of the p-th
 * permutation of the four (in lexicographic order). The first of a set in
 * a uniformly random order is uniform over the set, and the permutation
 * can be drawn before the mask is known, so choosing is one lookup after
 * the neighbours are read.
 */
static const uint8_t first_in[24][16] = {
    {0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0},
    {0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 3, 0, 1, 0},
    {0, 0, 1, 0, 2, 0, 2, 0, 3, 0, 1, 0, 2, 0, 2, 0},
    {0, 0, 1, 0, 2, 0, 2, 0, 3, 0, 3, 0, 2, 0, 2, 0},
    {0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 3, 0, 3, 0, 3, 0},
    {0, 0, 1, 0, 2, 0, 2, 0, 3, 0, 3, 0, 3, 0, 3, 0},
    {0, 0, 1, 1, 2, 0, 1, 1, 3, 0, 1, 1, 2, 0, 1, 1},
    {0, 0, 1, 1, 2, 0, 1, 1, 3, 0, 1, 1, 3, 0, 1, 1},
    {0, 0, 1, 1, 2, 2, 1, 1, 3, 0, 1, 1, 2, 2, 1, 1},
    {0, 0, 1, 1, 2, 2, 1, 1, 3, 3, 1, 1, 2, 2, 1, 1},
    {0, 0, 1, 1, 2, 0, 1, 1, 3, 3, 1, 1, 3, 3, 1, 1},
    {0, 0, 1, 1, 2, 2, 1, 1, 3, 3, 1, 1, 3, 3, 1, 1},
    {0, 0, 1, 0, 2, 2, 2, 2, 3, 0, 1, 0, 2, 2, 2, 2},
    {0, 0, 1, 0, 2, 2, 2, 2, 3, 0, 3, 0, 2, 2, 2, 2},
    {0, 0, 1, 1, 2, 2, 2, 2, 3, 0, 1, 1, 2, 2, 2, 2},
    {0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 1, 1, 2, 2, 2, 2},
    {0, 0, 1, 0, 2, 2, 2, 2, 3, 3, 3, 3, 2, 2, 2, 2},
    {0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 2, 2, 2, 2},
    {0, 0, 1, 0, 2, 0, 1, 0, 3, 3, 3, 3, 3, 3, 3, 3},
    {0, 0, 1, 0, 2, 0, 2, 0, 3, 3, 3, 3, 3, 3, 3, 3},
    {0, 0, 1, 1, 2, 0, 1, 1, 3, 3, 3, 3, 3, 3, 3, 3},
    {0, 0, 1, 1, 2, 2, 1, 1, 3, 3, 3, 3, 3, 3, 3, 3},
    {0, 0, 1, 0, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3},
    {0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3},
};

/* pick[mask][r]: the r-th set bit of mask, the r-th open direction. */
static const uint8_t pick[16][4] = {
    {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0},
    {2, 0, 0, 0}, {0, 2, 0, 0}, {1, 2, 0, 0}, {0, 1, 2, 0},
    {3, 0, 0, 0}, {0, 3, 0, 0}, {1, 3, 0, 0}, {0, 1, 3, 0},
    {2, 3, 0, 0}, {0, 2, 3, 0}, {1, 2, 3, 0}, {0, 1, 2, 3},
};

/* The number of set bits of a 4-bit mask (no popcount instruction is
 * assumed of the target). */
static const uint8_t ways[16] = {0, 1, 1, 2, 1, 2, 2, 3,
                                 1, 2, 2, 3, 2, 3, 3, 4};

static unsigned
ways8(unsigned mask)
{
    return ways[mask & 15u] + ways[mask >> 4];
}

static unsigned
nth8(unsigned mask, unsigned r)
{
    /* Both halves looked up and one kept, with no branch: which half
     * holds the r-th bit is a coin toss to a predictor. */
    unsigned low = mask & 15u, n = ways[low];
    unsigned in_low = pick[low][r & 3u];
    unsigned in_high = 4u + pick[mask >> 4][(r - n) & 3u];
    return r < n ? in_low : in_high;
}

/*
 * Stack entries are nibbles, 16 to a word: the direction back to the
 * parent (two bits) and whether the parent had another way on when the
 * walk left it (LIVELY). A parent without one is certainly stuck when the
 * walk comes back, so it is popped straight away, without looking at its
 * neighbours again: most backtracking is that.
 */
#define LIVELY 4u

/* The chosen direction among the mask's by the class weights. */
static unsigned
pick_weighted(struct maze__carve *ctx, const uint64_t *w, unsigned mask)
{
    uint64_t weight[4], total = 0;
    for (unsigned d = 0; d < 4; d++) {
        weight[d] = (mask >> d) & 1u ? w[d & 1] : 0;
        total += weight[d];
    }
    if (total == 0) {
        /* Only zero-weight ways lead on: take one uniformly. */
        return pick[mask][maze__rng_below32(&ctx->rng, ways[mask])];
    }
    uint64_t r = maze_rng_below(&ctx->rng, total);
    unsigned d = 0;
    while (r >= weight[d]) {
        r -= weight[d++];
    }
    return d;
}

/*
 * Visited bits of the grid with a border of cells that count as visited
 * all round: cell (x, y) is bit (y + 1) * (w + 2) + x + 1, so a cell's four
 * neighbour bits are read without asking where the grid ends.
 */
static uint64_t *
padded_visited(uint32_t w, uint32_t h, size_t *pw)
{
    size_t stride = (size_t)w + 2;
    size_t n;
    if (!maze__mul_size(stride, (size_t)h + 2, &n)) {
        return NULL;
    }
    *pw = stride;
    return bordered_visited(n, stride, n, stride + 1, w, h, 1);
}

/* What the walk on a rectangle works with. */
struct walk {
    struct maze__carve *ctx;
    uint64_t *seen, *bits;
    uint64_t *stack; /* nibbles: 16 entries a word */
    uint64_t wclass[2];
    int64_t step[4], pstep[4];
    uint64_t cells;
};

/*
 * The walk itself, inlined four times: with equal weights (a lookup) and
 * without (a weighted draw), so the loop never asks which, and with a
 * listener to report steps to and without, so that a carve nobody
 * watches does not even test for one. The stack's top
 * word lives in a register (top, holding depth % 16 entries), so a push
 * or a pop touches memory once every 16.
 */
static inline __attribute__((always_inline)) void
walk_rect(const struct walk *k, uint64_t first, int64_t pc, bool equal,
          bool listen)
{
    struct maze__carve *ctx = k->ctx;
    uint64_t *seen = k->seen, *bits = k->bits, *stack = k->stack;
    const int64_t *step = k->step, *pstep = k->pstep;
    int64_t stride = pstep[1];
    struct maze__rand32 r32 = {0};
    uint64_t report = maze__report_step(k->cells), carved = 0;
    size_t depth = 0;
    uint64_t top = 0;
    int64_t cur = (int64_t)first;
    maze__bit_set(seen, (size_t)pc);
    if (listen) {
        maze__step(ctx, MAZE_STEP_VISIT, (uint32_t)cur, MAZE_NONE);
    }
    for (;;) {
        unsigned mask =
            (unsigned)!maze__bit_get(seen, (size_t)(pc + 1)) |
            (unsigned)!maze__bit_get(seen, (size_t)(pc + stride)) << 1 |
            (unsigned)!maze__bit_get(seen, (size_t)(pc - 1)) << 2 |
            (unsigned)!maze__bit_get(seen, (size_t)(pc - stride)) << 3;
        /* Drawn whether needed or not: it does not wait for the mask. */
        uint32_t order = maze__rand32_below(&ctx->rng, &r32, 24);
        if (mask != 0) {
            unsigned dir = equal ? first_in[order][mask]
                                 : pick_weighted(ctx, k->wclass, mask);
            int64_t next = cur + step[dir];
            /* East and south are the cell's own edges, west and north the
             * neighbour's. */
            uint64_t edge = (uint64_t)(2 * (dir & 2 ? next : cur)) + (dir & 1);
            bits[edge >> 6] |= (uint64_t)1 << (edge & 63);
            uint64_t entry = ((dir + 2) & 3u) | (ways[mask] > 1 ? LIVELY : 0);
            nibble_push(stack, &depth, &top, entry);
            cur = next;
            pc += pstep[dir];
            maze__bit_set(seen, (size_t)pc);
            if (listen) {
                maze__step(ctx, MAZE_STEP_OPEN, (uint32_t)cur, (uint32_t)edge);
                maze__step(ctx, MAZE_STEP_VISIT, (uint32_t)cur, MAZE_NONE);
            }
            if ((++carved & (report - 1)) == 0 &&
                maze__carve_report(ctx, carved, k->cells)) {
                return;
            }
            continue;
        }
        /* Stuck: back up to the nearest ancestor that may have a way on. */
        unsigned entry;
        do {
            if (depth == 0) {
                return;
            }
            entry = nibble_pop(stack, &depth, &top);
            cur += step[entry & 3u];
            pc += pstep[entry & 3u];
            if (listen) {
                maze__step(ctx, MAZE_STEP_BACKTRACK, (uint32_t)cur, MAZE_NONE);
            }
        } while (!(entry & LIVELY));
    }
}

static int
carve_rect(struct maze__carve *ctx)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    uint32_t w = g->width;
    size_t stride;
    uint64_t *seen = padded_visited(w, g->height, &stride);
    /* Every cell but the first is pushed at most once, so the stack is
     * allocated whole at once: only the pages it reaches are ever touched
     * (and counted as memory), and the loop never checks for room. */
    uint64_t *stack = maze__alloc_array(g->cells / 16 + 1, 8, false);
    if (seen == NULL || stack == NULL) {
        free(seen);
        free(stack);
        return MAZE_ERR_NOMEM;
    }
    struct maze__weights weights = maze__weights_plain(ctx);
    /* Per direction E, S, W, N: the step in cells and in padded bits. */
    struct walk k = {
        .ctx = ctx,
        .seen = seen,
        .bits = m->bits,
        .stack = stack,
        .wclass = {weights.w[MAZE_CLASS_H], weights.w[MAZE_CLASS_V]},
        .step = {1, (int64_t)w, -1, -(int64_t)w},
        .pstep = {1, (int64_t)stride, -1, -(int64_t)stride},
        .cells = g->cells,
    };
    uint32_t first = maze__rng_below32(&ctx->rng, g->cells);
    int64_t pc = (int64_t)((first / w + 1) * stride + first % w + 1);
    if (ctx->steps != NULL) {
        walk_rect(&k, first, pc, weights.equal, true);
    } else if (weights.equal) {
        walk_rect(&k, first, pc, true, false);
    } else {
        walk_rect(&k, first, pc, false, false);
    }
    free(stack);
    free(seen);
    return MAZE_OK;
}

/* ---- Kinds with rings --------------------------------------------------- */

/*
 * Stack entries of the ring walk: the way back to the parent as a code
 * (below), and LIVELY_STEP when the parent had another way on. Back out
 * to the j-th cell of the ring outside, j from 4 up (a centre of more
 * than 4 cells, rings more than 4 times the one inside), takes two
 * entries: j below, then RING_FAR.
 */
enum { RING_CW, RING_CCW, RING_IN, RING_OUT, RING_FAR = RING_OUT + 4 };

/* The cells of w's neighbours into nb, in maze__rings order; returns
 * how many. */
static inline __attribute__((always_inline)) unsigned
ring_cells(const struct maze__rings *rs, const struct maze__ring_walker *w,
           uint32_t *nb)
{
    const struct maze__ring *R = &rs->ring[w->r];
    uint32_t p = w->p, out = R->out, o = R[1].start + p * out;
    if (w->r == 0) {
        for (uint32_t j = 0; j < out; j++) {
            nb[j] = o + j;
        }
        return out;
    }
    nb[0] = R->start + (p + 1 == R->count ? 0 : p + 1);
    for (uint32_t j = 0; j < out; j++) {
        nb[1 + j] = o + j;
    }
    nb[out + 1] = R->start + (p == 0 ? R->count - 1 : p - 1);
    nb[out + 2] =
        R[-1].start + (R->in == 1 ? p : maze__div(p, rs->recip[R->in]));
    return out + 3;
}

/* The r-th set bit of a 16-bit mask (r below their number). */
static unsigned
nth16(unsigned mask, unsigned r)
{
    unsigned low = mask & 255u, n = ways8(low);
    return r < n ? nth8(low, r) : 8 + nth8(mask >> 8, r - n);
}

/*
 * The walk of carve_generic() on a kind that gives its rings as data
 * (maze__rings), making the same choices from the same draws: the
 * candidates in the kind's order, filtered the same way. It carries the
 * cell's ring and position, so its neighbours are a few additions with
 * no call and no search for the ring; the stack holds the way back, so
 * going back needs no search either; and a parent left with no other
 * way on is popped without a look (no weave, no conflicts on such a
 * kind: a cell's candidates only shrink). Unweighted draws are
 * maze__pick_weighted()'s, inline.
 */
static int
carve_rings(struct maze__carve *ctx)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    const struct maze__rings *rs = g->rings;
    /* Two entries for a way back out past the 4th cell: at most one a
     * cell of the rings more than 4 times the one inside. */
    uint64_t far = 0;
    for (uint32_t r = 0; r < rs->count; r++) {
        far += rs->ring[r].out > 4 ? rs->ring[r].count : 0;
    }
    uint64_t *seen = maze__alloc_array((g->cells + 63) / 64, 8, true);
    uint64_t *stack =
        maze__alloc_array((size_t)((g->cells + far) / 16 + 1), 8, false);
    if (seen == NULL || stack == NULL) {
        free(seen);
        free(stack);
        return MAZE_ERR_NOMEM;
    }
    const bool listen = ctx->steps != NULL, unweighted = ctx->unweighted;
    struct maze_rng rng = ctx->rng;
    size_t depth = 0;
    uint64_t top = 0;
    struct maze__ring_walker w;
    maze__ring_at(rs, maze__rng_below32(&rng, g->cells), &w);
    maze__bit_set(seen, w.cell);
    maze__step(ctx, MAZE_STEP_VISIT, w.cell, MAZE_NONE);
    for (;;) {
        uint32_t nb[MAZE_GRID_MAX_DEGREE], pos[4];
        const struct maze__ring *R = &rs->ring[w.r];
        unsigned mask = 0, ways4 = 0;
        if (R->out == 1 && w.r != 0) {
            /* Most cells: a ring as many cells as the ring outside, four
             * neighbours, read unrolled (as ring_cells() gives them). */
            uint32_t p = w.p;
            pos[0] = p + 1 == R->count ? 0 : p + 1;
            pos[1] = p;
            pos[2] = p == 0 ? R->count - 1 : p - 1;
            pos[3] = R->in == 1 ? p : maze__div(p, rs->recip[R->in]);
            nb[0] = R->start + pos[0];
            nb[1] = R[1].start + p;
            nb[2] = R->start + pos[2];
            nb[3] = R[-1].start + pos[3];
            mask = (unsigned)!maze__bit_get(seen, nb[0]) |
                   (unsigned)!maze__bit_get(seen, nb[1]) << 1 |
                   (unsigned)!maze__bit_get(seen, nb[2]) << 2 |
                   (unsigned)!maze__bit_get(seen, nb[3]) << 3;
            ways4 = 1;
        } else {
            unsigned n = ring_cells(rs, &w, nb);
            for (unsigned i = 0; i < n; i++) {
                mask |= (unsigned)!maze__bit_get(seen, nb[i]) << i;
            }
        }
        if (mask == 0) {
            unsigned entry;
            do {
                if (depth == 0) {
                    ctx->rng = rng;
                    free(stack);
                    free(seen);
                    return MAZE_OK;
                }
                entry = nibble_pop(stack, &depth, &top);
                unsigned code = entry & 7u, out = rs->ring[w.r].out, i;
                if (code == RING_FAR) {
                    code = RING_OUT + nibble_pop(stack, &depth, &top);
                }
                /* The way back as w's neighbour: by table on a common
                 * cell, where branches on a random way would miss. */
                static const uint8_t back4[RING_OUT + 1] = {0, 2, 3, 1};
                i = out == 1 && w.r != 0 ? back4[code]
                    : code == RING_CW    ? 0
                    : code == RING_CCW   ? out + 1
                    : code == RING_IN    ? out + 2
                    : w.r == 0           ? code - RING_OUT
                                         : code - RING_OUT + 1;
                (void)maze__ring_move(rs, &w, i);
                if (listen) {
                    maze__step(ctx, MAZE_STEP_BACKTRACK, w.cell, MAZE_NONE);
                }
            } while (!(entry & LIVELY_STEP));
            continue;
        }
        unsigned many =
            ways4 ? ways[mask] : ways8(mask & 255u) + ways8(mask >> 8);
        unsigned r = 0;
        if (unweighted) {
            r = draw(&rng, many, false);
        } else if (many > 1) {
            uint32_t edges[MAZE_GRID_MAX_DEGREE];
            unsigned k = 0;
            for (unsigned c = mask; c != 0; c &= c - 1) {
                struct maze__ring_walker v = w;
                edges[k++] =
                    maze__ring_move(rs, &v, (unsigned)__builtin_ctz(c));
            }
            ctx->rng = rng;
            r = maze__pick_weighted(ctx, edges, many);
            rng = ctx->rng;
        }
        unsigned i = ways4 ? pick[mask][r] : nth16(mask, r), out = R->out;
        struct maze__ring_walker from = w;
        uint32_t edge;
        if (ways4) {
            /* maze__ring_move() from what was read: along (0, 2), out
             * (1) or in (3). */
            static const int8_t ring_step[4] = {0, 1, 0, -1};
            edge = 2 * ((0x9u >> i) & 1u ? w.cell : nb[i]) + (i & 1u);
            w.r = (uint32_t)((int32_t)w.r + ring_step[i]);
            w.p = pos[i];
            w.cell = nb[i];
        } else {
            edge = maze__ring_move(rs, &w, i);
        }
        maze__open(m, edge);
        maze__bit_set(seen, w.cell);
        if (listen) {
            maze__step(ctx, MAZE_STEP_OPEN, w.cell, edge);
            maze__step(ctx, MAZE_STEP_VISIT, w.cell, MAZE_NONE);
        }
        /* The way taken: round (0), out (1), back round (2) or in (3),
         * by i itself on a common cell; and the way back. */
        static const uint8_t way_back[4] = {RING_CCW, RING_IN, RING_CW,
                                            RING_OUT};
        unsigned way = ways4                                 ? i
                       : from.r == 0 || (i >= 1 && i <= out) ? 1
                       : i == 0                              ? 0
                       : i == out + 1                        ? 2
                                                             : 3;
        /* In: back out to the parent's place among w's out cells. */
        uint32_t j = way == 3 ? from.p - w.p * rs->ring[from.r].in : 0;
        unsigned code = way_back[way] + j;
        if (j >= RING_FAR - RING_OUT) {
            nibble_push(stack, &depth, &top, j);
            code = RING_FAR;
        }
        uint64_t entry = code | (many > 1 ? LIVELY_STEP : 0);
        nibble_push(stack, &depth, &top, entry);
    }
}

static int
carve_backtracker(struct maze__carve *ctx)
{
    const struct maze_grid *g = ctx->maze->grid;
    struct maze__padded p;
    if (maze__grid_is_rect(g)) {
        return carve_rect(ctx);
    }
    if (g->rings != NULL && ctx->weave == 0 && !g->conflicts) {
        return carve_rings(ctx);
    }
    /* A single level: the memory model counts no level above and below
     * (maze__padded pads them), so it takes the general way. */
    if (g->stencil != NULL && !(g->stencil->layered && g->layers < 2) &&
        maze__padded_init(g, &p)) {
        return carve_stencil(ctx, &p);
    }
    return carve_generic(ctx);
}

/* The memory model: scratch bytes at most (maze__algorithm.scratch). */
static uint64_t
scratch_backtracker(const struct maze__dims *d)
{
    /* Visited bits with a border, and a stack of nibbles as deep as the
     * maze, allocated whole (only the part reached is touched). Other
     * kinds' borders are up to two cells wide, and a level above and
     * below the levels of a 3D grid (d->cells / (width x height)). */
    uint64_t plane = maze__sat_mul(d->width, d->height);
    uint64_t layers = plane != 0 && d->cells > plane ? d->cells / plane : 1;
    uint64_t padded = maze__sat_mul(d->width + 4, d->height + 4);
    if (layers > 1) {
        padded = maze__sat_mul(padded, layers + 2);
    }
    uint64_t rect = maze__sat_mul(d->width + 2, d->height + 2);
    return maze__sat_add(maze__sat_bits(padded > rect ? padded : rect),
                         d->cells / 2 + 8);
}

const struct maze__algorithm maze__gen_backtracker = {
    .info =
        {
            .name = "backtracker",
            .description = "recursive backtracker: depth-first search with an "
                           "explicit stack; long winding corridors",
            .streamable = false,
            .perfect = true,
            .weaves = true,
        },
    .carve = carve_backtracker,
    .scratch = scratch_backtracker,
};
