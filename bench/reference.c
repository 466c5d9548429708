/* SPDX-License-Identifier: MIT */
/*
 * The bench program's baselines (reference.h). The depth-first search and
 * Kruskal's algorithm are deliberately plain, the way one would write them
 * from a textbook: they are the yardsticks, not contenders. The libpng code
 * mirrors the exporter's settings exactly, so the only difference between the
 * two is the maze work the exporter does.
 */
#include "reference.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

static int
visited(const uint64_t *v, uint32_t c)
{
    return (v[c >> 6] >> (c & 63)) & 1u;
}

static void
mark(uint64_t *v, uint64_t i)
{
    v[i >> 6] |= (uint64_t)1 << (i & 63);
}

uint64_t
reference_dfs(uint32_t width, uint32_t height, uint64_t seed, uint64_t **bits)
{
    uint64_t cells = (uint64_t)width * height;
    uint64_t *seen = calloc((cells + 63) / 64, 8);
    uint64_t *open = calloc((2 * cells + 63) / 64, 8);
    uint32_t *stack = malloc(cells * sizeof(uint32_t));
    *bits = NULL;
    if (seen == NULL || open == NULL || stack == NULL) {
        free(seen);
        free(open);
        free(stack);
        return 0;
    }
    struct maze_rng rng;
    maze_rng_seed(&rng, seed);
    uint32_t first = (uint32_t)maze_rng_below(&rng, cells);
    mark(seen, first);
    size_t top = 0;
    stack[top++] = first;
    uint64_t opened = 0;
    while (top > 0) {
        uint32_t cur = stack[top - 1];
        uint32_t x = cur % width, y = cur / width;
        uint32_t next[4], edge[4];
        unsigned n = 0;
        if (x + 1 < width && !visited(seen, cur + 1)) {
            next[n] = cur + 1;
            edge[n++] = 2 * cur;
        }
        if (y + 1 < height && !visited(seen, cur + width)) {
            next[n] = cur + width;
            edge[n++] = 2 * cur + 1;
        }
        if (x > 0 && !visited(seen, cur - 1)) {
            next[n] = cur - 1;
            edge[n++] = 2 * (cur - 1);
        }
        if (y > 0 && !visited(seen, cur - width)) {
            next[n] = cur - width;
            edge[n++] = 2 * (cur - width) + 1;
        }
        if (n == 0) {
            top--;
            continue;
        }
        unsigned k = n == 1 ? 0 : (unsigned)maze_rng_below(&rng, n);
        mark(open, edge[k]);
        mark(seen, next[k]);
        stack[top++] = next[k];
        opened++;
    }
    free(seen);
    free(stack);
    *bits = open;
    return opened;
}

/* ---- Kruskal ----------------------------------------------------------- */

/* The root of x's set, halving the path on the way. */
static uint32_t
find(uint32_t *parent, uint32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

uint64_t
reference_kruskal(uint32_t width, uint32_t height, uint64_t seed,
                  uint64_t **bits)
{
    uint64_t cells = (uint64_t)width * height;
    uint64_t n =
        (uint64_t)(width - 1) * height + (uint64_t)width * (height - 1);
    uint32_t *edges = malloc((n ? n : 1) * sizeof(uint32_t));
    uint32_t *parent = malloc(cells * sizeof(uint32_t));
    uint8_t *rank = calloc(cells, 1);
    uint64_t *open = calloc((2 * cells + 63) / 64, 8);
    *bits = NULL;
    if (edges == NULL || parent == NULL || rank == NULL || open == NULL) {
        free(edges);
        free(parent);
        free(rank);
        free(open);
        return 0;
    }
    /* Every interior wall, named as the maze names it: 2c + 0 the east
     * side of cell c, 2c + 1 its south side. */
    uint64_t k = 0;
    for (uint32_t y = 0; y < height; y++) {
        for (uint32_t x = 0; x < width; x++) {
            uint32_t c = y * width + x;
            if (x + 1 < width) {
                edges[k++] = 2 * c;
            }
            if (y + 1 < height) {
                edges[k++] = 2 * c + 1;
            }
        }
    }
    struct maze_rng rng;
    maze_rng_seed(&rng, seed);
    for (uint64_t i = n; i > 1; i--) {
        uint64_t j = maze_rng_below(&rng, i);
        uint32_t t = edges[i - 1];
        edges[i - 1] = edges[j];
        edges[j] = t;
    }
    for (uint32_t c = 0; c < cells; c++) {
        parent[c] = c;
    }
    uint64_t opened = 0;
    for (uint64_t i = 0; i < n && opened + 1 < cells; i++) {
        uint32_t e = edges[i], a = e / 2;
        uint32_t b = e % 2 ? a + width : a + 1;
        uint32_t ra = find(parent, a), rb = find(parent, b);
        if (ra == rb) {
            continue;
        }
        /* Union by rank. */
        if (rank[ra] < rank[rb]) {
            parent[ra] = rb;
        } else {
            parent[rb] = ra;
            rank[ra] += rank[ra] == rank[rb];
        }
        mark(open, e);
        opened++;
    }
    free(edges);
    free(parent);
    free(rank);
    *bits = open;
    return opened;
}

/* ---- libpng ------------------------------------------------------------ */

struct reader {
    const uint8_t *data;
    size_t len, pos;
};

static void
read_fn(png_structp png, png_bytep out, size_t n)
{
    struct reader *r = png_get_io_ptr(png);
    if (n > r->len - r->pos) {
        png_error(png, "truncated");
    }
    memcpy(out, r->data + r->pos, n);
    r->pos += n;
}

static void
quiet(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

int
png_rows_decode(const void *data, size_t len, struct png_rows *out)
{
    *out = (struct png_rows){0};
    struct reader r = {data, len, 0};
    png_structp png =
        png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, quiet);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        png_rows_free(out);
        return -1;
    }
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_read_fn(png, &r, read_fn);
    png_read_info(png, info);
    out->width = png_get_image_width(png, info);
    out->height = png_get_image_height(png, info);
    out->depth = png_get_bit_depth(png, info);
    out->color_type = png_get_color_type(png, info);
    out->row_bytes = png_get_rowbytes(png, info);
    png_colorp pal;
    int n;
    if (png_get_PLTE(png, info, &pal, &n) && n <= 16) {
        out->palette_size = n;
        for (int i = 0; i < n; i++) {
            out->palette[i][0] = pal[i].red;
            out->palette[i][1] = pal[i].green;
            out->palette[i][2] = pal[i].blue;
        }
    }
    out->pixels = malloc(out->row_bytes * out->height);
    if (out->pixels == NULL) {
        png_error(png, "out of memory");
    }
    for (uint32_t y = 0; y < out->height; y++) {
        png_read_row(png, out->pixels + y * out->row_bytes, NULL);
    }
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

void
png_rows_free(struct png_rows *rows)
{
    free(rows->pixels);
    rows->pixels = NULL;
}

static void
write_fn(png_structp png, png_bytep data, size_t n)
{
    const struct maze_sink *sink = png_get_io_ptr(png);
    if (sink->write(sink->ctx, data, n) != 0) {
        png_error(png, "sink failed");
    }
}

static void
flush_fn(png_structp png)
{
    (void)png;
}

int
png_rows_encode(const struct png_rows *rows, const struct maze_sink *sink)
{
    png_structp png =
        png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, quiet);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    png_set_write_fn(png, (void *)sink, write_fn, flush_fn);
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_IHDR(png, info, rows->width, rows->height, rows->depth,
                 rows->color_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (rows->palette_size > 0) {
        png_color pal[16];
        for (int i = 0; i < rows->palette_size; i++) {
            pal[i] = (png_color){rows->palette[i][0], rows->palette[i][1],
                                 rows->palette[i][2]};
        }
        png_set_PLTE(png, info, pal, rows->palette_size);
    }
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_write_info(png, info);
    for (uint32_t y = 0; y < rows->height; y++) {
        png_write_row(png, rows->pixels + y * rows->row_bytes);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return 0;
}
