/* SPDX-License-Identifier: MIT */
/*
 * Streamed runs: the maze carved and written one row at a time, in memory
 * proportional to the width (stream.h of the library). A run streams when
 * --stream asks for it, or when the maze has more cells than a maze in
 * memory can hold (MAZE_MAX_CELLS); either way it needs a streamable
 * algorithm (info.streamable in the registry), png, text or none as the
 * format, and nothing that needs the whole maze at once.
 */
#ifndef MAZEGEN_CLI_STREAM_H
#define MAZEGEN_CLI_STREAM_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/cli.h"

/*
 * Decides whether the run streams (setting opt->stream) and checks that
 * it can; prints the usage error and returns false if not. Runs after the
 * format is resolved.
 */
bool cli_check_stream(struct cli_options *opt);

/* Whether the run could stream as it is (--stream would be accepted),
 * whether or not it asks to. */
bool cli_can_stream(const struct cli_options *opt);

/* The streamable algorithms as a phrase, "a, b or c", in the order of
 * the library's registry. */
void cli_streamable_names(char *buf, size_t size);

/* Carves and writes a streamed run; returns the exit status. */
int cli_stream_run(const struct cli_options *opt);

#endif
