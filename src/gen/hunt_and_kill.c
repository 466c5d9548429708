/* SPDX-License-Identifier: MIT */
/*
 * Hunt-and-kill: a random walk carves into unvisited neighbours until it is
 * stuck (the "kill"); then the hunt looks, in cell order, for the first
 * unvisited cell beside the visited part, joins it to one of its visited
 * neighbours and walks on from there. The result has the long corridors of
 * the backtracker without its stack: memory is one bit per cell.
 *
 * The hunt is not quadratic. A cursor marks the first cell that may still
 * be unvisited; every cell before it is visited, so it only moves forward
 * and all the hunts together advance it at most cells times. The walk
 * starts at cell 0, which makes the cell at the cursor the one the hunt
 * wants: on a grid where every cell but the first has a neighbour with a
 * lower number (rows do, and so does any kind numbered by a breadth-first
 * or row-by-row sweep), the first unvisited cell has a visited neighbour,
 * so each hunt costs O(1) beyond the cursor's advance and the whole carve
 * is O(cells). Only on a kind numbered otherwise does a hunt scan on past
 * the cursor. Everything goes through the grid interface, so any kind
 * works.
 *
 * Bias: both choices are weighted by direction class (maze__pick_weighted):
 * which unvisited neighbour the walk steps into, and which visited
 * neighbour a hunted cell is joined to. Equal weights are uniform choices.
 */
#include <stdlib.h>

#include "core/checked.h"
#include "gen/blocked.h"
#include "gen/gen.h"
#include <mazegen/status.h>

/*
 * maze__neighbors_by_visit() with the conflict test last: the neighbours
 * whose visited bit equals want, and of those the ones whose edge m may
 * open (maze__edge_blocked(), inline where the kind gives its pairs as
 * data), in the grid's order. The same links in the same order: the
 * visited test and the conflict test only filter, so their order does
 * not matter, but most links fail the first, and the second then costs
 * only the few left.
 */
static inline __attribute__((always_inline)) unsigned
by_visit(const struct maze *m, bool conflicts, const uint64_t *visited,
         uint32_t cell, bool want, uint32_t *edge, uint32_t *other)
{
    if (__builtin_expect(!conflicts, 1)) {
        return maze__neighbors_by_visit(m, false, visited, cell, want, edge,
                                        other);
    }
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze__neighbors(m->grid, cell, links);
    unsigned k = maze__links_by_visit(links, n, visited, want, edge, other);
    unsigned kept = 0;
    for (unsigned i = 0; i < k; i++) {
        if (!maze__edge_blocked(m, edge[i])) {
            edge[kept] = edge[i];
            other[kept++] = other[i];
        }
    }
    return kept;
}

/*
 * The hunt: advances *cursor past visited cells, then takes the first
 * unvisited cell from there that has a visited neighbour, joins it to one
 * and marks it visited. Returns that cell.
 */
static uint32_t
hunt(struct maze__carve *ctx, uint64_t *visited, uint32_t *cursor)
{
    const struct maze_grid *g = ctx->maze->grid;
    while (maze__bit_get(visited, *cursor)) {
        (*cursor)++; /* some cell is unvisited, so this stops in range */
    }
    uint32_t edge[MAZE_GRID_MAX_DEGREE], other[MAZE_GRID_MAX_DEGREE];
    for (uint32_t c = *cursor; c < g->cells; c++) {
        if (maze__bit_get(visited, c)) {
            continue;
        }
        unsigned k =
            by_visit(ctx->maze, g->conflicts, visited, c, true, edge, other);
        if (k > 0) {
            unsigned pick = k == 1 ? 0 : maze__pick_weighted(ctx, edge, k);
            maze__open(ctx->maze, edge[pick]);
            maze__bit_set(visited, c);
            maze__step(ctx, MAZE_STEP_OPEN, c, edge[pick]);
            maze__step(ctx, MAZE_STEP_VISIT, c, MAZE_NONE);
            return c;
        }
    }
    /* No unvisited cell touches the visited part: the grid is not
     * connected. Start a new tree at the cursor rather than loop. */
    maze__bit_set(visited, *cursor);
    maze__step(ctx, MAZE_STEP_VISIT, *cursor, MAZE_NONE);
    return *cursor;
}

/* ---- Kinds with a stencil ---------------------------------------------- */

/* maze__pick_weighted() among k >= 1 edges, its equal-weights draw
 * inline. */
static inline __attribute__((always_inline)) unsigned
pick_of(struct maze__carve *ctx, const uint32_t *edge, unsigned k)
{
    if (k == 1) {
        return 0;
    }
    if (ctx->unweighted) {
        return maze__rng_below32(&ctx->rng, k * MAZE_WEIGHT_ONE) /
               MAZE_WEIGHT_ONE;
    }
    return maze__pick_weighted(ctx, edge, k);
}

/*
 * The neighbours of the cell at padded index pc (of that phase) whose
 * visited bit is clear and whose edge m may open, in the stencil's order
 * (the kind's neighbour order): their edges, cells and steps; returns
 * how many. Off the grid reads as visited, so there is no bounds check.
 * With pairs (not NULL, and then block too), the conflict test is the
 * pairs' mask, read without a branch, rather than a question for each
 * candidate, and the unvisited neighbours come from three reads of the
 * block around the cell.
 */
static inline __attribute__((always_inline)) unsigned
unvisited_steps(const struct maze *m, const struct maze__padded *p,
                const struct maze__pair_steps *pairs,
                const struct maze__block_look *block, const uint64_t *seen,
                uint32_t cur, size_t pc, unsigned phase, uint32_t *edge,
                uint32_t *other, uint8_t *step)
{
    const struct maze_grid *g = m->grid;
    const struct maze__stencil *s = g->stencil;
    unsigned count = s->count[phase], mask = 0, k = 0;
    if (pairs != NULL) {
        mask = maze__block_unvisited(block, seen, pc, phase);
    }
    for (unsigned i = 0; pairs == NULL && i < count; i++) {
        mask |= (unsigned)!maze__bit_get(seen, pc + (size_t)p->pos[phase][i])
                << i;
    }
    if (pairs != NULL) {
        mask &=
            ~maze__pair_steps_blocked(pairs, m->bits, s->slots * cur, phase);
    }
    for (; mask != 0; mask &= mask - 1) {
        unsigned i = (unsigned)__builtin_ctz(mask);
        const struct maze__stencil_step *t = &s->step[phase][i];
        uint32_t c = (uint32_t)(cur + p->cell[phase][i]);
        uint32_t e = maze__step_edge(s, t, cur, c);
        if (pairs == NULL && g->conflicts && maze__edge_blocked(m, e)) {
            continue;
        }
        edge[k] = e;
        other[k] = c;
        step[k++] = (uint8_t)i;
    }
    return k;
}

/* The hunt of hunt() with the visited bits in p's layout. */
static uint32_t
hunt_stencil(struct maze__carve *ctx, const struct maze__padded *p,
             uint64_t *seen, uint32_t *cursor)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    unsigned phase;
    while (maze__bit_get(seen, maze__padded_at(g, p, *cursor, &phase))) {
        (*cursor)++; /* some cell is unvisited, so this stops in range */
    }
    uint32_t edge[MAZE_GRID_MAX_DEGREE];
    for (uint32_t c = *cursor; c < g->cells; c++) {
        size_t pc = maze__padded_at(g, p, c, &phase);
        if (maze__bit_get(seen, pc)) {
            continue;
        }
        /* Visited neighbours: the border reads as visited, so these go
         * through the grid's list, whose cells all exist. */
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze__neighbors(g, c, links), k = 0;
        for (unsigned i = 0; i < n; i++) {
            unsigned ph;
            if (maze__bit_get(seen,
                              maze__padded_at(g, p, links[i].cell, &ph)) &&
                !maze__edge_blocked(m, links[i].edge)) {
                edge[k++] = links[i].edge;
            }
        }
        if (k > 0) {
            unsigned pick = pick_of(ctx, edge, k);
            maze__open(m, edge[pick]);
            maze__bit_set(seen, pc);
            maze__step(ctx, MAZE_STEP_OPEN, c, edge[pick]);
            maze__step(ctx, MAZE_STEP_VISIT, c, MAZE_NONE);
            return c;
        }
    }
    maze__bit_set(seen, maze__padded_at(g, p, *cursor, &phase));
    maze__step(ctx, MAZE_STEP_VISIT, *cursor, MAZE_NONE);
    return *cursor;
}

/*
 * carve_hunt_and_kill() on a kind that gives its neighbours as data
 * (maze__stencil), making the same choices from the same draws: the walk
 * carries its cell's padded index and phase, so its unvisited neighbours
 * are bit reads at fixed offsets with no bounds check and no division.
 */
static int
carve_stencil(struct maze__carve *ctx, const struct maze__padded *p)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    uint64_t *seen = maze__stencil_visited(g, p);
    if (seen == NULL) {
        return MAZE_ERR_NOMEM;
    }
    struct maze__pair_steps ps;
    struct maze__block_look block;
    const struct maze__pair_steps *pairs =
        maze__pair_look_init(m, p, &ps, &block) ? &ps : NULL;
    uint32_t cur = 0, cursor = 0;
    unsigned phase;
    size_t pc = maze__padded_at(g, p, cur, &phase);
    maze__bit_set(seen, pc);
    maze__step(ctx, MAZE_STEP_VISIT, cur, MAZE_NONE);
    uint32_t edge[MAZE_GRID_MAX_DEGREE], other[MAZE_GRID_MAX_DEGREE];
    uint8_t step[MAZE_GRID_MAX_DEGREE];
    for (uint32_t left = g->cells - 1; left > 0; left--) {
        unsigned k = unvisited_steps(m, p, pairs, &block, seen, cur, pc, phase,
                                     edge, other, step);
        if (k == 0) {
            cur = hunt_stencil(ctx, p, seen, &cursor);
            pc = maze__padded_at(g, p, cur, &phase);
            continue;
        }
        unsigned pick = pick_of(ctx, edge, k);
        unsigned i = step[pick];
        maze__open(m, edge[pick]);
        cur = other[pick];
        pc += (size_t)p->pos[phase][i];
        phase ^= p->flip[phase][i];
        maze__bit_set(seen, pc);
        maze__step(ctx, MAZE_STEP_OPEN, cur, edge[pick]);
        maze__step(ctx, MAZE_STEP_VISIT, cur, MAZE_NONE);
    }
    free(seen);
    return MAZE_OK;
}

/* ---- Any kind ----------------------------------------------------------- */

static int
carve_hunt_and_kill(struct maze__carve *ctx)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    struct maze__padded p;
    /* As the backtracker: a single level of a layered kind takes the
     * general way (the memory model pads no level above and below). */
    if (!maze__grid_is_rect(g) && g->stencil != NULL &&
        !(g->stencil->layered && g->layers < 2) && maze__padded_init(g, &p)) {
        return carve_stencil(ctx, &p);
    }
    uint64_t *visited = maze__alloc_array((g->cells + 63) / 64, 8, true);
    if (visited == NULL) {
        return MAZE_ERR_NOMEM;
    }
    uint32_t cur = 0, cursor = 0;
    const bool conflicts = g->conflicts; /* read once, for the loop */
    maze__bit_set(visited, cur);
    maze__step(ctx, MAZE_STEP_VISIT, cur, MAZE_NONE);
    uint32_t edge[MAZE_GRID_MAX_DEGREE], other[MAZE_GRID_MAX_DEGREE];
    for (uint32_t left = g->cells - 1; left > 0; left--) {
        unsigned k = by_visit(m, conflicts, visited, cur, false, edge, other);
        if (k == 0) {
            cur = hunt(ctx, visited, &cursor);
            continue;
        }
        unsigned pick = k == 1 ? 0 : maze__pick_weighted(ctx, edge, k);
        maze__open(m, edge[pick]);
        cur = other[pick];
        maze__bit_set(visited, cur);
        maze__step(ctx, MAZE_STEP_OPEN, cur, edge[pick]);
        maze__step(ctx, MAZE_STEP_VISIT, cur, MAZE_NONE);
    }
    free(visited);
    return MAZE_OK;
}

/* The memory model: scratch bytes at most (maze__algorithm.scratch). */
static uint64_t
scratch_hunt_and_kill(const struct maze__dims *d)
{
    /* One bit a cell, or on kinds with a stencil one a padded position:
     * a border up to two cells wide, and a level above and below the
     * levels of a 3D grid (d->cells / (width x height)). */
    uint64_t plane = maze__sat_mul(d->width, d->height);
    uint64_t layers = plane != 0 && d->cells > plane ? d->cells / plane : 1;
    uint64_t padded = maze__sat_mul(d->width + 4, d->height + 4);
    if (layers > 1) {
        padded = maze__sat_mul(padded, layers + 2);
    }
    return maze__sat_bits(padded > d->cells ? padded : d->cells) + 8;
}

const struct maze__algorithm maze__gen_hunt_and_kill = {
    .info =
        {
            .name = "hunt-and-kill",
            .description = "hunt-and-kill: random walk until stuck, then hunt "
                           "for an unvisited cell beside the maze",
            .streamable = false,
            .perfect = true,
        },
    .carve = carve_hunt_and_kill,
    .scratch = scratch_hunt_and_kill,
};
