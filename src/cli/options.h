/* SPDX-License-Identifier: MIT */
/*
 * The command line of mazegen: every option, parsed strictly into one
 * struct (cli.h) before anything is generated, so a bad flag never leaves
 * a file behind.
 */
#ifndef MAZEGEN_CLI_OPTIONS_H
#define MAZEGEN_CLI_OPTIONS_H

#include "cli/cli.h"

/* What parsing asks the caller to do next. */
enum cli_action {
    CLI_RUN,
    CLI_EXIT_OK,    /* --help, --version, --algorithm list: done */
    CLI_EXIT_USAGE, /* a message was printed; exit 2 */
};

/*
 * Parses argv into opt, printing help, version, lists or a one-line error
 * (prefixed "mazegen:") as needed, then checks the options together
 * (checks.h).
 */
enum cli_action cli_parse(int argc, char **argv, struct cli_options *opt);

#endif
