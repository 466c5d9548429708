/* SPDX-License-Identifier: MIT */
/*
 * The watch options of a job (--watch, --delay, --animate, --frames,
 * --frame-every): what each sets, and how they go with the rest. The
 * watching itself (a terminal, an animated SVG, frames) is the program's,
 * through the steps a job's run reports (maze_job_hooks.steps).
 */
#ifndef MAZE_JOB_WATCH_H
#define MAZE_JOB_WATCH_H

#include <stdbool.h>

#include "job/job_impl.h"

/* --delay's default for --watch and for --animate, in milliseconds. */
#define JOB_WATCH_DELAY 15u
#define JOB_ANIMATE_DELAY 40u
/* The most --delay takes: a minute a step. */
#define JOB_DELAY_MAX MAZE_OPTION_MAX_DELAY
/* The most frames --frames writes. */
#define JOB_FRAMES_MAX MAZE_OPTION_MAX_FRAMES

/* Does what watch option o, read as v, asks; false for another option. */
bool maze__job_parse_watch_option(const struct maze_option *o,
                                  const struct maze_option_value *v,
                                  struct maze_job *opt);

/*
 * Checks the watch options against the rest, once everything else is
 * checked (the format is known): a usage error recorded and false when
 * they do not go together.
 */
bool maze__job_check_watch(struct maze_job *opt);

#endif
