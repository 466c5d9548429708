/*
 * Row-by-row helpers for rectangular exporters (text, PNG): the wall test
 * every row needs, and the solution turned into per-cell bits.
 */
#ifndef MAZE_EXPORT_RECT_ROWS_H
#define MAZE_EXPORT_RECT_ROWS_H

#include <stdint.h>

#include "export/export_impl.h"

/* Per-cell solution bits: the sides the path crosses, and "on the path". */
enum {
    MAZE__LINK_N = 1u << MAZE__SIDE_N,
    MAZE__LINK_E = 1u << MAZE__SIDE_E,
    MAZE__LINK_S = 1u << MAZE__SIDE_S,
    MAZE__LINK_W = 1u << MAZE__SIDE_W,
    MAZE__ON_PATH = 1u << 4,
};

/*
 * Builds one byte per cell of MAZE__LINK_* / MAZE__ON_PATH bits for the
 * solution (the openings of start and finish included when on the path);
 * *out is NULL when sol is NULL or empty. The caller frees *out.
 * Errors: MAZE_ERR_INVALID (a cell off the grid, or consecutive cells that
 * are not neighbours), MAZE_ERR_NOMEM.
 */
int maze__rect_path_bits(const struct maze *m, const struct maze_path *sol,
                         uint8_t **out);

/* Whether side (MAZE__SIDE_*) of cell (x, y) is drawn: a closed passage,
 * or the outer wall except where the start or finish opens. */
bool maze__rect_wall(const struct maze *m, uint32_t x, uint32_t y,
                     unsigned side);

#endif
