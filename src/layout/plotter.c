/* SPDX-License-Identifier: MIT */
/*
 * Plotter order for a layout's walls (plotter.h). Runs meet at vertices;
 * walking unused runs from vertex to vertex makes strokes, and starting
 * the walks where an odd number of runs meet leaves about one stroke per
 * pair of such vertices instead of one per run. The strokes are then
 * ordered by a greedy nearest-neighbour tour whose searches go through a
 * grid of buckets over the drawing, so the whole is O(runs log runs) for
 * the sort that finds the vertices, and near linear after it.
 */
#include <math.h>
#include <stdlib.h>

#include "core/checked.h"
#include "layout/plotter.h"
#include <mazegen/status.h>

/* Ends closer than this (grid units) are one vertex. */
#define QUANTUM 1e-6

/* One end of a run, keyed by its quantised position. */
struct end {
    long long qx, qy;
    uint32_t run;
    uint32_t b; /* 0: the run's a, 1: its b */
};

static int
end_cmp(const void *pa, const void *pb)
{
    const struct end *a = pa, *b = pb;
    if (a->qx != b->qx) {
        return a->qx < b->qx ? -1 : 1;
    }
    if (a->qy != b->qy) {
        return a->qy < b->qy ? -1 : 1;
    }
    /* Ties broken by run and end, so the order is the same everywhere. */
    if (a->run != b->run) {
        return a->run < b->run ? -1 : 1;
    }
    return (int)a->b - (int)b->b;
}

struct maze_point
maze__plot_from(const struct maze__layout *lay, const struct maze__plot_step *s)
{
    const struct maze__run *r = &lay->runs[s->run];
    return s->reversed ? r->b : r->a;
}

struct maze_point
maze__plot_to(const struct maze__layout *lay, const struct maze__plot_step *s)
{
    const struct maze__run *r = &lay->runs[s->run];
    return s->reversed ? r->a : r->b;
}

static double
dist(struct maze_point p, struct maze_point q)
{
    return hypot(p.x - q.x, p.y - q.y);
}

/* The vertices: ends sorted by position, and each run's two vertices. */
struct graph {
    struct end *ends; /* 2 x runs, grouped by vertex */
    size_t *first;    /* vertex v's ends: first[v] .. first[v + 1] */
    size_t *cursor;   /* the next end of v that may be unused */
    uint32_t *vertex; /* vertex of end e of run r: vertex[2r + e] */
    unsigned char *used;
    size_t vertices;
};

static void
graph_finish(struct graph *g)
{
    free(g->ends);
    free(g->first);
    free(g->cursor);
    free(g->vertex);
    free(g->used);
}

static int
graph_build(const struct maze__layout *lay, struct graph *g)
{
    size_t n = lay->run_count, ends;
    if (!maze__mul_size(n, 2, &ends)) {
        return MAZE_ERR_NOMEM;
    }
    g->ends = maze__alloc_array(ends, sizeof(*g->ends), false);
    g->first = maze__alloc_array(ends + 1, sizeof(*g->first), false);
    g->vertex = maze__alloc_array(ends, sizeof(*g->vertex), false);
    g->used = maze__alloc_array(n, 1, true);
    if (!g->ends || !g->first || !g->vertex || !g->used) {
        return MAZE_ERR_NOMEM;
    }
    for (size_t r = 0; r < n; r++) {
        for (uint32_t e = 0; e < 2; e++) {
            struct maze_point p = e ? lay->runs[r].b : lay->runs[r].a;
            g->ends[2 * r + e] = (struct end){
                llround(p.x / QUANTUM), llround(p.y / QUANTUM), (uint32_t)r, e};
        }
    }
    qsort(g->ends, ends, sizeof(*g->ends), end_cmp);
    size_t v = 0;
    for (size_t i = 0; i < ends; i++) {
        if (i == 0 || g->ends[i].qx != g->ends[i - 1].qx ||
            g->ends[i].qy != g->ends[i - 1].qy) {
            g->first[v++] = i;
        }
        g->vertex[2 * g->ends[i].run + g->ends[i].b] = (uint32_t)(v - 1);
    }
    g->first[v] = ends;
    g->vertices = v;
    g->cursor = maze__alloc_array(v + 1, sizeof(*g->cursor), false);
    if (!g->cursor) {
        return MAZE_ERR_NOMEM;
    }
    for (size_t i = 0; i <= v; i++) {
        g->cursor[i] = g->first[i];
    }
    return MAZE_OK;
}

/* The next unused end at vertex v, or NULL. */
static const struct end *
next_end(struct graph *g, size_t v)
{
    while (g->cursor[v] < g->first[v + 1] &&
           g->used[g->ends[g->cursor[v]].run]) {
        g->cursor[v]++;
    }
    return g->cursor[v] < g->first[v + 1] ? &g->ends[g->cursor[v]] : NULL;
}

/*
 * Walks strokes into steps (in walking order) and marks where each
 * begins (pen_up); returns the number of strokes.
 */
static size_t
chain(struct graph *g, struct maze__plot_step *steps)
{
    size_t k = 0, strokes = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t v = 0; v < g->vertices; v++) {
            bool odd = (g->first[v + 1] - g->first[v]) % 2 == 1;
            if (pass == 0 && !odd) {
                continue;
            }
            const struct end *e;
            while ((e = next_end(g, v)) != NULL) {
                size_t at = v;
                bool pen_up = true;
                strokes++;
                while ((e = next_end(g, at)) != NULL) {
                    g->used[e->run] = 1;
                    steps[k++] =
                        (struct maze__plot_step){e->run, e->b == 1, pen_up};
                    pen_up = false;
                    at = g->vertex[2 * e->run + (1 - e->b)];
                }
            }
        }
    }
    return strokes;
}

/* The strokes' free ends in a grid of buckets, for nearest searches. */
struct buckets {
    double side;
    long gx, gy;
    size_t *first, *live; /* bucket b: entry[first[b] .. first[b] + live[b]) */
    size_t *entry;        /* 2 x stroke + (0: its start, 1: its end) */
};

static long
clampl(double v, long hi)
{
    return v < 0 ? 0 : v >= (double)hi ? hi - 1 : (long)v;
}

static size_t
bucket_of(const struct buckets *bk, struct maze_point p)
{
    return (size_t)clampl(p.y / bk->side, bk->gy) * (size_t)bk->gx +
           (size_t)clampl(p.x / bk->side, bk->gx);
}

static int
buckets_build(const struct maze__layout *lay, const struct maze_point *pts,
              size_t n, struct buckets *bk)
{
    double area = fmax(lay->width, 1) * fmax(lay->height, 1);
    bk->side = fmax(sqrt(area / (double)n), 1e-3);
    bk->gx = (long)fmin(ceil(fmax(lay->width, 1) / bk->side), 1 << 20);
    bk->gy = (long)fmin(ceil(fmax(lay->height, 1) / bk->side), 1 << 20);
    size_t count = (size_t)bk->gx * (size_t)bk->gy;
    bk->first = maze__alloc_array(count + 1, sizeof(size_t), true);
    bk->live = maze__alloc_array(count, sizeof(size_t), true);
    bk->entry = maze__alloc_array(n, sizeof(size_t), false);
    if (!bk->first || !bk->live || !bk->entry) {
        return MAZE_ERR_NOMEM;
    }
    for (size_t i = 0; i < n; i++) {
        bk->first[bucket_of(bk, pts[i]) + 1]++;
    }
    for (size_t b = 0; b < count; b++) {
        bk->first[b + 1] += bk->first[b];
    }
    for (size_t i = 0; i < n; i++) {
        size_t b = bucket_of(bk, pts[i]);
        bk->entry[bk->first[b] + bk->live[b]++] = i;
    }
    return MAZE_OK;
}

/* Looks through bucket (bx, by) for a free end nearer than *best. */
static void
scan(struct buckets *bk, long bx, long by, const struct maze_point *pts,
     const unsigned char *done, struct maze_point pen, double *best,
     size_t *found)
{
    if (bx < 0 || by < 0 || bx >= bk->gx || by >= bk->gy) {
        return;
    }
    size_t b = (size_t)by * (size_t)bk->gx + (size_t)bx;
    size_t *e = bk->entry + bk->first[b];
    for (size_t i = 0; i < bk->live[b];) {
        if (done[e[i] / 2]) {
            /* A stroke already drawn: drop its end for good. */
            e[i] = e[--bk->live[b]];
            continue;
        }
        double d = dist(pen, pts[e[i]]);
        if (d < *best || (d == *best && e[i] < *found)) {
            *best = d;
            *found = e[i];
        }
        i++;
    }
}

/* The free end nearest to pen, searched ring by ring of buckets. */
static size_t
nearest(struct buckets *bk, const struct maze_point *pts,
        const unsigned char *done, struct maze_point pen)
{
    long cx = clampl(pen.x / bk->side, bk->gx);
    long cy = clampl(pen.y / bk->side, bk->gy);
    double best = INFINITY;
    size_t found = SIZE_MAX;
    long rings = bk->gx > bk->gy ? bk->gx : bk->gy;
    for (long r = 0; r <= rings; r++) {
        /* Every end in ring r is at least r - 1 buckets away. */
        if (found != SIZE_MAX && best <= (double)(r - 1) * bk->side) {
            break;
        }
        for (long x = cx - r; x <= cx + r; x++) {
            scan(bk, x, cy - r, pts, done, pen, &best, &found);
            if (r > 0) {
                scan(bk, x, cy + r, pts, done, pen, &best, &found);
            }
        }
        for (long y = cy - r + 1; y <= cy + r - 1; y++) {
            scan(bk, cx - r, y, pts, done, pen, &best, &found);
            scan(bk, cx + r, y, pts, done, pen, &best, &found);
        }
    }
    return found;
}

/* Orders the strokes of `walked` (starts[s] .. starts[s + 1]) into out. */
static int
order(const struct maze__layout *lay, const struct maze__plot_step *walked,
      const size_t *starts, size_t strokes, struct maze__plot_step *out)
{
    struct buckets bk = {0};
    size_t n2;
    int rc = MAZE_ERR_NOMEM;
    if (!maze__mul_size(strokes, 2, &n2)) {
        return rc;
    }
    struct maze_point *pts = maze__alloc_array(n2, sizeof(*pts), false);
    unsigned char *done = maze__alloc_array(strokes, 1, true);
    if (!pts || !done) {
        goto out;
    }
    for (size_t s = 0; s < strokes; s++) {
        pts[2 * s] = maze__plot_from(lay, &walked[starts[s]]);
        pts[2 * s + 1] = maze__plot_to(lay, &walked[starts[s + 1] - 1]);
    }
    rc = buckets_build(lay, pts, n2, &bk);
    if (rc != MAZE_OK) {
        goto out;
    }
    struct maze_point pen = {0, 0};
    size_t k = 0;
    for (size_t i = 0; i < strokes; i++) {
        size_t e = nearest(&bk, pts, done, pen);
        if (e == SIZE_MAX) {
            /* Cannot happen: a stroke not yet drawn has its two ends in
             * the buckets. Refused rather than written past done[]. */
            rc = MAZE_ERR_INVALID;
            goto out;
        }
        size_t s = e / 2, a = starts[s], b = starts[s + 1];
        done[s] = 1;
        for (size_t j = 0; j < b - a; j++) {
            /* Entered at its end, a stroke is drawn backwards. */
            struct maze__plot_step st =
                e % 2 ? walked[b - 1 - j] : walked[a + j];
            st.reversed ^= e % 2 == 1;
            st.pen_up = j == 0;
            out[k++] = st;
        }
        pen = pts[e ^ 1];
    }
out:
    free(bk.first);
    free(bk.live);
    free(bk.entry);
    free(pts);
    free(done);
    return rc;
}

int
maze__plot_build(const struct maze__layout *lay, struct maze__plot *out)
{
    *out = (struct maze__plot){0};
    size_t n = lay->run_count;
    if (n == 0) {
        return MAZE_OK;
    }
    struct graph g = {0};
    struct maze__plot_step *walked = NULL, *steps = NULL;
    size_t *starts = NULL;
    int rc = graph_build(lay, &g);
    if (rc != MAZE_OK) {
        goto out;
    }
    rc = MAZE_ERR_NOMEM;
    walked = maze__alloc_array(n, sizeof(*walked), false);
    steps = maze__alloc_array(n, sizeof(*steps), false);
    if (!walked || !steps) {
        goto out;
    }
    size_t strokes = chain(&g, walked);
    starts = maze__alloc_array(strokes + 1, sizeof(*starts), false);
    if (!starts) {
        goto out;
    }
    for (size_t i = 0, s = 0; i < n; i++) {
        if (walked[i].pen_up) {
            starts[s++] = i;
        }
    }
    starts[strokes] = n;
    rc = order(lay, walked, starts, strokes, steps);
    if (rc == MAZE_OK) {
        *out = (struct maze__plot){steps, n, strokes};
        steps = NULL;
    }
out:
    graph_finish(&g);
    free(walked);
    free(steps);
    free(starts);
    return rc;
}

void
maze__plot_finish(struct maze__plot *plot)
{
    free(plot->steps);
    *plot = (struct maze__plot){0};
}

double
maze__plot_travel(const struct maze__layout *lay, const struct maze__plot *plot)
{
    struct maze_point pen = {0, 0};
    double travel = 0;
    size_t n = plot ? plot->count : lay->run_count;
    for (size_t i = 0; i < n; i++) {
        struct maze__plot_step own = {(uint32_t)i, false, true};
        const struct maze__plot_step *s = plot ? &plot->steps[i] : &own;
        if (s->pen_up) {
            travel += dist(pen, maze__plot_from(lay, s));
        }
        pen = maze__plot_to(lay, s);
    }
    return travel;
}
