/* SPDX-License-Identifier: MIT */
/*
 * The page a maze is drawn on (page.c): sizes, where grid points land,
 * line widths and marker shapes, in points (1/72 in) on a vector page or
 * pixels on a PNG one. Nothing here draws: cairo_util.h draws with cairo
 * on it, svg_draw.h writes SVG from it, png_impl.h rasterises rows.
 */
#ifndef MAZE_EXPORT_PAGE_H
#define MAZE_EXPORT_PAGE_H

#include <stdbool.h>

#include "export/common.h"
#include "layout/layout.h"

/* Where and how large the maze lands on its page. */
struct maze__page {
    /* The page. */
    double width, height;
    /* Where grid point (0, 0) lands, and points per grid unit. */
    double x, y, cell;
    /* The thickness of walls. */
    double wall;
    /* The outer wall's, when a fractal maze draws it heavier
     * (maze__page_levels()); 0: wall. */
    double outer;
    /* Free space around the maze, where entrance arrows go. */
    double room;
    /* The share of a cell a corridor takes when the layout draws them
     * narrower (weave), else 0: the solution line narrows with it. */
    double passage;
    /* Ink-saving: a narrower solution line, arrows in outline. */
    bool ink_saving;
    /* Page units per point: 1 on a vector page, dpi / 72 for PNG pixels.
     * Arrows have a size in points (common.h) whatever the unit. */
    double pt;
    /* The sheet the maze is drawn on, which names its levels in its
     * language and sets them in its type; NULL for a maze alone. */
    const struct maze__sheet *sheet;
};

/* The colours of a maze drawing, as 0xRRGGBB: every format draws with
 * these, so a maze looks the same in each. */
#define MAZE__RGB_WALL 0x000000ul
#define MAZE__RGB_SOLUTION 0x1f5fd1ul
#define MAZE__RGB_START 0x1a9850ul
#define MAZE__RGB_FINISH 0xd73027ul

/*
 * Fits pg to a layout of `levels` fractal levels (0: none, nothing
 * changes): sets pg->outer, and when `grow`, widens the free space so the
 * heavier outer wall stays inside the page.
 */
void maze__page_levels(struct maze__page *pg, unsigned levels, bool grow);

/* Fits pg to lay: its fractal levels (maze__page_levels()) and the width
 * of its corridors (pg->passage). */
void maze__page_layout(struct maze__page *pg, const struct maze__layout *lay,
                       bool grow);

/* The outer wall's thickness: pg->outer, or pg->wall when that is 0. */
double maze__page_outer(const struct maze__page *pg);

/* Where grid point p lands on the page, in points. */
void maze__page_point(const struct maze__page *pg, struct maze_point p,
                      double *x, double *y);

/* A start or finish marker as drawn: an arrow through its opening (a
 * closed outline of seven points) when the page has room for it, else a
 * disc in its cell. In page points. */
struct maze__marker_shape {
    bool arrow;
    double pts[7][2];
    double cx, cy, r;
};

/* The shape of the marker mk of the start (start set) or the finish,
 * whose opening is `opening` (MAZE_NONE: none). */
void maze__marker_shape(unsigned opening, const struct maze__marker *mk,
                        bool start, const struct maze__page *pg,
                        struct maze__marker_shape *out);

/*
 * Sizes the page for a maze extending width x height grid units (the
 * layout's extent) with opt (its lengths 0 for the defaults): the page is
 * the maze plus its margin (sheet.h puts mazes on paper). max_side is the
 * largest page side the format can hold.
 * Errors: MAZE_ERR_RANGE (cells under 1pt, walls as thick as a cell, a
 * page side over max_side, lengths that are not finite).
 */
int maze__page_plan(double width, double height,
                    const struct maze_export_options *opt, double max_side,
                    struct maze__page *out);

/* The solution line's width: 0.3 of a cell (ink-saving 0.2), at least
 * twice the wall, at most the cell. */
double maze__solution_width(const struct maze__page *pg);

/* The stroke of an ink-saving page's markers, drawn in outline. */
double maze__marker_outline(const struct maze__page *pg);

/* Everything a page shows, prepared before any output is written. The
 * texts are printable ASCII only, so that titles are valid UTF-8 and XML
 * whatever a caller stored as the algorithm name. */
struct maze__drawing {
    struct maze__page pg;
    struct maze__layout lay;
    char describe[256];
    bool solution;
};

/*
 * Plans the page (max_side as for maze__page_plan()), then builds the
 * layout, so that a maze too large for its page is refused without
 * walking its cells. Errors: those of maze__page_plan() and
 * maze__layout_build(). Free d->lay with maze__layout_finish() whatever
 * happens (d zeroed by the caller).
 */
int maze__drawing_init(struct maze__drawing *d, const struct maze *maze,
                       const struct maze_export_options *opt, double max_side);

#endif
