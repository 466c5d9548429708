/* SPDX-License-Identifier: MIT */
/*
 * Recursive division, a wall adder: open every edge of the grid (a field),
 * then cut each region in two with a straight wall that keeps one gap, at
 * a uniform position and with the gap uniform along it, until the regions
 * are one cell wide. Each wall joins the two halves by exactly one passage,
 * so the result is a perfect maze. With a room size of 2 or more, regions
 * no larger than that in both directions are left whole as open rooms, and
 * the maze has loops wherever such a room is at least 2 x 2.
 *
 * Orientation: the classic rule cuts across the longer dimension (a region
 * wider than tall gets a vertical wall, a taller one a horizontal wall, a
 * square one either on a fair coin). Bias weights act on this decision
 * only, by measuring the region in weighted units: a horizontal wall when
 * h * height > v * width, a vertical one when less, a fair coin when equal.
 * A horizontal wall closes vertical passages and a vertical wall closes
 * horizontal ones, so raising h makes regions end up h : v wide rather than
 * square and raises the share of horizontal passages; equal weights, at
 * any scale, are the classic rule and give the same maze. A zero weight
 * cuts every region the other way while it is more than one cell across
 * (h alone leaves every row a full corridor).
 *
 * No recursion and no allocation: the larger half of a split waits on a
 * fixed stack while the smaller one is divided first (see STACK_DEPTH).
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "gen/gen.h"
#include <mazegen/status.h>

struct region {
    uint32_t x, y, w, h;
};

/*
 * Because the smaller half is always divided first, every entry pushed
 * above a given entry comes from a region at most half as large as the one
 * that produced it. So entry k (counting from 1 at the bottom) was split
 * from at most cells / 2^(k-1) cells, and only regions of 4 cells or more
 * (2 x 2) are split: with fewer than 2^31 cells, k stays below 30.
 */
#define STACK_DEPTH 32

static void
close_edge(struct maze *m, uint32_t edge)
{
    m->bits[edge >> 6] &= ~((uint64_t)1 << (edge & 63));
}

/* Opens every edge of the rectangle, word by word. */
static void
open_field(struct maze *m)
{
    const struct maze_grid *g = m->grid;
    memset(m->bits, 0xff, m->words * sizeof(uint64_t));
    /* Slots past the last one, and the slots that hold no edge: each
     * row's last east side and the last row's south sides. */
    uint32_t tail = g->edge_slots & 63;
    if (tail != 0) {
        m->bits[m->words - 1] = ((uint64_t)1 << tail) - 1;
    }
    for (uint32_t y = 0; y < g->height; y++) {
        close_edge(m, maze__rect_east(y * g->width + g->width - 1));
    }
    uint32_t last_row = (g->height - 1) * g->width;
    for (uint32_t x = 0; x < g->width; x++) {
        close_edge(m, maze__rect_south(last_row + x));
    }
}

/* Whether to cut r with a horizontal wall; see the file comment. */
static bool
horizontal_wall(struct maze__carve *ctx, const struct region *r)
{
    /* Weights are at most 2^30 and sides below 2^31: no overflow. */
    uint64_t across_h = (uint64_t)ctx->bias.weight[MAZE_CLASS_H] * r->h;
    uint64_t across_v = (uint64_t)ctx->bias.weight[MAZE_CLASS_V] * r->w;
    if (across_h != across_v) {
        return across_h > across_v;
    }
    /* A tie is a region already in the weighted proportion: neither cut
     * is preferred, whatever the weights. */
    return maze__rng_below32(&ctx->rng, 2) == 0;
}

/*
 * Reports the n - 1 edges of a wall just built (all but the gap): the
 * south sides of n cells from `first`, or the east sides, `step` cells
 * apart. Out of line, so that the carve nobody listens to is compiled as
 * it was without it.
 */
static __attribute__((noinline)) void
report_wall(const struct maze__carve *ctx, uint32_t first, uint32_t step,
            uint32_t n, uint32_t gap, bool south)
{
    for (uint32_t i = 0; i < n; i++) {
        uint32_t c = first + i * step;
        if (i != gap) {
            maze__step(ctx, MAZE_STEP_CLOSE, MAZE_NONE,
                       south ? maze__rect_south(c) : maze__rect_east(c));
        }
    }
}

/*
 * Cuts r with one wall and writes its two halves to a and b. A horizontal
 * wall runs between rows, so it closes south edges; a vertical one closes
 * east edges.
 */
static void
divide(struct maze__carve *ctx, const struct region *r, struct region *a,
       struct region *b)
{
    struct maze *m = ctx->maze;
    uint32_t w = m->grid->width;
    if (horizontal_wall(ctx, r)) {
        uint32_t k = 1 + maze__rng_below32(&ctx->rng, r->h - 1);
        uint32_t gap = maze__rng_below32(&ctx->rng, r->w);
        uint32_t row = (r->y + k - 1) * w + r->x;
        for (uint32_t i = 0; i < r->w; i++) {
            if (i != gap) {
                close_edge(m, maze__rect_south(row + i));
            }
        }
        if (ctx->steps != NULL) {
            report_wall(ctx, row, 1, r->w, gap, true);
        }
        *a = (struct region){r->x, r->y, r->w, k};
        *b = (struct region){r->x, r->y + k, r->w, r->h - k};
    } else {
        uint32_t k = 1 + maze__rng_below32(&ctx->rng, r->w - 1);
        uint32_t gap = maze__rng_below32(&ctx->rng, r->h);
        uint32_t cell = r->y * w + r->x + k - 1;
        for (uint32_t i = 0; i < r->h; i++, cell += w) {
            if (i != gap) {
                close_edge(m, maze__rect_east(cell));
            }
        }
        if (ctx->steps != NULL) {
            report_wall(ctx, r->y * w + r->x + k - 1, w, r->h, gap, false);
        }
        *a = (struct region){r->x, r->y, k, r->h};
        *b = (struct region){r->x + k, r->y, r->w - k, r->h};
    }
}

static uint64_t
area(const struct region *r)
{
    return (uint64_t)r->w * r->h;
}

static int
carve_division(struct maze__carve *ctx)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    uint32_t rooms = ctx->opt->room_size;
    open_field(m);
    maze__step(ctx, MAZE_STEP_OPEN_ALL, MAZE_NONE, MAZE_NONE);

    struct region stack[STACK_DEPTH];
    size_t depth = 0;
    stack[depth++] = (struct region){0, 0, g->width, g->height};
    while (depth > 0) {
        struct region r = stack[--depth];
        for (;;) {
            /* A region one cell across is a corridor already: any wall
             * across it would be all gap. */
            if (r.w == 1 || r.h == 1) {
                break;
            }
            if (rooms >= 2 && r.w <= rooms && r.h <= rooms) {
                /* At least 2 x 2 here, so the room has a loop. */
                ctx->imperfect = true;
                break;
            }
            struct region a, b;
            divide(ctx, &r, &a, &b);
            if (area(&a) > area(&b)) {
                struct region t = a;
                a = b;
                b = t;
            }
            assert(depth < STACK_DEPTH);
            stack[depth++] = b;
            r = a;
        }
    }
    if (ctx->imperfect) {
        snprintf(ctx->params, sizeof(ctx->params), "rooms=%u", (unsigned)rooms);
    }
    return MAZE_OK;
}

/* The memory model: scratch bytes at most (maze__algorithm.scratch). */
static uint64_t
scratch_division(const struct maze__dims *d)
{
    (void)d;
    return 0; /* a fixed stack on the C stack */
}

const struct maze__algorithm maze__gen_division = {
    .info =
        {
            .name = "division",
            .description = "recursive division: walls added to an open field; "
                           "--rooms leaves open rooms",
            .rect_only = true,
            .streamable = false,
            .perfect = true,
        },
    .carve = carve_division,
    .scratch = scratch_division,
};
