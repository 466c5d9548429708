/* SPDX-License-Identifier: MIT */
/*
 * The "rect-rows" passage encoding read back: one string per grid row,
 * one digit per cell (1 = passage east, 2 = passage south), checked
 * against the grid and the passage count. The rows are
 * read twice, once to check them without storing anything and once to
 * fill the maze, so that memory follows what the file really holds rather
 * than the size it claims.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/checked.h"
#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "load/json_text.h"
#include "load/loader.h"
#include "load/rect_rows.h"
#include <mazegen/status.h>

/* Checks row y (the string at pos) and adds its passages to *count. */
static bool
check_row(struct maze__loader *l, size_t pos, uint32_t y, uint64_t *count)
{
    struct maze__json *j = &l->j;
    if (maze__json_type(j, pos) != MAZE__JSON_STRING) {
        maze__json_fail(j, pos, MAZE_ERR_INVALID,
                        "passages.rows[%" PRIu32 "]: expected a string of "
                        "digits",
                        y);
        return false;
    }
    size_t it = pos + 1, at;
    uint64_t x = 0;
    uint32_t cp;
    while (maze__json_next_char(j, &it, &cp, &at)) {
        if (x < l->width) {
            if (cp < '0' || cp > '3') {
                maze__json_fail(j, at, MAZE_ERR_INVALID,
                                "passages.rows[%" PRIu32 "]: expected a "
                                "digit from 0 to 3 for cell %" PRIu64,
                                y, x);
                return false;
            }
            unsigned d = cp - '0';
            if ((d & 1) && x + 1 == l->width) {
                maze__json_fail(j, at, MAZE_ERR_RANGE,
                                "passages.rows[%" PRIu32 "]: cell %" PRIu64
                                " has a passage east, off the last column",
                                y, x);
                return false;
            }
            if ((d & 2) && y + 1 == l->height) {
                maze__json_fail(j, at, MAZE_ERR_RANGE,
                                "passages.rows[%" PRIu32 "]: cell %" PRIu64
                                " has a passage south, off the last row",
                                y, x);
                return false;
            }
            *count += (d & 1) + (d >> 1);
        }
        x++;
    }
    if (x != l->width) {
        maze__json_fail(j, pos, MAZE_ERR_RANGE,
                        "passages.rows[%" PRIu32 "]: expected %" PRIu32
                        " digits (grid.width), found %" PRIu64,
                        y, l->width, x);
        return false;
    }
    return true;
}

bool
maze__load_check_rows(struct maze__loader *l)
{
    struct maze__json *j = &l->j;
    if (maze__json_type(j, l->rows_at) != MAZE__JSON_ARRAY) {
        maze__json_fail(j, l->rows_at, MAZE_ERR_INVALID,
                        "passages.rows: expected an array of strings");
        return false;
    }
    struct maze__json_iter it;
    size_t pos;
    uint64_t rows = 0, count = 0;
    maze__json_iter_init(&it, l->rows_at);
    while (maze__json_next_element(j, &it, &pos)) {
        rows++;
    }
    if (rows != l->height) {
        maze__json_fail(j, l->rows_at, MAZE_ERR_RANGE,
                        "passages.rows: expected %" PRIu32 " rows "
                        "(grid.height), found %" PRIu64,
                        l->height, rows);
        return false;
    }
    maze__json_iter_init(&it, l->rows_at);
    for (uint32_t y = 0; maze__json_next_element(j, &it, &pos); y++) {
        if (!check_row(l, pos, y, &count)) {
            return false;
        }
    }
    if (count != l->passage_count) {
        size_t at = maze__json_value_at(j, l->at[MAZE__TOP_PASSAGE_COUNT]);
        maze__json_fail(j, at, MAZE_ERR_RANGE,
                        "passage_count: %" PRIu64 ", but passages.rows "
                        "hold %" PRIu64 " passages",
                        l->passage_count, count);
        return false;
    }
    return true;
}

void
maze__load_fill_rows(struct maze__loader *l)
{
    struct maze__json_iter it;
    size_t pos;
    maze__json_iter_init(&it, l->rows_at);
    for (uint32_t cell = 0; maze__json_next_element(&l->j, &it, &pos);) {
        size_t c = pos + 1, at;
        uint32_t cp;
        while (maze__json_next_char(&l->j, &c, &cp, &at)) {
            unsigned d = cp - '0'; /* checked: a digit 0 to 3 */
            if (d & 1) {
                maze__open(l->maze, maze__rect_east(cell));
            }
            if (d & 2) {
                maze__open(l->maze, maze__rect_south(cell));
            }
            cell++;
        }
    }
}
