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
    char *temp_path;  /* the temporary file, when renaming */
    int fd;
    int error; /* errno of the first failure, 0 if none */
    struct maze_sink sink;
};

/*
 * Checks that path can be written (its directory exists, it is not a
 * directory). Returns NULL if fine, else a short reason for a usage error.
 */
const char *cli_output_check(const char *path);

/* Opens an output; on failure prints the reason and returns false. */
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

/*
 * Reports an export to out that failed with status rc, in one line:
 * sizes the format cannot hold (MAZE_ERR_RANGE) as a usage error naming
 * the options, a write failure with its errno, anything else with the
 * library's description. Returns the exit status it deserves: 2 or 1.
 */
int cli_report_export(int rc, const char *format, const struct cli_output *out);

/* Whether two output paths name the same file. */
bool cli_same_file(const char *a, const char *b);

#endif
