/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for the kinds' neighbourhoods as data (core/grid_impl.h,
 * maze__stencil): on every kind that has one, at every size around the
 * edges of its phases (1 and 2 cells wide, odd and even sizes, several
 * levels), the neighbours maze__stencil_neighbors() evaluates are the
 * kind's own neighbors operation's, cell by cell, in the same order; the
 * class the stencil gives each edge is edge_class()'s; and every slot
 * exists, and joins the same cells, as edge_exists() and edge_cells()
 * say; and the conflicting pairs it gives are conflict()'s. Generators draw by
 * position in those lists and orders, so any difference would change mazes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "gen/gen.h"
#include "support.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Existing edges whose conflict partner the stencil gave. */
static uint64_t paired;

/*
 * A stencil's conflicting pairs (maze__stencil.partner) are the kind's
 * conflict operation's for the existing edge e, and maze__edge_blocked()
 * answers from them: blocked exactly when that partner is open.
 */
static void
check_partner(const struct maze_grid *g, uint32_t e)
{
    const struct maze__stencil *s = g->stencil;
    if (!g->conflicts || g->ops->blocked != NULL) {
        return;
    }
    /* A kind with pairs gives them as data, so hot loops make no call. */
    assert_true(s->pairs);
    int d = s->partner[e % s->slots];
    uint32_t want = g->ops->conflict(g, e);
    assert_int_equal(d == 0 ? MAZE_NONE : e + (uint32_t)d, want);
    if (want == MAZE_NONE) {
        return;
    }
    paired++;
    struct maze *m = NULL;
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    assert_false(maze__edge_blocked(m, e));
    maze__open(m, want);
    assert_true(maze__edge_blocked(m, e));
    maze__close(m, want);
    maze__open(m, e);
    assert_false(maze__edge_blocked(m, e));
    maze_destroy(m);
}

/* Every cell's neighbours and their classes, both ways; returns the
 * number of cells checked through a stencil. */
static uint64_t
check_grid(const struct maze_grid *g)
{
    if (g->stencil == NULL) {
        return 0;
    }
    for (uint32_t e = 0; e < g->edge_slots; e++) {
        bool exists = g->ops->edge_exists(g, e);
        assert_int_equal(maze__edge_exists(g, e), exists);
        if (exists) {
            uint32_t a, b, c, d;
            g->ops->edge_cells(g, e, &a, &b);
            maze__edge_cells(g, e, &c, &d);
            assert_int_equal(a, c);
            assert_int_equal(b, d);
            check_partner(g, e);
        }
    }
    for (uint32_t c = 0; c < g->cells; c++) {
        struct maze_link fast[MAZE_GRID_MAX_DEGREE];
        struct maze_link slow[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze__stencil_neighbors(g, c, fast);
        unsigned k = g->ops->neighbors(g, c, slow);
        assert_int_equal(n, k);
        for (unsigned i = 0; i < n; i++) {
            assert_int_equal(fast[i].cell, slow[i].cell);
            assert_int_equal(fast[i].edge, slow[i].edge);
            assert_int_equal(maze__edge_class(g, fast[i].edge),
                             g->ops->edge_class(g, fast[i].edge));
        }
    }
    return g->cells;
}

/* The sum of check over a grid of every kind, n sides (of sides) by n,
 * and 1 to 3 levels, where the kind makes one. */
static uint64_t
each_grid(const uint32_t *sides, size_t n,
          uint64_t (*check)(const struct maze_grid *g))
{
    static const uint32_t levels[] = {1, 2, 3};
    uint64_t sum = 0;
    for (size_t k = 0; k < maze_grid_kind_count(); k++) {
        const struct maze_grid_kind *kind = maze_grid_kind_at(k);
        for (size_t i = 0; i < n; i++) {
            for (size_t j = 0; j < n; j++) {
                for (size_t l = 0; l < COUNT(levels); l++) {
                    struct maze_grid *g =
                        kind_grid(kind, sides[i], sides[j], levels[l]);
                    if (g != NULL) {
                        sum += check(g);
                    }
                    maze_grid_destroy(g);
                }
            }
        }
    }
    return sum;
}

static void
test_stencil_matches_neighbors(void **state)
{
    (void)state;
    static const uint32_t sides[] = {1, 2, 3, 4, 5, 8, 13, 40};
    uint64_t checked = each_grid(sides, COUNT(sides), check_grid);
    /* The row-by-row kinds all went through their stencils, and zeta's
     * diagonals through their pairs. */
    assert_true(checked > 0);
    assert_true(paired > 0);
}

/*
 * A cell maze__grid_inside() calls inside has no side on the outer
 * boundary, by its sides' geometry (maze__grid_opening()), and on a whole
 * grid with a stencil every cell away from its level's first and last
 * columns and rows is called inside: (w - 2) x (h - 2) a level. Returns
 * the cells called inside.
 */
static uint64_t
check_inside(const struct maze_grid *g)
{
    uint64_t inside = 0;
    for (uint32_t c = 0; c < g->cells; c++) {
        if (maze__grid_inside(g, c)) {
            inside++;
            assert_int_equal(maze__grid_opening(g, c, false, MAZE_NONE),
                             MAZE_NONE);
            assert_false(maze__on_boundary(g, c));
        }
    }
    if (g->stencil != NULL && g->width > 2 && g->height > 2) {
        assert_int_equal(inside, (uint64_t)(g->width - 2) * (g->height - 2) *
                                     g->layers);
    } else if (g->stencil == NULL) {
        assert_int_equal(inside, 0);
    }
    return inside;
}

static void
test_stencil_inside(void **state)
{
    (void)state;
    static const uint32_t sides[] = {1, 2, 3, 4, 5, 8, 13};
    assert_true(each_grid(sides, COUNT(sides), check_inside) > 0);
}

/* The kinds whose cells go row by row describe themselves as data, so
 * the hot loops reach them without a call. */
static void
test_stencil_row_kinds_have_one(void **state)
{
    (void)state;
    static const char *const kinds[] = {"hex",  "triangle", "upsilon",
                                        "zeta", "3d",       "weave"};
    for (size_t i = 0; i < COUNT(kinds); i++) {
        struct maze_grid *g = kind_grid(maze_grid_kind_find(kinds[i]), 9, 7, 3);
        assert_non_null(g);
        assert_non_null(g->stencil);
        assert_true(check_grid(g) == g->cells);
        maze_grid_destroy(g);
    }
}

/* A masked grid goes through its own operations, not the whole grid's
 * stencil, and still lists its own cells. */
static void
test_stencil_not_on_masks(void **state)
{
    (void)state;
    struct maze_mask *mask = NULL;
    assert_int_equal(maze_mask_create(4, 3, &mask), MAZE_OK);
    for (uint32_t y = 0; y < 3; y++) {
        for (uint32_t x = 0; x < 4; x++) {
            maze_mask_set(mask, x, y,
                          !(x == 2 && y == 0) && !(x == 0 && y == 2));
        }
    }
    struct maze_grid_params p = MAZE_GRID_PARAMS_INIT;
    p.mask = mask;
    struct maze_grid *g = NULL;
    assert_int_equal(maze_grid_create(maze_grid_kind_find("hex"), &p, &g),
                     MAZE_OK);
    assert_null(g->stencil);
    for (uint32_t c = 0; c < g->cells; c++) {
        struct maze_link l[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze__neighbors(g, c, l);
        for (unsigned i = 0; i < n; i++) {
            assert_true(l[i].cell < g->cells);
        }
    }
    maze_grid_destroy(g);
    maze_mask_destroy(mask);
}

/* Marsaglia's xorshift64: passages opened at random, the same every
 * run. */
static uint64_t
xorshift(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Checks the pairs' mask of cell against maze__edge_blocked(), step by
 * step into the grid; counts the steps asked, and in *blocked those
 * blocked. */
static uint64_t
check_pair_steps(const struct maze *m, const struct maze__pair_steps *ps,
                 uint32_t cell, uint64_t *blocked)
{
    const struct maze_grid *g = m->grid;
    const struct maze__stencil *s = g->stencil;
    uint32_t x, y, z;
    unsigned phase = maze__stencil_place(g, cell, &x, &y, &z);
    unsigned mask =
        maze__pair_steps_blocked(ps, m->bits, s->slots * cell, phase);
    uint64_t asked = 0;
    for (unsigned i = 0; i < s->count[phase]; i++) {
        const struct maze__stencil_step *t = &s->step[phase][i];
        if (x + (uint32_t)t->dx >= g->width ||
            y + (uint32_t)t->dy >= g->height ||
            z + (uint32_t)t->dz >= g->layers) {
            continue;
        }
        uint32_t nc =
            (uint32_t)((int64_t)cell + t->dx + (int64_t)t->dy * g->width +
                       (int64_t)t->dz * g->layer_cells);
        uint32_t e = s->slots * (t->theirs ? nc : cell) + t->slot;
        bool want = maze__edge_blocked(m, e);
        assert_int_equal((mask >> i) & 1u, want);
        asked++;
        *blocked += want;
    }
    return asked;
}

/*
 * maze__pair_steps_blocked() answers as maze__edge_blocked() for every
 * step of every cell into a cell of the grid (the walks ask nothing about
 * the others), with passages open at random, the partners among them:
 * the walks filter their candidates by it instead, so a pair taken from
 * the wrong slot or cell, or a bit read off the passages, would change
 * mazes or let two diagonals cross. Kinds whose rule is not pairs alone
 * (weave) or with no conflicts do not take it.
 */
static void
test_stencil_pair_steps(void **state)
{
    (void)state;
    static const uint32_t sides[] = {1, 2, 3, 4, 7, 64, 65};
    uint64_t rng = 88172645463325252ull, asked = 0, blocked = 0;
    for (size_t k = 0; k < maze_grid_kind_count(); k++) {
        const struct maze_grid_kind *kind = maze_grid_kind_at(k);
        for (size_t i = 0; i < COUNT(sides); i++) {
            for (size_t j = 0; j < COUNT(sides); j++) {
                struct maze_grid *g = kind_grid(kind, sides[i], sides[j], 2);
                struct maze__padded p;
                struct maze *m = NULL;
                if (g == NULL || g->stencil == NULL ||
                    !maze__padded_init(g, &p)) {
                    maze_grid_destroy(g);
                    continue;
                }
                assert_int_equal(maze_create(g, &m), MAZE_OK);
                struct maze__pair_steps ps;
                bool ok = maze__pair_steps_init(m, &p, &ps);
                assert_int_equal(ok, g->conflicts && g->ops->blocked == NULL);
                for (unsigned round = 0; ok && round < 3; round++) {
                    for (uint32_t e = 0; e < g->edge_slots; e++) {
                        if (maze__edge_exists(g, e) &&
                            xorshift(&rng) % 3 == round) {
                            maze__open(m, e);
                        }
                    }
                    for (uint32_t c = 0; c < g->cells; c++) {
                        asked += check_pair_steps(m, &ps, c, &blocked);
                    }
                }
                maze_destroy(m);
                maze_grid_destroy(g);
            }
        }
    }
    /* Zeta took it, and its partners were found open and closed. */
    assert_true(blocked > 0);
    assert_true(asked > blocked);
}

/*
 * maze__block_unvisited() gives the mask of steps into unvisited cells
 * that eight reads of single visited bits give, for every cell of every
 * kind whose stencil stays in the 3 x 3 block around its cells (zeta's
 * and upsilon's king grids at least), with cells visited at random and
 * the border as maze__stencil_visited() sets it; the row reads start at
 * any bit of a word, and end next to the last word.
 */
static void
test_stencil_block_look(void **state)
{
    (void)state;
    /* 5 x 7 and 1 x 19 end their bits a few short of a word (63). */
    static const uint32_t sides[] = {1, 2, 3, 5, 7, 19, 62, 63, 64, 65};
    uint64_t rng = 2463534242ull, looked = 0;
    bool king = false;
    for (size_t k = 0; k < maze_grid_kind_count(); k++) {
        const struct maze_grid_kind *kind = maze_grid_kind_at(k);
        for (size_t i = 0; i < COUNT(sides); i++) {
            for (size_t j = 0; j < COUNT(sides); j++) {
                struct maze_grid *g = kind_grid(kind, sides[i], sides[j], 2);
                struct maze__padded p;
                struct maze__block_look b;
                if (g == NULL || g->stencil == NULL ||
                    !maze__padded_init(g, &p) ||
                    !maze__block_look_init(g, &p, &b)) {
                    maze_grid_destroy(g);
                    continue;
                }
                king |= g->stencil->pairs;
                uint64_t *seen = maze__stencil_visited(g, &p);
                assert_non_null(seen);
                for (uint32_t c = 0; c < g->cells; c++) {
                    unsigned phase;
                    size_t pc = maze__padded_at(g, &p, c, &phase);
                    if (xorshift(&rng) % 2 == 0) {
                        maze__bit_set(seen, pc);
                    }
                }
                for (uint32_t c = 0; c < g->cells; c++) {
                    unsigned phase, want = 0;
                    size_t pc = maze__padded_at(g, &p, c, &phase);
                    for (unsigned s = 0; s < g->stencil->count[phase]; s++) {
                        want |= (unsigned)!maze__bit_get(
                                    seen, pc + (size_t)p.pos[phase][s])
                                << s;
                    }
                    assert_int_equal(maze__block_unvisited(&b, seen, pc, phase),
                                     want);
                    looked++;
                }
                free(seen);
                maze_grid_destroy(g);
            }
        }
    }
    assert_true(king);
    assert_true(looked > 0);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stencil_matches_neighbors),
        cmocka_unit_test(test_stencil_row_kinds_have_one),
        cmocka_unit_test(test_stencil_not_on_masks),
        cmocka_unit_test(test_stencil_pair_steps),
        cmocka_unit_test(test_stencil_block_look),
        cmocka_unit_test(test_stencil_inside),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
