/* SPDX-License-Identifier: MIT */
/*
 * The text styles and block maps of the command line: --charset's
 * underscore style and the block map formats with their --blocks
 * characters, each with the combinations it cannot draw.
 */
#ifndef MAZEGEN_CLI_STYLES_H
#define MAZEGEN_CLI_STYLES_H

#include <stdbool.h>

#include "cli/cli.h"

/* Whether opt's format is one of the block maps. */
bool cli_is_blocks(const struct cli_options *opt);

/*
 * With the format known: --blocks only with -t blocks; block maps of
 * whole rectangles without a solution; the underscore style without a
 * solution or levels. Prints a usage error and returns false otherwise.
 */
bool cli_check_styles(const struct cli_options *opt);

#endif
