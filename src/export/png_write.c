/* SPDX-License-Identifier: MIT */
/*
 * The libpng mechanics of the PNG exporter: libpng's setjmp, its error
 * and warning callbacks, its write callback into our sink, the header and
 * text chunks (tEXt for ASCII, iTXt for UTF-8), and the row writer. It knows
 * nothing of mazes: png.c and png_sheet.c describe an image and hand over its
 * rows (the way libvips keeps vipspng.c apart from pngsave.c). The one setjmp
 * is in write_png(), whose frame holds nothing that changes after it.
 */
#include <png.h>
#include <stdbool.h>
#include <string.h>

#include "export/common.h"
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

struct maze__png_writer {
    png_structp png;
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
    static const int filters[] = {
        [MAZE__PNG_FILTER_NONE] = PNG_FILTER_NONE,
        [MAZE__PNG_FILTER_PAETH] = PNG_FILTER_PAETH,
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
    /* Naming the filter keeps the bytes the same across libpng versions. */
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters[im->filter]);
    png_write_info(png, info);
}

void
maze__png_row(struct maze__png_writer *w, const uint8_t *row, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        png_write_row(w->png, row);
    }
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
    struct maze__png_writer w = {png};
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return io->status != MAZE_OK ? io->status : MAZE_ERR_BACKEND;
    }
    png_set_write_fn(png, io, on_write, on_flush);
    write_header(png, info, im, meta);
    int rc = im->body(&w, im->ctx);
    if (rc == MAZE_OK) {
        png_write_end(png, NULL);
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
