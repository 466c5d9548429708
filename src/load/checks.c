/* SPDX-License-Identifier: MIT */
/*
 * The checks of a wall-graph document that need its maze: "perfect"
 * meaning a spanning tree, and the solution being a path of the maze from
 * start to finish. They use the grid interface only, so they hold for
 * every kind and encoding.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "load/checks.h"
#include <mazegen/status.h>

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

/* The element at pos of the solution: a cell's numbers ([x, y] on flat
 * grids) on the grid, into *cell. */
static bool
read_step(struct maze__loader *l, size_t pos, size_t i, uint32_t *cell)
{
    struct maze__json *j = &l->j;
    const struct maze_grid_kind *k = l->kind;
    struct maze__json_iter it;
    size_t at[MAZE_MAX_COORDS + 1];
    uint32_t v[MAZE_MAX_COORDS];
    unsigned n = 0;
    if (maze__json_type(j, pos) == MAZE__JSON_ARRAY) {
        maze__json_iter_init(&it, pos);
        while (n <= MAZE_MAX_COORDS &&
               maze__json_next_element(j, &it, &at[n])) {
            n++;
        }
    }
    bool ok = n == k->coord_count;
    for (unsigned c = 0; ok && c < n; c++) {
        uint64_t x;
        ok = maze__json_uint(j, at[c], &x) == MAZE__JSON_UINT_OK &&
             x <= UINT32_MAX;
        v[c] = (uint32_t)x;
    }
    if (!ok || maze_grid_cell_at(l->grid, v, n, cell) != MAZE_OK) {
        char form[48] = "";
        maze__load_cell_form(k, form, sizeof(form));
        maze__json_fail(j, pos, ok ? MAZE_ERR_RANGE : MAZE_ERR_INVALID,
                        "solution[%zu]: expected a cell [%s] of the grid", i,
                        form);
        return false;
    }
    return true;
}

/* A cell as the file writes it: "3, 4". */
static void
cell_name(const struct maze__loader *l, uint32_t cell, char *buf, size_t cap)
{
    uint32_t v[MAZE_MAX_COORDS];
    unsigned n = maze_grid_cell_coords(l->grid, cell, v);
    size_t used = 0;
    buf[0] = '\0';
    for (unsigned c = 0; c < n && used < cap; c++) {
        int w =
            snprintf(buf + used, cap - used, "%s%" PRIu32, c ? ", " : "", v[c]);
        used += w > 0 ? (size_t)w : 0;
    }
}

/* Whether cells a and b are neighbours joined by an open passage. */
static bool
joined(const struct maze__loader *l, uint32_t a, uint32_t b)
{
    uint32_t edge = maze_grid_edge_between(l->grid, a, b);
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
    char form[48];
    maze__load_cell_form(l->kind, form, sizeof(form));
    if (maze__json_type(j, pos) != MAZE__JSON_ARRAY) {
        maze__json_fail(j, pos, MAZE_ERR_INVALID,
                        "solution: expected an array of cells [%s]", form);
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
            char name[48];
            cell_name(l, l->start, name, sizeof(name));
            maze__json_fail(j, at, MAZE_ERR_RANGE,
                            "solution[0]: the path must begin at the start "
                            "[%s]",
                            name);
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
        char name[48];
        cell_name(l, l->finish, name, sizeof(name));
        maze__json_fail(j, at, MAZE_ERR_RANGE,
                        "solution[%zu]: the path must end at the finish "
                        "[%s]",
                        i - 1, name);
        return false;
    }
    return true;
}
