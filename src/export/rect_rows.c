/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the exporters that draw a rectangular maze row by row
 * (text and PNG): rows read from a maze in memory, the walls around the
 * current lattice line as bitsets, and the solution as per-cell bits so no
 * row has to walk the path again. The window keeps two rows of bits, so
 * memory is O(width) however tall the maze.
 */
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "core/rowbits.h"
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

/* Reads row y of the maze from its bitset. */
static int
fetch_maze_row(void *ctx, uint32_t y, const uint64_t **east,
               const uint64_t **south)
{
    struct maze__maze_rows *mr = ctx;
    uint32_t w = mr->maze->grid->width;
    maze__row_load(mr->maze->bits, 2 * (uint64_t)y * w, mr->east, mr->south, w);
    *east = mr->east;
    *south = mr->south;
    return MAZE_OK;
}

int
maze__rows_from_maze(const struct maze *m, const uint8_t *path,
                     struct maze__maze_rows *mr, struct maze__rows *out)
{
    const struct maze_grid *g = m->grid;
    size_t words = maze__row_words(g->width);
    *mr = (struct maze__maze_rows){
        .maze = m,
        .east = maze__alloc_array(words, sizeof(uint64_t), true),
        .south = maze__alloc_array(words, sizeof(uint64_t), true),
    };
    if (mr->east == NULL || mr->south == NULL) {
        maze__maze_rows_finish(mr);
        return MAZE_ERR_NOMEM;
    }
    *out = (struct maze__rows){
        .width = g->width,
        .height = g->height,
        .start_x = m->start % g->width,
        .start_y = m->start / g->width,
        .finish_x = m->finish % g->width,
        .finish_y = m->finish / g->width,
        .start_opening = m->start_opening,
        .finish_opening = m->finish_opening,
        .provenance = &m->provenance,
        .path = path,
        .fetch = fetch_maze_row,
        .ctx = mr,
    };
    return MAZE_OK;
}

void
maze__maze_rows_finish(struct maze__maze_rows *mr)
{
    free(mr->east);
    free(mr->south);
}

int
maze__window_init(struct maze__window *w, const struct maze__rows *rows)
{
    /* width + 1 bits: the vertical lines of a row. */
    size_t words = ((size_t)rows->width + 64) / 64;
    *w = (struct maze__window){
        .rows = rows,
        .words = words,
        .hwall = maze__alloc_array(words, sizeof(uint64_t), true),
        .vwall = maze__alloc_array(words, sizeof(uint64_t), true),
        .vwall_prev = maze__alloc_array(words, sizeof(uint64_t), true),
        .south = maze__alloc_array(words, sizeof(uint64_t), true),
    };
    if (!w->hwall || !w->vwall || !w->vwall_prev || !w->south) {
        maze__window_finish(w);
        return MAZE_ERR_NOMEM;
    }
    return MAZE_OK;
}

void
maze__window_finish(struct maze__window *w)
{
    free(w->hwall);
    free(w->vwall);
    free(w->vwall_prev);
    free(w->south);
}

/* Sets bits [0, n) of bits (words long) and clears the rest. */
static void
set_first(uint64_t *bits, size_t words, uint64_t n)
{
    memset(bits, 0, words * sizeof(uint64_t));
    memset(bits, 0xff, (size_t)(n / 64) * sizeof(uint64_t));
    if (n % 64 != 0) {
        bits[n / 64] = ((uint64_t)1 << (n % 64)) - 1;
    }
}

/* Clears the opening of an endpoint at (x, y) facing `side`, if it is on
 * lattice line j (for horizontal sides) or in row j (vertical sides). */
static void
open_endpoint(struct maze__window *w, uint32_t j, uint32_t x, uint32_t y,
              unsigned side)
{
    if (side == MAZE__SIDE_N && y == j) {
        maze__bit_clear(w->hwall, x);
    } else if (side == MAZE__SIDE_S && y + 1 == j) {
        maze__bit_clear(w->hwall, x);
    } else if (side == MAZE__SIDE_W && y == j) {
        maze__bit_clear(w->vwall, x);
    } else if (side == MAZE__SIDE_E && y == j) {
        maze__bit_clear(w->vwall, (uint64_t)x + 1);
    }
}

int
maze__window_advance(struct maze__window *w, uint32_t j)
{
    const struct maze__rows *r = w->rows;
    uint32_t width = r->width;
    size_t row_words = maze__row_words(width);
    /* Line j: a wall wherever row j - 1 does not open south. */
    set_first(w->hwall, w->words, width);
    if (j > 0 && j < r->height) {
        for (size_t i = 0; i < row_words; i++) {
            w->hwall[i] &= ~w->south[i];
        }
    }
    uint64_t *t = w->vwall_prev;
    w->vwall_prev = w->vwall;
    w->vwall = t;
    if (j < r->height) {
        const uint64_t *east, *south;
        int rc = r->fetch(r->ctx, j, &east, &south);
        if (rc != MAZE_OK) {
            return rc;
        }
        /* Line i of row j is a wall unless cell i - 1 opens east. */
        set_first(w->vwall, w->words, (uint64_t)width + 1);
        uint64_t carry = 0;
        for (size_t i = 0; i < row_words; i++) {
            w->vwall[i] &= ~(east[i] << 1 | carry);
            carry = east[i] >> 63;
        }
        memcpy(w->south, south, row_words * sizeof(uint64_t));
    } else {
        memset(w->vwall, 0, w->words * sizeof(uint64_t));
    }
    open_endpoint(w, j, r->start_x, r->start_y, r->start_opening);
    open_endpoint(w, j, r->finish_x, r->finish_y, r->finish_opening);
    if (r->path != NULL) {
        w->path_prev = j > 0 ? r->path + (size_t)(j - 1) * width : NULL;
        w->path_cur = j < r->height ? r->path + (size_t)j * width : NULL;
    }
    return MAZE_OK;
}

int
maze__export_by_rows(const struct maze *m,
                     const struct maze_export_options *opt,
                     const struct maze_sink *sink, maze__rows_writer write)
{
    if (!maze__grid_is_rect(m->grid)) {
        return MAZE_ERR_UNSUPPORTED;
    }
    uint8_t *path;
    int rc = maze__rect_path_bits(m, opt->solution, &path);
    if (rc != MAZE_OK) {
        return rc;
    }
    struct maze__maze_rows mr;
    struct maze__rows rows;
    rc = maze__rows_from_maze(m, path, &mr, &rows);
    if (rc == MAZE_OK) {
        rc = write(&rows, opt, sink);
        maze__maze_rows_finish(&mr);
    }
    free(path);
    return rc;
}
