/* SPDX-License-Identifier: MIT */
/*
 * Uniformity: wilson and aldous-broder must pick every spanning tree of a
 * grid equally often. The 3 x 3 grid has 12 edges and exactly 192 spanning
 * trees, which the test finds itself by trying every 8-edge subset with
 * its own union-find. It then generates N mazes per algorithm over a fixed
 * sequence of seeds, counts how often each tree comes up, and compares the
 * counts with the expected ones by Pearson's chi-square statistic
 *
 *     X^2 = sum over trees of (observed - expected)^2 / expected,
 *
 * which for a correct sampler follows a chi-square distribution with
 * 192 - 1 = 191 degrees of freedom. The test passes at the 1% level: X^2
 * must stay below the 0.99 quantile of that distribution,
 *
 *     chi2(0.99; 191) = 239.386,
 *
 * computed as the root of P(191/2, x/2) = 0.99 (the regularized lower
 * incomplete gamma function, by its power series and bisection) and
 * matching the Wilson-Hilferty approximation
 * 191 (1 - 2/(9*191) + 2.3263 sqrt(2/(9*191)))^3 = 239.396, where 2.3263
 * is the 0.99 quantile of the standard normal. With N = 19200 each tree is
 * expected 100 times, far above the rule of thumb of 5 that makes the
 * chi-square approximation good.
 *
 * The seeds are fixed, so the outcome never changes from run to run; a
 * correct sampler fails such a test for 1% of seed sequences, and this
 * sequence was not chosen to pass. The test has teeth: the same statistic
 * for backtracker and binary-tree, which reach some trees far more often
 * than others (binary-tree only 16 of the 192), must exceed the critical
 * value many times over, and a biased sample must fail the unbiased test.
 *
 * Bias: with weights, both walks sample a tree with probability
 * proportional to the product of its passages' weights (weighted.h). With
 * h=2,v=1 a tree with k horizontal passages weighs 2^k; the 192 trees
 * weigh 3780 in all, the lightest 4 (k = 2), so N = 19200 expects at least
 * 20.3 of each. The same chi-square test against those probabilities must
 * pass, and the unbiased samples must fail it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "support.h"

#define ONE MAZE_WEIGHT_ONE
#define TREES 192
#define SAMPLES 19200
/* chi2(0.99; 191); see the file comment. */
#define CRITICAL_191 239.386

/* The spanning trees of the 3 x 3 grid, as bit masks over its 12 edges. */
struct trees {
    uint32_t edge[12];   /* edge identifier of bit i */
    unsigned horizontal; /* bit i set: edge i is horizontal */
    int16_t index[4096]; /* mask -> tree number, or -1 */
    unsigned weight[TREES];
    unsigned count;
};

static unsigned
find(unsigned *parent, unsigned x)
{
    while (parent[x] != x) {
        x = parent[x];
    }
    return x;
}

/* Whether the 8 edges of mask join the 9 cells without a loop. */
static bool
is_tree(const struct maze_grid *g, const struct trees *t, unsigned mask)
{
    unsigned parent[9];
    for (unsigned i = 0; i < 9; i++) {
        parent[i] = i;
    }
    for (unsigned i = 0; i < 12; i++) {
        if (!(mask >> i & 1u)) {
            continue;
        }
        uint32_t a, b;
        maze_grid_edge_cells(g, t->edge[i], &a, &b);
        unsigned ra = find(parent, a), rb = find(parent, b);
        if (ra == rb) {
            return false;
        }
        parent[ra] = rb;
    }
    return true;
}

static void
enumerate(const struct maze_grid *g, struct trees *t)
{
    memset(t, 0, sizeof(*t));
    unsigned n = 0;
    for (uint32_t e = 0; e < maze_grid_edge_slots(g); e++) {
        if (maze_grid_edge_exists(g, e)) {
            assert_true(n < 12);
            if (maze_grid_edge_class(g, e) == MAZE_CLASS_H) {
                t->horizontal |= 1u << n;
            }
            t->edge[n++] = e;
        }
    }
    assert_int_equal(n, 12);
    for (unsigned mask = 0; mask < 4096; mask++) {
        t->index[mask] = -1;
        if (__builtin_popcount(mask) == 8 && is_tree(g, t, mask)) {
            assert_true(t->count < TREES);
            /* h=2,v=1: a tree weighs 2 per horizontal passage. */
            t->weight[t->count] = 1u
                                  << __builtin_popcount(mask & t->horizontal);
            t->index[mask] = (int16_t)t->count++;
        }
    }
    /* Kirchhoff's theorem gives 192 for the 3 x 3 grid. */
    assert_int_equal(t->count, TREES);
}

/* The tree number of a generated maze. */
static unsigned
tree_of(const struct maze *m, const struct trees *t)
{
    unsigned mask = 0;
    for (unsigned i = 0; i < 12; i++) {
        mask |= (unsigned)maze_is_open(m, t->edge[i]) << i;
    }
    if (t->index[mask] < 0) {
        fail_msg("mask %03x is not a spanning tree", mask);
    }
    return (unsigned)t->index[mask];
}

/*
 * Counts the trees of SAMPLES mazes by alg with weights h, v; the seeds
 * are maze_seed_derive(stream, i).
 */
static void
sample(const struct trees *t, struct maze *m, const char *alg, uint32_t h,
       uint32_t v, uint64_t stream, unsigned *counts)
{
    memset(counts, 0, sizeof(unsigned) * TREES);
    for (unsigned i = 0; i < SAMPLES; i++) {
        assert_int_equal(generate(m, alg, maze_seed_derive(stream, i), h, v),
                         MAZE_OK);
        counts[tree_of(m, t)]++;
    }
}

/* Pearson's X^2 of counts against tree probabilities weight / total. */
static double
chi_square(const struct trees *t, const unsigned *counts, bool weighted)
{
    double total = 0;
    for (unsigned k = 0; k < TREES; k++) {
        total += weighted ? t->weight[k] : 1;
    }
    double x2 = 0;
    for (unsigned k = 0; k < TREES; k++) {
        double expected = SAMPLES * (weighted ? t->weight[k] : 1) / total;
        double d = counts[k] - expected;
        x2 += d * d / expected;
    }
    return x2;
}

struct setup {
    struct fixture f;
    struct trees t;
    unsigned counts[TREES];
};

static int
setup(void **state)
{
    struct setup *s = calloc(1, sizeof(*s));
    assert_non_null(s);
    fixture_create(&s->f, 3, 3);
    enumerate(s->f.grid, &s->t);
    *state = s;
    return 0;
}

static int
teardown(void **state)
{
    struct setup *s = *state;
    fixture_finish(&s->f);
    free(s);
    return 0;
}

static void
test_uniform_tree_count(void **state)
{
    struct setup *s = *state;
    /* Every spanning tree has 8 of the 12 edges; their horizontal counts
     * run from 2 (every column joined only at two rows) to 6. */
    unsigned by_h[13] = {0};
    for (unsigned mask = 0; mask < 4096; mask++) {
        if (s->t.index[mask] >= 0) {
            by_h[__builtin_popcount(mask & s->t.horizontal)]++;
        }
    }
    assert_int_equal(by_h[2], 9);
    assert_int_equal(by_h[3], 48);
    assert_int_equal(by_h[4], 78);
    assert_int_equal(by_h[5], 48);
    assert_int_equal(by_h[6], 9);
    unsigned total = 0;
    for (unsigned k = 0; k < TREES; k++) {
        total += s->t.weight[k];
    }
    assert_int_equal(total, 3780);
}

/* Runs the unbiased test on alg and returns X^2. */
static double
unbiased_x2(struct setup *s, const char *alg, uint64_t stream)
{
    sample(&s->t, s->f.maze, alg, 0, 0, stream, s->counts);
    double x2 = chi_square(&s->t, s->counts, false);
    unsigned lo = SAMPLES, hi = 0;
    for (unsigned k = 0; k < TREES; k++) {
        lo = s->counts[k] < lo ? s->counts[k] : lo;
        hi = s->counts[k] > hi ? s->counts[k] : hi;
    }
    print_message("%-14s X^2 = %9.1f (critical %.3f), trees seen %u to %u "
                  "times\n",
                  alg, x2, CRITICAL_191, lo, hi);
    return x2;
}

static void
test_uniform_wilson(void **state)
{
    assert_true(unbiased_x2(*state, "wilson", 0x3a3001) < CRITICAL_191);
}

static void
test_uniform_aldous_broder(void **state)
{
    assert_true(unbiased_x2(*state, "aldous-broder", 0x3a3002) < CRITICAL_191);
}

static void
test_uniform_rejects_nonuniform(void **state)
{
    struct setup *s = *state;
    /* Depth-first trees are long paths: some trees are rare or never
     * made. Binary-tree makes only 16 trees, each 1/16 of the time. */
    assert_true(unbiased_x2(s, "backtracker", 0x3a3003) > 10 * CRITICAL_191);
    assert_true(unbiased_x2(s, "binary-tree", 0x3a3004) > 10 * CRITICAL_191);
    unsigned seen = 0;
    for (unsigned k = 0; k < TREES; k++) {
        seen += s->counts[k] > 0;
    }
    assert_int_equal(seen, 16);
}

static void
test_uniform_catalogue_report(void **state)
{
    struct setup *s = *state;
    /* For the record (docs/algorithms.md): only the two uniform samplers
     * pass; every other generator is far outside. */
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const char *alg = maze_algorithm_at(a)->name;
        double x2 = unbiased_x2(s, alg, 0x3a3100 + a);
        bool uniform =
            strcmp(alg, "wilson") == 0 || strcmp(alg, "aldous-broder") == 0;
        if (uniform ? x2 >= CRITICAL_191 : x2 < 2 * CRITICAL_191) {
            fail_msg("%s: X^2 = %.1f, documented as %suniform", alg, x2,
                     uniform ? "" : "not ");
        }
    }
}

/* The weighted test on alg: passes against 2^k, fails against uniform. */
static void
check_weighted(struct setup *s, const char *alg, uint64_t stream)
{
    sample(&s->t, s->f.maze, alg, 2 * ONE, ONE, stream, s->counts);
    double weighted = chi_square(&s->t, s->counts, true);
    double flat = chi_square(&s->t, s->counts, false);
    print_message("%-14s h=2,v=1: X^2 against weights %.1f, against "
                  "uniform %.1f\n",
                  alg, weighted, flat);
    assert_true(weighted < CRITICAL_191);
    assert_true(flat > 10 * CRITICAL_191);
    /* And an unbiased sample is far from the weighted law. */
    sample(&s->t, s->f.maze, alg, 0, 0, stream + 1, s->counts);
    assert_true(chi_square(&s->t, s->counts, true) > 10 * CRITICAL_191);
}

static void
test_uniform_wilson_weighted(void **state)
{
    check_weighted(*state, "wilson", 0x3a3201);
}

static void
test_uniform_aldous_broder_weighted(void **state)
{
    check_weighted(*state, "aldous-broder", 0x3a3203);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uniform_tree_count),
        cmocka_unit_test(test_uniform_wilson),
        cmocka_unit_test(test_uniform_aldous_broder),
        cmocka_unit_test(test_uniform_rejects_nonuniform),
        cmocka_unit_test(test_uniform_catalogue_report),
        cmocka_unit_test(test_uniform_wilson_weighted),
        cmocka_unit_test(test_uniform_aldous_broder_weighted),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
