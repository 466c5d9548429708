/* SPDX-License-Identifier: MIT */
/*
 * The PNG mechanics of the PNG exporter (png_write.c): an image
 * described by its size, colour type and text chunks, whose rows a body
 * hands over one at a time, deflated on as many threads as the image asks
 * (the same bytes whatever their number). Nothing here knows of mazes,
 * and nothing outside png_write.c sees libpng, its setjmp or its
 * callbacks.
 */
#ifndef MAZE_EXPORT_PNG_WRITE_H
#define MAZE_EXPORT_PNG_WRITE_H

#include <stdint.h>

#include <mazegen/export.h>

/* The largest width, height or pixels per metre a PNG holds: 2^31 - 1. */
#define MAZE__PNG_UINT31_MAX 0x7fffffffu

enum maze__png_colour {
    MAZE__PNG_GRAY,
    MAZE__PNG_PALETTE,
    MAZE__PNG_RGB,
};

enum maze__png_filter {
    MAZE__PNG_FILTER_NONE,
    MAZE__PNG_FILTER_PAETH,
};

/* Text chunks, formatted before libpng is involved: UTF-8 without
 * control characters (see maze__utf8_line()); written as tEXt when ASCII,
 * else as iTXt. The title holds a sheet's longest (200 bytes). */
struct maze__png_meta {
    char title[256], size[32], seed[32], algorithm[40], description[256];
};

/* Where a body hands its rows. */
struct maze__png_writer;

/* The image libpng is asked to write, and its body. */
struct maze__png_image {
    uint32_t width, height;
    int depth;                    /* bits per sample */
    enum maze__png_colour colour; /* what a pixel is */
    /* MAZE__PNG_PALETTE: the colours as RGB triples, palette_len of them. */
    const uint8_t (*palette)[3];
    int palette_len;
    uint32_t ppm;                 /* pixels per metre */
    enum maze__png_filter filter; /* the one filter used on every row */
    unsigned threads;             /* deflating: 0 or 1 for the caller's */
    /*
     * Hands every row, top to bottom, to maze__png_row(), and stops at its
     * first error. Returns MAZE_OK or an error to pass on (the image is
     * then abandoned).
     */
    int (*body)(struct maze__png_writer *w, void *ctx);
    void *ctx;
};

/* Appends the same row n times. Returns MAZE_OK or the writer's first
 * error (MAZE_ERR_IO, MAZE_ERR_BACKEND), after which it takes nothing. */
int maze__png_row(struct maze__png_writer *w, const uint8_t *row, uint32_t n);

/*
 * Writes the image to sink: header and text chunks, the body's rows, the
 * end; nothing after an error. Errors: MAZE_ERR_IO (the sink refused),
 * MAZE_ERR_NOMEM, MAZE_ERR_BACKEND (libpng failed), or the body's error. Frees
 * everything libpng allocated whatever happens.
 */
int maze__png_write(const struct maze_sink *sink,
                    const struct maze__png_image *im,
                    struct maze__png_meta *meta);

/* Sets pixel x of a packed row of depth-bit pixels to v. */
static inline void
maze__png_set_px(uint8_t *row, unsigned depth, uint32_t x, unsigned v)
{
    unsigned per = 8 / depth;
    unsigned shift = (per - 1 - x % per) * depth;
    unsigned mask = ((1u << depth) - 1) << shift;
    row[x / per] = (uint8_t)((row[x / per] & ~mask) | (v << shift));
}

#endif
