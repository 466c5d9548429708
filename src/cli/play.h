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

/*
 * --play without a terminal on standard input and output, or with a maze
 * too big for that terminal: prints a usage error (naming the largest -W
 * and -H that fit) and returns false. What --play goes with is the job's
 * to check.
 */
bool cli_check_play(const struct maze_job *job);

/*
 * Makes the checked job's maze and plays it. Returns 0 when the finish is
 * reached or the player gives up (q), 1 on a failure (reported), and ends
 * by the signal itself on Ctrl-C, SIGINT, SIGTERM or SIGHUP (the shell
 * sees 128 + the signal), the terminal restored on every path.
 */
int cli_play(struct maze_job *job);

#endif
