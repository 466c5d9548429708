/* SPDX-License-Identifier: MIT */
/*
 * The inside of a maze, for the library's own hot loops: the passage
 * bitset (bit e set = edge e open) is a plain array of 64-bit words.
 */
#ifndef MAZE_CORE_MAZE_IMPL_H
#define MAZE_CORE_MAZE_IMPL_H

#include "core/grid_impl.h"
#include <mazegen/maze.h>

/*
 * How a fractal maze nests (gen/fractal.c): levels >= 2 of blocks x by y
 * cells (width x^levels, height y^levels), or levels 0 for any other
 * maze. Set by whatever made the passages, maze_generate() or the
 * loader, so drawing reads a number and never the provenance's text.
 */
struct maze__nesting {
    unsigned levels;
    uint32_t x, y;
};

struct maze {
    const struct maze_grid *grid;
    uint64_t *bits;
    size_t words;
    uint32_t start, finish;
    unsigned start_opening, finish_opening;
    struct maze_provenance provenance;
    struct maze__nesting nesting;
    /*
     * The passages are known to be a spanning tree of the grid's cells:
     * set by maze_generate() when a perfect carve left cells - 1 of them,
     * cleared by everything that changes them after (maze_set_open(),
     * maze_clear(), maze_braid(), a timeline's frame). Unlike
     * provenance.perfect, a label anyone may set, the searches trust it:
     * the solver's walk stops at its goal instead of walking the rest of
     * the tree to rule out a loop.
     */
    bool tree;
};

static inline bool
maze__is_open(const struct maze *m, uint32_t edge)
{
    return (m->bits[edge >> 6] >> (edge & 63)) & 1u;
}

static inline void
maze__open(struct maze *m, uint32_t edge)
{
    m->bits[edge >> 6] |= (uint64_t)1 << (edge & 63);
}

static inline void
maze__close(struct maze *m, uint32_t edge)
{
    m->bits[edge >> 6] &= ~((uint64_t)1 << (edge & 63));
}

/*
 * Whether opening edge now would break the grid's constraint: its
 * conflicting partner (the crossing diagonal of a zeta block) is open, or
 * the kind's rule forbids it with the passages open now (weave).
 * Generators skip such an edge. On kinds without conflicts this is one
 * test of a byte of the grid, so hot loops may ask it freely; a kind
 * whose stencil gives its pairs (maze__stencil.partner) is answered
 * inline, with no call.
 */
static inline bool
maze__edge_blocked(const struct maze *m, uint32_t edge)
{
    const struct maze_grid *g = m->grid;
    if (!g->conflicts) {
        return false;
    }
    if (g->ops->blocked != NULL) {
        return g->ops->blocked(g, m->bits, edge);
    }
    const struct maze__stencil *s = g->stencil;
    if (s != NULL && s->pairs) {
        int d = s->partner[maze__stencil_slot(s, edge)];
        return d != 0 && maze__is_open(m, edge + (uint32_t)d);
    }
    uint32_t partner = g->ops->conflict(g, edge);
    return partner != MAZE_NONE && maze__is_open(m, partner);
}

/* Stair marks of a cell (see maze__grid_ops.stairs). */
enum { MAZE__STAIR_UP = 1, MAZE__STAIR_DOWN = 2 };

/* The stair marks cell shows: MAZE__STAIR_UP when its passage to the
 * level above is open, MAZE__STAIR_DOWN to the level below; 0 on kinds
 * without such passages. */
static inline unsigned
maze__cell_stairs(const struct maze *m, uint32_t cell)
{
    const struct maze_grid *g = m->grid;
    if (g->ops->stairs == NULL) {
        return 0;
    }
    uint32_t down, up = g->ops->stairs(g, cell, &down);
    return (up != MAZE_NONE && maze__is_open(m, up) ? MAZE__STAIR_UP : 0) |
           (down != MAZE_NONE && maze__is_open(m, down) ? MAZE__STAIR_DOWN : 0);
}

/*
 * Appends token to p's parameters, after a space when there are some:
 * whole or not at all, since a cut-off parameter would regenerate another
 * maze (the longest lists the library writes leave room).
 */
void maze__provenance_append(struct maze_provenance *p, const char *token);

#endif
