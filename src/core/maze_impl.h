/*
 * The inside of a maze, for the library's own hot loops: the passage
 * bitset (bit e set = edge e open) is a plain array of 64-bit words.
 */
#ifndef MAZE_CORE_MAZE_IMPL_H
#define MAZE_CORE_MAZE_IMPL_H

#include <mazegen/maze.h>

struct maze {
    const struct maze_grid *grid;
    uint64_t *bits;
    size_t words;
    uint32_t start, finish;
    unsigned start_opening, finish_opening;
    struct maze_provenance provenance;
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

/*
 * Appends token to p's parameters, after a space when there are some:
 * whole or not at all, since a cut-off parameter would regenerate another
 * maze (the longest lists the library writes leave room).
 */
void maze__provenance_append(struct maze_provenance *p, const char *token);

#endif
