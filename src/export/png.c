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
#include "export/common.h"
#include "export/export_impl.h"
#include "export/rect_rows.h"
#include "export/sheet.h"
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
    png_uint_32 ppm;        /* pixels per metre */
    size_t row_bytes;
    /* Bit patterns of one cell in the fast bilevel path (c <= FAST_MAX). */
    uint64_t band_open, inner_wall, inner_open;
};

/* The fast path packs a cell's pixels into one word with room to spare. */
#define FAST_MAX 56

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

/* Fills the whole row with floor, padding bits after the last pixel 0. */
static void
clear_row(const struct raster *r, uint8_t *row)
{
    memset(row, 0, r->row_bytes);
    fill(r, row, 0, r->width, FLOOR);
}

/* How pixel row k of a cell row's interior cuts the markers and the
 * solution line; rows that cut them alike are drawn alike. */
struct cut {
    bool start, finish; /* a marker row of the start, of the finish */
    bool finish_hollow; /* inside the finish outline's hole */
    unsigned path;      /* 0 above the solution line, 1 on it, 2 below */
};

static struct cut
cut_at(const struct raster *r, uint32_t y, uint32_t k)
{
    const struct maze__rows *rw = r->rows;
    bool marker = k >= r->mark_at && k < r->mark_at + r->mark;
    struct cut cut = {
        .start = marker && y == rw->start_y,
        .finish = marker && y == rw->finish_y,
        .path = k < r->line_at             ? 0
                : k < r->line_at + r->line ? 1
                                           : 2,
    };
    uint32_t ring = r->depth == 1 ? r->ring : 0;
    cut.finish_hollow = cut.finish && ring != 0 && k >= r->mark_at + ring &&
                        k < r->mark_at + r->mark - ring;
    if (rw->path == NULL) {
        cut.path = 0;
    }
    return cut;
}

static bool
same_cut(struct cut a, struct cut b)
{
    return a.start == b.start && a.finish == b.finish &&
           a.finish_hollow == b.finish_hollow && a.path == b.path;
}

/* The part of a square marker on cell (x, y) that lies in this row. */
static void
draw_marker(const struct raster *r, uint8_t *row, uint32_t x, unsigned colour,
            bool hollow)
{
    uint32_t left = interior(r, x) + r->mark_at;
    if (!hollow) {
        fill(r, row, left, left + r->mark, colour);
    } else {
        fill(r, row, left, left + r->ring, colour);
        fill(r, row, left + r->mark - r->ring, left + r->mark, colour);
    }
}

static void
draw_markers(const struct raster *r, uint8_t *row, struct cut cut)
{
    const struct maze__rows *rw = r->rows;
    bool bilevel = r->depth == 1;
    if (cut.start) {
        draw_marker(r, row, rw->start_x, bilevel ? INK : START, false);
    }
    if (cut.finish) {
        draw_marker(r, row, rw->finish_x, bilevel ? INK : FINISH,
                    cut.finish_hollow);
    }
}

/*
 * The part of the solution line through a cell row (its solution bits
 * `bits`) that lies in this pixel row: across the row (the line itself),
 * or above or below it, where only links north or south show. Each path
 * cell is a centred square stretched to the far side of the lattice line
 * towards each neighbour it is linked to (to the outer edge of the maze at
 * an opening), so consecutive cells join without a seam.
 */
enum { ABOVE = 0, ACROSS = 1, BELOW = 2 };

static void
draw_path_row(const struct raster *r, uint8_t *row, const uint8_t *bits,
              unsigned where)
{
    uint32_t w = r->rows->width;
    for (uint32_t x = 0; x < w; x++) {
        unsigned b = bits[x];
        if (!(b & MAZE__ON_PATH)) {
            continue;
        }
        uint32_t left = interior(r, x) + r->line_at;
        if (where == ACROSS) {
            uint32_t x0 = b & MAZE__LINK_W ? band(r, x) : left;
            uint32_t x1 =
                b & MAZE__LINK_E ? band(r, x + 1) + r->t : left + r->line;
            fill(r, row, x0, x1, SOLUTION);
        } else if ((where == ABOVE && (b & MAZE__LINK_N)) ||
                   (where == BELOW && (b & MAZE__LINK_S))) {
            fill(r, row, left, left + r->line, SOLUTION);
        }
    }
}

/*
 * The posts of the window's lattice line: a point gets one only where a
 * wall meets it. In a perfect maze every point has one, but an open room or
 * a braided loop leaves points with none, which would show as stray dots.
 * Point x meets the walls of line segments x - 1 and x and of vertical
 * lines x in the rows above and below, so this is four words ORed a word
 * at a time.
 */
static void
find_posts(struct raster *r)
{
    const struct maze__window *w = &r->win;
    uint64_t carry = 0;
    for (size_t i = 0; i < w->words; i++) {
        r->post[i] = w->hwall[i] | w->hwall[i] << 1 | carry | w->vwall[i] |
                     w->vwall_prev[i];
        carry = w->hwall[i] >> 63;
    }
}

/* Walls of a pixel row inside the band of the window's lattice line. */
static void
draw_hwalls(const struct raster *r, uint8_t *row)
{
    uint32_t w = r->rows->width;
    for (uint32_t x = 0; x <= w; x++) {
        if (maze__bit_get(r->post, x)) {
            fill(r, row, band(r, x), band(r, x) + r->t, INK);
        }
        if (x < w && maze__bit_get(r->win.hwall, x)) {
            fill(r, row, interior(r, x), band(r, x + 1), INK);
        }
    }
}

/* Walls of a pixel row crossing the interiors of the window's cell row. */
static void
draw_vwalls(const struct raster *r, uint8_t *row)
{
    uint32_t w = r->rows->width;
    for (uint32_t i = 0; i <= w; i++) {
        if (maze__bit_get(r->win.vwall, i)) {
            fill(r, row, band(r, i), band(r, i) + r->t, INK);
        }
    }
}

/*
 * The general renderer, for any cell size and for the palette image.
 * Walls go last so that nothing else, not even a solution that steps
 * through a closed wall, can cut the lattice; the solution goes over the
 * markers so the route stays visible end to end.
 */
static void
render_band(const struct raster *r, uint8_t *row)
{
    clear_row(r, row);
    if (r->win.path_cur != NULL) {
        draw_path_row(r, row, r->win.path_cur, ABOVE);
    }
    if (r->win.path_prev != NULL) {
        draw_path_row(r, row, r->win.path_prev, BELOW);
    }
    draw_hwalls(r, row);
}

static void
render_interior(const struct raster *r, uint8_t *row, struct cut cut)
{
    clear_row(r, row);
    draw_markers(r, row, cut);
    if (r->win.path_cur != NULL) {
        draw_path_row(r, row, r->win.path_cur, cut.path);
    }
    draw_vwalls(r, row);
}

/* ---- The fast bilevel renderer ----------------------------------------- */

/*
 * Packs pixels most significant bit first, a cell's worth (at most
 * FAST_MAX bits) at a time; fewer than 8 bits wait in acc between calls.
 */
struct packer {
    uint8_t *p;
    uint64_t acc;
    unsigned n;
};

static inline void
pack(struct packer *k, uint64_t bits, unsigned count)
{
    k->acc = k->acc << count | bits;
    k->n += count;
    while (k->n >= 8) {
        k->n -= 8;
        *k->p++ = (uint8_t)(k->acc >> k->n);
    }
}

/* count pixels of one value. */
static void
pack_run(struct packer *k, unsigned v, uint32_t count)
{
    uint64_t ones = v ? ~(uint64_t)0 : 0;
    while (count > 0) {
        unsigned n = count < FAST_MAX ? (unsigned)count : FAST_MAX;
        pack(k, ones >> (64 - n), n);
        count -= n;
    }
}

static void
pack_end(struct packer *k)
{
    if (k->n > 0) {
        *k->p++ = (uint8_t)(k->acc << (8 - k->n));
        k->n = 0;
    }
}

/*
 * A band row or an interior row of a bilevel image without markers, a
 * cell at a time from its wall bit: the walls, posts and floor come out
 * exactly as render_band() and render_interior() draw them.
 */
static void
fast_band(const struct raster *r, uint8_t *row)
{
    const uint64_t *hwall = r->win.hwall;
    uint32_t w = r->rows->width;
    struct packer k = {.p = row};
    pack_run(&k, FLOOR, r->margin);
    for (uint32_t x = 0; x < w; x++) {
        pack(&k,
             maze__bit_get(hwall, x)     ? 0
             : maze__bit_get(r->post, x) ? r->band_open
                                         : r->inner_open,
             r->c);
    }
    pack_run(&k, maze__bit_get(r->post, w) ? INK : FLOOR, r->t);
    pack_run(&k, FLOOR, r->margin);
    pack_end(&k);
}

static void
fast_interior(const struct raster *r, uint8_t *row)
{
    const uint64_t *vwall = r->win.vwall;
    uint32_t w = r->rows->width;
    struct packer k = {.p = row};
    pack_run(&k, FLOOR, r->margin);
    for (uint32_t x = 0; x < w; x++) {
        pack(&k, maze__bit_get(vwall, x) ? r->inner_wall : r->inner_open, r->c);
    }
    pack_run(&k, maze__bit_get(vwall, w) ? INK : FLOOR, r->t);
    pack_run(&k, FLOOR, r->margin);
    pack_end(&k);
}

static bool
fast(const struct raster *r)
{
    return r->depth == 1 && r->c <= FAST_MAX;
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
plan(struct raster *r, const struct maze__rows *rows,
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
        .rows = rows,
        .c = (uint32_t)c,
        .t = (uint32_t)t,
        .margin = (uint32_t)margin,
        .ppm = (png_uint_32)ppm,
    };
    if (!extent(rows->width, r->c, r->t, r->margin, &r->width) ||
        !extent(rows->height, r->c, r->t, r->margin, &r->height)) {
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
    if (r->c <= FAST_MAX) {
        r->band_open = ((uint64_t)1 << s) - 1;
        r->inner_wall = r->band_open;
        r->inner_open = ((uint64_t)1 << r->c) - 1;
    }
    return MAZE_OK;
}

/* ---- libpng mechanics -------------------------------------------------- */

/* Shared with the callbacks through libpng's error and I/O pointers. */
struct png_io {
    const struct maze_sink *sink;
    int status;
};

/* Text chunks, formatted before libpng is involved (printable ASCII, as
 * tEXt wants Latin-1). */
struct meta {
    char title[128], size[32], seed[32], algorithm[40], description[256];
};

/* The image libpng is asked to write, and its body. */
struct image {
    uint32_t width, height;
    int depth, colour; /* bit depth and PNG_COLOR_TYPE_* */
    png_uint_32 ppm;   /* pixels per metre */
    int filter;        /* the one PNG_FILTER_* used on every row */
    /* Hands libpng every row, then png_write_end(); returns a status. */
    int (*body)(png_structp png, void *ctx);
    void *ctx;
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
write_header(png_structp png, png_infop info, const struct image *im,
             struct meta *meta)
{
    /* libpng refuses rows over a million pixels unless told otherwise. */
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_IHDR(png, info, im->width, im->height, im->depth, im->colour,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    if (im->colour == PNG_COLOR_TYPE_PALETTE) {
        png_set_PLTE(png, info, palette, (int)(sizeof(palette) / 3));
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
        text[i].compression = PNG_TEXT_COMPRESSION_NONE;
    }
    png_set_text(png, info, text, (int)(sizeof(text) / sizeof(text[0])));
    /* Naming the filter keeps the bytes the same across libpng versions. */
    png_set_filter(png, PNG_FILTER_TYPE_BASE, im->filter);
    png_write_info(png, info);
}

/* Hands libpng the same row n times. */
static void
repeat_row(png_structp png, const uint8_t *row, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        png_write_row(png, row);
    }
}

/*
 * Every pixel row, top to bottom. Rows that show the same thing (every
 * pixel row of a wall band; the interior rows of a cell row between the
 * marker and solution edges) are drawn once and handed to libpng again,
 * so drawing costs a few rows per cell row whatever the cell size. Kept
 * out of line: inlined into write_png() its locals would live across the
 * setjmp there.
 */
__attribute__((noinline)) static int
write_rows(png_structp png, struct raster *r, uint8_t *row)
{
    const struct maze__rows *rw = r->rows;
    uint32_t s = r->c - r->t;
    /* Bilevel without a solution: rows packed from two bit patterns. */
    bool packed = fast(r) && rw->path == NULL;
    clear_row(r, row);
    repeat_row(png, row, r->margin);
    for (uint32_t j = 0; j <= rw->height; j++) {
        int rc = maze__window_advance(&r->win, j);
        if (rc != MAZE_OK) {
            return rc;
        }
        find_posts(r);
        if (packed) {
            fast_band(r, row);
        } else {
            render_band(r, row);
        }
        repeat_row(png, row, r->t);
        if (j == rw->height) {
            break;
        }
        struct cut drawn = {0};
        for (uint32_t k = 0; k < s; k++) {
            struct cut cut = cut_at(r, j, k);
            if (k == 0 || !same_cut(cut, drawn)) {
                if (packed) {
                    fast_interior(r, row);
                    draw_markers(r, row, cut);
                } else {
                    render_interior(r, row, cut);
                }
                drawn = cut;
            }
            png_write_row(png, row);
        }
    }
    clear_row(r, row);
    repeat_row(png, row, r->margin);
    png_write_end(png, NULL);
    return MAZE_OK;
}

/* write_rows() as an image body. */
struct maze_rows_body {
    struct raster *r;
    uint8_t *row;
};

static int
maze_rows_body(png_structp png, void *ctx)
{
    struct maze_rows_body *b = ctx;
    return write_rows(png, b->r, b->row);
}

/*
 * The only function with a setjmp: libpng longjmps here from on_error.
 * io lives in the caller, so nothing this frame reads after the jump has
 * changed since setjmp.
 */
static int
write_png(struct png_io *io, const struct image *im, struct meta *meta)
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
    int rc = im->body(png, im->ctx);
    png_destroy_write_struct(&png, &info);
    return rc;
}

/* ---- The exporter ------------------------------------------------------ */

static void
describe(const struct maze__rows *rows, struct meta *meta)
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

int
maze__png_write_rows(const struct maze__rows *rows,
                     const struct maze_export_options *opt,
                     const struct maze_sink *sink)
{
    struct raster r;
    int rc = plan(&r, rows, opt);
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
    r.post = maze__alloc_array(r.win.words, sizeof(uint64_t), true);
    if (row == NULL || r.post == NULL) {
        rc = MAZE_ERR_NOMEM;
    } else {
        struct meta meta;
        describe(rows, &meta);
        struct png_io io = {.sink = sink, .status = MAZE_OK};
        struct maze_rows_body body = {&r, row};
        /* Unfiltered rows are the best choice below 8 bits per pixel. */
        struct image im = {
            .width = r.width,
            .height = r.height,
            .depth = (int)r.depth,
            .colour =
                r.depth == 4 ? PNG_COLOR_TYPE_PALETTE : PNG_COLOR_TYPE_GRAY,
            .ppm = r.ppm,
            .filter = PNG_FILTER_NONE,
            .body = maze_rows_body,
            .ctx = &body,
        };
        rc = write_png(&io, &im, &meta);
    }
    free(row);
    free(r.post);
    maze__window_finish(&r.win);
    return rc;
}

static int
png_export(const struct maze *m, const struct maze_export_options *opt,
           const struct maze_sink *sink)
{
    return maze__export_by_rows(m, opt, sink, maze__png_write_rows);
}

/* ---- Sheets ------------------------------------------------------------ */

/* A page rasterised by cairo, handed over as 8-bit RGB rows. */
struct page_body {
    cairo_surface_t *surface;
    uint8_t *row;
};

static int
page_body(png_structp png, void *ctx)
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
        png_write_row(png, b->row);
    }
    png_write_end(png, NULL);
    return MAZE_OK;
}

/* The text chunks of a sheet: its title, subject and base seed. */
static void
describe_sheet(const struct maze__sheet *sh, uint32_t w, uint32_t h,
               struct meta *meta)
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
    maze__printable(meta->title);
    maze__printable(meta->algorithm);
}

/* One page of paper at the dpi, in colour, as 8-bit RGB. */
static int
png_write_sheet(const struct maze__sheet *sh,
                const struct maze_export_options *opt,
                const struct maze_sink *sink)
{
    if (sh->page_count != 1) {
        return MAZE_ERR_RANGE;
    }
    unsigned dpi = maze__dpi(opt);
    cairo_surface_t *surface;
    int rc = maze__sheet_raster(sh, 0, dpi, &surface);
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
    struct meta meta;
    describe_sheet(sh, w, h, &meta);
    struct png_io io = {.sink = sink, .status = MAZE_OK};
    /* Paeth suits antialiased lines and type; named, so bytes are stable. */
    struct image im = {
        .width = w,
        .height = h,
        .depth = 8,
        .colour = PNG_COLOR_TYPE_RGB,
        .ppm = (png_uint_32)(dpi / 0.0254 + 0.5),
        .filter = PNG_FILTER_PAETH,
        .body = page_body,
        .ctx = &body,
    };
    rc = write_png(&io, &im, &meta);
    free(body.row);
    cairo_surface_destroy(surface);
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
    .write_sheet = png_write_sheet,
};
