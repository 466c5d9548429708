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
    struct maze_metrics m;
    assert_int_equal(maze_measure(h.maze, &m), MAZE_OK);
    assert_int_equal(m.cells, 3);
    assert_int_equal(m.passages, 2);
    assert_int_equal(m.dead_ends, 2);
    assert_int_equal(m.junctions3 + m.junctions4, 0);
    assert_int_equal(m.straight_runs, 1);
    assert_int_equal(m.horizontal, 2);
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
    struct maze_metrics m;
    assert_int_equal(maze_measure(h.maze, &m), MAZE_OK);
    assert_int_equal(m.passages, 3);
    assert_int_equal(m.horizontal, 2);
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
    struct maze_metrics m;
    assert_int_equal(maze_measure(h.maze, &m), MAZE_OK);
    assert_int_equal(m.cells, 9);
    assert_int_equal(m.passages, 4);
    assert_int_equal(m.dead_ends, 4);
    assert_int_equal(m.junctions3, 0);
    assert_int_equal(m.junctions4, 1);
    assert_int_equal(m.straight_runs, 2);
    assert_int_equal(m.horizontal, 2);
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
    struct maze_metrics m;
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
    struct maze_metrics m;
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
        struct maze_generate_options g = {.algorithm = "kruskal", .seed = seed};
        assert_int_equal(maze_generate(maze, &g), MAZE_OK);
        struct maze_metrics m;
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
        assert_true(m.horizontal <= m.passages);
    }
    maze_destroy(maze);
    maze_grid_destroy(grid);
}

static void
test_metrics_null(void **state)
{
    (void)state;
    struct maze_metrics m;
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
        cmocka_unit_test(test_metrics_null),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
