/* SPDX-License-Identifier: MIT */
/*
 * The "cell-pairs" passages of a wall-graph document (cell_pairs.c), the
 * encoding of every grid kind: each open passage as the pair of cells it
 * joins, numbered as the grid numbers them.
 */
#ifndef MAZE_LOAD_CELL_PAIRS_H
#define MAZE_LOAD_CELL_PAIRS_H

#include <stdbool.h>

#include "load/loader.h"

/*
 * Checks passages.pairs at l->rows_at: pairs of different cells of the
 * grid, as many as passage_count, without storing them.
 */
bool maze__load_check_pairs(struct maze__loader *l);

/* Opens the checked pairs in l->maze; false (error recorded) for a pair
 * that is not two neighbours, or a passage listed twice. */
bool maze__load_fill_pairs(struct maze__loader *l);

#endif
