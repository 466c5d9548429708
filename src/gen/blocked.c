/* SPDX-License-Identifier: MIT */
/*
 * The out-of-line part of blocked.h: only grids with conflicting edges
 * (zeta) come to the link filters; the padded visited bits are made once
 * a carve.
 */
#include "gen/blocked.h"

#include "core/checked.h"
#include "gen/gen.h"

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

uint64_t
maze__padded_scratch(const struct maze__dims *d)
{
    uint64_t plane = maze__sat_mul(d->width, d->height);
    uint64_t layers = plane != 0 && d->cells > plane ? d->cells / plane : 1;
    uint64_t padded = maze__sat_mul(d->width + 4, d->height + 4);
    if (layers > 1) {
        padded = maze__sat_mul(padded, layers + 2);
    }
    return maze__sat_bits(padded);
}
