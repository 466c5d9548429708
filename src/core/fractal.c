/* SPDX-License-Identifier: MIT */
/*
 * Reading a fractal maze's nesting back from its provenance, so a maze
 * loaded from json draws its heavier block walls as the generated one did.
 */
#include <string.h>

#include "core/fractal.h"
#include "core/grid_impl.h"
#include <mazegen/generate.h>
#include <mazegen/status.h>

/* The "fractal=K" token of params, or 0. */
static unsigned
levels_in(const char *params)
{
    for (const char *p = params; (p = strstr(p, "fractal=")) != NULL; p++) {
        if (p != params && p[-1] != ' ') {
            continue;
        }
        unsigned k = 0;
        for (p += 8; *p >= '0' && *p <= '9' && k <= MAZE__FRACTAL_MAX; p++) {
            k = k * 10 + (unsigned)(*p - '0');
        }
        return (*p == '\0' || *p == ' ') ? k : 0;
    }
    return 0;
}

bool
maze__fractal_of(const struct maze *maze, unsigned *levels, uint32_t *x,
                 uint32_t *y)
{
    const struct maze_grid *g = maze_grid(maze);
    unsigned k = levels_in(maze_provenance(maze)->params);
    if (k < 2 || k > MAZE__FRACTAL_MAX || !maze__grid_is_rect(g)) {
        return false;
    }
    if (maze_fractal_base(maze_grid_width(g), maze_grid_height(g), k, x, y) !=
        MAZE_OK) {
        return false;
    }
    *levels = k;
    return true;
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
