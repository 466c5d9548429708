/*
 * The PNG exporter: a rectangular maze rasterised one pixel row at a time,
 * straight from the passage bitset, into a single packed row buffer handed
 * to libpng, so memory is O(width) however tall the image (plus one byte
 * per cell of path connections when a solution is drawn). Without a
 * solution the image is bilevel; with one it is a 4-bit palette image.
 *
 * The file has two halves: the geometry (which pixels of a row are wall,
 * floor, marker or path) knows nothing of libpng, and the libpng mechanics
 * (setjmp, error and write callbacks into the sink) know nothing of mazes.
 */
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "export/export_impl.h"
#include "export/rect_rows.h"
#include <mazegen/version.h>

/* Pixel values: palette indices, and also the two bilevel grey levels. */
enum { INK = 0, FLOOR = 1, SOLUTION = 2, START = 3, FINISH = 4 };

static const png_color palette[] = {
    {0x00, 0x00, 0x00}, {0xff, 0xff, 0xff}, {0x1f, 0x5f, 0xd1},
    {0x1a, 0x98, 0x50}, {0xd7, 0x30, 0x27},
};

/* libpng's png_text wants writable strings. */
static char title[] = "mazegen maze";
static char software[] = "mazegen " MAZEGEN_VERSION;

/*
 * Everything in pixels. Lattice line i covers [margin + i*c, +t); the
 * interior of cell i covers [margin + i*c + t, margin + (i+1)*c), s = c - t
 * pixels. Markers and the solution line have the parity of s so they sit
 * exactly in the middle of it.
 */
struct raster {
    const struct maze *m;
    const uint8_t *path; /* NULL when no solution is drawn */
    uint32_t c, t, margin;
    uint32_t width, height;
    unsigned depth;         /* 1 (bilevel) or 4 (palette) */
    uint32_t mark, mark_at; /* marker side, offset in the interior */
    uint32_t ring;          /* finish outline width, 0 = filled */
    uint32_t line, line_at; /* solution width, offset in the interior */
    png_uint_32 ppm;        /* pixels per metre */
};

/* ---- Geometry ---------------------------------------------------------- */

/* The first pixel of lattice line i, and of the interior of cell i. */
static uint32_t
band(const struct raster *r, uint32_t i)
{
    return r->margin + i * r->c;
}

static uint32_t
interior(const struct raster *r, uint32_t i)
{
    return r->margin + i * r->c + r->t;
}

static void
set_px(const struct raster *r, uint8_t *row, uint32_t x, unsigned v)
{
    unsigned per = 8 / r->depth;
    unsigned shift = (per - 1 - x % per) * r->depth;
    unsigned mask = ((1u << r->depth) - 1) << shift;
    row[x / per] = (uint8_t)((row[x / per] & ~mask) | (v << shift));
}

/* Paints pixels [x0, x1) of a packed row, whole bytes at a time. */
static void
fill(const struct raster *r, uint8_t *row, uint32_t x0, uint32_t x1, unsigned v)
{
    unsigned per = 8 / r->depth;
    while (x0 < x1 && x0 % per != 0) {
        set_px(r, row, x0++, v);
    }
    while (x1 > x0 && x1 % per != 0) {
        set_px(r, row, --x1, v);
    }
    if (x0 < x1) {
        uint8_t byte = r->depth == 1 ? (v ? 0xff : 0x00) : (uint8_t)(v * 0x11);
        memset(row + x0 / per, byte, (x1 - x0) / per);
    }
}

/* The part of a square marker on cell that lies in pixel row py. */
static void
draw_marker(const struct raster *r, uint8_t *row, uint32_t py, uint32_t cell,
            unsigned colour, uint32_t ring)
{
    uint32_t w = r->m->grid->width;
    uint32_t top = interior(r, cell / w) + r->mark_at;
    uint32_t left = interior(r, cell % w) + r->mark_at;
    if (py < top || py >= top + r->mark) {
        return;
    }
    if (ring == 0 || py < top + ring || py >= top + r->mark - ring) {
        fill(r, row, left, left + r->mark, colour);
    } else {
        fill(r, row, left, left + ring, colour);
        fill(r, row, left + r->mark - ring, left + r->mark, colour);
    }
}

/*
 * The part of the solution line through cell row y that lies in pixel row
 * py: a centred square per path cell, stretched to the far side of the
 * lattice line towards each neighbour it is linked to (to the outer edge of
 * the maze at an opening), so consecutive cells join without a seam.
 */
static void
draw_path_row(const struct raster *r, uint8_t *row, uint32_t py, uint32_t y)
{
    uint32_t w = r->m->grid->width;
    uint32_t top = interior(r, y) + r->line_at;
    bool across = py >= top && py < top + r->line;
    bool above = py >= band(r, y) && py < top;
    bool below = py >= top + r->line && py < band(r, y + 1) + r->t;
    const uint8_t *bits = r->path + (size_t)y * w;
    for (uint32_t x = 0; x < w; x++) {
        unsigned b = bits[x];
        if (!(b & MAZE__ON_PATH)) {
            continue;
        }
        uint32_t left = interior(r, x) + r->line_at;
        if (across) {
            uint32_t x0 = b & MAZE__LINK_W ? band(r, x) : left;
            uint32_t x1 =
                b & MAZE__LINK_E ? band(r, x + 1) + r->t : left + r->line;
            fill(r, row, x0, x1, SOLUTION);
        } else if ((above && (b & MAZE__LINK_N)) ||
                   (below && (b & MAZE__LINK_S))) {
            fill(r, row, left, left + r->line, SOLUTION);
        }
    }
}

/* Whether the wall along horizontal lattice line j above cell column x
 * is drawn. */
static bool
hwall(const struct maze *m, uint32_t x, uint32_t j)
{
    return j < m->grid->height ? maze__rect_wall(m, x, j, MAZE__SIDE_N)
                               : maze__rect_wall(m, x, j - 1, MAZE__SIDE_S);
}

/* Whether the wall along vertical lattice line i beside cell row y is
 * drawn. */
static bool
vwall(const struct maze *m, uint32_t i, uint32_t y)
{
    return i < m->grid->width ? maze__rect_wall(m, i, y, MAZE__SIDE_W)
                              : maze__rect_wall(m, i - 1, y, MAZE__SIDE_E);
}

/*
 * Whether lattice point (x, j) gets a post: only where a wall meets it. In
 * a perfect maze every point has one, but an open room or a braided loop
 * leaves points with none, which would show as stray dots.
 */
static bool
post(const struct maze *m, uint32_t x, uint32_t j)
{
    const struct maze_grid *g = m->grid;
    return (x > 0 && hwall(m, x - 1, j)) || (x < g->width && hwall(m, x, j)) ||
           (j > 0 && vwall(m, x, j - 1)) || (j < g->height && vwall(m, x, j));
}

/* A pixel row inside the band of horizontal lattice line j. */
static void
draw_hwalls(const struct raster *r, uint8_t *row, uint32_t j)
{
    const struct maze_grid *g = r->m->grid;
    for (uint32_t x = 0; x <= g->width; x++) {
        if (post(r->m, x, j)) {
            fill(r, row, band(r, x), band(r, x) + r->t, INK);
        }
        if (x == g->width) {
            break;
        }
        if (hwall(r->m, x, j)) {
            fill(r, row, interior(r, x), band(r, x + 1), INK);
        }
    }
}

/* A pixel row crossing the interiors of cell row y. */
static void
draw_vwalls(const struct raster *r, uint8_t *row, uint32_t y)
{
    uint32_t w = r->m->grid->width;
    for (uint32_t i = 0; i <= w; i++) {
        if (vwall(r->m, i, y)) {
            fill(r, row, band(r, i), band(r, i) + r->t, INK);
        }
    }
}

/*
 * Renders pixel row py. Walls go last so that nothing else, not even a
 * solution that steps through a closed wall, can cut the lattice; the
 * solution goes over the markers so the route stays visible end to end.
 */
static void
render_row(const struct raster *r, uint32_t py, uint8_t *row)
{
    const struct maze *m = r->m;
    fill(r, row, 0, r->width, FLOOR);
    if (py < r->margin || py >= r->height - r->margin) {
        return;
    }
    uint32_t j = (py - r->margin) / r->c;
    bool in_band = (py - r->margin) % r->c < r->t;
    if (r->depth == 1) {
        draw_marker(r, row, py, m->start, INK, 0);
        draw_marker(r, row, py, m->finish, INK, r->ring);
    } else {
        draw_marker(r, row, py, m->start, START, 0);
        draw_marker(r, row, py, m->finish, FINISH, 0);
    }
    if (r->path != NULL) {
        if (j < m->grid->height) {
            draw_path_row(r, row, py, j);
        }
        if (in_band && j > 0) {
            draw_path_row(r, row, py, j - 1);
        }
    }
    if (in_band) {
        draw_hwalls(r, row, j);
    } else {
        draw_vwalls(r, row, j);
    }
}

/* Rejects NaN, infinities and absurd lengths before they reach integers. */
static bool
length_ok(struct maze_length len)
{
    return len.value <= 1e9;
}

/*
 * margin + cells*c + t + margin along one axis, if PNG can hold it. Every
 * term is below 2^31 * 2^30 (c, t and margin are at most 10^9), so the
 * 64-bit sum cannot wrap before it is compared.
 */
static bool
extent(uint32_t cells, uint32_t c, uint32_t t, uint32_t margin, uint32_t *out)
{
    uint64_t v = (uint64_t)cells * c + t + 2 * (uint64_t)margin;
    if (v > PNG_UINT_31_MAX) {
        return false;
    }
    *out = (uint32_t)v;
    return true;
}

/* Sizes everything in pixels; MAZE_ERR_RANGE for what PNG cannot hold. */
static int
plan(struct raster *r, const struct maze *m,
     const struct maze_export_options *opt)
{
    unsigned dpi = maze__dpi(opt);
    if (!length_ok(opt->cell_size) || !length_ok(opt->wall_width) ||
        !length_ok(opt->margin)) {
        return MAZE_ERR_RANGE;
    }
    long c = maze__length_px(opt->cell_size, dpi, 10);
    long t = maze__length_px(opt->wall_width, dpi, c / 5 > 1 ? c / 5 : 1);
    long margin = maze__length_px(opt->margin, dpi, 0);
    double ppm = dpi / 0.0254 + 0.5;
    if (t < 1 || t >= c || c > 1000000000L || margin > 1000000000L ||
        ppm > PNG_UINT_31_MAX) {
        return MAZE_ERR_RANGE;
    }
    *r = (struct raster){
        .m = m,
        .c = (uint32_t)c,
        .t = (uint32_t)t,
        .margin = (uint32_t)margin,
        .ppm = (png_uint_32)ppm,
    };
    if (!extent(m->grid->width, r->c, r->t, r->margin, &r->width) ||
        !extent(m->grid->height, r->c, r->t, r->margin, &r->height)) {
        return MAZE_ERR_RANGE;
    }
    uint32_t s = r->c - r->t;
    r->mark = s / 2 + (s - s / 2) % 2;
    r->mark_at = (s - r->mark) / 2;
    /* Below 5 pixels an outline has no hole worth seeing. */
    uint32_t ring = r->mark / 4 < r->t ? r->mark / 4 : r->t;
    r->ring = s < 5 ? 0 : ring > 1 ? ring : 1;
    /* The widest line up to a third of the interior with its parity; when
     * no such width exists (s = 2 or 4), two pixels. */
    uint32_t p = s / 3 > 1 ? s / 3 : 1;
    p -= (s - p) % 2;
    r->line = p > 0 ? p : 2;
    r->line_at = (s - r->line) / 2;
    return MAZE_OK;
}

/* ---- libpng mechanics -------------------------------------------------- */

/* Shared with the callbacks through libpng's error and I/O pointers. */
struct png_io {
    const struct maze_sink *sink;
    int status;
};

/* Text chunks, formatted before libpng is involved. */
struct meta {
    char size[32], seed[32], algorithm[40], description[256];
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
write_header(png_structp png, png_infop info, const struct raster *r,
             struct meta *meta)
{
    /* libpng refuses rows over a million pixels unless told otherwise. */
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_IHDR(png, info, r->width, r->height, (int)r->depth,
                 r->depth == 4 ? PNG_COLOR_TYPE_PALETTE : PNG_COLOR_TYPE_GRAY,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    if (r->depth == 4) {
        png_set_PLTE(png, info, palette, (int)(sizeof(palette) / 3));
    }
    png_set_pHYs(png, info, r->ppm, r->ppm, PNG_RESOLUTION_METER);
    png_text text[] = {
        {.key = "Title", .text = title},
        {.key = "Description", .text = meta->description},
        {.key = "Software", .text = software},
        {.key = "Size", .text = meta->size},
        {.key = "Algorithm", .text = meta->algorithm},
        {.key = "Seed", .text = meta->seed},
    };
    for (size_t i = 0; i < sizeof(text) / sizeof(text[0]); i++) {
        text[i].compression = PNG_TEXT_COMPRESSION_NONE;
    }
    png_set_text(png, info, text, (int)(sizeof(text) / sizeof(text[0])));
    /* Unfiltered rows are the best choice below 8 bits per pixel, and
     * naming the choice keeps the bytes the same across libpng versions. */
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_write_info(png, info);
}

static void
write_rows(png_structp png, const struct raster *r, uint8_t *row)
{
    for (uint32_t py = 0; py < r->height; py++) {
        render_row(r, py, row);
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
}

/*
 * The only function with a setjmp: libpng longjmps here from on_error.
 * io lives in the caller, so nothing this frame reads after the jump has
 * changed since setjmp.
 */
static int
write_png(struct png_io *io, const struct raster *r, struct meta *meta,
          uint8_t *row)
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
    write_header(png, info, r, meta);
    write_rows(png, r, row);
    png_destroy_write_struct(&png, &info);
    return MAZE_OK;
}

/* ---- The exporter ------------------------------------------------------ */

static void
describe(const struct maze *m, struct meta *meta)
{
    const struct maze_provenance *p = &m->provenance;
    snprintf(meta->size, sizeof(meta->size), "%lux%lu",
             (unsigned long)m->grid->width, (unsigned long)m->grid->height);
    snprintf(meta->seed, sizeof(meta->seed), "%llu",
             (unsigned long long)p->seed);
    snprintf(meta->algorithm, sizeof(meta->algorithm), "%s",
             p->algorithm[0] ? p->algorithm : "none");
    maze__describe(m, meta->description, sizeof(meta->description));
}

static int
png_export(const struct maze *m, const struct maze_export_options *opt,
           const struct maze_sink *sink)
{
    if (!maze__grid_is_rect(m->grid)) {
        return MAZE_ERR_UNSUPPORTED;
    }
    struct raster r;
    int rc = plan(&r, m, opt);
    if (rc != MAZE_OK) {
        return rc;
    }
    r.depth = opt->solution != NULL ? 4 : 1;
    uint8_t *path;
    rc = maze__rect_path_bits(m, opt->solution, &path);
    if (rc != MAZE_OK) {
        return rc;
    }
    r.path = path;
    /* width < 2^31, so the row is under 2^30 bytes even on 32 bits. */
    size_t row_bytes = (size_t)(((uint64_t)r.width * r.depth + 7) / 8);
    /* Zeroed: the padding bits after the last pixel are never drawn, and
     * must not carry stale memory into the file. */
    uint8_t *row = calloc(1, row_bytes);
    if (row == NULL) {
        rc = MAZE_ERR_NOMEM;
        goto free_path;
    }
    struct meta meta;
    describe(m, &meta);
    struct png_io io = {.sink = sink, .status = MAZE_OK};
    rc = write_png(&io, &r, &meta, row);
    free(row);
free_path:
    free(path);
    return rc;
}

static const char *const extensions[] = {"png", NULL};

const struct maze__exporter maze__export_png = {
    .info =
        {
            .name = "png",
            .extensions = extensions,
            .description = "PNG image, bilevel or 4-bit palette",
            .flags = MAZE_FORMAT_RASTER,
        },
    .write = png_export,
};
