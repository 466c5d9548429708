/*
 * Grid dispatch: every public maze_grid_* question goes through the kind's
 * operation table, so adding a kind touches no caller.
 */
#include <stdlib.h>

#include "core/grid_impl.h"
#include <mazegen/status.h>

void
maze_grid_destroy(struct maze_grid *grid)
{
    free(grid);
}

enum maze_grid_kind
maze_grid_kind(const struct maze_grid *grid)
{
    return grid->ops->kind;
}

const char *
maze_grid_kind_name(const struct maze_grid *grid)
{
    return grid->ops->name;
}

uint32_t
maze_grid_width(const struct maze_grid *grid)
{
    return grid->width;
}

uint32_t
maze_grid_height(const struct maze_grid *grid)
{
    return grid->height;
}

uint32_t
maze_grid_cell_count(const struct maze_grid *grid)
{
    return grid->cells;
}

uint32_t
maze_grid_edge_slots(const struct maze_grid *grid)
{
    return grid->edge_slots;
}

uint32_t
maze_grid_edge_count(const struct maze_grid *grid)
{
    return grid->edges;
}

bool
maze_grid_edge_exists(const struct maze_grid *grid, uint32_t edge)
{
    return edge < grid->edge_slots && grid->ops->edge_exists(grid, edge);
}

unsigned
maze_grid_neighbors(const struct maze_grid *grid, uint32_t cell,
                    struct maze_link *out)
{
    return grid->ops->neighbors(grid, cell, out);
}

void
maze_grid_edge_cells(const struct maze_grid *grid, uint32_t edge, uint32_t *a,
                     uint32_t *b)
{
    grid->ops->edge_cells(grid, edge, a, b);
}

enum maze_dir_class
maze_grid_edge_class(const struct maze_grid *grid, uint32_t edge)
{
    return grid->ops->edge_class(grid, edge);
}

int
maze_grid_cell_at(const struct maze_grid *grid, uint32_t x, uint32_t y,
                  uint32_t *cell)
{
    if (x >= grid->width || y >= grid->height) {
        return MAZE_ERR_RANGE;
    }
    *cell = y * grid->width + x;
    return MAZE_OK;
}

void
maze_grid_cell_coords(const struct maze_grid *grid, uint32_t cell, uint32_t *x,
                      uint32_t *y)
{
    *x = cell % grid->width;
    *y = cell / grid->width;
}

void
maze_grid_extent(const struct maze_grid *grid, double *width, double *height)
{
    *width = grid->extent_w;
    *height = grid->extent_h;
}

struct maze_point
maze_grid_cell_center(const struct maze_grid *grid, uint32_t cell)
{
    return grid->ops->cell_center(grid, cell);
}

unsigned
maze_grid_cell_sides(const struct maze_grid *grid, uint32_t cell,
                     struct maze_side *out)
{
    return grid->ops->cell_sides(grid, cell, out);
}
