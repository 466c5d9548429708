/* SPDX-License-Identifier: MIT */
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

uint32_t
maze_grid_edge_conflict(const struct maze_grid *grid, uint32_t edge)
{
    return maze_grid_edge_exists(grid, edge) ? maze__edge_conflict(grid, edge)
                                             : MAZE_NONE;
}

bool
maze_grid_edge_sideless(const struct maze_grid *grid, uint32_t edge)
{
    if (!maze_grid_edge_exists(grid, edge)) {
        return false;
    }
    if (grid->ops->under != NULL && grid->ops->under(grid, edge) != MAZE_NONE) {
        return true;
    }
    if (grid->ops->stairs == NULL) {
        return false;
    }
    uint32_t a, b, down;
    grid->ops->edge_cells(grid, edge, &a, &b);
    return grid->ops->stairs(grid, a, &down) == edge;
}

uint32_t
maze_grid_edge_under(const struct maze_grid *grid, uint32_t edge)
{
    return grid->ops->under != NULL && maze_grid_edge_exists(grid, edge)
               ? grid->ops->under(grid, edge)
               : MAZE_NONE;
}

uint64_t
maze_grid_conflict_pairs(const struct maze_grid *grid, uint64_t most)
{
    uint64_t pairs = 0;
    if (!grid->conflicts) {
        return 0;
    }
    for (uint32_t e = 0; e < grid->edge_slots && pairs < most; e++) {
        uint32_t p = maze_grid_edge_conflict(grid, e);
        pairs += p != MAZE_NONE && e < p;
    }
    return pairs;
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

struct maze_point
maze__side_middle(const struct maze_side *s)
{
    if (s->shape == MAZE_SIDE_ARC) {
        double mid = (s->angle0 + s->angle1) / 2;
        return (struct maze_point){s->center.x + s->radius * cos(mid),
                                   s->center.y + s->radius * sin(mid)};
    }
    return (struct maze_point){(s->a.x + s->b.x) / 2, (s->a.y + s->b.y) / 2};
}

unsigned
maze__side_facing(const struct maze_grid *g, uint32_t cell,
                  const struct maze_side *side)
{
    struct maze_point c = g->ops->cell_center(g, cell);
    struct maze_point m = maze__side_middle(side);
    double dx = m.x - c.x, dy = m.y - c.y;
    if (fabs(dx) >= fabs(dy) - 1e-9) {
        return dx < 0 ? MAZE__SIDE_W : MAZE__SIDE_E;
    }
    return dy < 0 ? MAZE__SIDE_N : MAZE__SIDE_S;
}

unsigned
maze__cell_facing(const struct maze_grid *g, uint32_t cell)
{
    if (g->ops->facing != NULL) {
        return g->ops->facing(g, cell);
    }
    if (maze__grid_is_rect(g)) {
        uint32_t x = cell % g->width, y = cell / g->width;
        return (y == 0 ? 1u << MAZE__SIDE_N : 0) |
               (x + 1 == g->width ? 1u << MAZE__SIDE_E : 0) |
               (y + 1 == g->height ? 1u << MAZE__SIDE_S : 0) |
               (x == 0 ? 1u << MAZE__SIDE_W : 0);
    }
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    unsigned n = g->ops->cell_sides(g, cell, sides);
    unsigned mask = 0;
    for (unsigned i = 0; i < n; i++) {
        if (sides[i].edge == MAZE_NONE) {
            mask |= 1u << maze__side_facing(g, cell, &sides[i]);
        }
    }
    return mask;
}

/*
 * The geometric choice: among the boundary sides facing a side of the
 * maze in `facing`, the one whose outward direction scores best against
 * west, then north (the finish: east, then south); `avoid` as for
 * maze__grid_opening().
 */
static unsigned
opening_by_geometry(const struct maze_grid *g, uint32_t cell, bool finish,
                    unsigned avoid, unsigned facing)
{
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    unsigned n = g->ops->cell_sides(g, cell, sides);
    struct maze_point c = g->ops->cell_center(g, cell);
    /* West first, then north (finish: east, then south): a weighted
     * direction the outward normal is scored against. */
    double px = finish ? 1.0 : -1.0, py = finish ? 0.5 : -0.5;
    unsigned best = MAZE_NONE, fallback = MAZE_NONE;
    double best_score = -INFINITY;
    for (unsigned i = 0; i < n; i++) {
        if (sides[i].edge != MAZE_NONE ||
            !(facing >> maze__side_facing(g, cell, &sides[i]) & 1u)) {
            continue;
        }
        if (i == avoid) {
            fallback = i;
            continue;
        }
        struct maze_point m = maze__side_middle(&sides[i]);
        double dx = m.x - c.x, dy = m.y - c.y;
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

unsigned
maze__grid_opening(const struct maze_grid *g, uint32_t cell, bool finish,
                   unsigned avoid)
{
    if (g->ops->opening != NULL) {
        return g->ops->opening(g, cell, finish, avoid);
    }
    return opening_by_geometry(g, cell, finish, avoid, 0xf);
}

unsigned
maze__grid_opening_facing(const struct maze_grid *g, uint32_t cell, bool finish,
                          unsigned facing)
{
    if (maze__grid_is_rect(g) || g->ops->facing != NULL) {
        /* A rectangle's sides face their own way, in the usual order. */
        static const unsigned start_order[4] = {MAZE__SIDE_W, MAZE__SIDE_N,
                                                MAZE__SIDE_E, MAZE__SIDE_S};
        static const unsigned finish_order[4] = {MAZE__SIDE_E, MAZE__SIDE_S,
                                                 MAZE__SIDE_W, MAZE__SIDE_N};
        unsigned have = maze__cell_facing(g, cell) & facing;
        const unsigned *order = finish ? finish_order : start_order;
        for (int i = 0; i < 4; i++) {
            if (have >> order[i] & 1u) {
                return order[i];
            }
        }
        return MAZE_NONE;
    }
    return opening_by_geometry(g, cell, finish, MAZE_NONE, facing);
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

unsigned
maze__xy_opening(const struct maze_grid *g, uint32_t cell, bool finish,
                 unsigned avoid)
{
    return maze__rect_opening(g->width, g->height, cell % g->width,
                              cell / g->width, finish, avoid);
}
