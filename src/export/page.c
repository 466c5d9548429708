/* SPDX-License-Identifier: MIT */
/*
 * The page a maze is drawn on, without drawing it: its size and margin,
 * where grid points land, the widths of walls and the solution, and the
 * shapes of the start and finish markers. The SVG writer (svg_draw.c),
 * the PNG rows (png_arrow.c) and cairo (cairo_util.c) all draw from it,
 * so a maze looks the same in each, and a build without cairo
 * (-Ddrawing=disabled) still plans SVG and PNG pages.
 */
#include <math.h>

#include "export/page.h"

/* Below this a printed cell is a smudge; refuse rather than shrink. */
#define MIN_CELL_PT 1.0

/* The default wall follows the cell so thin cells keep open corridors. */
static double
wall_for(const struct maze_export_options *opt, double cell)
{
    double dflt = cell / 8 > 0.5 ? cell / 8 : 0.5;
    return maze__length_pt(opt->wall_width, dflt);
}

int
maze__page_plan(double width, double height,
                const struct maze_export_options *opt, double max_side,
                struct maze__page *out)
{
    struct maze__page pg = {0};
    double cell = maze__length_pt(opt->cell_size, 12);
    if (!isfinite(cell) || !isfinite(maze__length_pt(opt->wall_width, 1)) ||
        !isfinite(maze__length_pt(opt->margin, 1))) {
        return MAZE_ERR_RANGE;
    }
    pg.cell = cell;
    pg.wall = wall_for(opt, cell);
    /* A margin, even none, never cuts the outer walls, which are centred
     * on the maze's edge. */
    pg.room = fmax(maze__length_pt(opt->margin, maze__marker_room(cell)),
                   pg.wall / 2);
    pg.pt = 1;
    pg.x = pg.room;
    pg.y = pg.room;
    pg.width = width * cell + 2 * pg.room;
    pg.height = height * cell + 2 * pg.room;
    if (!(pg.cell >= MIN_CELL_PT) || !(pg.wall >= MAZE_MIN_WALL_PT) ||
        !(pg.wall <= pg.cell * (1 - MAZE_MIN_PASSAGE_SHARE)) ||
        !(pg.width <= max_side && pg.height <= max_side)) {
        return MAZE_ERR_RANGE;
    }
    *out = pg;
    return MAZE_OK;
}

void
maze__page_levels(struct maze__page *pg, unsigned levels, bool grow)
{
    if (levels == 0) {
        return;
    }
    pg->outer = maze__wall_level(pg->wall, pg->cell, levels, levels);
    double more = pg->outer / 2 - pg->room;
    if (grow && more > 0) {
        pg->room += more;
        pg->x += more;
        pg->y += more;
        pg->width += 2 * more;
        pg->height += 2 * more;
    }
}

void
maze__page_layout(struct maze__page *pg, const struct maze__layout *lay,
                  bool grow)
{
    maze__page_levels(pg, lay->levels, grow);
    pg->passage = lay->passage;
}

double
maze__page_outer(const struct maze__page *pg)
{
    return pg->outer > 0 ? pg->outer : pg->wall;
}

void
maze__page_point(const struct maze__page *pg, struct maze_point p, double *x,
                 double *y)
{
    *x = pg->x + p.x * pg->cell;
    *y = pg->y + p.y * pg->cell;
}

double
maze__marker_outline(const struct maze__page *pg)
{
    return fmin(fmax(0.06 * maze__arrow_length(pg->cell), 0.5), 1.2);
}

double
maze__solution_width(const struct maze__page *pg)
{
    /* Twice the wall at least, so that it reads in grayscale as a band
     * and not as one more wall; never wider than the cell, which the
     * passage share keeps it inside of. */
    double cell = pg->passage > 0 ? pg->passage * pg->cell : pg->cell;
    double w = fmax((pg->ink_saving ? 0.2 : 0.3) * cell, 2 * pg->wall);
    return fmin(w, cell);
}

/* Page units per point (a page that does not say is in points). */
static double
unit(const struct maze__page *pg)
{
    return pg->pt > 0 ? pg->pt : 1;
}

/* The gap between an arrow and the wall, or the edge of the free space:
 * a tenth of a cell, but 0.75pt to 2.4pt. */
static double
arrow_gap(const struct maze__page *pg)
{
    double u = unit(pg);
    return fmin(fmax(0.1 * pg->cell / u, 0.75), 2.4) * u;
}

/* The length of an arrow, in page units. */
static double
arrow_length(const struct maze__page *pg)
{
    double u = unit(pg);
    return maze__arrow_length(pg->cell / u) * u;
}

/*
 * An arrow in the free space outside an opening, along the outward
 * direction d from the opening's midpoint o, from just outside the wall
 * to its length (maze__arrow_length()) or the edge of the free space;
 * `in` points it into the maze.
 */
static void
arrow_outline(double ox, double oy, struct maze_point d, bool in,
              const struct maze__page *pg, double out[7][2])
{
    double from = maze__page_outer(pg) / 2 + arrow_gap(pg);
    double to = fmin(from + arrow_length(pg), pg->room - arrow_gap(pg));
    double len = to - from;
    double v = in ? -1 : 1;
    double tip = in ? from : to, tail = in ? to : from;
    double head = 0.5 * len, hw = 0.43 * len, sw = 0.16 * len;
    double nx = -d.y, ny = d.x;
    /* Outline in (along, across) coordinates, tail to tip and back. */
    const double pts[7][2] = {
        {tail, sw},  {tip - v * head, sw},  {tip - v * head, hw},
        {tip, 0},    {tip - v * head, -hw}, {tip - v * head, -sw},
        {tail, -sw},
    };
    for (int i = 0; i < 7; i++) {
        out[i][0] = ox + d.x * pts[i][0] + nx * pts[i][1];
        out[i][1] = oy + d.y * pts[i][0] + ny * pts[i][1];
    }
}

void
maze__marker_shape(unsigned opening, const struct maze__marker *mk, bool start,
                   const struct maze__page *pg, struct maze__marker_shape *out)
{
    bool outside = mk->outward.x != 0 || mk->outward.y != 0;
    /* An arrow when at least half of one fits the free space; else a
     * disc in the cell still marks it. */
    double free = pg->room - maze__page_outer(pg) / 2 - 2 * arrow_gap(pg);
    out->arrow =
        opening != MAZE_NONE && outside && free >= 0.5 * arrow_length(pg);
    if (out->arrow) {
        double x, y;
        maze__page_point(pg, mk->at, &x, &y);
        arrow_outline(x, y, mk->outward, start, pg, out->pts);
        return;
    }
    maze__page_point(pg, mk->center, &out->cx, &out->cy);
    out->r = 0.3 * pg->cell;
}

/* Plans the page before building the layout, so that a maze too large for
 * it is refused without walking its cells. */
int
maze__drawing_init(struct maze__drawing *d, const struct maze *maze,
                   const struct maze_export_options *opt, double max_side)
{
    double w, h;
    maze_grid_extent(maze->grid, &w, &h);
    int rc = maze__page_plan(w, h, opt, max_side, &d->pg);
    if (rc != MAZE_OK) {
        return rc;
    }
    rc = maze__layout_build(maze, opt->solution, &d->lay);
    if (rc != MAZE_OK) {
        return rc;
    }
    maze__page_layout(&d->pg, &d->lay, true);
    if (d->lay.passage > 0) {
        /* Corridors narrower than the cell (weave) take walls as much
         * thinner. */
        d->pg.wall = wall_for(opt, d->pg.cell * d->lay.passage);
    }
    maze__describe(maze, d->describe, sizeof(d->describe));
    d->solution = d->lay.solution_count > 0;
    return MAZE_OK;
}
