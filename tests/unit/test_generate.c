/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for the generators (generate.h). Every algorithm in the
 * registry is checked, by iterating it, so a new algorithm is tested the
 * moment it is registered.
 *
 * The perfect-maze property is checked here with the test's own
 * union-find, and distances with the test's own BFS, so a bug shared by a
 * generator and the library's solver cannot hide itself. Statistical
 * checks use fixed seeds, so they are deterministic. Bias weights have
 * their own tests in test_bias, and uniformity in test_uniform; nothing
 * here is timed (docs/algorithms.md has the figures).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "support.h"

#define ONE MAZE_WEIGHT_ONE

static void
check_perfect_sizes(const struct size *sizes, size_t n, unsigned seeds)
{
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const struct maze_algorithm_info *info = maze_algorithm_at(a);
        assert_non_null(info);
        if (!info->perfect) {
            continue;
        }
        for (size_t k = 0; k < n; k++) {
            struct fixture f;
            fixture_create(&f, sizes[k].w, sizes[k].h);
            for (unsigned i = 0; i < seeds; i++) {
                uint64_t seed = maze_seed_derive(k, i);
                assert_int_equal(generate(f.maze, info->name, seed, 0, 0),
                                 MAZE_OK);
                check_perfect(f.maze, info->name, seed);
            }
            fixture_finish(&f);
        }
    }
}

static void
test_generate_registry(void **state)
{
    (void)state;
    size_t n = maze_algorithm_count();
    assert_true(n >= 1);
    for (size_t i = 0; i < n; i++) {
        const struct maze_algorithm_info *info = maze_algorithm_at(i);
        assert_non_null(info);
        assert_non_null(info->name);
        assert_non_null(info->description);
        assert_true(strlen(info->name) > 0);
        struct maze_provenance p;
        assert_true(strlen(info->name) < sizeof(p.algorithm));
        (void)info;
        assert_ptr_equal(maze_algorithm_find(info->name), info);
        for (size_t j = 0; j < i; j++) {
            assert_string_not_equal(maze_algorithm_at(j)->name, info->name);
        }
    }
    assert_null(maze_algorithm_at(n));
    assert_null(maze_algorithm_find("no-such-algorithm"));
    assert_null(maze_algorithm_find(NULL));
    /* The default named in generate.h exists. */
    assert_non_null(maze_algorithm_find("backtracker"));
}

static void
test_generate_perfect_small(void **state)
{
    (void)state;
    static const struct size sizes[] = {
        {1, 1}, {1, 40}, {40, 1}, {2, 2}, {37, 23}, {2, 3}, {64, 1}, {65, 2},
    };
    check_perfect_sizes(sizes, sizeof(sizes) / sizeof(sizes[0]), 60);
}

static void
test_generate_perfect_large(void **state)
{
    (void)state;
    static const struct size sizes[] = {{200, 200}};
    check_perfect_sizes(sizes, 1, 50);
}

static void
test_generate_perfect_corridors(void **state)
{
    (void)state;
    /* On a corridor whose walk starts at one end the backtracker's stack
     * gets as deep as the maze can make it: every cell but the first.
     * Short and odd lengths, and lengths around the stack's first growth
     * step, run the stack to its limit (the sanitizer build catches an
     * overrun). */
    static const struct size sizes[] = {
        {1, 2},    {1, 3},    {1, 4},    {1, 5},    {1, 9},
        {2, 1},    {3, 1},    {7, 1},    {1, 4096}, {1, 4097},
        {1, 4098}, {4097, 1}, {1, 8193}, {8193, 1},
    };
    check_perfect_sizes(sizes, sizeof(sizes) / sizeof(sizes[0]), 24);
}

static void
test_generate_perfect_biased(void **state)
{
    (void)state;
    /* Extreme and zero weights must not break connectivity, including on
     * corridors where every candidate weighs zero. */
    static const struct maze_bias biases[] = {
        {{ONE, 0}},
        {{0, ONE}},
        {{3 * ONE, ONE}},
        {{1, MAZE_WEIGHT_MAX}},
        {{MAZE_WEIGHT_MAX, 1}},
        {{MAZE_WEIGHT_MAX, 0}},
        {{MAZE_WEIGHT_MAX, MAZE_WEIGHT_MAX}},
    };
    static const struct size sizes[] = {
        {1, 1}, {1, 30}, {30, 1}, {2, 2}, {37, 23},
    };
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const struct maze_algorithm_info *info = maze_algorithm_at(a);
        if (!info->perfect) {
            continue;
        }
        for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
            struct fixture f;
            fixture_create(&f, sizes[k].w, sizes[k].h);
            for (size_t b = 0; b < sizeof(biases) / sizeof(biases[0]); b++) {
                for (uint64_t seed = 0; seed < 20; seed++) {
                    struct maze_generate_options o = {
                        .struct_size = sizeof(struct maze_generate_options),
                        .algorithm = info->name,
                        .seed = seed,
                        .bias = biases[b]};
                    assert_int_equal(maze_generate(f.maze, &o), MAZE_OK);
                    check_perfect(f.maze, info->name, seed);
                }
            }
            fixture_finish(&f);
        }
    }
}

static void
test_generate_same_seed_same_maze(void **state)
{
    (void)state;
    static const uint64_t seeds[] = {0, 1, 42, UINT64_MAX};
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const char *alg = maze_algorithm_at(a)->name;
        for (size_t s = 0; s < sizeof(seeds) / sizeof(seeds[0]); s++) {
            /* Separate grids and mazes: nothing is shared but the seed. */
            struct fixture f1, f2;
            fixture_create(&f1, 37, 23);
            fixture_create(&f2, 37, 23);
            assert_int_equal(generate(f1.maze, alg, seeds[s], 0, 0), MAZE_OK);
            /* A maze full of passages is cleared first. */
            for (uint32_t e = 0; e < maze_grid_edge_slots(f2.grid); e++) {
                maze_set_open(f2.maze, e, true);
            }
            assert_int_equal(generate(f2.maze, alg, seeds[s], 0, 0), MAZE_OK);
            assert_true(same_passages(f1.maze, f2.maze));
            assert_int_equal(maze_start(f1.maze), maze_start(f2.maze));
            assert_int_equal(maze_finish(f1.maze), maze_finish(f2.maze));
            fixture_finish(&f1);
            fixture_finish(&f2);
        }
    }
}

static void
test_generate_different_seeds_differ(void **state)
{
    (void)state;
    enum { SEEDS = 20 };
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const char *alg = maze_algorithm_at(a)->name;
        struct maze_grid *g;
        struct maze *m[SEEDS];
        assert_int_equal(maze_grid_create_rect(20, 20, &g), MAZE_OK);
        for (int i = 0; i < SEEDS; i++) {
            assert_int_equal(maze_create(g, &m[i]), MAZE_OK);
            assert_int_equal(generate(m[i], alg, (uint64_t)i, 0, 0), MAZE_OK);
        }
        for (int i = 0; i < SEEDS; i++) {
            for (int j = i + 1; j < SEEDS; j++) {
                if (same_passages(m[i], m[j])) {
                    fail_msg("%s: seeds %d and %d give the same maze", alg, i,
                             j);
                }
            }
        }
        for (int i = 0; i < SEEDS; i++) {
            maze_destroy(m[i]);
        }
        maze_grid_destroy(g);
    }
}

static void
test_generate_unbiased_equals_unit_weights(void **state)
{
    (void)state;
    /* "All zero means unbiased (every weight 1)": the same maze. */
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const char *alg = maze_algorithm_at(a)->name;
        struct fixture f1, f2;
        fixture_create(&f1, 25, 17);
        fixture_create(&f2, 25, 17);
        for (uint64_t seed = 0; seed < 10; seed++) {
            assert_int_equal(generate(f1.maze, alg, seed, 0, 0), MAZE_OK);
            assert_int_equal(generate(f2.maze, alg, seed, ONE, ONE), MAZE_OK);
            assert_true(same_passages(f1.maze, f2.maze));
        }
        fixture_finish(&f1);
        fixture_finish(&f2);
    }
}

static void
test_generate_default_algorithm(void **state)
{
    (void)state;
    struct fixture f1, f2;
    fixture_create(&f1, 15, 10);
    fixture_create(&f2, 15, 10);
    assert_int_equal(generate(f1.maze, NULL, 9, 0, 0), MAZE_OK);
    assert_int_equal(generate(f2.maze, "backtracker", 9, 0, 0), MAZE_OK);
    assert_true(same_passages(f1.maze, f2.maze));
    assert_string_equal(maze_provenance(f1.maze)->algorithm, "backtracker");
    fixture_finish(&f1);
    fixture_finish(&f2);
}

static void
test_generate_provenance_regenerates(void **state)
{
    (void)state;
    static const struct maze_bias biases[] = {
        {{0, 0}}, {{ONE, ONE}}, {{3 * ONE, ONE}}, {{0, 1500000}}};
    static const uint64_t seeds[] = {0, 7, UINT64_MAX};
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const char *alg = maze_algorithm_at(a)->name;
        for (size_t b = 0; b < sizeof(biases) / sizeof(biases[0]); b++) {
            for (size_t s = 0; s < sizeof(seeds) / sizeof(seeds[0]); s++) {
                struct fixture f1, f2;
                fixture_create(&f1, 19, 11);
                fixture_create(&f2, 19, 11);
                struct maze_generate_options o = {
                    .struct_size = sizeof(struct maze_generate_options),
                    .algorithm = alg,
                    .seed = seeds[s],
                    .bias = biases[b]};
                assert_int_equal(maze_generate(f1.maze, &o), MAZE_OK);
                const struct maze_provenance *p = maze_provenance(f1.maze);
                assert_string_equal(p->algorithm, alg);
                assert_int_equal(p->seed, seeds[s]);
                if (biases[b].weight[0] || biases[b].weight[1]) {
                    assert_memory_equal(&p->bias, &biases[b], sizeof(p->bias));
                }
                /* What is recorded regenerates the maze exactly. */
                struct maze_generate_options again = {
                    .struct_size = sizeof(struct maze_generate_options),
                    .algorithm = p->algorithm,
                    .seed = p->seed,
                    .bias = p->bias};
                assert_int_equal(maze_generate(f2.maze, &again), MAZE_OK);
                assert_true(same_passages(f1.maze, f2.maze));
                fixture_finish(&f1);
                fixture_finish(&f2);
            }
        }
    }
}

static void
test_generate_rejects_bad_options(void **state)
{
    (void)state;
    struct fixture f;
    fixture_create(&f, 5, 5);
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = "backtracker"};
    assert_int_equal(maze_generate(NULL, &o), MAZE_ERR_INVALID);
    assert_int_equal(maze_generate(f.maze, NULL), MAZE_ERR_INVALID);
    static const char *const names[] = {"", "no-such-algorithm", "Backtracker",
                                        "backtracker "};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        assert_int_equal(generate(f.maze, names[i], 1, 0, 0), MAZE_ERR_INVALID);
    }
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const char *alg = maze_algorithm_at(a)->name;
        assert_int_equal(generate(f.maze, alg, 1, MAZE_WEIGHT_MAX + 1, ONE),
                         MAZE_ERR_INVALID);
        assert_int_equal(generate(f.maze, alg, 1, ONE, MAZE_WEIGHT_MAX + 1),
                         MAZE_ERR_INVALID);
        assert_int_equal(generate(f.maze, alg, 1, UINT32_MAX, UINT32_MAX),
                         MAZE_ERR_INVALID);
        assert_int_equal(generate(f.maze, alg, 1, 0, UINT32_MAX),
                         MAZE_ERR_INVALID);
        /* The largest weight itself is fine. */
        assert_int_equal(generate(f.maze, alg, 1, MAZE_WEIGHT_MAX, 0), MAZE_OK);
    }
    fixture_finish(&f);
}

/* The positions along the outline of a w x h rectangle (clockwise from
 * its top-left corner, in cells) of the middles of cell c's outer sides
 * (-1: not outer), indexed north, east, south, west. */
static void
rect_positions(uint32_t w, uint32_t h, uint32_t c, double *pos)
{
    uint32_t x = c % w, y = c / w;
    pos[0] = y == 0 ? x + 0.5 : -1;
    pos[1] = x + 1 == w ? w + y + 0.5 : -1;
    pos[2] = y + 1 == h ? w + h + (w - 1 - x) + 0.5 : -1;
    pos[3] = x == 0 ? 2.0 * w + h + (h - 1 - y) + 0.5 : -1;
}

/* Whether boundary cells s and t of a whole rectangle can open on
 * different sides of it, a quarter of its outline apart along it
 * (docs/grids.md). */
static bool
facing_apart(const struct maze_grid *g, uint32_t s, uint32_t t)
{
    uint32_t w = maze_grid_width(g), h = maze_grid_height(g);
    double ps[4], pt[4], len = 2.0 * (w + h);
    rect_positions(w, h, s, ps);
    rect_positions(w, h, t, pt);
    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 4; j++) {
            double d = fabs(ps[i] - pt[j]);
            if (i != j && ps[i] >= 0 && pt[j] >= 0 &&
                fmin(d, len - d) >= len / 4 - 1e-9) {
                return true;
            }
        }
    }
    return false;
}

static void
test_generate_endpoints_longest_boundary_path(void **state)
{
    (void)state;
    /* Sizes with interior cells (3 x 3 and up) are where the longest path
     * between boundary cells can be shorter than the diameter. */
    static const struct size sizes[] = {
        {1, 1}, {1, 7}, {7, 1}, {2, 2}, {3, 3}, {4, 3}, {6, 5}, {9, 8},
    };
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const struct maze_algorithm_info *info = maze_algorithm_at(a);
        if (!info->perfect) {
            continue;
        }
        for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
            struct fixture f;
            fixture_create(&f, sizes[k].w, sizes[k].h);
            uint32_t cells = maze_grid_cell_count(f.grid);
            for (uint64_t seed = 0; seed < 50; seed++) {
                assert_int_equal(generate(f.maze, info->name, seed, 0, 0),
                                 MAZE_OK);
                /* The longest path between boundary cells that can open
                 * on different sides of the maze, by brute force over
                 * every pair. */
                uint32_t longest = 0;
                for (uint32_t s = 0; s < cells; s++) {
                    if (!on_boundary(f.grid, s)) {
                        continue;
                    }
                    fixture_bfs(&f, s);
                    for (uint32_t t = 0; t < cells; t++) {
                        assert_true(f.dist[t] != UINT32_MAX);
                        if (on_boundary(f.grid, t) &&
                            facing_apart(f.grid, s, t) && f.dist[t] > longest) {
                            longest = f.dist[t];
                        }
                    }
                }
                uint32_t start = maze_start(f.maze);
                uint32_t finish = maze_finish(f.maze);
                assert_true(start < cells && finish < cells);
                /* Both ends can be entered from outside, on different
                 * sides of the maze (a rectangle's sides face their own
                 * way). */
                assert_true(on_boundary(f.grid, start));
                assert_true(on_boundary(f.grid, finish));
                unsigned so = maze_start_opening(f.maze);
                unsigned fo = maze_finish_opening(f.maze);
                assert_true(so != MAZE_NONE && fo != MAZE_NONE);
                assert_true(so != fo);
                fixture_bfs(&f, start);
                /* The search is exact when the ends of the longest path
                 * open on different sides; otherwise it searches from
                 * each end, which on these sizes finds the longest too. */
                if (f.dist[finish] != longest) {
                    fail_msg("%s %ux%u seed %llu: start-finish %u, longest "
                             "boundary path with openings apart %u",
                             info->name, (unsigned)sizes[k].w,
                             (unsigned)sizes[k].h, (unsigned long long)seed,
                             (unsigned)f.dist[finish], (unsigned)longest);
                }
            }
            fixture_finish(&f);
        }
    }
}

/* Openings set by hand, and chosen for pinned cells by placement. */
static void
test_generate_openings_by_hand(void **state)
{
    (void)state;
    struct fixture f;
    fixture_create(&f, 4, 4);
    assert_int_equal(maze_set_endpoints(f.maze, 0, 15), MAZE_OK);
    /* Cell 0's east side is inside the maze; its north side is not. */
    assert_int_equal(maze_set_openings(f.maze, 1, 1), MAZE_ERR_RANGE);
    assert_int_equal(maze_set_openings(f.maze, 7, 1), MAZE_ERR_RANGE);
    assert_int_equal(maze_start_opening(f.maze), 3); /* unchanged: west */
    assert_int_equal(maze_set_openings(f.maze, 0, 2), MAZE_OK);
    assert_int_equal(maze_start_opening(f.maze), 0);
    assert_int_equal(maze_finish_opening(f.maze), 2);
    assert_int_equal(maze_set_openings(NULL, 0, 0), MAZE_ERR_INVALID);
    assert_int_equal(maze_place_openings(f.maze, MAZE_ENDPOINTS_TOP_BOTTOM),
                     MAZE_OK);
    assert_int_equal(maze_start_opening(f.maze), 0);
    assert_int_equal(maze_finish_opening(f.maze), 2);
    assert_int_equal(maze_place_openings(f.maze, MAZE_ENDPOINTS_LEFT_RIGHT),
                     MAZE_OK);
    assert_int_equal(maze_start_opening(f.maze), 3);
    assert_int_equal(maze_finish_opening(f.maze), 1);
    /* Both on the west wall: the default moves one to another side. */
    assert_int_equal(maze_set_endpoints(f.maze, 0, 8), MAZE_OK);
    assert_int_equal(maze_finish_opening(f.maze), 3);
    assert_int_equal(maze_place_openings(f.maze, MAZE_ENDPOINTS_LONGEST),
                     MAZE_OK);
    assert_int_equal(maze_start_opening(f.maze), 0);
    assert_int_equal(maze_finish_opening(f.maze), 3);
    /* A cell with no west side keeps its usual one. */
    assert_int_equal(maze_set_endpoints(f.maze, 1, 8), MAZE_OK);
    assert_int_equal(maze_place_openings(f.maze, MAZE_ENDPOINTS_LEFT_RIGHT),
                     MAZE_OK);
    assert_int_equal(maze_start_opening(f.maze), 0);
    assert_int_equal(maze_place_openings(f.maze, (enum maze_endpoints)9),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_place_endpoints(f.maze, (enum maze_endpoints)9, NULL),
                     MAZE_ERR_INVALID);
    assert_string_equal(maze_endpoints_name(MAZE_ENDPOINTS_TOP_BOTTOM),
                        "top-bottom");
    assert_null(maze_endpoints_name((enum maze_endpoints)9));
    fixture_finish(&f);
}

static void
test_generate_long_corridor(void **state)
{
    (void)state;
    /* A corridor makes the backtracker's stack as deep as the maze. */
    static const struct size sizes[] = {{1, 100000}, {100000, 1}};
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const char *alg = maze_algorithm_at(a)->name;
        for (size_t k = 0; k < 2; k++) {
            struct fixture f;
            fixture_create(&f, sizes[k].w, sizes[k].h);
            assert_int_equal(generate(f.maze, alg, 3, 0, 0), MAZE_OK);
            /* The only spanning tree of a path is the path itself. */
            uint32_t slots = maze_grid_edge_slots(f.grid);
            for (uint32_t e = 0; e < slots; e++) {
                assert_int_equal(maze_is_open(f.maze, e),
                                 maze_grid_edge_exists(f.grid, e));
            }
            uint32_t ends[2] = {maze_start(f.maze), maze_finish(f.maze)};
            assert_true((ends[0] == 0 && ends[1] == 99999) ||
                        (ends[0] == 99999 && ends[1] == 0));
            fixture_finish(&f);
        }
    }
}

static void
test_generate_division_rooms(void **state)
{
    (void)state;
    /* Rooms leave loops: the maze says it is not perfect, records the
     * room size, and is still connected with both ends reachable. */
    static const struct size sizes[] = {{30, 30}, {37, 23}, {2, 9}};
    static const uint32_t rooms[] = {2, 3, 5};
    for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
        struct fixture f;
        fixture_create(&f, sizes[k].w, sizes[k].h);
        uint32_t cells = maze_grid_cell_count(f.grid);
        for (size_t r = 0; r < sizeof(rooms) / sizeof(rooms[0]); r++) {
            for (uint64_t seed = 0; seed < 20; seed++) {
                struct maze_generate_options o = {
                    .struct_size = sizeof(struct maze_generate_options),
                    .algorithm = "division",
                    .seed = seed,
                    .room_size = rooms[r]};
                assert_int_equal(maze_generate(f.maze, &o), MAZE_OK);
                const struct maze_provenance *p = maze_provenance(f.maze);
                char want[16];
                snprintf(want, sizeof(want), "rooms=%u", (unsigned)rooms[r]);
                assert_false(p->perfect);
                assert_string_equal(p->params, want);
                assert_true(maze_passage_count(f.maze) > cells - 1);
                fixture_bfs(&f, maze_start(f.maze));
                for (uint32_t c = 0; c < cells; c++) {
                    assert_true(f.dist[c] != UINT32_MAX);
                }
                assert_true(maze_start_opening(f.maze) != MAZE_NONE);
                assert_true(maze_finish_opening(f.maze) != MAZE_NONE);
            }
        }
        fixture_finish(&f);
    }

    /* A room as large as the grid: no wall at all. Room sizes 0 and 1,
     * and rooms on a corridor (nothing 2 x 2 to leave open), are the
     * perfect maze of no rooms, with nothing recorded. */
    struct fixture f, g;
    fixture_create(&f, 12, 7);
    fixture_create(&g, 12, 7);
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = "division",
                                      .seed = 4,
                                      .room_size = 12};
    assert_int_equal(maze_generate(f.maze, &o), MAZE_OK);
    assert_int_equal(maze_passage_count(f.maze), maze_grid_edge_count(f.grid));
    for (uint32_t room = 0; room < 2; room++) {
        o.room_size = room;
        assert_int_equal(maze_generate(f.maze, &o), MAZE_OK);
        assert_int_equal(generate(g.maze, "division", 4, 0, 0), MAZE_OK);
        assert_true(same_passages(f.maze, g.maze));
        assert_true(maze_provenance(f.maze)->perfect);
        assert_string_equal(maze_provenance(f.maze)->params, "");
    }
    fixture_finish(&f);
    fixture_finish(&g);
    fixture_create(&f, 1, 30);
    o.room_size = 5;
    assert_int_equal(maze_generate(f.maze, &o), MAZE_OK);
    check_perfect(f.maze, "division rooms=5", 4);
    assert_true(maze_provenance(f.maze)->perfect);
    assert_string_equal(maze_provenance(f.maze)->params, "");
    fixture_finish(&f);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generate_registry),
        cmocka_unit_test(test_generate_perfect_small),
        cmocka_unit_test(test_generate_perfect_large),
        cmocka_unit_test(test_generate_perfect_corridors),
        cmocka_unit_test(test_generate_perfect_biased),
        cmocka_unit_test(test_generate_same_seed_same_maze),
        cmocka_unit_test(test_generate_different_seeds_differ),
        cmocka_unit_test(test_generate_unbiased_equals_unit_weights),
        cmocka_unit_test(test_generate_default_algorithm),
        cmocka_unit_test(test_generate_provenance_regenerates),
        cmocka_unit_test(test_generate_rejects_bad_options),
        cmocka_unit_test(test_generate_endpoints_longest_boundary_path),
        cmocka_unit_test(test_generate_openings_by_hand),
        cmocka_unit_test(test_generate_long_corridor),
        cmocka_unit_test(test_generate_division_rooms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
