/* SPDX-License-Identifier: MIT */
/*
 * Circular grids (theta mazes): a centre cell and rings around it. -H
 * counts the rings, the centre included; -W is the number of cells of
 * the first ring around the centre (6 by default); the centre's radius,
 * in rings, is the open room the maze leads to (1 by default, larger with
 * --centre). Each ring has a whole multiple of the cells of the ring
 * inside it, so every cell has one inward neighbour: ring r (inner radius
 * rho) takes the ring inside's count times round(2 pi rho / that count),
 * at least 1 and at most 8, which keeps cells about one unit along the
 * ring as they are one unit deep (the rule of Mazes for Programmers).
 *
 * Cells are numbered from the centre (0), ring by ring, each ring
 * clockwise from the top; a table of where each ring starts (8 bytes a
 * ring) finds a cell's ring. A ring cell owns two edge slots: 2c, the
 * spoke to its clockwise neighbour (class around), and 2c + 1, the arc to
 * the ring inside (class inout). Ring walls are true arcs; spokes are
 * straight. The centre is the maze's goal (maze__grid_kind.goal).
 */
#include <math.h>
#include <stdlib.h>

#include "core/checked.h"
#include "core/grid_impl.h"
#include <mazegen/status.h>

enum { CLASS_AROUND, CLASS_INOUT };

#define TAU 6.28318530717958647693
#define TOP (-TAU / 4) /* position 0 starts at the top */
#define MAX_RATIO 8

struct theta {
    uint32_t rings;
    uint32_t room;   /* the centre's radius, in rings */
    uint32_t *count; /* cells of each ring */
    uint32_t *start; /* the first cell of each ring; start[rings] = cells */
    /* ratio[r]: count[r + 1] / count[r] (1 to MAX_RATIO), for r + 1 below
     * rings; recip[d]: d's reciprocal for maze__div(), d >= 2. */
    uint8_t *ratio;
    uint64_t recip[MAX_RATIO + 1];
    /* hint[b]: the ring of cell b << shift, where ring_of() starts
     * looking; about two entries a ring. */
    uint32_t *hint;
    unsigned shift;
    /* The same rings as data for the generators' walks (maze__rings):
     * 12 bytes a ring more, so that neighbors() above keeps its own
     * tables and the two can be checked against each other. */
    struct maze__ring *ring;
    struct maze__rings table;
};

/* Ring counts for the sizes; count[0] = 1. Returns the cell total, or 0
 * past MAZE_MAX_CELLS. */
static uint64_t
ring_counts(uint32_t rings, uint32_t first, uint32_t room, uint32_t *count)
{
    uint64_t total = 1;
    uint64_t n = 1;
    for (uint32_t r = 0; r < rings; r++) {
        if (r == 1) {
            n = first;
        } else if (r > 1) {
            double rho = room + r - 1;
            long ratio = lround(TAU * rho / (double)n);
            ratio = ratio < 1 ? 1 : ratio > MAX_RATIO ? MAX_RATIO : ratio;
            n *= (uint64_t)ratio;
        }
        if (r > 0) {
            total += n;
        }
        if (n > MAZE_MAX_CELLS || total > MAZE_MAX_CELLS) {
            return 0;
        }
        if (count != NULL) {
            count[r] = (uint32_t)n;
        }
    }
    return total;
}

static int
theta_measure(const uint32_t *size, uint64_t *cells, uint64_t *slots)
{
    uint64_t total = ring_counts(size[MAZE_SIZE_HEIGHT], size[MAZE_SIZE_WIDTH],
                                 size[MAZE_SIZE_ROOM], NULL);
    if (total == 0) {
        return MAZE_ERR_RANGE;
    }
    *cells = total;
    *slots = 2 * total;
    return MAZE_OK;
}

static const struct theta *
T(const struct maze_grid *g)
{
    return g->tables;
}

/* The ring of a cell by search: the last ring starting at or before it. */
static uint32_t
ring_search(const struct theta *t, uint32_t cell)
{
    uint32_t lo = 0, hi = t->rings; /* start[lo] <= cell < start[hi] */
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (t->start[mid] <= cell) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return lo;
}

/* The ring of a cell: from the hint of its block, the few rings on. */
static uint32_t
ring_of(const struct theta *t, uint32_t cell)
{
    uint32_t r = t->hint[cell >> t->shift];
    /* A block of the outer rings, where most cells are, spans two rings
     * at most: one step without a branch to mispredict, so that the
     * loop runs only in the small inner rings. */
    r += t->start[r + 1] <= cell;
    while (t->start[r + 1] <= cell) {
        r++;
    }
    return r;
}

/* p / d for a ratio d between two rings' counts. */
static uint32_t
div_ratio(const struct theta *t, uint32_t p, uint32_t d)
{
    return d == 1 ? p : maze__div(p, t->recip[d]);
}

static uint32_t
cell_of(const struct theta *t, uint32_t r, uint32_t p)
{
    return t->start[r] + p;
}

/* Angle of the boundary before position p of ring r (p may be count). */
static double
angle(const struct theta *t, uint32_t r, uint32_t p)
{
    return TOP + TAU * (double)p / (double)t->count[r];
}

/* Inner radius of ring r (the centre's outer radius for ring 1). */
static double
inner(const struct theta *t, uint32_t r)
{
    return r == 0 ? 0 : (double)t->room + r - 1;
}

/* The neighbours of cell, in ring r, in the general case: the centre,
 * and ring cells next to a ring of another size. Out of line, so that
 * theta_neighbors() keeps the common case in a few registers. */
static __attribute__((noinline)) unsigned
neighbors_general(const struct theta *t, uint32_t cell, uint32_t r,
                  struct maze_link *out)
{
    uint32_t p = cell - t->start[r], n = t->count[r];
    unsigned k = 0;
    if (r == 0) {
        for (uint32_t j = 0; t->rings > 1 && j < t->count[1]; j++) {
            uint32_t c = cell_of(t, 1, j);
            out[k++] = (struct maze_link){c, 2 * c + 1};
        }
        return k;
    }
    /* No division on this path: the ring's neighbours wrap by a test,
     * and the ratios between rings are in a table. */
    uint32_t cw = cell_of(t, r, p + 1 == n ? 0 : p + 1);
    uint32_t ccw = cell_of(t, r, p == 0 ? n - 1 : p - 1);
    out[k++] = (struct maze_link){cw, 2 * cell};
    if (r + 1 < t->rings) {
        uint32_t ratio = t->ratio[r];
        for (uint32_t j = 0; j < ratio; j++) {
            uint32_t c = cell_of(t, r + 1, p * ratio + j);
            out[k++] = (struct maze_link){c, 2 * c + 1};
        }
    }
    out[k++] = (struct maze_link){ccw, 2 * ccw};
    uint32_t in =
        r == 1 ? 0 : cell_of(t, r - 1, div_ratio(t, p, t->ratio[r - 1]));
    out[k++] = (struct maze_link){in, 2 * cell + 1};
    return k;
}

static unsigned
theta_neighbors(const struct maze_grid *g, uint32_t cell, struct maze_link *out)
{
    const struct theta *t = T(g);
    uint32_t r = ring_of(t, cell);
    if (r <= 1 || r + 1 >= t->rings || t->ratio[r] != 1 ||
        t->ratio[r - 1] != 1) {
        return neighbors_general(t, cell, r, out);
    }
    /* Most cells: a ring as many cells as the rings either side, one
     * neighbour out and one in at the same position. */
    uint32_t p = cell - t->start[r], n = t->count[r];
    uint32_t cw = cell_of(t, r, p + 1 == n ? 0 : p + 1);
    uint32_t ccw = cell_of(t, r, p == 0 ? n - 1 : p - 1);
    uint32_t o = cell_of(t, r + 1, p), i = cell_of(t, r - 1, p);
    out[0] = (struct maze_link){cw, 2 * cell};
    out[1] = (struct maze_link){o, 2 * o + 1};
    out[2] = (struct maze_link){ccw, 2 * ccw};
    out[3] = (struct maze_link){i, 2 * cell + 1};
    return 4;
}

static bool
theta_edge_exists(const struct maze_grid *g, uint32_t edge)
{
    return edge / 2 > 0 && edge / 2 < g->cells;
}

static void
theta_edge_cells(const struct maze_grid *g, uint32_t edge, uint32_t *a,
                 uint32_t *b)
{
    const struct theta *t = T(g);
    /* An existing edge's owner is a ring cell: ring 1 or out. Both its
     * other cells are worked out and the slot's parity picks, without a
     * branch: Kruskal asks in random order, where one would miss half
     * the time. Ring 1's cells are ring 0's count times ring 0's, so its
     * inward division gives the centre. */
    uint32_t cell = edge / 2, r = ring_of(t, cell);
    const struct maze__ring *R = &t->ring[r];
    uint32_t p = cell - R->start;
    uint32_t cw = R->start + (p + 1 == R->count ? 0 : p + 1);
    uint32_t in =
        R[-1].start + (R->in == 1 ? p : maze__div(p, t->table.recip[R->in]));
    uint32_t inward = 0u - (edge & 1u);
    uint32_t other = (in & inward) | (cw & ~inward);
    *a = cell < other ? cell : other;
    *b = cell < other ? other : cell;
}

static unsigned
theta_edge_class(const struct maze_grid *g, uint32_t edge)
{
    (void)g;
    return (edge & 1) ? CLASS_INOUT : CLASS_AROUND;
}

static struct maze_point
polar(const struct maze_grid *g, double radius, double a)
{
    double c = g->extent_w / 2;
    return (struct maze_point){c + radius * cos(a), c + radius * sin(a)};
}

static struct maze_point
theta_cell_center(const struct maze_grid *g, uint32_t cell)
{
    const struct theta *t = T(g);
    if (cell == 0) {
        return polar(g, 0, 0);
    }
    uint32_t r = ring_of(t, cell), p = cell - t->start[r];
    double mid = (angle(t, r, p) + angle(t, r, p + 1)) / 2;
    return polar(g, inner(t, r) + 0.5, mid);
}

static struct maze_side
arc(const struct maze_grid *g, double radius, double a0, double a1,
    uint32_t edge)
{
    double c = g->extent_w / 2;
    return (struct maze_side){.shape = MAZE_SIDE_ARC,
                              .a = polar(g, radius, a0),
                              .b = polar(g, radius, a1),
                              .center = {c, c},
                              .radius = radius,
                              .angle0 = a0,
                              .angle1 = a1,
                              .edge = edge};
}

static struct maze_side
spoke(const struct maze_grid *g, double r0, double r1, double a, uint32_t edge)
{
    struct maze_point p = polar(g, r0, a), q = polar(g, r1, a);
    return maze__side_line(p.x, p.y, q.x, q.y, edge);
}

/* The arcs of ring r's outer radius over position p: one per cell of the
 * ring outside, each with the angles of that ring so both sides agree to
 * the last bit; one boundary arc on the outer ring. */
static unsigned
outer_arcs(const struct maze_grid *g, uint32_t r, uint32_t p,
           struct maze_side *out)
{
    const struct theta *t = T(g);
    double radius = inner(t, r + 1);
    if (r == 0) {
        radius = t->room;
    }
    if (r + 1 >= t->rings) {
        double a0 = r == 0 ? TOP : angle(t, r, p);
        double a1 = r == 0 ? TOP + TAU : angle(t, r, p + 1);
        out[0] = arc(g, radius, a0, a1, MAZE_NONE);
        return 1;
    }
    uint32_t ratio = t->count[r + 1] / t->count[r];
    for (uint32_t j = 0; j < ratio; j++) {
        uint32_t q = p * ratio + j, c = cell_of(t, r + 1, q);
        out[j] = arc(g, radius, angle(t, r + 1, q), angle(t, r + 1, q + 1),
                     2 * c + 1);
    }
    return ratio;
}

static unsigned
theta_cell_sides(const struct maze_grid *g, uint32_t cell,
                 struct maze_side *out)
{
    const struct theta *t = T(g);
    if (cell == 0) {
        return outer_arcs(g, 0, 0, out);
    }
    uint32_t r = ring_of(t, cell), p = cell - t->start[r], n = t->count[r];
    double r0 = inner(t, r), r1 = r0 + 1;
    double a0 = angle(t, r, p), a1 = angle(t, r, p + 1);
    unsigned k = 0;
    uint32_t ccw = cell_of(t, r, (p + n - 1) % n);
    out[k++] = spoke(g, r0, r1, a0, 2 * ccw);
    /* The inner arc, at the resolution of this ring (the ring inside
     * splits its outer side the same way). */
    out[k++] = arc(g, r0, a0, a1, 2 * cell + 1);
    out[k++] = spoke(g, r0, r1, a1, 2 * cell);
    k += outer_arcs(g, r, p, out + k);
    return k;
}

/* The outer ring's outside: a start opens there, through the outer arc,
 * always the last side. */
static unsigned
theta_opening(const struct maze_grid *g, uint32_t cell, bool finish,
              unsigned avoid)
{
    const struct theta *t = T(g);
    (void)finish;
    (void)avoid;
    uint32_t r = ring_of(t, cell);
    if (r + 1 != t->rings) {
        return MAZE_NONE;
    }
    return r == 0 ? 0 : 3;
}

static void
theta_coords(const struct maze_grid *g, uint32_t cell, uint32_t *out)
{
    const struct theta *t = T(g);
    uint32_t r = ring_of(t, cell);
    out[0] = r;
    out[1] = cell - t->start[r];
}

static uint32_t
theta_cell_at(const struct maze_grid *g, const uint32_t *c)
{
    const struct theta *t = T(g);
    return c[0] < t->rings && c[1] < t->count[c[0]] ? cell_of(t, c[0], c[1])
                                                    : MAZE_NONE;
}

/* Along a ring the way between two cells is an arc through the middle of
 * the ring; between rings it is straight. */
static unsigned
theta_path_via(const struct maze_grid *g, uint32_t a, uint32_t b,
               struct maze_point *out)
{
    const struct theta *t = T(g);
    if (a == 0 || b == 0) {
        return 0;
    }
    uint32_t r = ring_of(t, a);
    if (ring_of(t, b) != r) {
        return 0;
    }
    uint32_t n = t->count[r], pa = a - t->start[r], pb = b - t->start[r];
    double step = TAU / n;
    double from = angle(t, r, pa) + step / 2;
    /* b is one position on, clockwise or back, the ring's seam aside. */
    double dir = pb == (pa + 1) % n ? 1 : -1;
    double radius = inner(t, r) + 0.5;
    unsigned k = (unsigned)ceil(step * radius / 0.25);
    k = k < 2 ? 2 : k > MAZE__VIA_MAX + 1 ? MAZE__VIA_MAX + 1 : k;
    for (unsigned i = 1; i < k; i++) {
        out[i - 1] = polar(g, radius, from + dir * step * i / k);
    }
    return k - 1;
}

static uint32_t
theta_goal(const struct maze_grid *g)
{
    (void)g;
    return 0;
}

/* Fills t's ring table (maze__rings) from its counts. */
static void
fill_rings(struct theta *t)
{
    uint32_t rings = t->rings;
    for (uint32_t r = 0; r <= rings; r++) {
        struct maze__ring *R = &t->ring[r];
        R->start = t->start[r];
        R->count = r < rings ? t->count[r] : 0;
        R->out = (uint8_t)(r + 1 < rings ? t->count[r + 1] / t->count[r] : 0);
        R->in =
            (uint8_t)(r > 0 && r < rings ? t->count[r] / t->count[r - 1] : 0);
    }
    t->table.count = rings;
    t->table.ring = t->ring;
    t->table.along = CLASS_AROUND;
    t->table.across = CLASS_INOUT;
    for (uint32_t d = 2; d <= MAZE__RING_RATIO_MAX; d++) {
        t->table.recip[d] = maze__recip(d);
    }
}

static void
theta_finish(struct maze_grid *g)
{
    struct theta *t = g->tables;
    if (t != NULL) {
        free(t->count);
        free(t->start);
        free(t->ratio);
        free(t->hint);
        free(t->ring);
        free(t);
    }
}

static int
theta_init(struct maze_grid *g)
{
    struct theta *t = calloc(1, sizeof(*t));
    uint32_t rings = g->size[MAZE_SIZE_HEIGHT];
    if (t != NULL) {
        t->count = maze__alloc_array(rings, sizeof(uint32_t), false);
        t->start =
            maze__alloc_array((size_t)rings + 1, sizeof(uint32_t), false);
        t->ratio = maze__alloc_array(rings, 1, false);
    }
    if (t == NULL || t->count == NULL || t->start == NULL || t->ratio == NULL) {
        if (t != NULL) {
            free(t->count);
            free(t->start);
            free(t->ratio);
        }
        free(t);
        return MAZE_ERR_NOMEM;
    }
    t->rings = rings;
    t->room = g->size[MAZE_SIZE_ROOM];
    (void)ring_counts(rings, g->size[MAZE_SIZE_WIDTH], t->room, t->count);
    uint64_t edges = 0;
    t->start[0] = 0;
    for (uint32_t r = 0; r < rings; r++) {
        t->start[r + 1] = t->start[r] + t->count[r];
        /* Ring cells: a spoke and an arc inward each. */
        edges += r > 0 ? 2 * (uint64_t)t->count[r] : 0;
        if (r + 1 < rings) {
            t->ratio[r] = (uint8_t)(r == 0 ? 1 : t->count[r + 1] / t->count[r]);
        }
    }
    for (uint32_t d = 2; d <= MAX_RATIO; d++) {
        t->recip[d] = maze__recip(d);
    }
    /* Blocks of about half the mean ring, so that ring_of() steps over
     * few rings: at most about two hint entries a ring. */
    uint32_t cells = t->start[rings];
    t->shift = 0;
    while (((uint64_t)cells >> (t->shift + 1)) >= 2 * (uint64_t)rings) {
        t->shift++;
    }
    size_t blocks = ((size_t)(cells - 1) >> t->shift) + 1;
    t->hint = maze__alloc_array(blocks, sizeof(uint32_t), false);
    t->ring = maze__alloc_array((size_t)rings + 1, sizeof(*t->ring), false);
    if (t->hint == NULL || t->ring == NULL) {
        g->tables = t;
        theta_finish(g);
        g->tables = NULL;
        return MAZE_ERR_NOMEM;
    }
    for (size_t b = 0; b < blocks; b++) {
        t->hint[b] = ring_search(t, (uint32_t)(b << t->shift));
    }
    fill_rings(t);
    g->tables = t;
    g->rings = &t->table;
    g->edges = (uint32_t)edges;
    g->extent_w = g->extent_h = 2.0 * (t->room + rings - 1);
    return MAZE_OK;
}

const struct maze__grid_kind maze__grid_theta = {
    .info =
        {
            .name = "theta",
            .aliases = {"circle", "polar", "circular"},
            .description = "rings of cells around a centre, walls as arcs",
            .sizes =
                {
                    [MAZE_SIZE_WIDTH] = {"cells of the first ring", 3, 16, 6},
                    [MAZE_SIZE_HEIGHT] = {"rings, the centre included", 1,
                                          20000, 0},
                    [MAZE_SIZE_ROOM] = {"radius of the centre room, in rings",
                                        1, 10, 1},
                },
            .class_count = 2,
            .class_names = {"around", "inout"},
            .class_meanings = {"along a ring", "between rings"},
            .coord_count = 2,
            .coord_names = {"ring", "position"},
            .maskable = false,
            .slots_per_cell = 2,
            .table_bytes_per_cell = 0,
        },
    .measure = theta_measure,
    .init = theta_init,
    .finish = theta_finish,
    .goal = theta_goal,
    .ops =
        {
            .neighbors = theta_neighbors,
            .edge_exists = theta_edge_exists,
            .edge_cells = theta_edge_cells,
            .edge_class = theta_edge_class,
            .cell_center = theta_cell_center,
            .cell_sides = theta_cell_sides,
            .opening = theta_opening,
            .coords = theta_coords,
            .cell_at = theta_cell_at,
            .path_via = theta_path_via,
        },
};
