/* SPDX-License-Identifier: MIT */
/*
 * The out-of-line part of blocked.h: only grids with conflicting edges
 * (zeta) come here.
 */
#include "gen/blocked.h"

unsigned
maze__unblocked(const struct maze *m, struct maze_link *links, unsigned n)
{
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++) {
        if (!maze__edge_blocked(m, links[i].edge)) {
            links[k++] = links[i];
        }
    }
    return k;
}

unsigned
maze__neighbors_by_visit_unblocked(const struct maze *m,
                                   const uint64_t *visited, uint32_t cell,
                                   bool want, uint32_t *edge, uint32_t *other)
{
    /* Visited bits first: they are one read each, and leave few links
     * (on a walk, one or two of eight) to ask the conflict rule about. */
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze__neighbors(m->grid, cell, links), k = 0;
    for (unsigned i = 0; i < n; i++) {
        if (maze__bit_get(visited, links[i].cell) == want &&
            !maze__edge_blocked(m, links[i].edge)) {
            edge[k] = links[i].edge;
            other[k++] = links[i].cell;
        }
    }
    return k;
}
