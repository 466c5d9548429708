/* SPDX-License-Identifier: MIT */
/*
 * Upsilon grids: octagons and squares in a checkerboard, -W columns by -H
 * rows, cell (x, y) an octagon when x + y is even. Octagons meet their
 * four square neighbours across their straight faces and their four
 * octagon neighbours across their slanted ones; squares have only the
 * four octagons around them. Computed arithmetically: four edge slots a
 * cell, no tables.
 *
 * The regular tiling (truncated square, 4.8.8): an octagon is 1 unit
 * across its flats and a square's side is the octagon's, sqrt(2) - 1;
 * centres are 1 / sqrt(2) apart along the rows and columns, so octagons
 * that touch diagonally are 1 apart.
 *
 * Edge slots: cell c = y * width + x owns slot 4c (east), 4c + 1 (south),
 * 4c + 2 (south-east) and 4c + 3 (south-west); squares own no diagonal.
 * Classes: orth (passages across the straight faces) and diag (between
 * octagons, across the slanted faces).
 */
#include "core/grid_impl.h"
#include <mazegen/status.h>

#define PITCH 0.70710678118654752440 /* 1 / sqrt(2) */
#define HALF 0.5                     /* octagon centre to flat */
#define Q 0.20710678118654752440     /* half a side: PITCH - HALF */

static bool
octagon(uint32_t x, uint32_t y)
{
    return ((x + y) & 1) == 0;
}

/* The king grid's topology, diagonals only between octagons. */
static unsigned
ups_neighbors(const struct maze_grid *g, uint32_t cell, struct maze_link *out)
{
    return maze__king_neighbors(g, cell, true, out);
}

static bool
ups_edge_exists(const struct maze_grid *g, uint32_t edge)
{
    return maze__king_edge_exists(g, edge, true);
}

static struct maze_point
ups_cell_center(const struct maze_grid *g, uint32_t cell)
{
    uint32_t x = cell % g->width, y = cell / g->width;
    return (struct maze_point){HALF + x * PITCH, HALF + y * PITCH};
}

static unsigned
ups_cell_sides(const struct maze_grid *g, uint32_t cell, struct maze_side *out)
{
    uint32_t x = cell % g->width, y = cell / g->width;
    struct maze_point c = ups_cell_center(g, cell);
    /* Corners clockwise from the north face's west end: corner k and
     * k + 1 bound side k. An octagon's eight, a square's four. */
    const struct maze_point oct[MAZE__KING_DIRS] = {
        {c.x - Q, c.y - HALF}, {c.x + Q, c.y - HALF}, {c.x + HALF, c.y - Q},
        {c.x + HALF, c.y + Q}, {c.x + Q, c.y + HALF}, {c.x - Q, c.y + HALF},
        {c.x - HALF, c.y + Q}, {c.x - HALF, c.y - Q},
    };
    const struct maze_point sq[4] = {
        {c.x - Q, c.y - Q},
        {c.x + Q, c.y - Q},
        {c.x + Q, c.y + Q},
        {c.x - Q, c.y + Q},
    };
    bool o = octagon(x, y);
    unsigned n = o ? MAZE__KING_DIRS : 4;
    for (unsigned k = 0; k < n; k++) {
        const struct maze_point *a = o ? &oct[k] : &sq[k];
        const struct maze_point *b = o ? &oct[(k + 1) % n] : &sq[(k + 1) % n];
        struct maze_link l;
        int d = o ? (int)k : (int)(2 * k); /* a square's sides: N, E, S, W */
        bool linked = maze__king_step(g, x, y, d, true, &l);
        out[k] = maze__side_line(a->x, a->y, b->x, b->y,
                                 linked ? l.edge : MAZE_NONE);
    }
    return n;
}

static int
ups_init(struct maze_grid *g)
{
    uint64_t w = g->width, h = g->height, diag = 0;
    /* Octagon pairs across each 2 x 2 block: one diagonal a block. */
    if (w > 1 && h > 1) {
        diag = (w - 1) * (h - 1);
    }
    g->edges = (uint32_t)((w - 1) * h + w * (h - 1) + diag);
    g->extent_w = (w - 1) * PITCH + 2 * HALF;
    g->extent_h = (h - 1) * PITCH + 2 * HALF;
    return MAZE_OK;
}

const struct maze__grid_kind maze__grid_upsilon = {
    .info =
        {
            .name = "upsilon",
            .aliases = {"octagon", "octagons"},
            .description = "octagons and squares in a checkerboard",
            .sizes =
                {
                    [MAZE_SIZE_WIDTH] = {"cells per row", 1, MAZE_MAX_CELLS, 0},
                    [MAZE_SIZE_HEIGHT] = {"rows", 1, MAZE_MAX_CELLS, 0},
                },
            .class_count = 2,
            .class_names = {"orth", "diag"},
            .class_meanings = {"across straight faces (north, south, east, "
                               "west)",
                               "between octagons, across slanted faces"},
            .coord_count = 2,
            .coord_names = {"x", "y"},
            .maskable = true,
            .slots_per_cell = 4,
            .table_bytes_per_cell = 0,
        },
    .init = ups_init,
    .stencil = &maze__king_checker_stencil,
    .ops =
        {
            .neighbors = ups_neighbors,
            .edge_exists = ups_edge_exists,
            .edge_cells = maze__king_edge_cells,
            .edge_class = maze__king_edge_class,
            .cell_center = ups_cell_center,
            .cell_sides = ups_cell_sides,
            .coords = maze__xy_coords,
            .cell_at = maze__xy_cell_at,
        },
};
