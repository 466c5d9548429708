/* SPDX-License-Identifier: MIT */
/*
 * Row-by-row drawing of rectangular mazes, shared by the text and PNG
 * exporters: a maze handed over one row of passages at a time (struct
 * maze__rows), the walls around the current row kept as bitsets (struct
 * maze__window), and the solution turned into per-cell bits.
 *
 * The exporters draw only from rows, never from a whole maze, so the same
 * code writes a maze held in memory (maze__rows_from_maze()) and one being
 * carved while it is written (stream.h): the two give the same bytes, and
 * a streamed maze needs memory for a couple of rows only.
 */
#ifndef MAZE_EXPORT_RECT_ROWS_H
#define MAZE_EXPORT_RECT_ROWS_H

#include <stdint.h>

#include "core/rowbits.h"
#include "export/common.h"
#include "export/export_impl.h"

/* Per-cell solution bits: the sides the path crosses, and "on the path". */
enum {
    MAZE__LINK_N = 1u << MAZE__SIDE_N,
    MAZE__LINK_E = 1u << MAZE__SIDE_E,
    MAZE__LINK_S = 1u << MAZE__SIDE_S,
    MAZE__LINK_W = 1u << MAZE__SIDE_W,
    MAZE__ON_PATH = 1u << 4,
};

/* A rectangular maze as the row exporters see it. */
struct maze__rows {
    uint32_t width, height;
    uint32_t start_x, start_y, finish_x, finish_y;
    /* The MAZE__SIDE_* each opens through, or MAZE_NONE. */
    unsigned start_opening, finish_opening;
    const struct maze_provenance *provenance;
    /* Solution bits, width * height bytes (maze__rect_path_bits()), or
     * NULL for none. */
    const uint8_t *path;
    /*
     * Gives row y's passages as bitsets (see stream.h: bit x of east joins
     * cell x to x + 1, of south to the row below), valid until the next
     * call. Called for y = 0, 1, ... in order, each once. Returns MAZE_OK
     * or an error to pass on.
     */
    int (*fetch)(void *ctx, uint32_t y, const uint64_t **east,
                 const uint64_t **south);
    void *ctx;
};

/* What maze__rows_from_maze() reads rows into. */
struct maze__maze_rows {
    const struct maze *maze;
    uint64_t *east, *south;
};

/*
 * Describes the in-memory rectangular maze m (with solution bits path, or
 * NULL) as rows read from its bitset into mr's buffers.
 * Errors: MAZE_ERR_NOMEM. Free with maze__maze_rows_finish().
 */
int maze__rows_from_maze(const struct maze *m, const uint8_t *path,
                         struct maze__maze_rows *mr, struct maze__rows *out);
void maze__maze_rows_finish(struct maze__maze_rows *mr);

/*
 * The walls around one lattice line as rows stream past. After
 * maze__window_advance(w, j): hwall holds lattice line j (bit x: a wall
 * above cell x of row j, the outer wall for j = 0 and j = height, less the
 * openings); for j < height, vwall holds the vertical walls of row j (bit
 * i, i = 0 .. width: a wall on vertical line i, the outer wall at 0 and
 * width, less the openings) and vwall_prev those of row j - 1 (all clear
 * above row 0).
 */
struct maze__window {
    const struct maze__rows *rows;
    size_t words; /* of width + 1 bits */
    uint64_t *hwall, *vwall, *vwall_prev, *south;
    /* The solution bits of rows j - 1 and j, or NULL. */
    const uint8_t *path_prev, *path_cur;
};

/* Errors: MAZE_ERR_NOMEM. Free with maze__window_finish(). */
int maze__window_init(struct maze__window *w, const struct maze__rows *rows);
/* Moves to lattice line j (0 .. height, in order), fetching row j. */
int maze__window_advance(struct maze__window *w, uint32_t j);
void maze__window_finish(struct maze__window *w);

/*
 * Builds one byte per cell of MAZE__LINK_* / MAZE__ON_PATH bits for the
 * solution (the openings of start and finish included when on the path);
 * *out is NULL when sol is NULL or empty. The caller frees *out.
 * Errors: MAZE_ERR_INVALID (a cell off the grid, or consecutive cells that
 * are not neighbours), MAZE_ERR_NOMEM.
 */
int maze__rect_path_bits(const struct maze *m, const struct maze_path *sol,
                         uint8_t **out);

/*
 * Writes the in-memory maze m (with opt's solution) through a row
 * exporter: the format functions of text and png.
 * Errors: MAZE_ERR_UNSUPPORTED (not rectangular), those of
 * maze__rect_path_bits(), maze__rows_from_maze() and write.
 */
int maze__export_by_rows(const struct maze *m,
                         const struct maze_export_options *opt,
                         const struct maze_sink *sink, maze__rows_writer write);

#endif
