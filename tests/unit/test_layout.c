/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for the layout (layout/layout.h). Small hand-made mazes have
 * their runs checked exactly. On generated mazes the runs are checked
 * against a wall map computed independently from the public API: every
 * unit of every run is a wall, no unit is covered twice, the total length
 * equals the number of walls (so the cover is exact), and no run could be
 * extended (so they are maximal). The generic path for non-rectangular
 * kinds is exercised by disguising a rectangular grid as another kind.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/grid_impl.h"
#include "layout/layout.h"
#include <mazegen/mazegen.h>

#include "support.h"

/* Opens the passage on side `side` (MAZE__SIDE_*) of cell (x, y). */
static void
open_side(struct fixture *f, uint32_t x, uint32_t y, unsigned side)
{
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    maze_grid_cell_sides(f->grid, cell_at(f, x, y), sides);
    assert_int_not_equal(sides[side].edge, MAZE_NONE);
    maze_set_open(f->maze, sides[side].edge, true);
}

static void
assert_point(struct maze_point p, double x, double y)
{
    assert_true(fabs(p.x - x) < 1e-9);
    assert_true(fabs(p.y - y) < 1e-9);
}

/* Runs as {ax, ay, bx, by}, in the layout's order. */
static void
assert_runs(const struct maze__layout *l, const double (*runs)[4], size_t n)
{
    assert_int_equal(l->run_count, n);
    for (size_t i = 0; i < n; i++) {
        assert_point(l->runs[i].a, runs[i][0], runs[i][1]);
        assert_point(l->runs[i].b, runs[i][2], runs[i][3]);
    }
}

/*
 * Walls of a rectangular maze by lattice unit, from cell sides: hz[j*w+x]
 * is the unit of horizontal line j over column x, vt[i*h+y] the unit of
 * vertical line i beside row y.
 */
struct wall_map {
    uint32_t w, h;
    unsigned char *hz, *vt;
    size_t count;
};

static void
wall_map_init(struct wall_map *wm, const struct maze *m)
{
    const struct maze_grid *g = maze_grid(m);
    wm->w = maze_grid_width(g);
    wm->h = maze_grid_height(g);
    wm->hz = calloc((size_t)(wm->h + 1) * wm->w, 1);
    wm->vt = calloc((size_t)(wm->w + 1) * wm->h, 1);
    assert_non_null(wm->hz);
    assert_non_null(wm->vt);
    for (uint32_t c = 0; c < maze_grid_cell_count(g); c++) {
        struct maze_side s[MAZE_GRID_MAX_DEGREE];
        uint32_t x, y;
        cell_xy(g, c, &x, &y);
        assert_int_equal(maze_grid_cell_sides(g, c, s), 4);
        for (unsigned i = 0; i < 4; i++) {
            bool opening = is_opening(m, c, i);
            bool wall =
                s[i].edge == MAZE_NONE ? !opening : !maze_is_open(m, s[i].edge);
            unsigned char *unit =
                i == MAZE__SIDE_N   ? &wm->hz[y * wm->w + x]
                : i == MAZE__SIDE_S ? &wm->hz[(y + 1) * wm->w + x]
                : i == MAZE__SIDE_W ? &wm->vt[x * wm->h + y]
                                    : &wm->vt[(x + 1) * wm->h + y];
            *unit = wall;
        }
    }
    wm->count = 0;
    for (size_t i = 0; i < (size_t)(wm->h + 1) * wm->w; i++) {
        wm->count += wm->hz[i];
    }
    for (size_t i = 0; i < (size_t)(wm->w + 1) * wm->h; i++) {
        wm->count += wm->vt[i];
    }
}

static void
wall_map_finish(struct wall_map *wm)
{
    free(wm->hz);
    free(wm->vt);
}

/* Checks one run against the map and marks its units in seen. */
static double
check_run(const struct wall_map *wm, const struct maze__run *r,
          unsigned char *seen_h, unsigned char *seen_v)
{
    double ax = r->a.x, ay = r->a.y, bx = r->b.x, by = r->b.y;
    assert_true(ax == floor(ax) && ay == floor(ay));
    assert_true(bx == floor(bx) && by == floor(by));
    bool horizontal = ay == by;
    assert_true(horizontal ? bx > ax : (ax == bx && by > ay));
    uint32_t line = (uint32_t)(horizontal ? ay : ax);
    uint32_t from = (uint32_t)(horizontal ? ax : ay);
    uint32_t to = (uint32_t)(horizontal ? bx : by);
    uint32_t span = horizontal ? wm->w : wm->h;
    const unsigned char *map = horizontal ? wm->hz : wm->vt;
    unsigned char *seen = horizontal ? seen_h : seen_v;
    assert_true(line <= (horizontal ? wm->h : wm->w) && to <= span);
    for (uint32_t u = from; u < to; u++) {
        assert_true(map[(size_t)line * span + u]);
        assert_false(seen[(size_t)line * span + u]);
        seen[(size_t)line * span + u] = 1;
    }
    /* Maximal: the units just beyond either end are not walls. */
    assert_true(from == 0 || !map[(size_t)line * span + from - 1]);
    assert_true(to == span || !map[(size_t)line * span + to]);
    return to - from;
}

/* The runs cover exactly the walls, each unit once, maximally merged. */
static void
check_cover(const struct maze *m, const struct maze__layout *l)
{
    struct wall_map wm;
    wall_map_init(&wm, m);
    unsigned char *seen_h = calloc((size_t)(wm.h + 1) * wm.w, 1);
    unsigned char *seen_v = calloc((size_t)(wm.w + 1) * wm.h, 1);
    assert_non_null(seen_h);
    assert_non_null(seen_v);
    double total = 0;
    for (size_t i = 0; i < l->run_count; i++) {
        total += check_run(&wm, &l->runs[i], seen_h, seen_v);
    }
    assert_true(total == (double)wm.count);
    free(seen_h);
    free(seen_v);
    wall_map_finish(&wm);
}

static void
test_layout_2x2_exact(void **state)
{
    (void)state;
    struct fixture f;
    fixture_create(&f, 2, 2);
    open_side(&f, 0, 0, MAZE__SIDE_E);
    open_side(&f, 0, 0, MAZE__SIDE_S);
    open_side(&f, 1, 0, MAZE__SIDE_S);
    /* maze_create's endpoints: cell 0 opens west, cell 3 east. */
    assert_int_equal(maze_start_opening(f.maze), MAZE__SIDE_W);
    assert_int_equal(maze_finish_opening(f.maze), MAZE__SIDE_E);
    struct maze__layout l;
    assert_int_equal(maze__layout_build(f.maze, NULL, &l), MAZE_OK);
    static const double runs[][4] = {
        {0, 0, 2, 0}, {0, 2, 2, 2}, {0, 1, 0, 2}, {1, 1, 1, 2}, {2, 0, 2, 1},
    };
    assert_runs(&l, runs, 5);
    assert_true(l.width == 2 && l.height == 2);
    assert_null(l.solution);
    assert_int_equal(l.solution_count, 0);
    maze__layout_finish(&l);
    fixture_finish(&f);
}

static void
test_layout_3x3_exact(void **state)
{
    (void)state;
    struct fixture f;
    fixture_create(&f, 3, 3);
    /* A serpentine: right along row 0, left along row 1, right along 2. */
    open_side(&f, 0, 0, MAZE__SIDE_E);
    open_side(&f, 1, 0, MAZE__SIDE_E);
    open_side(&f, 2, 0, MAZE__SIDE_S);
    open_side(&f, 0, 1, MAZE__SIDE_E);
    open_side(&f, 1, 1, MAZE__SIDE_E);
    open_side(&f, 0, 1, MAZE__SIDE_S);
    open_side(&f, 0, 2, MAZE__SIDE_E);
    open_side(&f, 1, 2, MAZE__SIDE_E);
    assert_int_equal(maze_set_endpoints(f.maze, 0, 8), MAZE_OK);
    struct maze__layout l;
    assert_int_equal(maze__layout_build(f.maze, NULL, &l), MAZE_OK);
    static const double runs[][4] = {
        {0, 0, 3, 0}, {0, 1, 2, 1}, {1, 2, 3, 2},
        {0, 3, 3, 3}, {0, 1, 0, 3}, {3, 0, 3, 2},
    };
    assert_runs(&l, runs, 6);
    check_cover(f.maze, &l);
    maze__layout_finish(&l);
    fixture_finish(&f);
}

static void
test_layout_1x1_both_openings(void **state)
{
    (void)state;
    struct fixture f;
    fixture_create(&f, 1, 1);
    struct maze_path path = {(uint32_t[]){0}, 1};
    struct maze__layout l;
    assert_int_equal(maze__layout_build(f.maze, &path, &l), MAZE_OK);
    static const double runs[][4] = {{0, 0, 1, 0}, {0, 1, 1, 1}};
    assert_runs(&l, runs, 2);
    /* In through the west, out through the east. */
    assert_int_equal(l.solution_count, 3);
    assert_point(l.solution[0], 0, 0.5);
    assert_point(l.solution[1], 0.5, 0.5);
    assert_point(l.solution[2], 1, 0.5);
    maze__layout_finish(&l);
    fixture_finish(&f);
}

static const struct {
    uint32_t w, h;
} gen_sizes[] = {{1, 1}, {1, 7}, {7, 1}, {2, 2}, {13, 9}, {50, 50}};

static void
test_layout_generated_cover(void **state)
{
    (void)state;
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const struct maze_algorithm_info *alg = maze_algorithm_at(a);
        if (alg->rect_only && false) {
            continue;
        }
        for (size_t k = 0; k < sizeof(gen_sizes) / sizeof(gen_sizes[0]); k++) {
            for (uint64_t seed = 1; seed <= 4; seed++) {
                struct fixture f;
                fixture_create(&f, gen_sizes[k].w, gen_sizes[k].h);
                struct maze_generate_options opt = {
                    .struct_size = sizeof(struct maze_generate_options),
                    .algorithm = alg->name,
                    .seed = seed};
                assert_int_equal(maze_generate(f.maze, &opt), MAZE_OK);
                /* Odd seeds keep the generated endpoints (often inside the
                 * maze); even ones move them to the corners. */
                if (seed % 2 == 0) {
                    uint32_t last = maze_grid_cell_count(f.grid) - 1;
                    assert_int_equal(maze_set_endpoints(f.maze, 0, last),
                                     MAZE_OK);
                }
                struct maze__layout l;
                assert_int_equal(maze__layout_build(f.maze, NULL, &l), MAZE_OK);
                check_cover(f.maze, &l);
                maze__layout_finish(&l);
                fixture_finish(&f);
            }
        }
    }
}

static void
test_layout_merges_runs(void **state)
{
    (void)state;
    struct fixture f;
    fixture_create(&f, 50, 50);
    struct maze_generate_options opt = {
        .struct_size = sizeof(struct maze_generate_options),
        .algorithm = "kruskal",
        .seed = 7};
    assert_int_equal(maze_generate(f.maze, &opt), MAZE_OK);
    struct maze__layout l;
    assert_int_equal(maze__layout_build(f.maze, NULL, &l), MAZE_OK);
    struct wall_map wm;
    wall_map_init(&wm, f.maze);
    /* A perfect 50x50 maze has 2,401 closed interior edges plus the
     * boundary; merging must save far more than a few strokes. */
    assert_true(wm.count > 2500);
    assert_true(l.run_count * 10 < wm.count * 6);
    wall_map_finish(&wm);
    maze__layout_finish(&l);
    fixture_finish(&f);
}

static void
test_layout_solution_polyline(void **state)
{
    (void)state;
    struct fixture f;
    fixture_create(&f, 20, 20);
    struct maze_generate_options opt = {
        .struct_size = sizeof(struct maze_generate_options), .seed = 42};
    assert_int_equal(maze_generate(f.maze, &opt), MAZE_OK);
    assert_int_equal(maze_set_endpoints(f.maze, 0, 399), MAZE_OK);
    struct maze_path *path = NULL;
    assert_int_equal(maze_solve(f.maze, &path), MAZE_OK);
    struct maze__layout l;
    assert_int_equal(maze__layout_build(f.maze, path, &l), MAZE_OK);
    assert_int_equal(l.solution_count, path->length + 2);
    /* The ends sit on the outer wall line, mid-opening. */
    assert_point(l.solution[0], 0, 0.5);
    assert_point(l.solution[l.solution_count - 1], 20, 19.5);
    for (size_t i = 0; i < path->length; i++) {
        uint32_t x, y;
        cell_xy(f.grid, path->cells[i], &x, &y);
        assert_point(l.solution[i + 1], x + 0.5, y + 0.5);
    }
    for (size_t i = 0; i + 1 < l.solution_count; i++) {
        double dx = fabs(l.solution[i + 1].x - l.solution[i].x);
        double dy = fabs(l.solution[i + 1].y - l.solution[i].y);
        assert_true((dx == 0) != (dy == 0));
    }
    assert_point(l.start.center, 0.5, 0.5);
    assert_point(l.start.outward, -1, 0);
    assert_point(l.finish.center, 19.5, 19.5);
    assert_point(l.finish.outward, 1, 0);
    maze__layout_finish(&l);
    maze_path_destroy(path);
    fixture_finish(&f);
}

/* 3D: a stair mark in every cell with an open passage to another level,
 * of the right kind; the solution lifts the pen (a NaN point) exactly
 * where it changes level, and no drawn segment is longer than a cell, so
 * none crosses the gap between two panels; every level is named. */
static void
test_layout_levels(void **state)
{
    (void)state;
    struct maze_grid_params p = {.struct_size = sizeof(struct maze_grid_params),
                                 .size = {6, 5, 3}};
    struct maze_grid *g;
    struct maze *m;
    assert_int_equal(maze_grid_create(maze_grid_kind_find("3d"), &p, &g),
                     MAZE_OK);
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    struct maze_generate_options opt = {
        .struct_size = sizeof(struct maze_generate_options), .seed = 7};
    assert_int_equal(maze_generate(m, &opt), MAZE_OK);
    assert_int_equal(maze_set_endpoints(m, 0, 89), MAZE_OK);
    struct maze_path *path = NULL;
    assert_int_equal(maze_solve(m, &path), MAZE_OK);
    struct maze__layout l;
    assert_int_equal(maze__layout_build(m, path, &l), MAZE_OK);
    size_t marked = 0;
    for (uint32_t c = 0; c < 90; c++) {
        unsigned want = 0;
        if (c + 30 < 90 && maze_is_open(m, 3 * c + 2)) {
            want |= MAZE__STAIR_UP;
        }
        if (c >= 30 && maze_is_open(m, 3 * (c - 30) + 2)) {
            want |= MAZE__STAIR_DOWN;
        }
        if (want == 0) {
            continue;
        }
        struct maze_point at = maze_grid_cell_center(g, c);
        bool found = false;
        for (size_t i = 0; i < l.stair_count; i++) {
            found = found || (fabs(l.stairs[i].at.x - at.x) < 1e-9 &&
                              fabs(l.stairs[i].at.y - at.y) < 1e-9 &&
                              l.stairs[i].kind == want);
        }
        assert_true(found);
        marked++;
    }
    assert_int_equal(l.stair_count, marked);
    assert_true(marked > 0);
    size_t changes = 0, lifts = 0;
    for (size_t i = 1; i < path->length; i++) {
        changes += path->cells[i] / 30 != path->cells[i - 1] / 30;
    }
    for (size_t i = 0; i + 1 < l.solution_count; i++) {
        if (isnan(l.solution[i].x)) {
            lifts++;
            continue;
        }
        if (isnan(l.solution[i + 1].x)) {
            continue;
        }
        double d = hypot(l.solution[i + 1].x - l.solution[i].x,
                         l.solution[i + 1].y - l.solution[i].y);
        assert_true(d <= 1 + 1e-9);
    }
    assert_int_equal(lifts, changes);
    assert_true(changes > 0);
    struct maze__label lb;
    for (unsigned i = 0; i < 3; i++) {
        char want[16];
        snprintf(want, sizeof(want), "Level %u", i + 1);
        assert_int_equal(maze__label_place(m, i, &lb), 3);
        assert_string_equal(lb.text, want);
        assert_true(lb.at.y + lb.height <= l.height + 1e-9);
    }
    assert_int_equal(maze__label_place(m, 3, &lb), 0); /* past the last */
    maze__layout_finish(&l);
    maze_path_destroy(path);
    maze_destroy(m);
    maze_grid_destroy(g);
}

static void
test_layout_openings_absent(void **state)
{
    (void)state;
    struct fixture f;
    fixture_create(&f, 6, 4);
    struct maze_generate_options opt = {
        .struct_size = sizeof(struct maze_generate_options), .seed = 3};
    assert_int_equal(maze_generate(f.maze, &opt), MAZE_OK);
    /* Start on the top edge (opens north), finish bottom right (east). */
    assert_int_equal(maze_set_endpoints(f.maze, 2, 23), MAZE_OK);
    assert_int_equal(maze_start_opening(f.maze), MAZE__SIDE_N);
    assert_int_equal(maze_finish_opening(f.maze), MAZE__SIDE_E);
    struct maze__layout l;
    assert_int_equal(maze__layout_build(f.maze, NULL, &l), MAZE_OK);
    double top = 0, right = 0;
    for (size_t i = 0; i < l.run_count; i++) {
        struct maze__run r = l.runs[i];
        if (r.a.y == 0 && r.b.y == 0) {
            assert_true(r.b.x <= 2 || r.a.x >= 3);
            top += r.b.x - r.a.x;
        }
        if (r.a.x == 6 && r.b.x == 6) {
            assert_true(r.b.y <= 3);
            right += r.b.y - r.a.y;
        }
    }
    assert_true(top == 5 && right == 3);
    assert_point(l.start.outward, 0, -1);
    check_cover(f.maze, &l);
    maze__layout_finish(&l);
    fixture_finish(&f);
}

static void
test_layout_interior_endpoints(void **state)
{
    (void)state;
    struct fixture f;
    fixture_create(&f, 12, 12);
    struct maze_generate_options opt = {
        .struct_size = sizeof(struct maze_generate_options), .seed = 5};
    assert_int_equal(maze_generate(f.maze, &opt), MAZE_OK);
    uint32_t a = cell_at(&f, 4, 5), b = cell_at(&f, 8, 7);
    assert_int_equal(maze_set_endpoints(f.maze, a, b), MAZE_OK);
    struct maze_path *path = NULL;
    assert_int_equal(maze_solve(f.maze, &path), MAZE_OK);
    struct maze__layout l;
    assert_int_equal(maze__layout_build(f.maze, path, &l), MAZE_OK);
    /* No opening: the line stops at the centres, markers have no way out,
     * and the whole boundary is wall. */
    assert_int_equal(l.solution_count, path->length);
    assert_point(l.solution[0], 4.5, 5.5);
    assert_point(l.solution[l.solution_count - 1], 8.5, 7.5);
    assert_point(l.start.center, 4.5, 5.5);
    assert_point(l.start.outward, 0, 0);
    assert_point(l.finish.outward, 0, 0);
    check_cover(f.maze, &l);
    maze__layout_finish(&l);
    maze_path_destroy(path);
    fixture_finish(&f);
}

static int
run_cmp(const void *pa, const void *pb)
{
    const struct maze__run *a = pa, *b = pb;
    const double ka[4] = {a->a.x, a->a.y, a->b.x, a->b.y};
    const double kb[4] = {b->a.x, b->a.y, b->b.x, b->b.y};
    for (int i = 0; i < 4; i++) {
        if (ka[i] != kb[i]) {
            return ka[i] < kb[i] ? -1 : 1;
        }
    }
    return 0;
}

static void
test_layout_generic_matches_rect(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        struct fixture f;
        fixture_create(&f, 17, 11);
        struct maze_generate_options opt = {
            .struct_size = sizeof(struct maze_generate_options), .seed = seed};
        assert_int_equal(maze_generate(f.maze, &opt), MAZE_OK);
        if (seed % 2) {
            assert_int_equal(maze_set_endpoints(f.maze, 0, 186), MAZE_OK);
        }
        struct maze__layout rect, generic;
        assert_int_equal(maze__layout_build(f.maze, NULL, &rect), MAZE_OK);
        /* The same grid without its fast-path flag takes the generic
         * path. */
        f.grid->rect = false;
        assert_int_equal(maze__layout_build(f.maze, NULL, &generic), MAZE_OK);
        f.grid->rect = true;
        assert_int_equal(generic.run_count, rect.run_count);
        qsort(rect.runs, rect.run_count, sizeof(*rect.runs), run_cmp);
        qsort(generic.runs, generic.run_count, sizeof(*generic.runs), run_cmp);
        for (size_t i = 0; i < rect.run_count; i++) {
            assert_int_equal(run_cmp(&rect.runs[i], &generic.runs[i]), 0);
        }
        maze__layout_finish(&rect);
        maze__layout_finish(&generic);
        fixture_finish(&f);
    }
}

/* Horizontal runs first, by line then along it; then vertical ones. */
static bool
rect_order(const struct maze__run *a, const struct maze__run *b)
{
    bool ha = a->a.y == a->b.y, hb = b->a.y == b->b.y;
    if (ha != hb) {
        return ha;
    }
    if (ha) {
        return a->a.y < b->a.y || (a->a.y == b->a.y && a->b.x < b->a.x);
    }
    return a->a.x < b->a.x || (a->a.x == b->a.x && a->b.y < b->a.y);
}

/* The rectangle's runs are read 64 columns a word: widths either side
 * of a word, and one to three words, are covered exactly, in the order
 * the exporters write them, and as the generic path finds them. */
static void
test_layout_rect_word_edges(void **state)
{
    (void)state;
    static const uint32_t widths[] = {63, 64, 65, 127, 128, 129, 130};
    for (size_t k = 0; k < sizeof(widths) / sizeof(widths[0]); k++) {
        for (uint32_t h = 1; h <= 3; h++) {
            struct fixture f;
            fixture_create(&f, widths[k], h);
            struct maze_generate_options opt = {
                .struct_size = sizeof(struct maze_generate_options),
                .seed = widths[k] + h};
            assert_int_equal(maze_generate(f.maze, &opt), MAZE_OK);
            struct maze__layout rect, generic;
            assert_int_equal(maze__layout_build(f.maze, NULL, &rect), MAZE_OK);
            check_cover(f.maze, &rect);
            for (size_t i = 1; i < rect.run_count; i++) {
                assert_true(rect_order(&rect.runs[i - 1], &rect.runs[i]));
            }
            f.grid->rect = false;
            assert_int_equal(maze__layout_build(f.maze, NULL, &generic),
                             MAZE_OK);
            f.grid->rect = true;
            assert_int_equal(generic.run_count, rect.run_count);
            qsort(rect.runs, rect.run_count, sizeof(*rect.runs), run_cmp);
            qsort(generic.runs, generic.run_count, sizeof(*generic.runs),
                  run_cmp);
            for (size_t i = 0; i < rect.run_count; i++) {
                assert_int_equal(run_cmp(&rect.runs[i], &generic.runs[i]), 0);
            }
            maze__layout_finish(&rect);
            maze__layout_finish(&generic);
            fixture_finish(&f);
        }
    }
}

static void
test_layout_rejects_bad_path(void **state)
{
    (void)state;
    struct fixture f;
    fixture_create(&f, 3, 3);
    struct maze_path path = {(uint32_t[]){0, 1, 9}, 3};
    struct maze__layout l;
    assert_int_equal(maze__layout_build(f.maze, &path, &l), MAZE_ERR_INVALID);
    assert_null(l.runs);
    assert_null(l.solution);
    fixture_finish(&f);
}

/*
 * Arcs, before any kind has them: a hand-made ring of four cells (quarter
 * sectors between radius 1 and 2 about (2, 2)), whose inner and outer
 * sides are arcs and whose four spokes are the edges. The layout merges
 * the quarter arcs of each circle into runs, SVG draws them as arcs,
 * and the PNG bands draw them dark where the circles are.
 */
#define RING_C 2.0
#define TAU_4 1.5707963267948966

static unsigned
ring_neighbors(const struct maze_grid *g, uint32_t cell, struct maze_link *out)
{
    (void)g;
    /* Edge e joins cells e and e + 1 (mod 4): the spoke at angle e + 1. */
    out[0] = (struct maze_link){(cell + 1) % 4, cell};
    out[1] = (struct maze_link){(cell + 3) % 4, (cell + 3) % 4};
    return 2;
}

static bool
ring_edge_exists(const struct maze_grid *g, uint32_t edge)
{
    (void)g;
    return edge < 4;
}

static void
ring_edge_cells(const struct maze_grid *g, uint32_t edge, uint32_t *a,
                uint32_t *b)
{
    (void)g;
    uint32_t x = edge, y = (edge + 1) % 4;
    *a = x < y ? x : y;
    *b = x < y ? y : x;
}

static unsigned
ring_edge_class(const struct maze_grid *g, uint32_t edge)
{
    (void)g;
    (void)edge;
    return 0;
}

static struct maze_point
ring_center(const struct maze_grid *g, uint32_t cell)
{
    (void)g;
    double t = (cell + 0.5) * TAU_4;
    return (struct maze_point){RING_C + 1.5 * cos(t), RING_C + 1.5 * sin(t)};
}

static struct maze_side
ring_arc(double r, double t0, double t1)
{
    return (struct maze_side){
        .shape = MAZE_SIDE_ARC,
        .a = {RING_C + r * cos(t0), RING_C + r * sin(t0)},
        .b = {RING_C + r * cos(t1), RING_C + r * sin(t1)},
        .center = {RING_C, RING_C},
        .radius = r,
        .angle0 = t0,
        .angle1 = t1,
        .edge = MAZE_NONE,
    };
}

static unsigned
ring_sides(const struct maze_grid *g, uint32_t cell, struct maze_side *out)
{
    (void)g;
    double t0 = cell * TAU_4, t1 = (cell + 1) * TAU_4;
    out[0] = ring_arc(1, t0, t1);
    out[1] = ring_arc(2, t0, t1);
    out[2] = maze__side_line(RING_C + cos(t0), RING_C + sin(t0),
                             RING_C + 2 * cos(t0), RING_C + 2 * sin(t0),
                             (cell + 3) % 4);
    out[3] = maze__side_line(RING_C + cos(t1), RING_C + sin(t1),
                             RING_C + 2 * cos(t1), RING_C + 2 * sin(t1), cell);
    return 4;
}

static void
ring_coords(const struct maze_grid *g, uint32_t cell, uint32_t *out)
{
    (void)g;
    out[0] = cell;
    out[1] = 0;
}

static uint32_t
ring_cell_at(const struct maze_grid *g, const uint32_t *c)
{
    (void)g;
    return c[0] < 4 ? c[0] : MAZE_NONE;
}

static void
test_layout_arcs(void **state)
{
    (void)state;
    SKIP_WITHOUT_DRAWING();
    static const struct maze__grid_kind ring = {
        .info = {.name = "test-ring", .class_count = 1, .coord_count = 2},
        .ops =
            {
                .neighbors = ring_neighbors,
                .edge_exists = ring_edge_exists,
                .edge_cells = ring_edge_cells,
                .edge_class = ring_edge_class,
                .cell_center = ring_center,
                .cell_sides = ring_sides,
                .coords = ring_coords,
                .cell_at = ring_cell_at,
            },
    };
    struct maze_grid g = {
        .kind = &ring,
        .ops = &ring.ops,
        .width = 4,
        .height = 1,
        .cells = 4,
        .edge_slots = 4,
        .edges = 4,
        .extent_w = 4,
        .extent_h = 4,
    };
    struct maze *m;
    assert_int_equal(maze_create(&g, &m), MAZE_OK);
    /* Spokes 0, 1 and 2 open: a path 0-1-2-3 round the ring. */
    for (uint32_t e = 0; e < 3; e++) {
        maze_set_open(m, e, true);
    }
    assert_int_equal(maze_set_endpoints(m, 0, 3), MAZE_OK);
    struct maze__layout lay;
    assert_int_equal(maze__layout_build(m, NULL, &lay), MAZE_OK);
    assert_false(lay.square);
    /* Eight quarter arcs but the two openings, merged where they touch;
     * one spoke stays. */
    size_t arcs = 0, lines = 0;
    double turned = 0;
    for (size_t i = 0; i < lay.run_count; i++) {
        const struct maze__run *r = &lay.runs[i];
        if (r->arc) {
            arcs++;
            assert_true(fabs(r->center.x - RING_C) < 1e-9);
            assert_true(fabs(r->radius - 1) < 1e-9 ||
                        fabs(r->radius - 2) < 1e-9);
            turned += r->angle1 - r->angle0;
        } else {
            lines++;
        }
    }
    assert_true(fabs(turned - 6 * TAU_4) < 1e-9);
    assert_int_equal(lines, 1);
    assert_true(arcs >= 2 && arcs < 6);
    /* The markers open through the middle of an arc of theirs, and point
     * along its radius. */
    double d = hypot(lay.start.at.x - RING_C, lay.start.at.y - RING_C);
    assert_true(fabs(d - 1) < 1e-9 || fabs(d - 2) < 1e-9);
    double along = (lay.start.at.x - RING_C) * lay.start.outward.y -
                   (lay.start.at.y - RING_C) * lay.start.outward.x;
    assert_true(fabs(along) < 1e-9);
    maze__layout_finish(&lay);

    struct membuf b;
    assert_int_equal(export_to(m, "svg", NULL, &b, SIZE_MAX), MAZE_OK);
    assert_non_null(strstr(b.data, " A "));
    free(b.data);
    struct maze_export_options png = {.struct_size =
                                          sizeof(struct maze_export_options),
                                      .cell_size = {20, MAZE_UNIT_PX},
                                      .margin = {20, MAZE_UNIT_PX}};
    assert_int_equal(export_to(m, "png", &png, &b, SIZE_MAX), MAZE_OK);
    free(b.data);
    maze_destroy(m);
}

/* ---- The generic path's order, against one stable sort ---------------- */

/* A wall side keyed as layout.c keys it, with its place as collected. */
struct ref_seg {
    int arc;
    long long qx, qy, off;
    double t0, t1;
    struct maze_side side;
    size_t at;
};

static bool
ref_key(const struct maze_side *w, size_t at, struct ref_seg *s)
{
    *s = (struct ref_seg){.side = *w, .at = at};
    if (w->shape == MAZE_SIDE_ARC) {
        s->arc = 1;
        s->qx = llround(w->center.x * 1e6);
        s->qy = llround(w->center.y * 1e6);
        s->off = llround(w->radius * 1e6);
        s->t0 = w->angle0;
        s->t1 = w->angle1;
        return true;
    }
    struct maze_point a = w->a, b = w->b;
    double dx = b.x - a.x, dy = b.y - a.y, len = hypot(dx, dy);
    if (!(len > 1e-9)) {
        return false;
    }
    if (dx < -1e-9 || (fabs(dx) <= 1e-9 && dy < 0)) {
        s->side.a = b;
        s->side.b = a;
        a = s->side.a;
        b = s->side.b;
        dx = -dx;
        dy = -dy;
    }
    double ux = dx / len, uy = dy / len;
    s->qx = llround(ux * 1e6);
    s->qy = llround(uy * 1e6);
    s->off = llround((ux * a.y - uy * a.x) * 1e6);
    s->t0 = ux * a.x + uy * a.y;
    s->t1 = ux * b.x + uy * b.y;
    return true;
}

/* By line, along it, then as collected: one stable sort by the key. */
static int
ref_cmp(const void *pa, const void *pb)
{
    const struct ref_seg *a = pa, *b = pb;
    long long ka[] = {a->arc, a->qx, a->qy, a->off};
    long long kb[] = {b->arc, b->qx, b->qy, b->off};
    for (int i = 0; i < 4; i++) {
        if (ka[i] != kb[i]) {
            return ka[i] < kb[i] ? -1 : 1;
        }
    }
    double ta[] = {a->t0, a->t1}, tb[] = {b->t0, b->t1};
    for (int i = 0; i < 2; i++) {
        if (ta[i] != tb[i]) {
            return ta[i] < tb[i] ? -1 : 1;
        }
    }
    return (a->at > b->at) - (a->at < b->at);
}

/* Run r is side s (merged), bit for bit. */
static void
same_run(const struct maze__run *r, const struct ref_seg *s)
{
    assert_memory_equal(&r->a, &s->side.a, sizeof(r->a));
    assert_memory_equal(&r->b, &s->side.b, sizeof(r->b));
    assert_int_equal(r->arc, s->arc);
    if (s->arc) {
        assert_memory_equal(&r->center, &s->side.center, sizeof(r->center));
        assert_memory_equal(&r->radius, &s->side.radius, sizeof(r->radius));
        assert_memory_equal(&r->angle0, &s->t0, sizeof(r->angle0));
        assert_memory_equal(&r->angle1, &s->t1, sizeof(r->angle1));
    }
}

/* The runs' ends and arcs are those of the sides merged in ref_cmp()
 * order, bit for bit. */
static void
check_generic_order(const struct maze *m)
{
    const struct maze_grid *g = maze_grid(m);
    uint32_t cells = maze_grid_cell_count(g);
    size_t cap = (size_t)cells * MAZE__CELL_WALLS_MAX, n = 0;
    struct ref_seg *segs = malloc(cap * sizeof(*segs));
    assert_non_null(segs);
    for (uint32_t c = 0; c < cells; c++) {
        struct maze_side w[MAZE__CELL_WALLS_MAX];
        unsigned k = maze__cell_walls(m, c, w);
        for (unsigned i = 0; i < k; i++) {
            n += ref_key(&w[i], n, &segs[n]);
        }
    }
    assert_true(n > 0);
    qsort(segs, n, sizeof(*segs), ref_cmp);
    struct maze__layout lay;
    assert_int_equal(maze__layout_build(m, NULL, &lay), MAZE_OK);
    size_t runs = 0;
    struct ref_seg cur = segs[0];
    for (size_t i = 1; i <= n; i++) {
        const struct ref_seg *s = i < n ? &segs[i] : NULL;
        if (s != NULL && s->arc == cur.arc && s->qx == cur.qx &&
            s->qy == cur.qy && s->off == cur.off && s->t0 <= cur.t1 + 1e-6) {
            if (s->t1 > cur.t1) {
                cur.t1 = s->t1;
                cur.side.b = s->side.b;
            }
            continue;
        }
        assert_true(runs < lay.run_count);
        same_run(&lay.runs[runs++], &cur);
        if (s != NULL) {
            cur = *s;
        }
    }
    assert_int_equal(runs, lay.run_count);
    maze__layout_finish(&lay);
    free(segs);
}

static void
test_layout_generic_order(void **state)
{
    (void)state;
    static const struct {
        const char *kind;
        uint32_t size[3];
    } grids[] = {
        {"hex", {23, 17}},     {"hex", {1, 9}},     {"triangle", {24, 13}},
        {"upsilon", {15, 12}}, {"theta", {6, 14}},  {"theta", {16, 9}},
        {"zeta", {14, 11}},    {"3d", {7, 6, 3}},   {"weave", {15, 13}},
        {"triangle", {2, 1}},  {"upsilon", {1, 1}}, {"zeta", {30, 2}},
    };
    /* Wilson (no long corridors) where the kind takes it. */
    static const char *const algorithms[] = {"backtracker", "kruskal",
                                             "wilson"};
    for (size_t i = 0; i < sizeof(grids) / sizeof(grids[0]); i++) {
        struct maze_grid_params p = MAZE_GRID_PARAMS_INIT;
        memcpy(p.size, grids[i].size, sizeof(grids[i].size));
        struct maze_grid *g;
        assert_int_equal(
            maze_grid_create(maze_grid_kind_find(grids[i].kind), &p, &g),
            MAZE_OK);
        for (unsigned a = 0; a < 3; a++) {
            struct maze *m;
            assert_int_equal(maze_create(g, &m), MAZE_OK);
            struct maze_generate_options o = MAZE_GENERATE_OPTIONS_INIT;
            o.algorithm = algorithms[a];
            o.seed = 11 + a + i;
            if (a == 2 && strcmp(grids[i].kind, "zeta") == 0) {
                o.algorithm = "prim-simple";
            } else if (a == 2 && strcmp(grids[i].kind, "weave") == 0) {
                o.seed += 100;
                o.algorithm = "backtracker";
            }
            int rc = maze_generate(m, &o);
            if (rc != MAZE_OK) {
                fail_msg("%s with %s: %s", grids[i].kind, o.algorithm,
                         maze_strerror(rc));
            }
            check_generic_order(m);
            maze_destroy(m);
        }
        maze_grid_destroy(g);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layout_2x2_exact),
        cmocka_unit_test(test_layout_3x3_exact),
        cmocka_unit_test(test_layout_1x1_both_openings),
        cmocka_unit_test(test_layout_generated_cover),
        cmocka_unit_test(test_layout_merges_runs),
        cmocka_unit_test(test_layout_solution_polyline),
        cmocka_unit_test(test_layout_levels),
        cmocka_unit_test(test_layout_openings_absent),
        cmocka_unit_test(test_layout_interior_endpoints),
        cmocka_unit_test(test_layout_generic_matches_rect),
        cmocka_unit_test(test_layout_rect_word_edges),
        cmocka_unit_test(test_layout_rejects_bad_path),
        cmocka_unit_test(test_layout_arcs),
        cmocka_unit_test(test_layout_generic_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
