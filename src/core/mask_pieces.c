/* SPDX-License-Identifier: MIT */
/*
 * Counting the pieces of a mask: the masked grid is built and walked, so
 * "connected" means connected by the kind's own neighbours (a diagonal
 * touch joins nothing on a rectangle, but hexagons meet six ways).
 */
#include <stdlib.h>

#include "core/checked.h"
#include "core/grid_impl.h"
#include <mazegen/mask.h>
#include <mazegen/status.h>

int
maze_mask_pieces(const struct maze_mask *mask,
                 const struct maze_grid_kind *kind, uint32_t *pieces)
{
    if (mask == NULL || kind == NULL || pieces == NULL || !kind->maskable) {
        return MAZE_ERR_INVALID;
    }
    *pieces = 0;
    if (maze_mask_count(mask) == 0) {
        return MAZE_OK;
    }
    struct maze_grid *g;
    struct maze_grid_params p = {.struct_size = sizeof(struct maze_grid_params),
                                 .mask = mask};
    int rc = maze_grid_create(kind, &p, &g);
    if (rc != MAZE_OK) {
        return rc;
    }
    uint32_t n = g->cells;
    uint32_t *stack = maze__alloc_array(n, sizeof(uint32_t), false);
    uint8_t *seen = maze__alloc_array(n, 1, true);
    if (stack == NULL || seen == NULL) {
        rc = MAZE_ERR_NOMEM;
        goto out;
    }
    for (uint32_t c = 0; c < n; c++) {
        if (seen[c]) {
            continue;
        }
        ++*pieces;
        size_t top = 0;
        stack[top++] = c;
        seen[c] = 1;
        while (top > 0) {
            struct maze_link links[MAZE_GRID_MAX_DEGREE];
            unsigned k = maze__neighbors(g, stack[--top], links);
            for (unsigned i = 0; i < k; i++) {
                if (!seen[links[i].cell]) {
                    seen[links[i].cell] = 1;
                    stack[top++] = links[i].cell;
                }
            }
        }
    }
out:
    free(stack);
    free(seen);
    maze_grid_destroy(g);
    return rc;
}
