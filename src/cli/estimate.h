/* SPDX-License-Identifier: MIT */
/*
 * Memory, before anything is allocated: the most a run will hold at once,
 * worked out from the options alone, against what the system can give
 * (or --max-memory). A run that would not fit is refused up front with
 * the estimate, exit status 1, instead of being killed by the kernel half
 * way through a multi-gigabyte maze.
 */
#ifndef MAZEGEN_CLI_ESTIMATE_H
#define MAZEGEN_CLI_ESTIMATE_H

#include <stdbool.h>

#include "cli/cli.h"

/*
 * Whether the run fits; if not, prints why ("mazegen: ... needs about
 * ...") and returns false, for exit status 1.
 */
bool cli_check_memory(const struct cli_options *opt);

/* The memory the system has for this process: what the limits and the
 * cgroup allow; UINT64_MAX when nothing says. */
uint64_t cli_memory_available(void);

#endif
