/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for bias weights: as text (maze_bias_parse, maze_bias_format),
 * the accepted grammar, exact fixed-point values, the error class of each
 * rejection, round trips, and independence from the locale; and in every
 * generator of the registry (iterated, so a new one is covered the moment
 * it is registered), that raising h raises the share of horizontal
 * passages, and that equal weights of any size are no bias at all.
 *
 * On the edges of the grammar the parser takes a decimal as digits with an
 * optional fraction, where either side of the point may be empty but not
 * both, except that a trailing point ("1.") is refused: so ".5" is 0.5 and
 * "1." is a syntax error. maze_length_parse() reads decimals the same way.
 */
#include <locale.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "support.h"

#define ONE MAZE_WEIGHT_ONE

struct good {
    const char *text;
    uint32_t h, v;
};

static const struct good goods[] = {
    {"h=3,v=1", 3 * ONE, ONE},
    {"v=1,h=3", 3 * ONE, ONE},
    {"h=1.5", 1500000, ONE},
    {"v=2", ONE, 2 * ONE},
    {"h=0,v=2", 0, 2 * ONE},
    {"h=2,v=0", 2 * ONE, 0},
    {"h=0.000001,v=1", 1, ONE},
    {"h=1000,v=1", MAZE_WEIGHT_MAX, ONE},
    {"h=1000.000000", MAZE_WEIGHT_MAX, ONE},
    {"h=1,v=1", ONE, ONE},
    {"h=0.5", 500000, ONE},
    {"h=.5", 500000, ONE},
    {"h=007", 7 * ONE, ONE},
    {"h=1.250000", 1250000, ONE},
    {"h=999.999999", MAZE_WEIGHT_MAX - 1, ONE},
    {"v=0.1,h=0.2", 200000, 100000},
};

static void
test_bias_parse_accepts(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(goods) / sizeof(goods[0]); i++) {
        struct maze_bias b = {{12345, 12345}};
        int rc = maze_bias_parse(goods[i].text, RECT_KIND, &b);
        if (rc != MAZE_OK) {
            fail_msg("\"%s\" refused: %s", goods[i].text, maze_strerror(rc));
        }
        if (b.weight[MAZE_CLASS_H] != goods[i].h ||
            b.weight[MAZE_CLASS_V] != goods[i].v) {
            fail_msg("\"%s\" gave h=%u v=%u", goods[i].text,
                     (unsigned)b.weight[MAZE_CLASS_H],
                     (unsigned)b.weight[MAZE_CLASS_V]);
        }
    }
}

struct bad {
    const char *text;
    int status;
};

static const struct bad bads[] = {
    {"", MAZE_ERR_INVALID},
    {"h", MAZE_ERR_INVALID},
    {"h=", MAZE_ERR_INVALID},
    {"=1", MAZE_ERR_INVALID},
    {"h=-1", MAZE_ERR_INVALID},
    {"h=+1", MAZE_ERR_INVALID},
    {"h=1,,v=2", MAZE_ERR_INVALID},
    {"h=1,", MAZE_ERR_INVALID},
    {",h=1", MAZE_ERR_INVALID},
    {"h=1,h=2", MAZE_ERR_INVALID},
    {"v=1,v=1", MAZE_ERR_INVALID},
    {"x=1", MAZE_ERR_INVALID},
    {"H=1", MAZE_ERR_INVALID},
    {"h:1", MAZE_ERR_INVALID},
    {"h==1", MAZE_ERR_INVALID},
    {" h=1", MAZE_ERR_INVALID},
    {"h=1 ", MAZE_ERR_INVALID},
    {"h= 1", MAZE_ERR_INVALID},
    {"h=1;v=2", MAZE_ERR_INVALID},
    {"h=nan", MAZE_ERR_INVALID},
    {"h=inf", MAZE_ERR_INVALID},
    {"h=1e3", MAZE_ERR_INVALID},
    {"h=0x10", MAZE_ERR_INVALID},
    {"h=1.", MAZE_ERR_INVALID},
    {"h=.", MAZE_ERR_INVALID},
    {"h=1,5", MAZE_ERR_INVALID}, /* a decimal comma is not a separator */
    {"h=1.0000001", MAZE_ERR_INVALID},
    {"h=0.0000000", MAZE_ERR_INVALID},
    {"h=1.5.5", MAZE_ERR_INVALID},
    {"h=0,v=0", MAZE_ERR_RANGE},
    {"h=0.000000,v=0", MAZE_ERR_RANGE},
    {"h=1000.5", MAZE_ERR_RANGE},
    {"h=1000.000001", MAZE_ERR_RANGE},
    {"h=1001", MAZE_ERR_RANGE},
    {"v=99999999999999999999999", MAZE_ERR_RANGE},
};

static void
test_bias_parse_rejects(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(bads) / sizeof(bads[0]); i++) {
        const struct maze_bias before = {{4242, 2424}};
        struct maze_bias b = before;
        int rc = maze_bias_parse(bads[i].text, RECT_KIND, &b);
        if (rc != bads[i].status) {
            fail_msg("\"%s\" gave \"%s\", expected \"%s\"", bads[i].text,
                     maze_strerror(rc), maze_strerror(bads[i].status));
        }
        /* A refused text leaves the output alone. */
        assert_memory_equal(&b, &before, sizeof(b));
    }
}

static void
test_bias_parse_null(void **state)
{
    (void)state;
    struct maze_bias b;
    assert_int_equal(maze_bias_parse(NULL, RECT_KIND, &b), MAZE_ERR_INVALID);
    assert_int_equal(maze_bias_parse("h=1", RECT_KIND, NULL), MAZE_ERR_INVALID);
}

static void
test_bias_format_exact(void **state)
{
    (void)state;
    static const struct {
        uint32_t h, v;
        const char *text;
    } cases[] = {
        {3 * ONE, ONE, "h=3,v=1"},
        {1500000, ONE, "h=1.5,v=1"},
        {0, 2 * ONE, "h=0,v=2"},
        {1, ONE, "h=0.000001,v=1"},
        {MAZE_WEIGHT_MAX, 10, "h=1000,v=0.00001"},
        {MAZE_WEIGHT_MAX - 1, 120000, "h=999.999999,v=0.12"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct maze_bias b = {{cases[i].h, cases[i].v}};
        char buf[64];
        maze_bias_format(&b, RECT_KIND, buf, sizeof(buf));
        assert_string_equal(buf, cases[i].text);
    }
}

static void
test_bias_format_truncates(void **state)
{
    (void)state;
    struct maze_bias b = {{1500000, 2 * ONE}};
    char buf[8];
    memset(buf, 'X', sizeof(buf));
    maze_bias_format(&b, RECT_KIND, buf, 6);
    /* snprintf semantics: terminated within size, a prefix of the whole. */
    assert_string_equal(buf, "h=1.5");
    assert_int_equal(buf[6], 'X');
}

static void
check_round_trip(uint32_t h, uint32_t v)
{
    struct maze_bias b = {{h, v}}, back = {{0, 0}};
    char buf[64];
    maze_bias_format(&b, RECT_KIND, buf, sizeof(buf));
    int rc = maze_bias_parse(buf, RECT_KIND, &back);
    if (rc != MAZE_OK) {
        fail_msg("\"%s\" (h=%u v=%u) refused: %s", buf, (unsigned)h,
                 (unsigned)v, maze_strerror(rc));
    }
    assert_int_equal(back.weight[MAZE_CLASS_H], h);
    assert_int_equal(back.weight[MAZE_CLASS_V], v);
}

static void
test_bias_format_round_trip(void **state)
{
    (void)state;
    static const uint32_t special[] = {
        0,
        1,
        9,
        10,
        999999,
        ONE,
        1000001,
        1500000,
        2 * ONE,
        123,
        MAZE_WEIGHT_MAX - 1,
        MAZE_WEIGHT_MAX,
    };
    size_t n = sizeof(special) / sizeof(special[0]);
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < n; j++) {
            if (special[i] != 0 || special[j] != 0) {
                check_round_trip(special[i], special[j]);
            }
        }
    }
    struct maze_rng rng;
    maze_rng_seed(&rng, 5);
    for (int i = 0; i < 20000; i++) {
        uint32_t h = (uint32_t)maze_rng_below(&rng, MAZE_WEIGHT_MAX + 1ull);
        uint32_t v = (uint32_t)maze_rng_below(&rng, MAZE_WEIGHT_MAX + 1ull);
        if (h != 0 || v != 0) {
            check_round_trip(h, v);
        }
    }
}

/*
 * Switches to a locale whose decimal separator is a comma, if one is
 * installed; returns whether it did.
 */
static int
use_comma_locale(void)
{
    static const char *const names[] = {
        "de_DE.UTF-8", "de_DE.utf8",  "de_DE",       "fr_FR.UTF-8",
        "fr_FR.utf8",  "nl_NL.UTF-8", "ru_RU.UTF-8",
    };
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (setlocale(LC_ALL, names[i]) != NULL &&
            strcmp(localeconv()->decimal_point, ",") == 0) {
            return 1;
        }
    }
    setlocale(LC_ALL, "C");
    return 0;
}

static void
test_bias_locale_independent(void **state)
{
    (void)state;
    int comma = use_comma_locale();
    print_message("testing under %s\n",
                  comma ? setlocale(LC_ALL, NULL) : "C (no comma locale)");
    struct maze_bias b;
    assert_int_equal(maze_bias_parse("h=1.5,v=0.25", RECT_KIND, &b), MAZE_OK);
    assert_int_equal(b.weight[MAZE_CLASS_H], 1500000);
    assert_int_equal(b.weight[MAZE_CLASS_V], 250000);
    assert_int_equal(maze_bias_parse("h=1,5", RECT_KIND, &b), MAZE_ERR_INVALID);
    char buf[64];
    maze_bias_format(&(struct maze_bias){{1500000, 250000}}, RECT_KIND, buf,
                     sizeof(buf));
    assert_string_equal(buf, "h=1.5,v=0.25");
    setlocale(LC_ALL, "C");
}

static int
generate_biased(struct maze *m, const char *alg, uint64_t seed, uint32_t h,
                uint32_t v)
{
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = alg,
                                      .seed = seed,
                                      .bias = {{h, v}}};
    return maze_generate(m, &o);
}

static void
test_bias_equal_weights_exact(void **state)
{
    (void)state;
    /* generate.h: equal weights of any size, and all zero, carve exactly
     * the maze of every weight 1, in every algorithm; the provenance keeps
     * the weights as given. */
    static const uint32_t scales[] = {1, 500000, ONE, 5 * ONE, MAZE_WEIGHT_MAX};
    struct maze_grid *g;
    struct maze *base, *m;
    assert_int_equal(maze_grid_create_rect(25, 17, &g), MAZE_OK);
    assert_int_equal(maze_create(g, &base), MAZE_OK);
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const char *alg = maze_algorithm_at(a)->name;
        for (uint64_t seed = 0; seed < 8; seed++) {
            assert_int_equal(generate_biased(base, alg, seed, 0, 0), MAZE_OK);
            const struct maze_provenance *p = maze_provenance(base);
            assert_int_equal(p->bias.weight[MAZE_CLASS_H], ONE);
            assert_int_equal(p->bias.weight[MAZE_CLASS_V], ONE);
            for (size_t k = 0; k < sizeof(scales) / sizeof(scales[0]); k++) {
                uint32_t w = scales[k];
                assert_int_equal(generate_biased(m, alg, seed, w, w), MAZE_OK);
                if (!same_passages(base, m)) {
                    fail_msg("%s seed %llu: h=v=%u differs from unbiased", alg,
                             (unsigned long long)seed, (unsigned)w);
                }
                assert_int_equal(maze_start(m), maze_start(base));
                assert_int_equal(maze_finish(m), maze_finish(base));
                p = maze_provenance(m);
                assert_int_equal(p->bias.weight[MAZE_CLASS_H], w);
                assert_int_equal(p->bias.weight[MAZE_CLASS_V], w);
            }
        }
    }
    maze_destroy(m);
    maze_destroy(base);
    maze_grid_destroy(g);
}

/* The share of open passages that are horizontal. */
static double
horizontal_share(const struct maze *m)
{
    const struct maze_grid *g = maze_grid(m);
    uint32_t slots = maze_grid_edge_slots(g);
    unsigned h = 0, all = 0;
    for (uint32_t e = 0; e < slots; e++) {
        if (maze_is_open(m, e)) {
            all++;
            h += maze_grid_edge_class(g, e) == MAZE_CLASS_H;
        }
    }
    return (double)h / all;
}

/* Mean and variance of the per-maze horizontal share over n mazes. */
struct share {
    double mean, var;
    unsigned n;
};

static struct share
share_of(struct maze *m, const char *alg, uint32_t h, uint32_t v,
         uint64_t stream, unsigned n)
{
    double sum = 0, sum2 = 0;
    for (unsigned i = 0; i < n; i++) {
        /* A stream per condition, so the samples are independent. */
        assert_int_equal(
            generate_biased(m, alg, maze_seed_derive(stream, i), h, v),
            MAZE_OK);
        double s = horizontal_share(m);
        sum += s;
        sum2 += s * s;
    }
    struct share st = {sum / n, 0, n};
    st.var = (sum2 - n * st.mean * st.mean) / (n - 1);
    return st;
}

/* The standard error of the difference of two sample means. */
static double
se_diff(struct share a, struct share b)
{
    return sqrt(a.var / a.n + b.var / b.n);
}

static void
test_bias_raising_h_raises_share(void **state)
{
    (void)state;
    /*
     * For every generator, 120 mazes of 24 x 24 per weighting, on a ladder
     * of rising h against v = 1: 0, 1/3, 1, 3 and 1000. The per-maze share
     * is the sample (mazes are independent, passages within a maze are
     * not), and two rungs are compared in standard errors of the
     * difference of their means, estimated from the samples. Each rung
     * must beat the one below by more than 6 standard errors (a false
     * pass needs a deviation of 6 sigma) and by 0.02 absolute, so a huge
     * variance cannot make the check vacuous. The seeds are fixed: the
     * outcome is the same on every run.
     *
     * Equal weights: the unbiased carve on its own seeds against h=1,v=1
     * on others must agree within 4 standard errors (a false alarm has
     * probability 6e-5 for a normal statistic); test_bias_equal_weights_
     * exact shows they are in fact the same mazes seed for seed.
     */
    enum { N = 120 };
    static const uint32_t ladder[] = {0, 333333, ONE, 3 * ONE, MAZE_WEIGHT_MAX};
    enum { RUNGS = sizeof(ladder) / sizeof(ladder[0]) };
    struct maze_grid *g;
    struct maze *m;
    assert_int_equal(maze_grid_create_rect(24, 24, &g), MAZE_OK);
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const char *alg = maze_algorithm_at(a)->name;
        struct share base = share_of(m, alg, 0, 0, 0xb1a5, N);
        struct share rung[RUNGS];
        for (size_t r = 0; r < RUNGS; r++) {
            rung[r] = share_of(m, alg, ladder[r], ONE, 0xb1a6 + r, N);
        }
        print_message("%-14s unbiased %.4f (sd %.4f); h=0 %.4f, h=1/3 "
                      "%.4f, h=1 %.4f, h=3 %.4f, h=1000 %.4f\n",
                      alg, base.mean, sqrt(base.var), rung[0].mean,
                      rung[1].mean, rung[2].mean, rung[3].mean, rung[4].mean);
        for (size_t r = 1; r < RUNGS; r++) {
            double d = rung[r].mean - rung[r - 1].mean;
            if (d <= 6 * se_diff(rung[r], rung[r - 1]) || d <= 0.02) {
                fail_msg("%s: h=%u share %.4f is not above h=%u share %.4f",
                         alg, (unsigned)ladder[r], rung[r].mean,
                         (unsigned)ladder[r - 1], rung[r - 1].mean);
            }
        }
        assert_true(fabs(rung[2].mean - base.mean) <
                    4 * se_diff(rung[2], base));
        /* A perfect 24 x 24 maze needs 23 passages of each class to join
         * its rows and columns: shares stay within [23, 552] / 575. */
        assert_true(rung[0].mean >= 23.0 / 575 - 1e-12);
        assert_true(rung[RUNGS - 1].mean <= 552.0 / 575 + 1e-12);
    }
    maze_destroy(m);
    maze_grid_destroy(g);
}

/* The share of open passages of class c. */
static double
ud_share_of_class(const struct maze *m, unsigned c)
{
    const struct maze_grid *g = maze_grid(m);
    uint32_t slots = maze_grid_edge_slots(g);
    unsigned n = 0, all = 0;
    for (uint32_t e = 0; e < slots; e++) {
        if (maze_is_open(m, e)) {
            all++;
            n += maze_grid_edge_class(g, e) == c;
        }
    }
    return (double)n / all;
}

static void
test_bias_ud_shifts_floor_changes(void **state)
{
    (void)state;
    /*
     * 3D mazes (8 x 8 x 3): for every generator that takes the kind, 60
     * mazes per weighting of the up/down class ud against h = v = 1:
     * ud=0.1 makes floor changes rarer than unbiased, ud=5 more frequent,
     * each by more than 6 standard errors of the difference of the mean
     * shares and by 0.005 absolute. Fixed seeds: the same outcome on every
     * run.
     */
    enum { N = 60, UD = 2 };
    static const uint32_t ladder[] = {100000, ONE, 5 * ONE};
    const struct maze_grid_kind *k = maze_grid_kind_find("3d");
    assert_non_null(k);
    assert_string_equal(k->class_names[UD], "ud");
    struct maze_grid_params p = {.struct_size = sizeof(struct maze_grid_params),
                                 .size = {8, 8, 3}};
    struct maze_grid *g;
    struct maze *m;
    assert_int_equal(maze_grid_create(k, &p, &g), MAZE_OK);
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const struct maze_algorithm_info *alg = maze_algorithm_at(a);
        if (alg->rect_only) {
            continue;
        }
        double mean[3], var[3];
        for (size_t r = 0; r < 3; r++) {
            double sum = 0, sum2 = 0;
            for (unsigned i = 0; i < N; i++) {
                struct maze_generate_options o = {
                    .struct_size = sizeof(struct maze_generate_options),
                    .algorithm = alg->name,
                    .seed = maze_seed_derive(0x3d00 + r, i),
                    .bias = {{ONE, ONE, ladder[r]}}};
                assert_int_equal(maze_generate(m, &o), MAZE_OK);
                double s = ud_share_of_class(m, UD);
                sum += s;
                sum2 += s * s;
            }
            mean[r] = sum / N;
            var[r] = (sum2 - N * mean[r] * mean[r]) / (N - 1);
        }
        print_message("%-14s ud share: ud=0.1 %.4f, ud=1 %.4f, ud=5 %.4f\n",
                      alg->name, mean[0], mean[1], mean[2]);
        for (size_t r = 1; r < 3; r++) {
            double d = mean[r] - mean[r - 1];
            double se = sqrt(var[r] / N + var[r - 1] / N);
            if (d <= 6 * se || d <= 0.005) {
                fail_msg("%s: ud=%u share %.4f is not above ud=%u share %.4f",
                         alg->name, (unsigned)ladder[r], mean[r],
                         (unsigned)ladder[r - 1], mean[r - 1]);
            }
        }
    }
    maze_destroy(m);
    maze_grid_destroy(g);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bias_parse_accepts),
        cmocka_unit_test(test_bias_parse_rejects),
        cmocka_unit_test(test_bias_parse_null),
        cmocka_unit_test(test_bias_format_exact),
        cmocka_unit_test(test_bias_format_truncates),
        cmocka_unit_test(test_bias_format_round_trip),
        cmocka_unit_test(test_bias_locale_independent),
        cmocka_unit_test(test_bias_equal_weights_exact),
        cmocka_unit_test(test_bias_raising_h_raises_share),
        cmocka_unit_test(test_bias_ud_shifts_floor_changes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
