/* SPDX-License-Identifier: MIT */
/*
 * The solver's searches against a plain breadth-first search written here
 * from the public grid API, on every grid kind: perfect mazes from several
 * algorithms (where the library walks the tree depth first, and its
 * solver, knowing a generated maze for a tree, stops at its goal), the
 * same mazes braided and with walls knocked out (where it falls back to
 * breadth first, so the maze must stop counting as a tree),
 * then with other walls put back (loops in a maze of fewer passages than
 * cells), and a whole open grid. The answers must be the very cells the plain
 * search gives, ties included: the last cell of the farthest it reaches,
 * and on the way back the first neighbour one step nearer.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "support.h"

/* A breadth-first search from src: dist (UINT32_MAX unreached) and the
 * cells in the order reached, `reached` of them; and which cells can
 * have an opening (the boundary, as the endpoint search means it). */
struct ref {
    uint32_t *dist, *order;
    uint32_t reached;
    bool *boundary;
};

static void
ref_bfs(const struct maze *m, uint32_t src, struct ref *r)
{
    const struct maze_grid *g = maze_grid(m);
    uint32_t cells = maze_grid_cell_count(g);
    for (uint32_t c = 0; c < cells; c++) {
        r->dist[c] = UINT32_MAX;
    }
    uint32_t head = 0, tail = 0;
    r->dist[src] = 0;
    r->order[tail++] = src;
    while (head < tail) {
        uint32_t cur = r->order[head++];
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze_grid_neighbors(g, cur, links);
        for (unsigned i = 0; i < n; i++) {
            uint32_t c = links[i].cell;
            if (r->dist[c] == UINT32_MAX && maze_is_open(m, links[i].edge)) {
                r->dist[c] = r->dist[cur] + 1;
                r->order[tail++] = c;
            }
        }
    }
    r->reached = tail;
}

/* The last cell reached that is on the boundary (or any, with !boundary),
 * MAZE_NONE when none. */
static uint32_t
ref_last(const struct ref *r, bool boundary)
{
    for (uint32_t i = r->reached; i > 0; i--) {
        uint32_t c = r->order[i - 1];
        if (!boundary || r->boundary[c]) {
            return c;
        }
    }
    return MAZE_NONE;
}

/* Checks the path from `from` to `to` cell by cell: from r (a search
 * from `to`), at each step the first open neighbour one nearer. */
static void
check_path(const struct maze *m, const struct ref *r, uint32_t from,
           uint32_t to)
{
    struct maze_path *p = NULL;
    int rc = maze_solve_between(m, from, to, &p);
    if (r->dist[from] == UINT32_MAX) {
        assert_int_equal(rc, MAZE_ERR_RANGE);
        assert_null(p);
        return;
    }
    assert_int_equal(rc, MAZE_OK);
    assert_int_equal(p->length, (size_t)r->dist[from] + 1);
    const struct maze_grid *g = maze_grid(m);
    uint32_t cur = from;
    for (size_t i = 0; i < p->length; i++) {
        assert_int_equal(p->cells[i], cur);
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze_grid_neighbors(g, cur, links);
        for (unsigned j = 0; j < n; j++) {
            if (r->dist[links[j].cell] + 1 == r->dist[cur] &&
                maze_is_open(m, links[j].edge)) {
                cur = links[j].cell;
                break;
            }
        }
    }
    assert_int_equal(p->cells[p->length - 1], to);
    maze_path_destroy(p);
}

/* Every search of the solver on m against the reference. */
static void
check_maze(const struct maze *m, struct ref *r, uint64_t seed)
{
    const struct maze_grid *g = maze_grid(m);
    uint32_t cells = maze_grid_cell_count(g);
    for (int boundary = 0; boundary < 2; boundary++) {
        /* Where no boundary cell is reached (a circle's centre cut
         * off), the search's source stands in. */
        ref_bfs(m, 0, r);
        uint32_t x = ref_last(r, boundary);
        x = x == MAZE_NONE ? 0 : x;
        ref_bfs(m, x, r);
        uint32_t y = ref_last(r, boundary);
        y = y == MAZE_NONE ? x : y;
        uint32_t a = 0, b = 0;
        assert_int_equal(boundary ? maze_boundary_path_ends(m, &a, &b)
                                  : maze_longest_path_ends(m, &a, &b),
                         MAZE_OK);
        assert_int_equal(a, x);
        assert_int_equal(b, y);
    }
    struct maze_rng rng;
    maze_rng_seed(&rng, seed);
    for (int k = 0; k < 6; k++) {
        uint32_t from = (uint32_t)maze_rng_below(&rng, cells);
        uint32_t to = (uint32_t)maze_rng_below(&rng, cells);
        ref_bfs(m, from, r);
        uint32_t far = ref_last(r, true), out = MAZE_NONE;
        assert_int_equal(maze_farthest_boundary(m, from, &out), MAZE_OK);
        assert_int_equal(out, far == MAZE_NONE ? from : far);
        ref_bfs(m, to, r);
        check_path(m, r, from, to);
    }
}

/* A grid of kind: width and height about w by h within the kind's
 * limits, `levels` levels where the kind has them (0: its default), every
 * other size its default. */
static struct maze_grid *
small_grid(const struct maze_grid_kind *kind, uint32_t w, uint32_t h,
           uint32_t levels)
{
    struct maze_grid_params p = MAZE_GRID_PARAMS_INIT;
    if (kind->sizes[MAZE_SIZE_LEVELS].meaning != NULL) {
        p.size[MAZE_SIZE_LEVELS] = levels;
    }
    const uint32_t want[2] = {w, h};
    for (int i = 0; i < 2; i++) {
        const struct maze_grid_size_info *s = &kind->sizes[i];
        uint32_t v = want[i] < s->min ? s->min : want[i];
        p.size[i] = s->def != 0 && v > s->max ? 0 : (v > s->max ? s->max : v);
    }
    struct maze_grid *g = NULL;
    assert_int_equal(maze_grid_create(kind, &p, &g), MAZE_OK);
    return g;
}

static void
check_kind(const struct maze_grid_kind *kind, uint32_t w, uint32_t h,
           uint32_t levels, int seeds)
{
    static const char *const algs[] = {"backtracker", "kruskal", "wilson",
                                       "binary-tree", "division"};
    struct maze_grid *g = small_grid(kind, w, h, levels);
    uint32_t cells = maze_grid_cell_count(g), slots = maze_grid_edge_slots(g);
    struct ref r = {malloc(cells * sizeof(uint32_t)),
                    malloc(cells * sizeof(uint32_t)), 0,
                    malloc(cells * sizeof(bool))};
    assert_non_null(r.dist);
    assert_non_null(r.order);
    assert_non_null(r.boundary);
    struct maze *m = NULL;
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    /* A cell can open when it gets an opening as a start. */
    for (uint32_t c = 0; c < cells; c++) {
        assert_int_equal(maze_set_endpoints(m, c, 0), MAZE_OK);
        r.boundary[c] = maze_start_opening(m) != MAZE_NONE;
    }
    for (size_t a = 0; a < sizeof(algs) / sizeof(algs[0]); a++) {
        for (int s = 0; s < seeds; s++) {
            struct maze_generate_options o = {
                .struct_size = sizeof(struct maze_generate_options),
                .algorithm = algs[a],
                .seed = (uint64_t)s};
            int rc = maze_generate(m, &o);
            if (rc == MAZE_ERR_UNSUPPORTED || rc == MAZE_ERR_RANGE) {
                break; /* not on this kind, or not at this size */
            }
            assert_int_equal(rc, MAZE_OK);
            check_maze(m, &r, (uint64_t)s);
            /* Braided: a generated maze no longer a tree. */
            assert_int_equal(maze_braid(m, MAZE_FRACTION_ONE / 2, (uint64_t)s),
                             MAZE_OK);
            check_maze(m, &r, (uint64_t)s + 3);
            /* Loops: a few more passages, where the grid has edges. */
            struct maze_rng rng;
            maze_rng_seed(&rng, 1000 + (uint64_t)s);
            for (int i = 0; i < 5; i++) {
                uint32_t e = (uint32_t)maze_rng_below(&rng, slots);
                if (maze_grid_edge_exists(g, e)) {
                    maze_set_open(m, e, true);
                }
            }
            check_maze(m, &r, (uint64_t)s + 7);
            /* Fewer passages than cells, loops kept where they fall: the
             * library cannot tell from the count alone, and its walk
             * must find a loop on its way. */
            while (maze_passage_count(m) + 2 >= cells && cells > 2) {
                uint32_t e = (uint32_t)maze_rng_below(&rng, slots);
                if (maze_grid_edge_exists(g, e) && maze_is_open(m, e)) {
                    maze_set_open(m, e, false);
                }
            }
            check_maze(m, &r, (uint64_t)s + 13);
        }
    }
    /* Every wall down: loops everywhere. */
    for (uint32_t e = 0; e < slots; e++) {
        if (maze_grid_edge_exists(g, e)) {
            maze_set_open(m, e, true);
        }
    }
    check_maze(m, &r, 99);
    maze_destroy(m);
    maze_grid_destroy(g);
    free(r.dist);
    free(r.order);
    free(r.boundary);
}

static void
test_search_every_kind_small(void **state)
{
    (void)state;
    for (size_t k = 0; k < maze_grid_kind_count(); k++) {
        check_kind(maze_grid_kind_at(k), 9, 7, 0, 12);
        check_kind(maze_grid_kind_at(k), 1, 6, 0, 3);
    }
}

/* Large enough that the walk's stack and the search's queue grow past
 * their first allocations. */
static void
test_search_every_kind_large(void **state)
{
    (void)state;
    for (size_t k = 0; k < maze_grid_kind_count(); k++) {
        check_kind(maze_grid_kind_at(k), 160, 120, 0, 1);
    }
}

/*
 * The kinds whose cells go row by row, which the library walks by their
 * neighbourhoods as data, at every small size around the sides of their
 * phases (one and two cells across, odd and even, where a cell's steps
 * leave the grid on one side or both) and one to five levels: each step
 * a neighbour the grid would not list, or in another order, or a wrong
 * way back, moves an answer off the plain search's.
 */
static void
test_search_stencil_kinds_sizes(void **state)
{
    (void)state;
    static const char *const kinds[] = {"hex",  "triangle", "upsilon",
                                        "zeta", "weave",    "3d"};
    static const uint32_t sides[] = {1, 2, 3, 4, 5, 8};
    for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
        const struct maze_grid_kind *kind = maze_grid_kind_find(kinds[k]);
        assert_non_null(kind);
        bool layered = kind->sizes[MAZE_SIZE_LEVELS].meaning != NULL;
        for (uint32_t levels = 1; levels <= (layered ? 5u : 1u); levels++) {
            for (size_t i = 0; i < sizeof(sides) / sizeof(sides[0]); i++) {
                for (size_t j = 0; j < sizeof(sides) / sizeof(sides[0]); j++) {
                    check_kind(kind, sides[i], sides[j], levels, 2);
                }
            }
            check_kind(kind, 2, 40, levels, 1);
            check_kind(kind, 40, 2, levels, 1);
        }
    }
}

/* A single corridor winding through every cell: the walk is as deep as
 * the grid has cells. */
static void
test_search_serpentine(void **state)
{
    (void)state;
    struct fixture f;
    uint32_t w = 90, h = 70;
    fixture_create(&f, w, h);
    for (uint32_t y = 0; y < h; y++) {
        for (uint32_t x = 0; x + 1 < w; x++) {
            open_cells(&f, cell_at(&f, x, y), cell_at(&f, x + 1, y));
        }
        if (y + 1 < h) {
            uint32_t x = y % 2 == 0 ? w - 1 : 0;
            open_cells(&f, cell_at(&f, x, y), cell_at(&f, x, y + 1));
        }
    }
    uint32_t a, b;
    assert_int_equal(maze_longest_path_ends(f.maze, &a, &b), MAZE_OK);
    uint32_t last = cell_at(&f, h % 2 == 0 ? 0 : w - 1, h - 1);
    assert_int_equal(a, last);
    assert_int_equal(b, 0);
    struct maze_path *p;
    assert_int_equal(maze_solve_between(f.maze, 0, last, &p), MAZE_OK);
    assert_int_equal(p->length, (size_t)w * h);
    assert_int_equal(p->cells[w], cell_at(&f, w - 1, 1));
    maze_path_destroy(p);
    fixture_finish(&f);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_search_every_kind_small),
        cmocka_unit_test(test_search_every_kind_large),
        cmocka_unit_test(test_search_stencil_kinds_sizes),
        cmocka_unit_test(test_search_serpentine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
