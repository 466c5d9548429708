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

/* Clears bits [from, from + n) of v. */
static void
clear_run(uint64_t *v, size_t from, size_t n)
{
    while (n > 0 && from % 64 != 0) {
        maze__bit_clear(v, from++);
        n--;
    }
    for (; n >= 64; n -= 64, from += 64) {
        v[from / 64] = 0;
    }
    while (n-- > 0) {
        maze__bit_clear(v, from++);
    }
}

uint64_t *
maze__padded_visited(const struct maze_grid *g, const struct maze__padded *p)
{
    size_t words = p->bits / 64 + 1;
    uint64_t *v = maze__alloc_array(words, 8, false);
    if (v == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < words; i++) {
        v[i] = ~(uint64_t)0;
    }
    size_t first = p->zpad * p->sz + p->pad * p->sx + p->pad;
    for (size_t z = 0; z < g->layers; z++) {
        for (size_t y = 0; y < g->height; y++) {
            clear_run(v, first + z * p->sz + y * p->sx, g->width);
        }
    }
    return v;
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
