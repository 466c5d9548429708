/* SPDX-License-Identifier: MIT */
/*
 * Drawing a maze layout with cairo, on the page of page.h, shared by the
 * PDF exporter, sheet pages and PNG bands, and the cairo surface plumbing
 * of svg_sheet.c and pdf.c. Only a build with drawing has it.
 * Drawing takes a cairo_t rather than a surface, so the tests draw the very
 * same page onto an image surface and read the pixels back.
 *
 * Every length here is in points (1/72 in): a vector page's user unit.
 */
#ifndef MAZE_EXPORT_CAIRO_UTIL_H
#define MAZE_EXPORT_CAIRO_UTIL_H

#include <stdbool.h>

#include <cairo.h>

#include "export/page.h"

/*
 * Draws the solution (if the layout has one), every wall as one stroked
 * path, and the start and finish markers. maze gives the openings' sides.
 * Leaves the cairo_t's state as it found it; errors stay in cairo_status().
 */
void maze__draw_maze(cairo_t *cr, const struct maze *maze,
                     const struct maze__layout *lay,
                     const struct maze__page *pg);

/*
 * The three layers of maze__draw_maze(), for drawings that hold only part
 * of a layout (PNG bands): a solution polyline of n points (under the
 * walls), the walls of lay, the start and finish markers of lay.
 */
void maze__draw_solution(cairo_t *cr, const struct maze_point *pts, size_t n,
                         const struct maze__page *pg);
void maze__draw_walls(cairo_t *cr, const struct maze__layout *lay,
                      const struct maze__page *pg);
void maze__draw_markers(cairo_t *cr, const struct maze *maze,
                        const struct maze__layout *lay,
                        const struct maze__page *pg);
/* The grid's names (3D: "Level 1" under each level), in the walls'
 * colour, those that reach cr's clip; returns how many it drew. */
unsigned maze__draw_labels(cairo_t *cr, const struct maze *maze,
                           const struct maze__page *pg);
/* The stair marks (over the walls and the solution, filled in the
 * walls' colour; maze__stair_shape()). */
void maze__draw_stairs(cairo_t *cr, const struct maze__stair *v, size_t n,
                       const struct maze__page *pg);

/* A sink as a cairo write function; a refusal is remembered in failed. */
struct maze__cairo_sink {
    const struct maze_sink *sink;
    bool failed;
};

cairo_status_t maze__cairo_write(void *closure, const unsigned char *data,
                                 unsigned int length);

/* The library status for a cairo status, MAZE_ERR_IO when the sink failed. */
int maze__cairo_result(cairo_status_t status, bool sink_failed);

/*
 * Destroys cr, finishes the surface and says how it went: rc if drawing
 * already failed, else what cairo or the sink reported.
 */
int maze__cairo_finish(cairo_surface_t *surface, cairo_t *cr, int rc,
                       const bool *sink_failed);

/* Draws d's page on surface, finishes it and says how it went. */
int maze__drawing_render(cairo_surface_t *surface, const struct maze *maze,
                         const struct maze__drawing *d,
                         const bool *sink_failed);

#endif
