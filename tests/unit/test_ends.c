/* SPDX-License-Identifier: MIT */
/*
 * Default start and finish, measured the test's own way: the outer
 * outline is chained by brute force from maze_grid_cell_sides() (every
 * boundary side against every other, corners equal within 1e-6), each
 * opening placed along it, and checked against the rule docs/grids.md
 * states: both openings on the outer outline (never the rim of a hole),
 * on different edges of the picture, at least a quarter of the outline
 * apart along it; never both pointing out through one edge of the
 * picture's box; and, where the library searches exactly, a path as
 * long as the longest such pair (by a breadth-first search from every
 * outline cell). Over many seeds of every flat kind, masks (the shipped
 * heart, inverted, a ring), braided mazes, and 3D from the first level
 * to the last.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gen/outline.h"
#include "support.h"
#include <mazegen/mazegen.h>

static const char *heart_png;

struct seg {
    uint32_t cell;
    unsigned side;
    struct maze_point a, b;
    int loop;
    double pos;
};

struct outline {
    struct seg *segs;
    size_t n;
    int outer;
    double length;
    double box[4]; /* x0, y0, x1, y1 */
};

static bool
same_point(struct maze_point p, struct maze_point q)
{
    return fabs(p.x - q.x) < 1e-6 && fabs(p.y - q.y) < 1e-6;
}

static void
outline_build(const struct maze_grid *g, struct outline *o)
{
    uint32_t cells = maze_grid_cell_count(g);
    o->segs = calloc((size_t)cells * MAZE_GRID_MAX_DEGREE, sizeof(*o->segs));
    assert_non_null(o->segs);
    o->n = 0;
    for (uint32_t c = 0; c < cells; c++) {
        struct maze_side s[MAZE_GRID_MAX_DEGREE];
        unsigned k = maze_grid_cell_sides(g, c, s);
        for (unsigned i = 0; i < k; i++) {
            if (s[i].edge == MAZE_NONE) {
                assert_int_equal(s[i].shape, MAZE_SIDE_LINE);
                o->segs[o->n++] = (struct seg){c, i, s[i].a, s[i].b, -1, 0};
            }
        }
    }
    /* Loops: from an unused side, on through an unused side sharing the
     * far corner. */
    int loops = 0;
    double best = -1;
    for (size_t first = 0; first < o->n; first++) {
        if (o->segs[first].loop >= 0) {
            continue;
        }
        size_t cur = first;
        struct maze_point at = o->segs[first].b;
        double len = 0;
        for (;;) {
            struct seg *s = &o->segs[cur];
            double l = hypot(s->b.x - s->a.x, s->b.y - s->a.y);
            s->loop = loops;
            s->pos = len + l / 2;
            len += l;
            size_t next = SIZE_MAX;
            for (size_t j = 0; j < o->n && next == SIZE_MAX; j++) {
                if (o->segs[j].loop < 0 && (same_point(o->segs[j].a, at) ||
                                            same_point(o->segs[j].b, at))) {
                    next = j;
                }
            }
            if (next == SIZE_MAX) {
                break;
            }
            at = same_point(o->segs[next].a, at) ? o->segs[next].b
                                                 : o->segs[next].a;
            cur = next;
        }
        if (len > best + 1e-9) {
            best = len;
            o->outer = loops;
        }
        loops++;
    }
    o->length = best;
    o->box[0] = o->box[1] = INFINITY;
    o->box[2] = o->box[3] = -INFINITY;
    for (size_t i = 0; i < o->n; i++) {
        if (o->segs[i].loop == o->outer) {
            struct maze_point p[2] = {o->segs[i].a, o->segs[i].b};
            for (int k = 0; k < 2; k++) {
                o->box[0] = fmin(o->box[0], p[k].x);
                o->box[1] = fmin(o->box[1], p[k].y);
                o->box[2] = fmax(o->box[2], p[k].x);
                o->box[3] = fmax(o->box[3], p[k].y);
            }
        }
    }
}

static const struct seg *
find(const struct outline *o, uint32_t cell, unsigned side)
{
    for (size_t i = 0; i < o->n; i++) {
        if (o->segs[i].cell == cell && o->segs[i].side == side) {
            return &o->segs[i];
        }
    }
    return NULL;
}

static struct maze_point
mid(const struct seg *s)
{
    return (struct maze_point){(s->a.x + s->b.x) / 2, (s->a.y + s->b.y) / 2};
}

/* The edge of the outline's box nearest s: 0 N, 1 E, 2 S, 3 W. */
static int
box_edge(const struct outline *o, const struct seg *s)
{
    struct maze_point m = mid(s);
    double d[4] = {m.y - o->box[1], o->box[2] - m.x, o->box[3] - m.y,
                   m.x - o->box[0]};
    static const int order[4] = {3, 1, 0, 2};
    int best = 3;
    for (int i = 1; i < 4; i++) {
        if (d[order[i]] < d[best] - 1e-9) {
            best = order[i];
        }
    }
    return best;
}

static double
along(const struct outline *o, const struct seg *a, const struct seg *b)
{
    double d = fabs(a->pos - b->pos);
    return fmin(d, o->length - d);
}

/* The rule of docs/grids.md, for two outline sides. */
static bool
apart(const struct outline *o, const struct seg *a, const struct seg *b)
{
    return a != b && a->loop == o->outer && b->loop == o->outer &&
           box_edge(o, a) != box_edge(o, b) &&
           along(o, a, b) >= o->length / 4 - 1e-9;
}

/* Whether s points out through box edge e (within 60 degrees of its
 * outward normal) and lies within 1.5 cells of it. */
static bool
through(const struct maze_grid *g, const struct outline *o, const struct seg *s,
        int e)
{
    struct maze_point c = maze_grid_cell_center(g, s->cell), m = mid(s);
    double dx = m.x - c.x, dy = m.y - c.y, l = hypot(dx, dy);
    static const double nx[4] = {0, 1, 0, -1}, ny[4] = {-1, 0, 1, 0};
    double near[4] = {m.y - o->box[1], o->box[2] - m.x, o->box[3] - m.y,
                      m.x - o->box[0]};
    return (dx * nx[e] + dy * ny[e]) / l > 0.5 && near[e] <= 1.5;
}

/* The longest shortest path between two outline cells with sides apart. */
static uint32_t
longest_apart(struct fixture *f, const struct outline *o)
{
    uint32_t best = 0;
    for (size_t i = 0; i < o->n; i++) {
        const struct seg *a = &o->segs[i];
        if (a->loop != o->outer) {
            continue;
        }
        fixture_bfs(f, a->cell);
        for (size_t j = 0; j < o->n; j++) {
            const struct seg *b = &o->segs[j];
            if (f->dist[b->cell] != UINT32_MAX && f->dist[b->cell] > best &&
                apart(o, a, b)) {
                best = f->dist[b->cell];
            }
        }
    }
    return best;
}

struct ends_case {
    const char *kind;
    uint32_t w, h;
    const char *mask; /* text, or "heart" for the shipped PNG */
    bool invert;
    uint32_t braid;
    unsigned seeds;
};

static struct maze_mask *
load_mask(const struct ends_case *k)
{
    struct maze_mask *mask = NULL;
    if (strcmp(k->mask, "heart") == 0) {
        FILE *fp = fopen(heart_png, "rb");
        assert_non_null(fp);
        static char buf[1 << 16];
        size_t n = fread(buf, 1, sizeof(buf), fp);
        fclose(fp);
        assert_int_equal(maze_mask_read_png(buf, n, 1000, &mask), MAZE_OK);
    } else {
        assert_int_equal(
            maze_mask_read_text(k->mask, strlen(k->mask), 100, &mask), MAZE_OK);
    }
    if (k->invert) {
        maze_mask_invert(mask);
    }
    return mask;
}

static struct maze_grid *
case_grid(const struct ends_case *k)
{
    struct maze_grid_params p = {.struct_size = sizeof(p),
                                 .size = {k->w, k->h}};
    struct maze_mask *mask = k->mask ? load_mask(k) : NULL;
    p.mask = mask;
    struct maze_grid *g;
    assert_int_equal(maze_grid_create(maze_grid_kind_find(k->kind), &p, &g),
                     MAZE_OK);
    maze_mask_destroy(mask);
    return g;
}

#define RING                                                                   \
    "..######..\n"                                                             \
    ".########.\n"                                                             \
    "###....###\n"                                                             \
    "##......##\n"                                                             \
    "##......##\n"                                                             \
    "##......##\n"                                                             \
    "###....###\n"                                                             \
    ".########.\n"                                                             \
    "..######..\n"
#define BLOB                                                                   \
    "..........\n"                                                             \
    "..........\n"                                                             \
    "...####...\n"                                                             \
    "..######..\n"                                                             \
    "..######..\n"                                                             \
    "...####...\n"                                                             \
    "..........\n"                                                             \
    "..........\n"

static const struct ends_case cases[] = {
    {"rect", 6, 6, NULL, false, 0, 60},
    {"rect", 20, 20, NULL, false, 0, 30},
    {"rect", 40, 5, NULL, false, 0, 30},
    {"rect", 3, 9, NULL, false, 0, 30},
    {"hex", 12, 10, NULL, false, 0, 40},
    {"triangle", 12, 8, NULL, false, 0, 40},
    {"upsilon", 20, 20, NULL, false, 0, 20},
    {"upsilon", 9, 7, NULL, false, 0, 40},
    {"zeta", 10, 10, NULL, false, 0, 30},
    {"weave", 10, 10, NULL, false, 0, 30},
    {"rect", 0, 0, "heart", false, 0, 60},
    {"hex", 0, 0, "heart", false, 0, 15},
    {"rect", 0, 0, "heart", true, 0, 15},
    {"rect", 0, 0, RING, false, 0, 40},
    {"triangle", 0, 0, RING, false, 0, 40},
    {"rect", 0, 0, BLOB, true, 0, 40},
    {"rect", 40, 40, NULL, false, 300000, 10},
    {"hex", 14, 10, NULL, false, 300000, 20},
};

static void
check_case(const struct ends_case *k)
{
    struct fixture f = {0};
    f.grid = case_grid(k);
    assert_int_equal(maze_create(f.grid, &f.maze), MAZE_OK);
    struct outline o;
    outline_build(f.grid, &o);
    for (uint64_t seed = 0; seed < k->seeds; seed++) {
        struct maze_generate_options opt = {.struct_size = sizeof(opt),
                                            .seed = seed};
        assert_int_equal(maze_generate(f.maze, &opt), MAZE_OK);
        if (k->braid) {
            assert_int_equal(maze_braid(f.maze, k->braid, seed + 1), MAZE_OK);
            assert_int_equal(
                maze_place_endpoints(f.maze, MAZE_ENDPOINTS_LONGEST, NULL),
                MAZE_OK);
        }
        const struct seg *s =
            find(&o, maze_start(f.maze), maze_start_opening(f.maze));
        const struct seg *t =
            find(&o, maze_finish(f.maze), maze_finish_opening(f.maze));
        assert_non_null(s);
        assert_non_null(t);
        if (s->loop != o.outer || t->loop != o.outer) {
            fail_msg("%s %s seed %llu: an opening on the rim of a hole",
                     k->kind, k->mask ? "masked" : "",
                     (unsigned long long)seed);
        }
        if (!apart(&o, s, t)) {
            fail_msg("%s %ux%u%s seed %llu: openings %.2f apart of %.2f "
                     "(edges %d, %d)",
                     k->kind, k->w, k->h, k->mask ? " masked" : "",
                     (unsigned long long)seed, along(&o, s, t), o.length,
                     box_edge(&o, s), box_edge(&o, t));
        }
        for (int e = 0; e < 4; e++) {
            if (through(f.grid, &o, s, e) && through(f.grid, &o, t, e)) {
                fail_msg("%s seed %llu: both out through edge %d", k->kind,
                         (unsigned long long)seed, e);
            }
        }
        struct maze_path *path;
        assert_int_equal(maze_solve(f.maze, &path), MAZE_OK);
        uint32_t len = (uint32_t)path->length - 1;
        maze_path_destroy(path);
        uint32_t want = longest_apart(&f, &o);
        if (len != want) {
            fail_msg("%s %ux%u seed %llu: path %u, longest apart %u", k->kind,
                     k->w, k->h, (unsigned long long)seed, len, want);
        }
    }
    free(o.segs);
    fixture_finish(&f);
}

static void
test_ends_apart(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        check_case(&cases[i]);
    }
}

/* The places of start, finish and their openings, as the library put
 * them. */
static void
ends_of(const struct maze *m, uint32_t out[4])
{
    out[0] = maze_start(m);
    out[1] = maze_finish(m);
    out[2] = maze_start_opening(m);
    out[3] = maze_finish_opening(m);
}

/* The same ends whether the exact search of a tree reads its distances
 * from the small tree of the outline's cells or searches the whole maze
 * from each of them (maze__endpoints_by_search): every case above (the
 * flat kinds, masks with holes, braided mazes that take the searches
 * either way), 3D levels, and sizes where the longest pair found by the
 * double sweep is not far enough apart along the outline. */
static void
test_ends_tree_same(void **state)
{
    (void)state;
    struct ends_case more[sizeof(cases) / sizeof(cases[0]) + 4];
    size_t n = sizeof(cases) / sizeof(cases[0]);
    memcpy(more, cases, sizeof(cases));
    more[n++] = (struct ends_case){"rect", 128, 128, NULL, false, 0, 4};
    more[n++] = (struct ends_case){"rect", 1, 30, NULL, false, 0, 10};
    more[n++] = (struct ends_case){"zeta", 60, 50, NULL, false, 0, 6};
    more[n++] = (struct ends_case){"3d", 0, 0, NULL, false, 0, 30};
    for (size_t i = 0; i < n; i++) {
        const struct ends_case *k = &more[i];
        struct fixture f = {0};
        if (strcmp(k->kind, "3d") == 0) {
            struct maze_grid_params p = {.struct_size = sizeof(p),
                                         .size = {7, 5, 4}};
            assert_int_equal(
                maze_grid_create(maze_grid_kind_find("3d"), &p, &f.grid),
                MAZE_OK);
        } else {
            f.grid = case_grid(k);
        }
        assert_int_equal(maze_create(f.grid, &f.maze), MAZE_OK);
        for (uint64_t seed = 0; seed < k->seeds; seed++) {
            struct maze_generate_options opt = {.struct_size = sizeof(opt),
                                                .seed = seed};
            assert_int_equal(maze_generate(f.maze, &opt), MAZE_OK);
            if (k->braid) {
                assert_int_equal(maze_braid(f.maze, k->braid, seed + 1),
                                 MAZE_OK);
            }
            uint32_t small[4], whole[4];
            assert_int_equal(
                maze_place_endpoints(f.maze, MAZE_ENDPOINTS_LONGEST, NULL),
                MAZE_OK);
            ends_of(f.maze, small);
            maze__endpoints_by_search = true;
            int rc = maze_place_endpoints(f.maze, MAZE_ENDPOINTS_LONGEST, NULL);
            maze__endpoints_by_search = false;
            assert_int_equal(rc, MAZE_OK);
            ends_of(f.maze, whole);
            if (memcmp(small, whole, sizeof(small)) != 0) {
                fail_msg("%s %ux%u seed %llu: ends %u, %u (openings %u, %u) "
                         "by the small tree, %u, %u (%u, %u) by searches",
                         k->kind, k->w, k->h, (unsigned long long)seed,
                         small[0], small[1], small[2], small[3], whole[0],
                         whole[1], whole[2], whole[3]);
            }
        }
        fixture_finish(&f);
    }
}

/* The index of the first cell from `from` on (round the grid) with one
 * open passage, and that passage's edge in *edge; MAZE_NONE if none. */
static uint32_t
leaf_from(const struct maze *m, uint32_t from, uint32_t *edge)
{
    const struct maze_grid *g = maze_grid(m);
    uint32_t cells = maze_grid_cell_count(g);
    for (uint32_t i = 0; i < cells; i++) {
        uint32_t c = (from + i) % cells;
        struct maze_link l[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze_grid_neighbors(g, c, l), open = 0;
        for (unsigned j = 0; j < n; j++) {
            if (maze_is_open(m, l[j].edge)) {
                open++;
                *edge = l[j].edge;
            }
        }
        if (open == 1) {
            return c;
        }
    }
    return MAZE_NONE;
}

/*
 * A maze with one passage fewer than cells that is not a tree: a leaf cut
 * off and a loop made elsewhere. is_tree() counts it a tree, the small
 * tree's walk does not reach every cell, and the searches must decide:
 * the same ends (and the same status) as with the searches alone. Without
 * the walk's check of what it reached the small tree reads cells it never
 * gave a depth, and this test crashes.
 */
static void
test_ends_tree_not_connected(void **state)
{
    (void)state;
    static const char *const kinds[] = {"rect", "hex", "triangle", "zeta"};
    unsigned placed = 0;
    for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
        for (uint64_t seed = 0; seed < 20; seed++) {
            struct maze_grid_params p = MAZE_GRID_PARAMS_INIT;
            p.size[0] = 7;
            p.size[1] = 6;
            struct maze_grid *g;
            assert_int_equal(
                maze_grid_create(maze_grid_kind_find(kinds[k]), &p, &g),
                MAZE_OK);
            struct maze *m;
            assert_int_equal(maze_create(g, &m), MAZE_OK);
            struct maze_generate_options opt = {.struct_size = sizeof(opt),
                                                .seed = seed};
            assert_int_equal(maze_generate(m, &opt), MAZE_OK);
            uint32_t cells = maze_grid_cell_count(g), edge = MAZE_NONE;
            uint32_t leaf = leaf_from(m, (uint32_t)(seed * 7) % cells, &edge);
            assert_true(leaf != MAZE_NONE);
            maze_set_open(m, edge, false);
            bool loop = false;
            for (uint32_t c = 0; c < cells && !loop; c++) {
                struct maze_link l[MAZE_GRID_MAX_DEGREE];
                unsigned n = c == leaf ? 0 : maze_grid_neighbors(g, c, l);
                for (unsigned j = 0; j < n && !loop; j++) {
                    if (l[j].cell != leaf && !maze_is_open(m, l[j].edge)) {
                        maze_set_open(m, l[j].edge, true);
                        loop = true;
                    }
                }
            }
            assert_true(loop);
            assert_int_equal(maze_passage_count(m) + 1, cells);
            uint32_t small[4] = {0}, whole[4] = {0};
            int rc = maze_place_endpoints(m, MAZE_ENDPOINTS_LONGEST, NULL);
            if (rc == MAZE_OK) {
                ends_of(m, small);
            }
            maze__endpoints_by_search = true;
            int rc_search =
                maze_place_endpoints(m, MAZE_ENDPOINTS_LONGEST, NULL);
            maze__endpoints_by_search = false;
            if (rc_search == MAZE_OK) {
                ends_of(m, whole);
            }
            assert_int_equal(rc, rc_search);
            if (memcmp(small, whole, sizeof(small)) != 0) {
                fail_msg("%s seed %llu: ends %u, %u, by searches %u, %u",
                         kinds[k], (unsigned long long)seed, small[0], small[1],
                         whole[0], whole[1]);
            }
            placed += rc == MAZE_OK;
            maze_destroy(m);
            maze_grid_destroy(g);
        }
    }
    assert_true(placed > 0);
}

/* 3D: from a cell of the first level to one of the last, the longest
 * such way. */
static void
test_ends_levels(void **state)
{
    (void)state;
    struct fixture f = {0};
    struct maze_grid_params p = {.struct_size = sizeof(p), .size = {6, 5, 3}};
    assert_int_equal(maze_grid_create(maze_grid_kind_find("3d"), &p, &f.grid),
                     MAZE_OK);
    assert_int_equal(maze_create(f.grid, &f.maze), MAZE_OK);
    uint32_t per = 6 * 5, cells = maze_grid_cell_count(f.grid);
    for (uint64_t seed = 0; seed < 60; seed++) {
        struct maze_generate_options opt = {.struct_size = sizeof(opt),
                                            .seed = seed};
        assert_int_equal(maze_generate(f.maze, &opt), MAZE_OK);
        uint32_t s = maze_start(f.maze), t = maze_finish(f.maze);
        assert_int_equal(s / per, 0);
        assert_int_equal(t / per, 2);
        fixture_bfs(&f, s);
        uint32_t len = f.dist[t], best = 0;
        /* Three panels in a row: the first opens west, north or south,
         * the last east, north or south; never both ends on one side
         * only, the same (bits: 1 north, 2 east, 4 south, 8 west). */
        for (uint32_t a = 0; a < per; a++) {
            unsigned fa = (a / 6 == 0) | (a / 6 == 4) << 2 | (a % 6 == 0) << 3;
            if (fa == 0) {
                continue;
            }
            fixture_bfs(&f, a);
            for (uint32_t b = 2 * per; b < cells; b++) {
                uint32_t x = b % 6, y = (b - 2 * per) / 6;
                unsigned fb = (y == 0) | (x == 5) << 1 | (y == 4) << 2;
                bool one = fa == fb && (fa & (fa - 1)) == 0;
                if (fb != 0 && !one && f.dist[b] > best) {
                    best = f.dist[b];
                }
            }
        }
        assert_int_equal(len, best);
    }
    fixture_finish(&f);
}

/* The outline's lookup (a filter, then a hash) finds every cell's sides
 * exactly as a scan of them does, and no side for any other cell. */
static void
test_ends_outline_find(void **state)
{
    (void)state;
    static const char *const kinds[] = {"rect", "hex", "triangle", "upsilon"};
    for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
        struct maze_grid *g = NULL;
        struct maze_grid_params p = {.struct_size = sizeof(p),
                                     .size = {37, 23}};
        assert_int_equal(
            maze_grid_create(maze_grid_kind_find(kinds[k]), &p, &g), MAZE_OK);
        struct maze__outline o;
        assert_int_equal(maze__outline_build(g, &o), MAZE_OK);
        assert_true(o.count > 0);
        for (uint32_t c = 0; c < maze_grid_cell_count(g); c++) {
            size_t first = SIZE_MAX, n = 0, got_n = 99;
            for (size_t i = 0; i < o.count; i++) {
                if (o.sides[i].cell == c) {
                    first = first == SIZE_MAX ? i : first;
                    n++;
                }
            }
            size_t got = maze__outline_find(&o, c, &got_n);
            assert_int_equal(got_n, n);
            if (n > 0) {
                assert_int_equal(got, first);
            }
        }
        maze__outline_finish(&o);
        maze_grid_destroy(g);
    }
}

int
main(int argc, char **argv)
{
    heart_png = argc > 1 ? argv[1] : "samples/masks/heart.png";
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ends_apart),
        cmocka_unit_test(test_ends_levels),
        cmocka_unit_test(test_ends_tree_same),
        cmocka_unit_test(test_ends_tree_not_connected),
        cmocka_unit_test(test_ends_outline_find),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
