/* SPDX-License-Identifier: MIT */
/* --stats: a maze's metrics as text on stderr or JSON on stdout. */
#ifndef MAZEGEN_CLI_STATS_H
#define MAZEGEN_CLI_STATS_H

#include <mazegen/mazegen.h>

#include "cli/cli.h"

enum cli_stats {
    CLI_STATS_TEXT, /* to standard error */
    CLI_STATS_JSON, /* to standard output */
};

/* Measures maze and prints the metrics; returns a maze_status. */
int cli_print_stats(const struct maze *maze, enum cli_stats kind);

#endif
