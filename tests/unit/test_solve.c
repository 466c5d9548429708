/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for the solver (solve.h): paths are checked step by step
 * against the maze and their lengths against the test's own BFS, on
 * generated perfect mazes, on the same mazes with loops added, and on
 * hand-made mazes whose answers are known.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "support.h"

/* Opens the passage between (x0, y0) and (x1, y1), which must touch. */
static void
open_between(struct fixture *f, uint32_t x0, uint32_t y0, uint32_t x1,
             uint32_t y1)
{
    open_cells(f, cell_at(f, x0, y0), cell_at(f, x1, y1));
}

static void
open_all(struct fixture *f)
{
    for (uint32_t e = 0; e < maze_grid_edge_slots(f->grid); e++) {
        maze_set_open(f->maze, e, true);
    }
}

/* Asserts path runs from `from` to `to` through open passages only. */
static void
check_path(const struct maze *m, const struct maze_path *p, uint32_t from,
           uint32_t to)
{
    assert_non_null(p);
    assert_non_null(p->cells);
    assert_true(p->length >= 1);
    assert_int_equal(p->cells[0], from);
    assert_int_equal(p->cells[p->length - 1], to);
    const struct maze_grid *g = maze_grid(m);
    for (size_t i = 0; i + 1 < p->length; i++) {
        uint32_t e = edge_between(g, p->cells[i], p->cells[i + 1]);
        assert_true(e != MAZE_NONE);
        assert_true(maze_is_open(m, e));
    }
}

/* Solves between every pair and compares with the test's BFS. */
static void
check_all_pairs(struct fixture *f)
{
    uint32_t cells = maze_grid_cell_count(f->grid);
    for (uint32_t from = 0; from < cells; from++) {
        fixture_bfs(f, from);
        for (uint32_t to = 0; to < cells; to++) {
            struct maze_path *p = NULL;
            int rc = maze_solve_between(f->maze, from, to, &p);
            if (f->dist[to] == UINT32_MAX) {
                assert_int_equal(rc, MAZE_ERR_RANGE);
                assert_null(p);
                continue;
            }
            assert_int_equal(rc, MAZE_OK);
            check_path(f->maze, p, from, to);
            /* A valid walk of this length is a shortest path. */
            assert_int_equal(p->length, (size_t)f->dist[to] + 1);
            maze_path_destroy(p);
        }
    }
}

static void
test_solve_matches_bfs_perfect(void **state)
{
    (void)state;
    static const uint32_t sizes[][2] = {{1, 1}, {1, 8}, {8, 1}, {2, 2}, {6, 5}};
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const char *alg = maze_algorithm_at(a)->name;
        for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
            struct fixture f;
            fixture_create(&f, sizes[k][0], sizes[k][1]);
            for (uint64_t seed = 0; seed < 40; seed++) {
                struct maze_generate_options o = {
                    .struct_size = sizeof(struct maze_generate_options),
                    .algorithm = alg,
                    .seed = seed};
                assert_int_equal(maze_generate(f.maze, &o), MAZE_OK);
                check_all_pairs(&f);
            }
            fixture_finish(&f);
        }
    }
}

static void
test_solve_matches_bfs_with_loops(void **state)
{
    (void)state;
    /* Perfect mazes with a few walls knocked out: many routes, and the
     * solver must find a shortest one. */
    struct fixture f;
    fixture_create(&f, 6, 5);
    struct maze_rng rng;
    maze_rng_seed(&rng, 31);
    uint32_t slots = maze_grid_edge_slots(f.grid);
    for (uint64_t seed = 0; seed < 40; seed++) {
        struct maze_generate_options o = {
            .struct_size = sizeof(struct maze_generate_options), .seed = seed};
        assert_int_equal(maze_generate(f.maze, &o), MAZE_OK);
        for (int i = 0; i < 6; i++) {
            maze_set_open(f.maze, (uint32_t)maze_rng_below(&rng, slots), true);
        }
        check_all_pairs(&f);
    }
    fixture_finish(&f);
}

static void
test_solve_open_grid_manhattan(void **state)
{
    (void)state;
    struct fixture f;
    fixture_create(&f, 7, 5);
    open_all(&f);
    for (uint32_t from = 0; from < 35; from++) {
        for (uint32_t to = 0; to < 35; to++) {
            struct maze_path *p;
            assert_int_equal(maze_solve_between(f.maze, from, to, &p), MAZE_OK);
            check_path(f.maze, p, from, to);
            uint32_t fx, fy, tx, ty;
            cell_xy(f.grid, from, &fx, &fy);
            cell_xy(f.grid, to, &tx, &ty);
            uint32_t manhattan =
                (fx > tx ? fx - tx : tx - fx) + (fy > ty ? fy - ty : ty - fy);
            assert_int_equal(p->length, manhattan + 1);
            maze_path_destroy(p);
        }
    }
    fixture_finish(&f);
}

static void
test_solve_loop_takes_short_side(void **state)
{
    (void)state;
    /*
     * A ring round the centre of a 3 x 3 grid, plus a spur to the centre:
     *
     *   A - B - C       A to C: 3 cells over the top, 7 the other way.
     *   |       |       A to the centre X: through B only (A B X).
     *   D       E
     *   |       |
     *   F - G - H       with X joined to B.
     */
    struct fixture f;
    fixture_create(&f, 3, 3);
    open_between(&f, 0, 0, 1, 0);
    open_between(&f, 1, 0, 2, 0);
    open_between(&f, 2, 0, 2, 1);
    open_between(&f, 2, 1, 2, 2);
    open_between(&f, 2, 2, 1, 2);
    open_between(&f, 1, 2, 0, 2);
    open_between(&f, 0, 2, 0, 1);
    open_between(&f, 0, 1, 0, 0);
    open_between(&f, 1, 0, 1, 1);

    struct maze_path *p;
    assert_int_equal(
        maze_solve_between(f.maze, cell_at(&f, 0, 0), cell_at(&f, 2, 0), &p),
        MAZE_OK);
    assert_int_equal(p->length, 3);
    assert_int_equal(p->cells[1], cell_at(&f, 1, 0));
    check_path(f.maze, p, cell_at(&f, 0, 0), cell_at(&f, 2, 0));
    maze_path_destroy(p);

    /* Opposite corners: both ways round are 5 cells. */
    assert_int_equal(
        maze_solve_between(f.maze, cell_at(&f, 0, 0), cell_at(&f, 2, 2), &p),
        MAZE_OK);
    assert_int_equal(p->length, 5);
    check_path(f.maze, p, cell_at(&f, 0, 0), cell_at(&f, 2, 2));
    maze_path_destroy(p);

    /* From H to C: 2 cells straight up, 6 the long way. */
    assert_int_equal(
        maze_solve_between(f.maze, cell_at(&f, 2, 2), cell_at(&f, 2, 0), &p),
        MAZE_OK);
    assert_int_equal(p->length, 3);
    assert_int_equal(p->cells[1], cell_at(&f, 2, 1));
    maze_path_destroy(p);

    /* The centre is reached only through B. */
    assert_int_equal(
        maze_solve_between(f.maze, cell_at(&f, 0, 2), cell_at(&f, 1, 1), &p),
        MAZE_OK);
    assert_int_equal(p->length, 5);
    check_path(f.maze, p, cell_at(&f, 0, 2), cell_at(&f, 1, 1));
    assert_int_equal(p->cells[3], cell_at(&f, 1, 0));
    maze_path_destroy(p);

    /* The same cell is a path of one. */
    assert_int_equal(
        maze_solve_between(f.maze, cell_at(&f, 1, 1), cell_at(&f, 1, 1), &p),
        MAZE_OK);
    assert_int_equal(p->length, 1);
    assert_int_equal(p->cells[0], cell_at(&f, 1, 1));
    maze_path_destroy(p);
    fixture_finish(&f);
}

static void
test_solve_unreachable(void **state)
{
    (void)state;
    /* Two corridors, the top row and the bottom row, never joined. */
    struct fixture f;
    fixture_create(&f, 4, 2);
    for (uint32_t x = 0; x + 1 < 4; x++) {
        open_between(&f, x, 0, x + 1, 0);
        open_between(&f, x, 1, x + 1, 1);
    }
    static struct maze_path dummy;
    struct maze_path *p = &dummy; /* must be reset to NULL */
    assert_int_equal(
        maze_solve_between(f.maze, cell_at(&f, 0, 0), cell_at(&f, 3, 1), &p),
        MAZE_ERR_RANGE);
    assert_null(p);
    /* maze_solve() goes from start (0) to finish (7) by default. */
    assert_int_equal(maze_start(f.maze), 0);
    assert_int_equal(maze_finish(f.maze), 7);
    assert_int_equal(maze_solve(f.maze, &p), MAZE_ERR_RANGE);
    assert_null(p);
    /* Within one component it works. */
    assert_int_equal(
        maze_solve_between(f.maze, cell_at(&f, 3, 1), cell_at(&f, 0, 1), &p),
        MAZE_OK);
    assert_int_equal(p->length, 4);
    maze_path_destroy(p);
    /* A maze with no passages at all: only the trivial path exists. */
    maze_clear(f.maze);
    assert_int_equal(maze_solve_between(f.maze, 0, 1, &p), MAZE_ERR_RANGE);
    assert_int_equal(maze_solve_between(f.maze, 5, 5, &p), MAZE_OK);
    assert_int_equal(p->length, 1);
    maze_path_destroy(p);
    fixture_finish(&f);
}

static void
test_solve_bad_arguments(void **state)
{
    (void)state;
    struct fixture f;
    fixture_create(&f, 5, 4);
    open_all(&f);
    struct maze_path *p = NULL;
    static const uint32_t bad[] = {20, 21, MAZE_NONE};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        assert_int_equal(maze_solve_between(f.maze, bad[i], 0, &p),
                         MAZE_ERR_RANGE);
        assert_null(p);
        assert_int_equal(maze_solve_between(f.maze, 0, bad[i], &p),
                         MAZE_ERR_RANGE);
        assert_null(p);
    }
    assert_int_equal(maze_solve_between(f.maze, 19, 19, &p), MAZE_OK);
    maze_path_destroy(p);
    assert_int_equal(maze_solve_between(NULL, 0, 1, &p), MAZE_ERR_INVALID);
    assert_int_equal(maze_solve_between(f.maze, 0, 1, NULL), MAZE_ERR_INVALID);
    assert_int_equal(maze_solve(NULL, &p), MAZE_ERR_INVALID);
    assert_int_equal(maze_solve(f.maze, NULL), MAZE_ERR_INVALID);
    /* Endpoints off the grid are refused when set. */
    assert_int_equal(maze_set_endpoints(f.maze, 20, 0), MAZE_ERR_RANGE);
    assert_int_equal(maze_set_endpoints(f.maze, 0, 20), MAZE_ERR_RANGE);
    maze_path_destroy(NULL);
    fixture_finish(&f);
}

static void
test_solve_uses_endpoints(void **state)
{
    (void)state;
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        struct fixture f;
        fixture_create(&f, 200, 200);
        struct maze_generate_options o = {
            .struct_size = sizeof(struct maze_generate_options),
            .algorithm = maze_algorithm_at(a)->name,
            .seed = 77};
        assert_int_equal(maze_generate(f.maze, &o), MAZE_OK);
        struct maze_path *p;
        assert_int_equal(maze_solve(f.maze, &p), MAZE_OK);
        uint32_t start = maze_start(f.maze), finish = maze_finish(f.maze);
        check_path(f.maze, p, start, finish);
        fixture_bfs(&f, start);
        assert_int_equal(p->length, (size_t)f.dist[finish] + 1);
        maze_path_destroy(p);

        /* Moved endpoints are used, in order. */
        assert_int_equal(maze_set_endpoints(f.maze, 39999, 123), MAZE_OK);
        assert_int_equal(maze_solve(f.maze, &p), MAZE_OK);
        check_path(f.maze, p, 39999, 123);
        fixture_bfs(&f, 39999);
        assert_int_equal(p->length, (size_t)f.dist[123] + 1);
        maze_path_destroy(p);
        fixture_finish(&f);
    }
}

/* Asserts that {a, b} is {x, y}. */
static void
assert_ends(uint32_t a, uint32_t b, uint32_t x, uint32_t y)
{
    assert_true((a == x && b == y) || (a == y && b == x));
}

static void
test_solve_longest_ends_corridor(void **state)
{
    (void)state;
    static const uint32_t sizes[][2] = {{1, 10}, {10, 1}, {1, 1}, {2, 1}};
    for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
        struct fixture f;
        fixture_create(&f, sizes[k][0], sizes[k][1]);
        open_all(&f);
        uint32_t a = 99, b = 99;
        assert_int_equal(maze_longest_path_ends(f.maze, &a, &b), MAZE_OK);
        assert_ends(a, b, 0, maze_grid_cell_count(f.grid) - 1);
        fixture_finish(&f);
    }

    /* A comb: the spine is the top row of a 5 x 3 grid, with teeth down
     * from its ends and a shorter one from its middle. The longest path
     * runs from the bottom of the first tooth to the bottom of the last,
     * through cell 0, so cell 0 is not one of its ends. */
    struct fixture f;
    fixture_create(&f, 5, 3);
    for (uint32_t x = 0; x + 1 < 5; x++) {
        open_between(&f, x, 0, x + 1, 0);
    }
    open_between(&f, 0, 0, 0, 1);
    open_between(&f, 0, 1, 0, 2);
    open_between(&f, 4, 0, 4, 1);
    open_between(&f, 4, 1, 4, 2);
    open_between(&f, 2, 0, 2, 1);
    uint32_t a, b;
    assert_int_equal(maze_longest_path_ends(f.maze, &a, &b), MAZE_OK);
    assert_ends(a, b, cell_at(&f, 0, 2), cell_at(&f, 4, 2));
    fixture_finish(&f);
}

/*
 * On 7 x 6 mazes from every perfect algorithm, 40 seeds each, the cells
 * that `ends` picks are as far apart as the farthest pair found by brute
 * force: over all cells or, with boundary, over those on the outer wall
 * only (and both picked cells must then be on it).
 */
static void
check_ends_brute_force(int (*ends)(const struct maze *, uint32_t *, uint32_t *),
                       bool boundary)
{
    struct fixture f;
    fixture_create(&f, 7, 6);
    uint32_t cells = 42;
    for (size_t al = 0; al < maze_algorithm_count(); al++) {
        const struct maze_algorithm_info *info = maze_algorithm_at(al);
        if (!info->perfect) {
            continue;
        }
        for (uint64_t seed = 0; seed < 40; seed++) {
            struct maze_generate_options o = {
                .struct_size = sizeof(struct maze_generate_options),
                .algorithm = info->name,
                .seed = seed};
            assert_int_equal(maze_generate(f.maze, &o), MAZE_OK);
            uint32_t longest = 0;
            for (uint32_t s = 0; s < cells; s++) {
                if (boundary && !on_boundary(f.grid, s)) {
                    continue;
                }
                fixture_bfs(&f, s);
                for (uint32_t t = 0; t < cells; t++) {
                    if ((!boundary || on_boundary(f.grid, t)) &&
                        f.dist[t] > longest) {
                        longest = f.dist[t];
                    }
                }
            }
            uint32_t a, b;
            assert_int_equal(ends(f.maze, &a, &b), MAZE_OK);
            if (boundary) {
                assert_true(on_boundary(f.grid, a));
                assert_true(on_boundary(f.grid, b));
            }
            fixture_bfs(&f, a);
            assert_int_equal(f.dist[b], longest);
        }
    }
    fixture_finish(&f);
}

static void
test_solve_longest_ends_diameter(void **state)
{
    (void)state;
    check_ends_brute_force(maze_longest_path_ends, false);
}

static void
test_solve_boundary_ends_spiral(void **state)
{
    (void)state;
    /*
     * A spiral on 3 x 3 that ends in the centre:
     *
     *   S - . - .       The longest path runs from S to the centre X
     *           |       (8 steps); the longest between boundary cells
     *   E   X   .       stops at E, next to X (7 steps).
     *   |       |
     *   . - . - .
     */
    struct fixture f;
    fixture_create(&f, 3, 3);
    open_between(&f, 0, 0, 1, 0);
    open_between(&f, 1, 0, 2, 0);
    open_between(&f, 2, 0, 2, 1);
    open_between(&f, 2, 1, 2, 2);
    open_between(&f, 2, 2, 1, 2);
    open_between(&f, 1, 2, 0, 2);
    open_between(&f, 0, 2, 0, 1);
    open_between(&f, 0, 1, 1, 1);
    uint32_t a, b;
    assert_int_equal(maze_longest_path_ends(f.maze, &a, &b), MAZE_OK);
    assert_ends(a, b, cell_at(&f, 0, 0), cell_at(&f, 1, 1));
    assert_int_equal(maze_boundary_path_ends(f.maze, &a, &b), MAZE_OK);
    assert_ends(a, b, cell_at(&f, 0, 0), cell_at(&f, 0, 1));
    fixture_finish(&f);
}

static void
test_solve_boundary_ends_brute_force(void **state)
{
    (void)state;
    check_ends_brute_force(maze_boundary_path_ends, true);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solve_matches_bfs_perfect),
        cmocka_unit_test(test_solve_matches_bfs_with_loops),
        cmocka_unit_test(test_solve_open_grid_manhattan),
        cmocka_unit_test(test_solve_loop_takes_short_side),
        cmocka_unit_test(test_solve_unreachable),
        cmocka_unit_test(test_solve_bad_arguments),
        cmocka_unit_test(test_solve_uses_endpoints),
        cmocka_unit_test(test_solve_longest_ends_corridor),
        cmocka_unit_test(test_solve_longest_ends_diameter),
        cmocka_unit_test(test_solve_boundary_ends_spiral),
        cmocka_unit_test(test_solve_boundary_ends_brute_force),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
