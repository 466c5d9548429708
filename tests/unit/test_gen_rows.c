/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for the row generators (binary-tree, sidewinder, Eller) and
 * for the two walkers beside them (hunt-and-kill, growing-tree): perfect
 * mazes on thin and very wide grids and under extreme bias, each
 * algorithm's known texture, the exact mazes a zero weight forces, the
 * growing-tree policies (their text form, provenance and dead-end counts),
 * and hunt-and-kill on large grids.
 *
 * Like test_generate, the perfect-maze check is the test's own union-find,
 * and every statistical check runs on fixed seeds, so it is deterministic.
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
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const char *const row_algorithms[] = {"binary-tree", "sidewinder",
                                             "eller"};
static const char *const all_algorithms[] = {
    "binary-tree", "sidewinder", "eller", "hunt-and-kill", "growing-tree"};

static int
generate_growing(struct maze *m, uint64_t seed, struct maze_growing policy)
{
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = "growing-tree",
                                      .seed = seed,
                                      .growing = policy};
    return maze_generate(m, &o);
}

/* Whether the passage between two neighbouring cells is open. */
static bool
open_between(const struct maze *m, uint32_t x1, uint32_t y1, uint32_t x2,
             uint32_t y2)
{
    const struct maze_grid *g = maze_grid(m);
    uint32_t a, b;
    assert_int_equal(cell_at_xy(g, x1, y1, &a), MAZE_OK);
    assert_int_equal(cell_at_xy(g, x2, y2, &b), MAZE_OK);
    struct maze_link l[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze_grid_neighbors(g, a, l);
    for (unsigned i = 0; i < n; i++) {
        if (l[i].cell == b) {
            return maze_is_open(m, l[i].edge);
        }
    }
    fail_msg("(%u,%u) and (%u,%u) are not neighbours", (unsigned)x1,
             (unsigned)y1, (unsigned)x2, (unsigned)y2);
    return false;
}

/* Open passages of the horizontal class. */
static uint64_t
horizontal_count(const struct maze *m)
{
    const struct maze_grid *g = maze_grid(m);
    uint64_t n = 0;
    for (uint32_t e = 0; e < maze_grid_edge_slots(g); e++) {
        n += maze_is_open(m, e) && maze_grid_edge_class(g, e) == MAZE_CLASS_H;
    }
    return n;
}

/* Biases every row generator must survive as a perfect maze. */
static const struct maze_bias biases[] = {
    {{0, 0}},
    {{ONE, 0}},
    {{0, ONE}},
    {{3 * ONE, ONE}},
    {{ONE, 3 * ONE}},
    {{MAZE_WEIGHT_MAX, 1}},
    {{1, MAZE_WEIGHT_MAX}},
};

static void
check_perfect_all_biases(struct fixture *f, const char *alg, unsigned seeds)
{
    for (size_t b = 0; b < COUNT(biases); b++) {
        for (uint64_t seed = 0; seed < seeds; seed++) {
            struct maze_generate_options o = {
                .struct_size = sizeof(struct maze_generate_options),
                .algorithm = alg,
                .seed = seed,
                .bias = biases[b]};
            assert_int_equal(maze_generate(f->maze, &o), MAZE_OK);
            check_perfect(f->maze, alg, seed);
        }
    }
}

static void
test_gen_rows_perfect_thin(void **state)
{
    (void)state;
    /* One row is the last row and the first at once; one column has no
     * horizontal choice at all. */
    for (size_t a = 0; a < COUNT(all_algorithms); a++) {
        for (uint32_t n = 1; n <= 50; n++) {
            struct fixture row, col;
            fixture_create(&row, n, 1);
            fixture_create(&col, 1, n);
            check_perfect_all_biases(&row, all_algorithms[a], 4);
            check_perfect_all_biases(&col, all_algorithms[a], 4);
            fixture_finish(&row);
            fixture_finish(&col);
        }
    }
}

static void
test_gen_rows_perfect_wide(void **state)
{
    (void)state;
    /* Eller's labels and buckets are as long as a row, and very wide rows
     * with few rows are where a set can stay split until the last row. */
    static const struct size sizes[] = {
        {5000, 3}, {20000, 2}, {3, 5000}, {2, 20000}, {257, 255}};
    for (size_t a = 0; a < COUNT(all_algorithms); a++) {
        for (size_t k = 0; k < COUNT(sizes); k++) {
            struct fixture f;
            fixture_create(&f, sizes[k].w, sizes[k].h);
            check_perfect_all_biases(&f, all_algorithms[a], 3);
            fixture_finish(&f);
        }
    }
}

static void
test_gen_rows_binary_tree_texture(void **state)
{
    (void)state;
    /* Each cell opens west or north, so the top row and the left column,
     * where only one of them exists, are whole corridors under any bias;
     * and every other cell has exactly one of the two open. */
    static const struct size sizes[] = {{1, 1}, {9, 1},   {1, 9},
                                        {2, 2}, {37, 23}, {5, 40}};
    for (size_t k = 0; k < COUNT(sizes); k++) {
        struct fixture f;
        fixture_create(&f, sizes[k].w, sizes[k].h);
        for (size_t b = 0; b < COUNT(biases); b++) {
            for (uint64_t seed = 0; seed < 10; seed++) {
                struct maze_generate_options o = {
                    .struct_size = sizeof(struct maze_generate_options),
                    .algorithm = "binary-tree",
                    .seed = seed,
                    .bias = biases[b]};
                assert_int_equal(maze_generate(f.maze, &o), MAZE_OK);
                for (uint32_t x = 1; x < sizes[k].w; x++) {
                    assert_true(open_between(f.maze, x - 1, 0, x, 0));
                }
                for (uint32_t y = 1; y < sizes[k].h; y++) {
                    assert_true(open_between(f.maze, 0, y - 1, 0, y));
                }
                for (uint32_t y = 1; y < sizes[k].h; y++) {
                    for (uint32_t x = 1; x < sizes[k].w; x++) {
                        bool west = open_between(f.maze, x - 1, y, x, y);
                        bool north = open_between(f.maze, x, y - 1, x, y);
                        assert_true(west != north);
                    }
                }
            }
        }
        fixture_finish(&f);
    }
}

static void
test_gen_rows_sidewinder_texture(void **state)
{
    (void)state;
    /* The top row is one corridor; below it, every run of cells joined
     * east-west has exactly one passage north. */
    static const struct size sizes[] = {{1, 1}, {9, 1},   {1, 9},
                                        {2, 2}, {37, 23}, {40, 5}};
    for (size_t k = 0; k < COUNT(sizes); k++) {
        uint32_t w = sizes[k].w, h = sizes[k].h;
        struct fixture f;
        fixture_create(&f, w, h);
        for (size_t b = 0; b < COUNT(biases); b++) {
            for (uint64_t seed = 0; seed < 10; seed++) {
                struct maze_generate_options o = {
                    .struct_size = sizeof(struct maze_generate_options),
                    .algorithm = "sidewinder",
                    .seed = seed,
                    .bias = biases[b]};
                assert_int_equal(maze_generate(f.maze, &o), MAZE_OK);
                for (uint32_t x = 1; x < w; x++) {
                    assert_true(open_between(f.maze, x - 1, 0, x, 0));
                }
                for (uint32_t y = 1; y < h; y++) {
                    unsigned ups = 0;
                    for (uint32_t x = 0; x < w; x++) {
                        ups += open_between(f.maze, x, y - 1, x, y);
                        bool run_ends =
                            x + 1 == w || !open_between(f.maze, x, y, x + 1, y);
                        if (run_ends) {
                            assert_int_equal(ups, 1);
                            ups = 0;
                        }
                    }
                }
            }
        }
        fixture_finish(&f);
    }
}

static void
test_gen_rows_zero_weight_exact(void **state)
{
    (void)state;
    /*
     * A zero weight forces one maze out of the row generators and out of
     * hunt-and-kill (whose walk starts in a corner): with v = 0 every row
     * is a corridor, the most horizontal passages a perfect maze can have,
     * (w - 1) * h; with h = 0 only one row runs across, the fewest, w - 1.
     */
    static const char *const algs[] = {"binary-tree", "sidewinder", "eller",
                                       "hunt-and-kill"};
    static const struct size sizes[] = {{1, 1}, {7, 1},   {1, 7},
                                        {2, 2}, {30, 30}, {41, 17}};
    for (size_t a = 0; a < COUNT(algs); a++) {
        for (size_t k = 0; k < COUNT(sizes); k++) {
            uint32_t w = sizes[k].w, h = sizes[k].h;
            struct fixture f;
            fixture_create(&f, w, h);
            for (uint64_t seed = 0; seed < 5; seed++) {
                assert_int_equal(generate(f.maze, algs[a], seed, ONE, 0),
                                 MAZE_OK);
                check_perfect(f.maze, algs[a], seed);
                assert_int_equal(horizontal_count(f.maze),
                                 (uint64_t)(w - 1) * h);
                assert_int_equal(generate(f.maze, algs[a], seed, 0, ONE),
                                 MAZE_OK);
                check_perfect(f.maze, algs[a], seed);
                assert_int_equal(horizontal_count(f.maze), w - 1);
            }
            fixture_finish(&f);
        }
    }
}

/* The mean share of horizontal passages over n mazes. */
static double
mean_share(struct maze *m, const char *alg, uint32_t h, uint32_t v, unsigned n)
{
    uint64_t horizontal = 0, all = 0;
    for (unsigned i = 0; i < n; i++) {
        assert_int_equal(generate(m, alg, maze_seed_derive(h ^ v, i), h, v),
                         MAZE_OK);
        horizontal += horizontal_count(m);
        all += maze_passage_count(m);
    }
    return (double)horizontal / (double)all;
}

static void
test_gen_rows_bias_moves_share(void **state)
{
    (void)state;
    /* Raising h raises the horizontal share step by step, and a zero
     * weight pushes it near its bound. test_generate measures the shifts
     * in standard errors; this checks the order and the extremes. On
     * 40 x 40 a perfect maze has 1599 passages, at least 39 per class. */
    struct fixture f;
    fixture_create(&f, 40, 40);
    for (size_t a = 0; a < COUNT(all_algorithms); a++) {
        const char *alg = all_algorithms[a];
        double v_only = mean_share(f.maze, alg, 0, ONE, 20);
        double v4 = mean_share(f.maze, alg, ONE, 4 * ONE, 20);
        double even = mean_share(f.maze, alg, ONE, ONE, 20);
        double h4 = mean_share(f.maze, alg, 4 * ONE, ONE, 20);
        double h_only = mean_share(f.maze, alg, ONE, 0, 20);
        print_message("%s: H share 0:1 %.4f, 1:4 %.4f, 1:1 %.4f, 4:1 %.4f, "
                      "1:0 %.4f\n",
                      alg, v_only, v4, even, h4, h_only);
        assert_true(v_only < v4 && v4 + 0.05 < even && even + 0.05 < h4 &&
                    h4 < h_only);
        assert_true(v_only < 0.1 && h_only > 0.9);
        /* Equal weights are the textbook algorithms, which are not all
         * balanced: Eller's fair coins lean vertical (about 0.37 here),
         * since every set goes down at least once and the rest by coin. */
        assert_true(even > 0.3 && even < 0.6);
    }
    fixture_finish(&f);
}

/* Cells with exactly one open passage. */
static unsigned
dead_ends(const struct maze *m)
{
    const struct maze_grid *g = maze_grid(m);
    unsigned n = 0;
    for (uint32_t c = 0; c < maze_grid_cell_count(g); c++) {
        struct maze_link l[MAZE_GRID_MAX_DEGREE];
        unsigned k = maze_grid_neighbors(g, c, l), open = 0;
        for (unsigned i = 0; i < k; i++) {
            open += maze_is_open(m, l[i].edge);
        }
        n += open == 1;
    }
    return n;
}

static unsigned
mean_dead_ends(struct maze *m, struct maze_growing policy)
{
    unsigned sum = 0;
    for (uint64_t seed = 0; seed < 10; seed++) {
        assert_int_equal(generate_growing(m, seed, policy), MAZE_OK);
        check_perfect(m, "growing-tree", seed);
        sum += dead_ends(m);
    }
    return sum / 10;
}

static void
test_gen_rows_growing_dead_ends(void **state)
{
    (void)state;
    /* Newest is a depth-first walk: long corridors, about one dead end in
     * ten cells. Random grows like Prim's: about three in ten. */
    struct fixture f;
    fixture_create(&f, 60, 60);
    unsigned newest = mean_dead_ends(f.maze, (struct maze_growing){1, 0, 0, 0});
    unsigned random = mean_dead_ends(f.maze, (struct maze_growing){0, 1, 0, 0});
    unsigned oldest = mean_dead_ends(f.maze, (struct maze_growing){0, 0, 1, 0});
    unsigned middle = mean_dead_ends(f.maze, (struct maze_growing){0, 0, 0, 1});
    unsigned mix = mean_dead_ends(f.maze, (struct maze_growing){1, 1, 0, 0});
    print_message("dead ends of 3600 cells: newest %u, random %u, oldest %u, "
                  "middle %u, newest:1,random:1 %u\n",
                  newest, random, oldest, middle, mix);
    assert_true(newest < 3600 / 7);
    assert_true(random > 3600 / 4);
    assert_true(2 * newest < random);
    /* A mix lies between its parts. */
    assert_true(newest < mix && mix < random);
    fixture_finish(&f);
}

/* Policies spelt out, and what they parse to. */
static const struct {
    const char *text;
    struct maze_growing g;
} policies[] = {
    {"newest", {1, 0, 0, 0}},
    {"random", {0, 1, 0, 0}},
    {"oldest", {0, 0, 1, 0}},
    {"middle", {0, 0, 0, 1}},
    {"newest:75,random:25", {75, 25, 0, 0}},
    {"random:1,oldest:3", {0, 1, 3, 0}},
    {"middle:2,newest", {1, 0, 0, 2}},
    {"oldest:0,middle:1", {0, 0, 0, 1}},
    {"newest:1,random:1,oldest:1,middle:1", {1, 1, 1, 1}},
    {"random:1000000,middle:999999", {0, 1000000, 0, 999999}},
};

static void
test_gen_rows_growing_parse_accepts(void **state)
{
    (void)state;
    for (size_t i = 0; i < COUNT(policies); i++) {
        struct maze_growing g = {7, 7, 7, 7};
        int rc = maze_growing_parse(policies[i].text, &g);
        if (rc != MAZE_OK) {
            fail_msg("\"%s\" refused: %s", policies[i].text, maze_strerror(rc));
        }
        assert_memory_equal(&g, &policies[i].g, sizeof(g));
        /* Formatting gives text that parses back to the same weights. */
        char buf[96];
        struct maze_growing back = {0};
        maze_growing_format(&g, buf, sizeof(buf));
        assert_int_equal(maze_growing_parse(buf, &back), MAZE_OK);
        assert_memory_equal(&back, &g, sizeof(g));
    }
    char buf[96];
    maze_growing_format(&policies[4].g, buf, sizeof(buf));
    assert_string_equal(buf, "newest:75,random:25");
    maze_growing_format(&(struct maze_growing){0}, buf, sizeof(buf));
    assert_string_equal(buf, "newest:1");
}

static void
test_gen_rows_growing_parse_rejects(void **state)
{
    (void)state;
    /* Syntax errors are MAZE_ERR_INVALID; well-formed weights that are
     * too big or all zero are MAZE_ERR_RANGE (params.c). */
    static const struct {
        const char *text;
        int status;
    } bads[] = {
        {"", MAZE_ERR_INVALID},
        {"newest:", MAZE_ERR_INVALID},
        {"newest:-1", MAZE_ERR_INVALID},
        {"bogus", MAZE_ERR_INVALID},
        {"newest,newest", MAZE_ERR_INVALID},
        {"newest:1,newest:2", MAZE_ERR_INVALID},
        {"newest:75;random:25", MAZE_ERR_INVALID},
        {"newest:75,", MAZE_ERR_INVALID},
        {",newest", MAZE_ERR_INVALID},
        {"Newest", MAZE_ERR_INVALID},
        {"newest ", MAZE_ERR_INVALID},
        {"newer", MAZE_ERR_INVALID},
        {"newestx", MAZE_ERR_INVALID},
        {"newest:1.5", MAZE_ERR_INVALID},
        {"newest:+1", MAZE_ERR_INVALID},
        {"newest:0", MAZE_ERR_RANGE},
        {"newest:0,random:0", MAZE_ERR_RANGE},
        {"newest:1000001", MAZE_ERR_RANGE},
        {"random:99999999999999999999999", MAZE_ERR_RANGE},
    };
    for (size_t i = 0; i < COUNT(bads); i++) {
        const struct maze_growing before = {4, 3, 2, 1};
        struct maze_growing g = before;
        int rc = maze_growing_parse(bads[i].text, &g);
        if (rc != bads[i].status) {
            fail_msg("\"%s\" gave \"%s\", expected \"%s\"", bads[i].text,
                     maze_strerror(rc), maze_strerror(bads[i].status));
        }
        assert_memory_equal(&g, &before, sizeof(g));
    }
    struct maze_growing g;
    assert_int_equal(maze_growing_parse(NULL, &g), MAZE_ERR_INVALID);
    assert_int_equal(maze_growing_parse("newest", NULL), MAZE_ERR_INVALID);
}

static void
test_gen_rows_growing_policies_perfect(void **state)
{
    (void)state;
    /* Every policy, mixes included (they drop cells from inside the
     * active list), on thin, small and larger grids, biased too. */
    static const struct size sizes[] = {{1, 1}, {1, 30},  {30, 1},
                                        {2, 2}, {37, 23}, {64, 64}};
    for (size_t p = 0; p < COUNT(policies); p++) {
        for (size_t k = 0; k < COUNT(sizes); k++) {
            struct fixture f;
            fixture_create(&f, sizes[k].w, sizes[k].h);
            for (size_t b = 0; b < COUNT(biases); b++) {
                for (uint64_t seed = 0; seed < 4; seed++) {
                    struct maze_generate_options o = {
                        .struct_size = sizeof(struct maze_generate_options),
                        .algorithm = "growing-tree",
                        .seed = seed,
                        .bias = biases[b],
                        .growing = policies[p].g};
                    assert_int_equal(maze_generate(f.maze, &o), MAZE_OK);
                    check_perfect(f.maze, policies[p].text, seed);
                }
            }
            fixture_finish(&f);
        }
    }
}

static void
test_gen_rows_growing_provenance(void **state)
{
    (void)state;
    struct fixture f, again;
    fixture_create(&f, 31, 19);
    fixture_create(&again, 31, 19);
    for (size_t p = 0; p < COUNT(policies); p++) {
        for (uint64_t seed = 0; seed < 5; seed++) {
            assert_int_equal(generate_growing(f.maze, seed, policies[p].g),
                             MAZE_OK);
            const struct maze_provenance *prov = maze_provenance(f.maze);
            /* Recorded as the option is written... */
            char want[96];
            memcpy(want, "growing=", 9);
            maze_growing_format(&policies[p].g, want + 8, sizeof(want) - 8);
            assert_string_equal(prov->params, want);
            /* ...and that text regenerates the maze. */
            struct maze_growing g;
            assert_int_equal(maze_growing_parse(prov->params + 8, &g), MAZE_OK);
            assert_int_equal(generate_growing(again.maze, prov->seed, g),
                             MAZE_OK);
            assert_true(same_passages(f.maze, again.maze));
        }
    }
    /* No policy is newest, and says so. */
    assert_int_equal(generate_growing(f.maze, 3, (struct maze_growing){0}),
                     MAZE_OK);
    assert_string_equal(maze_provenance(f.maze)->params, "growing=newest:1");
    assert_int_equal(
        generate_growing(again.maze, 3, (struct maze_growing){1, 0, 0, 0}),
        MAZE_OK);
    assert_true(same_passages(f.maze, again.maze));
    /* Only the ratios of the weights matter. */
    for (uint64_t seed = 0; seed < 5; seed++) {
        assert_int_equal(
            generate_growing(f.maze, seed, (struct maze_growing){75, 25, 0, 0}),
            MAZE_OK);
        assert_int_equal(generate_growing(again.maze, seed,
                                          (struct maze_growing){3, 1, 0, 0}),
                         MAZE_OK);
        assert_true(same_passages(f.maze, again.maze));
        assert_int_equal(
            generate_growing(f.maze, seed, (struct maze_growing){0, 0, 0, 5}),
            MAZE_OK);
        assert_int_equal(generate_growing(again.maze, seed,
                                          (struct maze_growing){0, 0, 0, 1}),
                         MAZE_OK);
        assert_true(same_passages(f.maze, again.maze));
    }
    /* The row generators have no parameters to record. */
    for (size_t a = 0; a < COUNT(row_algorithms); a++) {
        assert_int_equal(generate(f.maze, row_algorithms[a], 1, 0, 0), MAZE_OK);
        assert_string_equal(maze_provenance(f.maze)->params, "");
    }
    fixture_finish(&f);
    fixture_finish(&again);
}

static void
test_gen_rows_growing_policies_differ(void **state)
{
    (void)state;
    /* The policy is used: on one seed, each gives a different maze. */
    struct fixture f[4];
    for (int p = 0; p < 4; p++) {
        fixture_create(&f[p], 25, 25);
        assert_int_equal(generate_growing(f[p].maze, 11, policies[p].g),
                         MAZE_OK);
    }
    for (int p = 0; p < 4; p++) {
        for (int q = p + 1; q < 4; q++) {
            assert_false(same_passages(f[p].maze, f[q].maze));
        }
    }
    for (int p = 0; p < 4; p++) {
        fixture_finish(&f[p]);
    }
}

static void
test_gen_rows_hunt_and_kill_large(void **state)
{
    (void)state;
    /*
     * The hunt resumes from a cursor instead of rescanning from the first
     * cell, which keeps the carve linear rather than quadratic. Tests time
     * nothing (a slow machine must not fail them): docs/algorithms.sh
     * prints the figures. Here the large mazes, where the cursor crosses
     * many rows, must be perfect.
     */
    static const struct size sizes[] = {{300, 300}, {1000, 1000}};
    for (size_t k = 0; k < COUNT(sizes); k++) {
        struct fixture f;
        fixture_create(&f, sizes[k].w, sizes[k].h);
        assert_int_equal(generate(f.maze, "hunt-and-kill", 5, 0, 0), MAZE_OK);
        check_perfect(f.maze, "hunt-and-kill", 5);
        fixture_finish(&f);
    }
}

/*
 * Eller's mazes are pinned: the row state works a word of 64 cells at a
 * time (runs of sets across a word's edge, sets of one run rescued by a
 * subtraction), and a faster row state must carve the very same mazes,
 * which streamed outputs and the documented seeds depend on. The hashes
 * are those of the list-per-cell carver before issue 28, on widths
 * around the word's edges, both thin and tall, three biases, two seeds.
 */
static void
test_gen_rows_eller_pinned(void **state)
{
    (void)state;
    static const uint32_t widths[] = {63, 64, 65, 129, 300};
    static const uint32_t heights[] = {5, 40};
    static const uint32_t weights[][2] = {{0, 0}, {3, 1}, {1, 5}};
    static const uint64_t expected[] = {
        0x83dccfb33f42dcc3ull, 0x949f1c9c9ec4d059ull, 0xc9a79d3174098a01ull,
        0x2cb1e1a787be61f1ull, 0xf8a591d83a057dbfull, 0xc7c328e4c77c477full,
        0x43d606ed9342da99ull, 0x997885b7487bc99dull, 0xda9511bb0cc998adull,
        0x439cef1335a64dffull, 0xfd80b215199f9609ull, 0xf6c142d0e7845c1dull,
        0xfd3d55c0718df85bull, 0x9c37aefb8b925ae3ull, 0xed35637df448f815ull,
        0xdd4a1fba4102c41full, 0x4f88b045e8f76a2bull, 0xfb0d9168d9387043ull,
        0x3eae0d956e75f469ull, 0xb745066a4c96b55bull, 0x9644336b034e6131ull,
        0xcedc0d3be6ace43dull, 0xb024c40da4687b0full, 0x4002922d7d7ef735ull,
        0x86557a7a6ef9fe4dull, 0x78d724a592f5c093ull, 0x462320d275755255ull,
        0x58ab6835ea47b839ull, 0x7c4fb410761f3d65ull, 0x4e4690c0a5ad5555ull,
        0x4ed03413891137a1ull, 0xe3c080ffcc124583ull, 0xbdde6045926c1dc7ull,
        0x503271b019088a5bull, 0xc19eae44546f7763ull, 0x68f1994330302a13ull,
        0xd343d2ba263fdf51ull, 0xe41291aafc620f2bull, 0xe4a2e5249e9d74f5ull,
        0xe2a10db01b1a295bull, 0x76233b2ab715be19ull, 0x2d5af8e00892a9d9ull,
        0xdfdb2193fd593f5full, 0x5d7a25933697aacfull, 0x3ad6f4540fce5181ull,
        0x100f7eef12a7732full, 0x4bf01ed844ef7d51ull, 0x4e9772ac6a9208efull,
        0x2fb6e293c32464d1ull, 0x6a119176704e9733ull, 0x54f5dd391e42ec61ull,
        0xa84532ff115a74e5ull, 0x6b1461f6a202b98dull, 0x04942f7ce6b6666bull,
        0x3a82ccffd5558f9full, 0x00733848391d8071ull, 0x9206c2c5a8ba7c9bull,
        0x6721f718303274d3ull, 0xa402740640c0bc13ull, 0x2d4c9f979cec3d73ull,
    };
    size_t k = 0;
    for (size_t a = 0; a < COUNT(widths); a++) {
        for (size_t b = 0; b < COUNT(heights); b++) {
            struct fixture f;
            fixture_create(&f, widths[a], heights[b]);
            for (size_t c = 0; c < COUNT(weights); c++) {
                for (uint64_t seed = 1; seed <= 2; seed++, k++) {
                    struct maze_generate_options o = {
                        .struct_size = sizeof(struct maze_generate_options),
                        .algorithm = "eller",
                        .seed = seed};
                    o.bias.weight[MAZE_CLASS_H] = weights[c][0] * ONE;
                    o.bias.weight[MAZE_CLASS_V] = weights[c][1] * ONE;
                    assert_int_equal(maze_generate(f.maze, &o), MAZE_OK);
                    if (passages_hash(f.maze) != expected[k]) {
                        fail_msg("eller %ux%u, weights %u:%u, seed %u: "
                                 "another maze than before",
                                 (unsigned)widths[a], (unsigned)heights[b],
                                 (unsigned)weights[c][0],
                                 (unsigned)weights[c][1], (unsigned)seed);
                    }
                }
            }
            fixture_finish(&f);
        }
    }
    assert_int_equal(k, COUNT(expected));
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gen_rows_perfect_thin),
        cmocka_unit_test(test_gen_rows_perfect_wide),
        cmocka_unit_test(test_gen_rows_binary_tree_texture),
        cmocka_unit_test(test_gen_rows_sidewinder_texture),
        cmocka_unit_test(test_gen_rows_zero_weight_exact),
        cmocka_unit_test(test_gen_rows_bias_moves_share),
        cmocka_unit_test(test_gen_rows_growing_dead_ends),
        cmocka_unit_test(test_gen_rows_growing_parse_accepts),
        cmocka_unit_test(test_gen_rows_growing_parse_rejects),
        cmocka_unit_test(test_gen_rows_growing_policies_perfect),
        cmocka_unit_test(test_gen_rows_growing_provenance),
        cmocka_unit_test(test_gen_rows_growing_policies_differ),
        cmocka_unit_test(test_gen_rows_hunt_and_kill_large),
        cmocka_unit_test(test_gen_rows_eller_pinned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
