/* SPDX-License-Identifier: MIT */
/*
 * The console of -i/--interactive: a welcome, then the number of rows and
 * of columns asked for (2 to 50, asked again after anything else, and
 * columns again when the maze would be wider than the terminal), the
 * maze printed, and "another?" until the answer is no or the input ends.
 * It reads standard input a line at a time, from a terminal or a pipe,
 * and never changes the terminal's modes.
 */
#ifndef MAZEGEN_CLI_INTERACTIVE_H
#define MAZEGEN_CLI_INTERACTIVE_H

#include <stdbool.h>

#include "cli/options.h"

/* The sizes the console accepts, in rows and in columns. */
#define CLI_CONSOLE_MIN 2u
#define CLI_CONSOLE_MAX 50u

/* Makes one maze of the options given (args) with this size and seed,
 * and prints it on standard output; returns an exit status, 0 when it
 * was printed. */
typedef int (*cli_make_fn)(const struct cli_args *args, uint32_t width,
                           uint32_t height, uint64_t seed);

/*
 * Runs the console for the checked job (what goes with -i is the job's to
 * check): maze k (from 0) gets the seed -s + k, printed after it with the
 * command that makes it again. Returns 0 when the user says no or the
 * input ends, else the status of the first failure (1 for an output that
 * cannot be written).
 */
int cli_interactive(const struct maze_job *job, const struct cli_args *args,
                    cli_make_fn make);

#endif
