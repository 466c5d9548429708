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

/* The most steps of a phase with a conflict partner that
 * maze__pair_steps holds: the king stencil's four diagonals. */
#define MAZE__PAIRED 4

/*
 * A stencil's conflicting pairs as a walk reads them, indexed
 * phase * MAZE__PAIRED + q: the q-th step of the phase whose edge has a
 * partner, as the partner's passage bit counted from the cell's first
 * slot (slots x cell, modulo 2^32, like the edges), and the step's bit in
 * a walk's mask of steps. Unused entries read the cell's first slot into
 * bit 8, which no mask of eight steps has.
 */
struct maze__pair_steps {
    uint32_t partner[2 * MAZE__PAIRED];
    uint8_t step[2 * MAZE__PAIRED];
    uint8_t paired[2]; /* per phase, those steps as a mask */
    uint32_t last_bit; /* the passages' last bit: reads go no further */
};

/*
 * Fills ps for a walk of m's grid over the padded layout p and returns
 * true when maze__edge_blocked() is, on that grid, the stencil's pairs
 * alone (a kind with conflicts given as data and no other rule) and no
 * phase has more than MAZE__PAIRED steps with a partner; false, and the
 * walk asks maze__edge_blocked(), otherwise.
 */
bool maze__pair_steps_init(const struct maze *m, const struct maze__padded *p,
                           struct maze__pair_steps *ps);

/*
 * The steps of phase (a mask, bit i for step i) whose edge's partner is
 * open, for the cell whose first slot is own: maze__edge_blocked() of
 * every step into a cell of the grid. Every partner is read, whether its
 * step is a candidate or not, so the reads need not wait for the
 * visited bits and there is no branch on them to mispredict; a step off
 * the grid reads a bit that does not matter, kept inside the passages.
 */
static inline __attribute__((always_inline)) unsigned
maze__pair_steps_blocked(const struct maze__pair_steps *ps,
                         const uint64_t *bits, uint32_t own, unsigned phase)
{
    unsigned blocked = 0;
    for (unsigned q = 0; q < MAZE__PAIRED; q++) {
        uint32_t b = own + ps->partner[phase * MAZE__PAIRED + q];
        b = b < ps->last_bit ? b : ps->last_bit;
        blocked |= (unsigned)maze__bit_get(bits, b)
                   << ps->step[phase * MAZE__PAIRED + q];
    }
    return blocked;
}

/*
 * A walk's candidates from the visited bits of the 3 x 3 block around its
 * cell, on a stencil whose steps all stay in that block (the king
 * grids'): look[phase][w], where bit 3 * (dy + 1) + (dx + 1) of w is the
 * visited bit of the cell dx across and dy down, has bit i set when step
 * i of the phase leads to an unvisited cell. Three reads of three bits
 * then stand for eight reads of one.
 */
struct maze__block_look {
    size_t sx; /* padded positions a row */
    uint8_t look[2][512];
};

/* Fills b for g's stencil in the padded layout p and returns true when
 * every step stays in the 3 x 3 block around its cell, on one level. */
bool maze__block_look_init(const struct maze_grid *g,
                           const struct maze__padded *p,
                           struct maze__block_look *b);

/* Both of the walks' fast reads on a king grid whose conflicts are its
 * pairs: fills ps and b and returns true, or false when either does not
 * apply (then the walk reads bit by bit and asks). */
bool maze__pair_look_init(const struct maze *m, const struct maze__padded *p,
                          struct maze__pair_steps *ps,
                          struct maze__block_look *b);

/* The three bits of v from position q on: a byte pair read at any bit
 * where the bytes are in order, else two words. Padded visited bits
 * (maze__stencil_visited()) hold a whole word after the one with the
 * last position, so neither reads past them. */
static inline __attribute__((always_inline)) unsigned
maze__block_row(const uint64_t *v, size_t q)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const unsigned char *b = (const unsigned char *)v + q / 8;
    return (unsigned)((b[0] | b[1] << 8) >> (q % 8)) & 7u;
#else
    uint64_t lo = v[q / 64] >> (q % 64);
    uint64_t hi = (v[q / 64 + 1] << 1) << (63 - q % 64);
    return (unsigned)(lo | hi) & 7u;
#endif
}

/* The steps of phase into unvisited cells from the cell at padded
 * position pc of the visited bits seen (maze__stencil_visited()). */
static inline __attribute__((always_inline)) unsigned
maze__block_unvisited(const struct maze__block_look *b, const uint64_t *seen,
                      size_t pc, unsigned phase)
{
    return b->look[phase][maze__block_row(seen, pc - b->sx - 1) |
                          maze__block_row(seen, pc - 1) << 3 |
                          maze__block_row(seen, pc + b->sx - 1) << 6];
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
