/*
 * Helpers shared by the exporters that walk a rectangular maze row by row
 * (text and PNG): which sides of a cell are drawn as walls, and the
 * solution as per-cell bits so no row has to walk the path again.
 */
#include <stdlib.h>

#include "core/checked.h"
#include "export/rect_rows.h"

/* The side of `from` that faces the adjacent cell `to`, or MAZE_NONE. */
static unsigned
side_towards(const struct maze_grid *g, uint32_t from, uint32_t to)
{
    uint32_t w = g->width;
    if (to == from + 1 && to % w != 0) {
        return MAZE__SIDE_E;
    }
    if (from == to + 1 && from % w != 0) {
        return MAZE__SIDE_W;
    }
    if (to == from + w) {
        return MAZE__SIDE_S;
    }
    if (from == to + w) {
        return MAZE__SIDE_N;
    }
    return MAZE_NONE;
}

/*
 * Records, per cell, the sides the solution crosses (the openings of start
 * and finish included), so each output row is drawn without walking
 * the path again. A path that jumps between cells that are not neighbours is
 * rejected rather than drawn through walls.
 */
int
maze__rect_path_bits(const struct maze *m, const struct maze_path *sol,
                     uint8_t **out)
{
    *out = NULL;
    if (sol == NULL || sol->length == 0) {
        return MAZE_OK;
    }
    if (sol->cells == NULL) {
        return MAZE_ERR_INVALID;
    }
    const struct maze_grid *g = m->grid;
    uint8_t *bits = maze__alloc_array(g->cells, 1, true);
    if (bits == NULL) {
        return MAZE_ERR_NOMEM;
    }
    for (size_t i = 0; i < sol->length; i++) {
        uint32_t cell = sol->cells[i];
        if (cell >= g->cells) {
            goto invalid;
        }
        bits[cell] |= MAZE__ON_PATH;
        if (i > 0) {
            uint32_t prev = sol->cells[i - 1];
            unsigned side = side_towards(g, prev, cell);
            if (side == MAZE_NONE) {
                goto invalid;
            }
            bits[prev] |= 1u << side;
            bits[cell] |= 1u << ((side + 2) % 4);
        }
    }
    if (m->start_opening != MAZE_NONE && (bits[m->start] & MAZE__ON_PATH)) {
        bits[m->start] |= 1u << m->start_opening;
    }
    if (m->finish_opening != MAZE_NONE && (bits[m->finish] & MAZE__ON_PATH)) {
        bits[m->finish] |= 1u << m->finish_opening;
    }
    *out = bits;
    return MAZE_OK;
invalid:
    free(bits);
    return MAZE_ERR_INVALID;
}

/* Whether a side of cell (x, y) is drawn: a closed passage, or the outer
 * wall except where the start or finish opens. */
bool
maze__rect_wall(const struct maze *m, uint32_t x, uint32_t y, unsigned side)
{
    const struct maze_grid *g = m->grid;
    uint32_t cell = y * g->width + x;
    uint32_t edge = MAZE_NONE;
    switch (side) {
    case MAZE__SIDE_N:
        edge = y > 0 ? maze__rect_south(cell - g->width) : MAZE_NONE;
        break;
    case MAZE__SIDE_E:
        edge = x + 1 < g->width ? maze__rect_east(cell) : MAZE_NONE;
        break;
    case MAZE__SIDE_S:
        edge = y + 1 < g->height ? maze__rect_south(cell) : MAZE_NONE;
        break;
    default:
        edge = x > 0 ? maze__rect_east(cell - 1) : MAZE_NONE;
        break;
    }
    if (edge != MAZE_NONE) {
        return !maze__is_open(m, edge);
    }
    return !((cell == m->start && side == m->start_opening) ||
             (cell == m->finish && side == m->finish_opening));
}
