/* SPDX-License-Identifier: MIT */
/*
 * Lengths for the command's checks. Option values themselves are read by
 * the library (maze_option_parse()), the same for every client.
 */
#include "job/values.h"

#include <string.h>

double
maze__job_length_in(struct maze_length len, unsigned dpi)
{
    switch (len.unit) {
    case MAZE_UNIT_MM:
        return len.value / 25.4;
    case MAZE_UNIT_PT:
        return len.value / 72;
    case MAZE_UNIT_PX:
        return len.value / dpi;
    case MAZE_UNIT_IN:
    default:
        return len.value;
    }
}
