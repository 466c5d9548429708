/*
 * The "rect-rows" passage encoding read back: one string per grid row,
 * one digit per cell (1 = passage east, 2 = passage south), and the checks
 * that depend on the passages: the passage count, "perfect" meaning a
 * spanning tree, and the solution being a path of the maze. The rows are
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

static uint32_t
find(uint32_t *parent, uint32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]]; /* path halving */
        x = parent[x];
    }
    return x;
}

/*
 * A spanning tree has cells - 1 edges and no loop; with exactly that many
 * edges, no loop (found by union-find) also means connected.
 */
bool
maze__load_check_perfect(struct maze__loader *l)
{
    if (!l->prov.perfect) {
        return true;
    }
    uint32_t cells = l->grid->cells;
    const char *why = NULL;
    if (l->passage_count > cells - 1) {
        why = "the passages form a loop";
    } else if (l->passage_count < cells - 1) {
        why = "the passages do not join every cell";
    } else {
        uint32_t *parent = maze__alloc_array(cells, sizeof(uint32_t), false);
        if (parent == NULL) {
            maze__json_fail(&l->j, MAZE__ABSENT, MAZE_ERR_NOMEM,
                            "out of memory");
            return false;
        }
        for (uint32_t c = 0; c < cells; c++) {
            parent[c] = c;
        }
        for (uint32_t e = 0; e < l->grid->edge_slots && why == NULL; e++) {
            if (!maze__is_open(l->maze, e)) {
                continue;
            }
            uint32_t a, b;
            maze__edge_cells(l->grid, e, &a, &b);
            a = find(parent, a);
            b = find(parent, b);
            if (a == b) {
                why = "the passages form a loop";
            }
            parent[a] = b;
        }
        free(parent);
    }
    if (why != NULL) {
        maze__json_fail(&l->j, l->perfect_at, MAZE_ERR_RANGE,
                        "provenance.perfect: true, but %s", why);
        return false;
    }
    return true;
}

/* The element at pos of the solution: [x, y] on the grid, into *cell. */
static bool
read_step(struct maze__loader *l, size_t pos, size_t i, uint32_t *cell)
{
    struct maze__json *j = &l->j;
    struct maze__json_iter it;
    size_t at[3];
    unsigned n = 0;
    uint64_t x, y;
    if (maze__json_type(j, pos) == MAZE__JSON_ARRAY) {
        maze__json_iter_init(&it, pos);
        while (n < 3 && maze__json_next_element(j, &it, &at[n])) {
            n++;
        }
    }
    if (n != 2 || maze__json_uint(j, at[0], &x) == MAZE__JSON_UINT_NOT_NUMBER ||
        maze__json_uint(j, at[1], &y) == MAZE__JSON_UINT_NOT_NUMBER) {
        maze__json_fail(j, pos, MAZE_ERR_INVALID,
                        "solution[%zu]: expected a cell [x, y]", i);
        return false;
    }
    char path[48];
    snprintf(path, sizeof(path), "solution[%zu][0]", i);
    if (!maze__load_uint(l, at[0], path, 0, l->width - 1, &x)) {
        return false;
    }
    snprintf(path, sizeof(path), "solution[%zu][1]", i);
    if (!maze__load_uint(l, at[1], path, 0, l->height - 1, &y)) {
        return false;
    }
    *cell = (uint32_t)(y * l->width + x);
    return true;
}

/* Whether cells a and b are neighbours joined by an open passage. */
static bool
joined(const struct maze__loader *l, uint32_t a, uint32_t b)
{
    uint32_t edge = maze__rect_edge_between(l->width, a, b);
    return edge != MAZE_NONE && maze__is_open(l->maze, edge);
}

bool
maze__load_check_solution(struct maze__loader *l)
{
    struct maze__json *j = &l->j;
    size_t pos = l->at[MAZE__TOP_SOLUTION], at = 0, i = 0;
    if (pos == MAZE__ABSENT) {
        return true;
    }
    pos = maze__json_value_at(j, pos);
    if (maze__json_type(j, pos) != MAZE__JSON_ARRAY) {
        maze__json_fail(j, pos, MAZE_ERR_INVALID,
                        "solution: expected an array of cells [x, y]");
        return false;
    }
    struct maze__json_iter it;
    uint32_t prev = 0, cell = 0;
    maze__json_iter_init(&it, pos);
    for (; maze__json_next_element(j, &it, &at); i++, prev = cell) {
        if (!read_step(l, at, i, &cell)) {
            return false;
        }
        if (i == 0 && cell != l->start) {
            maze__json_fail(j, at, MAZE_ERR_RANGE,
                            "solution[0]: the path must begin at the start "
                            "[%" PRIu32 ", %" PRIu32 "]",
                            l->start % l->width, l->start / l->width);
            return false;
        }
        if (i > 0 && !joined(l, prev, cell)) {
            maze__json_fail(j, at, MAZE_ERR_RANGE,
                            "solution[%zu]: no passage joins it to the cell "
                            "before",
                            i);
            return false;
        }
    }
    if (i == 0) {
        maze__json_fail(j, pos, MAZE_ERR_RANGE,
                        "solution: expected at least one cell");
        return false;
    }
    if (cell != l->finish) {
        maze__json_fail(j, at, MAZE_ERR_RANGE,
                        "solution[%zu]: the path must end at the finish "
                        "[%" PRIu32 ", %" PRIu32 "]",
                        i - 1, l->finish % l->width, l->finish / l->width);
        return false;
    }
    return true;
}
