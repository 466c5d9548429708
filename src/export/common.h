/* SPDX-License-Identifier: MIT */
/*
 * The helpers every exporter shares (common.c): sink writes, lengths in
 * points and pixels, and the provenance line that titles and metadata
 * carry. They depend on no exporter, so any file of src/export may use
 * them.
 */
#ifndef MAZE_EXPORT_COMMON_H
#define MAZE_EXPORT_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include <mazegen/export.h>
#include <mazegen/status.h>

/* Passes bytes to the sink; MAZE_ERR_IO when it refuses them. */
static inline int
maze__sink_write(const struct maze_sink *sink, const void *data, size_t len)
{
    if (len == 0) {
        return MAZE_OK;
    }
    return sink->write(sink->ctx, data, len) == 0 ? MAZE_OK : MAZE_ERR_IO;
}

/* A length in inches; px are pixels at dpi. */
double maze__length_in(struct maze_length len, unsigned dpi);

/* A length in points (1/72 in); px counts as 1/96 in. 0 gives dflt_pt,
 * a negative length (MAZE_LENGTH_NONE) 0. */
double maze__length_pt(struct maze_length len, double dflt_pt);

/* A length in whole pixels at dpi (0 = 96), at least 0. 0 gives dflt_px,
 * a negative length 0. */
long maze__length_px(struct maze_length len, unsigned dpi, long dflt_px);

/*
 * Start and finish arrows have a physical size whatever the cell: 0.75 of
 * a cell long, but never shorter than MAZE__ARROW_MIN_PT (2.8 mm, found
 * at arm's length) nor longer than MAZE__ARROW_MAX_PT (8.5 mm); their
 * head is as wide as 0.85 of their length. Outside the maze they take
 * maze__marker_room(): a cell, or MAZE__ARROW_ROOM_PT when cells are
 * smaller. In points; PNG scales them by its dpi.
 */
#define MAZE__ARROW_MIN_PT 8.0
#define MAZE__ARROW_MAX_PT 24.0
#define MAZE__ARROW_ROOM_PT 12.0

/* The length of an arrow beside cells of `cell`. */
double maze__arrow_length(double cell);

/* The free space outside a maze of cells of `cell` that holds its arrows. */
double maze__marker_room(double cell);

/* The dpi to use (0 means 96). */
unsigned maze__dpi(const struct maze_export_options *opt);

/*
 * One line naming what regenerates the maze, for footers, titles and
 * metadata: the options that make it again, as typed, "mazegen -W 20 -H
 * 20 -a backtracker -s 42" (sizes as given, so a unicursal or fractal
 * maze's are not its grid's; then -g, -L and --centre for kinds that take
 * them, the provenance parameters as long options, -b when the bias is not
 * even). A maze of an algorithm mazegen does not have (made by hand) is
 * described instead: "20x20 maze, algorithm hand, seed 42, bias h=1,v=1".
 * Printable ASCII whatever bytes a caller stored in the provenance (see
 * maze__printable()), so every format can carry it as it is.
 */
void maze__describe(const struct maze *maze, char *buf, size_t size);

/* The same line for a maze of kind with these grid sizes (enum
 * maze_grid_size), masked or not, before there is one (a footer's
 * width is checked before the maze is made). */
void maze__describe_kind(const struct maze_grid_kind *kind,
                         const uint32_t *sizes, bool masked,
                         const struct maze_provenance *p, char *buf,
                         size_t size);

/* Replaces every byte of s outside printable ASCII with '?': text that
 * must be valid UTF-8, Latin-1 and a single line at once. */
void maze__printable(char *s);

/* Makes s one line of valid UTF-8, in place: control characters become
 * spaces, and a malformed or cut-off sequence '?' each byte. Text in any
 * script survives (PNG iTXt, metadata). */
void maze__utf8_line(char *s);

/* The same line for a width x height maze of that provenance (a streamed
 * maze has no struct maze). */
void maze__describe_size(uint32_t width, uint32_t height,
                         const struct maze_provenance *p, char *buf,
                         size_t size);

#endif
