/* SPDX-License-Identifier: MIT */
/*
 * The inside of a timeline (animate.h), shared by its recorder
 * (timeline.c) and the animated SVG (svg_animate.c).
 */
#ifndef MAZE_EXPORT_TIMELINE_H
#define MAZE_EXPORT_TIMELINE_H

#include <stdint.h>

#include <mazegen/animate.h>

struct maze_timeline {
    const struct maze_grid *grid;
    uint32_t slots;
    /* Per edge slot: the number (from 1) of the change that left it as
     * the carve ended, or 0 when it never changed. */
    uint32_t *when;
    uint64_t length;
    struct maze_steps listener;
};

#endif
