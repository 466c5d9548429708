/* SPDX-License-Identifier: MIT */
/*
 * Hexagonal grids (sigma mazes): pointy-topped hexagons in -W columns by
 * -H rows, odd rows shifted half a cell to the right ("odd-r"), so rows
 * read across the page like the rows of a rectangle. Computed
 * arithmetically: no tables, three edge slots and so three bits per cell.
 *
 * A hexagon is 1 unit across its flats (east to west), sqrt(3)/3 from
 * centre to corner; rows are 3/4 of a corner-to-corner height apart.
 *
 * Edge slots: cell c = y * width + x owns slot 3c (its east edge), 3c + 1
 * (south-east) and 3c + 2 (south-west). Classes name the axis a passage
 * runs along: h (east-west), ne (north-east to south-west) and nw
 * (north-west to south-east).
 */
#include <math.h>

#include "core/grid_impl.h"
#include <mazegen/status.h>

/* Directions, clockwise from east; also the order of sides. */
enum { E, SE, SW, W, NW, NE, DIRS };

enum { CLASS_H, CLASS_NE, CLASS_NW };

#define R 0.57735026918962576451 /* centre to corner: 1 / sqrt(3) */

/* The neighbour of (x, y) in direction d and the edge to it, false when
 * it is off the grid. */
static bool
step(const struct maze_grid *g, uint32_t x, uint32_t y, int d,
     struct maze_link *l)
{
    uint32_t w = g->width, h = g->height;
    uint32_t odd = y & 1;
    int64_t nx = x, ny = y;
    switch (d) {
    case E:
        nx = x + 1;
        break;
    case W:
        nx = (int64_t)x - 1;
        break;
    case SE:
    case NE:
        nx = (int64_t)x + odd;
        ny = d == SE ? (int64_t)y + 1 : (int64_t)y - 1;
        break;
    default: /* SW, NW */
        nx = (int64_t)x + odd - 1;
        ny = d == SW ? (int64_t)y + 1 : (int64_t)y - 1;
        break;
    }
    if (nx < 0 || ny < 0 || nx >= w || ny >= h) {
        return false;
    }
    uint32_t c = y * w + x, n = (uint32_t)ny * w + (uint32_t)nx;
    l->cell = n;
    switch (d) {
    case E:
        l->edge = 3 * c;
        break;
    case SE:
        l->edge = 3 * c + 1;
        break;
    case SW:
        l->edge = 3 * c + 2;
        break;
    case W:
        l->edge = 3 * n;
        break;
    case NW:
        l->edge = 3 * n + 1;
        break;
    default: /* NE */
        l->edge = 3 * n + 2;
        break;
    }
    return true;
}

static unsigned
hex_neighbors(const struct maze_grid *g, uint32_t cell, struct maze_link *out)
{
    uint32_t x = cell % g->width, y = cell / g->width;
    unsigned n = 0;
    for (int d = 0; d < DIRS; d++) {
        n += step(g, x, y, d, &out[n]);
    }
    return n;
}

static bool
hex_edge_exists(const struct maze_grid *g, uint32_t edge)
{
    uint32_t c = edge / 3;
    struct maze_link l;
    return step(g, c % g->width, c / g->width, (int)(edge % 3), &l);
}

static void
hex_edge_cells(const struct maze_grid *g, uint32_t edge, uint32_t *a,
               uint32_t *b)
{
    uint32_t c = edge / 3;
    struct maze_link l = {0, 0};
    (void)step(g, c % g->width, c / g->width, (int)(edge % 3), &l);
    *a = c;
    *b = l.cell;
}

static unsigned
hex_edge_class(const struct maze_grid *g, uint32_t edge)
{
    (void)g;
    static const unsigned cls[3] = {CLASS_H, CLASS_NW, CLASS_NE};
    return cls[edge % 3];
}

static struct maze_point
hex_cell_center(const struct maze_grid *g, uint32_t cell)
{
    uint32_t x = cell % g->width, y = cell / g->width;
    return (struct maze_point){x + 0.5 + 0.5 * (y & 1), R + 1.5 * R * y};
}

static unsigned
hex_cell_sides(const struct maze_grid *g, uint32_t cell, struct maze_side *out)
{
    uint32_t x = cell % g->width, y = cell / g->width;
    struct maze_point c = hex_cell_center(g, cell);
    /* Corners clockwise from the upper right one: corner d and d + 1 bound
     * the side in direction d. */
    const struct maze_point corner[DIRS] = {
        {c.x + 0.5, c.y - R / 2}, {c.x + 0.5, c.y + R / 2}, {c.x, c.y + R},
        {c.x - 0.5, c.y + R / 2}, {c.x - 0.5, c.y - R / 2}, {c.x, c.y - R},
    };
    for (int d = 0; d < DIRS; d++) {
        struct maze_link l;
        const struct maze_point *a = &corner[d], *b = &corner[(d + 1) % DIRS];
        out[d] = maze__side_line(a->x, a->y, b->x, b->y,
                                 step(g, x, y, d, &l) ? l.edge : MAZE_NONE);
    }
    return DIRS;
}

static int
hex_init(struct maze_grid *g)
{
    uint64_t w = g->width, h = g->height;
    /* East edges, then 2w - 1 edges between each pair of rows. */
    g->edges = (uint32_t)((w - 1) * h + (h - 1) * (2 * w - 1));
    g->extent_w = w + (h > 1 ? 0.5 : 0.0);
    g->extent_h = 2 * R + 1.5 * R * (h - 1);
    return MAZE_OK;
}

/* The neighbours as data (maze__stencil): even rows, then odd ones, each
 * E, SE, SW, W, NW, NE as step() takes them. */
static const struct maze__stencil hex_stencil = {
    .slots = 3,
    .py = 1,
    .by_slot = true,
    .slot_class = {CLASS_H, CLASS_NW, CLASS_NE},
    .count = {DIRS, DIRS},
    .step =
        {
            {{1, 0, 0, 0, false},
             {0, 1, 0, 1, false},
             {-1, 1, 0, 2, false},
             {-1, 0, 0, 0, true},
             {-1, -1, 0, 1, true},
             {0, -1, 0, 2, true}},
            {{1, 0, 0, 0, false},
             {1, 1, 0, 1, false},
             {0, 1, 0, 2, false},
             {-1, 0, 0, 0, true},
             {0, -1, 0, 1, true},
             {1, -1, 0, 2, true}},
        },
};

const struct maze__grid_kind maze__grid_hex = {
    .info =
        {
            .name = "hex",
            .aliases = {"sigma", "hexagonal"},
            .description = "pointy-topped hexagons in offset rows",
            .sizes =
                {
                    [MAZE_SIZE_WIDTH] = {"hexagons per row", 1, MAZE_MAX_CELLS,
                                         0},
                    [MAZE_SIZE_HEIGHT] = {"rows", 1, MAZE_MAX_CELLS, 0},
                },
            .class_count = 3,
            .class_names = {"h", "ne", "nw"},
            .class_meanings = {"east-west passages",
                               "north-east to south-west passages",
                               "north-west to south-east passages"},
            .coord_count = 2,
            .coord_names = {"x", "y"},
            .maskable = true,
            .slots_per_cell = 3,
            .table_bytes_per_cell = 0,
        },
    .init = hex_init,
    .stencil = &hex_stencil,
    .ops =
        {
            .neighbors = hex_neighbors,
            .edge_exists = hex_edge_exists,
            .edge_cells = hex_edge_cells,
            .edge_class = hex_edge_class,
            .cell_center = hex_cell_center,
            .cell_sides = hex_cell_sides,
            .coords = maze__xy_coords,
            .cell_at = maze__xy_cell_at,
        },
};
