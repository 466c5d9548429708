/* SPDX-License-Identifier: MIT */
/*
 * Checks that need every option at once, run after parsing and before
 * anything is generated, so a bad combination never leaves a file behind.
 */
#ifndef MAZEGEN_CLI_CHECKS_H
#define MAZEGEN_CLI_CHECKS_H

#include <stdbool.h>

#include "cli/cli.h"

/*
 * Checks the options that depend on each other (sizes, endpoints,
 * catalogue combinations, output files), resolving the format; prints the
 * usage error and returns false on the first problem.
 */
bool cli_check_options(struct cli_options *opt);

#endif
