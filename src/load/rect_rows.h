/* SPDX-License-Identifier: MIT */
/*
 * The "rect-rows" passages of a wall-graph document (rect_rows.c), as
 * load.c reads them: checked first without storing anything, then filled
 * into the maze.
 */
#ifndef MAZE_LOAD_RECT_ROWS_H
#define MAZE_LOAD_RECT_ROWS_H

#include <stdbool.h>

#include "load/loader.h"

/*
 * Checks passages.rows at l->rows_at against the grid size and counts the
 * passages, without storing them (so no memory is committed to a size
 * the file does not back up); then compares with passage_count.
 */
bool maze__load_check_rows(struct maze__loader *l);

/* Opens the passages of the checked rows in l->maze. */
void maze__load_fill_rows(struct maze__loader *l);

#endif
