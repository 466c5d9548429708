/* SPDX-License-Identifier: MIT */
/*
 * Neighbours a generator may carve into on grids with conflicting edges
 * (zeta): an edge whose partner is open is left out. The kinds without
 * conflicts never reach the out-of-line part (blocked.c), so their hot
 * loops stay as they were. Also the visited bits with a border that the
 * carves on the kinds with a stencil read without bounds checks.
 */
#ifndef MAZE_GEN_BLOCKED_H
#define MAZE_GEN_BLOCKED_H

#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "core/rowbits.h"

struct maze__dims;

/*
 * Keeps the first n links whose edge m may open (maze__edge_blocked()),
 * in order, and returns how many. Out of line, and called only on grids
 * with conflicts, so that the loops on the other kinds ask nothing more.
 * A blocked edge is only ever a diagonal: a cell still reaches its side
 * neighbours.
 */
unsigned maze__unblocked(const struct maze *m, struct maze_link *links,
                         unsigned n);

/*
 * Of the n links, writes the edges and cells of those whose visited bit
 * equals want to edge and other, in order; returns how many.
 */
static inline __attribute__((always_inline)) unsigned
maze__links_by_visit(const struct maze_link *links, unsigned n,
                     const uint64_t *visited, bool want, uint32_t *edge,
                     uint32_t *other)
{
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++) {
        if (maze__bit_get(visited, links[i].cell) == want) {
            edge[k] = links[i].edge;
            other[k++] = links[i].cell;
        }
    }
    return k;
}

/* maze__neighbors_by_visit() on grids with conflicts, out of line. */
unsigned maze__neighbors_by_visit_unblocked(const struct maze *m,
                                            const uint64_t *visited,
                                            uint32_t cell, bool want,
                                            uint32_t *edge, uint32_t *other);

/*
 * Collects the neighbours of cell whose visited bit equals want and whose
 * edge m may open; returns how many, with their edges and cells, in the
 * grid's neighbour order. `conflicts` is m's grid's flag, which callers
 * read once: grids with conflicts take the out-of-line way, so that on
 * the others the links never leave registers and nothing more is asked.
 */
static inline __attribute__((always_inline)) unsigned
maze__neighbors_by_visit(const struct maze *m, bool conflicts,
                         const uint64_t *visited, uint32_t cell, bool want,
                         uint32_t *edge, uint32_t *other)
{
    if (__builtin_expect(conflicts, 0)) {
        return maze__neighbors_by_visit_unblocked(m, visited, cell, want, edge,
                                                  other);
    }
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze__neighbors(m->grid, cell, links);
    return maze__links_by_visit(links, n, visited, want, edge, other);
}

/*
 * Whether a carve on g may use maze__stencil_visited() (gen.h): g has a
 * stencil, its padded positions fit, and it is not a single level of a layered
 * kind (the memory models count no level above and below one level).
 * Fills p when it may.
 */
static inline bool
maze__padded_ok(const struct maze_grid *g, struct maze__padded *p)
{
    return g->stencil != NULL && !(g->stencil->layered && g->layers < 2) &&
           maze__padded_init(g, p);
}

/* The bits maze__stencil_visited() (gen.h) may take for a grid of these
 * dimensions, at most, in bytes: borders up to two cells wide, and a
 * level above and below the levels of a 3D grid. */
uint64_t maze__padded_scratch(const struct maze__dims *d);

#endif
