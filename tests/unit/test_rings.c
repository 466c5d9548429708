/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for the rings as data (core/grid_impl.h, maze__rings): on
 * theta grids of every first-ring count, centre room and number of rings
 * around the edges (1, 2 and 3 rings, rings 8 times the one inside, a
 * centre of 16 cells), the table describes the grid (each ring starts
 * where the one inside ends, its count a whole multiple of that ring's);
 * the walker knows every cell's ring and position, found by search or
 * carried along the numbering; the neighbours the table gives are the
 * kind's neighbors operation's, cell by cell, in the same order, by the
 * same edges, each edge of the class the table says and joining the
 * cells edge_cells() gives, and a move lands where the kind says that
 * cell is. Generators draw by position in that
 * order, so any difference would change mazes; and the backtracker,
 * aldous-broder and wilson carve the same maze through the table as
 * through the kind's operation, with and without weights.
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
#include "core/rowbits.h"
#include "support.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Sizes: first ring, rings, centre room. */
static const uint32_t sizes[][3] = {
    {6, 1, 1},   {6, 2, 1},  {3, 2, 1},   {16, 2, 1}, {6, 3, 1},
    {3, 3, 10},  {16, 3, 4}, {3, 5, 10},  {7, 9, 2},  {6, 40, 1},
    {16, 12, 3}, {4, 25, 6}, {6, 200, 1},
};

static struct maze_grid *
theta_grid(uint32_t first, uint32_t rings, uint32_t room)
{
    struct maze_grid_params p = MAZE_GRID_PARAMS_INIT;
    p.size[MAZE_SIZE_WIDTH] = first;
    p.size[MAZE_SIZE_HEIGHT] = rings;
    p.size[MAZE_SIZE_ROOM] = room;
    struct maze_grid *g = NULL;
    assert_int_equal(maze_grid_create(maze_grid_kind_find("theta"), &p, &g),
                     MAZE_OK);
    return g;
}

/* The table against the grid's numbers: rings in order from the centre,
 * each a whole multiple of the one inside, the last ending at the cell
 * count. */
static void
check_table(const struct maze_grid *g)
{
    const struct maze__rings *rs = g->rings;
    assert_non_null(rs);
    assert_int_equal(rs->count, g->size[MAZE_SIZE_HEIGHT]);
    assert_int_equal(rs->ring[0].start, 0);
    assert_int_equal(rs->ring[0].count, 1);
    assert_int_equal(rs->ring[0].in, 0);
    assert_int_equal(rs->ring[rs->count].start, g->cells);
    assert_int_equal(rs->ring[rs->count].count, 0);
    assert_int_equal(rs->ring[rs->count - 1].out, 0);
    for (uint32_t r = 0; r + 1 < rs->count; r++) {
        const struct maze__ring *R = &rs->ring[r];
        assert_int_equal(R[1].start, R->start + R->count);
        assert_in_range(R->out, 1, MAZE__RING_RATIO_MAX);
        assert_int_equal(R[1].count, R->count * R->out);
        assert_int_equal(R[1].in, R->out);
    }
    assert_int_not_equal(rs->along, rs->across);
}

/* Every cell's walker, neighbours, edges and classes; returns the cells
 * checked. */
static uint64_t
check_cells(const struct maze_grid *g)
{
    const struct maze__rings *rs = g->rings;
    struct maze__ring_walker seq = {0, 0, 0};
    for (uint32_t c = 0; c < g->cells; c++) {
        struct maze__ring_walker w;
        maze__ring_at(rs, c, &w);
        uint32_t rq[2];
        assert_int_equal(maze_grid_cell_coords(g, c, rq), 2);
        assert_int_equal(w.cell, c);
        assert_int_equal(w.r, rq[0]);
        assert_int_equal(w.p, rq[1]);
        /* Carried along the numbering, as a scan of every cell does. */
        assert_int_equal(seq.cell, c);
        assert_int_equal(seq.r, w.r);
        assert_int_equal(seq.p, w.p);
        seq.cell++;
        if (++seq.p == rs->ring[seq.r].count) {
            seq.r++;
            seq.p = 0;
        }

        struct maze_link want[MAZE_GRID_MAX_DEGREE], got[MAZE_GRID_MAX_DEGREE];
        unsigned n = g->ops->neighbors(g, c, want);
        assert_int_equal(maze__ring_degree(rs, w.r), n);
        assert_int_equal(maze__ring_neighbors(rs, &w, got), n);
        for (unsigned i = 0; i < n; i++) {
            assert_int_equal(got[i].cell, want[i].cell);
            assert_int_equal(got[i].edge, want[i].edge);
            /* The kind's cells of that edge, lower first, agree. */
            uint32_t lo, hi;
            g->ops->edge_cells(g, want[i].edge, &lo, &hi);
            assert_int_equal(lo, c < want[i].cell ? c : want[i].cell);
            assert_int_equal(hi, c < want[i].cell ? want[i].cell : c);
            unsigned cls = g->ops->edge_class(g, want[i].edge);
            assert_int_equal(cls, maze__ring_is_along(rs, w.r, i) ? rs->along
                                                                  : rs->across);
            /* The move knows where it lands. */
            struct maze__ring_walker v = w;
            assert_int_equal(maze__ring_move(rs, &v, i), want[i].edge);
            assert_int_equal(v.cell, want[i].cell);
            assert_int_equal(maze_grid_cell_coords(g, v.cell, rq), 2);
            assert_int_equal(v.r, rq[0]);
            assert_int_equal(v.p, rq[1]);
        }
    }
    return g->cells;
}

static void
test_rings_match_neighbors(void **state)
{
    (void)state;
    uint64_t cells = 0, want = 0;
    for (size_t i = 0; i < COUNT(sizes); i++) {
        struct maze_grid *g = theta_grid(sizes[i][0], sizes[i][1], sizes[i][2]);
        check_table(g);
        cells += check_cells(g);
        want += g->cells;
        maze_grid_destroy(g);
    }
    assert_int_equal(cells, want);
    /* Rings 8 times the one inside and a 16-cell centre were reached. */
    struct maze_grid *g = theta_grid(3, 3, 10);
    assert_int_equal(g->rings->ring[1].out, 8);
    maze_grid_destroy(g);
}

static void
test_rings_same_mazes(void **state)
{
    (void)state;
    static const char *const algs[] = {"backtracker", "aldous-broder",
                                       "wilson"};
    unsigned compared = 0;
    for (size_t i = 0; i < COUNT(sizes); i++) {
        struct maze_grid *g = theta_grid(sizes[i][0], sizes[i][1], sizes[i][2]);
        size_t words = g->edge_slots / 64 + 1;
        uint64_t *a = calloc(words, 8), *b = calloc(words, 8);
        assert_non_null(a);
        assert_non_null(b);
        for (size_t j = 0; j < COUNT(algs); j++) {
            for (uint64_t seed = 1; seed <= 4; seed++) {
                /* around=1,inout=5 and around=7,inout=2 on even seeds. */
                struct maze_bias bias = {{0}};
                bias.weight[0] = MAZE_WEIGHT_ONE * (seed == 2 ? 1 : 7);
                bias.weight[1] = MAZE_WEIGHT_ONE * (seed == 2 ? 5 : 2);
                const struct maze_bias *bp = seed % 2 ? NULL : &bias;
                memset(a, 0, words * 8);
                memset(b, 0, words * 8);
                carve_bits(g, algs[j], seed, bp, a);
                /* The same grid without its table: every step goes
                 * through the kind's neighbors operation. */
                const struct maze__rings *rs = g->rings;
                g->rings = NULL;
                carve_bits(g, algs[j], seed, bp, b);
                g->rings = rs;
                assert_memory_equal(a, b, words * 8);
                compared++;
            }
        }
        free(a);
        free(b);
        maze_grid_destroy(g);
    }
    assert_int_equal(compared, COUNT(sizes) * COUNT(algs) * 4);
}

/* Only circular kinds have rings; a masked grid has none of its whole
 * grid's. */
static void
test_rings_other_kinds(void **state)
{
    (void)state;
    static const char *const kinds[] = {"rect",    "hex",  "triangle",
                                        "upsilon", "zeta", "3d"};
    for (size_t k = 0; k < COUNT(kinds); k++) {
        struct maze_grid *g = kind_grid(maze_grid_kind_find(kinds[k]), 5, 4, 2);
        assert_non_null(g);
        assert_null(g->rings);
        maze_grid_destroy(g);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rings_match_neighbors),
        cmocka_unit_test(test_rings_same_mazes),
        cmocka_unit_test(test_rings_other_kinds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
