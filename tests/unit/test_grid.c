/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for rectangular grids (grid.h): counts, the neighbour and
 * edge relations agree with each other and with the geometry, identifiers
 * round-trip through coordinates, and bad sizes are refused. Everything
 * goes through the public API, since generators, solver and exporters see
 * grids only through it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "support.h"

static const struct size sizes[] = {
    {1, 1}, {1, 40}, {40, 1}, {2, 2}, {37, 23}, {3, 5},
};

#define SIZE_COUNT (sizeof(sizes) / sizeof(sizes[0]))

static struct maze_grid *
make_grid(uint32_t w, uint32_t h)
{
    struct maze_grid *g = NULL;
    assert_int_equal(maze_grid_create_rect(w, h, &g), MAZE_OK);
    assert_non_null(g);
    return g;
}

static void
test_grid_counts(void **state)
{
    (void)state;
    for (size_t k = 0; k < SIZE_COUNT; k++) {
        uint32_t w = sizes[k].w, h = sizes[k].h;
        struct maze_grid *g = make_grid(w, h);
        assert_ptr_equal(maze_grid_kind(g), RECT_KIND);
        assert_string_equal(maze_grid_kind_name(g), "rect");
        assert_int_equal(maze_grid_width(g), w);
        assert_int_equal(maze_grid_height(g), h);
        assert_int_equal(maze_grid_cell_count(g), w * h);
        assert_int_equal(maze_grid_edge_count(g), (w - 1) * h + w * (h - 1));
        uint32_t slots = maze_grid_edge_slots(g);
        assert_true(slots >= maze_grid_edge_count(g));
        /* edge_count is the number of slots that hold an edge. */
        uint32_t existing = 0;
        for (uint32_t e = 0; e < slots; e++) {
            existing += maze_grid_edge_exists(g, e);
        }
        assert_int_equal(existing, maze_grid_edge_count(g));
        /* Past the slots nothing exists. */
        assert_false(maze_grid_edge_exists(g, slots));
        assert_false(maze_grid_edge_exists(g, MAZE_NONE));
        double ew, eh;
        maze_grid_extent(g, &ew, &eh);
        assert_true(ew == w && eh == h);
        maze_grid_destroy(g);
    }
}

/* The link from `from` to `to`, or NULL. */
static const struct maze_link *
find_link(const struct maze_link *links, unsigned n, uint32_t to)
{
    for (unsigned i = 0; i < n; i++) {
        if (links[i].cell == to) {
            return &links[i];
        }
    }
    return NULL;
}

static void
test_grid_neighbors_symmetric(void **state)
{
    (void)state;
    for (size_t k = 0; k < SIZE_COUNT; k++) {
        struct maze_grid *g = make_grid(sizes[k].w, sizes[k].h);
        uint32_t cells = maze_grid_cell_count(g);
        uint32_t slots = maze_grid_edge_slots(g);
        unsigned *uses = calloc(slots, sizeof(unsigned));
        assert_non_null(uses);
        uint64_t degree_sum = 0;
        for (uint32_t c = 0; c < cells; c++) {
            struct maze_link links[MAZE_GRID_MAX_DEGREE];
            unsigned n = maze_grid_neighbors(g, c, links);
            assert_true(n <= 4);
            degree_sum += n;
            for (unsigned i = 0; i < n; i++) {
                uint32_t d = links[i].cell, e = links[i].edge;
                assert_true(d < cells);
                assert_true(d != c);
                assert_true(maze_grid_edge_exists(g, e));
                uses[e]++;
                /* c is a neighbour of d through the same edge. */
                struct maze_link back[MAZE_GRID_MAX_DEGREE];
                unsigned m = maze_grid_neighbors(g, d, back);
                const struct maze_link *l = find_link(back, m, c);
                assert_non_null(l);
                assert_int_equal(l->edge, e);
                /* The edge joins exactly these two, lower first. */
                uint32_t a, b;
                maze_grid_edge_cells(g, e, &a, &b);
                assert_int_equal(a, c < d ? c : d);
                assert_int_equal(b, c < d ? d : c);
                /* No cell is listed twice. */
                for (unsigned j = i + 1; j < n; j++) {
                    assert_true(links[j].cell != d);
                }
            }
        }
        /* Each edge is seen once from each end. */
        assert_int_equal(degree_sum, 2 * (uint64_t)maze_grid_edge_count(g));
        for (uint32_t e = 0; e < slots; e++) {
            assert_int_equal(uses[e], maze_grid_edge_exists(g, e) ? 2 : 0);
        }
        free(uses);
        maze_grid_destroy(g);
    }
}

static void
test_grid_neighbor_order_and_class(void **state)
{
    (void)state;
    for (size_t k = 0; k < SIZE_COUNT; k++) {
        uint32_t w = sizes[k].w, h = sizes[k].h;
        struct maze_grid *g = make_grid(w, h);
        for (uint32_t y = 0; y < h; y++) {
            for (uint32_t x = 0; x < w; x++) {
                uint32_t c;
                assert_int_equal(cell_at_xy(g, x, y, &c), MAZE_OK);
                /* East, south, west, north, skipping those off the grid. */
                uint32_t expect[4];
                unsigned cls[4];
                unsigned n = 0;
                if (x + 1 < w) {
                    expect[n] = c + 1;
                    cls[n++] = MAZE_CLASS_H;
                }
                if (y + 1 < h) {
                    expect[n] = c + w;
                    cls[n++] = MAZE_CLASS_V;
                }
                if (x > 0) {
                    expect[n] = c - 1;
                    cls[n++] = MAZE_CLASS_H;
                }
                if (y > 0) {
                    expect[n] = c - w;
                    cls[n++] = MAZE_CLASS_V;
                }
                struct maze_link links[MAZE_GRID_MAX_DEGREE];
                assert_int_equal(maze_grid_neighbors(g, c, links), n);
                for (unsigned i = 0; i < n; i++) {
                    assert_int_equal(links[i].cell, expect[i]);
                    assert_int_equal(maze_grid_edge_class(g, links[i].edge),
                                     cls[i]);
                }
            }
        }
        maze_grid_destroy(g);
    }
}

static void
test_grid_edge_cells_match_class(void **state)
{
    (void)state;
    for (size_t k = 0; k < SIZE_COUNT; k++) {
        struct maze_grid *g = make_grid(sizes[k].w, sizes[k].h);
        uint32_t slots = maze_grid_edge_slots(g);
        for (uint32_t e = 0; e < slots; e++) {
            if (!maze_grid_edge_exists(g, e)) {
                continue;
            }
            uint32_t a, b, ax, ay, bx, by;
            maze_grid_edge_cells(g, e, &a, &b);
            assert_true(a < b && b < maze_grid_cell_count(g));
            cell_xy(g, a, &ax, &ay);
            cell_xy(g, b, &bx, &by);
            if (maze_grid_edge_class(g, e) == MAZE_CLASS_H) {
                /* An east-west passage: b is east of a. */
                assert_int_equal(bx, ax + 1);
                assert_int_equal(by, ay);
            } else {
                assert_int_equal(maze_grid_edge_class(g, e), MAZE_CLASS_V);
                assert_int_equal(bx, ax);
                assert_int_equal(by, ay + 1);
            }
        }
        maze_grid_destroy(g);
    }
}

static int
same_point(struct maze_point p, struct maze_point q)
{
    return p.x == q.x && p.y == q.y;
}

/* Whether two segments are the same, in either direction. */
static int
same_segment(const struct maze_side *s, const struct maze_side *t)
{
    return (same_point(s->a, t->a) && same_point(s->b, t->b)) ||
           (same_point(s->a, t->b) && same_point(s->b, t->a));
}

static void
test_grid_cell_sides_boundary(void **state)
{
    (void)state;
    for (size_t k = 0; k < SIZE_COUNT; k++) {
        uint32_t w = sizes[k].w, h = sizes[k].h;
        struct maze_grid *g = make_grid(w, h);
        uint32_t cells = maze_grid_cell_count(g);
        unsigned boundary = 0;
        for (uint32_t c = 0; c < cells; c++) {
            struct maze_side sides[MAZE_GRID_MAX_DEGREE];
            unsigned n = maze_grid_cell_sides(g, c, sides);
            assert_int_equal(n, 4);
            uint32_t x, y;
            cell_xy(g, c, &x, &y);
            struct maze_point center = maze_grid_cell_center(g, c);
            assert_true(center.x == x + 0.5 && center.y == y + 0.5);
            unsigned edges = 0;
            for (unsigned i = 0; i < n; i++) {
                const struct maze_side *s = &sides[i];
                /* A unit segment on the cell's square. */
                double len = (s->a.x - s->b.x) + (s->a.y - s->b.y);
                assert_true(len == 1.0 || len == -1.0);
                int vertical = s->a.x == s->b.x;
                assert_true(vertical || s->a.y == s->b.y);
                double line = vertical ? s->a.x : s->a.y;
                double lo = vertical ? x : y;
                assert_true(line == lo || line == lo + 1);
                int on_boundary = vertical ? (line == 0 || line == w)
                                           : (line == 0 || line == h);
                if (on_boundary) {
                    assert_int_equal(s->edge, MAZE_NONE);
                    boundary++;
                    continue;
                }
                assert_true(s->edge != MAZE_NONE);
                edges++;
                /* The edge behind the side leads to the cell across it,
                 * whose own side is the same segment with the same edge. */
                uint32_t a, b;
                maze_grid_edge_cells(g, s->edge, &a, &b);
                assert_true(a == c || b == c);
                uint32_t other = a == c ? b : a;
                struct maze_side os[MAZE_GRID_MAX_DEGREE];
                unsigned on = maze_grid_cell_sides(g, other, os);
                unsigned match = 0;
                for (unsigned j = 0; j < on; j++) {
                    if (os[j].edge == s->edge) {
                        assert_true(same_segment(&os[j], s));
                        match++;
                    }
                }
                assert_int_equal(match, 1);
            }
            struct maze_link links[MAZE_GRID_MAX_DEGREE];
            assert_int_equal(edges, maze_grid_neighbors(g, c, links));
        }
        /* The outer wall has perimeter 2(w + h) unit sides. */
        assert_int_equal(boundary, 2 * (w + h));
        maze_grid_destroy(g);
    }
}

static void
test_grid_coords_round_trip(void **state)
{
    (void)state;
    for (size_t k = 0; k < SIZE_COUNT; k++) {
        uint32_t w = sizes[k].w, h = sizes[k].h;
        struct maze_grid *g = make_grid(w, h);
        unsigned char *hit = calloc(w * h, 1);
        assert_non_null(hit);
        for (uint32_t y = 0; y < h; y++) {
            for (uint32_t x = 0; x < w; x++) {
                uint32_t c = MAZE_NONE, cx, cy;
                assert_int_equal(cell_at_xy(g, x, y, &c), MAZE_OK);
                assert_true(c < w * h);
                assert_int_equal(hit[c], 0);
                hit[c] = 1;
                cell_xy(g, c, &cx, &cy);
                assert_int_equal(cx, x);
                assert_int_equal(cy, y);
            }
        }
        free(hit);
        uint32_t c = 12345;
        assert_int_equal(cell_at_xy(g, w, 0, &c), MAZE_ERR_RANGE);
        assert_int_equal(cell_at_xy(g, 0, h, &c), MAZE_ERR_RANGE);
        assert_int_equal(cell_at_xy(g, w, h, &c), MAZE_ERR_RANGE);
        assert_int_equal(cell_at_xy(g, UINT32_MAX, 0, &c), MAZE_ERR_RANGE);
        assert_int_equal(cell_at_xy(g, 0, UINT32_MAX, &c), MAZE_ERR_RANGE);
        maze_grid_destroy(g);
    }
}

static void
test_grid_create_range_errors(void **state)
{
    (void)state;
    static const struct size bad[] = {
        {0, 1},
        {1, 0},
        {0, 0},
        {0, UINT32_MAX},
        {65536, 32768}, /* 2^31, one past the limit */
        {32768, 65536},
        {65536, 65536}, /* 2^32: wraps to 0 in 32 bits */
        {65537, 65537}, /* wraps to a small product in 32 bits */
        {UINT32_MAX, UINT32_MAX},
        {UINT32_MAX, 2},
        {MAZE_MAX_CELLS, 2},
    };
    for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
        struct maze_grid *g = NULL;
        assert_int_equal(maze_grid_create_rect(bad[k].w, bad[k].h, &g),
                         MAZE_ERR_RANGE);
        assert_null(g);
    }
}

static void
test_grid_create_largest(void **state)
{
    (void)state;
    /* Exactly MAZE_MAX_CELLS cells is allowed, and the counts (which are
     * near 2^32 in slots) do not overflow. Grids are arithmetic, so this
     * allocates nothing per cell. */
    static const struct size big[] = {{1, MAZE_MAX_CELLS}, {MAZE_MAX_CELLS, 1}};
    for (size_t k = 0; k < 2; k++) {
        struct maze_grid *g = make_grid(big[k].w, big[k].h);
        assert_int_equal(maze_grid_cell_count(g), MAZE_MAX_CELLS);
        assert_int_equal(maze_grid_edge_count(g), MAZE_MAX_CELLS - 1);
        assert_true(maze_grid_edge_slots(g) >= MAZE_MAX_CELLS - 1);
        assert_true(maze_grid_edge_slots(g) != MAZE_NONE);
        uint32_t c, x, y;
        assert_int_equal(cell_at_xy(g, big[k].w - 1, big[k].h - 1, &c),
                         MAZE_OK);
        assert_int_equal(c, MAZE_MAX_CELLS - 1);
        cell_xy(g, c, &x, &y);
        assert_int_equal(x, big[k].w - 1);
        assert_int_equal(y, big[k].h - 1);
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        assert_int_equal(maze_grid_neighbors(g, c, links), 1);
        assert_int_equal(links[0].cell, c - 1);
        maze_grid_destroy(g);
    }
}

static void
test_grid_create_null_out(void **state)
{
    (void)state;
    assert_int_equal(maze_grid_create_rect(3, 3, NULL), MAZE_ERR_INVALID);
    assert_int_equal(maze_grid_create_rect(0, 0, NULL), MAZE_ERR_INVALID);
    maze_grid_destroy(NULL);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grid_counts),
        cmocka_unit_test(test_grid_neighbors_symmetric),
        cmocka_unit_test(test_grid_neighbor_order_and_class),
        cmocka_unit_test(test_grid_edge_cells_match_class),
        cmocka_unit_test(test_grid_cell_sides_boundary),
        cmocka_unit_test(test_grid_coords_round_trip),
        cmocka_unit_test(test_grid_create_range_errors),
        cmocka_unit_test(test_grid_create_largest),
        cmocka_unit_test(test_grid_create_null_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
