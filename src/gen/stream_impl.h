/* SPDX-License-Identifier: MIT */
/*
 * The inside of a maze stream (stream.h): a row carver (gen.h) with the
 * endpoints and provenance its outputs record. The exporter side
 * (src/export/stream_export.c) reads it to draw the rows it hands out.
 */
#ifndef MAZE_GEN_STREAM_IMPL_H
#define MAZE_GEN_STREAM_IMPL_H

#include "gen/gen.h"
#include <mazegen/stream.h>

struct maze_stream {
    const struct maze__row_carver *carver;
    /* gen.y: the rows taken so far (none taken: not started). */
    struct maze__rowgen gen;
    uint32_t start_x, start_y, finish_x, finish_y;
    /* MAZE__SIDE_* of each opening, or MAZE_NONE. */
    unsigned start_opening, finish_opening;
    struct maze_provenance provenance;
    const struct maze_progress *progress;
    uint64_t report_step;
    /* The progress callback asked to stop: no more rows. */
    bool cancelled;
};

#endif
