/* SPDX-License-Identifier: MIT */
/*
 * Watching a maze being made: --watch draws the carve live in the
 * terminal (watch.c), --animate and --frames keep it as an animated SVG
 * or numbered PNG frames (animate.c). Both hear the library's step
 * listener (<mazegen/steps.h>).
 */
#ifndef MAZEGEN_CLI_WATCH_H
#define MAZEGEN_CLI_WATCH_H

#include <stdbool.h>

#include "cli/cli.h"

/* --delay's default for --watch and for --animate, in milliseconds. */
#define CLI_WATCH_DELAY 15u
#define CLI_ANIMATE_DELAY 40u
/* The most --delay takes: a minute a step. */
#define CLI_DELAY_MAX MAZE_OPTION_MAX_DELAY
/* The most frames --frames writes. */
#define CLI_FRAMES_MAX MAZE_OPTION_MAX_FRAMES

/* Does what watch option o, read as v, asks; false for another option. */
bool cli_parse_watch_option(const struct maze_option *o,
                            const struct maze_option_value *v,
                            struct cli_options *opt);

/*
 * Checks the watch options against the rest, once everything else is
 * checked: what they cannot go with, and for --watch that standard output
 * is a terminal that can draw it. False after a usage error.
 */
bool cli_check_watch(struct cli_options *opt);

/* Runs --watch (opt checked, seed chosen): the exit status. */
int cli_watch_run(const struct cli_options *opt);

/*
 * A recorder for --animate and --frames: cli_record_start() before the
 * carve gives the listener to pass to maze_generate() (NULL when nothing
 * records, or on no memory, which is reported when the outputs are
 * written); cli_record_frames() writes the frames of the finished maze
 * to temporary files in the --frames directory, before -o is written;
 * cli_record_svg() writes the animated SVG to a sink (the -o output);
 * cli_record_finish() gives the frames their names when the run's status
 * is 0, else removes them (all frames or none), and returns the status.
 */
/* Refuses (exit status 2, said once) more frames than CLI_FRAMES_MAX, once
 * the carve is known and before anything is written; 0 when fine. */
int cli_record_check(const struct cli_options *opt);
const struct maze_steps *cli_record_start(const struct cli_options *opt,
                                          const struct maze_grid *grid);
int cli_record_frames(const struct cli_options *opt, const struct maze *maze,
                      const struct maze_path *path);
int cli_record_svg(const struct cli_options *opt, const struct maze *maze,
                   const struct maze_export_options *e,
                   const struct maze_sink *sink);
int cli_record_finish(const struct cli_options *opt, int status);

#endif
