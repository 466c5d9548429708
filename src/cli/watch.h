/* SPDX-License-Identifier: MIT */
/*
 * Watching a maze being made: --watch draws the carve live in the
 * terminal (watch.c) from the steps the job reports, and --frames keeps
 * it as numbered PNG frames (animate.c) the job draws. What goes with
 * what is the job's to check; the terminal is this program's.
 */
#ifndef MAZEGEN_CLI_WATCH_H
#define MAZEGEN_CLI_WATCH_H

#include <stdbool.h>

#include "cli/cli.h"

/*
 * --watch without -W or -H: sets the sides not given to what fits the
 * terminal (at most 40 x 20), before the job is checked.
 */
void cli_watch_fit(struct maze_job *job);

/*
 * --watch: standard output a terminal that moves the cursor, and the
 * maze fits it; false after a usage error.
 */
bool cli_check_watch(const struct maze_job *job);

/*
 * Carves the checked job's maze step by step in the terminal, then traces
 * its solution; restores the terminal on every path. Returns the exit
 * status (128 + the signal when interrupted).
 */
int cli_watch_run(struct maze_job *job);

/*
 * --frames: writes the made job's frames to temporary files in the
 * directory (all of them, or none on failure), to be named by
 * cli_frames_finish(). Returns the exit status; 0 with no frames.
 */
int cli_frames_write(struct maze_job *job);

/* Names the frames written when status is 0 (else removes them); returns
 * the exit status. */
int cli_frames_finish(const struct maze_job *job, int status);

#endif
