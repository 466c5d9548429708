/* SPDX-License-Identifier: MIT */
/*
 * The text styles and block maps of the command line: --charset's
 * underscore style and the block map formats with their --blocks
 * characters, each with the combinations it cannot draw.
 */
#ifndef MAZE_JOB_STYLES_H
#define MAZE_JOB_STYLES_H

#include <stdbool.h>

#include "job/job_impl.h"

/* Whether opt's format is one of the block maps. */
bool maze__job_is_blocks(const struct maze_job *opt);

/*
 * With the format known: --blocks only with -t blocks; block maps of
 * whole rectangles without a solution; the underscore style without a
 * solution or levels. Prints a usage error and returns false otherwise.
 */
bool maze__job_check_styles(const struct maze_job *opt);

#endif
