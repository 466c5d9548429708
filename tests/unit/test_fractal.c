/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for fractal (nested) mazes (maze_generate_options.fractal):
 * every algorithm, at two and three levels on squares and oblongs, makes a
 * perfect maze whose blocks are each a perfect maze of their own, joined
 * to a neighbouring block by at most one edge; the same seed gives the same
 * maze; and the layout gives the block walls their levels. The checks use
 * the test's own union-find, not the library's solver.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "core/fractal.h"
#include "layout/layout.h"
#include "support.h"

struct nest {
    uint32_t x, y;
    unsigned levels;
};

static const struct nest nests[] = {
    {4, 4, 2}, {3, 3, 3}, {3, 2, 2}, {2, 5, 2}, {1, 3, 3}, {4, 1, 2}, {2, 2, 4},
};

static uint32_t
ipow(uint32_t b, unsigned e)
{
    uint32_t p = 1;
    while (e-- > 0) {
        p *= b;
    }
    return p;
}

/*
 * At every level d below the top, blocks of X^d x Y^d cells: each holds
 * cells - 1 passages of its own (so, the maze being acyclic, it is a
 * maze in itself), two neighbouring blocks share at most one passage, and
 * the passages between blocks of one parent join its blocks into a tree.
 */
static void
check_blocks(const struct maze *m, const struct nest *t)
{
    const struct maze_grid *g = maze_grid(m);
    uint32_t w = maze_grid_width(g), h = maze_grid_height(g);
    for (unsigned d = 1; d < t->levels; d++) {
        uint32_t sx = ipow(t->x, d), sy = ipow(t->y, d);
        uint32_t bw = w / sx, bh = h / sy, blocks = bw * bh;
        uint32_t *inside = calloc(blocks, sizeof(*inside));
        /* Crossings east and south of each block. */
        uint32_t *east = calloc(blocks, sizeof(*east));
        uint32_t *south = calloc(blocks, sizeof(*south));
        assert_true(inside && east && south);
        for (uint32_t c = 0; c < w * h; c++) {
            uint32_t x = c % w, y = c / w;
            uint32_t b = (y / sy) * bw + x / sx;
            if (x + 1 < w && maze_is_open(m, 2 * c)) {
                if ((x + 1) % sx == 0) {
                    east[b]++;
                } else {
                    inside[b]++;
                }
            }
            if (y + 1 < h && maze_is_open(m, 2 * c + 1)) {
                if ((y + 1) % sy == 0) {
                    south[b]++;
                } else {
                    inside[b]++;
                }
            }
        }
        uint32_t crossings = 0;
        for (uint32_t b = 0; b < blocks; b++) {
            assert_int_equal(inside[b], sx * sy - 1);
            assert_in_range(east[b], 0, 1);
            assert_in_range(south[b], 0, 1);
            crossings += east[b] + south[b];
        }
        assert_int_equal(crossings, blocks - 1);
        free(inside);
        free(east);
        free(south);
    }
}

static int
make(struct maze_grid **g, struct maze **m, const struct nest *t,
     const char *alg, uint64_t seed)
{
    assert_int_equal(
        maze_grid_create_rect(ipow(t->x, t->levels), ipow(t->y, t->levels), g),
        MAZE_OK);
    assert_int_equal(maze_create(*g, m), MAZE_OK);
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = alg,
                                      .seed = seed,
                                      .fractal = t->levels};
    return maze_generate(*m, &o);
}

static void
test_fractal_perfect_every_algorithm(void **state)
{
    (void)state;
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const char *alg = maze_algorithm_at(a)->name;
        for (size_t k = 0; k < sizeof(nests) / sizeof(nests[0]); k++) {
            for (uint64_t seed = 1; seed <= 3; seed++) {
                struct maze_grid *g;
                struct maze *m;
                assert_int_equal(make(&g, &m, &nests[k], alg, seed), MAZE_OK);
                check_perfect(m, alg, seed);
                check_blocks(m, &nests[k]);
                const struct maze_provenance *p = maze_provenance(m);
                char want[16];
                snprintf(want, sizeof(want), "fractal=%u", nests[k].levels);
                assert_non_null(strstr(p->params, want));
                assert_true(p->perfect);
                assert_string_equal(p->algorithm, alg);
                maze_destroy(m);
                maze_grid_destroy(g);
            }
        }
    }
}

static void
test_fractal_deterministic(void **state)
{
    (void)state;
    const struct nest t = {3, 3, 3};
    /* A maze borrows its grid: each keeps its own until the end. */
    struct maze_grid *ga, *gb, *gc;
    struct maze *a, *b, *c;
    assert_int_equal(make(&ga, &a, &t, "wilson", 7), MAZE_OK);
    assert_int_equal(make(&gb, &b, &t, "wilson", 7), MAZE_OK);
    assert_int_equal(make(&gc, &c, &t, "wilson", 8), MAZE_OK);
    bool differ = false;
    for (uint32_t e = 0; e < maze_grid_edge_slots(ga); e++) {
        assert_int_equal(maze_is_open(a, e), maze_is_open(b, e));
        differ = differ || maze_is_open(a, e) != maze_is_open(c, e);
    }
    assert_true(differ);
    assert_int_equal(maze_start(a), maze_start(b));
    assert_int_equal(maze_finish(a), maze_finish(b));
    maze_destroy(a);
    maze_destroy(b);
    maze_destroy(c);
    maze_grid_destroy(ga);
    maze_grid_destroy(gb);
    maze_grid_destroy(gc);
}

static void
test_fractal_refused(void **state)
{
    (void)state;
    struct maze_grid *g;
    struct maze *m;
    /* 10 is no square. */
    assert_int_equal(maze_grid_create_rect(10, 9, &g), MAZE_OK);
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    struct maze_generate_options o = {
        .struct_size = sizeof(struct maze_generate_options), .fractal = 2};
    assert_int_equal(maze_generate(m, &o), MAZE_ERR_INVALID);
    maze_destroy(m);
    maze_grid_destroy(g);
    /* Rooms would join blocks by more than one edge. */
    assert_int_equal(maze_grid_create_rect(9, 9, &g), MAZE_OK);
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    o = (struct maze_generate_options){.struct_size =
                                           sizeof(struct maze_generate_options),
                                       .algorithm = "division",
                                       .room_size = 2,
                                       .fractal = 2};
    assert_int_equal(maze_generate(m, &o), MAZE_ERR_INVALID);
    /* 1 is an ordinary maze, and says nothing of fractals. */
    o = (struct maze_generate_options){.struct_size =
                                           sizeof(struct maze_generate_options),
                                       .seed = 4,
                                       .fractal = 1};
    assert_int_equal(maze_generate(m, &o), MAZE_OK);
    assert_null(strstr(maze_provenance(m)->params, "fractal"));
    maze_destroy(m);
    maze_grid_destroy(g);
    /* Not a rectangle. */
    struct maze_grid_params p = {.struct_size = sizeof(struct maze_grid_params),
                                 .size = {4, 4}};
    assert_int_equal(maze_grid_create(maze_grid_kind_find("hex"), &p, &g),
                     MAZE_OK);
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    o = (struct maze_generate_options){
        .struct_size = sizeof(struct maze_generate_options), .fractal = 2};
    assert_int_equal(maze_generate(m, &o), MAZE_ERR_UNSUPPORTED);
    maze_destroy(m);
    maze_grid_destroy(g);

    uint32_t x, y;
    assert_int_equal(maze_fractal_base(64, 27, 3, &x, &y), MAZE_OK);
    assert_int_equal(x, 4);
    assert_int_equal(y, 3);
    assert_int_equal(maze_fractal_base(1000000, 1, 6, &x, &y), MAZE_OK);
    assert_int_equal(x, 10);
    assert_int_equal(y, 1);
    assert_int_equal(maze_fractal_base(63, 27, 3, &x, &y), MAZE_ERR_INVALID);
    assert_int_equal(maze_fractal_base(16, 16, 1, &x, &y), MAZE_ERR_INVALID);
}

/* Each wall run has the level of its lattice line; the outer wall the
 * most, drawn heaviest. */
static void
test_fractal_layout_levels(void **state)
{
    (void)state;
    const struct nest t = {3, 2, 2};
    struct maze_grid *g;
    struct maze *m;
    assert_int_equal(make(&g, &m, &t, NULL, 5), MAZE_OK);
    struct maze__layout lay;
    assert_int_equal(maze__layout_build(m, NULL, &lay), MAZE_OK);
    assert_int_equal(lay.levels, 2);
    unsigned seen[3] = {0};
    for (size_t i = 0; i < lay.run_count; i++) {
        const struct maze__run *r = &lay.runs[i];
        double at = r->a.y == r->b.y ? r->a.y : r->a.x;
        double side = r->a.y == r->b.y ? 4 : 9,
               block = r->a.y == r->b.y ? 2 : 3;
        unsigned want = at == 0 || at == side  ? 2
                        : fmod(at, block) == 0 ? 1
                                               : 0;
        assert_int_equal(r->level, want);
        seen[r->level]++;
    }
    assert_true(seen[0] > 0 && seen[1] > 0 && seen[2] > 0);
    maze__layout_finish(&lay);
    /* Heavier each level, the outer wall at most 0.4 of the cell. */
    assert_true(maze__wall_level(1, 12, 0, 2) == 1);
    assert_true(maze__wall_level(1, 12, 1, 2) == 2);
    assert_true(maze__wall_level(1, 12, 2, 2) == 3);
    assert_true(maze__wall_level(1.5, 12, 3, 3) <= 0.4 * 12 + 1e-9);
    assert_true(maze__wall_level(1.5, 12, 1, 3) > 1.5);
    assert_true(maze__wall_level(1.5, 12, 0, 0) == 1.5);
    maze_destroy(m);
    maze_grid_destroy(g);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fractal_perfect_every_algorithm),
        cmocka_unit_test(test_fractal_deterministic),
        cmocka_unit_test(test_fractal_refused),
        cmocka_unit_test(test_fractal_layout_levels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
