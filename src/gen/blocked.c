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

bool
maze__pair_steps_init(const struct maze *m, const struct maze__padded *p,
                      struct maze__pair_steps *ps)
{
    const struct maze_grid *g = m->grid;
    const struct maze__stencil *s = g->stencil;
    if (!g->conflicts || g->ops->blocked != NULL || s == NULL || !s->pairs ||
        m->words == 0) {
        return false;
    }
    /* Below 2^26 words: edge identifiers are 32-bit. */
    ps->last_bit = (uint32_t)(m->words * 64 - 1);
    for (unsigned f = 0; f < 2; f++) {
        unsigned q = 0;
        ps->paired[f] = 0;
        for (unsigned i = 0; i < s->count[f]; i++) {
            const struct maze__stencil_step *t = &s->step[f][i];
            int d = s->partner[t->slot];
            if (d == 0) {
                continue;
            }
            if (q == MAZE__PAIRED) {
                return false;
            }
            uint32_t edge =
                (t->theirs ? s->slots * (uint32_t)p->cell[f][i] : 0) + t->slot;
            ps->partner[f * MAZE__PAIRED + q] = edge + (uint32_t)d;
            ps->step[f * MAZE__PAIRED + q++] = (uint8_t)i;
            ps->paired[f] |= (uint8_t)(1u << i);
        }
        for (; q < MAZE__PAIRED; q++) {
            ps->partner[f * MAZE__PAIRED + q] = 0;
            ps->step[f * MAZE__PAIRED + q] = 8;
        }
    }
    return true;
}

bool
maze__block_look_init(const struct maze_grid *g, const struct maze__padded *p,
                      struct maze__block_look *b)
{
    const struct maze__stencil *s = g->stencil;
    unsigned at[2][8];
    for (unsigned f = 0; f < 2; f++) {
        for (unsigned i = 0; i < s->count[f]; i++) {
            const struct maze__stencil_step *t = &s->step[f][i];
            if (t->dz != 0 || t->dx < -1 || t->dx > 1 || t->dy < -1 ||
                t->dy > 1 || p->pos[f][i] != t->dx + t->dy * (int64_t)p->sx) {
                return false;
            }
            at[f][i] = (unsigned)(3 * (t->dy + 1) + t->dx + 1);
        }
    }
    b->sx = p->sx;
    for (unsigned f = 0; f < 2; f++) {
        for (unsigned w = 0; w < 512; w++) {
            unsigned mask = 0;
            for (unsigned i = 0; i < s->count[f]; i++) {
                mask |= (~w >> at[f][i] & 1u) << i;
            }
            b->look[f][w] = (uint8_t)mask;
        }
    }
    return true;
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
    /* And the word after the last one (maze__stencil_visited()). */
    return maze__sat_add(maze__sat_bits(padded), 8);
}

bool
maze__pair_look_init(const struct maze *m, const struct maze__padded *p,
                     struct maze__pair_steps *ps, struct maze__block_look *b)
{
    return maze__pair_steps_init(m, p, ps) &&
           maze__block_look_init(m->grid, p, b);
}
