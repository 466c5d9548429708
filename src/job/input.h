/* SPDX-License-Identifier: MIT */
/*
 * Bounded reading of the files the command takes in (--load, --mask):
 * never more than a limit, and each chunk shown to the caller as it
 * arrives, so an endless or binary input is turned away at its first
 * bytes rather than read into memory.
 */
#ifndef MAZE_JOB_INPUT_H
#define MAZE_JOB_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Looks at the n bytes of a chunk that start at offset in the file;
 * returns false to stop reading, with *bad the offset of the byte that
 * stopped it.
 */
typedef bool (*maze__job_input_look)(void *ctx, const char *chunk, size_t n,
                                     size_t offset, size_t *bad);

/*
 * Reads f to its end into *data (*len bytes; the caller frees), at most
 * limit bytes. Returns 0, EFBIG past the limit, EILSEQ when look (which
 * may be NULL) stopped it (*bad set), or an errno of the failure.
 */
int maze__job_read_bounded(FILE *f, uint64_t limit, maze__job_input_look look,
                           void *ctx, char **data, size_t *len, size_t *bad);

#endif
