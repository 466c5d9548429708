/*
 * Grid dispatch: every public maze_grid_* question goes through the kind's
 * operation table (or a masked grid's), so adding a kind touches no
 * caller; grid_create.c makes grids from the registry.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/grid_impl.h"
#include <mazegen/status.h>

const struct maze_grid_kind *
maze_grid_kind(const struct maze_grid *grid)
{
    return &grid->kind->info;
}

const char *
maze_grid_kind_name(const struct maze_grid *grid)
{
    return grid->kind->info.name;
}

uint32_t
maze_grid_size(const struct maze_grid *grid, enum maze_grid_size p)
{
    return (unsigned)p < MAZE_SIZE_COUNT ? grid->size[p] : 0;
}

bool
maze_grid_masked(const struct maze_grid *grid)
{
    return grid->base != NULL;
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

uint32_t
maze_grid_edge_between(const struct maze_grid *grid, uint32_t a, uint32_t b)
{
    if (a >= grid->cells || b >= grid->cells) {
        return MAZE_NONE;
    }
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze__neighbors(grid, a, links);
    for (unsigned i = 0; i < n; i++) {
        if (links[i].cell == b) {
            return links[i].edge;
        }
    }
    return MAZE_NONE;
}

unsigned
maze_grid_edge_class(const struct maze_grid *grid, uint32_t edge)
{
    return grid->ops->edge_class(grid, edge);
}

int
maze_grid_cell_at(const struct maze_grid *grid, const uint32_t *coords,
                  unsigned count, uint32_t *cell)
{
    if (grid == NULL || coords == NULL || cell == NULL ||
        count != grid->kind->info.coord_count) {
        return MAZE_ERR_INVALID;
    }
    uint32_t c = grid->ops->cell_at(grid, coords);
    if (c == MAZE_NONE) {
        return MAZE_ERR_RANGE;
    }
    *cell = c;
    return MAZE_OK;
}

unsigned
maze_grid_cell_coords(const struct maze_grid *grid, uint32_t cell,
                      uint32_t *coords)
{
    grid->ops->coords(grid, cell, coords);
    return grid->kind->info.coord_count;
}

int
maze_grid_cell_parse(const struct maze_grid *grid, const char *text,
                     uint32_t *cell)
{
    if (grid == NULL || text == NULL || cell == NULL) {
        return MAZE_ERR_INVALID;
    }
    uint32_t coords[MAZE_MAX_COORDS];
    unsigned n = 0;
    const char *p = text;
    for (;;) {
        if (*p < '0' || *p > '9' || n == MAZE_MAX_COORDS) {
            return MAZE_ERR_INVALID;
        }
        uint64_t v = 0;
        while (*p >= '0' && *p <= '9') {
            v = v * 10 + (uint64_t)(*p++ - '0');
            if (v > UINT32_MAX) {
                return MAZE_ERR_RANGE;
            }
        }
        coords[n++] = (uint32_t)v;
        if (*p == '\0') {
            break;
        }
        if (*p++ != ',') {
            return MAZE_ERR_INVALID;
        }
    }
    return maze_grid_cell_at(grid, coords, n, cell);
}

void
maze_grid_cell_format(const struct maze_grid *grid, uint32_t cell, char *buf,
                      size_t size)
{
    if (buf == NULL || size == 0) {
        return;
    }
    uint32_t coords[MAZE_MAX_COORDS];
    unsigned n = maze_grid_cell_coords(grid, cell, coords);
    size_t used = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < n && used < size; i++) {
        int w = snprintf(buf + used, size - used, "%s%u", i ? "," : "",
                         (unsigned)coords[i]);
        if (w < 0) {
            break;
        }
        used += (size_t)w;
    }
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

unsigned
maze__grid_opening(const struct maze_grid *g, uint32_t cell, bool finish,
                   unsigned avoid)
{
    if (g->ops->opening != NULL) {
        return g->ops->opening(g, cell, finish, avoid);
    }
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    unsigned n = g->ops->cell_sides(g, cell, sides);
    struct maze_point c = g->ops->cell_center(g, cell);
    /* West first, then north (finish: east, then south): a weighted
     * direction the outward normal is scored against. */
    double px = finish ? 1.0 : -1.0, py = finish ? 0.5 : -0.5;
    unsigned best = MAZE_NONE, fallback = MAZE_NONE;
    double best_score = -INFINITY;
    for (unsigned i = 0; i < n; i++) {
        if (sides[i].edge != MAZE_NONE) {
            continue;
        }
        if (i == avoid) {
            fallback = i;
            continue;
        }
        double mx, my;
        if (sides[i].shape == MAZE_SIDE_ARC) {
            double mid = (sides[i].angle0 + sides[i].angle1) / 2;
            mx = sides[i].center.x + sides[i].radius * cos(mid);
            my = sides[i].center.y + sides[i].radius * sin(mid);
        } else {
            mx = (sides[i].a.x + sides[i].b.x) / 2;
            my = (sides[i].a.y + sides[i].b.y) / 2;
        }
        double dx = mx - c.x, dy = my - c.y;
        double len = sqrt(dx * dx + dy * dy);
        double score = len > 0 ? (dx * px + dy * py) / len : 0;
        /* Ties within rounding go to the lower index, on every machine. */
        if (score > best_score + 1e-9) {
            best_score = score;
            best = i;
        }
    }
    return best != MAZE_NONE ? best : fallback;
}

void
maze__xy_coords(const struct maze_grid *g, uint32_t cell, uint32_t *out)
{
    out[0] = cell % g->width;
    out[1] = cell / g->width;
}

uint32_t
maze__xy_cell_at(const struct maze_grid *g, const uint32_t *c)
{
    return c[0] < g->width && c[1] < g->height ? c[1] * g->width + c[0]
                                               : MAZE_NONE;
}
