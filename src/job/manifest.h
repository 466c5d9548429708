/* SPDX-License-Identifier: MIT */
/* Job files (manifest.c). */
#ifndef MAZE_JOB_MANIFEST_H
#define MAZE_JOB_MANIFEST_H

#include <stdbool.h>

#include "job/job_impl.h"

/*
 * --job FILE: reads the job file, bounded, into the book's options
 * (job->book) and an entry for each maze; false after a usage error
 * recorded (or a read failure).
 */
bool maze__job_read_manifest(struct maze_job *job, const char *path);

#endif
