/* SPDX-License-Identifier: MIT */
/*
 * The grid of a run: --grid (a kind from the library's registry), its
 * size, --mask, and what depends on the kind: the names -b weighs, the
 * cells --start and --finish name, and which algorithms and formats can
 * draw it. Everything is checked, and a mask read, before any maze is
 * made.
 */
#ifndef MAZEGEN_CLI_GRID_H
#define MAZEGEN_CLI_GRID_H

#include <stdbool.h>

#include "cli/cli.h"

/* Prints the registry: each kind, its sizes, classes and cell names. */
void cli_print_grids(void);

/*
 * Reads --mask, checks the size against the kind, reads -b against the
 * kind's classes, and checks --start, --finish and the algorithm against
 * the grid; prints the usage error and returns false on the first
 * problem. A run with --load is left alone (the file holds the grid).
 */
bool cli_check_grid(struct cli_options *opt);

/*
 * The way side `side` (in maze_grid_cell_sides() order) of cell faces, by
 * where its middle lies from the cell's centre: 0 east, 1 south, 2 west,
 * 3 north (y grows downwards); 4 when the cell has no such side.
 */
unsigned cli_side_direction(const struct maze_grid *g, uint32_t cell,
                            unsigned side);

/* Whether the run's grid is a whole rectangle (no other kind, no mask). */
bool cli_whole_rect(const struct cli_options *opt);

/* The run's kind (rect without --grid) and grid parameters (sizes, the
 * centre room, the mask), as cli_grid_create() uses them. */
const struct maze_grid_kind *cli_grid_kind(const struct cli_options *opt);
struct maze_grid_params cli_grid_params(const struct cli_options *opt);

/* The run's grid; a maze_grid_create() status. */
int cli_grid_create(const struct cli_options *opt, struct maze_grid **out);

/*
 * The cell p names on g into *cell; false after printing the usage error
 * (name is the option, "--start" or "--finish"; what describes the maze,
 * e.g. "the loaded 20x15 maze").
 */
bool cli_grid_cell(const struct maze_grid *g, const struct cli_point *p,
                   const char *name, uint32_t *cell);

#endif
