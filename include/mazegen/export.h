/*
 * Exporters: a maze (and optionally its solution) to text, PNG, SVG or PDF,
 * or to a wall-graph file ("json") that load.h reads back, written through
 * a sink. The formats are listed by a registry; look them up by name or by
 * a file name's extension.
 *
 * The library writes only to the sink it is given. Writing to a file is the
 * caller's business (the mazegen command writes to a temporary file and
 * renames it into place on success).
 */
#ifndef MAZEGEN_EXPORT_H
#define MAZEGEN_EXPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/maze.h>
#include <mazegen/solve.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Where output goes. write() returns 0 when all len bytes were taken and
 * non-zero on failure; the exporter then stops and returns MAZE_ERR_IO.
 */
struct maze_sink {
    int (*write)(void *ctx, const void *data, size_t len);
    void *ctx;
};

enum maze_format_flags {
    MAZE_FORMAT_TEXT = 1u << 0,
    MAZE_FORMAT_RASTER = 1u << 1,
    MAZE_FORMAT_VECTOR = 1u << 2,
    MAZE_FORMAT_PAGED = 1u << 3,
    /* Not a drawing but the maze itself, for programs (and load.h). */
    MAZE_FORMAT_DATA = 1u << 4,
};

struct maze_format_info {
    const char *name;
    /* File extensions without the dot, NULL-terminated. */
    const char *const *extensions;
    const char *description;
    unsigned flags;
};

size_t maze_format_count(void);
const struct maze_format_info *maze_format_at(size_t index);
/* By exact name, or NULL. */
const struct maze_format_info *maze_format_find(const char *name);
/* By the extension of a file name (case-insensitive), or NULL. */
const struct maze_format_info *maze_format_for_path(const char *path);

enum maze_unit {
    MAZE_UNIT_PX = 0,
    MAZE_UNIT_PT,
    MAZE_UNIT_MM,
    MAZE_UNIT_IN,
};

/*
 * A length with its unit. Raster formats turn physical units into pixels at
 * the dpi; vector formats take a px as 1/96 inch (as CSS does).
 * A value of 0 selects the format's default.
 */
struct maze_length {
    double value;
    enum maze_unit unit;
};

/*
 * Parses "12", "12pt", "2.5mm", "0.5in", "10px" (a positive decimal, no
 * locale, optional unit; no unit means default_unit).
 * Errors: MAZE_ERR_INVALID (syntax or unknown unit), MAZE_ERR_RANGE.
 */
int maze_length_parse(const char *text, enum maze_unit default_unit,
                      struct maze_length *out);

enum maze_charset {
    MAZE_CHARSET_ASCII = 0,
    MAZE_CHARSET_UTF8,
};

enum maze_paper {
    MAZE_PAPER_NONE = 0, /* the page is the maze plus its margin */
    MAZE_PAPER_LETTER,   /* 8.5 x 11 in, the maze centred and scaled to fit */
    MAZE_PAPER_A4,       /* 210 x 297 mm, likewise */
};

struct maze_export_options {
    /* Size of a cell; defaults 10px (raster) or 12pt (vector). */
    struct maze_length cell_size;
    /* Thickness of walls; default depends on the cell size. */
    struct maze_length wall_width;
    /* Blank space around the maze; default one cell for vector formats,
     * 0 for raster, 0.5in on paper. */
    struct maze_length margin;
    /* Raster resolution, stored in PNG pHYs; 0 means 96. */
    unsigned dpi;
    enum maze_charset charset;
    /* Page size for PDF; SVG and PNG ignore it. With a paper the PDF
     * also prints a heading and a footer naming size, algorithm and seed;
     * its creation date is SOURCE_DATE_EPOCH when set, else 1970-01-01,
     * so output stays reproducible. */
    enum maze_paper paper;
    /* The solution to draw, or NULL for none. */
    const struct maze_path *solution;
};

/*
 * Writes maze in format to sink.
 * Errors: MAZE_ERR_INVALID (NULL, unknown format, a solution path that is
 * not a path of the maze), MAZE_ERR_RANGE (sizes the format cannot hold, a
 * maze too large for the page), MAZE_ERR_UNSUPPORTED (a grid kind the
 * format cannot draw), MAZE_ERR_IO (the sink failed), MAZE_ERR_BACKEND,
 * MAZE_ERR_NOMEM.
 */
int maze_export(const struct maze *maze, const char *format,
                const struct maze_export_options *opt,
                const struct maze_sink *sink);

#ifdef __cplusplus
}
#endif

#endif
