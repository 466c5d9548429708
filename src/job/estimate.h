/* SPDX-License-Identifier: MIT */
/*
 * Memory, before anything is allocated: the most a run will hold at once,
 * worked out from the options alone, against what the system can give
 * (or --max-memory). A run that would not fit is refused up front with
 * the estimate, exit status 1, instead of being killed by the kernel half
 * way through a multi-gigabyte maze.
 */
#ifndef MAZE_JOB_ESTIMATE_H
#define MAZE_JOB_ESTIMATE_H

#include <stdbool.h>

#include "job/job_impl.h"

/*
 * Whether the run fits; if not, prints why ("mazegen: ... needs about
 * ...") and returns false, for exit status 1.
 */
bool maze__job_check_memory(const struct maze_job *opt);

/* The memory the system has for this process: what the limits and the
 * cgroup allow; UINT64_MAX when nothing says. */
uint64_t maze__job_memory_available(void);

#endif
