/* SPDX-License-Identifier: MIT */
/*
 * Exact uniformity on grids with conflicting edges (zeta): aldous-broder
 * and wilson draw a spanning tree of the whole grid, crossing diagonals
 * allowed, with probability proportional to its weight. Drawing again,
 * with the same generator going on, until a tree opens no conflicting
 * pair keeps exactly the allowed trees in exactly their proportions
 * (rejection sampling), and a seed still names one maze. The number of
 * draws grows exponentially with the blocks, so maze_generate() bounds
 * the size first (maze_algorithm_conflict_limit(), registry.c).
 */
#include "gen/gen.h"
#include <mazegen/status.h>

/* Whether some pair of conflicting edges is open in m. */
static bool
crossing(const struct maze *m)
{
    const struct maze_grid *g = m->grid;
    for (size_t w = 0; w < m->words; w++) {
        for (uint64_t bits = m->bits[w]; bits != 0; bits &= bits - 1) {
            uint32_t e = (uint32_t)(w * 64 + (size_t)__builtin_ctzll(bits));
            uint32_t p = maze__edge_conflict(g, e);
            if (p != MAZE_NONE && maze__is_open(m, p)) {
                return true;
            }
        }
    }
    return false;
}

int
maze__carve_rejecting(struct maze__carve *ctx,
                      int (*once)(struct maze__carve *ctx))
{
    for (;;) {
        int rc = once(ctx);
        if (rc != MAZE_OK || !ctx->maze->grid->conflicts ||
            !crossing(ctx->maze)) {
            return rc;
        }
        maze_clear(ctx->maze);
        maze__step(ctx, MAZE_STEP_RESET, MAZE_NONE, MAZE_NONE);
    }
}
