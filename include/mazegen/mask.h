/* SPDX-License-Identifier: MIT */
/*
 * Masks: which cells of a grid to keep, to carve a maze in a shape (a
 * heart, a letter). A mask is a width x height picture of on (kept) and
 * off cells, one pixel or character per cell; struct maze_grid_params
 * takes it, and the grid then numbers only the kept cells. A wall is drawn
 * wherever a kept cell meets a cut one, so the outline draws itself.
 *
 * The kept cells must form one piece (a maze must be able to reach every
 * cell): maze_mask_pieces() counts them, so that callers can say so, and
 * maze_generate() refuses a grid of more than one.
 */
#ifndef MAZEGEN_MASK_H
#define MAZEGEN_MASK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/grid.h>

#ifdef __cplusplus
extern "C" {
#endif

struct maze_mask;

/*
 * Creates a width x height mask with every cell on (kept). Both at least 1,
 * the product at most MAZE_MAX_CELLS.
 * Errors: MAZE_ERR_INVALID (out NULL), MAZE_ERR_RANGE, MAZE_ERR_NOMEM.
 */
int maze_mask_create(uint32_t width, uint32_t height, struct maze_mask **out);
void maze_mask_destroy(struct maze_mask *mask);

uint32_t maze_mask_width(const struct maze_mask *mask);
uint32_t maze_mask_height(const struct maze_mask *mask);
/* Cells outside the mask read as off; setting them does nothing. */
bool maze_mask_get(const struct maze_mask *mask, uint32_t x, uint32_t y);
void maze_mask_set(struct maze_mask *mask, uint32_t x, uint32_t y, bool on);
/* Turns every cell over. */
void maze_mask_invert(struct maze_mask *mask);
/* The number of kept cells. */
uint64_t maze_mask_count(const struct maze_mask *mask);

/*
 * A width x height copy of mask, resampled by area: each new cell covers
 * a rectangle of the picture (its width/width-th and height/height-th),
 * and is on when at least half of that rectangle's area is on cells of
 * mask (pixels partly covered count by the part covered). A feature
 * narrower than half a new cell may vanish, a wider one never does, and
 * which way a cell goes depends only on the picture, never on where a
 * sample point falls. Both sides from 1, the product at most
 * MAZE_MAX_CELLS; the result may have no cell on (callers check).
 * Errors: MAZE_ERR_INVALID (mask or out NULL), MAZE_ERR_RANGE,
 * MAZE_ERR_NOMEM.
 */
int maze_mask_scale(const struct maze_mask *mask, uint32_t width,
                    uint32_t height, struct maze_mask **out);

/*
 * The number of pieces the kept cells form on a grid of kind (cells
 * joined by the kind's neighbours), 0 when none is kept.
 * Errors: MAZE_ERR_INVALID (kind not maskable), MAZE_ERR_RANGE (a mask of
 * a size the kind does not take: a triangle grid is 2 columns wide at
 * least), MAZE_ERR_NOMEM.
 */
int maze_mask_pieces(const struct maze_mask *mask,
                     const struct maze_grid_kind *kind, uint32_t *pieces);

/*
 * The pieces of maze_mask_pieces(), cell by cell: labels holds
 * maze_mask_width() x maze_mask_height() entries, row by row; each kept
 * cell gets its piece's number, from 1 in the order of each piece's first
 * cell row by row (so piece 1 holds the top-left-most kept cell), and
 * each cut cell 0. *pieces is the number of pieces. So a caller can say
 * where each piece is, and which pieces touch only where the kind does
 * not join cells (at a corner of squares). The caller owns labels.
 * Errors: those of maze_mask_pieces(), and MAZE_ERR_INVALID (labels
 * NULL).
 */
int maze_mask_label(const struct maze_mask *mask,
                    const struct maze_grid_kind *kind, uint32_t *labels,
                    uint32_t *pieces);

/*
 * Reads a mask from a plain-text picture: one line per row, one character
 * per cell; '.', ' ' and '_' are off, any other printable ASCII character
 * is on (so a shape drawn with '#' or 'X' becomes the maze). Rows shorter
 * than the longest are padded with off cells; a final newline and '\r'
 * before newlines are ignored. Limits: at most max_side characters a row
 * and rows.
 * Errors: MAZE_ERR_INVALID (no cell, a byte that is not printable ASCII),
 * MAZE_ERR_RANGE (a side past max_side), MAZE_ERR_NOMEM.
 */
int maze_mask_read_text(const char *data, size_t len, uint32_t max_side,
                        struct maze_mask **out);

/*
 * Reads a mask from a PNG file in memory: one pixel per cell; dark pixels
 * (luminance below half, and not transparent) are on, so a shape drawn in
 * black on white becomes the maze. Any PNG colour type and depth.
 * Errors: MAZE_ERR_INVALID (not a PNG, corrupt), MAZE_ERR_RANGE (a side
 * past max_side), MAZE_ERR_NOMEM.
 */
int maze_mask_read_png(const void *data, size_t len, uint32_t max_side,
                       struct maze_mask **out);

#ifdef __cplusplus
}
#endif

#endif
