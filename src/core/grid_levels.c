/* SPDX-License-Identifier: MIT */
/*
 * 3D grids: `levels` rectangles of width x height square cells stacked, a
 * cell also joined to the cell above and below it. Computed arithmetically:
 * cell c = (level * height + y) * width + x owns three edge slots, 3c (its
 * east edge), 3c + 1 (south) and 3c + 2 (up, to the same x, y a level
 * higher).
 *
 * Drawn flat so that every exporter prints it and it can be solved from
 * paper: the levels are panels in a row (a grid of rows when there are
 * many), one cell apart. An up/down passage has no side to draw; the
 * exporters mark the cells it joins instead (maze_grid_cell_stairs()), and
 * the solution lifts the pen where it changes level (path_via() gives a
 * NaN point), so no line crosses the gap between two panels. Each panel
 * has its name in a band under it (label()).
 */
#include <math.h>
#include <stdio.h>

#include "core/grid_impl.h"
#include <mazegen/status.h>

enum { CLASS_H, CLASS_V, CLASS_UD };

/* Cells of space between two panels side by side; under each panel a
 * band for its name ("Level 1"), and half a cell more to the next row. */
#define GAP 1.0
#define LABEL 1.0
#define ROW_GAP (LABEL + 0.5)

static uint32_t
levels_of(const struct maze_grid *g)
{
    return g->size[MAZE_SIZE_LEVELS];
}

/* Panels a row, as asked (g->size[MAZE_SIZE_PANELS], set by init). */
static uint32_t
columns_of(const struct maze_grid *g)
{
    return g->size[MAZE_SIZE_PANELS];
}

/* Panels a row when not asked: all of them up to three levels, else
 * about a square. */
static uint32_t
columns(uint32_t levels)
{
    if (levels <= 3) {
        return levels;
    }
    uint32_t c = (uint32_t)ceil(sqrt((double)levels));
    return c;
}

static void
split(const struct maze_grid *g, uint32_t cell, uint32_t *x, uint32_t *y,
      uint32_t *l)
{
    uint32_t per = g->width * g->height;
    *l = cell / per;
    *y = cell % per / g->width;
    *x = cell % g->width;
}

/* The top-left corner of level l's panel. */
static struct maze_point
origin(const struct maze_grid *g, uint32_t l)
{
    uint32_t cols = columns_of(g);
    return (struct maze_point){(l % cols) * (g->width + GAP),
                               (l / cols) * (g->height + ROW_GAP)};
}

static unsigned
levels_neighbors(const struct maze_grid *g, uint32_t cell,
                 struct maze_link *out)
{
    uint32_t x, y, l, w = g->width, per = g->width * g->height;
    split(g, cell, &x, &y, &l);
    unsigned n = 0;
    if (x + 1 < w) {
        out[n++] = (struct maze_link){cell + 1, 3 * cell};
    }
    if (y + 1 < g->height) {
        out[n++] = (struct maze_link){cell + w, 3 * cell + 1};
    }
    if (x > 0) {
        out[n++] = (struct maze_link){cell - 1, 3 * (cell - 1)};
    }
    if (y > 0) {
        out[n++] = (struct maze_link){cell - w, 3 * (cell - w) + 1};
    }
    if (l + 1 < levels_of(g)) {
        out[n++] = (struct maze_link){cell + per, 3 * cell + 2};
    }
    if (l > 0) {
        out[n++] = (struct maze_link){cell - per, 3 * (cell - per) + 2};
    }
    return n;
}

static bool
levels_edge_exists(const struct maze_grid *g, uint32_t edge)
{
    uint32_t x, y, l;
    split(g, edge / 3, &x, &y, &l);
    switch (edge % 3) {
    case 0:
        return x + 1 < g->width;
    case 1:
        return y + 1 < g->height;
    default:
        return l + 1 < levels_of(g);
    }
}

static void
levels_edge_cells(const struct maze_grid *g, uint32_t edge, uint32_t *a,
                  uint32_t *b)
{
    uint32_t cell = edge / 3;
    uint32_t steps[3] = {1, g->width, g->width * g->height};
    *a = cell;
    *b = cell + steps[edge % 3];
}

static unsigned
levels_edge_class(const struct maze_grid *g, uint32_t edge)
{
    (void)g;
    return edge % 3;
}

static struct maze_point
levels_cell_center(const struct maze_grid *g, uint32_t cell)
{
    uint32_t x, y, l;
    split(g, cell, &x, &y, &l);
    struct maze_point o = origin(g, l);
    return (struct maze_point){o.x + x + 0.5, o.y + y + 0.5};
}

static unsigned
levels_cell_sides(const struct maze_grid *g, uint32_t cell,
                  struct maze_side *out)
{
    uint32_t x, y, l, w = g->width;
    split(g, cell, &x, &y, &l);
    struct maze_point o = origin(g, l);
    const uint32_t edge[4] = {
        [MAZE__SIDE_N] = y > 0 ? 3 * (cell - w) + 1 : MAZE_NONE,
        [MAZE__SIDE_E] = x + 1 < w ? 3 * cell : MAZE_NONE,
        [MAZE__SIDE_S] = y + 1 < g->height ? 3 * cell + 1 : MAZE_NONE,
        [MAZE__SIDE_W] = x > 0 ? 3 * (cell - 1) : MAZE_NONE,
    };
    return maze__square_sides(o.x + x, o.y + y, edge, out);
}

/*
 * Openings only where their arrows point away from every other panel:
 * west on the first column of panels, east on the last panel of a row,
 * north on the first row, south on the last (the name under the panel
 * steps aside, maze__label_place()). In the order of maze__rect_opening().
 */
static unsigned
levels_facing(const struct maze_grid *g, uint32_t cell)
{
    uint32_t x, y, l, cols = columns_of(g);
    split(g, cell, &x, &y, &l);
    bool last = l % cols + 1 == cols || l + 1 == levels_of(g);
    bool bottom = l / cols == (levels_of(g) - 1) / cols;
    return (y == 0 && l < cols ? 1u << MAZE__SIDE_N : 0) |
           (x + 1 == g->width && last ? 1u << MAZE__SIDE_E : 0) |
           (y + 1 == g->height && bottom ? 1u << MAZE__SIDE_S : 0) |
           (x == 0 && l % cols == 0 ? 1u << MAZE__SIDE_W : 0);
}

static unsigned
levels_opening(const struct maze_grid *g, uint32_t cell, bool finish,
               unsigned avoid)
{
    static const unsigned start_order[4] = {MAZE__SIDE_W, MAZE__SIDE_N,
                                            MAZE__SIDE_E, MAZE__SIDE_S};
    static const unsigned finish_order[4] = {MAZE__SIDE_E, MAZE__SIDE_S,
                                             MAZE__SIDE_W, MAZE__SIDE_N};
    unsigned outside = levels_facing(g, cell);
    const unsigned *order = finish ? finish_order : start_order;
    unsigned fallback = MAZE_NONE;
    for (int i = 0; i < 4; i++) {
        unsigned side = order[i];
        if (!(outside >> side & 1u)) {
            continue;
        }
        if (side != avoid) {
            return side;
        }
        fallback = side;
    }
    return fallback;
}

static void
levels_coords(const struct maze_grid *g, uint32_t cell, uint32_t *out)
{
    split(g, cell, &out[0], &out[1], &out[2]);
}

static uint32_t
levels_cell_at(const struct maze_grid *g, const uint32_t *c)
{
    if (c[0] >= g->width || c[1] >= g->height || c[2] >= levels_of(g)) {
        return MAZE_NONE;
    }
    return (c[2] * g->height + c[1]) * g->width + c[0];
}

/* Between levels the pen lifts: one NaN point (see the file comment). */
static unsigned
levels_path_via(const struct maze_grid *g, uint32_t a, uint32_t b,
                struct maze_point *out)
{
    uint32_t per = g->width * g->height;
    if (a / per == b / per) {
        return 0;
    }
    out[0] = (struct maze_point){NAN, NAN};
    return 1;
}

static uint32_t
levels_stairs(const struct maze_grid *g, uint32_t cell, uint32_t *down)
{
    uint32_t per = g->width * g->height;
    *down = cell >= per ? 3 * (cell - per) + 2 : MAZE_NONE;
    return cell + per < g->cells ? 3 * cell + 2 : MAZE_NONE;
}

/* "Level l + 1" in the band under level l's panel. */
static unsigned
levels_label(const struct maze_grid *g, unsigned i, struct maze__label *out)
{
    if (i >= levels_of(g)) {
        return 0;
    }
    struct maze_point o = origin(g, i);
    out->at = (struct maze_point){o.x + g->width / 2.0, o.y + g->height};
    out->height = LABEL;
    out->width = g->width;
    snprintf(out->text, sizeof(out->text), "Level %u", i + 1);
    return levels_of(g);
}

static int
levels_measure(const uint32_t *size, uint64_t *cells, uint64_t *slots)
{
    *cells = (uint64_t)size[MAZE_SIZE_WIDTH] * size[MAZE_SIZE_HEIGHT] *
             size[MAZE_SIZE_LEVELS];
    *slots = *cells * 3;
    return MAZE_OK;
}

static int
levels_init(struct maze_grid *g)
{
    uint64_t w = g->width, h = g->height, l = levels_of(g);
    g->edges = (uint32_t)(((w - 1) * h + w * (h - 1)) * l + w * h * (l - 1));
    uint32_t cols = g->size[MAZE_SIZE_PANELS];
    if (cols == 0 || cols > l) {
        cols = columns((uint32_t)l);
        g->size[MAZE_SIZE_PANELS] = cols;
    }
    uint32_t rows = (uint32_t)((l + cols - 1) / cols);
    g->extent_w = cols * (w + GAP) - GAP;
    g->extent_h = rows * (h + ROW_GAP) - ROW_GAP + LABEL;
    return MAZE_OK;
}

/* The neighbours as data (maze__stencil): E, S, W, N, up, down. */
static const struct maze__stencil levels_stencil = {
    .slots = 3,
    .layered = true,
    .by_slot = true,
    .slot_class = {CLASS_H, CLASS_V, CLASS_UD},
    .count = {6, 6},
    .step = {{{1, 0, 0, 0, false},
              {0, 1, 0, 1, false},
              {-1, 0, 0, 0, true},
              {0, -1, 0, 1, true},
              {0, 0, 1, 2, false},
              {0, 0, -1, 2, true}},
             {{1, 0, 0, 0, false},
              {0, 1, 0, 1, false},
              {-1, 0, 0, 0, true},
              {0, -1, 0, 1, true},
              {0, 0, 1, 2, false},
              {0, 0, -1, 2, true}}},
};

const struct maze__grid_kind maze__grid_levels = {
    .info =
        {
            .name = "3d",
            .aliases = {"levels", "multilevel"},
            .description = "levels of square cells joined by up/down "
                           "passages, drawn side by side",
            .sizes =
                {
                    [MAZE_SIZE_WIDTH] = {"columns", 1, 65535, 0},
                    [MAZE_SIZE_HEIGHT] = {"rows", 1, 65535, 0},
                    [MAZE_SIZE_LEVELS] = {"levels", 1, 64, 2},
                    [MAZE_SIZE_PANELS] = {"levels drawn a row (0: chosen)", 0,
                                          64, 0},
                },
            .class_count = 3,
            .class_names = {"h", "v", "ud"},
            .class_meanings = {"east-west passages", "north-south passages",
                               "up/down passages between levels"},
            .coord_count = 3,
            .coord_names = {"x", "y", "level"},
            .maskable = false,
            .slots_per_cell = 3,
            .table_bytes_per_cell = 0,
        },
    .measure = levels_measure,
    .init = levels_init,
    .stencil = &levels_stencil,
    .ops =
        {
            .neighbors = levels_neighbors,
            .edge_exists = levels_edge_exists,
            .edge_cells = levels_edge_cells,
            .edge_class = levels_edge_class,
            .cell_center = levels_cell_center,
            .cell_sides = levels_cell_sides,
            .opening = levels_opening,
            .facing = levels_facing,
            .coords = levels_coords,
            .cell_at = levels_cell_at,
            .path_via = levels_path_via,
            .stairs = levels_stairs,
            .label = levels_label,
        },
};
