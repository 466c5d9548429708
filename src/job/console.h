/* SPDX-License-Identifier: MIT */
/* What -i/--interactive and --play go with (console.c). */
#ifndef MAZE_JOB_CONSOLE_H
#define MAZE_JOB_CONSOLE_H

#include <stdbool.h>

#include "job/job_impl.h"

/* -i/--interactive: none of the options it sets itself or cannot print;
 * false after a usage error. */
bool maze__job_check_interactive(const struct maze_job *opt);

/* --play: none of the options that write or shape the maze another way,
 * and a rectangle; false after a usage error. */
bool maze__job_check_play(const struct maze_job *opt);

#endif
