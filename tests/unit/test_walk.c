/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for the random walks' stencil walker (gen/weighted.h,
 * maze__walk): on every kind with a stencil, at sizes around the edges of
 * its phases, with no cell peeled, with the cells maze__peel() takes off
 * and with an arbitrary set off, the walker offers exactly the neighbours
 * maze__core_neighbors() lists, in the same order, draws the same choice
 * from the same random state as maze__pick_link() with and without
 * weights, lands on the same cell by the same edge, and knows where it
 * landed (x, y, level and phase) as maze__walk_at() would; every cell of
 * its box has all its stencil's steps. And aldous-broder and wilson carve
 * the same maze through the stencil as through the kind's own neighbors
 * operation: the mazes of a seed must not depend on the way taken.
 * Theta, which the walks reach by a call, lists its neighbours as its
 * rings say.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "gen/gen.h"
#include "gen/weighted.h"
#include "support.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const uint32_t sides[] = {2, 3, 4, 5, 8, 13};
static const uint32_t levels[] = {1, 2, 3};

/* Walk weights for the grid's classes: equal, or class c weighing
 * 1 + 3c (clamped as the walks clamp them). */
static struct maze__weights
weights_for(const struct maze_grid *g, bool equal)
{
    struct maze__carve ctx = {.classes = g->kind->info.class_count};
    for (unsigned c = 0; c < ctx.classes; c++) {
        ctx.bias.weight[c] = MAZE_WEIGHT_ONE * (equal ? 1 : 1 + 3 * c);
    }
    return maze__weights_walk(&ctx);
}

/* The walker against the links at every live cell of g; returns how many
 * cells were checked. */
static uint64_t
check_cells(const struct maze_grid *g, const uint64_t *peeled)
{
    struct maze__walk wk;
    assert_true(maze__walk_init(&wk, g, peeled));
    const struct maze__stencil *s = g->stencil;
    struct maze__weights eq = weights_for(g, true);
    struct maze__weights uneq = weights_for(g, false);
    uint64_t checked = 0;
    for (uint32_t c = 0; c < g->cells; c++) {
        if (peeled != NULL && maze__bit_get(peeled, c)) {
            continue;
        }
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze__core_neighbors(g, peeled, c, links);
        if (n == 0) {
            continue; /* a cell the peeling left alone */
        }
        struct maze__walker p;
        maze__walk_at(&wk, c, &p);
        if (p.x - wk.bx < wk.bw && p.y - wk.by < wk.bh && p.z - wk.bz < wk.bd) {
            /* In the box: every step is there, in the stencil's order. */
            assert_int_equal(n, s->count[p.phase]);
            for (unsigned i = 0; i < n; i++) {
                assert_int_equal(maze__walk_edge(&wk, &p, i), links[i].edge);
            }
        }
        for (unsigned trial = 0; trial < 24; trial++) {
            const struct maze__weights *w = trial % 2 ? &uneq : &eq;
            struct maze_rng a, b;
            maze_rng_seed(&a, 1000003u * c + trial);
            b = a;
            unsigned j = maze__pick_link(&a, g, w, links, n);
            unsigned i = maze__walk_pick(&wk, &p, &b, w);
            /* The same draws were made, and the same neighbour taken. */
            assert_int_equal(maze_rng_next(&a), maze_rng_next(&b));
            assert_int_equal(maze__walk_edge(&wk, &p, i), links[j].edge);
            struct maze__walker q = p, r;
            maze__walk_move(&wk, &q, i);
            assert_int_equal(q.cell, links[j].cell);
            maze__walk_at(&wk, q.cell, &r);
            assert_int_equal(q.x, r.x);
            assert_int_equal(q.y, r.y);
            assert_int_equal(q.z, r.z);
            assert_int_equal(q.phase, r.phase);
        }
        checked++;
    }
    return checked;
}

/* Peels g as the walks do, into peeled (zeroed); true when any was. */
static bool
peel(const struct maze_grid *g, uint64_t *peeled)
{
    struct maze *m = NULL;
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    struct maze__carve ctx = {.maze = m};
    bool any;
    (void)maze__peel(&ctx, peeled, &any);
    maze_destroy(m);
    return any;
}

static void
test_walk_matches_links(void **state)
{
    (void)state;
    uint64_t checked = 0, with_peeled = 0;
    for (size_t k = 0; k < maze_grid_kind_count(); k++) {
        const struct maze_grid_kind *kind = maze_grid_kind_at(k);
        for (size_t i = 0; i < COUNT(sides); i++) {
            for (size_t j = 0; j < COUNT(sides); j++) {
                for (size_t l = 0; l < COUNT(levels); l++) {
                    struct maze_grid *g =
                        kind_grid(kind, sides[i], sides[j], levels[l]);
                    if (g == NULL || g->stencil == NULL) {
                        maze_grid_destroy(g);
                        continue;
                    }
                    size_t words = g->cells / 64 + 1;
                    uint64_t *bits = calloc(words, 8);
                    assert_non_null(bits);
                    checked += check_cells(g, NULL);
                    if (peel(g, bits)) {
                        with_peeled += check_cells(g, bits);
                    }
                    /* Any set of cells kept off: every seventh, and a
                     * cell in the middle of the grid. */
                    memset(bits, 0, words * 8);
                    for (uint32_t c = 0; c < g->cells; c += 7) {
                        maze__bit_set(bits, c);
                    }
                    maze__bit_set(bits, g->cells / 2 + 1 < g->cells
                                            ? g->cells / 2 + 1
                                            : g->cells / 2);
                    with_peeled += check_cells(g, bits);
                    free(bits);
                    maze_grid_destroy(g);
                }
            }
        }
    }
    assert_true(checked > 10000);
    assert_true(with_peeled > 10000);
}

/* The box leaves out what it must: on a 13 x 13 grid of each kind it is
 * the inside less a border as wide as the steps, and a cell kept off
 * inside cuts the rows within reach of it from the box. */
static void
test_walk_box(void **state)
{
    (void)state;
    static const char *const kinds[] = {"hex", "triangle", "upsilon", "zeta",
                                        "3d"};
    for (size_t k = 0; k < COUNT(kinds); k++) {
        struct maze_grid *g =
            kind_grid(maze_grid_kind_find(kinds[k]), 13, 13, 3);
        assert_non_null(g);
        struct maze__walk wk;
        assert_true(maze__walk_init(&wk, g, NULL));
        assert_int_equal(wk.bx, 1);
        assert_int_equal(wk.bw, 11);
        assert_int_equal(wk.by, 1);
        assert_int_equal(wk.bh, 11);
        bool layered = g->stencil->layered;
        assert_int_equal(wk.bz, layered ? 1 : 0);
        assert_int_equal(wk.bd, 1);
        uint64_t bits[8] = {0};
        /* Cell (6, 4) of the first level kept off: rows 3 to 5 are
         * within its reach (on 3d from the level below the box's), and
         * it is in the upper half, so the box starts at row 6. */
        maze__bit_set(bits, 4 * 13 + 6);
        assert_true(maze__walk_init(&wk, g, bits));
        assert_int_equal(wk.bx, 1);
        assert_int_equal(wk.bw, 11);
        assert_int_equal(wk.by, 6);
        assert_int_equal(wk.bh, 6);
        /* And one in the lower half, (2, 9): the box ends at row 8. */
        maze__bit_set(bits, 9 * 13 + 2);
        assert_true(maze__walk_init(&wk, g, bits));
        assert_int_equal(wk.by, 6);
        assert_int_equal(wk.bh, 2);
        maze_grid_destroy(g);
    }
}

static void
test_walk_same_mazes(void **state)
{
    (void)state;
    static const char *const kinds[] = {"hex", "triangle", "upsilon", "3d"};
    static const char *const algs[] = {"aldous-broder", "wilson"};
    static const uint32_t sizes[][3] = {
        {2, 2, 2}, {7, 5, 3}, {16, 11, 2}, {3, 9, 4}, {30, 2, 2}};
    unsigned compared = 0;
    for (size_t k = 0; k < COUNT(kinds); k++) {
        const struct maze_grid_kind *kind = maze_grid_kind_find(kinds[k]);
        for (size_t z = 0; z < COUNT(sizes); z++) {
            struct maze_grid *g =
                kind_grid(kind, sizes[z][0], sizes[z][1], sizes[z][2]);
            assert_non_null(g);
            assert_non_null(g->stencil);
            size_t words = g->edge_slots / 64 + 1;
            uint64_t *a = calloc(words, 8), *b = calloc(words, 8);
            assert_non_null(a);
            assert_non_null(b);
            for (size_t j = 0; j < COUNT(algs); j++) {
                for (uint64_t seed = 1; seed <= 4; seed++) {
                    struct maze_bias bias = {{0}};
                    for (unsigned c = 0; c < kind->class_count; c++) {
                        bias.weight[c] = MAZE_WEIGHT_ONE * (1 + 2 * c);
                    }
                    const struct maze_bias *bp = seed % 2 ? NULL : &bias;
                    memset(a, 0, words * 8);
                    memset(b, 0, words * 8);
                    carve_bits(g, algs[j], seed, bp, a);
                    /* The same grid without its stencil: every step goes
                     * through the kind's neighbors operation. */
                    const struct maze__stencil *s = g->stencil;
                    g->stencil = NULL;
                    carve_bits(g, algs[j], seed, bp, b);
                    g->stencil = s;
                    assert_memory_equal(a, b, words * 8);
                    compared++;
                }
            }
            free(a);
            free(b);
            maze_grid_destroy(g);
        }
    }
    assert_int_equal(compared, COUNT(kinds) * COUNT(sizes) * 2 * 4);
}

/* The cell at ring r, position q of a theta grid. */
static uint32_t
theta_cell(const struct maze_grid *g, uint32_t r, uint32_t q)
{
    uint32_t coords[2] = {r, q}, c = MAZE_NONE;
    assert_int_equal(maze_grid_cell_at(g, coords, 2, &c), MAZE_OK);
    return c;
}

/* Theta has no stencil: the walks ask its neighbors operation at every
 * step, and draw by position in its list. The list, worked out here
 * from the rings: the centre's ring 1 in order; a ring cell's clockwise
 * neighbour (by its own spoke), its cells outward (by their arcs), its
 * counter-clockwise neighbour (by that one's spoke) and the cell inward
 * (by its own arc). */
static void
test_walk_theta_neighbors(void **state)
{
    (void)state;
    static const uint32_t firsts[] = {3, 6, 16};
    static const uint32_t rings[] = {1, 2, 3, 5, 12, 40};
    static const uint32_t rooms[] = {1, 3};
    const struct maze_grid_kind *kind = maze_grid_kind_find("theta");
    uint64_t checked = 0;
    for (size_t a = 0; a < COUNT(firsts); a++) {
        for (size_t b = 0; b < COUNT(rings); b++) {
            for (size_t d = 0; d < COUNT(rooms); d++) {
                struct maze_grid_params p = MAZE_GRID_PARAMS_INIT;
                p.size[MAZE_SIZE_WIDTH] = firsts[a];
                p.size[MAZE_SIZE_HEIGHT] = rings[b];
                p.size[MAZE_SIZE_ROOM] = rooms[d];
                struct maze_grid *g = NULL;
                assert_int_equal(maze_grid_create(kind, &p, &g), MAZE_OK);
                uint32_t n = maze_grid_cell_count(g);
                uint32_t *count = calloc(rings[b], sizeof(*count));
                assert_non_null(count);
                for (uint32_t c = 0; c < n; c++) {
                    uint32_t rq[2];
                    assert_int_equal(maze_grid_cell_coords(g, c, rq), 2);
                    count[rq[0]]++;
                }
                for (uint32_t c = 0; c < n; c++) {
                    uint32_t rq[2], r, q;
                    maze_grid_cell_coords(g, c, rq);
                    r = rq[0];
                    q = rq[1];
                    struct maze_link want[MAZE_GRID_MAX_DEGREE];
                    unsigned k = 0;
                    if (r == 0) {
                        for (uint32_t j = 0; rings[b] > 1 && j < count[1];
                             j++) {
                            uint32_t o = theta_cell(g, 1, j);
                            want[k++] = (struct maze_link){o, 2 * o + 1};
                        }
                    } else {
                        uint32_t m = count[r];
                        uint32_t cw = theta_cell(g, r, (q + 1) % m);
                        uint32_t ccw = theta_cell(g, r, (q + m - 1) % m);
                        want[k++] = (struct maze_link){cw, 2 * c};
                        if (r + 1 < rings[b]) {
                            uint32_t ratio = count[r + 1] / count[r];
                            for (uint32_t j = 0; j < ratio; j++) {
                                uint32_t o =
                                    theta_cell(g, r + 1, q * ratio + j);
                                want[k++] = (struct maze_link){o, 2 * o + 1};
                            }
                        }
                        want[k++] = (struct maze_link){ccw, 2 * ccw};
                        uint32_t in =
                            r == 1 ? 0
                                   : theta_cell(g, r - 1,
                                                q / (count[r] / count[r - 1]));
                        want[k++] = (struct maze_link){in, 2 * c + 1};
                    }
                    struct maze_link got[MAZE_GRID_MAX_DEGREE];
                    assert_int_equal(maze_grid_neighbors(g, c, got), k);
                    for (unsigned i = 0; i < k; i++) {
                        assert_int_equal(got[i].cell, want[i].cell);
                        assert_int_equal(got[i].edge, want[i].edge);
                    }
                    checked++;
                }
                free(count);
                maze_grid_destroy(g);
            }
        }
    }
    assert_true(checked > 10000);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_walk_matches_links),
        cmocka_unit_test(test_walk_box),
        cmocka_unit_test(test_walk_same_mazes),
        cmocka_unit_test(test_walk_theta_neighbors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
