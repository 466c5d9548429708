/* SPDX-License-Identifier: MIT */
/*
 * Zeta grids beyond the conformance suite: the crossing rule, uniformity
 * over the mazes without a crossing, bias, the size bound of the
 * algorithms that draw again, masks and the loader.
 *
 * Uniformity: a zeta maze is a spanning tree of the king graph that opens
 * at most one diagonal of each 2 x 2 block, which no determinant counts,
 * so the test counts them itself: every subset of cells - 1 edges that
 * joins every cell without a loop or a crossing, 12 for 2 x 2 (of K4's
 * 16 trees, the 4 with both diagonals crossing) and 119 for 3 x 2. It
 * then draws 200 mazes a tree with wilson and aldous-broder and compares
 * the counts by Pearson's chi-square against the 0.99 quantile with
 * trees - 1 degrees of freedom (Wilson-Hilferty), as test_uniform.c does
 * for rectangles; every allowed tree must come up, and no other. The
 * backtracker fails the same test. Seeds are fixed, so the outcome never
 * changes from run to run.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "support.h"

#define ZETA maze_grid_kind_find("zeta")
#define ONE MAZE_WEIGHT_ONE

/* Classes of zeta grids. */
enum { ORTH, DIAG };

static struct maze_grid *
zeta_grid(uint32_t w, uint32_t h)
{
    struct maze_grid_params p = {.struct_size = sizeof(struct maze_grid_params),
                                 .size = {w, h}};
    struct maze_grid *g;
    assert_int_equal(maze_grid_create(ZETA, &p, &g), MAZE_OK);
    return g;
}

static void
fixture_zeta(struct fixture *f, uint32_t w, uint32_t h)
{
    memset(f, 0, sizeof(*f));
    f->grid = zeta_grid(w, h);
    assert_int_equal(maze_create(f->grid, &f->maze), MAZE_OK);
}

/* generate() (support.h) takes the weights of classes 0 and 1: orth and
 * diag here. */

/* ---- Geometry ----------------------------------------------------------- */

/* The side of cell through edge. */
static struct maze_side
side_through(const struct maze_grid *g, uint32_t cell, uint32_t edge)
{
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze_grid_cell_sides(g, cell, sides);
    for (unsigned i = 0; i < n; i++) {
        if (sides[i].edge == edge) {
            return sides[i];
        }
    }
    fail_msg("cell %u has no side through edge %u", cell, edge);
    return sides[0];
}

static double
side_length(const struct maze_side *s)
{
    return hypot(s->b.x - s->a.x, s->b.y - s->a.y);
}

static void
test_zeta_geometry(void **state)
{
    (void)state;
    struct maze_grid *g = zeta_grid(3, 3);
    uint32_t c[9];
    for (uint32_t i = 0; i < 9; i++) {
        assert_int_equal(cell_at_xy(g, i % 3, i / 3, &c[i]), MAZE_OK);
    }
    /* The middle cell is a regular octagon: eight sides, all as long. */
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    assert_int_equal(maze_grid_cell_sides(g, c[4], sides), 8);
    for (unsigned i = 0; i < 8; i++) {
        assert_true(fabs(side_length(&sides[i]) - (sqrt(2) - 1)) < 1e-9);
    }
    /* Corner cells are cut only at their inner corner. */
    assert_int_equal(maze_grid_cell_sides(g, c[0], sides), 5);
    /* The two diagonals between (0,0)-(1,1) and (1,0)-(0,1) conflict. */
    uint32_t se = maze_grid_edge_between(g, c[0], c[4]);
    uint32_t sw = maze_grid_edge_between(g, c[1], c[3]);
    assert_int_equal(maze_grid_edge_conflict(g, se), sw);
    assert_int_equal(maze_grid_edge_conflict(g, sw), se);
    assert_int_equal(
        maze_grid_edge_conflict(g, maze_grid_edge_between(g, c[0], c[1])),
        MAZE_NONE);
    assert_int_equal(maze_grid_edge_class(g, se), DIAG);
    /* The diamond around the point (1, 1): the four cuts meet there. The
     * open corridor of one diagonal runs between the other's two sides,
     * parallel and sqrt(2) - 1 apart, as wide as a passage across a side. */
    struct maze_side a = side_through(g, c[1], sw),
                     b = side_through(g, c[3], sw);
    double dx = a.b.x - a.a.x, dy = a.b.y - a.a.y, len = hypot(dx, dy);
    double gap = fabs((b.a.x - a.a.x) * dy - (b.a.y - a.a.y) * dx) / len;
    assert_true(fabs(gap - (sqrt(2) - 1)) < 1e-9);
    struct maze_point mid = {(a.a.x + a.b.x + b.a.x + b.b.x) / 4,
                             (a.a.y + a.b.y + b.a.y + b.b.y) / 4};
    assert_true(fabs(mid.x - 1) < 1e-9 && fabs(mid.y - 1) < 1e-9);
    /* 3 x 3 has 4 blocks; edges: 12 sides and 8 diagonals. */
    assert_int_equal(maze_grid_conflict_pairs(g, UINT64_MAX), 4);
    assert_int_equal(maze_grid_conflict_pairs(g, 2), 2);
    assert_int_equal(maze_grid_edge_count(g), 20);
    maze_grid_destroy(g);
}

/* ---- The crossing rule -------------------------------------------------- */

static const struct size rule_sizes[] = {{2, 2}, {3, 2},  {2, 5}, {5, 4},
                                         {6, 6}, {13, 9}, {1, 6}};

/* Every algorithm that carves zeta, unbiased and weighted both ways, with
 * and without braiding: never a crossing; perfect unless braided. */
static void
test_zeta_never_crosses(void **state)
{
    (void)state;
    static const uint32_t diag[] = {0, ONE / 10, 5 * ONE};
    static const uint32_t braid[] = {0, MAZE_FRACTION_ONE / 2,
                                     MAZE_FRACTION_ONE};
    for (size_t s = 0; s < sizeof(rule_sizes) / sizeof(rule_sizes[0]); s++) {
        struct fixture f;
        fixture_zeta(&f, rule_sizes[s].w, rule_sizes[s].h);
        for (size_t a = 0; a < maze_algorithm_count(); a++) {
            const struct maze_algorithm_info *alg = maze_algorithm_at(a);
            if (!maze_algorithm_supports(alg, f.grid)) {
                continue;
            }
            for (size_t d = 0; d < 3; d++) {
                struct maze_bias b = {{0}};
                b.weight[ORTH] = diag[d] ? ONE : 0;
                b.weight[DIAG] = diag[d];
                uint64_t most = maze_algorithm_conflict_limit(alg, f.grid, &b);
                if (most != UINT64_MAX &&
                    maze_grid_conflict_pairs(f.grid, most + 1) > most) {
                    assert_int_equal(generate(f.maze, alg->name, 1,
                                              b.weight[ORTH], b.weight[DIAG]),
                                     MAZE_ERR_RANGE);
                    continue;
                }
                for (uint64_t seed = 1; seed <= 12; seed++) {
                    for (size_t k = 0; k < 3; k++) {
                        assert_int_equal(generate(f.maze, alg->name, seed,
                                                  b.weight[ORTH],
                                                  b.weight[DIAG]),
                                         MAZE_OK);
                        if (braid[k] == 0) {
                            check_perfect(f.maze, alg->name, seed);
                            continue;
                        }
                        assert_int_equal(maze_braid(f.maze, braid[k], seed),
                                         MAZE_OK);
                        check_no_crossing(f.maze, alg->name, seed);
                    }
                }
            }
        }
        fixture_finish(&f);
    }
}

/* ---- Uniformity --------------------------------------------------------- */

/* Whether the edges of mask (bit i: edge[i]) form a tree of the grid
 * opening no conflicting pair. */
static bool
allowed_tree(const struct maze_grid *g, const uint32_t *edge, unsigned n,
             unsigned mask)
{
    unsigned cells = maze_grid_cell_count(g);
    uint32_t parent[16];
    if ((unsigned)__builtin_popcount(mask) != cells - 1) {
        return false;
    }
    for (unsigned i = 0; i < cells; i++) {
        parent[i] = i;
    }
    for (unsigned i = 0; i < n; i++) {
        if (!(mask >> i & 1u)) {
            continue;
        }
        uint32_t a, b, p = maze_grid_edge_conflict(g, edge[i]);
        for (unsigned j = 0; j < n; j++) {
            if ((mask >> j & 1u) && edge[j] == p) {
                return false;
            }
        }
        maze_grid_edge_cells(g, edge[i], &a, &b);
        uint32_t ra = uf_find(parent, a), rb = uf_find(parent, b);
        if (ra == rb) {
            return false;
        }
        parent[ra] = rb;
    }
    return true;
}

/*
 * X^2 of 200 mazes a tree by alg on g against the allowed trees, counted
 * here; *trees gets their number and *seen how many came up. A maze that
 * is not an allowed tree fails the test.
 */
static double
chi_square(struct fixture *f, const char *alg, unsigned *trees, unsigned *seen)
{
    uint32_t edge[16];
    unsigned n = 0;
    for (uint32_t e = 0; e < maze_grid_edge_slots(f->grid); e++) {
        if (maze_grid_edge_exists(f->grid, e)) {
            assert_true(n < 16);
            edge[n++] = e;
        }
    }
    int *index = malloc(sizeof(int) << n);
    assert_non_null(index);
    *trees = 0;
    for (unsigned mask = 0; mask < 1u << n; mask++) {
        index[mask] =
            allowed_tree(f->grid, edge, n, mask) ? (int)(*trees)++ : -1;
    }
    unsigned samples = 200 * *trees;
    unsigned *count = calloc(*trees, sizeof(unsigned));
    assert_non_null(count);
    for (unsigned i = 0; i < samples; i++) {
        assert_int_equal(generate(f->maze, alg, 7000 + i, 0, 0), MAZE_OK);
        unsigned mask = 0;
        for (unsigned k = 0; k < n; k++) {
            mask |= (unsigned)maze_is_open(f->maze, edge[k]) << k;
        }
        if (index[mask] < 0) {
            fail_msg("%s: mask %x is not an allowed tree", alg, mask);
        }
        count[index[mask]]++;
    }
    double x2 = 0;
    *seen = 0;
    for (unsigned t = 0; t < *trees; t++) {
        double d = count[t] - 200.0;
        x2 += d * d / 200.0;
        *seen += count[t] > 0;
    }
    free(count);
    free(index);
    return x2;
}

static void
check_uniform(uint32_t w, uint32_t h, unsigned expect)
{
    struct fixture f;
    fixture_zeta(&f, w, h);
    const char *uniform[] = {"wilson", "aldous-broder"};
    unsigned trees, seen;
    for (int u = 0; u < 2; u++) {
        double x2 = chi_square(&f, uniform[u], &trees, &seen);
        double critical = chi2_99(trees - 1.0);
        print_message("zeta %ux%u: %s X^2 = %.1f (critical %.1f), %u of %u "
                      "trees\n",
                      w, h, uniform[u], x2, critical, seen, trees);
        assert_int_equal(trees, expect);
        assert_int_equal(seen, trees);
        assert_true(x2 < critical);
    }
    fixture_finish(&f);
}

static void
test_zeta_uniform_2x2(void **state)
{
    (void)state;
    check_uniform(2, 2, 12);
}

static void
test_zeta_uniform_3x2(void **state)
{
    (void)state;
    check_uniform(3, 2, 119);
    /* The test has teeth: the backtracker is not uniform (on 2 x 2 its
     * paths and stars come out too evenly to tell). */
    struct fixture f;
    fixture_zeta(&f, 3, 2);
    unsigned trees, seen;
    double x2 = chi_square(&f, "backtracker", &trees, &seen);
    assert_true(x2 > chi2_99(trees - 1.0));
    fixture_finish(&f);
}

/* ---- Bias and the size bound -------------------------------------------- */

/* The share of diagonal passages over eight mazes. */
static double
diag_share(struct fixture *f, const char *alg, uint32_t orth, uint32_t diag)
{
    struct maze_bias b = {{orth, diag}};
    return class_share(f, alg, &b, DIAG, 8);
}

/* -b orth=1,diag=0.1 makes diagonals rare, and orth=1,diag=10 common, for
 * every algorithm (the ones that draw again on a grid they take). */
static void
test_zeta_bias(void **state)
{
    (void)state;
    struct fixture big, small;
    fixture_zeta(&big, 16, 16);
    fixture_zeta(&small, 3, 3);
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const struct maze_algorithm_info *alg = maze_algorithm_at(a);
        if (!maze_algorithm_supports(alg, big.grid)) {
            continue;
        }
        struct fixture *f = alg->rejects ? &small : &big;
        double plain = diag_share(f, alg->name, 0, 0);
        double rare = diag_share(f, alg->name, ONE, ONE / 10);
        double common = diag_share(f, alg->name, ONE, 10 * ONE);
        print_message("%-14s diagonal share: %.3f unbiased, %.3f with "
                      "diag=0.1, %.3f with diag=10\n",
                      alg->name, plain, rare, common);
        if (!(rare < plain - 0.05) || !(common > plain + 0.03)) {
            fail_msg("%s: diag weights move the share only from %.3f to "
                     "%.3f (0.1) and %.3f (10)",
                     alg->name, plain, rare, common);
        }
    }
    fixture_finish(&big);
    fixture_finish(&small);
}

static void
test_zeta_limit(void **state)
{
    (void)state;
    const struct maze_algorithm_info *wilson = maze_algorithm_find("wilson");
    const struct maze_algorithm_info *ab = maze_algorithm_find("aldous-broder");
    const struct maze_algorithm_info *bt = maze_algorithm_find("backtracker");
    struct fixture f;
    fixture_zeta(&f, 8, 8);
    /* 49 blocks: past the bound of 36, refused before any work. */
    assert_int_equal(maze_algorithm_conflict_limit(wilson, f.grid, NULL), 36);
    assert_int_equal(maze_algorithm_conflict_limit(ab, f.grid, NULL), 36);
    assert_int_equal(maze_algorithm_conflict_limit(bt, f.grid, NULL),
                     UINT64_MAX);
    assert_int_equal(generate(f.maze, "wilson", 1, 0, 0), MAZE_ERR_RANGE);
    assert_int_equal(generate(f.maze, "aldous-broder", 1, 0, 0),
                     MAZE_ERR_RANGE);
    assert_int_equal(generate(f.maze, "backtracker", 1, 0, 0), MAZE_OK);
    /* Heavier diagonals lower the bound, lighter ones keep it. */
    struct maze_bias b = {{ONE, 2 * ONE}};
    assert_int_equal(maze_algorithm_conflict_limit(wilson, f.grid, &b), 17);
    b.weight[DIAG] = ONE / 10;
    assert_int_equal(maze_algorithm_conflict_limit(wilson, f.grid, &b), 36);
    b.weight[DIAG] = 1000 * ONE;
    assert_int_equal(maze_algorithm_conflict_limit(wilson, f.grid, &b), 1);
    fixture_finish(&f);
    /* 7 x 7 has 36 blocks: taken. */
    fixture_zeta(&f, 7, 7);
    assert_int_equal(generate(f.maze, "wilson", 1, 0, 0), MAZE_OK);
    check_perfect(f.maze, "wilson", 1);
    fixture_finish(&f);
    /* Kinds without conflicts have no bound. */
    struct maze_grid *r;
    assert_int_equal(maze_grid_create_rect(50, 50, &r), MAZE_OK);
    assert_int_equal(maze_algorithm_conflict_limit(wilson, r, NULL),
                     UINT64_MAX);
    assert_int_equal(maze_grid_conflict_pairs(r, UINT64_MAX), 0);
    maze_grid_destroy(r);
}

/* Drawing again goes on with the same generator: a seed names one maze. */
static void
test_zeta_rejection_deterministic(void **state)
{
    (void)state;
    struct fixture f, g;
    fixture_zeta(&f, 6, 6);
    fixture_zeta(&g, 6, 6);
    for (uint64_t seed = 1; seed <= 10; seed++) {
        assert_int_equal(generate(f.maze, "wilson", seed, 0, 0), MAZE_OK);
        assert_int_equal(generate(g.maze, "wilson", seed, 0, 0), MAZE_OK);
        assert_true(same_passages(f.maze, g.maze));
    }
    fixture_finish(&f);
    fixture_finish(&g);
}

/* ---- The same mazes ---------------------------------------------------- */

/*
 * The walks and Kruskal pinned on zeta: the hashes (passages_hash()) are
 * those of the library before issue 28 made their conflict tests a mask
 * read without branches (3d0035e), so a partner read from the wrong slot
 * or cell, a step's bit out of place or a draw made in another order
 * shows as another maze. Sizes at the edges (one cell, two wide, two
 * high) and past a word of passages a row, equal and unequal weights,
 * two seeds.
 */
static void
test_zeta_pinned(void **state)
{
    (void)state;
    static const char *const algorithms[] = {"backtracker", "hunt-and-kill",
                                             "kruskal"};
    static const uint32_t sizes[][2] = {
        {13, 11}, {2, 9}, {9, 2}, {1, 1}, {64, 48}};
    static const uint32_t weights[][2] = {{1, 1}, {1, 3}, {4, 1}};
    /* Algorithm by algorithm, size by size, then weights, then seeds. */
    static const uint64_t expected[] = {
        0xb09445f304222b6dull, 0xa389d8d0c83ff833ull, 0x07b77d992d4f8b39ull,
        0x5ab64b703ef8889bull, 0x2f06f1c43fc8d0a7ull, 0xf353ca17c39576c7ull,
        0x3acb3ba9598301f1ull, 0xf04989b8c7b1cacfull, 0x9bb649fb85c9d357ull,
        0xd7ad41f341ad188dull, 0xd55841c84ca66ab7ull, 0xf5e6eed588486fddull,
        0x121622445cae0813ull, 0xff84da242e8a2061ull, 0xdbb73003bb6f328bull,
        0x49721119220c50b5ull, 0xd0182a9f57788a85ull, 0x5f390dea45b3386full,
        0x14650fb0739d0383ull, 0x14650fb0739d0383ull, 0x14650fb0739d0383ull,
        0x14650fb0739d0383ull, 0x14650fb0739d0383ull, 0x14650fb0739d0383ull,
        0xeda2fe7109dd637bull, 0xa2fe2319a7e23815ull, 0x74926492f7ab951bull,
        0x6cf6eba45ce5a0b9ull, 0xe88860ec823912d9ull, 0xe8b98c1e69bc35c5ull,
        0xac86874c4cec5479ull, 0x9272672fd11ce699ull, 0x05d40253a7d7b325ull,
        0x66d69fb0a36d30b7ull, 0xa8e50020cd3849ddull, 0xdd41dbe0da04701dull,
        0xd41a41f3cc213f6bull, 0xfad9225426293ef1ull, 0x69f46c27d54915e3ull,
        0x22ecab64f417d5f5ull, 0x3f5236f23a107237ull, 0x09845ba2ad10594dull,
        0xc44a8ca1665723e1ull, 0xdccd6a4d6c8fb50bull, 0xa3230e29387a7831ull,
        0x36b994b397c3055dull, 0x464ae28c474f12d1ull, 0xe8698d076478d59full,
        0x14650fb0739d0383ull, 0x14650fb0739d0383ull, 0x14650fb0739d0383ull,
        0x14650fb0739d0383ull, 0x14650fb0739d0383ull, 0x14650fb0739d0383ull,
        0xfb1d8ce8d52e56e7ull, 0xb8ac6cad804600ffull, 0x0815e82af4a5fd9bull,
        0xb4d9bad8b19fed97ull, 0xe5e2c4aa601fee87ull, 0x598a407f08275339ull,
        0xa2a08e0c14f04de3ull, 0xc6d6f5bd4079c7f7ull, 0x767b862fd81c47bfull,
        0xc6b65773f207bc41ull, 0x1911d4739be8e219ull, 0x03e3342598efcbd7ull,
        0xab2042bb7d1dbb99ull, 0xec341a2c14156a19ull, 0x9aef44dfdb09f175ull,
        0x24cc0c912c640b27ull, 0x5ddf72593e7c4471ull, 0x62c09ef99079d777ull,
        0x2fa4177094f89871ull, 0xadb1321230f0f059ull, 0x7ed466c45f485b5full,
        0xbde7f764307169a3ull, 0x2837a428d20e29ebull, 0x31addcf5a80d80d7ull,
        0x14650fb0739d0383ull, 0x14650fb0739d0383ull, 0x14650fb0739d0383ull,
        0x14650fb0739d0383ull, 0x14650fb0739d0383ull, 0x14650fb0739d0383ull,
        0xb8736ae517e414ebull, 0x5a36fde292d5662bull, 0xab6d36fbdb62b69full,
        0x5cddfc5ca3a7416bull, 0xa770c4a416ae08a1ull, 0x6390ec6a9e592817ull,
    };
    size_t k = 0;
    for (size_t a = 0; a < sizeof(algorithms) / sizeof(algorithms[0]); a++) {
        for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
            struct fixture f;
            fixture_zeta(&f, sizes[s][0], sizes[s][1]);
            for (size_t w = 0; w < sizeof(weights) / sizeof(weights[0]); w++) {
                for (uint64_t seed = 1; seed <= 2; seed++, k++) {
                    assert_int_equal(generate(f.maze, algorithms[a], seed,
                                              weights[w][ORTH] * ONE,
                                              weights[w][DIAG] * ONE),
                                     MAZE_OK);
                    if (passages_hash(f.maze) != expected[k]) {
                        fail_msg("%s %ux%u, weights %u:%u, seed %u: another "
                                 "maze than before",
                                 algorithms[a], (unsigned)sizes[s][0],
                                 (unsigned)sizes[s][1],
                                 (unsigned)weights[w][ORTH],
                                 (unsigned)weights[w][DIAG], (unsigned)seed);
                    }
                }
            }
            fixture_finish(&f);
        }
    }
    assert_int_equal(k, sizeof(expected) / sizeof(expected[0]));
}

/* ---- Masks and files ---------------------------------------------------- */

/* A mask keeps a diagonal only inside a whole block: across a corner
 * with a cut neighbour there is no passage, and the outline closes. */
static void
test_zeta_mask(void **state)
{
    (void)state;
    static const char pic[] = "##.\n"
                              "###\n"
                              ".##\n";
    struct maze_mask *mask;
    assert_int_equal(maze_mask_read_text(pic, strlen(pic), 10, &mask), MAZE_OK);
    struct maze_grid_params p = {.struct_size = sizeof(struct maze_grid_params),
                                 .mask = mask};
    struct maze_grid *g;
    assert_int_equal(maze_grid_create(ZETA, &p, &g), MAZE_OK);
    uint32_t c01, c10, c12, c21;
    assert_int_equal(cell_at_xy(g, 0, 1, &c01), MAZE_OK);
    assert_int_equal(cell_at_xy(g, 1, 0, &c10), MAZE_OK);
    assert_int_equal(cell_at_xy(g, 1, 2, &c12), MAZE_OK);
    assert_int_equal(cell_at_xy(g, 2, 1, &c21), MAZE_OK);
    /* The blocks at (0,0) and (1,1) are whole: their diagonals stay. The
     * other two lack a cell, (2,0) or (0,2): theirs are gone. */
    assert_true(maze_grid_edge_between(g, c10, c01) != MAZE_NONE);
    assert_int_equal(maze_grid_edge_between(g, c10, c21), MAZE_NONE);
    assert_int_equal(maze_grid_edge_between(g, c01, c12), MAZE_NONE);
    assert_true(maze_grid_edge_between(g, c21, c12) != MAZE_NONE);
    assert_int_equal(maze_grid_conflict_pairs(g, UINT64_MAX), 2);
    struct maze *m;
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        assert_int_equal(generate(m, "wilson", seed, 0, 0), MAZE_OK);
        check_perfect(m, "wilson", seed);
    }
    maze_destroy(m);
    maze_grid_destroy(g);
    maze_mask_destroy(mask);
}

/* A file opening both diagonals of a block is refused, naming them. */
static void
test_zeta_load_crossing(void **state)
{
    (void)state;
    static const char doc[] =
        "{\"format\": \"mazegen-wall-graph\", \"version\": 2,\n"
        " \"grid\": {\"kind\": \"zeta\", \"width\": 2, \"height\": 2,\n"
        "   \"cell_count\": 4, \"edge_count\": 6},\n"
        " \"start\": {\"x\": 0, \"y\": 0}, \"finish\": {\"x\": 1, \"y\": 1},\n"
        " \"provenance\": {\"algorithm\": \"hand\", \"seed\": \"1\",\n"
        "   \"bias\": \"orth=1,diag=1\", \"params\": \"\", \"perfect\": "
        "true},\n"
        " \"passage_count\": 3,\n"
        " \"passages\": {\"encoding\": \"cell-pairs\",\n"
        "   \"pairs\": [[0, 3], [1, 2], [0, 2]]}}\n";
    struct maze_grid *g;
    struct maze *m;
    struct maze_load_error err;
    int rc = maze_load_json(doc, strlen(doc), &g, &m, &err);
    print_message("%s\n", err.message);
    assert_int_equal(rc, MAZE_ERR_RANGE);
    assert_non_null(strstr(err.message, "passages.pairs[1]"));
    assert_non_null(strstr(err.message, "crosses"));
    /* Without the crossing it loads. */
    char ok[sizeof(doc)];
    memcpy(ok, doc, sizeof(doc));
    char *p = strstr(ok, "[1, 2]");
    memcpy(p, "[1, 3]", 6);
    assert_int_equal(maze_load_json(ok, strlen(ok), &g, &m, &err), MAZE_OK);
    maze_destroy(m);
    maze_grid_destroy(g);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zeta_geometry),
        cmocka_unit_test(test_zeta_never_crosses),
        cmocka_unit_test(test_zeta_uniform_2x2),
        cmocka_unit_test(test_zeta_uniform_3x2),
        cmocka_unit_test(test_zeta_bias),
        cmocka_unit_test(test_zeta_limit),
        cmocka_unit_test(test_zeta_rejection_deterministic),
        cmocka_unit_test(test_zeta_pinned),
        cmocka_unit_test(test_zeta_mask),
        cmocka_unit_test(test_zeta_load_crossing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
