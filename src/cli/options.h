/* SPDX-License-Identifier: MIT */
/*
 * The command line of mazegen: every option read strictly into a library
 * job (<mazegen/job.h>) before anything is generated, so a bad flag never
 * leaves a file behind.
 */
#ifndef MAZEGEN_CLI_OPTIONS_H
#define MAZEGEN_CLI_OPTIONS_H

#include <stddef.h>

#include "cli/cli.h"

/* What parsing asks the caller to do next. */
enum cli_action {
    CLI_RUN,
    CLI_EXIT_OK,     /* --help, --version, --algorithm list: done */
    CLI_EXIT_USAGE,  /* a message was printed; exit 2 */
    CLI_EXIT_FAILED, /* a message was printed; exit 1 */
};

/* An option as given: its row and its text (NULL for a flag). */
struct cli_arg {
    const struct maze_option *row;
    const char *text;
};

/* The options as given, in order. */
struct cli_args {
    struct cli_arg *v;
    size_t count;
};

/*
 * Reads argv into job (maze_job_set(), option by option) and keeps each
 * option in args; prints help, version, lists or a one-line error
 * (prefixed "mazegen:") as needed. The job is not checked yet.
 */
enum cli_action cli_parse(int argc, char **argv, struct cli_args *args,
                          struct maze_job *job);

/*
 * A new checked job from args (without -i) and the options in more, as
 * the console makes one for each maze. Returns MAZE_OK with *out the job,
 * or the failure (nothing printed; the detail says why).
 */
int cli_job_again(const struct cli_args *args, const struct cli_arg *more,
                  size_t more_count, struct maze_job **out);

#endif
