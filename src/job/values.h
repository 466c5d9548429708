/* SPDX-License-Identifier: MIT */
/*
 * Lengths for the command's checks (option values are read by the
 * library: maze_option_parse()).
 */
#ifndef MAZE_JOB_VALUES_H
#define MAZE_JOB_VALUES_H

#include <stdbool.h>
#include <stdint.h>

#include "job/job_impl.h"

/* Inches in a length: px are pixels at dpi (96 for 1/96 in). */
double maze__job_length_in(struct maze_length len, unsigned dpi);

#endif
