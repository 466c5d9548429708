/* SPDX-License-Identifier: MIT */
/*
 * Counting the pieces of a mask: the masked grid is built, which walks it
 * (grid_mask.c), so "connected" means connected by the kind's own
 * neighbours (a diagonal touch joins nothing on a rectangle, but hexagons
 * meet six ways). The same walk labels each kept cell of the picture with
 * its piece, for callers that say where the pieces are.
 */
#include <stdlib.h>

#include "core/checked.h"
#include "core/grid_impl.h"
#include <mazegen/mask.h>
#include <mazegen/status.h>

/*
 * The pieces of the masked grid of mask on kind: *pieces is how many,
 * and with labels (width x height entries) each kept cell of the picture
 * gets its piece, numbered from 1 in the order of each piece's first
 * cell row by row, and each cut cell 0.
 */
static int
walk(const struct maze_mask *mask, const struct maze_grid_kind *kind,
     uint32_t *labels, uint32_t *pieces)
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
    /* The grid counted its pieces as it was made. */
    *pieces = g->pieces;
    uint32_t n = g->cells;
    uint32_t *piece = NULL;
    uint32_t *order = NULL;
    if (labels == NULL) {
        goto out;
    }
    piece = maze__alloc_array(n, sizeof(uint32_t), false);
    if (piece == NULL) {
        rc = MAZE_ERR_NOMEM;
        goto out;
    }
    rc = maze__grid_pieces(g, piece, pieces);
    if (rc != MAZE_OK) {
        goto out;
    }
    /* The grid's numbering is the kind's; the labels follow the picture,
     * row by row, whatever order the kind numbers its cells in. */
    uint32_t w = maze_mask_width(mask), h = maze_mask_height(mask);
    order = maze__alloc_array((size_t)*pieces + 1, sizeof(uint32_t), true);
    if (order == NULL) {
        rc = MAZE_ERR_NOMEM;
        goto out;
    }
    for (size_t i = 0; i < (size_t)w * h; i++) {
        labels[i] = 0;
    }
    for (uint32_t c = 0; c < n; c++) {
        uint32_t xy[MAZE_MAX_COORDS];
        g->ops->coords(g, c, xy);
        labels[(size_t)xy[1] * w + xy[0]] = piece[c];
    }
    uint32_t next = 0;
    for (size_t i = 0; i < (size_t)w * h; i++) {
        if (labels[i] != 0) {
            if (order[labels[i]] == 0) {
                order[labels[i]] = ++next;
            }
            labels[i] = order[labels[i]];
        }
    }
out:
    free(order);
    free(piece);
    maze_grid_destroy(g);
    return rc;
}

int
maze_mask_pieces(const struct maze_mask *mask,
                 const struct maze_grid_kind *kind, uint32_t *pieces)
{
    return walk(mask, kind, NULL, pieces);
}

int
maze_mask_label(const struct maze_mask *mask, const struct maze_grid_kind *kind,
                uint32_t *labels, uint32_t *pieces)
{
    if (labels == NULL) {
        return MAZE_ERR_INVALID;
    }
    return walk(mask, kind, labels, pieces);
}
