/* SPDX-License-Identifier: MIT */
/*
 * A fractal maze's nesting, as the maze records it, and the level of each
 * lattice line, so a nested maze draws its outer block walls heavier. The
 * generator and the loader record the nesting; nothing here knows how
 * mazes are carved or written.
 */
#include "core/fractal.h"
#include "core/maze_impl.h"

bool
maze__fractal_of(const struct maze *maze, unsigned *levels, uint32_t *x,
                 uint32_t *y)
{
    const struct maze__nesting *n = &maze->nesting;
    if (n->levels < 2) {
        return false;
    }
    *levels = n->levels;
    *x = n->x;
    *y = n->y;
    return true;
}

void
maze__set_nesting(struct maze *maze, unsigned levels, uint32_t x, uint32_t y)
{
    maze->nesting = levels >= 2 ? (struct maze__nesting){levels, x, y}
                                : (struct maze__nesting){0, 0, 0};
}

unsigned
maze__fractal_line(uint32_t i, uint32_t n, uint32_t b, unsigned levels)
{
    if (i == 0 || i >= n) {
        return levels;
    }
    unsigned d = 0;
    while (d + 1 < levels && b > 1 && i % b == 0) {
        i /= b;
        d++;
    }
    return d;
}
