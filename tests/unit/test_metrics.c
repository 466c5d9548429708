/* SPDX-License-Identifier: MIT */
/*
 * maze_measure() on small hand-made mazes whose every figure can be counted
 * by eye, and consistency checks on generated ones.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "support.h"

/* A w x h maze with the given passages (pairs of cells) and endpoints. */
static void
hand_make(struct fixture *h, uint32_t w, uint32_t hgt, const uint32_t *pairs,
          size_t npairs, uint32_t start, uint32_t finish)
{
    fixture_create(h, w, hgt);
    for (size_t i = 0; i < npairs; i++) {
        open_cells(h, pairs[2 * i], pairs[2 * i + 1]);
    }
    assert_int_equal(maze_set_endpoints(h->maze, start, finish), MAZE_OK);
}

static void
test_metrics_corridor(void **state)
{
    (void)state;
    static const uint32_t pairs[] = {0, 1, 1, 2};
    struct fixture h;
    hand_make(&h, 3, 1, pairs, 2, 0, 2);
    struct maze_metrics m = MAZE_METRICS_INIT;
    assert_int_equal(maze_measure(h.maze, &m), MAZE_OK);
    assert_int_equal(m.cells, 3);
    assert_int_equal(m.passages, 2);
    assert_int_equal(m.dead_ends, 2);
    assert_int_equal(m.junctions3 + m.junctions4, 0);
    assert_int_equal(m.straight_runs, 1);
    assert_int_equal(m.by_class[MAZE_CLASS_H], 2);
    assert_int_equal(m.solution_cells, 3);
    assert_int_equal(m.solution_turns, 0);
    assert_int_equal(m.decisions, 0);
    assert_int_equal(m.branches, 0); /* both dead ends are endpoints */
    fixture_finish(&h);
}

/* Cells 0 1 / 2 3 joined 1-0, 0-2, 2-3: two turns, no straight run. */
static void
test_metrics_turns(void **state)
{
    (void)state;
    static const uint32_t pairs[] = {1, 0, 0, 2, 2, 3};
    struct fixture h;
    hand_make(&h, 2, 2, pairs, 3, 1, 3);
    struct maze_metrics m = MAZE_METRICS_INIT;
    assert_int_equal(maze_measure(h.maze, &m), MAZE_OK);
    assert_int_equal(m.passages, 3);
    assert_int_equal(m.by_class[MAZE_CLASS_H], 2);
    assert_int_equal(m.straight_runs, 0);
    assert_int_equal(m.solution_cells, 4);
    assert_int_equal(m.solution_turns, 2);
    assert_int_equal(m.decisions, 0);
    fixture_finish(&h);
}

/* A plus: the centre of a 3x3 joined to its four neighbours. */
static void
test_metrics_plus(void **state)
{
    (void)state;
    static const uint32_t pairs[] = {4, 1, 4, 3, 4, 5, 4, 7};
    struct fixture h;
    hand_make(&h, 3, 3, pairs, 4, 3, 5);
    struct maze_metrics m = MAZE_METRICS_INIT;
    assert_int_equal(maze_measure(h.maze, &m), MAZE_OK);
    assert_int_equal(m.cells, 9);
    assert_int_equal(m.passages, 4);
    assert_int_equal(m.dead_ends, 4);
    assert_int_equal(m.junctions3, 0);
    assert_int_equal(m.junctions4, 1);
    assert_int_equal(m.straight_runs, 2);
    assert_int_equal(m.by_class[MAZE_CLASS_H], 2);
    assert_int_equal(m.solution_cells, 3);
    assert_int_equal(m.solution_turns, 0);
    assert_int_equal(m.decisions, 1); /* at the centre */
    assert_int_equal(m.branches, 2);  /* up and down, one passage each */
    assert_int_equal(m.branch_length, 2);
    fixture_finish(&h);
}

/* A T whose stem is a two-passage branch: 0-1-2 across, 1-4-7 down. */
static void
test_metrics_branch_length(void **state)
{
    (void)state;
    static const uint32_t pairs[] = {0, 1, 1, 2, 1, 4, 4, 7};
    struct fixture h;
    hand_make(&h, 3, 3, pairs, 4, 0, 2);
    struct maze_metrics m = MAZE_METRICS_INIT;
    assert_int_equal(maze_measure(h.maze, &m), MAZE_OK);
    assert_int_equal(m.junctions3, 1);
    assert_int_equal(m.dead_ends, 3);
    assert_int_equal(m.branches, 1);
    assert_int_equal(m.branch_length, 2);
    assert_int_equal(m.straight_runs, 2); /* 0-1-2 and 1-4-7 */
    assert_int_equal(m.decisions, 1);     /* at cell 1 */
    fixture_finish(&h);
}

static void
test_metrics_unreachable(void **state)
{
    (void)state;
    static const uint32_t pairs[] = {0, 1};
    struct fixture h;
    hand_make(&h, 3, 1, pairs, 1, 0, 2);
    struct maze_metrics m = MAZE_METRICS_INIT;
    assert_int_equal(maze_measure(h.maze, &m), MAZE_OK);
    assert_int_equal(m.solution_cells, 0);
    assert_int_equal(m.decisions, 0);
    assert_int_equal(m.dead_ends, 2);
    fixture_finish(&h);
}

/* On generated mazes: degrees add up, and a perfect maze's counts agree. */
static void
test_metrics_generated_consistent(void **state)
{
    (void)state;
    struct maze_grid *grid;
    struct maze *maze;
    assert_int_equal(maze_grid_create_rect(31, 17, &grid), MAZE_OK);
    assert_int_equal(maze_create(grid, &maze), MAZE_OK);
    for (uint64_t seed = 0; seed < 20; seed++) {
        struct maze_generate_options g = {
            .struct_size = sizeof(struct maze_generate_options),
            .algorithm = "kruskal",
            .seed = seed};
        assert_int_equal(maze_generate(maze, &g), MAZE_OK);
        struct maze_metrics m = MAZE_METRICS_INIT;
        assert_int_equal(maze_measure(maze, &m), MAZE_OK);
        uint64_t degree_sum = 0, ones = 0, threes = 0, fours = 0;
        for (uint32_t c = 0; c < m.cells; c++) {
            struct maze_link links[MAZE_GRID_MAX_DEGREE];
            unsigned n = maze_grid_neighbors(grid, c, links), d = 0;
            for (unsigned k = 0; k < n; k++) {
                d += maze_is_open(maze, links[k].edge);
            }
            degree_sum += d;
            ones += d == 1;
            threes += d == 3;
            fours += d == 4;
        }
        assert_int_equal(degree_sum, 2 * m.passages);
        assert_int_equal(m.passages, m.cells - 1);
        assert_int_equal(m.dead_ends, ones);
        assert_int_equal(m.junctions3, threes);
        assert_int_equal(m.junctions4, fours);
        struct maze_path *p;
        assert_int_equal(maze_solve(maze, &p), MAZE_OK);
        assert_int_equal(m.solution_cells, p->length);
        maze_path_destroy(p);
        /* Every dead end but the endpoints starts one branch. */
        assert_true(m.branches <= ones && m.branches + 2 >= ones);
        assert_true(m.branch_length >= m.branches);
        assert_true(m.by_class[MAZE_CLASS_H] <= m.passages);
    }
    maze_destroy(maze);
    maze_grid_destroy(grid);
}

/* Winding's crossing: corner to corner on a rectangle; on a circle, whose
 * maze runs from the outer ring to the centre, the rings it crosses. */
static void
test_metrics_crossing(void **state)
{
    (void)state;
    struct maze_grid *grid;
    struct maze *maze;
    struct maze_metrics m = MAZE_METRICS_INIT;
    struct maze_generate_options g = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = "backtracker",
                                      .seed = 3};
    assert_int_equal(maze_grid_create_rect(31, 17, &grid), MAZE_OK);
    assert_int_equal(maze_create(grid, &maze), MAZE_OK);
    assert_int_equal(maze_generate(maze, &g), MAZE_OK);
    assert_int_equal(maze_measure(maze, &m), MAZE_OK);
    assert_int_equal(m.crossing, 31 + 17 - 1);
    maze_destroy(maze);
    maze_grid_destroy(grid);
    for (uint32_t rings = 1; rings <= 12; rings += 11) {
        struct maze_grid_params p = {.struct_size =
                                         sizeof(struct maze_grid_params),
                                     .size = {[MAZE_SIZE_HEIGHT] = rings}};
        assert_int_equal(
            maze_grid_create(maze_grid_kind_find("theta"), &p, &grid), MAZE_OK);
        assert_int_equal(maze_create(grid, &maze), MAZE_OK);
        assert_int_equal(maze_generate(maze, &g), MAZE_OK);
        assert_int_equal(maze_measure(maze, &m), MAZE_OK);
        /* From the outer ring to the centre, every ring once: at least the
         * rings, and the solution never shorter. */
        assert_true(m.crossing >= rings && m.crossing <= rings + 1);
        assert_true(m.solution_cells >= m.crossing);
        maze_destroy(maze);
        maze_grid_destroy(grid);
    }
}

/* The 2 x 2 ring, every wall inside open: a loop, as braiding makes. */
static void
test_metrics_loop(void **state)
{
    (void)state;
    static const uint32_t pairs[] = {0, 1, 1, 3, 3, 2, 2, 0};
    struct fixture h;
    hand_make(&h, 2, 2, pairs, 4, 0, 3);
    struct maze_metrics m = MAZE_METRICS_INIT;
    assert_int_equal(maze_measure(h.maze, &m), MAZE_OK);
    assert_int_equal(m.passages, 4);
    assert_int_equal(m.dead_ends, 0);
    assert_int_equal(m.junctions3 + m.junctions4, 0);
    assert_int_equal(m.straight_runs, 0); /* every cell is a corner */
    assert_int_equal(m.by_class[MAZE_CLASS_H], 2);
    assert_int_equal(m.solution_cells, 3);
    assert_int_equal(m.solution_turns, 1);
    /* The start has two ways on: one decision; cell 1 (or 2) has one way
     * on besides the way in. */
    assert_int_equal(m.decisions, 1);
    assert_int_equal(m.branches, 0);
    fixture_finish(&h);
}

/* A 5 x 1 corridor finished in its middle: the rest is a branch that
 * ends at the finish, two passages long. */
static void
test_metrics_branch_to_endpoint(void **state)
{
    (void)state;
    static const uint32_t pairs[] = {0, 1, 1, 2, 2, 3, 3, 4};
    struct fixture h;
    hand_make(&h, 5, 1, pairs, 4, 0, 2);
    struct maze_metrics m = MAZE_METRICS_INIT;
    assert_int_equal(maze_measure(h.maze, &m), MAZE_OK);
    assert_int_equal(m.dead_ends, 2);
    assert_int_equal(m.straight_runs, 1);
    assert_int_equal(m.solution_cells, 3);
    assert_int_equal(m.solution_turns, 0);
    assert_int_equal(m.decisions, 0);
    assert_int_equal(m.branches, 1);
    assert_int_equal(m.branch_length, 2);
    fixture_finish(&h);
}

/*
 * A 5 x 3 comb: the middle row 5-6-7-8-9 is a corridor, and from 6 and 8
 * teeth go up and down. Runs: the row (four passages), the column
 * 1-6-11 and the column 3-8-13: three. Entered at 5, left at 9.
 */
static void
test_metrics_comb(void **state)
{
    (void)state;
    static const uint32_t pairs[] = {5, 6, 6, 7,  7, 8, 8, 9,
                                     6, 1, 6, 11, 8, 3, 8, 13};
    struct fixture h;
    hand_make(&h, 5, 3, pairs, 8, 5, 9);
    struct maze_metrics m = MAZE_METRICS_INIT;
    assert_int_equal(maze_measure(h.maze, &m), MAZE_OK);
    assert_int_equal(m.passages, 8);
    assert_int_equal(m.dead_ends, 6); /* 5, 9 and the four teeth */
    assert_int_equal(m.junctions3, 0);
    assert_int_equal(m.junctions4, 2);
    assert_int_equal(m.straight_runs, 3);
    assert_int_equal(m.by_class[MAZE_CLASS_H], 4);
    assert_int_equal(m.solution_cells, 5);
    assert_int_equal(m.solution_turns, 0);
    assert_int_equal(m.decisions, 2); /* at 6 and at 8 */
    assert_int_equal(m.branches, 4);
    assert_int_equal(m.branch_length, 4);
    /* Cells 0, 2, 4, 10, 12 and 14 are walled in: in no count. */
    fixture_finish(&h);
}

static void
test_metrics_null(void **state)
{
    (void)state;
    struct maze_metrics m = MAZE_METRICS_INIT;
    assert_int_equal(maze_measure(NULL, &m), MAZE_ERR_INVALID);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_metrics_corridor),
        cmocka_unit_test(test_metrics_turns),
        cmocka_unit_test(test_metrics_plus),
        cmocka_unit_test(test_metrics_branch_length),
        cmocka_unit_test(test_metrics_unreachable),
        cmocka_unit_test(test_metrics_generated_consistent),
        cmocka_unit_test(test_metrics_loop),
        cmocka_unit_test(test_metrics_branch_to_endpoint),
        cmocka_unit_test(test_metrics_comb),
        cmocka_unit_test(test_metrics_null),
        cmocka_unit_test(test_metrics_crossing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
