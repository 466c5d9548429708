/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for the plotter order of walls (layout/plotter.h): on
 * generated mazes of several kinds and sizes, the plot draws exactly the
 * layout's runs, each once, its strokes are continuous, and the pen
 * travels less between strokes than in the layout's own order.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "layout/layout.h"
#include "layout/plotter.h"
#include <mazegen/mazegen.h>

#include "support.h"

static bool
near(struct maze_point p, struct maze_point q)
{
    return fabs(p.x - q.x) < 1e-6 && fabs(p.y - q.y) < 1e-6;
}

/* A maze of kind on w x h, generated with seed. */
static struct maze *
make(const char *kind, uint32_t w, uint32_t h, uint64_t seed,
     struct maze_grid **grid)
{
    struct maze_grid_params p = MAZE_GRID_PARAMS_INIT;
    p.size[MAZE_SIZE_WIDTH] = w;
    p.size[MAZE_SIZE_HEIGHT] = h;
    assert_int_equal(maze_grid_create(maze_grid_kind_find(kind), &p, grid),
                     MAZE_OK);
    struct maze *m;
    assert_int_equal(maze_create(*grid, &m), MAZE_OK);
    struct maze_generate_options opt = {
        .struct_size = sizeof(struct maze_generate_options), .seed = seed};
    assert_int_equal(maze_generate(m, &opt), MAZE_OK);
    return m;
}

/* The plot of lay draws each run once, in continuous strokes. */
static void
check_plot(const struct maze__layout *lay, const struct maze__plot *plot)
{
    assert_int_equal(plot->count, lay->run_count);
    unsigned char *seen = calloc(lay->run_count ? lay->run_count : 1, 1);
    assert_non_null(seen);
    size_t strokes = 0;
    for (size_t i = 0; i < plot->count; i++) {
        const struct maze__plot_step *s = &plot->steps[i];
        assert_true(s->run < lay->run_count);
        assert_int_equal(seen[s->run], 0);
        seen[s->run] = 1;
        strokes += s->pen_up;
        if (i == 0) {
            assert_true(s->pen_up);
        } else if (!s->pen_up) {
            assert_true(near(maze__plot_to(lay, &plot->steps[i - 1]),
                             maze__plot_from(lay, s)));
        }
    }
    assert_int_equal(strokes, plot->strokes);
    free(seen);
}

static void
test_plotter_same_walls_less_travel(void **state)
{
    (void)state;
    static const struct {
        const char *kind;
        uint32_t w, h;
    } cases[] = {
        {"rect", 1, 1},       {"rect", 1, 7},   {"rect", 2, 2},
        {"rect", 20, 20},     {"rect", 63, 17}, {"rect", 120, 90},
        {"hex", 9, 7},        {"hex", 40, 30},  {"triangle", 12, 8},
        {"triangle", 40, 25},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        for (uint64_t seed = 1; seed <= 3; seed++) {
            struct maze_grid *g;
            struct maze *m =
                make(cases[i].kind, cases[i].w, cases[i].h, seed, &g);
            struct maze__layout lay;
            assert_int_equal(maze__layout_build(m, NULL, &lay), MAZE_OK);
            struct maze__plot plot;
            assert_int_equal(maze__plot_build(&lay, &plot), MAZE_OK);
            check_plot(&lay, &plot);
            double before = maze__plot_travel(&lay, NULL);
            double after = maze__plot_travel(&lay, &plot);
            assert_true(plot.strokes <= lay.run_count);
            if (lay.run_count > 8) {
                /* Chained and ordered: fewer strokes, less travel. */
                assert_true(plot.strokes < lay.run_count);
                assert_true(after < before);
            } else {
                assert_true(after <= before + 1e-9);
            }
            maze__plot_finish(&plot);
            maze__layout_finish(&lay);
            maze_destroy(m);
            maze_grid_destroy(g);
        }
    }
}

static void
test_plotter_empty_and_deterministic(void **state)
{
    (void)state;
    struct maze__layout none = {0};
    struct maze__plot plot;
    assert_int_equal(maze__plot_build(&none, &plot), MAZE_OK);
    assert_int_equal(plot.count, 0);
    assert_true(maze__plot_travel(&none, &plot) == 0);
    maze__plot_finish(&plot);
    maze__plot_finish(&plot);

    struct maze_grid *g;
    struct maze *m = make("rect", 30, 30, 7, &g);
    struct maze__layout lay;
    assert_int_equal(maze__layout_build(m, NULL, &lay), MAZE_OK);
    struct maze__plot a, b;
    assert_int_equal(maze__plot_build(&lay, &a), MAZE_OK);
    assert_int_equal(maze__plot_build(&lay, &b), MAZE_OK);
    assert_int_equal(a.count, b.count);
    for (size_t i = 0; i < a.count; i++) {
        assert_int_equal(a.steps[i].run, b.steps[i].run);
        assert_int_equal(a.steps[i].reversed, b.steps[i].reversed);
        assert_int_equal(a.steps[i].pen_up, b.steps[i].pen_up);
    }
    maze__plot_finish(&a);
    maze__plot_finish(&b);
    maze__layout_finish(&lay);
    maze_destroy(m);
    maze_grid_destroy(g);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plotter_same_walls_less_travel),
        cmocka_unit_test(test_plotter_empty_and_deterministic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
