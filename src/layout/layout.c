/* SPDX-License-Identifier: MIT */
/*
 * The layout: a maze as drawn, in grid units, computed once and shared by
 * every vector exporter. Walls come out as maximal straight runs, so a
 * 50x50 maze is a few hundred strokes instead of thousands of unit
 * segments, and a renderer joins nothing itself.
 *
 * Rectangular grids are walked one lattice line at a time and the runs
 * fall out already merged, in O(cells) with no sorting. Any other grid
 * kind goes through the generic path: every wall side is collected through
 * maze_grid_cell_sides(), grouped by the line (or circle) it lies on,
 * and collinear touching sides (and touching arcs of one circle) are
 * merged after sorting each line's sides, which is slower but needs
 * nothing from the kind but its geometry.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "core/fractal.h"
#include "core/grid_impl.h"
#include "layout/layout.h"
#include <mazegen/status.h>

/* Grows *buf (holding *cap elements of elem bytes) to hold at least need. */
static int
grow(void **buf, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) {
        return MAZE_OK;
    }
    size_t cap2 = *cap ? *cap : 64;
    while (cap2 < need) {
        if (!maze__mul_size(cap2, 2, &cap2)) {
            return MAZE_ERR_NOMEM;
        }
    }
    size_t bytes;
    if (!maze__mul_size(cap2, elem, &bytes)) {
        return MAZE_ERR_NOMEM;
    }
    void *p = realloc(*buf, bytes);
    if (p == NULL) {
        return MAZE_ERR_NOMEM;
    }
    *buf = p;
    *cap = cap2;
    return MAZE_OK;
}

struct run_list {
    struct maze__run *v;
    size_t n, cap;
    /* The level new runs get (fractal mazes; else 0). */
    unsigned level;
};

static int
run_push(struct run_list *l, struct maze_point a, struct maze_point b)
{
    void *buf = l->v;
    int rc = grow(&buf, &l->cap, l->n + 1, sizeof(*l->v));
    l->v = buf;
    if (rc != MAZE_OK) {
        return rc;
    }
    l->v[l->n++] = (struct maze__run){.a = a, .b = b, .level = l->level};
    return MAZE_OK;
}

/* Whether the boundary side `side` of cell is left open as an entrance. */
static bool
is_opening(const struct maze *m, uint32_t cell, unsigned side)
{
    return (cell == m->start && side == m->start_opening) ||
           (cell == m->finish && side == m->finish_opening);
}

/* Whether the unit segment of horizontal lattice line j above column x is a
 * wall (j == height is the bottom boundary, below the last row). */
static bool
rect_h_wall(const struct maze *m, uint32_t x, uint32_t j)
{
    uint32_t w = m->grid->width, h = m->grid->height;
    if (j == 0) {
        return !is_opening(m, x, MAZE__SIDE_N);
    }
    if (j == h) {
        return !is_opening(m, (h - 1) * w + x, MAZE__SIDE_S);
    }
    return !maze__is_open(m, maze__rect_south((j - 1) * w + x));
}

/* Likewise for vertical lattice line i left of row y. */
static bool
rect_v_wall(const struct maze *m, uint32_t i, uint32_t y)
{
    uint32_t w = m->grid->width;
    if (i == 0) {
        return !is_opening(m, y * w, MAZE__SIDE_W);
    }
    if (i == w) {
        return !is_opening(m, y * w + w - 1, MAZE__SIDE_E);
    }
    return !maze__is_open(m, maze__rect_east(y * w + i - 1));
}

/* 64 bits of m's edge bits from bit `at` on, zeros past the end. */
static uint64_t
bits_at(const struct maze *m, uint64_t at)
{
    size_t i = (size_t)(at >> 6);
    unsigned s = (unsigned)(at & 63);
    uint64_t v = i < m->words ? m->bits[i] >> s : 0;
    if (s != 0 && i + 1 < m->words) {
        v |= m->bits[i + 1] << (64 - s);
    }
    return v;
}

/* The even bits of v, packed into the low 32. */
static uint64_t
even_bits(uint64_t v)
{
    v &= 0x5555555555555555ull;
    v = (v | v >> 1) & 0x3333333333333333ull;
    v = (v | v >> 2) & 0x0f0f0f0f0f0f0f0full;
    v = (v | v >> 4) & 0x00ff00ff00ff00ffull;
    v = (v | v >> 8) & 0x0000ffff0000ffffull;
    return (v | v >> 16) & 0xffffffffull;
}

/* Row y's east (slot 0) or south (slot 1) edge bits, bit x for column x,
 * 64 columns a word. */
static void
row_bits(const struct maze *m, uint32_t y, unsigned slot, uint64_t *out)
{
    uint32_t w = m->grid->width;
    uint64_t at = 2 * (uint64_t)y * w + slot;
    for (uint32_t x = 0; x < w; x += 64) {
        uint64_t lo = even_bits(bits_at(m, at + 2 * (uint64_t)x));
        uint64_t hi = even_bits(bits_at(m, at + 2 * (uint64_t)x + 64));
        out[x / 64] = lo | hi << 32;
    }
}

/* The first bit from p on that is set (or clear) among n bits, or n. */
static uint32_t
next_bit(const uint64_t *v, uint32_t n, uint32_t p, bool set)
{
    while (p < n) {
        uint64_t word = (set ? v[p / 64] : ~v[p / 64]) & (~0ull << (p % 64));
        if (word != 0) {
            uint32_t q = (p & ~63u) + (uint32_t)__builtin_ctzll(word);
            return q < n ? q : n;
        }
        p = (p & ~63u) + 64;
    }
    return n;
}

/* The walls of horizontal lattice line j, bit x above column x. */
static void
h_line(const struct maze *m, uint32_t j, uint64_t *out)
{
    uint32_t w = m->grid->width, h = m->grid->height, words = (w + 63) / 64;
    if (j > 0 && j < h) {
        row_bits(m, j - 1, 1, out);
        for (uint32_t k = 0; k < words; k++) {
            out[k] = ~out[k];
        }
        return;
    }
    memset(out, 0, words * sizeof(*out));
    for (uint32_t x = 0; x < w; x++) {
        out[x / 64] |= (uint64_t)rect_h_wall(m, x, j) << (x % 64);
    }
}

/* The walls left of row y on vertical lattice lines 0 to w, bit i for
 * line i (east bits one column on, and the outer wall). */
static void
v_row(const struct maze *m, uint32_t y, uint64_t *east, uint64_t *out)
{
    uint32_t w = m->grid->width, words = (w + 1 + 63) / 64;
    row_bits(m, y, 0, east);
    for (uint32_t k = 0; k < words; k++) {
        uint64_t e = k < (w + 63) / 64 ? east[k] << 1 : 0;
        e |= k > 0 ? east[k - 1] >> 63 : 0;
        out[k] = ~e;
    }
    out[0] = (out[0] & ~1ull) | rect_v_wall(m, 0, y);
    /* Line w, and nothing past it. */
    out[w / 64] &= (1ull << (w % 64)) - 1;
    out[w / 64] |= (uint64_t)rect_v_wall(m, w, y) << (w % 64);
}

/* Scratch of rect_runs(), all O(width). */
struct rect_scratch {
    uint64_t *line, *east, *prev, *cur;
    size_t *at;     /* per vertical line: its next run's slot */
    uint32_t *from; /* per vertical line: where its open run began */
};

/*
 * The vertical lines' runs, scanned row by row: a run begins where a
 * line's wall bit turns on and ends where it turns off. The runs are
 * drawn line by line, so the first scan (runs == NULL) counts each
 * line's runs and the second puts each run in its line's slots.
 */
static size_t
v_runs(const struct maze *m, struct rect_scratch *t, struct maze__run *runs,
       const unsigned *level)
{
    uint32_t w = m->grid->width, h = m->grid->height, words = (w + 64) / 64;
    size_t total = 0;
    memset(t->prev, 0, words * sizeof(*t->prev));
    for (uint32_t y = 0; y <= h; y++) {
        if (y < h) {
            v_row(m, y, t->east, t->cur);
        } else {
            memset(t->cur, 0, words * sizeof(*t->cur));
        }
        for (uint32_t k = 0; k < words; k++) {
            uint64_t on = t->cur[k] & ~t->prev[k];
            uint64_t off = t->prev[k] & ~t->cur[k];
            for (; runs != NULL && off != 0; off &= off - 1) {
                uint32_t i = 64 * k + (uint32_t)__builtin_ctzll(off);
                runs[t->at[i]++] = (struct maze__run){
                    .a = {i, t->from[i]},
                    .b = {i, y},
                    .level = level != NULL ? level[i] : 0,
                };
            }
            for (; on != 0; on &= on - 1) {
                uint32_t i = 64 * k + (uint32_t)__builtin_ctzll(on);
                if (runs == NULL) {
                    t->at[i]++;
                    total++;
                } else {
                    t->from[i] = y;
                }
            }
        }
        uint64_t *swap = t->prev;
        t->prev = t->cur;
        t->cur = swap;
    }
    return total;
}

/* The runs of horizontal lattice line j into runs (NULL: counts them). */
static size_t
h_runs(const struct maze *m, uint32_t j, const uint64_t *line,
       struct maze__run *runs, unsigned level)
{
    uint32_t w = m->grid->width;
    size_t n = 0;
    for (uint32_t x = next_bit(line, w, 0, true); x < w;
         x = next_bit(line, w, x, true)) {
        uint32_t end = next_bit(line, w, x, false);
        if (runs != NULL) {
            runs[n] =
                (struct maze__run){.a = {x, j}, .b = {end, j}, .level = level};
        }
        n++;
        x = end;
    }
    return n;
}

static void
scratch_free(struct rect_scratch *t, unsigned *level)
{
    free(t->line);
    free(t->east);
    free(t->prev);
    free(t->cur);
    free(t->at);
    free(t->from);
    free(level);
}

/*
 * Horizontal lines top to bottom, then vertical lines left to right, each
 * line's runs in order along it. In a fractal maze each lattice line has
 * one level all along, so runs merge exactly as in any other. The walls
 * are read 64 columns at a time off the edge bits, and every run is
 * counted before any is stored, so the runs take one allocation.
 */
static int
rect_runs(const struct maze *m, struct run_list *out)
{
    uint32_t w = m->grid->width, h = m->grid->height, bx = 1, by = 1;
    unsigned levels = 0;
    if (!maze__fractal_of(m, &levels, &bx, &by)) {
        levels = 0;
    }
    size_t words = ((size_t)w + 64) / 64;
    struct rect_scratch t = {
        .line = malloc(words * sizeof(uint64_t)),
        .east = malloc(words * sizeof(uint64_t)),
        .prev = malloc(words * sizeof(uint64_t)),
        .cur = malloc(words * sizeof(uint64_t)),
        .at = calloc((size_t)w + 1, sizeof(size_t)),
        .from = malloc(((size_t)w + 1) * sizeof(uint32_t)),
    };
    unsigned *level = levels ? malloc(((size_t)w + 1) * sizeof(*level)) : NULL;
    if (t.line == NULL || t.east == NULL || t.prev == NULL || t.cur == NULL ||
        t.at == NULL || t.from == NULL || (levels && level == NULL)) {
        scratch_free(&t, level);
        return MAZE_ERR_NOMEM;
    }
    size_t count = 0;
    for (uint32_t j = 0; j <= h; j++) {
        h_line(m, j, t.line);
        count += h_runs(m, j, t.line, NULL, 0);
    }
    count += v_runs(m, &t, NULL, NULL);
    void *buf = out->v;
    int rc = grow(&buf, &out->cap, count, sizeof(*out->v));
    out->v = buf;
    if (rc != MAZE_OK) {
        scratch_free(&t, level);
        return rc;
    }
    size_t n = 0;
    for (uint32_t j = 0; j <= h; j++) {
        h_line(m, j, t.line);
        n += h_runs(m, j, t.line, out->v + n,
                    levels ? maze__fractal_line(j, h, by, levels) : 0);
    }
    /* Each vertical line's first slot, after the lines before it. */
    for (uint32_t i = 0; i <= w; i++) {
        size_t k = t.at[i];
        t.at[i] = n;
        n += k;
        if (level != NULL) {
            level[i] = maze__fractal_line(i, w, bx, levels);
        }
    }
    (void)v_runs(m, &t, out->v, level);
    out->n = n;
    scratch_free(&t, level);
    return MAZE_OK;
}

/*
 * A wall side keyed by the line it lies on. Direction and offset are
 * quantised to 1e-6 grid units so that sides computed from different cells
 * agree exactly and sort together despite rounding.
 */
struct seg {
    /* Arcs sort after lines; for them qx, qy, off key the circle (centre
     * and radius) and t0, t1 are the angles. */
    int arc;
    long long qx, qy, off;
    double t0, t1;
    struct maze_point a, b;
    struct maze_point center;
    double radius;
};

/*
 * The order the sides are merged and drawn in: by line (arcs after
 * lines, then qx, qy, off), along it by t0, then t1, then as collected.
 * Grouping by line then sorting each line's sides gives exactly the
 * order of one stable sort by all of these.
 */
static int
line_cmp(int arc_a, long long qx_a, long long qy_a, long long off_a, int arc_b,
         long long qx_b, long long qy_b, long long off_b)
{
    if (arc_a != arc_b) {
        return arc_a - arc_b;
    }
    if (qx_a != qx_b) {
        return qx_a < qx_b ? -1 : 1;
    }
    if (qy_a != qy_b) {
        return qy_a < qy_b ? -1 : 1;
    }
    if (off_a != off_b) {
        return off_a < off_b ? -1 : 1;
    }
    return 0;
}

/* Orients a side canonically (left to right, else top to bottom) and keys
 * it; false for a side of zero length, which draws nothing. */
static bool
seg_make(struct maze_point a, struct maze_point b, struct seg *s)
{
    double dx = b.x - a.x, dy = b.y - a.y;
    double len = hypot(dx, dy);
    if (!(len > 1e-9)) {
        return false;
    }
    if (dx < -1e-9 || (fabs(dx) <= 1e-9 && dy < 0)) {
        struct maze_point t = a;
        a = b;
        b = t;
        dx = -dx;
        dy = -dy;
    }
    double ux = dx / len, uy = dy / len;
    s->arc = 0;
    s->qx = llround(ux * 1e6);
    s->qy = llround(uy * 1e6);
    s->off = llround((ux * a.y - uy * a.x) * 1e6);
    s->t0 = ux * a.x + uy * a.y;
    s->t1 = ux * b.x + uy * b.y;
    s->a = a;
    s->b = b;
    return true;
}

/* Keys an arc side by its circle. */
static void
arc_make(const struct maze_side *side, struct seg *s)
{
    *s = (struct seg){
        .arc = 1,
        .qx = llround(side->center.x * 1e6),
        .qy = llround(side->center.y * 1e6),
        .off = llround(side->radius * 1e6),
        .t0 = side->angle0,
        .t1 = side->angle1,
        .a = side->a,
        .b = side->b,
        .center = side->center,
        .radius = side->radius,
    };
}

unsigned
maze__cell_walls(const struct maze *m, uint32_t cell, struct maze_side *out)
{
    const struct maze_grid *g = m->grid;
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    unsigned count = maze_grid_cell_sides(g, cell, sides);
    if (g->ops->walls != NULL) {
        unsigned openings = 0;
        for (unsigned i = 0; i < count; i++) {
            openings |= is_opening(m, cell, i) ? 1u << i : 0;
        }
        return g->ops->walls(g, m->bits, cell, openings, out);
    }
    unsigned n = 0;
    for (unsigned i = 0; i < count; i++) {
        uint32_t e = sides[i].edge;
        if (e == MAZE_NONE ? is_opening(m, cell, i) : maze__is_open(m, e)) {
            continue;
        }
        if (e != MAZE_NONE && !maze__draws_side(g, cell, e)) {
            continue;
        }
        out[n++] = sides[i];
    }
    return n;
}

/* Every wall once (maze__cell_walls()), as segments to merge. */
static int
generic_collect(const struct maze *m, struct seg **segs, size_t *n)
{
    const struct maze_grid *g = m->grid;
    size_t cap = 0;
    for (uint32_t c = 0; c < g->cells; c++) {
        struct maze_side walls[MAZE__CELL_WALLS_MAX];
        unsigned count = maze__cell_walls(m, c, walls);
        void *buf = *segs;
        int rc = grow(&buf, &cap, *n + count, sizeof(**segs));
        *segs = buf;
        if (rc != MAZE_OK) {
            return rc;
        }
        for (unsigned i = 0; i < count; i++) {
            if (walls[i].shape == MAZE_SIDE_ARC) {
                arc_make(&walls[i], &(*segs)[(*n)++]);
            } else {
                *n += seg_make(walls[i].a, walls[i].b, &(*segs)[*n]);
            }
        }
    }
    return MAZE_OK;
}

/* A merged side as a run. */
static int
seg_push(struct run_list *out, const struct seg *s)
{
    int rc = run_push(out, s->a, s->b);
    if (rc == MAZE_OK && s->arc) {
        struct maze__run *r = &out->v[out->n - 1];
        r->arc = true;
        r->center = s->center;
        r->radius = s->radius;
        r->angle0 = s->t0;
        r->angle1 = s->t1;
    }
    return rc;
}

/* A line sides lie on (or a circle of arcs), and how many do. */
struct line {
    int arc;
    long long qx, qy, off;
    uint32_t id;    /* its place in first-seen order */
    uint32_t count; /* sides on it */
};

static int
line_order(const void *pa, const void *pb)
{
    const struct line *a = pa, *b = pb;
    return line_cmp(a->arc, a->qx, a->qy, a->off, b->arc, b->qx, b->qy, b->off);
}

/* A side's place along its line, for sorting one line's sides. */
struct place {
    double t0, t1;
    uint32_t side;
};

static int
place_cmp(const void *pa, const void *pb)
{
    const struct place *a = pa, *b = pb;
    if (a->t0 != b->t0) {
        return a->t0 < b->t0 ? -1 : 1;
    }
    if (a->t1 != b->t1) {
        return (a->t1 > b->t1) - (a->t1 < b->t1);
    }
    return (a->side > b->side) - (a->side < b->side);
}

static uint64_t
line_hash(const struct seg *s)
{
    uint64_t h = (uint64_t)s->qx * 0x9e3779b97f4a7c15ull;
    h = (h ^ (h >> 29) ^ (uint64_t)s->qy) * 0xbf58476d1ce4e5b9ull;
    h = (h ^ (h >> 31) ^ (uint64_t)s->off) * 0x94d049bb133111ebull;
    return h ^ (h >> 32) ^ (uint64_t)s->arc;
}

/* The lines of the sides, in first-seen order, and each side's line. */
struct lines {
    struct line *v;
    size_t n, cap;
    uint32_t *slot; /* open addressing: a line's index + 1, or 0 */
    size_t slots;   /* a power of two, at least twice n */
};

static int
lines_rehash(struct lines *l, size_t slots)
{
    uint32_t *slot = calloc(slots, sizeof(*slot));
    if (slot == NULL) {
        return MAZE_ERR_NOMEM;
    }
    for (size_t i = 0; i < l->n; i++) {
        const struct line *ln = &l->v[i];
        struct seg key = {
            .arc = ln->arc, .qx = ln->qx, .qy = ln->qy, .off = ln->off};
        size_t k = line_hash(&key) & (slots - 1);
        while (slot[k] != 0) {
            k = (k + 1) & (slots - 1);
        }
        slot[k] = (uint32_t)i + 1;
    }
    free(l->slot);
    l->slot = slot;
    l->slots = slots;
    return MAZE_OK;
}

/* The index of s's line, added if new; UINT32_MAX when out of memory. */
static uint32_t
lines_find(struct lines *l, const struct seg *s)
{
    size_t k = line_hash(s) & (l->slots - 1);
    for (; l->slot[k] != 0; k = (k + 1) & (l->slots - 1)) {
        struct line *ln = &l->v[l->slot[k] - 1];
        if (line_cmp(ln->arc, ln->qx, ln->qy, ln->off, s->arc, s->qx, s->qy,
                     s->off) == 0) {
            return l->slot[k] - 1;
        }
    }
    void *buf = l->v;
    int rc = grow(&buf, &l->cap, l->n + 1, sizeof(*l->v));
    l->v = buf;
    if (rc != MAZE_OK) {
        return UINT32_MAX;
    }
    uint32_t id = (uint32_t)l->n++;
    l->v[id] = (struct line){s->arc, s->qx, s->qy, s->off, id, 0};
    if (2 * l->n > l->slots) {
        return lines_rehash(l, 2 * l->slots) == MAZE_OK ? id : UINT32_MAX;
    }
    l->slot[k] = id + 1;
    return id;
}

/*
 * The sides in merging order (line_cmp(), then place_cmp()) as indices
 * into segs. Sides are grouped by a hash of their line, the few lines
 * sorted, and each line's sides sorted alone, most often already in
 * order as collected: sorting all the sides at once cost a third of
 * writing a hexagon maze, nearly all of it cache misses.
 */
static int
seg_order(const struct seg *segs, size_t n, uint32_t *order)
{
    struct lines l = {0};
    uint32_t *line_of = maze__alloc_array(n, sizeof(*line_of), false);
    size_t *start = NULL;
    struct place *scratch = NULL;
    int rc =
        line_of && lines_rehash(&l, 64) == MAZE_OK ? MAZE_OK : MAZE_ERR_NOMEM;
    for (size_t i = 0; i < n && rc == MAZE_OK; i++) {
        line_of[i] = lines_find(&l, &segs[i]);
        if (line_of[i] == UINT32_MAX) {
            rc = MAZE_ERR_NOMEM;
        } else {
            l.v[line_of[i]].count++;
        }
    }
    if (rc == MAZE_OK) {
        start = maze__alloc_array(l.n + 1, sizeof(*start), false);
        rc = start ? MAZE_OK : MAZE_ERR_NOMEM;
    }
    if (rc != MAZE_OK) {
        goto out;
    }
    qsort(l.v, l.n, sizeof(*l.v), line_order);
    /* Each line's sides go to order[start[r]...] (r its rank), in the
     * order collected; the hash table is done with, and holds by line id
     * the next free place of the line. */
    size_t at = 0, most = 0;
    uint32_t *first = l.slot;
    for (size_t r = 0; r < l.n; r++) {
        start[r] = at;
        first[l.v[r].id] = (uint32_t)at;
        at += l.v[r].count;
        most = l.v[r].count > most ? l.v[r].count : most;
    }
    start[l.n] = at;
    for (size_t i = 0; i < n; i++) {
        order[first[line_of[i]]++] = (uint32_t)i;
    }
    /* Then each line's sides along it, unless they are in order. */
    for (size_t r = 0; r < l.n && rc == MAZE_OK; r++) {
        uint32_t *o = order + start[r];
        size_t k = start[r + 1] - start[r], i = 1;
        while (i < k && place_cmp(&(struct place){segs[o[i - 1]].t0,
                                                  segs[o[i - 1]].t1, o[i - 1]},
                                  &(struct place){segs[o[i]].t0, segs[o[i]].t1,
                                                  o[i]}) <= 0) {
            i++;
        }
        if (i >= k) {
            continue;
        }
        if (scratch == NULL) {
            scratch = maze__alloc_array(most, sizeof(*scratch), false);
            if (scratch == NULL) {
                rc = MAZE_ERR_NOMEM;
                break;
            }
        }
        for (i = 0; i < k; i++) {
            scratch[i] = (struct place){segs[o[i]].t0, segs[o[i]].t1, o[i]};
        }
        qsort(scratch, k, sizeof(*scratch), place_cmp);
        for (i = 0; i < k; i++) {
            o[i] = scratch[i].side;
        }
    }
out:
    free(scratch);
    free(start);
    free(line_of);
    free(l.v);
    free(l.slot);
    return rc;
}

static int
generic_runs(const struct maze *m, struct run_list *out)
{
    struct seg *segs = NULL;
    uint32_t *order = NULL;
    size_t n = 0;
    int rc = generic_collect(m, &segs, &n);
    if (rc != MAZE_OK || n == 0) {
        goto out;
    }
    /* Sides are counted in 32 bits: 4 billion sides would take 400 GiB
     * here already. */
    order =
        n <= UINT32_MAX ? maze__alloc_array(n, sizeof(*order), false) : NULL;
    rc = order ? seg_order(segs, n, order) : MAZE_ERR_NOMEM;
    if (rc != MAZE_OK) {
        goto out;
    }
    struct seg cur = segs[order[0]];
    for (size_t i = 1; i < n && rc == MAZE_OK; i++) {
        const struct seg *s = &segs[order[i]];
        bool same_line = s->arc == cur.arc && s->qx == cur.qx &&
                         s->qy == cur.qy && s->off == cur.off;
        if (same_line && s->t0 <= cur.t1 + 1e-6) {
            if (s->t1 > cur.t1) {
                cur.t1 = s->t1;
                cur.b = s->b;
            }
            continue;
        }
        rc = seg_push(out, &cur);
        cur = *s;
    }
    if (rc == MAZE_OK) {
        rc = seg_push(out, &cur);
    }
out:
    free(order);
    free(segs);
    return rc;
}

static struct maze_point
side_mid(const struct maze_grid *g, uint32_t cell, unsigned side)
{
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    maze_grid_cell_sides(g, cell, sides);
    return maze__side_middle(&sides[side]);
}

/* The side's normal pointing away from the cell centre: the direction a
 * reader walks to leave through that opening. */
static struct maze__marker
marker(const struct maze_grid *g, uint32_t cell, unsigned opening)
{
    struct maze_point c = maze_grid_cell_center(g, cell);
    struct maze__marker mk = {c, c, {0, 0}};
    if (opening == MAZE_NONE) {
        return mk;
    }
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    maze_grid_cell_sides(g, cell, sides);
    struct maze_side s = sides[opening];
    struct maze_point mid = maze__side_middle(&s);
    mk.at = mid;
    /* A chord's normal; an arc's at its middle is along the radius. */
    double nx = s.b.y - s.a.y, ny = s.a.x - s.b.x;
    if (s.shape == MAZE_SIDE_ARC) {
        nx = mid.x - s.center.x;
        ny = mid.y - s.center.y;
    }
    double len = hypot(nx, ny);
    if (!(len > 0)) {
        return mk;
    }
    double mx = mid.x - mk.center.x;
    double my = mid.y - mk.center.y;
    double sign = nx * mx + ny * my < 0 ? -1 : 1;
    mk.outward = (struct maze_point){sign * nx / len, sign * ny / len};
    return mk;
}

/* The opening an end of the path leaves through, or MAZE_NONE: the
 * opening of the endpoint the path starts (or ends) on. */
static unsigned
end_opening(const struct maze *m, uint32_t cell, bool tail)
{
    if (cell == (tail ? m->finish : m->start)) {
        return tail ? m->finish_opening : m->start_opening;
    }
    if (cell == (tail ? m->start : m->finish)) {
        return tail ? m->start_opening : m->finish_opening;
    }
    return MAZE_NONE;
}

int
maze__layout_solution(const struct maze *m, const struct maze_path *path,
                      struct maze_point **out_pts, size_t *out_n)
{
    const struct maze_grid *g = m->grid;
    *out_pts = NULL;
    *out_n = 0;
    if (path == NULL || path->length == 0) {
        return MAZE_OK;
    }
    if (path->cells == NULL) {
        return MAZE_ERR_INVALID;
    }
    for (size_t i = 0; i < path->length; i++) {
        if (path->cells[i] >= g->cells) {
            return MAZE_ERR_INVALID;
        }
    }
    uint32_t first = path->cells[0], last = path->cells[path->length - 1];
    unsigned head = end_opening(m, first, false);
    unsigned tail = end_opening(m, last, true);
    /* Curved corridors add points between the centres: room for the most
     * each step can add. */
    size_t per = g->ops->path_via != NULL ? 1 + MAZE__VIA_MAX : 1;
    size_t n;
    if (!maze__mul_size(path->length, per, &n) || n > SIZE_MAX - 2) {
        return MAZE_ERR_NOMEM;
    }
    n += (head != MAZE_NONE) + (tail != MAZE_NONE);
    struct maze_point *pts = maze__alloc_array(n, sizeof(*pts), false);
    if (pts == NULL) {
        return MAZE_ERR_NOMEM;
    }
    size_t k = 0;
    if (head != MAZE_NONE) {
        pts[k++] = side_mid(g, first, head);
    }
    for (size_t i = 0; i < path->length; i++) {
        if (i > 0 && g->ops->path_via != NULL) {
            k += g->ops->path_via(g, path->cells[i - 1], path->cells[i],
                                  pts + k);
        }
        pts[k++] = maze_grid_cell_center(g, path->cells[i]);
    }
    if (tail != MAZE_NONE) {
        pts[k++] = side_mid(g, last, tail);
    }
    *out_pts = pts;
    *out_n = k;
    return MAZE_OK;
}

void
maze__layout_markers(const struct maze *m, struct maze__marker *start,
                     struct maze__marker *finish)
{
    *start = marker(m->grid, m->start, m->start_opening);
    *finish = marker(m->grid, m->finish, m->finish_opening);
}

/* Bold sans capitals and digits average about 0.65 em. */
#define LABEL_EM 0.65

double
maze__label_size(const struct maze__label *l)
{
    /* As large as the band allows, and narrower than it (a panel of one
     * or two cells names itself in smaller type). */
    double fit = 0.9 * l->width / (LABEL_EM * (double)strlen(l->text));
    return fmin(0.6 * l->height, fit);
}

double
maze__label_width(const struct maze__label *l)
{
    return LABEL_EM * maze__label_size(l) * (double)strlen(l->text);
}

unsigned
maze__label_place(const struct maze *m, unsigned i, struct maze__label *out)
{
    const struct maze_grid *g = m->grid;
    unsigned n = g->ops->label != NULL ? g->ops->label(g, i, out) : 0;
    if (i >= n) {
        return n;
    }
    struct maze__marker ends[2];
    maze__layout_markers(m, &ends[0], &ends[1]);
    double half = maze__label_width(out) / 2 + 0.3;
    for (int e = 0; e < 2; e++) {
        const struct maze__marker *k = &ends[e];
        /* An arrow leaving downwards from the bottom of this band's panel,
         * a cell wide, over the text: the text goes to the other end. */
        if (k->outward.y < 0.5 || fabs(k->at.y - out->at.y) > 1e-6 ||
            fabs(k->at.x - out->at.x) > half + 0.5) {
            continue;
        }
        double edge = out->width / 2 - half + 0.3;
        out->at.x += k->at.x > out->at.x ? -edge : edge;
        break;
    }
    return n;
}

unsigned
maze__stair_shape(const struct maze__stair *s, struct maze_point *pts)
{
    double x = s->at.x, y = s->at.y, h = 0.27;
    if (s->kind == (MAZE__STAIR_UP | MAZE__STAIR_DOWN)) {
        pts[0] = (struct maze_point){x, y - h};
        pts[1] = (struct maze_point){x + h, y};
        pts[2] = (struct maze_point){x, y + h};
        pts[3] = (struct maze_point){x - h, y};
        return 4;
    }
    /* The triangle's centroid on the cell's centre. */
    double d = s->kind == MAZE__STAIR_UP ? 1 : -1;
    pts[0] = (struct maze_point){x, y - d * h};
    pts[1] = (struct maze_point){x + 0.87 * h, y + d * h / 2};
    pts[2] = (struct maze_point){x - 0.87 * h, y + d * h / 2};
    return 3;
}

int
maze__layout_stairs(const struct maze *m, struct maze__stair **out, size_t *n)
{
    const struct maze_grid *g = m->grid;
    *out = NULL;
    *n = 0;
    if (g->ops->stairs == NULL) {
        return MAZE_OK;
    }
    size_t count = 0;
    for (uint32_t c = 0; c < g->cells; c++) {
        count += maze__cell_stairs(m, c) != 0;
    }
    if (count == 0) {
        return MAZE_OK;
    }
    struct maze__stair *v = maze__alloc_array(count, sizeof(*v), false);
    if (v == NULL) {
        return MAZE_ERR_NOMEM;
    }
    size_t k = 0;
    for (uint32_t c = 0; c < g->cells; c++) {
        unsigned kind = maze__cell_stairs(m, c);
        if (kind != 0) {
            v[k++] = (struct maze__stair){maze_grid_cell_center(g, c), kind};
        }
    }
    *out = v;
    *n = k;
    return MAZE_OK;
}

bool
maze__layout_square(const struct maze_grid *g)
{
    if (maze__grid_is_rect(g)) {
        return true;
    }
    for (uint32_t c = 0; c < g->cells; c++) {
        struct maze_side sides[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze_grid_cell_sides(g, c, sides);
        for (unsigned i = 0; i < n; i++) {
            const struct maze_side *s = &sides[i];
            if (s->shape != MAZE_SIDE_LINE || (fabs(s->a.x - s->b.x) > 1e-9 &&
                                               fabs(s->a.y - s->b.y) > 1e-9)) {
                return false;
            }
        }
    }
    return true;
}

int
maze__layout_build(const struct maze *maze, const struct maze_path *solution,
                   struct maze__layout *out)
{
    const struct maze_grid *g = maze->grid;
    struct run_list runs = {0};
    memset(out, 0, sizeof(*out));
    int rc = maze__grid_is_rect(g) ? rect_runs(maze, &runs)
                                   : generic_runs(maze, &runs);
    if (rc != MAZE_OK) {
        goto fail;
    }
    rc = maze__layout_solution(maze, solution, &out->solution,
                               &out->solution_count);
    if (rc == MAZE_OK) {
        rc = maze__layout_stairs(maze, &out->stairs, &out->stair_count);
    }
    if (rc != MAZE_OK) {
        free(out->solution);
        goto fail;
    }
    maze_grid_extent(g, &out->width, &out->height);
    out->runs = runs.v;
    out->run_count = runs.n;
    /* A rectangle's runs lie on its lattice lines: no need to look. */
    out->square = true;
    for (size_t i = 0; i < runs.n && out->square && !maze__grid_is_rect(g);
         i++) {
        const struct maze__run *r = &runs.v[i];
        out->square = !r->arc && (r->a.x == r->b.x || r->a.y == r->b.y);
    }
    maze__layout_markers(maze, &out->start, &out->finish);
    out->passage = g->kind->passage;
    uint32_t bx, by;
    if (!maze__fractal_of(maze, &out->levels, &bx, &by)) {
        out->levels = 0;
    }
    return MAZE_OK;

fail:
    free(runs.v);
    memset(out, 0, sizeof(*out));
    return rc;
}

double
maze__wall_level(double wall, double cell, unsigned level, unsigned levels)
{
    if (levels == 0 || level == 0) {
        return wall;
    }
    double most = 0.4 * cell;
    if (wall * (1 + levels) <= most) {
        return wall * (1 + level);
    }
    return most > wall ? wall + (most - wall) * level / levels : wall;
}

void
maze__layout_finish(struct maze__layout *layout)
{
    if (layout == NULL) {
        return;
    }
    free(layout->runs);
    free(layout->solution);
    free(layout->stairs);
    memset(layout, 0, sizeof(*layout));
}
