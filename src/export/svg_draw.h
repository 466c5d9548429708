/* SPDX-License-Identifier: MIT */
/*
 * SVG written as text, without cairo: a buffered writer to a sink with
 * locale-free numbers and XML escapes, and a maze drawn as classed layers
 * (walls, solution, markers) from the same layout and geometry
 * (cairo_util.h) that cairo draws with, so a maze looks the same in SVG
 * as in PDF and PNG. svg.c builds documents from it.
 */
#ifndef MAZE_EXPORT_SVG_DRAW_H
#define MAZE_EXPORT_SVG_DRAW_H

#include <stdbool.h>
#include <stddef.h>

#include "export/page.h"

/* A buffered writer; after the first failure it writes nothing more. */
struct maze__svg_out {
    const struct maze_sink *sink;
    int rc; /* MAZE_OK, or the first error */
    size_t n;
    char buf[8192];
};

void maze__svg_write(struct maze__svg_out *o, const void *data, size_t len);
void maze__svg_put(struct maze__svg_out *o, const char *s);
/* A number in plain decimal, at most 4 decimals, never in the locale's
 * form. */
void maze__svg_num(struct maze__svg_out *o, double v);
/* The longest text of maze__svg_num_text(): "-", 12 digits, ".dddd". */
#define MAZE__SVG_NUM_MAX 24
/*
 * Writes maze__svg_num()'s text of v into text (MAZE__SVG_NUM_MAX bytes,
 * not terminated) and returns its length: v rounded to ten-thousandths
 * (halves away from zero), "-" only when that is below zero, the whole
 * part, then "." and the decimals without trailing zeros if any are not
 * zero; 0 for a v that is not finite or of 10^12 or more.
 */
size_t maze__svg_num_text(char *text, double v);
/* "x y", and the same of grid point p placed on page pg. */
void maze__svg_point(struct maze__svg_out *o, double x, double y);
void maze__svg_page_point(struct maze__svg_out *o, const struct maze__page *pg,
                          struct maze_point p);
/* s with XML's five escapes. */
void maze__svg_escaped(struct maze__svg_out *o, const char *s);
/* Writes out what is buffered; returns o->rc. */
int maze__svg_flush(struct maze__svg_out *o);

/* How a maze is drawn in a document. */
struct maze__svg_maze {
    const char *prefix; /* of the ids */
    unsigned index;     /* 0 for the only maze; else its ids end -index */
    bool plotter;       /* walls in plotter order (layout/plotter.h) */
    /* Half a turn about (cx, cy) when rotated. */
    bool rotated;
    double cx, cy;
};

/*
 * Writes the maze as <g class="mazegen-maze">: its solution (if the
 * layout has one) as a group of its own that is also an Inkscape layer,
 * the walls as one path, then the start and finish markers, each classed
 * and painted with presentation attributes (so CSS overrides them).
 * Errors: MAZE_ERR_NOMEM (the plotter order), those of the sink.
 */
int maze__svg_draw_maze(struct maze__svg_out *o, const struct maze *maze,
                        const struct maze__layout *lay,
                        const struct maze__page *pg,
                        const struct maze__svg_maze *how);

/*
 * What a lone maze's document may add on top of the maze (svg.c), inside
 * the root element: prefix is the document's id prefix.
 */
typedef int (*maze__svg_extra_fn)(struct maze__svg_out *o,
                                  const struct maze *maze,
                                  const struct maze__drawing *d,
                                  const char *prefix, const void *ctx);

/*
 * The "svg" format's document of a lone maze, with extra (if not NULL)
 * written after the maze: what svg_write() writes with none.
 * Errors: those of the svg format.
 */
int maze__svg_write_maze(const struct maze *maze,
                         const struct maze_export_options *opt,
                         maze__svg_extra_fn extra, const void *extra_ctx,
                         const struct maze_sink *sink);

#endif
