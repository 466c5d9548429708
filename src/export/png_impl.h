/*
 * What the files of the PNG exporter share: png.c (the table entry and a
 * maze's image), png_raster.c (its pixel rows), png_fast.c (the packed
 * bilevel rows) and png_sheet.c (sheet pages). The libpng mechanics are
 * apart, in png_write.h, and know nothing of mazes.
 */
#ifndef MAZE_EXPORT_PNG_IMPL_H
#define MAZE_EXPORT_PNG_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "export/png_write.h"
#include "export/rect_rows.h"

struct maze__sheet;

/* Pixel values: palette indices, and also the two bilevel grey levels. */
enum {
    MAZE__PNG_INK = 0,
    MAZE__PNG_FLOOR = 1,
    MAZE__PNG_SOLUTION = 2,
    MAZE__PNG_START = 3,
    MAZE__PNG_FINISH = 4,
};

/*
 * Everything in pixels. Lattice line i covers [margin + i*c, +t); the
 * interior of cell i covers [margin + i*c + t, margin + (i+1)*c), s = c - t
 * pixels. Markers and the solution line have the parity of s so they sit
 * exactly in the middle of it.
 */
struct maze__png_raster {
    const struct maze__rows *rows;
    struct maze__window win;
    /* Lattice points of the window's line that get a post (win.words). */
    uint64_t *post;
    uint32_t c, t, margin;
    uint32_t width, height;
    unsigned depth;         /* 1 (bilevel) or 4 (palette) */
    uint32_t mark, mark_at; /* marker side, offset in the interior */
    uint32_t ring;          /* finish outline width, 0 = filled */
    uint32_t line, line_at; /* solution width, offset in the interior */
    uint32_t ppm;           /* pixels per metre */
    size_t row_bytes;
    /* Bit patterns of one cell for png_fast.c (c <= MAZE__PNG_FAST_MAX). */
    uint64_t band_open, inner_wall, inner_open;
};

/* The fast path packs a cell's pixels into one word with room to spare. */
#define MAZE__PNG_FAST_MAX 56

/* The default wall of c-pixel cells at the dpi, and whether a wall of t
 * pixels keeps the limits of export.h (png_raster.c; png_band.c too). */
long maze__png_default_wall(long c, unsigned dpi);
bool maze__png_wall_ok(long c, long t, unsigned dpi);

/*
 * Sizes everything in pixels (png_raster.c): the raster r of rows with
 * opt's lengths, depth and row_bytes left for the caller.
 * Errors: MAZE_ERR_RANGE for what PNG cannot hold.
 */
int maze__png_raster_plan(struct maze__png_raster *r,
                          const struct maze__rows *rows,
                          const struct maze_export_options *opt);

/*
 * Draws every pixel row of r, top to bottom, into row (row_bytes, zeroed)
 * and hands each to w (png_raster.c). r->win and r->post must be
 * allocated. Errors: those of maze__window_advance().
 */
int maze__png_raster_rows(struct maze__png_writer *w,
                          struct maze__png_raster *r, uint8_t *row);

/*
 * A band row or an interior row of a bilevel image without markers
 * (png_fast.c), a cell at a time from its wall bit: the walls, posts and
 * floor come out exactly as png.c's general renderer draws them. Needs
 * c <= MAZE__PNG_FAST_MAX and r->post filled for the current line.
 */
void maze__png_fast_band(const struct maze__png_raster *r, uint8_t *row);
void maze__png_fast_interior(const struct maze__png_raster *r, uint8_t *row);

/* One page of a sheet at the dpi, in colour, as 8-bit RGB (png_sheet.c);
 * the exporter's write_sheet. */
int maze__png_write_sheet(const struct maze__sheet *sh,
                          const struct maze_export_options *opt,
                          const struct maze_sink *sink);

/*
 * Any grid kind as an antialiased RGB image, drawn by cairo in bands
 * (png_band.c); png.c sends every kind but whole rectangles here.
 * Errors: MAZE_ERR_RANGE (sizes), MAZE_ERR_NOMEM, those of
 * maze__png_write().
 */
extern size_t maze__png_band_bytes;
int maze__png_write_bands(const struct maze *m,
                          const struct maze_export_options *opt,
                          const struct maze_sink *sink);

#endif
