/* SPDX-License-Identifier: MIT */
/*
 * Triangular grids (delta mazes): -H rows of -W triangles each, pointing
 * up and down in turn; cell (x, y) points up when x + y is even, so every
 * row starts with an upward triangle on even rows. Computed
 * arithmetically: no tables, two edge slots and so two bits per cell.
 *
 * Triangles are equilateral with sides of 1 unit: cell (x, y) spans x/2
 * to x/2 + 1 across and rows are sqrt(3)/2 apart.
 *
 * Edge slots: cell c = y * width + x owns slot 2c (its east edge, through
 * a slanted side) and slot 2c + 1 (its south edge, through the base of an
 * upward triangle; downward triangles have none). Classes name the way a
 * passage runs: v (up-down, through a horizontal side), ne (north-east to
 * south-west) and nw (north-west to south-east).
 */
#include "core/grid_impl.h"
#include <mazegen/status.h>

enum { CLASS_V, CLASS_NE, CLASS_NW };

#define ROW 0.86602540378443864676 /* sqrt(3) / 2 */

static bool
up(uint32_t x, uint32_t y)
{
    return ((x + y) & 1) == 0;
}

/* The edge to the cell above or below (x, y), or MAZE_NONE. */
static uint32_t
vertical_edge(const struct maze_grid *g, uint32_t x, uint32_t y,
              uint32_t *other)
{
    uint32_t c = y * g->width + x;
    if (up(x, y)) {
        *other = c + g->width;
        return y + 1 < g->height ? 2 * c + 1 : MAZE_NONE;
    }
    *other = c - g->width;
    return y > 0 ? 2 * (c - g->width) + 1 : MAZE_NONE;
}

static unsigned
tri_neighbors(const struct maze_grid *g, uint32_t cell, struct maze_link *out)
{
    uint32_t x = cell % g->width, y = cell / g->width, other;
    unsigned n = 0;
    if (x + 1 < g->width) {
        out[n++] = (struct maze_link){cell + 1, 2 * cell};
    }
    uint32_t e = vertical_edge(g, x, y, &other);
    if (e != MAZE_NONE) {
        out[n++] = (struct maze_link){other, e};
    }
    if (x > 0) {
        out[n++] = (struct maze_link){cell - 1, 2 * (cell - 1)};
    }
    return n;
}

static bool
tri_edge_exists(const struct maze_grid *g, uint32_t edge)
{
    uint32_t c = edge / 2, x = c % g->width, y = c / g->width;
    if (edge & 1) {
        return up(x, y) && y + 1 < g->height;
    }
    return x + 1 < g->width;
}

static void
tri_edge_cells(const struct maze_grid *g, uint32_t edge, uint32_t *a,
               uint32_t *b)
{
    uint32_t c = edge / 2;
    *a = c;
    *b = (edge & 1) ? c + g->width : c + 1;
}

static unsigned
tri_edge_class(const struct maze_grid *g, uint32_t edge)
{
    uint32_t c = edge / 2;
    if (edge & 1) {
        return CLASS_V;
    }
    /* East of an upward triangle the passage climbs; of a downward one it
     * falls. */
    return up(c % g->width, c / g->width) ? CLASS_NE : CLASS_NW;
}

static struct maze_point
tri_cell_center(const struct maze_grid *g, uint32_t cell)
{
    uint32_t x = cell % g->width, y = cell / g->width;
    double top = y * ROW;
    return (struct maze_point){x / 2.0 + 0.5,
                               top + (up(x, y) ? 2.0 : 1.0) * ROW / 3};
}

static unsigned
tri_cell_sides(const struct maze_grid *g, uint32_t cell, struct maze_side *out)
{
    uint32_t x = cell % g->width, y = cell / g->width, other;
    double l = x / 2.0, r = l + 1, mid = l + 0.5;
    double top = y * ROW, bottom = top + ROW;
    uint32_t east = x + 1 < g->width ? 2 * cell : MAZE_NONE;
    uint32_t west = x > 0 ? 2 * (cell - 1) : MAZE_NONE;
    uint32_t vert = vertical_edge(g, x, y, &other);
    if (up(x, y)) {
        out[0] = maze__side_line(mid, top, r, bottom, east);
        out[1] = maze__side_line(r, bottom, l, bottom, vert);
        out[2] = maze__side_line(l, bottom, mid, top, west);
    } else {
        out[0] = maze__side_line(l, top, r, top, vert);
        out[1] = maze__side_line(r, top, mid, bottom, east);
        out[2] = maze__side_line(mid, bottom, l, top, west);
    }
    return 3;
}

static int
tri_init(struct maze_grid *g)
{
    uint64_t w = g->width, h = g->height;
    /* East edges, then the bases of the upward triangles above the last
     * row: (w + 1) / 2 on even rows and w / 2 on odd ones. */
    uint64_t bases = (h / 2) * ((w + 1) / 2) + ((h - 1) / 2) * (w / 2);
    g->edges = (uint32_t)((w - 1) * h + bases);
    g->extent_w = (w + 1) / 2.0;
    g->extent_h = h * ROW;
    return MAZE_OK;
}

/* The neighbours as data (maze__stencil): upward triangles (x + y even)
 * east, down, west; downward ones east, up, west. Classes depend on the
 * owner's way up, so edge_class() decides them. */
static const struct maze__stencil tri_stencil = {
    .slots = 2,
    .px = 1,
    .py = 1,
    .count = {3, 3},
    .step =
        {
            {{1, 0, 0, 0, false}, {0, 1, 0, 1, false}, {-1, 0, 0, 0, true}},
            {{1, 0, 0, 0, false}, {0, -1, 0, 1, true}, {-1, 0, 0, 0, true}},
        },
};

const struct maze__grid_kind maze__grid_triangle = {
    .info =
        {
            .name = "triangle",
            .aliases = {"delta", "triangular"},
            .description = "equilateral triangles pointing up and down in "
                           "rows",
            .sizes =
                {
                    /* One triangle a row would leave the rows apart. */
                    [MAZE_SIZE_WIDTH] = {"triangles per row", 2, MAZE_MAX_CELLS,
                                         0},
                    [MAZE_SIZE_HEIGHT] = {"rows", 1, MAZE_MAX_CELLS, 0},
                },
            .class_count = 3,
            .class_names = {"v", "ne", "nw"},
            .class_meanings = {"up-down passages, through horizontal sides",
                               "north-east to south-west passages",
                               "north-west to south-east passages"},
            .coord_count = 2,
            .coord_names = {"x", "y"},
            .maskable = true,
            .slots_per_cell = 2,
            .table_bytes_per_cell = 0,
        },
    .init = tri_init,
    .stencil = &tri_stencil,
    .ops =
        {
            .neighbors = tri_neighbors,
            .edge_exists = tri_edge_exists,
            .edge_cells = tri_edge_cells,
            .edge_class = tri_edge_class,
            .cell_center = tri_cell_center,
            .cell_sides = tri_cell_sides,
            .coords = maze__xy_coords,
            .cell_at = maze__xy_cell_at,
        },
};
