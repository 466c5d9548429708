/* SPDX-License-Identifier: MIT */
/*
 * The console of -i/--interactive: a welcome, then the number of rows and
 * of columns asked for (2 to 50, asked again after anything else), the
 * maze printed, and "another?" until the answer is no or the input ends.
 * It reads standard input a line at a time, from a terminal or a pipe,
 * and never changes the terminal's modes.
 */
#ifndef MAZEGEN_CLI_INTERACTIVE_H
#define MAZEGEN_CLI_INTERACTIVE_H

#include <stdbool.h>

#include "cli/cli.h"

/* The sizes the console accepts, in rows and in columns. */
#define CLI_CONSOLE_MIN 2u
#define CLI_CONSOLE_MAX 50u

/* Makes one maze of opt (its width, height and seed set) and prints it on
 * standard output; returns an exit status, 0 when it was printed. */
typedef int (*cli_make_fn)(const struct cli_options *opt);

/*
 * -i with options that cannot apply to every maze of the console (a size,
 * an output file, a format other than text or a block map, sheets,
 * --load, --stream, ...): prints a usage error and returns false.
 */
bool cli_check_interactive(const struct cli_options *opt);

/*
 * Runs the console: maze k (from 0) gets seed opt->seed + k, printed
 * after it with the command that makes it again. Returns 0 when the user
 * says no or the input ends, else the status of the first failure (1 for
 * an output that cannot be written).
 */
int cli_interactive(struct cli_options *opt, cli_make_fn make);

#endif
