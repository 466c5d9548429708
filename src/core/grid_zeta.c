/* SPDX-License-Identifier: MIT */
/*
 * Zeta grids: the squares of a rectangle, -W columns by -H rows, whose
 * passages may also run at 45 degrees, to the four cells across the
 * corners (the king grid of grid_king.c: four edge slots a cell, no
 * tables). The two diagonals of one 2 x 2 block would cross at its
 * middle, so they conflict: a maze opens at most one of them.
 *
 * Geometry: cell (x, y) is the square [x, x + 1] x [y, y + 1] with every
 * corner that is an interior point of the grid cut off by a 45-degree side
 * K * sqrt(2) long, its side to the neighbour across that corner. The four
 * cuts around an interior point make a small diamond, two sides for each
 * diagonal, one in each of its cells (so a diagonal's side is not shared:
 * see maze__draws_side()). An open diagonal leaves its two sides open and
 * runs between the other two, which belong to the cells of the diagonal
 * that may not be open: a corridor at 45 degrees between parallel walls.
 * With neither open, the diamond is a closed block. Corners on the outer
 * boundary are not cut, so the outline is the plain rectangle.
 *
 * K = 1 - 1/sqrt(2) makes an inner cell a regular octagon: a passage
 * across a side (1 - 2K wide between the cuts) and a diagonal corridor
 * (K * sqrt(2) between its walls) are then both sqrt(2) - 1 wide, so
 * neither kind of passage looks narrower than the other.
 *
 * Classes: orth (across the sides) and diag (across the corners).
 */
#include "core/grid_impl.h"
#include <mazegen/status.h>

#define K 0.29289321881345247560 /* 1 - 1 / sqrt(2) */

static unsigned
zeta_neighbors(const struct maze_grid *g, uint32_t cell, struct maze_link *out)
{
    return maze__king_neighbors(g, cell, false, out);
}

static bool
zeta_edge_exists(const struct maze_grid *g, uint32_t edge)
{
    return maze__king_edge_exists(g, edge, false);
}

/*
 * The other diagonal of the block: the south-east diagonal of (x, y) and
 * the south-west one of (x + 1, y) cross between rows y and y + 1.
 */
static uint32_t
zeta_conflict(const struct maze_grid *g, uint32_t edge)
{
    (void)g;
    switch (edge % 4) {
    case 2:
        return edge + 4 + 1; /* south-east: the east neighbour's SW */
    case 3:
        return edge - 4 - 1; /* south-west: the west neighbour's SE */
    default:
        return MAZE_NONE;
    }
}

static struct maze_point
zeta_cell_center(const struct maze_grid *g, uint32_t cell)
{
    return (struct maze_point){cell % g->width + 0.5, cell / g->width + 0.5};
}

/* The point t of the way from p to q. */
static struct maze_point
toward(struct maze_point p, struct maze_point q, double t)
{
    return (struct maze_point){p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t};
}

/*
 * Sides clockwise from the north one: each side of the square between
 * the cuts of its two corners, and after it the cut of the next corner
 * where that corner is inside the grid (where the diagonal exists).
 */
static unsigned
zeta_cell_sides(const struct maze_grid *g, uint32_t cell, struct maze_side *out)
{
    uint32_t x = cell % g->width, y = cell / g->width;
    struct maze_point c = zeta_cell_center(g, cell);
    struct maze_point corner[MAZE__KING_DIRS];
    struct maze_link link[MAZE__KING_DIRS];
    bool has[MAZE__KING_DIRS];
    for (int d = 0; d < MAZE__KING_DIRS; d++) {
        corner[d] = (struct maze_point){c.x + maze__king_dx[d] * 0.5,
                                        c.y + maze__king_dy[d] * 0.5};
        has[d] = maze__king_step(g, x, y, d, false, &link[d]);
    }
    unsigned n = 0;
    for (int d = 0; d < MAZE__KING_DIRS; d++) {
        int prev = (d + 7) % 8, next = (d + 1) % 8;
        struct maze_point a, b;
        if (d % 2 == 0) {
            /* A side, from corner prev to corner next, less their cuts. */
            a = toward(corner[prev], corner[next], has[prev] ? K : 0);
            b = toward(corner[next], corner[prev], has[next] ? K : 0);
        } else if (has[d]) {
            /* A cut, from the side before it to the side after it. */
            a = toward(corner[d], corner[(d + 6) % 8], K);
            b = toward(corner[d], corner[(d + 2) % 8], K);
        } else {
            continue;
        }
        out[n++] = maze__side_line(a.x, a.y, b.x, b.y,
                                   has[d] ? link[d].edge : MAZE_NONE);
    }
    return n;
}

static int
zeta_init(struct maze_grid *g)
{
    uint64_t w = g->width, h = g->height;
    /* Two diagonals a 2 x 2 block. */
    g->edges = (uint32_t)((w - 1) * h + w * (h - 1) + 2 * (w - 1) * (h - 1));
    g->extent_w = (double)w;
    g->extent_h = (double)h;
    return MAZE_OK;
}

const struct maze__grid_kind maze__grid_zeta = {
    .info =
        {
            .name = "zeta",
            .aliases = {"diagonal", "king"},
            .description = "square cells whose passages may also run at 45 "
                           "degrees, never two crossing",
            .sizes =
                {
                    [MAZE_SIZE_WIDTH] = {"columns", 1, MAZE_MAX_CELLS, 0},
                    [MAZE_SIZE_HEIGHT] = {"rows", 1, MAZE_MAX_CELLS, 0},
                },
            .class_count = 2,
            .class_names = {"orth", "diag"},
            .class_meanings = {"across sides (north, south, east, west)",
                               "across corners, at 45 degrees"},
            .coord_count = 2,
            .coord_names = {"x", "y"},
            .maskable = true,
            .slots_per_cell = 4,
            .table_bytes_per_cell = 0,
        },
    .init = zeta_init,
    .stencil = &maze__king_stencil,
    .ops =
        {
            .neighbors = zeta_neighbors,
            .edge_exists = zeta_edge_exists,
            .edge_cells = maze__king_edge_cells,
            .edge_class = maze__king_edge_class,
            .cell_center = zeta_cell_center,
            .cell_sides = zeta_cell_sides,
            .coords = maze__xy_coords,
            .cell_at = maze__xy_cell_at,
            .conflict = zeta_conflict,
        },
};
