/* SPDX-License-Identifier: MIT */
/*
 * The private side of the format registry: each exporter file exposes one
 * `const struct maze__exporter`, listed in registry.c. The helpers every
 * exporter shares are in common.h.
 */
#ifndef MAZE_EXPORT_EXPORT_IMPL_H
#define MAZE_EXPORT_EXPORT_IMPL_H

#include <mazegen/export.h>
#include <mazegen/status.h>

struct maze__sheet;
struct maze__rows;

/*
 * Writes a rectangular maze given one row of passages at a time
 * (export/rect_rows.h), in order, never whole: so the same function writes
 * a maze held in memory and one carved while it is written (stream.h).
 * opt is never NULL; the solution drawn is the one in rows->path.
 * Errors: those of maze__exporter.write, plus whatever rows->fetch
 * returns.
 */
typedef int (*maze__rows_writer)(const struct maze__rows *rows,
                                 const struct maze_export_options *opt,
                                 const struct maze_sink *sink);

struct maze__exporter {
    /* Name, extensions, and what the format declares it draws and reads,
     * which must agree with the functions below (write_sheet set for
     * MAZE_DRAWS_SHEET, write_rows for MAZE_DRAWS_ROWS):
     * tests/unit/test_formats.c checks them. */
    struct maze_format_info info;
    /*
     * Writes maze to sink. opt is never NULL; its lengths may be 0 (use
     * the format's defaults). Returns MAZE_OK, MAZE_ERR_IO when the sink
     * failed, MAZE_ERR_RANGE for sizes the format cannot hold,
     * MAZE_ERR_INVALID for a malformed solution path or option value,
     * MAZE_ERR_UNSUPPORTED for a grid kind it cannot draw,
     * MAZE_ERR_BACKEND or MAZE_ERR_NOMEM; frees everything it allocated
     * whatever happens.
     */
    int (*write)(const struct maze *maze, const struct maze_export_options *opt,
                 const struct maze_sink *sink);
    /*
     * Writes a planned sheet (export/sheet.h), every page of it, or NULL
     * when the format cannot draw sheets. opt gives the dpi and such; the
     * errors are those of write, plus MAZE_ERR_RANGE when the format holds
     * one page and the sheet has more.
     */
    int (*write_sheet)(const struct maze__sheet *sheet,
                       const struct maze_export_options *opt,
                       const struct maze_sink *sink);
    /*
     * Writes a maze from its rows, or NULL when the format needs the maze
     * whole: the formats a maze stream can be written in
     * (maze_stream_format_supported()).
     */
    maze__rows_writer write_rows;
};

/* Text of a 3D maze, its levels side by side (text_levels.c); the
 * charset already checked. Errors: MAZE_ERR_NOMEM, MAZE_ERR_INVALID (a
 * solution off the grid), the sink's. */
int maze__text_levels(const struct maze *m,
                      const struct maze_export_options *opt,
                      const struct maze_sink *sink);

/* The underscore style of text (text_underscore.c): a rows writer, the
 * charset already checked. Errors: MAZE_ERR_UNSUPPORTED (a solution),
 * MAZE_ERR_NOMEM, the sink's and rows->fetch's. */
int maze__text_underscore(const struct maze__rows *rows,
                          const struct maze_export_options *opt,
                          const struct maze_sink *sink);

/*
 * The caller's export options, the sheet and SVG options they point to,
 * and a sheet given beside them, copied at this library's size
 * (core/options.h). Public entry points take them first.
 */
struct maze__export_copy {
    struct maze_export_options opt;
    struct maze_sheet_options opt_sheet, sheet;
    struct maze_svg_options svg;
};

/*
 * What every entry point taking export options does first: empties the
 * error detail, then replaces *opt (when not NULL) by a copy in c, whose
 * sheet and svg members point at copies too, and likewise *sheet when
 * sheet and *sheet are not NULL. NULL pointers stay NULL. MAZE_ERR_INVALID with
 * a detail for a struct whose struct_size is not set.
 */
int maze__export_options_take(struct maze__export_copy *c,
                              const struct maze_export_options **opt,
                              const struct maze_sheet_options **sheet);

#endif
