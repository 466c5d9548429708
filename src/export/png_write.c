/* SPDX-License-Identifier: MIT */
/*
 * The PNG mechanics of the PNG exporter: libpng's setjmp, its error
 * and warning callbacks, its write callback into our sink, the header and
 * text chunks (tEXt for ASCII, iTXt for UTF-8), and the row writer. It knows
 * nothing of mazes: png.c and png_sheet.c describe an image and hand over its
 * rows (the way libvips keeps vipspng.c apart from pngsave.c). The one setjmp
 * is in write_png(), whose frame holds nothing that changes after it.
 *
 * libpng writes the signature, the header and text chunks and IEND. The
 * image data is ours: the rows, filtered here, are deflated on several
 * threads (png_deflate.c) and written as IDAT chunks, with zlib's crc32,
 * straight to the sink. libpng deflates on one thread only, and it
 * reports a failing sink by longjmp, which must never cross the code that
 * owns running threads and their lock: so no libpng call is made while
 * the deflater lives (write_idat()).
 */
#include <png.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "export/common.h"
#include "export/png_deflate.h"
#include "export/png_write.h"
#include <mazegen/version.h>

/* libpng's png_text wants writable strings. */
static char software[] = "mazegen " MAZEGEN_VERSION;
static char empty[] = "";

static bool
ascii(const char *s)
{
    for (; *s; s++) {
        if ((unsigned char)*s > 0x7e) {
            return false;
        }
    }
    return true;
}

/* Shared with the callbacks through libpng's error and I/O pointers. */
struct png_io {
    const struct maze_sink *sink;
    int status;
};

/* The rows' way to the deflater: each is a filter byte and the row,
 * filtered. */
struct maze__png_writer {
    struct maze__deflate *z;
    enum maze__png_filter filter;
    size_t row_bytes;
    size_t bpp;    /* bytes a pixel, at least 1: Paeth's left neighbour */
    uint8_t *line; /* Paeth: the filter byte and the filtered row */
    uint8_t *prev; /* Paeth: the row before, unfiltered (zero at first) */
};

static void
on_error(png_structp png, png_const_charp msg)
{
    struct png_io *io = png_get_error_ptr(png);
    if (io->status == MAZE_OK) {
        io->status = strstr(msg, "memory") ? MAZE_ERR_NOMEM : MAZE_ERR_BACKEND;
    }
    png_longjmp(png, 1);
}

/* The library never prints, so libpng's warnings have nowhere to go. */
static void
on_warning(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

static void
on_write(png_structp png, png_bytep data, size_t len)
{
    struct png_io *io = png_get_io_ptr(png);
    if (maze__sink_write(io->sink, data, len) != MAZE_OK) {
        io->status = MAZE_ERR_IO;
        png_error(png, "sink write failed");
    }
}

static void
on_flush(png_structp png)
{
    (void)png;
}

static void
write_header(png_structp png, png_infop info, const struct maze__png_image *im,
             struct maze__png_meta *meta)
{
    static const int colours[] = {
        [MAZE__PNG_GRAY] = PNG_COLOR_TYPE_GRAY,
        [MAZE__PNG_PALETTE] = PNG_COLOR_TYPE_PALETTE,
        [MAZE__PNG_RGB] = PNG_COLOR_TYPE_RGB,
    };
    /* libpng refuses rows over a million pixels unless told otherwise. */
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_IHDR(png, info, im->width, im->height, im->depth,
                 colours[im->colour], PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (im->colour == MAZE__PNG_PALETTE) {
        /* libpng copies the palette. */
        png_color plte[PNG_MAX_PALETTE_LENGTH];
        int n = im->palette_len < PNG_MAX_PALETTE_LENGTH
                    ? im->palette_len
                    : PNG_MAX_PALETTE_LENGTH;
        for (int i = 0; i < n; i++) {
            plte[i] = (png_color){im->palette[i][0], im->palette[i][1],
                                  im->palette[i][2]};
        }
        png_set_PLTE(png, info, plte, n);
    }
    png_set_pHYs(png, info, im->ppm, im->ppm, PNG_RESOLUTION_METER);
    png_text text[] = {
        {.key = "Title", .text = meta->title},
        {.key = "Description", .text = meta->description},
        {.key = "Software", .text = software},
        {.key = "Size", .text = meta->size},
        {.key = "Algorithm", .text = meta->algorithm},
        {.key = "Seed", .text = meta->seed},
    };
    for (size_t i = 0; i < sizeof(text) / sizeof(text[0]); i++) {
        /* tEXt is Latin-1: anything beyond ASCII (a title in any script)
         * goes in iTXt, which is UTF-8. */
        text[i].compression = ascii(text[i].text) ? PNG_TEXT_COMPRESSION_NONE
                                                  : PNG_ITXT_COMPRESSION_NONE;
        text[i].lang = empty;
        text[i].lang_key = empty;
    }
    png_set_text(png, info, text, (int)(sizeof(text) / sizeof(text[0])));
    png_write_info(png, info);
}

static uint8_t
paeth(uint8_t a, uint8_t b, uint8_t c)
{
    int p = a + b - c;
    int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/*
 * PNG's filter type 4 on row, against w->prev, into w->line. Where the
 * byte bpp to the left equals the one above it (a = c), the predictor is
 * the byte above (p = b, so pb = 0 and pa = pc), and where the byte is
 * also the one above, the filtered byte is 0. Rows of walls along the
 * axes (3d, masks, weave, fractal, sheets) are mostly such stretches, or
 * the row above again: those go eight bytes at a time, or a row at a
 * time; the rest byte by byte.
 */
static void
paeth_row(struct maze__png_writer *w, const uint8_t *row)
{
    uint8_t *out = w->line + 1;
    const uint8_t *up = w->prev;
    size_t n = w->row_bytes, bpp = w->bpp < n ? w->bpp : n;
    w->line[0] = 4;
    if (memcmp(row, up, n) == 0) {
        memset(out, 0, n);
        return;
    }
    for (size_t i = 0; i < bpp; i++) {
        out[i] = (uint8_t)(row[i] - paeth(0, up[i], 0));
    }
    for (size_t i = bpp; i < n;) {
        if (n - i >= 8) {
            uint64_t left, above_left, at, above;
            memcpy(&left, row + i - bpp, 8);
            memcpy(&above_left, up + i - bpp, 8);
            memcpy(&at, row + i, 8);
            memcpy(&above, up + i, 8);
            if (left == above_left && at == above) {
                memset(out + i, 0, 8);
                i += 8;
                continue;
            }
        }
        for (size_t end = n - i > 8 ? i + 8 : n; i < end; i++) {
            out[i] =
                (uint8_t)(row[i] - paeth(row[i - bpp], up[i], up[i - bpp]));
        }
    }
    memcpy(w->prev, row, n);
}

int
maze__png_row(struct maze__png_writer *w, const uint8_t *row, uint32_t n)
{
    static const uint8_t none = 0;
    int rc = MAZE_OK;
    for (uint32_t i = 0; i < n && rc == MAZE_OK; i++) {
        if (w->filter == MAZE__PNG_FILTER_PAETH) {
            paeth_row(w, row);
            rc = maze__deflate_write(w->z, w->line, w->row_bytes + 1);
        } else {
            rc = maze__deflate_write(w->z, &none, 1);
            if (rc == MAZE_OK) {
                rc = maze__deflate_write(w->z, row, w->row_bytes);
            }
        }
    }
    return rc;
}

static void
put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        p[i] = (uint8_t)(v >> (24 - 8 * i));
    }
}

/* A piece of the zlib stream as one IDAT chunk. */
static int
write_chunk(void *ctx, const uint8_t *data, size_t len)
{
    const struct maze_sink *sink = ctx;
    uint8_t head[8], tail[4];
    put32(head, (uint32_t)len);
    memcpy(head + 4, "IDAT", 4);
    uLong crc = crc32(crc32(0, head + 4, 4), data, (uInt)len);
    put32(tail, (uint32_t)crc);
    int rc = maze__sink_write(sink, head, sizeof(head));
    if (rc == MAZE_OK) {
        rc = maze__sink_write(sink, data, len);
    }
    if (rc == MAZE_OK) {
        rc = maze__sink_write(sink, tail, sizeof(tail));
    }
    return rc;
}

/*
 * The image data: the body's rows, filtered, deflated and written as
 * IDAT chunks. Makes no libpng call (see the top of the file).
 */
__attribute__((noinline)) static int
write_idat(const struct maze_sink *sink, const struct maze__png_image *im)
{
    static const unsigned channels[] = {
        [MAZE__PNG_GRAY] = 1,
        [MAZE__PNG_PALETTE] = 1,
        [MAZE__PNG_RGB] = 3,
    };
    uint64_t bits = (uint64_t)im->depth * channels[im->colour];
    struct maze__png_writer w = {
        .filter = im->filter,
        .row_bytes = (size_t)((im->width * bits + 7) / 8),
        .bpp = (size_t)((bits + 7) / 8),
    };
    if (w.filter == MAZE__PNG_FILTER_PAETH) {
        w.line = malloc(w.row_bytes + 1);
        w.prev = calloc(1, w.row_bytes);
        if (w.line == NULL || w.prev == NULL) {
            free(w.line);
            free(w.prev);
            return MAZE_ERR_NOMEM;
        }
    }
    uint64_t total = (uint64_t)im->height * (w.row_bytes + 1);
    int rc = maze__deflate_create(im->threads, total, write_chunk, (void *)sink,
                                  &w.z);
    if (rc == MAZE_OK) {
        rc = im->body(&w, im->ctx);
    }
    if (rc == MAZE_OK) {
        rc = maze__deflate_finish(w.z);
    }
    maze__deflate_destroy(w.z);
    free(w.line);
    free(w.prev);
    return rc;
}

/*
 * The only function with a setjmp: libpng longjmps here from on_error.
 * io lives in the caller, so nothing this frame reads after the jump has
 * changed since setjmp; kept out of line so that it stays so.
 */
__attribute__((noinline)) static int
write_png(struct png_io *io, const struct maze__png_image *im,
          struct maze__png_meta *meta)
{
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, io,
                                              on_error, on_warning);
    if (png == NULL) {
        return MAZE_ERR_NOMEM;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        return MAZE_ERR_NOMEM;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return io->status != MAZE_OK ? io->status : MAZE_ERR_BACKEND;
    }
    png_set_write_fn(png, io, on_write, on_flush);
    write_header(png, info, im, meta);
    int rc = write_idat(io->sink, im);
    if (rc == MAZE_OK) {
        /* png_write_end() would want libpng's own IDAT. */
        png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
    }
    png_destroy_write_struct(&png, &info);
    return rc;
}

int
maze__png_write(const struct maze_sink *sink, const struct maze__png_image *im,
                struct maze__png_meta *meta)
{
    struct png_io io = {.sink = sink, .status = MAZE_OK};
    return write_png(&io, im, meta);
}
