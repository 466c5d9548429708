/* SPDX-License-Identifier: MIT */
/*
 * --load FILE: a maze saved with -t json, read back instead of generated.
 * The file is read whole (it is checked whole before anything is drawn)
 * and every problem is reported on one line with its place in the file.
 */
#ifndef MAZEGEN_CLI_LOAD_H
#define MAZEGEN_CLI_LOAD_H

#include <stdbool.h>

#include "cli/cli.h"

/*
 * Refuses the options that make a maze (size, algorithm, seed and the
 * rest), since the file holds one; prints the usage error.
 */
bool cli_check_load(const struct cli_options *opt);

/*
 * Reads opt->load ("-" for standard input) into a new grid and maze, then
 * checks --start, --finish and the sheet against the maze's size. Returns
 * 0, or the exit status after printing why: 2 for a file that is missing
 * or malformed or options that do not fit it, 1 for a read error or lack
 * of memory.
 */
int cli_load(const struct cli_options *opt, struct maze_grid **grid,
             struct maze **maze);

#endif
