/* SPDX-License-Identifier: MIT */
/*
 * The outer outline of a flat grid, as the default ends see it: every
 * boundary side (a side with no edge through it) chained with the sides
 * it shares a corner with into closed loops, and the longest loop kept.
 * Each of its sides gets its position along that loop (its middle's
 * distance from the loop's first corner) and the edge of the picture it
 * lies on (the nearest side of the loop's bounding box). Sides on other
 * loops (the rim of a hole cut by an inverted or ring mask) are not
 * outline: no end opens into a hole.
 *
 * The design decision: corners are matched by their coordinates rounded
 * to 1/4096 of a cell, so the loops come from the geometry every kind
 * already has (maze_grid_cell_sides()), with no per-kind code.
 */
#include <math.h>
#include <stdlib.h>

#include "core/checked.h"
#include "core/grid_impl.h"
#include "core/status_impl.h"
#include "gen/outline.h"
#include <mazegen/status.h>

#define SNAP 4096.0

struct seg {
    uint32_t cell;
    unsigned side;
    struct maze_point a, b;
};

/* One end of a segment, sortable by its corner. */
struct end {
    int64_t x, y;
    uint32_t seg;
    unsigned which;
};

static int
end_cmp(const void *pa, const void *pb)
{
    const struct end *a = pa, *b = pb;
    if (a->x != b->x) {
        return a->x < b->x ? -1 : 1;
    }
    if (a->y != b->y) {
        return a->y < b->y ? -1 : 1;
    }
    if (a->seg != b->seg) {
        return a->seg < b->seg ? -1 : 1;
    }
    return a->which < b->which ? -1 : a->which > b->which;
}

static int
side_cmp(const void *pa, const void *pb)
{
    const struct maze__outline_side *a = pa, *b = pb;
    if (a->cell != b->cell) {
        return a->cell < b->cell ? -1 : 1;
    }
    return a->side < b->side ? -1 : a->side > b->side;
}

/* The boundary sides found so far: n of cap in v. */
struct segs {
    struct seg *v;
    size_t n, cap;
};

/* Adds cell's boundary sides to s: MAZE_ERR_UNSUPPORTED on an arc (not
 * handled here), MAZE_ERR_NOMEM. */
static int
add_cell(const struct maze_grid *g, uint32_t cell, struct segs *s)
{
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    unsigned k = g->ops->cell_sides(g, cell, sides);
    for (unsigned i = 0; i < k; i++) {
        if (sides[i].edge != MAZE_NONE) {
            continue;
        }
        if (sides[i].shape != MAZE_SIDE_LINE) {
            return MAZE_ERR_UNSUPPORTED;
        }
        if (s->n == s->cap) {
            size_t cap = s->cap ? 2 * s->cap : 64, bytes;
            struct seg *v = NULL;
            if (!maze__mul_size(cap, sizeof(*v), &bytes) ||
                (v = realloc(s->v, bytes)) == NULL) {
                return MAZE_ERR_NOMEM;
            }
            s->v = v;
            s->cap = cap;
        }
        s->v[s->n++] = (struct seg){cell, i, sides[i].a, sides[i].b};
    }
    return MAZE_OK;
}

/*
 * The boundary sides of every cell, in one pass over the cells: each
 * cell's sides are worked out once, and memory follows the boundary (at
 * most twice its sides), not the cells. On a whole rectangle or a whole
 * grid with a stencil, cells go row by row and a row's cells but its
 * first and last are inside (maze__grid_inside()) unless the row is a
 * level's first or last: the pass steps from a row's second cell to its
 * last.
 */
static int
collect(const struct maze_grid *g, struct seg **out, size_t *count)
{
    bool rect = maze__grid_is_rect(g);
    struct segs s = {0};
    int rc = MAZE_OK;
    for (uint64_t c = 0; c < g->cells && rc == MAZE_OK; c++) {
        bool inner;
        if (rect) {
            uint32_t x = (uint32_t)(c % g->width), y = (uint32_t)(c / g->width);
            inner = y > 0 && y + 1 < g->height && x == 1 && g->width > 2;
        } else {
            inner = maze__grid_inside(g, (uint32_t)c);
        }
        if (inner) {
            c += g->width - 3; /* on to the row's last cell */
            continue;
        }
        rc = add_cell(g, (uint32_t)c, &s);
    }
    if (rc != MAZE_OK) {
        free(s.v);
        return rc;
    }
    *out = s.v;
    *count = s.n;
    return MAZE_OK;
}

static double
seg_len(const struct seg *s)
{
    return hypot(s->b.x - s->a.x, s->b.y - s->a.y);
}

/* The edge of box (x0, y0, x1, y1) nearest point p: MAZE__SIDE_*. */
static unsigned
nearest_edge(const double *box, struct maze_point p)
{
    const double d[4] = {
        [MAZE__SIDE_N] = p.y - box[1],
        [MAZE__SIDE_E] = box[2] - p.x,
        [MAZE__SIDE_S] = box[3] - p.y,
        [MAZE__SIDE_W] = p.x - box[0],
    };
    unsigned best = MAZE__SIDE_W;
    static const unsigned order[4] = {MAZE__SIDE_W, MAZE__SIDE_E, MAZE__SIDE_N,
                                      MAZE__SIDE_S};
    for (int i = 1; i < 4; i++) {
        if (d[order[i]] < d[best] - 1e-9) {
            best = order[i];
        }
    }
    return best;
}

/* How well the outward direction of s suits a start (west, then north)
 * or a finish (east, then south), as maze__grid_opening() scores it. */
static double
score(const struct maze_grid *g, const struct seg *s, bool finish)
{
    struct maze_point c = g->ops->cell_center(g, s->cell);
    double dx = (s->a.x + s->b.x) / 2 - c.x, dy = (s->a.y + s->b.y) / 2 - c.y;
    double len = hypot(dx, dy), px = finish ? 1.0 : -1.0;
    return len > 0 ? (dx * px + dy * px / 2) / len : 0;
}

/*
 * Walks the loops: from each unused segment, on to an unused segment
 * sharing its far corner, until none is left there. loop[i] is the loop
 * of segment i, pos[i] its middle's position along it; lens[] and the
 * longest loop's index are returned.
 */
static int
walk(const struct seg *segs, size_t n, uint32_t *loop, double *pos,
     double *best_len, uint32_t *best)
{
    size_t bytes;
    if (!maze__mul_size(2 * n, sizeof(struct end), &bytes)) {
        return MAZE_ERR_NOMEM;
    }
    struct end *ends = malloc(bytes);
    size_t *where = malloc(2 * n * sizeof(*where));
    if (ends == NULL || where == NULL) {
        free(ends);
        free(where);
        return MAZE_ERR_NOMEM;
    }
    for (size_t i = 0; i < n; i++) {
        const struct maze_point p[2] = {segs[i].a, segs[i].b};
        for (unsigned w = 0; w < 2; w++) {
            ends[2 * i + w] = (struct end){
                llround(p[w].x * SNAP), llround(p[w].y * SNAP), (uint32_t)i, w};
        }
        loop[i] = UINT32_MAX;
    }
    qsort(ends, 2 * n, sizeof(*ends), end_cmp);
    for (size_t i = 0; i < 2 * n; i++) {
        where[2 * ends[i].seg + ends[i].which] = i;
    }
    *best_len = -1;
    *best = 0;
    uint32_t loops = 0;
    for (size_t first = 0; first < n; first++) {
        if (loop[first] != UINT32_MAX) {
            continue;
        }
        double len = 0;
        size_t s = first;
        unsigned from = 0; /* the end the walk enters s by */
        for (;;) {
            loop[s] = loops;
            double l = seg_len(&segs[s]);
            pos[s] = len + l / 2;
            len += l;
            /* The far corner, and an unused segment there. */
            size_t at = where[2 * s + (1 - from)], next = SIZE_MAX;
            for (size_t j = at; j > 0 && ends[j - 1].x == ends[at].x &&
                                ends[j - 1].y == ends[at].y && next == SIZE_MAX;
                 j--) {
                if (loop[ends[j - 1].seg] == UINT32_MAX) {
                    next = j - 1;
                }
            }
            for (size_t j = at + 1;
                 j < 2 * n && next == SIZE_MAX && ends[j].x == ends[at].x &&
                 ends[j].y == ends[at].y;
                 j++) {
                if (loop[ends[j].seg] == UINT32_MAX) {
                    next = j;
                }
            }
            if (next == SIZE_MAX) {
                break;
            }
            s = ends[next].seg;
            from = ends[next].which;
        }
        if (len > *best_len + 1e-9) {
            *best_len = len;
            *best = loops;
        }
        loops++;
    }
    free(ends);
    free(where);
    return MAZE_OK;
}

/* The slot a probe for cell starts at (Fibonacci hashing). */
static uint32_t
slot_of(const struct maze__outline *o, uint32_t cell)
{
    return (uint32_t)(((uint64_t)cell * 0x9e3779b97f4a7c15ull) >> 32) & o->mask;
}

/* The bit of cell in the filter (from the hash's other end). */
static uint32_t
filter_bit(const struct maze__outline *o, uint32_t cell)
{
    return (uint32_t)((uint64_t)cell * 0x9e3779b97f4a7c15ull >> 40) &
           o->filter_mask;
}

/* The hash of the outline's cells (maze__outline.slots). */
static int
index_cells(struct maze__outline *o)
{
    size_t n = 16;
    while (n < 2 * o->count) {
        n *= 2;
    }
    if (n > UINT32_MAX || o->count > UINT32_MAX) {
        return MAZE_ERR_NOMEM;
    }
    /* 8 filter bits a slot: at most 16 a cell, 1 in 8 misses probe. */
    size_t bits = n * 8 < ((size_t)1 << 24) ? n * 8 : (size_t)1 << 24;
    o->slots = malloc(n * sizeof(*o->slots));
    o->filter = calloc(bits / 64, sizeof(*o->filter));
    if (o->slots == NULL || o->filter == NULL) {
        return MAZE_ERR_NOMEM;
    }
    o->mask = (uint32_t)(n - 1);
    o->filter_mask = (uint32_t)(bits - 1);
    for (size_t i = 0; i < n; i++) {
        o->slots[i].cell = UINT32_MAX;
    }
    for (size_t i = 0; i < o->count; i++) {
        uint32_t cell = o->sides[i].cell;
        if (i > 0 && o->sides[i - 1].cell == cell) {
            continue;
        }
        uint32_t k = slot_of(o, cell);
        while (o->slots[k].cell != UINT32_MAX) {
            k = (k + 1) & o->mask;
        }
        o->slots[k] = (struct maze__outline_slot){cell, (uint32_t)i};
        uint32_t b = filter_bit(o, cell);
        o->filter[b / 64] |= 1ull << (b % 64);
    }
    return MAZE_OK;
}

int
maze__outline_build(const struct maze_grid *g, struct maze__outline *out)
{
    *out = (struct maze__outline){0};
    struct seg *segs = NULL;
    size_t n = 0;
    int rc = collect(g, &segs, &n);
    if (rc != MAZE_OK) {
        return rc;
    }
    uint32_t *loop = malloc((n ? n : 1) * sizeof(*loop));
    double *pos = malloc((n ? n : 1) * sizeof(*pos));
    uint32_t outer = 0;
    double len = 0;
    rc = loop == NULL || pos == NULL ? MAZE_ERR_NOMEM
         : n == 0                    ? MAZE_ERR_UNSUPPORTED
                                     : walk(segs, n, loop, pos, &len, &outer);
    size_t kept = 0;
    double box[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (size_t i = 0; rc == MAZE_OK && i < n; i++) {
        if (loop[i] == outer) {
            const struct maze_point p[2] = {segs[i].a, segs[i].b};
            for (int k = 0; k < 2; k++) {
                box[0] = fmin(box[0], p[k].x);
                box[1] = fmin(box[1], p[k].y);
                box[2] = fmax(box[2], p[k].x);
                box[3] = fmax(box[3], p[k].y);
            }
            segs[kept] = segs[i];
            pos[kept++] = pos[i];
        }
    }
    if (rc == MAZE_OK) {
        out->sides = malloc(kept * sizeof(*out->sides));
        rc = out->sides == NULL ? MAZE_ERR_NOMEM : MAZE_OK;
    }
    for (size_t i = 0; rc == MAZE_OK && i < kept; i++) {
        struct maze_point mid = {(segs[i].a.x + segs[i].b.x) / 2,
                                 (segs[i].a.y + segs[i].b.y) / 2};
        out->sides[i] = (struct maze__outline_side){
            .cell = segs[i].cell,
            .side = segs[i].side,
            .edge = nearest_edge(box, mid),
            .pos = pos[i],
            .start_score = score(g, &segs[i], false),
            .finish_score = score(g, &segs[i], true),
        };
    }
    if (rc == MAZE_OK) {
        qsort(out->sides, kept, sizeof(*out->sides), side_cmp);
        out->count = kept;
        out->length = len;
        rc = index_cells(out);
    }
    if (rc != MAZE_OK) {
        free(out->sides);
        free(out->slots);
        free(out->filter);
        *out = (struct maze__outline){0};
    }
    free(segs);
    free(loop);
    free(pos);
    return rc;
}

void
maze__outline_finish(struct maze__outline *o)
{
    free(o->sides);
    free(o->slots);
    free(o->filter);
    *o = (struct maze__outline){0};
}

size_t
maze__outline_find(const struct maze__outline *o, uint32_t cell, size_t *n)
{
    *n = 0;
    uint32_t b = filter_bit(o, cell);
    if (o->slots == NULL || !(o->filter[b / 64] >> (b % 64) & 1)) {
        return 0;
    }
    for (uint32_t k = slot_of(o, cell);; k = (k + 1) & o->mask) {
        const struct maze__outline_slot *s = &o->slots[k];
        if (s->cell == UINT32_MAX) {
            return 0;
        }
        if (s->cell == cell) {
            size_t end = s->first;
            while (end < o->count && o->sides[end].cell == cell) {
                end++;
            }
            *n = end - s->first;
            return s->first;
        }
    }
}

bool
maze__outline_apart(const struct maze__outline *o,
                    const struct maze__outline_side *a,
                    const struct maze__outline_side *b)
{
    double d = fabs(a->pos - b->pos);
    d = fmin(d, o->length - d);
    return a->edge != b->edge && d >= o->length * MAZE__OUTLINE_APART - 1e-9;
}
