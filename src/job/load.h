/* SPDX-License-Identifier: MIT */
/*
 * --load FILE: a maze saved with -t json, read back instead of generated.
 * The file is read whole (it is checked whole before anything is drawn)
 * and every problem is reported on one line with its place in the file.
 */
#ifndef MAZE_JOB_LOAD_H
#define MAZE_JOB_LOAD_H

#include <stdbool.h>

#include "job/job_impl.h"

/*
 * Refuses the options that make a maze (size, algorithm, seed and the
 * rest), since the file holds one; prints the usage error.
 */
bool maze__job_check_load(const struct maze_job *opt);

/* The most bytes --load reads, from a file or given as data: half the
 * memory --max-memory (or the system) allows, since the bytes and the
 * maze they make are held at once. */
uint64_t maze__job_load_limit(const struct maze_job *opt);

/*
 * Reads opt->load ("-" for standard input; its contents instead when
 * opt->load_data holds them, opt->load then their label) into a new grid
 * and maze, then
 * checks --start, --finish and the sheet against the maze's size. Returns
 * MAZE_OK, or the failure with its detail recorded: MAZE_ERR_INVALID for a
 * file that is missing or malformed or options that do not fit it,
 * MAZE_ERR_IO or MAZE_ERR_NOMEM for a read error or lack of memory.
 */
int maze__job_load(const struct maze_job *opt, struct maze_grid **grid,
                   struct maze **maze);

#endif
