/* SPDX-License-Identifier: MIT */
/*
 * Checks that need every option at once, run after parsing and before
 * anything is generated, so a bad combination never leaves a file behind.
 */
#ifndef MAZE_JOB_CHECKS_H
#define MAZE_JOB_CHECKS_H

#include <stdbool.h>

#include "job/job_impl.h"

/*
 * Checks the options that depend on each other (sizes, endpoints,
 * catalogue combinations, output files), resolving the format; prints the
 * usage error and returns false on the first problem.
 */
bool maze__job_check_options(struct maze_job *opt);

#endif
