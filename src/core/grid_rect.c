/* SPDX-License-Identifier: MIT */
/*
 * The rectangular grid, computed arithmetically: no adjacency tables, so a
 * W x H grid costs a few words and a maze on it about two bits per cell.
 */
#include <stdlib.h>

#include "core/grid_impl.h"
#include <mazegen/status.h>

static unsigned
rect_neighbors(const struct maze_grid *g, uint32_t cell, struct maze_link *out)
{
    uint32_t w = g->width;
    uint32_t x = cell % w;
    uint32_t y = cell / w;
    unsigned n = 0;
    if (x + 1 < w) {
        out[n++] = (struct maze_link){cell + 1, maze__rect_east(cell)};
    }
    if (y + 1 < g->height) {
        out[n++] = (struct maze_link){cell + w, maze__rect_south(cell)};
    }
    if (x > 0) {
        out[n++] = (struct maze_link){cell - 1, maze__rect_east(cell - 1)};
    }
    if (y > 0) {
        out[n++] = (struct maze_link){cell - w, maze__rect_south(cell - w)};
    }
    return n;
}

static bool
rect_edge_exists(const struct maze_grid *g, uint32_t edge)
{
    uint32_t cell = edge / 2;
    if (edge & 1) {
        return cell / g->width + 1 < g->height;
    }
    return cell % g->width + 1 < g->width;
}

static void
rect_edge_cells(const struct maze_grid *g, uint32_t edge, uint32_t *a,
                uint32_t *b)
{
    uint32_t cell = edge / 2;
    *a = cell;
    *b = (edge & 1) ? cell + g->width : cell + 1;
}

static unsigned
rect_edge_class(const struct maze_grid *g, uint32_t edge)
{
    (void)g;
    return (edge & 1) ? MAZE_CLASS_V : MAZE_CLASS_H;
}

static struct maze_point
rect_cell_center(const struct maze_grid *g, uint32_t cell)
{
    return (struct maze_point){cell % g->width + 0.5, cell / g->width + 0.5};
}

static unsigned
rect_cell_sides(const struct maze_grid *g, uint32_t cell, struct maze_side *out)
{
    uint32_t w = g->width;
    uint32_t x = cell % w;
    uint32_t y = cell / w;
    const uint32_t edge[4] = {
        [MAZE__SIDE_N] = y > 0 ? maze__rect_south(cell - w) : MAZE_NONE,
        [MAZE__SIDE_E] = x + 1 < w ? maze__rect_east(cell) : MAZE_NONE,
        [MAZE__SIDE_S] = y + 1 < g->height ? maze__rect_south(cell) : MAZE_NONE,
        [MAZE__SIDE_W] = x > 0 ? maze__rect_east(cell - 1) : MAZE_NONE,
    };
    return maze__square_sides(x, y, edge, out);
}

static int
rect_init(struct maze_grid *g)
{
    g->edges = (g->width - 1) * g->height + g->width * (g->height - 1);
    g->extent_w = g->width;
    g->extent_h = g->height;
    return MAZE_OK;
}

const struct maze__grid_kind maze__grid_rect = {
    .info =
        {
            .name = "rect",
            .aliases = {"rectangle", "square", "orthogonal"},
            .description = "square cells in rows and columns",
            .sizes =
                {
                    [MAZE_SIZE_WIDTH] = {"columns", 1, MAZE_MAX_CELLS, 0},
                    [MAZE_SIZE_HEIGHT] = {"rows", 1, MAZE_MAX_CELLS, 0},
                },
            .class_count = 2,
            .class_names = {"h", "v"},
            .class_meanings = {"east-west passages", "north-south passages"},
            .coord_count = 2,
            .coord_names = {"x", "y"},
            .maskable = true,
            .slots_per_cell = 2,
            .table_bytes_per_cell = 0,
            .rectangle = true,
        },
    .init = rect_init,
    .ops =
        {
            .neighbors = rect_neighbors,
            .edge_exists = rect_edge_exists,
            .edge_cells = rect_edge_cells,
            .edge_class = rect_edge_class,
            .cell_center = rect_cell_center,
            .cell_sides = rect_cell_sides,
            .opening = maze__xy_opening,
            .coords = maze__xy_coords,
            .cell_at = maze__xy_cell_at,
        },
};
