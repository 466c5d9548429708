/* SPDX-License-Identifier: MIT */
/*
 * The "cell-pairs" passage encoding read back (see cell_pairs.h). Like
 * the rows, the pairs are read twice: checked first without storing
 * anything, then opened in the maze, where the grid says which pairs are
 * neighbours.
 */
#include <inttypes.h>
#include <stdio.h>

#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "load/cell_pairs.h"
#include <mazegen/status.h>

/* The pair at pos (element i): two whole numbers below the cell count. */
static bool
read_pair(struct maze__loader *l, size_t pos, size_t i, uint32_t *a,
          uint32_t *b)
{
    struct maze__json *j = &l->j;
    struct maze__json_iter it;
    size_t at[3];
    unsigned n = 0;
    if (maze__json_type(j, pos) == MAZE__JSON_ARRAY) {
        maze__json_iter_init(&it, pos);
        while (n < 3 && maze__json_next_element(j, &it, &at[n])) {
            n++;
        }
    }
    if (n != 2) {
        maze__json_fail(j, pos, MAZE_ERR_INVALID,
                        "passages.pairs[%zu]: expected a pair of cells "
                        "[a, b]",
                        i);
        return false;
    }
    uint64_t v[2];
    for (int k = 0; k < 2; k++) {
        char path[48];
        snprintf(path, sizeof(path), "passages.pairs[%zu][%d]", i, k);
        if (!maze__load_uint(l, at[k], path, 0, l->grid->cells - 1, &v[k])) {
            return false;
        }
    }
    if (v[0] == v[1]) {
        maze__json_fail(j, pos, MAZE_ERR_RANGE,
                        "passages.pairs[%zu]: a passage joins two different "
                        "cells",
                        i);
        return false;
    }
    *a = (uint32_t)v[0];
    *b = (uint32_t)v[1];
    return true;
}

bool
maze__load_check_pairs(struct maze__loader *l)
{
    struct maze__json *j = &l->j;
    if (maze__json_type(j, l->rows_at) != MAZE__JSON_ARRAY) {
        maze__json_fail(j, l->rows_at, MAZE_ERR_INVALID,
                        "passages.pairs: expected an array of pairs [a, b]");
        return false;
    }
    struct maze__json_iter it;
    size_t pos, n = 0;
    uint32_t a, b;
    maze__json_iter_init(&it, l->rows_at);
    for (; maze__json_next_element(j, &it, &pos); n++) {
        if (!read_pair(l, pos, n, &a, &b)) {
            return false;
        }
    }
    if (n != l->passage_count) {
        size_t at = maze__json_value_at(j, l->at[MAZE__TOP_PASSAGE_COUNT]);
        maze__json_fail(j, at, MAZE_ERR_RANGE,
                        "passage_count: %" PRIu64 ", but passages.pairs "
                        "hold %zu passages",
                        l->passage_count, n);
        return false;
    }
    return true;
}

/*
 * Kinds whose rule looks at more than pairs (weave's tunnels): with every
 * passage open, each must be one the rule allows beside the others.
 */
static bool
check_rule(struct maze__loader *l)
{
    struct maze__json_iter it;
    size_t pos;
    uint32_t a, b;
    maze__json_iter_init(&it, l->rows_at);
    for (size_t i = 0; maze__json_next_element(&l->j, &it, &pos); i++) {
        (void)read_pair(l, pos, i, &a, &b); /* checked */
        uint32_t e = maze_grid_edge_between(l->grid, a, b);
        maze__close(l->maze, e);
        bool blocked = maze__edge_blocked(l->maze, e);
        maze__open(l->maze, e);
        if (blocked) {
            uint32_t under = maze_grid_edge_under(l->grid, e);
            maze__json_fail(&l->j, pos, MAZE_ERR_RANGE,
                            under != MAZE_NONE
                                ? "passages.pairs[%zu]: the tunnel between "
                                  "cells %" PRIu32 " and %" PRIu32
                                  " may not pass under cell %" PRIu32
                                  "; expected it under a straight corridor "
                                  "across it, crossing nothing else"
                                : "passages.pairs[%zu]: the passage between "
                                  "cells %" PRIu32 " and %" PRIu32
                                  " crosses a tunnel; expected the tunnel "
                                  "or the passage, not both",
                            i, a, b, under);
            return false;
        }
    }
    return true;
}

bool
maze__load_fill_pairs(struct maze__loader *l)
{
    struct maze__json_iter it;
    size_t pos;
    uint32_t a, b;
    maze__json_iter_init(&it, l->rows_at);
    for (size_t i = 0; maze__json_next_element(&l->j, &it, &pos); i++) {
        (void)read_pair(l, pos, i, &a, &b); /* checked */
        uint32_t e = maze_grid_edge_between(l->grid, a, b);
        if (e == MAZE_NONE || maze__is_open(l->maze, e)) {
            maze__json_fail(
                &l->j, pos, MAZE_ERR_RANGE,
                "passages.pairs[%zu]: cells %" PRIu32 " and %" PRIu32 " %s", i,
                a, b,
                e == MAZE_NONE ? "are not neighbours" : "are listed twice");
            return false;
        }
        if (l->grid->ops->conflict != NULL && maze__edge_blocked(l->maze, e)) {
            uint32_t c, d;
            maze__edge_cells(l->grid, maze__edge_conflict(l->grid, e), &c, &d);
            maze__json_fail(&l->j, pos, MAZE_ERR_RANGE,
                            "passages.pairs[%zu]: the passage between cells "
                            "%" PRIu32 " and %" PRIu32 " crosses the one "
                            "between cells %" PRIu32 " and %" PRIu32
                            " (two diagonals of one 2x2 block); expected at "
                            "most one of them",
                            i, a, b, c, d);
            return false;
        }
        maze__open(l->maze, e);
    }
    return l->grid->ops->blocked == NULL || check_rule(l);
}
