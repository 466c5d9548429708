/* SPDX-License-Identifier: MIT */
/*
 * What the files of the PNG exporter share: png.c (the table entry and a
 * maze's image), png_raster.c (its pixel rows), png_fast.c (the packed
 * bilevel rows), png_arrow.c (the arrows at its openings) and png_sheet.c
 * (sheet pages). The libpng mechanics are
 * apart, in png_write.h, and know nothing of mazes.
 */
#ifndef MAZE_EXPORT_PNG_IMPL_H
#define MAZE_EXPORT_PNG_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "export/png_write.h"
#include "export/rect_rows.h"

struct maze__sheet;

/*
 * Pixel values: palette indices, and also the two bilevel grey levels.
 * An arrow's edge pixel in the palette image is one of MAZE__PNG_SHADES
 * blends of its colour over the floor, the k-th (k = 1 ..) covering
 * k / (MAZE__PNG_SHADES + 1) of it.
 */
enum {
    MAZE__PNG_INK = 0,
    MAZE__PNG_FLOOR = 1,
    MAZE__PNG_SOLUTION = 2,
    MAZE__PNG_START = 3,
    MAZE__PNG_FINISH = 4,
    MAZE__PNG_SHADES = 5,
    MAZE__PNG_START_SHADE = 5, /* shade k is START_SHADE + k - 1 */
    MAZE__PNG_FINISH_SHADE = MAZE__PNG_START_SHADE + MAZE__PNG_SHADES,
    MAZE__PNG_COLOURS = MAZE__PNG_FINISH_SHADE + MAZE__PNG_SHADES,
};

/*
 * A start or finish arrow of a rectangle's image, outside the opening
 * (png_arrow.c): the outline the vector formats draw
 * (maze__marker_shape()) in pixels, and the box of pixels [x0, x1) x
 * [y0, y1) it touches, empty when that end is marked in its cell.
 */
struct maze__png_arrow {
    double pts[7][2];
    uint32_t x0, x1, y0, y1;
    bool start;
};

/*
 * Everything in pixels. Lattice line i covers [margin + i*c, +t); the
 * interior of cell i covers [margin + i*c + t, margin + (i+1)*c), s = c - t
 * pixels. Square markers and the solution line have the parity of s so
 * they sit exactly in the middle of it. An end whose arrow fits the margin
 * gets the arrow and no square.
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
    /* The ends, start then finish: a square in the cell, or an arrow. */
    bool square[2];
    struct maze__png_arrow arrow[2];
    /* The next row handed to libpng, a copy of a row to paint arrows on
     * (row_bytes), and their coverage (maze__png_arrow_span() floats). */
    uint32_t y;
    uint8_t *painted;
    float *cover;
    /* Bit patterns of one cell for png_fast.c (c <= MAZE__PNG_FAST_MAX). */
    uint64_t band_open, inner_wall, inner_open;
};

/* The fast path packs a cell's pixels into one word with room to spare. */
#define MAZE__PNG_FAST_MAX 56

/* The default wall of c-pixel cells at the dpi, and whether a wall of t
 * pixels keeps the limits of export.h (png_raster.c; png_band.c too). */
long maze__png_default_wall(long c, unsigned dpi);
bool maze__png_wall_ok(long c, long t, unsigned dpi);

/* The default margin around c-pixel cells at the dpi: the room the
 * vector formats leave their arrows (maze__marker_room()), in pixels. */
long maze__png_default_margin(long c, unsigned dpi);

/*
 * The arrows of a planned raster r at the dpi, outside the openings,
 * and which ends are marked in their cells instead: an end with no
 * opening, or whose margin has no room for half an arrow (png_arrow.c).
 */
void maze__png_arrows_plan(struct maze__png_raster *r, unsigned dpi);

/* Allocates the row buffers of a planned r whose row_bytes and window are
 * set (painted, cover, post); MAZE_OK or MAZE_ERR_NOMEM (none kept). */
int maze__png_raster_buffers(struct maze__png_raster *r);

/* Frees what maze__png_raster_buffers() allocated; safe to repeat. */
void maze__png_raster_free(struct maze__png_raster *r);

/* The most columns an arrow of r touches: the floats r->cover holds. */
size_t maze__png_arrow_span(const struct maze__png_raster *r);

/*
 * Paints the part of arrow a in pixel row y over row (r->depth bits a
 * pixel), antialiased in the palette image, at half coverage in the
 * bilevel one. Needs r->cover.
 */
void maze__png_arrow_row(const struct maze__png_raster *r,
                         const struct maze__png_arrow *a, uint32_t y,
                         uint8_t *row);

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
 * and hands each to w (png_raster.c). r->win, r->post, r->painted and
 * r->cover must be allocated. Errors: those of maze__window_advance().
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
 * Any grid kind as an antialiased image, drawn by cairo in bands
 * (png_band.c), as 8-bit RGB or in the fewest bits of palette or grey
 * its colours need; png.c sends every kind but whole rectangles here.
 * Errors: MAZE_ERR_RANGE (sizes), MAZE_ERR_NOMEM, those of
 * maze__png_write().
 */
extern size_t maze__png_band_bytes;
/* The most bytes a band-drawn image of few colours keeps of the drawing
 * that counted its colours, so as not to draw it again (1 MiB; the tests
 * make it small to keep part of an image, or 0 to keep none). */
extern size_t maze__png_kept_bytes;
/* The work the band rasteriser has done since the program started: cells,
 * solution segments, stair marks and labels looked at or drawn, summed
 * over every band (the tests check it grows with what the image shows,
 * not with bands times the whole maze). */
extern _Atomic unsigned long long maze__png_band_work;
/* How many times a band (or part of one) has been drawn since the program
 * started (the tests check that kept rows are not drawn again). */
extern _Atomic unsigned long long maze__png_band_draws;
/* Whether images without a solution keep 8-bit RGB, exact, instead of a
 * palette of grey levels and the markers' colours (false; the tests set
 * it to compare the two). */
extern bool maze__png_band_rgb;
/* The page, in pixels, of a drawing of grid g, ew x eh grid units large,
 * of `levels` nested levels (0: not fractal) and corridors `passage` of a
 * cell wide (0: whole cells) by the band rasteriser; MAZE_ERR_RANGE past
 * cairo's and PNG's limits. Without a cell size, cells are 10 px, or
 * larger where g names its parts (3d's levels), so the names read. */
struct maze__page;
int maze__png_band_page(const struct maze_grid *g, double ew, double eh,
                        unsigned levels, double passage,
                        const struct maze_export_options *opt,
                        struct maze__page *pg);

int maze__png_write_bands(const struct maze *m,
                          const struct maze_export_options *opt,
                          const struct maze_sink *sink);

#endif
