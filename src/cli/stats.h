/* --stats: a maze's metrics as text on stderr or JSON on stdout. */
#ifndef MAZEGEN_CLI_STATS_H
#define MAZEGEN_CLI_STATS_H

#include <mazegen/mazegen.h>

#include "cli/cli.h"

/*
 * The shortest crossing of the grid, width + height - 1 cells: winding is
 * the solution's length over it, a measure that, unlike the share of
 * cells, does not shrink as mazes grow (--difficulty bands use it).
 */
uint64_t cli_crossing(const struct maze *maze);

/* Measures maze and prints the metrics; returns a maze_status. */
int cli_print_stats(const struct maze *maze, enum cli_stats kind);

#endif
