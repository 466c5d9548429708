/* SPDX-License-Identifier: MIT */
/*
 * Output files that appear whole or not at all: bytes go to a temporary
 * file beside the target, which is renamed over it only once everything was
 * written and flushed. Standard output and special files (devices, pipes)
 * are written directly, since they cannot be renamed over.
 */
#ifndef MAZEGEN_CLI_OUTPUT_H
#define MAZEGEN_CLI_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>

#include <mazegen/export.h>

struct cli_output {
    const char *path; /* NULL or "-" for standard output */
    char *target;     /* path with its symbolic links followed */
    char *temp_path;  /* the temporary file, when renaming */
    int fd;
    int error;        /* errno of the first failure, 0 if none */
    bool temp_failed; /* the temporary file could not be made */
    struct maze_sink sink;
};

/*
 * Checks that path can be written (its directory exists, it is not a
 * directory). Returns NULL if fine, else a short reason for a usage error.
 */
const char *cli_output_check(const char *path);

/* Opens an output; on failure sets out->error and returns false. */
bool cli_output_open(struct cli_output *out, const char *path);

/*
 * Finishes an output: when ok, flushes and renames into place (reporting
 * any failure); otherwise removes the temporary file. Returns true when the
 * file is complete.
 */
bool cli_output_close(struct cli_output *out, bool ok);

/*
 * Makes SIGINT, SIGTERM and SIGHUP remove pending temporary files and exit
 * 1 with a message, and turns SIGPIPE into EPIPE write errors.
 */
void cli_output_install_signals(void);

/* How an output is named in messages ("standard output" for NULL, "-"). */
const char *cli_output_name(const char *path);

struct cli_options;

/*
 * Reports a failed export into out (progress stopped): a maze or sheet
 * that does not fit is bad usage, anything else a runtime failure.
 * Returns the exit status it deserves.
 */
int cli_report_export(int rc, const struct cli_options *opt,
                      const struct cli_output *out);

/* Writes output `which` (0: -o, 1: --answer-key) of ctx into sink. */
typedef int (*cli_produce_fn)(const void *ctx, int which,
                              const struct maze_sink *sink);

/*
 * Writes -o and, when given, --answer-key through produce, with progress:
 * both files appear whole, or neither does. Prints what went wrong, or
 * with --verbose what was written; returns the exit status.
 */
int cli_write_outputs(const struct cli_options *opt, cli_produce_fn produce,
                      const void *ctx);

/* Whether two output paths name the same file. */
bool cli_same_file(const char *a, const char *b);

#endif
