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

static enum maze_dir_class
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
    double x0 = x, y0 = y, x1 = x + 1.0, y1 = y + 1.0;
    out[MAZE__SIDE_N] = (struct maze_side){
        {x0, y0}, {x1, y0}, y > 0 ? maze__rect_south(cell - w) : MAZE_NONE};
    out[MAZE__SIDE_E] = (struct maze_side){
        {x1, y0}, {x1, y1}, x + 1 < w ? maze__rect_east(cell) : MAZE_NONE};
    out[MAZE__SIDE_S] = (struct maze_side){
        {x0, y1},
        {x1, y1},
        y + 1 < g->height ? maze__rect_south(cell) : MAZE_NONE};
    out[MAZE__SIDE_W] = (struct maze_side){
        {x0, y0}, {x0, y1}, x > 0 ? maze__rect_east(cell - 1) : MAZE_NONE};
    return 4;
}

/* See maze__rect_opening(). */
static unsigned
rect_opening(const struct maze_grid *g, uint32_t cell, bool finish,
             unsigned avoid)
{
    return maze__rect_opening(g->width, g->height, cell % g->width,
                              cell / g->width, finish, avoid);
}

static const struct maze__grid_ops rect_ops = {
    .kind = MAZE_GRID_RECT,
    .name = "rect",
    .neighbors = rect_neighbors,
    .edge_exists = rect_edge_exists,
    .edge_cells = rect_edge_cells,
    .edge_class = rect_edge_class,
    .cell_center = rect_cell_center,
    .cell_sides = rect_cell_sides,
    .opening = rect_opening,
};

int
maze_grid_create_rect(uint32_t width, uint32_t height, struct maze_grid **out)
{
    if (out == NULL) {
        return MAZE_ERR_INVALID;
    }
    *out = NULL;
    if (width == 0 || height == 0 ||
        (uint64_t)width * height > MAZE_MAX_CELLS) {
        return MAZE_ERR_RANGE;
    }
    struct maze_grid *g = malloc(sizeof(*g));
    if (g == NULL) {
        return MAZE_ERR_NOMEM;
    }
    uint32_t cells = width * height;
    *g = (struct maze_grid){
        .ops = &rect_ops,
        .width = width,
        .height = height,
        .cells = cells,
        .edge_slots = 2 * cells,
        .edges = (width - 1) * height + width * (height - 1),
        .extent_w = width,
        .extent_h = height,
    };
    *out = g;
    return MAZE_OK;
}
