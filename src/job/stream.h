/* SPDX-License-Identifier: MIT */
/*
 * Streamed runs: the maze carved and written one row at a time, in memory
 * proportional to the width (stream.h of the library). A run streams when
 * --stream asks for it, or when the maze has more cells than a maze in
 * memory can hold (MAZE_MAX_CELLS); either way it needs a streamable
 * algorithm (info.streamable in the registry), png, text or none as the
 * format, and nothing that needs the whole maze at once.
 */
#ifndef MAZE_JOB_STREAM_H
#define MAZE_JOB_STREAM_H

#include <stdbool.h>
#include <stddef.h>

#include "job/job_impl.h"

/*
 * Decides whether the run streams (setting opt->stream) and checks that
 * it can; prints the usage error and returns false if not. Runs after the
 * format is resolved.
 */
bool maze__job_check_stream(struct maze_job *opt);

/* Whether the run could stream as it is (--stream would be accepted),
 * whether or not it asks to. */
bool maze__job_can_stream(const struct maze_job *opt);

/* The streamable algorithms as a phrase, "a, b or c", in the order of
 * the library's registry. */
void maze__job_streamable_names(char *buf, size_t size);

/*
 * Carves the streamed maze row by row and writes it to sink (NULL: carves
 * it only, -t none). Returns MAZE_OK or the failure, its detail recorded.
 */
int maze__job_stream_write(const struct maze_job *opt,
                           const struct maze_sink *sink);

#endif
