/* SPDX-License-Identifier: MIT */
/*
 * Output files that appear whole or not at all, through the library's
 * file sink (<mazegen/file.h>): bytes go to a temporary file beside the
 * target, which takes its place only once everything was written and
 * flushed. Standard output and special files (devices, pipes) are written
 * directly, since they cannot be renamed over.
 */
#ifndef MAZEGEN_CLI_OUTPUT_H
#define MAZEGEN_CLI_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <mazegen/export.h>
#include <mazegen/file.h>
#include <mazegen/job.h>

struct cli_output {
    const char *path;            /* NULL or "-" for standard output */
    struct maze_file_sink *file; /* NULL for standard output */
    char *temp_path; /* the file's named temporary file, tracked for the
                        signal handler (NULL when unnamed) */
    int error;       /* errno of the first failure, 0 if none */
    char why[256];   /* why the open failed (maze_error_detail()) */
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
 * Makes SIGINT, SIGTERM and SIGHUP remove pending named temporary files
 * and exit 1 with a message; SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2 and
 * SIGXCPU remove them and then end the process as they would have.
 * Ignores SIGPIPE and SIGXFSZ, so that a closed pipe and the file-size
 * limit (ulimit -f) become write errors (EPIPE, EFBIG), reported.
 */
void cli_output_install_signals(void);

/*
 * Has those signals also remove names[0..count) (NULL entries skipped),
 * named temporary files relative to the directory dirfd (the staged
 * --frames); count 0 forgets them. The caller keeps the array alive and
 * sets its entries while tracked.
 */
void cli_output_track_at(int dirfd, char *const *names, size_t count);

/* How an output is named in messages ("standard output" for NULL, "-"). */
const char *cli_output_name(const char *path);

/*
 * Whether the job's output may go where it goes: a picture or data is
 * not written to a terminal without --force (a usage error printed when
 * not).
 */
bool cli_output_terminal_ok(const struct maze_job *job);

/* A job's outputs being written: -o, and --answer-key when given. */
struct cli_outputs {
    struct cli_output out[2];
    const char *paths[2];
    unsigned count, opened;
};

/*
 * Writes the made job's -o and, when given, --answer-key to temporary
 * files, with progress; prints what went wrong and returns the exit
 * status. cli_outputs_finish() names them (status 0) or removes them.
 */
int cli_outputs_write(struct cli_outputs *o, struct maze_job *job,
                      const struct maze_job_hooks *hooks);

/* Names the outputs when status is 0, else removes them: the files appear
 * whole, or none does; with verbose says what was written. Returns the
 * exit status. */
int cli_outputs_finish(struct cli_outputs *o, int status, bool verbose);

#endif
