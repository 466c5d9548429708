/* SPDX-License-Identifier: MIT */
/*
 * The bottom of the command line: its exit statuses and the one-line
 * messages every part prints. The request itself is a library job
 * (<mazegen/job.h>); nothing here knows an option.
 */
#ifndef MAZEGEN_CLI_CLI_H
#define MAZEGEN_CLI_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include <mazegen/mazegen.h>

/* Exit statuses: 0 success, 1 runtime failure, 2 bad usage. */
enum { CLI_STATUS_RUNTIME = 1, CLI_STATUS_USAGE = 2 };

/* Prints a usage error: "mazegen: " + message, and a hint to --help. */
void cli_usage_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/*
 * Reports a library failure once, as one line: a usage error (with the
 * hint) for MAZE_ERR_INVALID, else "mazegen: " and the detail, or
 * `doing` and the status's words when the library said nothing more.
 * Returns the exit status: 2 for MAZE_ERR_INVALID, else 1.
 */
int cli_report(int rc, const char *doing);

/* An option's value as the job holds it: a number, or text (NULL when
 * the option has none). */
uint64_t cli_number(const struct maze_job *job, enum maze_option_id id);
const char *cli_text(const struct maze_job *job, enum maze_option_id id);

#endif
