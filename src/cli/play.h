/* SPDX-License-Identifier: MIT */
/*
 * --play: the maze drawn full-screen with the player at the start, moved
 * by the arrow keys, WASD or hjkl until the finish is reached (or q gives
 * up, or Ctrl-C). Whole rectangles only; it needs a terminal on both
 * standard input and output, big enough for the maze.
 */
#ifndef MAZEGEN_CLI_PLAY_H
#define MAZEGEN_CLI_PLAY_H

#include <stdbool.h>

#include "cli/cli.h"

/* Makes the maze of opt into *grid and *maze (the caller destroys both),
 * reporting any failure itself; returns an exit status, 0 when made. */
typedef int (*cli_play_make_fn)(const struct cli_options *opt,
                                struct maze_grid **grid, struct maze **maze);

/*
 * --play with options it cannot honour (an output, a format, sheets, -i,
 * --load, --stream, another grid kind, --charset underscore), without a
 * terminal on standard input and output, or a maze too big for that
 * terminal: prints a usage error (naming the largest -W and -H that fit)
 * and returns false.
 */
bool cli_check_play(const struct cli_options *opt);

/*
 * Plays the maze made by make. Returns 0 when the finish is reached or
 * the player gives up (q), 1 on a failure (reported), and ends by the
 * signal itself on Ctrl-C, SIGINT, SIGTERM or SIGHUP (the shell sees
 * 128 + the signal), the terminal restored on every path.
 */
int cli_play(const struct cli_options *opt, cli_play_make_fn make);

#endif
