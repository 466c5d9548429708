/* SPDX-License-Identifier: MIT */
/*
 * Streaming: rectangular mazes carved and written one row at a time, in
 * memory proportional to the width only, so a maze may be far larger than
 * memory (and than the 2^31 - 1 cells of an in-memory grid).
 *
 * Only the row algorithms can stream (maze_algorithm_info.streamable:
 * eller, sidewinder, binary-tree), and only to the formats that draw rows
 * in order (text and png; maze_stream_format_supported()). A streamed
 * maze is exactly the maze maze_generate() makes from the same options:
 * maze_generate() runs the same row carver into a whole maze. Nothing that
 * needs the whole maze at once is available while streaming: the endpoints
 * are fixed (the top-left cell, entered from the west, and the
 * bottom-right cell, left to the east, as MAZE_ENDPOINTS_CORNERS) unless
 * set by maze_stream_set_endpoints(), and no solution can be drawn.
 */
#ifndef MAZEGEN_STREAM_H
#define MAZEGEN_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/generate.h>
#include <mazegen/progress.h>
#include <mazegen/sink.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The export options (export.h) the writers here read. */
struct maze_export_options;

struct maze_stream;

/*
 * Starts a width x height maze carved row by row with opt's algorithm,
 * seed and bias (opt->endpoints is ignored; opt->progress, when set, hears
 * of every row carved). Memory is O(width).
 * Errors: MAZE_ERR_INVALID (NULL, unknown algorithm, bad weights),
 * MAZE_ERR_UNSUPPORTED (an algorithm that cannot stream), MAZE_ERR_RANGE
 * (a size of 0), MAZE_ERR_NOMEM.
 */
int maze_stream_create(uint32_t width, uint32_t height,
                       const struct maze_generate_options *opt,
                       struct maze_stream **out);

/* Frees a stream; NULL is accepted. */
void maze_stream_destroy(struct maze_stream *stream);

uint32_t maze_stream_width(const struct maze_stream *stream);
uint32_t maze_stream_height(const struct maze_stream *stream);

/*
 * Moves start and finish to cells (x, y), each with the opening
 * maze_set_endpoints() would give it. Only before the first row is taken.
 * Errors: MAZE_ERR_RANGE (a cell off the grid), MAZE_ERR_INVALID (rows
 * already taken).
 */
int maze_stream_set_endpoints(struct maze_stream *stream, uint32_t start_x,
                              uint32_t start_y, uint32_t finish_x,
                              uint32_t finish_y);

/* The provenance every output of the stream records. */
const struct maze_provenance *
maze_stream_provenance(const struct maze_stream *stream);

/*
 * Carves the next row, y = 0 first, and gives its passages as bitsets of
 * (width + 63) / 64 words: bit x of (*east)[x / 64] (counting from the
 * least significant) is the passage from cell (x, y) to (x + 1, y), bit x
 * of *south the passage to (x, y + 1). Both stay valid until the next
 * call. Every row has been handed out when it returns MAZE_ERR_RANGE.
 * MAZE_ERR_CANCELLED when opt->progress asked to stop: that row is not
 * handed out, nor any after it.
 */
int maze_stream_next_row(struct maze_stream *stream, const uint64_t **east,
                         const uint64_t **south);

/* Whether format can be written from a stream (text and png). */
bool maze_stream_format_supported(const char *format);

/*
 * Writes the whole maze of a fresh stream (no row taken yet) in format,
 * carving each row when the exporter needs it. opt->solution must be NULL.
 * Errors: those of maze_export(), and MAZE_ERR_UNSUPPORTED for a format
 * that cannot stream, MAZE_ERR_INVALID for a stream already started or a
 * solution.
 */
int maze_stream_export(struct maze_stream *stream, const char *format,
                       const struct maze_export_options *opt,
                       const struct maze_sink *sink);

#ifdef __cplusplus
}
#endif

#endif
