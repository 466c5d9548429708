/* SPDX-License-Identifier: MIT */
/*
 * A sheet's page as PNG: cairo rasterises the page (sheet_draw.c) at the
 * dpi, and its pixels go to libpng as 8-bit RGB rows, one page only.
 * Unlike a lone maze (png.c) the page is antialiased colour, so it is
 * whole in memory: its size is the paper's, not the maze's.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

#include "export/common.h"
#include "export/png_impl.h"
#include "export/png_write.h"
#include "export/sheet.h"

/* A page rasterised by cairo, handed over as 8-bit RGB rows. */
struct page_body {
    cairo_surface_t *surface;
    uint8_t *row;
};

static int
page_body(struct maze__png_writer *out, void *ctx)
{
    struct page_body *b = ctx;
    const unsigned char *data = cairo_image_surface_get_data(b->surface);
    int stride = cairo_image_surface_get_stride(b->surface);
    int w = cairo_image_surface_get_width(b->surface);
    int h = cairo_image_surface_get_height(b->surface);
    for (int y = 0; y < h; y++) {
        const unsigned char *src = data + (size_t)y * (size_t)stride;
        for (int x = 0; x < w; x++) {
            /* RGB24 pixels are native-endian words 0x00RRGGBB. */
            uint32_t px;
            memcpy(&px, src + 4 * (size_t)x, 4);
            b->row[3 * (size_t)x] = (uint8_t)(px >> 16);
            b->row[3 * (size_t)x + 1] = (uint8_t)(px >> 8);
            b->row[3 * (size_t)x + 2] = (uint8_t)px;
        }
        int rc = maze__png_row(out, b->row, 1);
        if (rc != MAZE_OK) {
            return rc;
        }
    }
    return MAZE_OK;
}

/* The text chunks of a sheet: its title, subject and base seed. */
static void
describe_sheet(const struct maze__sheet *sh, uint32_t w, uint32_t h,
               struct maze__png_meta *meta)
{
    const struct maze_provenance *p = maze_provenance(sh->puzzles[0].maze);
    snprintf(meta->title, sizeof(meta->title), "%s",
             sh->title[0] ? sh->title : "mazegen sheet");
    snprintf(meta->size, sizeof(meta->size), "%lux%lu", (unsigned long)w,
             (unsigned long)h);
    snprintf(meta->seed, sizeof(meta->seed), "%llu",
             (unsigned long long)(sh->so.has_seed ? sh->so.seed : p->seed));
    snprintf(meta->algorithm, sizeof(meta->algorithm), "%s",
             p->algorithm[0] ? p->algorithm : "none");
    maze__sheet_subject(sh, meta->description, sizeof(meta->description));
    maze__utf8_line(meta->title);
    maze__printable(meta->algorithm);
}

int
maze__png_write_sheet(const struct maze__sheet *sh,
                      const struct maze_export_options *opt,
                      const struct maze_sink *sink)
{
    size_t page;
    int rc = maze__sheet_page_pick(sh, &page);
    if (rc != MAZE_OK) {
        return rc;
    }
    unsigned dpi = maze__dpi(opt);
    cairo_surface_t *surface;
    rc = maze__sheet_raster(sh, page, dpi, &surface);
    if (rc != MAZE_OK) {
        return rc;
    }
    uint32_t w = (uint32_t)cairo_image_surface_get_width(surface);
    uint32_t h = (uint32_t)cairo_image_surface_get_height(surface);
    struct page_body body = {surface, malloc(3 * (size_t)w)};
    if (body.row == NULL) {
        cairo_surface_destroy(surface);
        return MAZE_ERR_NOMEM;
    }
    struct maze__png_meta meta;
    describe_sheet(sh, w, h, &meta);
    /* Paeth suits antialiased lines and type; named, so bytes are stable. */
    struct maze__png_image im = {
        .width = w,
        .height = h,
        .depth = 8,
        .colour = MAZE__PNG_RGB,
        .ppm = (uint32_t)(dpi / 0.0254 + 0.5),
        .filter = MAZE__PNG_FILTER_PAETH,
        .threads = opt->threads,
        .body = page_body,
        .ctx = &body,
    };
    rc = maze__png_write(sink, &im, &meta);
    free(body.row);
    cairo_surface_destroy(surface);
    return rc;
}
