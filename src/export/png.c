/* SPDX-License-Identifier: MIT */
/*
 * The PNG exporter: a rectangular maze rasterised one pixel row at a time
 * from rows of passages (rect_rows.h), whether the maze is in memory or
 * being carved while it is written, into a single packed row buffer handed
 * to libpng, so memory is O(width) however tall the image (plus one byte
 * per cell of path connections when a solution is drawn). Without a
 * solution the image is bilevel; with one it is a 4-bit palette image.
 *
 * Speed: libpng's deflate is the real work, so drawing must cost next to
 * nothing. A pixel row is drawn only when it differs from the one before
 * (a cell row has at most a handful of distinct pixel rows), and bilevel
 * rows are packed a cell at a time from two precomputed bit patterns.
 *
 * This file is the exporter: its table entry, and a maze's rows handed
 * to libpng as an image with its text chunks. The geometry (which pixels
 * of a row are wall, floor, marker or path) is png_raster.c, the packed
 * bilevel rows png_fast.c, the arrows in the margin png_arrow.c, sheet
 * pages png_sheet.c; the libpng mechanics
 * (setjmp, error and write callbacks into the sink), which know nothing of
 * mazes, are png_write.c.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status_impl.h"
#include "core/checked.h"
#include "core/fractal.h"
#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "export/common.h"
#include "export/export_impl.h"
#include "export/page.h"
#include "export/png_impl.h"
#include "export/png_write.h"
#include <mazegen/version.h>

/* The colours of the pixel values (png_impl.h), in their order; the
 * arrows' blends follow (fill_palette()). */
static const uint8_t base_palette[][3] = {
    {0x00, 0x00, 0x00}, {0xff, 0xff, 0xff}, {0x1f, 0x5f, 0xd1},
    {0x1a, 0x98, 0x50}, {0xd7, 0x30, 0x27},
};

/* The base colours, then the shades of the start and finish colours over
 * the white floor, in integers so every machine writes the same bytes. */
static void
fill_palette(uint8_t palette[MAZE__PNG_COLOURS][3])
{
    memcpy(palette, base_palette, sizeof(base_palette));
    for (int k = 1; k <= MAZE__PNG_SHADES; k++) {
        for (int ch = 0; ch < 3; ch++) {
            int n = MAZE__PNG_SHADES + 1;
            int s = base_palette[MAZE__PNG_START][ch];
            int f = base_palette[MAZE__PNG_FINISH][ch];
            palette[MAZE__PNG_START_SHADE + k - 1][ch] =
                (uint8_t)((255 * (n - k) + s * k + n / 2) / n);
            palette[MAZE__PNG_FINISH_SHADE + k - 1][ch] =
                (uint8_t)((255 * (n - k) + f * k + n / 2) / n);
        }
    }
}

static const char title[] = "mazegen maze";

/* maze__png_raster_rows() as an image body. */
struct maze_rows_body {
    struct maze__png_raster *r;
    uint8_t *row;
};

static int
maze_rows_body(struct maze__png_writer *w, void *ctx)
{
    struct maze_rows_body *b = ctx;
    return maze__png_raster_rows(w, b->r, b->row);
}

static void
describe(const struct maze__rows *rows, struct maze__png_meta *meta)
{
    const struct maze_provenance *p = rows->provenance;
    snprintf(meta->title, sizeof(meta->title), "%s", title);
    snprintf(meta->size, sizeof(meta->size), "%lux%lu",
             (unsigned long)rows->width, (unsigned long)rows->height);
    snprintf(meta->seed, sizeof(meta->seed), "%llu",
             (unsigned long long)p->seed);
    snprintf(meta->algorithm, sizeof(meta->algorithm), "%s",
             p->algorithm[0] ? p->algorithm : "none");
    maze__printable(meta->algorithm);
    maze__describe_size(rows->width, rows->height, p, meta->description,
                        sizeof(meta->description));
}

static int
png_write_rows(const struct maze__rows *rows,
               const struct maze_export_options *opt,
               const struct maze_sink *sink)
{
    struct maze__png_raster r;
    int rc = maze__png_raster_plan(&r, rows, opt);
    if (rc != MAZE_OK) {
        return rc;
    }
    r.depth = opt->solution != NULL ? 4 : 1;
    /* width < 2^31, so the row is under 2^30 bytes even on 32 bits. */
    r.row_bytes = (size_t)(((uint64_t)r.width * r.depth + 7) / 8);
    rc = maze__window_init(&r.win, rows);
    if (rc != MAZE_OK) {
        return rc;
    }
    /* Zeroed: the padding bits after the last pixel are never drawn, and
     * must not carry stale memory into the file. */
    uint8_t *row = calloc(1, r.row_bytes);
    rc = maze__png_raster_buffers(&r);
    if (row == NULL || rc != MAZE_OK) {
        rc = MAZE_ERR_NOMEM;
    } else {
        uint8_t palette[MAZE__PNG_COLOURS][3];
        fill_palette(palette);
        struct maze__png_meta meta;
        describe(rows, &meta);
        struct maze_rows_body body = {&r, row};
        /* Unfiltered rows are the best choice below 8 bits per pixel. */
        struct maze__png_image im = {
            .width = r.width,
            .height = r.height,
            .depth = (int)r.depth,
            .colour = r.depth == 4 ? MAZE__PNG_PALETTE : MAZE__PNG_GRAY,
            .palette = (const uint8_t(*)[3])palette,
            .palette_len = MAZE__PNG_COLOURS,
            .ppm = r.ppm,
            .filter = MAZE__PNG_FILTER_NONE,
            .threads = opt->threads,
            .body = maze_rows_body,
            .ctx = &body,
        };
        rc = maze__png_write(sink, &im, &meta);
    }
    free(row);
    maze__png_raster_free(&r);
    maze__window_finish(&r.win);
    return rc;
}

static int
png_export(const struct maze *m, const struct maze_export_options *opt,
           const struct maze_sink *sink)
{
    unsigned levels;
    uint32_t bx, by;
    /* The row rasteriser draws walls of one width: a fractal maze's
     * heavier block walls go through cairo's bands like any other kind. */
    if (!maze__grid_is_rect(m->grid) ||
        maze__fractal_of(m, &levels, &bx, &by)) {
        return maze__png_write_bands(m, opt, sink);
    }
    return maze__export_by_rows(m, opt, sink, png_write_rows);
}

static const char *const extensions[] = {"png", NULL};

const struct maze__exporter maze__export_png = {
    .info =
        {
            .name = "png",
            .extensions = extensions,
            .description = "PNG image: rectangles bilevel or 4-bit palette, "
                           "other grids antialiased RGB",
            .flags = MAZE_FORMAT_RASTER,
#if MAZE_HAS_DRAWING
            .draws = MAZE_DRAWS_RECT | MAZE_DRAWS_ANY_GRID | MAZE_DRAWS_ROWS |
                     MAZE_DRAWS_LONE | MAZE_DRAWS_SHEET | MAZE_DRAWS_SOLUTION,
#else
            /* Other kinds, fractal rectangles and sheets need cairo. */
            .draws = MAZE_DRAWS_RECT | MAZE_DRAWS_ROWS | MAZE_DRAWS_LONE |
                     MAZE_DRAWS_SOLUTION,
#endif
            .reads = MAZE_READS_CELL_SIZE | MAZE_READS_WALL_WIDTH |
                     MAZE_READS_MARGIN | MAZE_READS_DPI | MAZE_READS_THREADS,
            .unit = MAZE_UNIT_PX,
            .cell_size = {10, MAZE_UNIT_PX},
            .dpi = 96,
            /* cairo holds a few kilobytes per wall of a band (an arc,
             * flattened, about twice as much); the deflater two blocks
             * of 256 KiB in and about as much out a thread, libdeflate's
             * 660 KiB and zlib's inflater, 72 KiB. */
            .memory = {.per_wall = 2300,
                       .band_bytes = 1u << 20,
                       .solution_per_cell = 1,
                       .per_thread = 2u << 20},
        },
    .write = png_export,
#if MAZE_HAS_DRAWING
    .write_sheet = maze__png_write_sheet,
#endif
    .write_rows = png_write_rows,
};

int
maze_png_size(const struct maze_grid *grid, uint32_t width, uint32_t height,
              const struct maze_export_options *opt, uint64_t *px_width,
              uint64_t *px_height)
{
    struct maze__export_copy copy;
    int taken = maze__export_options_take(&copy, &opt, NULL);
    if (taken != MAZE_OK) {
        return taken;
    }
    static const struct maze_export_options defaults = MAZE_EXPORT_OPTIONS_INIT;
    const struct maze_export_options *o = opt ? opt : &defaults;
    if (px_width == NULL || px_height == NULL) {
        return MAZE_ERR_INVALID;
    }
    if (grid != NULL && !maze__grid_is_rect(grid)) {
        double ew, eh;
        maze_grid_extent(grid, &ew, &eh);
        struct maze__page pg;
        int rc =
            maze__png_band_page(grid, ew, eh, 0, grid->kind->passage, o, &pg);
        if (rc == MAZE_OK) {
            *px_width = (uint64_t)pg.width;
            *px_height = (uint64_t)pg.height;
        }
        return rc;
    }
    struct maze__rows rows = {
        .width = grid ? grid->width : width,
        .height = grid ? grid->height : height,
        .start_opening = MAZE_NONE,
        .finish_opening = MAZE_NONE,
    };
    if (rows.width == 0 || rows.height == 0) {
        return MAZE_ERR_INVALID;
    }
    struct maze__png_raster r;
    int rc = maze__png_raster_plan(&r, &rows, o);
    if (rc == MAZE_OK) {
        *px_width = r.width;
        *px_height = r.height;
    }
    return rc;
}
