/* SPDX-License-Identifier: MIT */
/*
 * Fractal (nested) mazes: the chosen algorithm carves an X x Y maze, each
 * of whose cells is a block holding an X^(K-1) x Y^(K-1) fractal maze, down
 * to single cells. Every passage between two blocks opens exactly one cell
 * edge on their shared side, and no other edge crosses a block boundary, so
 * a spanning tree of blocks over spanning trees inside them is a spanning
 * tree of the whole: perfect, with the block structure at every level.
 *
 * Each block draws from its own stream, seeded from the maze's seed and the
 * block's level and corner, so the maze depends on nothing but the options
 * (not on the order blocks are visited in).
 */
#include <math.h>
#include <string.h>

#include "core/fractal.h"
#include "gen/gen.h"
#include <mazegen/status.h>

/* The b with b^levels == n, or 0 when there is none. */
static uint32_t
root(uint32_t n, unsigned levels)
{
    double guess = floor(pow((double)n, 1.0 / levels) + 0.5);
    for (double b = guess > 1 ? guess - 1 : 1; b <= guess + 1; b++) {
        uint64_t p = 1;
        for (unsigned i = 0; i < levels && p <= n; i++) {
            p *= (uint64_t)b;
        }
        if (p == n) {
            return (uint32_t)b;
        }
    }
    return 0;
}

int
maze_fractal_base(uint32_t width, uint32_t height, unsigned levels, uint32_t *x,
                  uint32_t *y)
{
    if (x == NULL || y == NULL || levels < 2 || levels > MAZE__FRACTAL_MAX) {
        return MAZE_ERR_INVALID;
    }
    uint32_t bx = root(width, levels), by = root(height, levels);
    if (bx == 0 || by == 0) {
        return MAZE_ERR_INVALID;
    }
    *x = bx;
    *y = by;
    return MAZE_OK;
}

struct nest {
    struct maze__carve *top;
    const struct maze__algorithm *alg;
    /* The X x Y maze each block's own carve goes into, reused. */
    struct maze *small;
    uint32_t x, y, width;
    /* side_x[d] = X^d, side_y[d] = Y^d, d = 0 to K. */
    uint32_t side_x[MAZE__FRACTAL_MAX + 1], side_y[MAZE__FRACTAL_MAX + 1];
    uint64_t done, step;
};

/* The seed of the block of level d whose top-left cell is (x0, y0). */
static uint64_t
block_seed(uint64_t seed, unsigned d, uint32_t x0, uint32_t y0)
{
    uint64_t state = seed;
    state = maze__splitmix64(&state) ^ d;
    state = maze__splitmix64(&state) ^ x0;
    state = maze__splitmix64(&state) ^ y0;
    return maze__splitmix64(&state);
}

static void
open_cell_edge(struct nest *n, uint64_t x, uint64_t y, bool east)
{
    uint64_t cell = y * n->width + x;
    uint32_t c = (uint32_t)cell;
    uint32_t edge = east ? maze__rect_east(c) : maze__rect_south(c);
    maze__open(n->top->maze, edge);
    maze__step(n->top, MAZE_STEP_OPEN, MAZE_NONE, edge);
}

/* Carves the block of level d (X^d x Y^d cells) at (x0, y0), d >= 1. */
static int
carve_block(struct nest *n, unsigned d, uint32_t x0, uint32_t y0)
{
    struct maze__carve sub = {
        .maze = n->small,
        .bias = n->top->bias,
        .classes = n->top->classes,
        .unweighted = n->top->unweighted,
        .opt = n->top->opt,
    };
    maze_rng_seed(&sub.rng, block_seed(n->top->opt->seed, d, x0, y0));
    maze_clear(n->small);
    int rc = n->alg->carve(&sub);
    if (rc != MAZE_OK) {
        return rc;
    }
    n->top->imperfect = n->top->imperfect || sub.imperfect;
    if (n->top->params[0] == '\0') {
        memcpy(n->top->params, sub.params, sizeof(sub.params));
    }
    uint32_t sx = n->side_x[d - 1], sy = n->side_y[d - 1];
    /* One edge of the shared side of two joined blocks, from this block's
     * stream, in cell order: where it lies is part of the maze. */
    for (uint32_t j = 0; j < n->y; j++) {
        for (uint32_t i = 0; i < n->x; i++) {
            uint32_t c = j * n->x + i;
            uint64_t bx = x0 + (uint64_t)i * sx, by = y0 + (uint64_t)j * sy;
            if (i + 1 < n->x && maze__is_open(n->small, maze__rect_east(c))) {
                uint32_t r = maze__rng_below32(&sub.rng, sy);
                open_cell_edge(n, bx + sx - 1, by + r, true);
            }
            if (j + 1 < n->y && maze__is_open(n->small, maze__rect_south(c))) {
                uint32_t r = maze__rng_below32(&sub.rng, sx);
                open_cell_edge(n, bx + r, by + sy - 1, false);
            }
        }
    }
    if (d == 1) {
        uint64_t before = n->done;
        n->done += (uint64_t)n->x * n->y;
        if ((before & ~(n->step - 1)) != (n->done & ~(n->step - 1)) &&
            maze__carve_report(n->top, n->done, n->top->maze->grid->cells)) {
            return MAZE_ERR_CANCELLED;
        }
        return MAZE_OK;
    }
    for (uint32_t j = 0; j < n->y && rc == MAZE_OK; j++) {
        for (uint32_t i = 0; i < n->x && rc == MAZE_OK; i++) {
            rc = carve_block(n, d - 1, x0 + i * sx, y0 + j * sy);
        }
    }
    return rc;
}

int
maze__carve_fractal(struct maze__carve *ctx, const struct maze__algorithm *alg)
{
    const struct maze_grid *g = ctx->maze->grid;
    unsigned levels = ctx->opt->fractal;
    struct nest n = {.top = ctx, .alg = alg, .width = g->width};
    int rc = maze_fractal_base(g->width, g->height, levels, &n.x, &n.y);
    if (rc != MAZE_OK) {
        return rc;
    }
    n.side_x[0] = n.side_y[0] = 1;
    for (unsigned d = 1; d <= levels; d++) {
        n.side_x[d] = n.side_x[d - 1] * n.x;
        n.side_y[d] = n.side_y[d - 1] * n.y;
    }
    n.step = maze__report_step(g->cells);
    struct maze_grid *grid = NULL;
    rc = maze_grid_create_rect(n.x, n.y, &grid);
    if (rc == MAZE_OK) {
        rc = maze_create(grid, &n.small);
    }
    if (rc == MAZE_OK) {
        rc = carve_block(&n, levels, 0, 0);
    }
    maze_destroy(n.small);
    maze_grid_destroy(grid);
    return rc;
}

uint64_t
maze__fractal_scratch(const struct maze__algorithm *alg,
                      const struct maze__dims *d)
{
    uint32_t x, y;
    if (maze_fractal_base((uint32_t)d->width, (uint32_t)d->height,
                          d->opt->fractal, &x, &y) != MAZE_OK) {
        return UINT64_MAX;
    }
    struct maze__dims small = {
        .cells = (uint64_t)x * y,
        .edges = (uint64_t)(x - 1) * y + (uint64_t)x * (y - 1),
        .width = x,
        .height = y,
        .classes = d->classes,
        .opt = d->opt,
    };
    /* The small grid and maze objects, their bits, and the carve's own. */
    uint64_t own = maze__sat_add(1024, maze__sat_bits(2 * small.cells));
    return maze__sat_add(own, alg->scratch(&small));
}
