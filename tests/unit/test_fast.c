/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for the generators' fast paths: sizes on both sides of
 * Kruskal's tiled layout (64 cells a side) and its padding, its merged
 * class order under bias, the backtracker's padded bits and weighted walk,
 * all checked for perfect mazes; then the randomness the speed-ups must
 * not have bent. On a 2 x 2 grid every spanning tree leaves out exactly one
 * of the four walls, so a uniform order of the walls (Kruskal's bucket
 * shuffle) leaves out each with probability 1/4, and by symmetry so does a
 * depth-first walk from a uniformly drawn cell choosing uniformly; under
 * bias Kruskal must leave out the last wall of a weighted draw without
 * replacement, whose probabilities the test works out itself.
 * Chi-square tests on fixed seeds, so the outcome is reproducible.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "support.h"

#define ONE MAZE_WEIGHT_ONE
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void
test_fast_perfect_sizes(void **state)
{
    (void)state;
    static const struct size sizes[] = {
        {63, 200}, {64, 64},   {65, 67},  {66, 65},  {67, 130},
        {200, 63}, {129, 131}, {64, 300}, {300, 64}, {257, 70},
    };
    static const struct maze_bias biases[] = {
        {{0, 0}}, {{3 * ONE, ONE}}, {{ONE, 5 * ONE}}, {{ONE, 0}}, {{0, ONE}}};
    static const char *const algs[] = {"kruskal", "backtracker", "wilson"};
    for (size_t a = 0; a < COUNT(algs); a++) {
        for (size_t k = 0; k < COUNT(sizes); k++) {
            struct fixture f;
            fixture_create(&f, sizes[k].w, sizes[k].h);
            for (size_t b = 0; b < COUNT(biases); b++) {
                uint64_t seed = maze_seed_derive(k, b);
                struct maze_generate_options o = {
                    .struct_size = sizeof(struct maze_generate_options),
                    .algorithm = algs[a],
                    .seed = seed,
                    .bias = biases[b]};
                assert_int_equal(maze_generate(f.maze, &o), MAZE_OK);
                check_perfect(f.maze, algs[a], seed);
            }
            fixture_finish(&f);
        }
    }
}

/* Share of horizontal passages over n mazes of the tiled size 80 x 80. */
static double
share(const char *alg, uint32_t h, uint32_t v, unsigned n)
{
    struct fixture f;
    fixture_create(&f, 80, 80);
    uint64_t hz = 0, all = 0;
    for (unsigned i = 0; i < n; i++) {
        assert_int_equal(generate(f.maze, alg, maze_seed_derive(h, i), h, v),
                         MAZE_OK);
        uint32_t slots = maze_grid_edge_slots(f.grid);
        for (uint32_t e = 0; e < slots; e++) {
            if (maze_is_open(f.maze, e)) {
                all++;
                hz += maze_grid_edge_class(f.grid, e) == MAZE_CLASS_H;
            }
        }
    }
    fixture_finish(&f);
    return (double)hz / (double)all;
}

static void
test_fast_bias_still_shifts(void **state)
{
    (void)state;
    /* On the tiled layout, the merged class order still leans: more than
     * twenty standard errors of a share of 6319 passages either way. */
    static const char *const algs[] = {"kruskal", "backtracker"};
    for (size_t a = 0; a < COUNT(algs); a++) {
        double even = share(algs[a], ONE, ONE, 20);
        double h3 = share(algs[a], 3 * ONE, ONE, 20);
        double v3 = share(algs[a], ONE, 3 * ONE, 20);
        print_message("%s 80x80: H share 1:1 %.4f, 3:1 %.4f, 1:3 %.4f\n",
                      algs[a], even, h3, v3);
        assert_true(h3 > even + 0.05 && v3 < even - 0.05);
        assert_true(even > 0.45 && even < 0.55);
    }
}

/* The wall of a 2 x 2 maze that stays shut: 0 (top, between cells 0 and
 * 1), 1 (left: 0 and 2), 2 (right: 1 and 3), 3 (bottom: 2 and 3). */
static unsigned
missing_wall(const struct maze *m)
{
    /* Slots: cell c's east is 2c, south 2c + 1. */
    static const uint32_t walls[4] = {0, 1, 3, 4};
    unsigned shut = 4, count = 0;
    for (unsigned i = 0; i < 4; i++) {
        if (!maze_is_open(m, walls[i])) {
            shut = i;
            count++;
        }
    }
    assert_int_equal(count, 1);
    return shut;
}

/* Chi-square of counts against expected probabilities. */
static double
chi_square(const unsigned *counts, const double *p, unsigned k, unsigned n)
{
    double chi = 0;
    for (unsigned i = 0; i < k; i++) {
        double e = p[i] * n;
        chi += (counts[i] - e) * (counts[i] - e) / e;
    }
    return chi;
}

static void
count_missing(const char *alg, uint32_t h, uint32_t v, unsigned n,
              unsigned *counts)
{
    struct fixture f;
    fixture_create(&f, 2, 2);
    for (unsigned i = 0; i < n; i++) {
        assert_int_equal(
            generate(f.maze, alg, maze_seed_derive(77 + h, i), h, v), MAZE_OK);
        counts[missing_wall(f.maze)]++;
    }
    fixture_finish(&f);
}

static void
test_fast_uniform_orders(void **state)
{
    (void)state;
    /* 3 degrees of freedom: 16.27 is the 0.1% point. */
    enum { N = 8000 };
    static const double quarter[4] = {0.25, 0.25, 0.25, 0.25};
    static const char *const algs[] = {"kruskal", "backtracker"};
    for (size_t a = 0; a < COUNT(algs); a++) {
        unsigned counts[4] = {0};
        count_missing(algs[a], 0, 0, N, counts);
        double chi = chi_square(counts, quarter, 4, N);
        print_message("%s 2x2: left shut %u %u %u %u, chi-square %.2f\n",
                      algs[a], counts[0], counts[1], counts[2], counts[3], chi);
        assert_true(chi < 16.27);
    }
}

static void
test_fast_kruskal_weighted_order(void **state)
{
    (void)state;
    /*
     * h = 3, v = 1: walls 0 (cells 0 and 1) and 3 (cells 2 and 3) stand
     * on east-west passages, class H, weight 3; walls 1 and 2 on
     * north-south ones, weight 1. The wall left shut is the last one of a
     * weighted draw without replacement; its chances are worked out by
     * enumerating the first three draws.
     */
    static const double w[4] = {3, 1, 1, 3};
    double last[4] = {0};
    /* Enumerate the first three draws (the last is what remains). */
    for (int a = 0; a < 4; a++) {
        for (int b = 0; b < 4; b++) {
            for (int c = 0; c < 4; c++) {
                if (a == b || a == c || b == c) {
                    continue;
                }
                double total = 8, p = w[a] / total;
                total -= w[a];
                p *= w[b] / total;
                total -= w[b];
                p *= w[c] / total;
                last[6 - a - b - c] += p;
            }
        }
    }
    enum { N = 8000 };
    unsigned counts[4] = {0};
    count_missing("kruskal", 3 * ONE, ONE, N, counts);
    double chi = chi_square(counts, last, 4, N);
    print_message("kruskal 2x2 h=3: left shut %u %u %u %u (expected %.3f "
                  "%.3f %.3f %.3f), chi-square %.2f\n",
                  counts[0], counts[1], counts[2], counts[3], last[0] * N,
                  last[1] * N, last[2] * N, last[3] * N, chi);
    assert_true(chi < 16.27);
    /* And the biased order differs from the uniform one. */
    assert_true(last[1] > 0.3);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fast_perfect_sizes),
        cmocka_unit_test(test_fast_bias_still_shifts),
        cmocka_unit_test(test_fast_uniform_orders),
        cmocka_unit_test(test_fast_kruskal_weighted_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
