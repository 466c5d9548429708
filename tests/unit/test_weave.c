/* SPDX-License-Identifier: MIT */
/*
 * Weave grids beyond the conformance suite (which checks that every maze
 * is a spanning tree, tunnels counted, and that json round trips):
 *
 * - the over/under rule, checked by the test's own reading of the
 *   geometry, not the library's: every tunnel passes under a straight
 *   corridor across it (the cell between has exactly two passages, to the
 *   two cells on the other axis), no two tunnels under one cell, and the
 *   line between two neighbouring cells carries at most one passage
 *   (joining them, or tunnelling through it); so nothing turns or ends
 *   under a crossing;
 * - both weaving generators make crossings, more of them as the density
 *   grows, and the others refuse the grid; braiding keeps the rule;
 * - the rule as the stencil's data (read inline by the backtracker) and
 *   the kind's blocked operation agree with the test's reading of it for
 *   any passages, and the weaving generators make the mazes they made
 *   before (digests);
 * - the backtracker's weave walk, heard by a listener and weighted, is
 *   the same walk as unheard, and backs up only along what it opened;
 * - the loader refuses a tunnel the rule forbids;
 * - the drawing shows over and under: around each crossing the corridor
 *   over it keeps both its walls through the cell while the tunnel's walls
 *   stop at them, and the solution line lifts where it goes under.
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

#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "layout/layout.h"
#include "support.h"

#define WEAVE maze_grid_kind_find("weave")
/* Where a corridor's walls sit in from the cell's sides (grid_weave.c). */
#define INSET 0.2

static struct maze_grid *
weave_grid(uint32_t w, uint32_t h)
{
    struct maze_grid_params p = {.struct_size = sizeof(struct maze_grid_params),
                                 .size = {w, h}};
    struct maze_grid *g;
    assert_int_equal(maze_grid_create(WEAVE, &p, &g), MAZE_OK);
    return g;
}

static int
carve(struct maze *m, const char *alg, uint64_t seed, uint32_t weave)
{
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = alg,
                                      .seed = seed,
                                      .weave = weave};
    return maze_generate(m, &o);
}

/* The ordinary edge between neighbouring cells a and b (the line between
 * them), or MAZE_NONE. */
static uint32_t
line_between(const struct maze_grid *g, uint32_t a, uint32_t b)
{
    uint32_t e = maze_grid_edge_between(g, a, b);
    return e != MAZE_NONE && maze_grid_edge_under(g, e) == MAZE_NONE
               ? e
               : MAZE_NONE;
}

/* Checks the rule; returns the number of crossings. */
static unsigned
check_rule(const struct maze *m)
{
    const struct maze_grid *g = maze_grid(m);
    uint32_t slots = maze_grid_edge_slots(g);
    uint8_t *carried = calloc(slots, 1);
    uint8_t *under = calloc(maze_grid_cell_count(g), 1);
    assert_non_null(carried);
    assert_non_null(under);
    unsigned crossings = 0;
    uint32_t w = maze_grid_width(g);
    for (uint32_t e = 0; e < slots; e++) {
        if (!maze_grid_edge_exists(g, e) || !maze_is_open(m, e)) {
            continue;
        }
        uint32_t a, c;
        maze_grid_edge_cells(g, e, &a, &c);
        uint32_t b = maze_grid_edge_under(g, e);
        if (b == MAZE_NONE) {
            carried[e]++;
            continue;
        }
        crossings++;
        /* In a line: a, b, c one step apart. */
        assert_int_equal(b - a, c - b);
        assert_true(line_between(g, a, b) != MAZE_NONE);
        carried[line_between(g, a, b)]++;
        carried[line_between(g, b, c)]++;
        assert_int_equal(under[b]++, 0);
        /* b: exactly two passages, both across the tunnel's way. */
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze_grid_neighbors(g, b, links);
        unsigned open = 0;
        uint32_t ends[2] = {MAZE_NONE, MAZE_NONE};
        for (unsigned i = 0; i < n; i++) {
            if (maze_is_open(m, links[i].edge)) {
                assert_true(open < 2);
                ends[open++] = links[i].cell;
                assert_true(maze_grid_edge_under(g, links[i].edge) ==
                            MAZE_NONE);
            }
        }
        assert_int_equal(open, 2);
        bool horizontal = c - a == 2;
        uint32_t across = horizontal ? w : 1;
        assert_true((ends[0] + across == b && b + across == ends[1]) ||
                    (ends[1] + across == b && b + across == ends[0]));
    }
    for (uint32_t e = 0; e < slots; e++) {
        if (carried[e] > 1) {
            fail_msg("the line of edge %u carries %u passages", e, carried[e]);
        }
    }
    free(carried);
    free(under);
    return crossings;
}

/* The stencil's data of the cell each tunnel passes under (read inline by
 * kruskal) agrees with the kind's under operation, edge by edge. */
static void
test_weave_under_data(void **state)
{
    (void)state;
    static const uint32_t sizes[][2] = {{2, 2}, {3, 3},  {2, 7},  {7, 2},
                                        {5, 4}, {9, 13}, {31, 17}};
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        struct maze_grid_params p = MAZE_GRID_PARAMS_INIT;
        p.size[MAZE_SIZE_WIDTH] = sizes[i][0];
        p.size[MAZE_SIZE_HEIGHT] = sizes[i][1];
        struct maze_grid *g;
        assert_int_equal(maze_grid_create(WEAVE, &p, &g), MAZE_OK);
        assert_non_null(g->stencil);
        unsigned tunnels = 0;
        for (uint32_t e = 0; e < g->edge_slots; e++) {
            if (!maze_grid_edge_exists(g, e)) {
                continue;
            }
            uint32_t want = g->ops->under(g, e);
            tunnels += want != MAZE_NONE;
            if (maze__stencil_under(g, e) != want) {
                fail_msg("%ux%u: edge %u passes under %u, data says %u",
                         sizes[i][0], sizes[i][1], (unsigned)e, (unsigned)want,
                         (unsigned)maze__stencil_under(g, e));
            }
        }
        uint32_t w = sizes[i][0], h = sizes[i][1];
        assert_int_equal(tunnels,
                         (w > 2 ? (w - 2) * h : 0) + (h > 2 ? (h - 2) * w : 0));
        maze_grid_destroy(g);
    }
}

static void
test_weave_rule(void **state)
{
    (void)state;
    static const struct size sizes[] = {{1, 1}, {1, 7},   {7, 1},
                                        {2, 2}, {3, 3},   {5, 3},
                                        {8, 8}, {23, 17}, {40, 40}};
    static const uint32_t densities[] = {1, 10, 50, 100};
    const char *algs[] = {"backtracker", "kruskal"};
    for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
        struct maze_grid *g = weave_grid(sizes[s].w, sizes[s].h);
        struct maze *m;
        assert_int_equal(maze_create(g, &m), MAZE_OK);
        for (int a = 0; a < 2; a++) {
            for (size_t d = 0; d < 4; d++) {
                unsigned crossings = 0;
                for (uint64_t seed = 0; seed < 12; seed++) {
                    assert_int_equal(carve(m, algs[a], seed, densities[d]),
                                     MAZE_OK);
                    check_perfect(m, algs[a], seed);
                    crossings += check_rule(m);
                }
                if (sizes[s].w >= 8 && sizes[s].h >= 8 && densities[d] >= 10) {
                    /* Big enough to cross, and it does. */
                    assert_true(crossings > 0);
                }
            }
        }
        maze_destroy(m);
        maze_grid_destroy(g);
    }
}

/*
 * The rule, read by the test from the geometry, for any passages: edge e
 * (which may be open itself) is blocked when a line it takes carries
 * another open passage, or, a tunnel, when the cell over it is not open
 * on both its sides across the tunnel's way.
 */
static bool
reference_blocked(const struct maze *m, uint32_t e)
{
    const struct maze_grid *g = maze_grid(m);
    uint32_t w = maze_grid_width(g), h = maze_grid_height(g);
    uint32_t slots = maze_grid_edge_slots(g);
    uint32_t a, c, b = maze_grid_edge_under(g, e);
    maze_grid_edge_cells(g, e, &a, &c);
    uint32_t lines[2] = {line_between(g, a, b == MAZE_NONE ? c : b),
                         b == MAZE_NONE ? MAZE_NONE : line_between(g, b, c)};
    for (uint32_t o = 0; o < slots; o++) {
        if (o == e || !maze_grid_edge_exists(g, o) || !maze_is_open(m, o)) {
            continue;
        }
        uint32_t oa, oc, ob = maze_grid_edge_under(g, o);
        maze_grid_edge_cells(g, o, &oa, &oc);
        uint32_t carried[2] = {line_between(g, oa, ob == MAZE_NONE ? oc : ob),
                               ob == MAZE_NONE ? MAZE_NONE
                                               : line_between(g, ob, oc)};
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                if (lines[i] != MAZE_NONE && lines[i] == carried[j]) {
                    return true;
                }
            }
        }
    }
    if (b == MAZE_NONE) {
        return false;
    }
    uint32_t bx = b % w, by = b / w;
    if (c - a == 2) {
        return by == 0 || by + 1 == h ||
               !maze_is_open(m, line_between(g, b - w, b)) ||
               !maze_is_open(m, line_between(g, b, b + w));
    }
    return bx == 0 || bx + 1 == w ||
           !maze_is_open(m, line_between(g, b - 1, b)) ||
           !maze_is_open(m, line_between(g, b, b + 1));
}

/* The rule as the kind's stencil data says it is read (maze__stencil.rule):
 * passages at fixed offsets from the first slot of e's owner, a read
 * outside the maze's bits closed. */
static bool
data_blocked(const struct maze *m, uint32_t e)
{
    const struct maze_grid *g = maze_grid(m);
    const struct maze__stencil *s = g->kind->stencil;
    unsigned slot = e % s->slots;
    for (unsigned r = 0; r < s->rule_count[slot]; r++) {
        const struct maze__stencil_pass *q = &s->rule[slot][r];
        int64_t at = (int64_t)e - slot +
                     s->slots * (q->dx + (int64_t)q->dy * g->width) + q->slot;
        assert_true(at != (int64_t)e);
        bool on = at >= 0 && at < (int64_t)g->edge_slots &&
                  maze_is_open(m, (uint32_t)at);
        if (on != q->open) {
            return true;
        }
    }
    return false;
}

/* The rule as data (read inline by the backtracker), the kind's blocked
 * operation and the test's reading of the geometry agree, edge by edge,
 * for random passages at several densities, up to the grid's sides. */
static void
test_weave_rule_data(void **state)
{
    (void)state;
    static const struct size sizes[] = {{1, 1}, {1, 5}, {5, 1},  {2, 2},
                                        {3, 3}, {4, 6}, {7, 5},  {9, 2},
                                        {2, 9}, {8, 8}, {13, 11}};
    uint64_t x = 88172645463325252ull;
    unsigned asked = 0, blocked = 0;
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        struct maze_grid *g = weave_grid(sizes[i].w, sizes[i].h);
        struct maze *m;
        assert_int_equal(maze_create(g, &m), MAZE_OK);
        /* The kind's: a grid one cell wide goes without its stencil. */
        assert_true(g->kind->stencil != NULL && g->kind->stencil->rules);
        uint32_t slots = maze_grid_edge_slots(g);
        for (unsigned pct = 10; pct <= 90; pct += 20) {
            for (int round = 0; round < 8; round++) {
                maze_clear(m);
                for (uint32_t e = 0; e < slots; e++) {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    if (maze_grid_edge_exists(g, e) && x % 100 < pct) {
                        maze_set_open(m, e, true);
                    }
                }
                for (uint32_t e = 0; e < slots; e++) {
                    if (!maze_grid_edge_exists(g, e)) {
                        continue;
                    }
                    bool want = reference_blocked(m, e);
                    if (maze__edge_blocked(m, e) != want ||
                        data_blocked(m, e) != want) {
                        fail_msg("%ux%u, edge %u: blocked %d, the kind says "
                                 "%d, the data %d",
                                 sizes[i].w, sizes[i].h, (unsigned)e, want,
                                 maze__edge_blocked(m, e), data_blocked(m, e));
                    }
                    asked++;
                    blocked += want;
                }
            }
        }
        maze_destroy(m);
        maze_grid_destroy(g);
    }
    /* Both answers came up often. */
    assert_true(blocked > asked / 10 && blocked < asked - asked / 10);
}

/* Same seed, same maze: the weaving generators' mazes as they were made
 * before their weave paths were sped up (passages_hash()), on a corridor,
 * small grids and 300 x 280, at densities 1, 30 and 100. */
static void
test_weave_digests(void **state)
{
    (void)state;
    static const struct size sizes[] = {{1, 1},   {2, 9},   {3, 3},    {7, 2},
                                        {17, 13}, {64, 64}, {300, 280}};
    static const uint32_t densities[] = {1, 30, 100};
    static const uint64_t expected[] = {
        0x14650fb0739d0383ull, /* backtracker 1x1 weave 1 seed 7 */
        0x14650fb0739d0383ull, /* backtracker 1x1 weave 30 seed 8 */
        0x14650fb0739d0383ull, /* backtracker 1x1 weave 100 seed 9 */
        0x2d63a51adca2d889ull, /* backtracker 2x9 weave 1 seed 8 */
        0xb4538ed08bf0bbcbull, /* backtracker 2x9 weave 30 seed 9 */
        0x8f9d855161637109ull, /* backtracker 2x9 weave 100 seed 10 */
        0x3c25a6042659ec3dull, /* backtracker 3x3 weave 1 seed 9 */
        0x3c25a6042659ec3dull, /* backtracker 3x3 weave 30 seed 10 */
        0x901deb27f66bbb7full, /* backtracker 3x3 weave 100 seed 11 */
        0xb9be5f5d260abb0dull, /* backtracker 7x2 weave 1 seed 10 */
        0x30c59f3c7a88bc93ull, /* backtracker 7x2 weave 30 seed 11 */
        0x59e73efa2ef4487dull, /* backtracker 7x2 weave 100 seed 12 */
        0x56f54a16a0f0c785ull, /* backtracker 17x13 weave 1 seed 11 */
        0xe38b6984f5b1dad9ull, /* backtracker 17x13 weave 30 seed 12 */
        0x9d7346f412e1841bull, /* backtracker 17x13 weave 100 seed 13 */
        0x9b5b8bfb2b92e9cfull, /* backtracker 64x64 weave 1 seed 12 */
        0x2d4066fab9ba90ffull, /* backtracker 64x64 weave 30 seed 13 */
        0x62303ff733070333ull, /* backtracker 64x64 weave 100 seed 14 */
        0x6457c9fdd0d6effbull, /* backtracker 300x280 weave 1 seed 13 */
        0xeec9a584a62fc081ull, /* backtracker 300x280 weave 30 seed 14 */
        0x58be90d45efec0efull, /* backtracker 300x280 weave 100 seed 15 */
        0x14650fb0739d0383ull, /* kruskal 1x1 weave 1 seed 7 */
        0x14650fb0739d0383ull, /* kruskal 1x1 weave 30 seed 8 */
        0x14650fb0739d0383ull, /* kruskal 1x1 weave 100 seed 9 */
        0xc8d0feaa2cc7a0c5ull, /* kruskal 2x9 weave 1 seed 8 */
        0x7cdb58df07bba1e1ull, /* kruskal 2x9 weave 30 seed 9 */
        0xc24cf31573ca92d7ull, /* kruskal 2x9 weave 100 seed 10 */
        0xee1e404311dab263ull, /* kruskal 3x3 weave 1 seed 9 */
        0x9c6f1e7e50a6207dull, /* kruskal 3x3 weave 30 seed 10 */
        0xa1947a35d61c2fa5ull, /* kruskal 3x3 weave 100 seed 11 */
        0x78a4dc71f76975adull, /* kruskal 7x2 weave 1 seed 10 */
        0x1bd4208ff959c74full, /* kruskal 7x2 weave 30 seed 11 */
        0x0ff62ceb78faf891ull, /* kruskal 7x2 weave 100 seed 12 */
        0x797bd0333b33cc4full, /* kruskal 17x13 weave 1 seed 11 */
        0xadf255734fd3f7f9ull, /* kruskal 17x13 weave 30 seed 12 */
        0xcab085f1a5ff1b11ull, /* kruskal 17x13 weave 100 seed 13 */
        0x52506965f1bd6edbull, /* kruskal 64x64 weave 1 seed 12 */
        0x4aa41c1c76c5b75bull, /* kruskal 64x64 weave 30 seed 13 */
        0x67ba7f0e089eb0a5ull, /* kruskal 64x64 weave 100 seed 14 */
        0x89dd0b5268f717a7ull, /* kruskal 300x280 weave 1 seed 13 */
        0x9f07da943ee4c3d7ull, /* kruskal 300x280 weave 30 seed 14 */
        0x5fef37628cbd1d4full, /* kruskal 300x280 weave 100 seed 15 */
    };
    const char *algs[] = {"backtracker", "kruskal"};
    size_t k = 0;
    for (int a = 0; a < 2; a++) {
        for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
            struct maze_grid *g = weave_grid(sizes[i].w, sizes[i].h);
            struct maze *m;
            assert_int_equal(maze_create(g, &m), MAZE_OK);
            for (size_t d = 0; d < 3; d++, k++) {
                uint64_t seed = 7 + i + d;
                assert_int_equal(carve(m, algs[a], seed, densities[d]),
                                 MAZE_OK);
                if (passages_hash(m) != expected[k]) {
                    fail_msg("%s %ux%u weave %u seed %u: another maze than "
                             "before",
                             algs[a], sizes[i].w, sizes[i].h,
                             (unsigned)densities[d], (unsigned)seed);
                }
            }
            maze_destroy(m);
            maze_grid_destroy(g);
        }
    }
    assert_int_equal(k, sizeof(expected) / sizeof(expected[0]));
}

/* What a listener hears of a backtracker's walk, checked as it comes:
 * the walk's head, and whether the maze has the edges heard opened. */
struct heard {
    const struct maze_grid *g;
    uint32_t head;
    uint32_t opens, backs;
    bool started, bad;
    uint8_t *opened; /* per edge slot */
};

static void
hear(void *ctx, const struct maze_step *st)
{
    struct heard *h = ctx;
    uint32_t a, b;
    switch (st->kind) {
    case MAZE_STEP_VISIT:
        /* The first cell, or the one the last passage led to. */
        h->bad |= h->started && st->cell != h->head;
        h->started = true;
        h->head = st->cell;
        break;
    case MAZE_STEP_OPEN:
        /* From the head to the cell it names, once. */
        maze_grid_edge_cells(h->g, st->edge, &a, &b);
        h->bad |= !((a == h->head && b == st->cell) ||
                    (b == h->head && a == st->cell));
        h->bad |= h->opened[st->edge] != 0;
        h->opened[st->edge] = 1;
        h->opens++;
        h->head = st->cell;
        break;
    case MAZE_STEP_BACKTRACK:
        /* Back along a passage the walk opened. */
        a = maze_grid_edge_between(h->g, h->head, st->cell);
        h->bad |= a == MAZE_NONE || !h->opened[a];
        h->head = st->cell;
        h->backs++;
        break;
    default:
        h->bad = true;
    }
}

/*
 * The backtracker's weave walk, heard and unheard, weighted and not, on
 * narrow grids (whose rule reads fall past the passages' ends) and wide
 * ones: the same maze with a listener as without, a walk that opens each
 * passage from its head and backs up only along passages it opened,
 * every cell but the first left by a step back, and the rule kept.
 */
static void
test_weave_backtracker_walk(void **state)
{
    (void)state;
    static const struct size sizes[] = {{2, 2}, {3, 40},  {40, 3},
                                        {5, 7}, {31, 29}, {120, 90}};
    static const uint32_t densities[] = {1, 30, 100};
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        struct maze_grid *g = weave_grid(sizes[i].w, sizes[i].h);
        struct maze *m, *heard_m;
        assert_int_equal(maze_create(g, &m), MAZE_OK);
        assert_int_equal(maze_create(g, &heard_m), MAZE_OK);
        uint32_t slots = maze_grid_edge_slots(g);
        for (size_t d = 0; d < 3; d++) {
            for (int weighted = 0; weighted < 2; weighted++) {
                struct maze_generate_options o = {
                    .struct_size = sizeof(struct maze_generate_options),
                    .algorithm = "backtracker",
                    .seed = 40 + i * 7 + d * 3 + (uint64_t)weighted,
                    .weave = densities[d]};
                if (weighted) {
                    o.bias.weight[0] = 3 * MAZE_WEIGHT_ONE;
                    o.bias.weight[1] = MAZE_WEIGHT_ONE;
                }
                assert_int_equal(maze_generate(m, &o), MAZE_OK);
                struct heard h = {.g = g, .opened = calloc(slots, 1)};
                assert_non_null(h.opened);
                struct maze_steps steps = {.step = hear, .ctx = &h};
                o.steps = &steps;
                assert_int_equal(maze_generate(heard_m, &o), MAZE_OK);
                uint32_t cells = maze_grid_cell_count(g);
                if (h.bad || h.opens + 1 != cells || h.backs != h.opens ||
                    passages_hash(m) != passages_hash(heard_m)) {
                    fail_msg("%ux%u weave %u%s: heard %s, %u opens and %u "
                             "steps back for %u cells, %s maze",
                             sizes[i].w, sizes[i].h, (unsigned)densities[d],
                             weighted ? " weighted" : "",
                             h.bad ? "a wrong step" : "right", h.opens, h.backs,
                             cells,
                             passages_hash(m) == passages_hash(heard_m)
                                 ? "the same"
                                 : "another");
                }
                for (uint32_t e = 0; e < slots; e++) {
                    assert_int_equal(h.opened[e] != 0, maze_is_open(m, e));
                }
                (void)check_rule(m);
                free(h.opened);
            }
        }
        maze_destroy(heard_m);
        maze_destroy(m);
        maze_grid_destroy(g);
    }
}

/* Crossings in mazes of seeds 1 to 20 at one density. */
static unsigned
crossings_at(struct maze *m, const char *alg, uint32_t density)
{
    unsigned total = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        assert_int_equal(carve(m, alg, seed, density), MAZE_OK);
        total += check_rule(m);
    }
    return total;
}

static void
test_weave_density(void **state)
{
    (void)state;
    struct maze_grid *g = weave_grid(30, 30);
    struct maze *m;
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    const char *algs[] = {"backtracker", "kruskal"};
    for (int a = 0; a < 2; a++) {
        unsigned lo = crossings_at(m, algs[a], 5);
        unsigned mid = crossings_at(m, algs[a], 50);
        unsigned hi = crossings_at(m, algs[a], 100);
        print_message("%s crossings in 20 mazes of 30x30: %u at 5%%, %u at "
                      "50%%, %u at 100%%\n",
                      algs[a], lo, mid, hi);
        assert_true(lo < mid && mid < hi);
        /* 0 means the default, 50. */
        assert_int_equal(crossings_at(m, algs[a], 0), mid);
    }
    /* Provenance records the density, the default too. */
    assert_int_equal(carve(m, "kruskal", 3, 0), MAZE_OK);
    assert_string_equal(maze_provenance(m)->params, "weave=50");
    assert_int_equal(carve(m, "backtracker", 3, 20), MAZE_OK);
    assert_string_equal(maze_provenance(m)->params, "weave=20");
    assert_int_equal(carve(m, "backtracker", 3, 101), MAZE_ERR_INVALID);
    maze_destroy(m);
    maze_grid_destroy(g);
}

static void
test_weave_refusals(void **state)
{
    (void)state;
    struct maze_grid *g = weave_grid(6, 6);
    struct maze *m;
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    for (size_t i = 0; i < maze_algorithm_count(); i++) {
        const struct maze_algorithm_info *alg = maze_algorithm_at(i);
        bool weaves = strcmp(alg->name, "backtracker") == 0 ||
                      strcmp(alg->name, "kruskal") == 0;
        assert_int_equal(alg->weaves, weaves);
        assert_int_equal(maze_algorithm_supports(alg, g), weaves);
        assert_int_equal(carve(m, alg->name, 1, 0),
                         weaves ? MAZE_OK : MAZE_ERR_UNSUPPORTED);
    }
    maze_destroy(m);
    maze_grid_destroy(g);
}

static void
test_weave_braid(void **state)
{
    (void)state;
    struct maze_grid *g = weave_grid(20, 20);
    struct maze *m;
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    for (uint64_t seed = 0; seed < 10; seed++) {
        assert_int_equal(carve(m, "kruskal", seed, 80), MAZE_OK);
        uint64_t before = maze_passage_count(m);
        assert_int_equal(maze_braid(m, MAZE_FRACTION_ONE, seed), MAZE_OK);
        assert_true(maze_passage_count(m) > before);
        check_rule(m);
    }
    maze_destroy(m);
    maze_grid_destroy(g);
}

/* A 3 x 3 weave maze's json with the given pairs. */
static int
load_pairs(const char *pairs, struct maze_load_error *err)
{
    char json[2048];
    snprintf(json, sizeof(json),
             "{\"format\": \"mazegen-wall-graph\", \"version\": 2,\n"
             " \"grid\": {\"kind\": \"weave\", \"width\": 3, \"height\": 3, "
             "\"cell_count\": 9, \"edge_count\": 18},\n"
             " \"start\": {\"x\": 0, \"y\": 0}, \"finish\": {\"x\": 2, "
             "\"y\": 2},\n"
             " \"provenance\": {\"algorithm\": \"hand\", \"seed\": \"7\", "
             "\"bias\": \"h=1,v=1\", \"params\": \"\", \"perfect\": true},\n"
             " \"passage_count\": 8,\n"
             " \"passages\": {\"encoding\": \"cell-pairs\", \"pairs\": [%s]}}",
             pairs);
    struct maze_grid *g = NULL;
    struct maze *m = NULL;
    int rc = maze_load_json(json, strlen(json), &g, &m, err);
    if (rc == MAZE_OK) {
        check_rule(m);
    } else {
        print_message("refused: %s\n", err->message);
    }
    maze_destroy(m);
    maze_grid_destroy(g);
    return rc;
}

static void
test_weave_load(void **state)
{
    (void)state;
    struct maze_load_error err;
    /* Cells 0 1 2 / 3 4 5 / 6 7 8: the tunnel 3-5 under 4, which is a
     * corridor 1-4-7; listed first, before the corridor it needs. */
    assert_int_equal(load_pairs("[3, 5], [1, 4], [4, 7], [0, 1], [1, 2], "
                                "[0, 3], [6, 7], [7, 8]",
                                &err),
                     MAZE_OK);
    /* Under a cell that is no corridor across it. */
    assert_int_equal(load_pairs("[3, 5], [1, 4], [0, 1], [1, 2], [0, 3], "
                                "[6, 7], [7, 8], [4, 5]",
                                &err),
                     MAZE_ERR_RANGE);
    assert_non_null(strstr(err.message, "tunnel"));
    /* The corridor turns under the crossing: 4 also opens to 5. */
    assert_int_equal(load_pairs("[3, 5], [1, 4], [4, 7], [4, 5], [0, 1], "
                                "[1, 2], [0, 3], [6, 7]",
                                &err),
                     MAZE_ERR_RANGE);
}

/* Whether a wall run of lay covers point p (within a hundredth). */
static bool
covered(const struct maze__layout *lay, double x, double y)
{
    for (size_t i = 0; i < lay->run_count; i++) {
        const struct maze__run *r = &lay->runs[i];
        double dx = r->b.x - r->a.x, dy = r->b.y - r->a.y;
        double len2 = dx * dx + dy * dy;
        double t = ((x - r->a.x) * dx + (y - r->a.y) * dy) / len2;
        if (t < -1e-9 || t > 1 + 1e-9) {
            continue;
        }
        double px = r->a.x + t * dx - x, py = r->a.y + t * dy - y;
        if (px * px + py * py < 1e-4) {
            return true;
        }
    }
    return false;
}

static void
test_weave_drawing(void **state)
{
    (void)state;
    struct maze_grid *g = weave_grid(16, 12);
    struct maze *m;
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    uint32_t w = maze_grid_width(g);
    unsigned seen = 0, lifted = 0;
    for (uint64_t seed = 0; seed < 6; seed++) {
        assert_int_equal(carve(m, "backtracker", seed, 100), MAZE_OK);
        struct maze_path *path;
        assert_int_equal(maze_solve(m, &path), MAZE_OK);
        struct maze__layout lay;
        assert_int_equal(maze__layout_build(m, path, &lay), MAZE_OK);
        assert_true(lay.passage > 0.5 && lay.passage < 1);
        for (uint32_t e = 0; e < maze_grid_edge_slots(g); e++) {
            uint32_t b = maze_grid_edge_under(g, e);
            if (b == MAZE_NONE || !maze_is_open(m, e)) {
                continue;
            }
            seen++;
            uint32_t a, c;
            maze_grid_edge_cells(g, e, &a, &c);
            double x = b % w, y = b / w;
            /* Tunnel east-west: the corridor over it runs north-south,
             * its walls at x + INSET and x + 1 - INSET through the whole
             * cell; the tunnel's walls at y + INSET and y + 1 - INSET
             * come from both sides up to them and stop. Turned for a
             * tunnel north-south. */
            bool ew = c - a == 2;
            for (double t = 0; t <= 1.0001; t += 0.125) {
                for (int k = 0; k < 2; k++) {
                    double off = k ? 1 - INSET : INSET;
                    double ox = ew ? x + off : x + t, oy = ew ? y + t : y + off;
                    assert_true(covered(&lay, ox, oy));
                }
            }
            for (int k = 0; k < 2; k++) {
                double off = k ? 1 - INSET : INSET;
                /* Up to the corridor's walls... */
                double ux = ew ? x + INSET / 2 : x + off;
                double uy = ew ? y + off : y + INSET / 2;
                assert_true(covered(&lay, ux, uy));
                /* ...and not across the corridor between them. */
                double gx = ew ? x + 0.5 : x + off, gy = ew ? y + off : y + 0.5;
                assert_false(covered(&lay, gx, gy));
            }
        }
        /* The solution lifts the pen once for each tunnel it takes. */
        unsigned tunnels = 0, nans = 0;
        for (size_t i = 1; i < path->length; i++) {
            uint32_t e =
                maze_grid_edge_between(g, path->cells[i - 1], path->cells[i]);
            tunnels += maze_grid_edge_under(g, e) != MAZE_NONE;
        }
        for (size_t i = 0; i < lay.solution_count; i++) {
            nans += isnan(lay.solution[i].x);
        }
        assert_int_equal(nans, tunnels);
        lifted += tunnels;
        maze__layout_finish(&lay);
        maze_path_destroy(path);
    }
    print_message("%u crossings drawn, %u taken by solutions\n", seen, lifted);
    assert_true(seen > 20);
    assert_true(lifted > 0);
    maze_destroy(m);
    maze_grid_destroy(g);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_weave_under_data),
        cmocka_unit_test(test_weave_rule),
        cmocka_unit_test(test_weave_rule_data),
        cmocka_unit_test(test_weave_digests),
        cmocka_unit_test(test_weave_backtracker_walk),
        cmocka_unit_test(test_weave_density),
        cmocka_unit_test(test_weave_refusals),
        cmocka_unit_test(test_weave_braid),
        cmocka_unit_test(test_weave_load),
        cmocka_unit_test(test_weave_drawing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
