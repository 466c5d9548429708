/* SPDX-License-Identifier: MIT */
/*
 * The walls of a layout in an order for pen plotters and laser cutters:
 * runs chained end to end into long strokes, and the strokes ordered so
 * that the pen travels little between them. The layout itself is left
 * as it is; a plot is a list of its runs, in drawing order, each drawn
 * forwards (a to b) or backwards.
 */
#ifndef MAZE_LAYOUT_PLOTTER_H
#define MAZE_LAYOUT_PLOTTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layout/layout.h"

/* One run of the layout, as drawn. */
struct maze__plot_step {
    uint32_t run;  /* index into the layout's runs */
    bool reversed; /* drawn from b to a */
    bool pen_up;   /* starts a stroke: the pen travels here lifted */
};

struct maze__plot {
    struct maze__plot_step *steps; /* one per run of the layout */
    size_t count;
    size_t strokes;
};

/*
 * Chains lay's runs into strokes (walking unused runs from vertex to
 * vertex, starting at vertices where an odd number of runs meet), then
 * orders the strokes greedily from the top-left corner, each time taking
 * the stroke with the nearest free end, turned round when its far end is
 * the nearer. Errors: MAZE_ERR_NOMEM (nothing to free then).
 */
int maze__plot_build(const struct maze__layout *lay, struct maze__plot *out);

/* Frees what maze__plot_build() allocated; accepts a zeroed plot. */
void maze__plot_finish(struct maze__plot *plot);

/* Where step s of lay starts and ends, as drawn. */
struct maze_point maze__plot_from(const struct maze__layout *lay,
                                  const struct maze__plot_step *s);
struct maze_point maze__plot_to(const struct maze__layout *lay,
                                const struct maze__plot_step *s);

/*
 * The pen-up travel in grid units from the top-left corner through every
 * stroke of the plot, or, with plot NULL, of the layout's own order (each
 * run a stroke of its own, as the default drawing is).
 */
double maze__plot_travel(const struct maze__layout *lay,
                         const struct maze__plot *plot);

#endif
