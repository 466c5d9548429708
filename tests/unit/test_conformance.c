/* SPDX-License-Identifier: MIT */
/*
 * The conformance suite every grid kind passes. One table below lists the
 * kinds under test (plain, and masked where a kind takes masks); a new
 * kind joins by adding one line to it. For each kind:
 *
 * - the grid itself, at sizes from 1 x 1, 1 x N and N x 1 to large:
 *   neighbour lists are symmetric and every edge is listed by both of its
 *   cells, through the same edge; edge_cells() and edge_between() agree;
 *   classes lie below the kind's class count; a shared side has the same
 *   geometry seen from both cells (an edge with a conflicting partner, a
 *   zeta diagonal, has two sides apart: parallel, as long, facing each
 *   other across the edge); the sides without an edge (the outer
 *   boundary) close up (every corner of them is met an even number of
 *   times); cells round-trip through their names;
 * - every generator that accepts the kind (the others must refuse it with
 *   MAZE_ERR_UNSUPPORTED, and those that draw again past their conflict
 *   limit with MAZE_ERR_RANGE) over many seeds: perfect mazes are spanning
 *   trees opening no conflicting pair; start and finish lie on the boundary and
 * open through boundary sides; the solver's path is a path of open passages
 * from start to finish as short as the test's own breadth-first search finds;
 * - bias: weighting one class makes its share of passages grow, for every
 *   class and every generator;
 * - uniformity: on a small grid of the kind, wilson and aldous-broder hit
 *   every spanning tree equally often (Pearson's chi-square against the
 *   tree count, which the test computes itself by Kirchhoff's matrix-tree
 *   theorem and checks against the published count), and the backtracker
 *   fails the same test (zeta, whose mazes are the spanning trees without
 *   a crossing, which no determinant counts, has its own in test_zeta.c);
 * - every exporter, for every generator that accepts the kind: json
 *   round trips byte for byte through the loader;
 *   SVG passes xmllint, PDF and a one-puzzle sheet pass qpdf --check, PNG
 *   passes pngcheck (when those tools are installed, as tools/test does);
 *   text draws rectangles and refuses other kinds.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "support.h"

/* Masks as text pictures ('#' kept, '.' cut). */
#define RING                                                                   \
    "..#####..\n"                                                              \
    ".#######.\n"                                                              \
    "###...###\n"                                                              \
    "##.....##\n"                                                              \
    "###...###\n"                                                              \
    ".#######.\n"                                                              \
    "..#####..\n"
#define DIAMOND                                                                \
    "...##...\n"                                                               \
    "..####..\n"                                                               \
    ".######.\n"                                                               \
    "########\n"                                                               \
    ".######.\n"                                                               \
    "..####..\n"                                                               \
    "...##...\n"

struct kind_case {
    const char *kind;
    /* A mask as a text picture, or NULL. */
    const char *mask;
    /* A small grid for the uniformity test and its number of spanning
     * trees (published counts; Kirchhoff's theorem checks them); 0: none. */
    uint32_t tree_w, tree_h;
    uint64_t trees;
};

/* clang-format off */
static const struct kind_case cases[] = {
    {"rect", NULL, 3, 3, 192},
    {"hex", NULL, 3, 2, 55},
    {"triangle", NULL, 5, 3, 196},
    {"upsilon", NULL, 3, 3, 2205},
    {"theta", NULL, 6, 2, 320},
    {"zeta", NULL, 0, 0, 0},
    {"3d", NULL, 2, 2, 384},
    {"weave", NULL, 0, 0, 0},
    {"rect", RING, 0, 0, 0},
    {"hex", DIAMOND, 0, 0, 0},
    {"zeta", RING, 0, 0, 0},
};
/* clang-format on */

#define CASES (sizeof(cases) / sizeof(cases[0]))

static const struct size sizes[] = {{1, 1}, {1, 7}, {7, 1},  {2, 2},
                                    {5, 3}, {8, 8}, {23, 17}};

#define SIZES (sizeof(sizes) / sizeof(sizes[0]))

/* Whether the kind takes w x h (a mask brings its own size). */
static bool
takes(const struct kind_case *k, uint32_t w, uint32_t h)
{
    struct maze_grid_params p = {.struct_size = sizeof(struct maze_grid_params),
                                 .size = {w, h}};
    return k->mask != NULL ||
           maze_grid_measure(maze_grid_kind_find(k->kind), &p, NULL, NULL,
                             NULL) == MAZE_OK;
}

/* A grid of the case: w x h, or the mask's size when it has one. */
static struct maze_grid *
make_grid(const struct kind_case *k, uint32_t w, uint32_t h)
{
    const struct maze_grid_kind *kind = maze_grid_kind_find(k->kind);
    assert_non_null(kind);
    struct maze_mask *mask = NULL;
    struct maze_grid_params p = {.struct_size = sizeof(struct maze_grid_params),
                                 .size = {w, h}};
    if (k->mask != NULL) {
        assert_int_equal(
            maze_mask_read_text(k->mask, strlen(k->mask), 100, &mask), MAZE_OK);
        uint32_t pieces;
        assert_int_equal(maze_mask_pieces(mask, kind, &pieces), MAZE_OK);
        assert_int_equal(pieces, 1);
        p = (struct maze_grid_params){
            .struct_size = sizeof(struct maze_grid_params), .mask = mask};
    }
    struct maze_grid *g;
    assert_int_equal(maze_grid_create(kind, &p, &g), MAZE_OK);
    maze_mask_destroy(mask);
    return g;
}

/* Sizes of a case: the mask's alone, or every size of the list. */
static size_t
case_sizes(const struct kind_case *k)
{
    return k->mask ? 1 : SIZES;
}

static bool
near(struct maze_point a, struct maze_point b)
{
    return fabs(a.x - b.x) < 1e-9 && fabs(a.y - b.y) < 1e-9;
}

/* Whether alg may carve g with weights b: a grid past the conflict limit
 * of an algorithm that draws again is refused with MAZE_ERR_RANGE. */
static bool
fits(const struct maze_algorithm_info *alg, const struct maze_grid *g,
     const struct maze_bias *b)
{
    uint64_t most = maze_algorithm_conflict_limit(alg, g, b);
    return most == UINT64_MAX || maze_grid_conflict_pairs(g, most + 1) <= most;
}

/* Whether two sides of one edge are apart but face each other: straight,
 * parallel and as long (a zeta diagonal's two sides of its diamond). */
static bool
facing_sides(const struct maze_side *s, const struct maze_side *t)
{
    double sx = s->b.x - s->a.x, sy = s->b.y - s->a.y;
    double tx = t->b.x - t->a.x, ty = t->b.y - t->a.y;
    return s->shape == MAZE_SIDE_LINE && t->shape == MAZE_SIDE_LINE &&
           fabs(sx * ty - sy * tx) < 1e-9 &&
           fabs(hypot(sx, sy) - hypot(tx, ty)) < 1e-9 && !near(s->a, t->a) &&
           !near(s->a, t->b);
}

/* Whether two sides are the same curve, in either direction. */
static bool
same_side(const struct maze_side *s, const struct maze_side *t)
{
    if (s->shape != t->shape) {
        return false;
    }
    bool ends = (near(s->a, t->a) && near(s->b, t->b)) ||
                (near(s->a, t->b) && near(s->b, t->a));
    if (s->shape == MAZE_SIDE_ARC) {
        ends = ends && near(s->center, t->center) &&
               fabs(s->radius - t->radius) < 1e-9;
    }
    return ends;
}

/* The side of cell through edge, or NULL. */
static const struct maze_side *
side_of(const struct maze_side *sides, unsigned n, uint32_t edge)
{
    for (unsigned i = 0; i < n; i++) {
        if (sides[i].edge == edge) {
            return &sides[i];
        }
    }
    return NULL;
}

/* A corner of the boundary, rounded so that equal corners compare equal. */
struct corner {
    long long x, y;
};

static int
corner_cmp(const void *a, const void *b)
{
    const struct corner *p = a, *q = b;
    if (p->x != q->x) {
        return p->x < q->x ? -1 : 1;
    }
    return p->y < q->y ? -1 : p->y > q->y;
}

static struct corner
corner_of(struct maze_point p)
{
    return (struct corner){llround(p.x * 1e6), llround(p.y * 1e6)};
}

static void
check_grid(const struct maze_grid *g)
{
    const struct maze_grid_kind *kind = maze_grid_kind(g);
    uint32_t cells = maze_grid_cell_count(g);
    uint64_t listed = 0;
    double ew, eh;
    maze_grid_extent(g, &ew, &eh);
    struct corner *corners = NULL;
    size_t ncorners = 0;
    for (uint32_t c = 0; c < cells; c++) {
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        struct maze_side sides[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze_grid_neighbors(g, c, links);
        unsigned ns = maze_grid_cell_sides(g, c, sides);
        /* Neighbours through a side (3D: not those above and below). */
        unsigned sided = 0;
        for (unsigned i = 0; i < n; i++) {
            uint32_t o = links[i].cell, e = links[i].edge;
            assert_true(o < cells && o != c);
            assert_true(maze_grid_edge_exists(g, e));
            assert_true(maze_grid_edge_class(g, e) < kind->class_count);
            uint32_t a, b;
            maze_grid_edge_cells(g, e, &a, &b);
            assert_true(a < b);
            assert_true((a == c && b == o) || (a == o && b == c));
            assert_int_equal(maze_grid_edge_between(g, c, o), e);
            /* Listed by the other cell through the same edge. */
            struct maze_link back[MAZE_GRID_MAX_DEGREE];
            unsigned m = maze_grid_neighbors(g, o, back);
            bool found = false;
            for (unsigned j = 0; j < m; j++) {
                found = found || (back[j].cell == c && back[j].edge == e);
            }
            assert_true(found);
            if (maze_grid_edge_sideless(g, e)) {
                /* Marked in both cells instead: no side lists it. */
                assert_null(side_of(sides, ns, e));
                listed += o > c;
                continue;
            }
            sided++;
            /* One side each, the same curve. */
            struct maze_side osides[MAZE_GRID_MAX_DEGREE];
            unsigned ons = maze_grid_cell_sides(g, o, osides);
            const struct maze_side *s = side_of(sides, ns, e);
            const struct maze_side *t = side_of(osides, ons, e);
            assert_non_null(s);
            assert_non_null(t);
            if (maze_grid_edge_conflict(g, e) != MAZE_NONE) {
                assert_true(facing_sides(s, t));
            } else {
                assert_true(same_side(s, t));
            }
            listed += o > c;
        }
        /* Every side with an edge is a neighbour's; the others are the
         * boundary. */
        unsigned with_edge = 0;
        for (unsigned i = 0; i < ns; i++) {
            const struct maze_side *s = &sides[i];
            assert_true(s->a.x > -1e-9 && s->a.x < ew + 1e-9);
            assert_true(s->a.y > -1e-9 && s->a.y < eh + 1e-9);
            if (s->edge != MAZE_NONE) {
                with_edge++;
                continue;
            }
            corners = realloc(corners, sizeof(*corners) * (ncorners + 2));
            assert_non_null(corners);
            corners[ncorners++] = corner_of(s->a);
            corners[ncorners++] = corner_of(s->b);
        }
        assert_true(sided <= ns);
        assert_int_equal(with_edge, sided);
        /* Names round trip. */
        uint32_t xy[MAZE_MAX_COORDS], back_cell;
        unsigned k = maze_grid_cell_coords(g, c, xy);
        assert_int_equal(k, kind->coord_count);
        assert_int_equal(maze_grid_cell_at(g, xy, k, &back_cell), MAZE_OK);
        assert_int_equal(back_cell, c);
        char name[64];
        maze_grid_cell_format(g, c, name, sizeof(name));
        assert_int_equal(maze_grid_cell_parse(g, name, &back_cell), MAZE_OK);
        assert_int_equal(back_cell, c);
    }
    assert_int_equal(listed, maze_grid_edge_count(g));
    /* The boundary closes: each of its corners is met an even number of
     * times. */
    qsort(corners, ncorners, sizeof(*corners), corner_cmp);
    for (size_t i = 0; i < ncorners;) {
        size_t j = i;
        while (j < ncorners && corner_cmp(&corners[i], &corners[j]) == 0) {
            j++;
        }
        if ((j - i) % 2 != 0) {
            fail_msg("%s: boundary corner (%g, %g) met %zu times", kind->name,
                     corners[i].x / 1e6, corners[i].y / 1e6, j - i);
        }
        i = j;
    }
    free(corners);
}

static void
test_conformance_grids(void **state)
{
    (void)state;
    for (size_t k = 0; k < CASES; k++) {
        for (size_t s = 0; s < case_sizes(&cases[k]); s++) {
            if (!takes(&cases[k], sizes[s].w, sizes[s].h)) {
                continue;
            }
            struct maze_grid *g = make_grid(&cases[k], sizes[s].w, sizes[s].h);
            check_grid(g);
            maze_grid_destroy(g);
        }
    }
}

/* The opening side of an endpoint is a boundary side of its cell; an
 * endpoint without one lies inside (a circle's centre, its goal). */
static void
check_opening(const struct maze_grid *g, uint32_t cell, unsigned side)
{
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze_grid_cell_sides(g, cell, sides);
    if (side == MAZE_NONE) {
        for (unsigned i = 0; i < n; i++) {
            assert_true(sides[i].edge != MAZE_NONE);
        }
        return;
    }
    assert_true(side < n);
    assert_int_equal(sides[side].edge, MAZE_NONE);
}

/* Solution: open passages from start to finish, as short as our BFS. */
static void
check_solution(struct fixture *f)
{
    struct maze_path *path;
    assert_int_equal(maze_solve(f->maze, &path), MAZE_OK);
    assert_true(path->length >= 1);
    assert_int_equal(path->cells[0], maze_start(f->maze));
    assert_int_equal(path->cells[path->length - 1], maze_finish(f->maze));
    for (size_t i = 1; i < path->length; i++) {
        uint32_t e =
            maze_grid_edge_between(f->grid, path->cells[i - 1], path->cells[i]);
        assert_true(e != MAZE_NONE);
        assert_true(maze_is_open(f->maze, e));
    }
    fixture_bfs(f, maze_start(f->maze));
    assert_int_equal(path->length - 1, f->dist[maze_finish(f->maze)]);
    maze_path_destroy(path);
}

static void
check_generated(struct fixture *f, const struct maze_algorithm_info *alg,
                uint64_t seed)
{
    const struct maze_grid *g = f->grid;
    if (alg->perfect) {
        check_perfect(f->maze, alg->name, seed);
    }
    uint32_t s = maze_start(f->maze), e = maze_finish(f->maze);
    check_opening(g, s, maze_start_opening(f->maze));
    check_opening(g, e, maze_finish_opening(f->maze));
    if (s == e) {
        assert_true(maze_start_opening(f->maze) !=
                        maze_finish_opening(f->maze) ||
                    maze_grid_cell_count(g) == 1);
    }
    check_solution(f);
}

/* The side of the maze (0 north, 1 east, 2 south, 3 west) that side i of
 * cell faces: the direction from the centre to the side's middle. */
static unsigned
side_facing(const struct maze_grid *g, uint32_t cell, unsigned i)
{
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze_grid_cell_sides(g, cell, sides);
    assert_true(i < n);
    struct maze_point c = maze_grid_cell_center(g, cell);
    double dx = (sides[i].a.x + sides[i].b.x) / 2 - c.x;
    double dy = (sides[i].a.y + sides[i].b.y) / 2 - c.y;
    if (fabs(dx) >= fabs(dy) - 1e-9) {
        return dx < 0 ? 3 : 1;
    }
    return dy < 0 ? 0 : 2;
}

/* Placements by side: openings facing different sides by default, west to
 * east and north to south when asked, on every kind and mask; and a wall
 * graph file keeps openings placed away from the usual rule. */
static void
test_conformance_openings(void **state)
{
    (void)state;
    static const enum maze_endpoints modes[] = {MAZE_ENDPOINTS_LONGEST,
                                                MAZE_ENDPOINTS_LEFT_RIGHT,
                                                MAZE_ENDPOINTS_TOP_BOTTOM};
    for (size_t k = 0; k < CASES; k++) {
        for (size_t s = 0; s < case_sizes(&cases[k]); s++) {
            if (!takes(&cases[k], sizes[s].w, sizes[s].h)) {
                continue;
            }
            struct fixture f = {0};
            f.grid = make_grid(&cases[k], sizes[s].w, sizes[s].h);
            assert_int_equal(maze_create(f.grid, &f.maze), MAZE_OK);
            for (size_t m = 0; m < 3; m++) {
                for (uint64_t seed = 0; seed < 8; seed++) {
                    struct maze_generate_options o = {
                        .struct_size = sizeof(struct maze_generate_options),
                        .seed = seed,
                        .endpoints = modes[m]};
                    assert_int_equal(maze_generate(f.maze, &o), MAZE_OK);
                    uint32_t a = maze_start(f.maze), b = maze_finish(f.maze);
                    unsigned so = maze_start_opening(f.maze);
                    unsigned fo = maze_finish_opening(f.maze);
                    check_opening(f.grid, a, so);
                    check_opening(f.grid, b, fo);
                    /* A kind's goal (a circle's centre) opens nowhere;
                     * a lone cell has no two sides to tell apart. */
                    bool goal =
                        modes[m] == MAZE_ENDPOINTS_LONGEST && fo == MAZE_NONE;
                    bool lone = maze_grid_cell_count(f.grid) == 1;
                    assert_true(so != MAZE_NONE && (fo != MAZE_NONE || goal));
                    unsigned fs = side_facing(f.grid, a, so);
                    unsigned ff = goal ? 4 : side_facing(f.grid, b, fo);
                    if (lone) {
                        /* nothing to compare */
                    } else if (modes[m] == MAZE_ENDPOINTS_LONGEST) {
                        if (fs == ff) {
                            fail_msg("%s %ux%u seed %llu: both open on %u",
                                     cases[k].kind, sizes[s].w, sizes[s].h,
                                     (unsigned long long)seed, fs);
                        }
                    } else if (modes[m] == MAZE_ENDPOINTS_LEFT_RIGHT) {
                        assert_true(fs == 3 && ff == 1);
                    } else {
                        assert_true(fs == 0 && ff == 2);
                    }
                    /* Saved and loaded, the openings stay. */
                    struct membuf buf = {0};
                    assert_int_equal(
                        export_to(f.maze, "json", NULL, &buf, SIZE_MAX),
                        MAZE_OK);
                    struct maze_grid *lg;
                    struct maze *lm;
                    assert_int_equal(
                        maze_load_json(buf.data, buf.len, &lg, &lm, NULL),
                        MAZE_OK);
                    assert_int_equal(maze_start_opening(lm), so);
                    assert_int_equal(maze_finish_opening(lm), fo);
                    maze_destroy(lm);
                    maze_grid_destroy(lg);
                    free(buf.data);
                }
            }
            fixture_finish(&f);
        }
    }
}

static void
test_conformance_generators(void **state)
{
    (void)state;
    for (size_t k = 0; k < CASES; k++) {
        for (size_t s = 0; s < case_sizes(&cases[k]); s++) {
            if (!takes(&cases[k], sizes[s].w, sizes[s].h)) {
                continue;
            }
            struct fixture f = {0};
            f.grid = make_grid(&cases[k], sizes[s].w, sizes[s].h);
            assert_int_equal(maze_create(f.grid, &f.maze), MAZE_OK);
            uint32_t cells = maze_grid_cell_count(f.grid);
            unsigned seeds = cells <= 64 ? 25 : 4;
            for (size_t a = 0; a < maze_algorithm_count(); a++) {
                const struct maze_algorithm_info *alg = maze_algorithm_at(a);
                if (!maze_algorithm_supports(alg, f.grid)) {
                    assert_int_equal(generate(f.maze, alg->name, 1, 0, 0),
                                     MAZE_ERR_UNSUPPORTED);
                    continue;
                }
                if (!fits(alg, f.grid, NULL)) {
                    assert_int_equal(generate(f.maze, alg->name, 1, 0, 0),
                                     MAZE_ERR_RANGE);
                    continue;
                }
                for (uint64_t seed = 1; seed <= seeds; seed++) {
                    int rc = generate(f.maze, alg->name, seed, 0, 0);
                    if (rc != MAZE_OK) {
                        fail_msg("%s on %s %ux%u seed %llu: %s", alg->name,
                                 cases[k].kind, sizes[s].w, sizes[s].h,
                                 (unsigned long long)seed, maze_strerror(rc));
                    }
                    check_generated(&f, alg, seed);
                }
            }
            fixture_finish(&f);
        }
    }
}

static void
test_conformance_bias(void **state)
{
    (void)state;
    for (size_t k = 0; k < CASES; k++) {
        if (cases[k].mask != NULL) {
            continue;
        }
        const struct maze_grid_kind *kind = maze_grid_kind_find(cases[k].kind);
        struct fixture f = {0};
        bool big = takes(&cases[k], 24, 24);
        f.grid = make_grid(&cases[k], big ? 24 : 8, big ? 24 : 14);
        assert_int_equal(maze_create(f.grid, &f.maze), MAZE_OK);
        for (size_t a = 0; a < maze_algorithm_count(); a++) {
            const struct maze_algorithm_info *alg = maze_algorithm_at(a);
            if (!maze_algorithm_supports(alg, f.grid)) {
                continue;
            }
            for (unsigned c = 0; c < kind->class_count; c++) {
                struct maze_bias plain = {{0}}, heavy;
                for (unsigned i = 0; i < MAZE_MAX_CLASSES; i++) {
                    heavy.weight[i] = MAZE_WEIGHT_ONE;
                }
                heavy.weight[c] = 20 * MAZE_WEIGHT_ONE;
                if (!fits(alg, f.grid, &plain) || !fits(alg, f.grid, &heavy)) {
                    continue; /* test_zeta.c weighs them on smaller grids */
                }
                double before = class_share(&f, alg->name, &plain, c, 4);
                double after = class_share(&f, alg->name, &heavy, c, 4);
                if (!(after > before + 0.03)) {
                    fail_msg("%s on %s: %s=20 moves its share only from "
                             "%.3f to %.3f",
                             alg->name, kind->name, kind->class_names[c],
                             before, after);
                }
            }
        }
        fixture_finish(&f);
    }
}

/* The number of spanning trees of g, by Kirchhoff's theorem: any cofactor
 * of the Laplacian (exact in doubles for the small grids used here). */
static uint64_t
kirchhoff(const struct maze_grid *g)
{
    uint32_t n = maze_grid_cell_count(g);
    uint32_t m = n - 1;
    double *a = calloc((size_t)m * m, sizeof(double));
    assert_non_null(a);
    for (uint32_t c = 1; c < n; c++) {
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        unsigned k = maze_grid_neighbors(g, c, links);
        a[(c - 1) * m + (c - 1)] = k;
        for (unsigned i = 0; i < k; i++) {
            if (links[i].cell != 0) {
                a[(c - 1) * m + (links[i].cell - 1)] -= 1;
            }
        }
    }
    double det = 1;
    for (uint32_t i = 0; i < m; i++) {
        uint32_t p = i;
        for (uint32_t r = i + 1; r < m; r++) {
            if (fabs(a[r * m + i]) > fabs(a[p * m + i])) {
                p = r;
            }
        }
        if (p != i) {
            for (uint32_t j = 0; j < m; j++) {
                double t = a[i * m + j];
                a[i * m + j] = a[p * m + j];
                a[p * m + j] = t;
            }
            det = -det;
        }
        det *= a[i * m + i];
        for (uint32_t r = i + 1; r < m; r++) {
            double f = a[r * m + i] / a[i * m + i];
            for (uint32_t j = i; j < m; j++) {
                a[r * m + j] -= f * a[i * m + j];
            }
        }
    }
    free(a);
    return (uint64_t)llround(det);
}

static int
key_cmp(const void *pa, const void *pb)
{
    uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;
    return (a > b) - (a < b);
}

/*
 * Pearson's statistic of n samples of alg against t equally likely trees:
 * each maze's open edges as a bit mask (the small grids used here have at
 * most 64 edge slots), the masks sorted, and each run of equal masks one
 * tree's count; trees never drawn count as 0.
 */
static double
chi_square(struct fixture *f, const char *alg, uint64_t t, unsigned n,
           uint64_t *seen)
{
    uint32_t slots = maze_grid_edge_slots(f->grid);
    assert_true(slots <= 64);
    uint64_t *keys = malloc(sizeof(uint64_t) * n);
    assert_non_null(keys);
    for (unsigned i = 0; i < n; i++) {
        assert_int_equal(generate(f->maze, alg, 1000 + i, 0, 0), MAZE_OK);
        uint64_t k = 0;
        for (uint32_t e = 0; e < slots; e++) {
            k |= (uint64_t)maze_is_open(f->maze, e) << e;
        }
        keys[i] = k;
    }
    qsort(keys, n, sizeof(*keys), key_cmp);
    double expect = (double)n / (double)t, x2 = 0;
    uint64_t trees = 0;
    for (unsigned i = 0; i < n;) {
        unsigned j = i;
        while (j < n && keys[j] == keys[i]) {
            j++;
        }
        double d = (double)(j - i) - expect;
        x2 += d * d / expect;
        trees++;
        i = j;
    }
    assert_true(trees <= t); /* never more trees than Kirchhoff says */
    x2 += (double)(t - trees) * expect; /* the trees never drawn */
    *seen = trees;
    free(keys);
    return x2;
}

static void
test_conformance_uniform(void **state)
{
    (void)state;
    for (size_t k = 0; k < CASES; k++) {
        const struct kind_case *c = &cases[k];
        if (c->trees == 0) {
            continue;
        }
        struct fixture f = {0};
        f.grid = make_grid(c, c->tree_w, c->tree_h);
        assert_int_equal(maze_create(f.grid, &f.maze), MAZE_OK);
        uint64_t t = kirchhoff(f.grid);
        assert_int_equal(t, c->trees);
        unsigned n = (unsigned)(200 * t);
        double critical = chi2_99((double)(t - 1));
        const char *uniform[] = {"wilson", "aldous-broder"};
        for (int u = 0; u < 2; u++) {
            uint64_t seen;
            double x2 = chi_square(&f, uniform[u], t, n, &seen);
            print_message("%s %ux%u: %s X^2 = %.1f (critical %.1f), %llu of "
                          "%llu trees\n",
                          c->kind, c->tree_w, c->tree_h, uniform[u], x2,
                          critical, (unsigned long long)seen,
                          (unsigned long long)t);
            assert_int_equal(seen, t);
            assert_true(x2 < critical);
        }
        /* The test has teeth: the backtracker is not uniform. */
        uint64_t seen;
        double x2 = chi_square(&f, "backtracker", t, n, &seen);
        assert_true(x2 > critical);
        fixture_finish(&f);
    }
}

/* Runs a checker command on a file; skipped when the tool is missing. */
static void
tool_accepts(const char *tool, const char *args, const char *path)
{
    char cmd[1024]; /* the path (512) and the command around it */
    snprintf(cmd, sizeof(cmd), "command -v %s >/dev/null 2>&1", tool);
    if (system(cmd) != 0) {
        print_message("%s not installed: not checked\n", tool);
        return;
    }
    snprintf(cmd, sizeof(cmd), "%s %s '%s' >/dev/null 2>&1", tool, args, path);
    if (system(cmd) != 0) {
        fail_msg("%s rejects %s", tool, path);
    }
}

static void
write_file(const char *path, const struct membuf *b)
{
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(b->data, 1, b->len, fp), b->len);
    assert_int_equal(fclose(fp), 0);
}

static void
check_exports(const struct kind_case *c, const char *alg, const char *dir)
{
    struct fixture f = {0};
    f.grid = make_grid(c, 9, 7);
    assert_int_equal(maze_create(f.grid, &f.maze), MAZE_OK);
    assert_int_equal(generate(f.maze, alg, 5, 0, 0), MAZE_OK);
    assert_int_equal(maze_solve(f.maze, &f.path), MAZE_OK);
    struct maze_export_options opt = {
        .struct_size = sizeof(struct maze_export_options), .solution = f.path};
    struct membuf b;
    char path[512];
    char tag[64];
    snprintf(tag, sizeof(tag), "%s-%s", c->mask ? "masked" : "plain", alg);

    /* json: load it back, write it again, byte for byte. */
    assert_int_equal(export_to(f.maze, "json", &opt, &b, SIZE_MAX), MAZE_OK);
    struct maze_grid *g2;
    struct maze *m2;
    struct maze_path *p2;
    struct maze_load_error err;
    int rc = maze_load_json(b.data, b.len, &g2, &m2, &err);
    if (rc != MAZE_OK) {
        fail_msg("%s %s: json does not load: %s", c->kind, tag, err.message);
    }
    assert_true(same_passages(f.maze, m2));
    assert_int_equal(maze_solve(m2, &p2), MAZE_OK);
    struct maze_export_options opt2 = {
        .struct_size = sizeof(struct maze_export_options), .solution = p2};
    struct membuf b2;
    assert_int_equal(export_to(m2, "json", &opt2, &b2, SIZE_MAX), MAZE_OK);
    assert_int_equal(b.len, b2.len);
    assert_memory_equal(b.data, b2.data, b.len);
    free(b2.data);
    free(b.data);
    maze_path_destroy(p2);
    maze_destroy(m2);
    maze_grid_destroy(g2);

    struct {
        const char *format, *tool, *args;
    } checks[] = {
        {"svg", "xmllint", "--noout"},
        {"pdf", "qpdf", "--check"},
        {"png", "pngcheck", "-q"},
    };
    for (size_t i = 0; i < sizeof(checks) / sizeof(checks[0]); i++) {
        rc = export_to(f.maze, checks[i].format, &opt, &b, SIZE_MAX);
        if (!maze_format_supports(maze_format_find(checks[i].format),
                                  maze_grid_kind(f.grid), c->mask != NULL)) {
            /* A core build's: refused, and said why. */
            assert_int_equal(rc, MAZE_ERR_UNSUPPORTED);
            assert_string_not_equal(maze_error_detail(), "");
            continue;
        }
        if (rc != MAZE_OK) {
            fail_msg("%s %s: %s export fails: %s", c->kind, tag,
                     checks[i].format, maze_strerror(rc));
        }
        snprintf(path, sizeof(path), "%s/%s-%s.%s", dir, c->kind, tag,
                 checks[i].format);
        write_file(path, &b);
        free(b.data);
        tool_accepts(checks[i].tool, checks[i].args, path);
    }
    /* A one-puzzle sheet with its answer on the page (drawing only). */
    struct maze_sheet_options sheet = {.struct_size =
                                           sizeof(struct maze_sheet_options),
                                       .answers = MAZE_ANSWERS_SAME_PAGE};
    opt.sheet = &sheet;
    if (MAZE_HAS_DRAWING) {
        assert_int_equal(export_to(f.maze, "pdf", &opt, &b, SIZE_MAX), MAZE_OK);
        snprintf(path, sizeof(path), "%s/%s-%s-sheet.pdf", dir, c->kind, tag);
        write_file(path, &b);
        free(b.data);
        tool_accepts("qpdf", "--check", path);
    }
    opt.sheet = NULL;

    rc = export_to(f.maze, "text", &opt, &b, SIZE_MAX);
    /* Text draws whole rectangles, and 3D mazes level by level. */
    if (maze_grid_masked(f.grid) ||
        (strcmp(maze_grid_kind_name(f.grid), "rect") != 0 &&
         strcmp(maze_grid_kind_name(f.grid), "3d") != 0)) {
        assert_int_equal(rc, MAZE_ERR_UNSUPPORTED);
    } else {
        assert_int_equal(rc, MAZE_OK);
        free(b.data);
    }
    fixture_finish(&f);
}

static void
test_conformance_exporters(void **state)
{
    (void)state;
    char dir[] = "/tmp/mazegen-conformance-XXXXXX";
    assert_non_null(mkdtemp(dir));
    for (size_t k = 0; k < CASES; k++) {
        struct maze_grid *g = make_grid(&cases[k], 9, 7);
        for (size_t a = 0; a < maze_algorithm_count(); a++) {
            const struct maze_algorithm_info *alg = maze_algorithm_at(a);
            if (maze_algorithm_supports(alg, g) && fits(alg, g, NULL)) {
                check_exports(&cases[k], alg->name, dir);
            }
        }
        maze_grid_destroy(g);
    }
    char cmd[128];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_conformance_grids),
        cmocka_unit_test(test_conformance_generators),
        cmocka_unit_test(test_conformance_openings),
        cmocka_unit_test(test_conformance_bias),
        cmocka_unit_test(test_conformance_uniform),
        cmocka_unit_test(test_conformance_exporters),
    };
    return cmocka_run_group_tests(tests, NULL, teardown_cairo);
}
