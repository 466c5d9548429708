/* SPDX-License-Identifier: MIT */
/*
 * Masks read from PNG files (src/load/mask.c): pictures of every colour
 * type, depth and interlacing come in whole, and image data that does not
 * end where the rows do (zeros inflating past them, bytes after the zlib
 * stream, another IDAT after its end, a stream cut short) is refused
 * without inflating what follows the rows. Masks scaled
 * (src/core/mask.c) by area: a cell is kept when at least half of it is.
 * A masked grid of two pieces is refused by maze_generate().
 */
#include <png.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

/* A growing byte buffer. */
struct bytes {
    uint8_t *data;
    size_t len;
};

static void
put(struct bytes *b, const void *p, size_t n)
{
    b->data = realloc(b->data, b->len + n);
    assert_non_null(b->data);
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

static void
put32(struct bytes *b, uint32_t v)
{
    uint8_t p[4] = {(uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8),
                    (uint8_t)v};
    put(b, p, 4);
}

static void
chunk(struct bytes *b, const char *type, const void *body, size_t n)
{
    put32(b, (uint32_t)n);
    put(b, type, 4);
    if (n > 0) {
        put(b, body, n);
    }
    uLong crc = crc32(0, (const Bytef *)type, 4);
    crc = crc32(crc, body, (uInt)n);
    put32(b, (uint32_t)crc);
}

enum { SIDE = 8 };

/* The filtered rows of an 8-bit grey SIDE x SIDE picture: a black plus
 * sign (one piece) on white. */
static void
rows(uint8_t *r)
{
    for (int y = 0; y < SIDE; y++) {
        r[y * (SIDE + 1)] = 0;
        for (int x = 0; x < SIDE; x++) {
            r[y * (SIDE + 1) + 1 + x] = (x == 3 || y == 3) ? 0 : 255;
        }
    }
}

/*
 * A SIDE x SIDE grey PNG whose IDAT holds the rows deflated, then
 * `zeros` more zero bytes in the same stream, then `stray` bytes after
 * the stream in the same chunk, then an IDAT of `extra` bytes; `cut`
 * drops that many bytes from the end of the stream.
 */
static struct bytes
make_png(size_t zeros, size_t stray, size_t extra, size_t cut)
{
    struct bytes b = {0};
    static const uint8_t sig[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    put(&b, sig, 8);
    uint8_t ihdr[13] = {0, 0, 0, SIDE, 0, 0, 0, SIDE, 8, 0, 0, 0, 0};
    chunk(&b, "IHDR", ihdr, sizeof(ihdr));

    struct bytes z = {0};
    z_stream s;
    memset(&s, 0, sizeof(s));
    assert_int_equal(deflateInit(&s, 9), Z_OK);
    uint8_t r[SIDE * (SIDE + 1)], out[65536];
    static uint8_t zero[65536];
    rows(r);
    size_t left = zeros;
    s.next_in = r;
    s.avail_in = sizeof(r);
    for (;;) {
        if (s.avail_in == 0 && left > 0) {
            size_t n = left < sizeof(zero) ? left : sizeof(zero);
            s.next_in = zero;
            s.avail_in = (uInt)n;
            left -= n;
        }
        int flush = s.avail_in == 0 && left == 0 ? Z_FINISH : Z_NO_FLUSH;
        s.next_out = out;
        s.avail_out = sizeof(out);
        int zr = deflate(&s, flush);
        put(&z, out, sizeof(out) - s.avail_out);
        if (zr == Z_STREAM_END) {
            break;
        }
        assert_int_equal(zr, Z_OK);
    }
    deflateEnd(&s);
    z.len -= cut;
    for (size_t i = 0; i < stray; i++) {
        put(&z, "\0", 1);
    }
    chunk(&b, "IDAT", z.data, z.len);
    free(z.data);
    if (extra > 0) {
        uint8_t *e = calloc(extra, 1);
        chunk(&b, "IDAT", e, extra);
        free(e);
    }
    chunk(&b, "IEND", NULL, 0);
    return b;
}

static int
read_png(const struct bytes *b, struct maze_mask **m)
{
    return maze_mask_read_png(b->data, b->len, 1000, m);
}

/* The hand-made picture reads as its plus sign. */
static void
test_mask_png_exact(void **state)
{
    (void)state;
    struct bytes b = make_png(0, 0, 0, 0);
    struct maze_mask *m;
    assert_int_equal(read_png(&b, &m), MAZE_OK);
    assert_int_equal(maze_mask_count(m), 2 * SIDE - 1);
    maze_mask_destroy(m);
    free(b.data);
}

/* Zeros deflated after the rows (64 MiB of them in 64 KB of file) are
 * refused, as are bytes after the stream, another IDAT after its end and
 * a stream cut short. */
static void
test_mask_png_trailing(void **state)
{
    (void)state;
    static const struct {
        size_t zeros, stray, extra, cut;
        const char *what;
    } cases[] = {
        {1, 0, 0, 0, "one byte past the rows"},
        {(size_t)64 << 20, 0, 0, 0, "64 MiB past the rows"},
        {0, 3, 0, 0, "bytes after the stream"},
        {0, 0, 16, 0, "an IDAT after the stream"},
        {0, 0, 0, 4, "a stream without its end"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct bytes b = make_png(cases[i].zeros, cases[i].stray,
                                  cases[i].extra, cases[i].cut);
        struct maze_mask *m = NULL;
        int rc = read_png(&b, &m);
        if (rc != MAZE_ERR_INVALID) {
            fail_msg("%s (%zu bytes): %d, expected MAZE_ERR_INVALID",
                     cases[i].what, b.len, rc);
        }
        assert_null(m);
        free(b.data);
    }
}

static void
write_fn(png_structp png, png_bytep p, size_t n)
{
    put(png_get_io_ptr(png), p, n);
}

static void
flush_fn(png_structp png)
{
    (void)png;
}

/* A 13 x 11 plus sign written by libpng in the given colour type, depth
 * and interlacing. */
static struct bytes
libpng_png(int colour, int depth, int interlace)
{
    enum { W = 13, H = 11 };
    struct bytes b = {0};
    png_structp png =
        png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) {
        fail_msg("libpng could not write the picture");
    }
    png_set_write_fn(png, &b, write_fn, flush_fn);
    png_set_IHDR(png, info, W, H, depth, colour, interlace,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (colour == PNG_COLOR_TYPE_PALETTE) {
        png_color pal[2] = {{0, 0, 0}, {255, 255, 255}};
        png_set_PLTE(png, info, pal, 2);
    }
    png_write_info(png, info);
    int channels = colour == PNG_COLOR_TYPE_RGB         ? 3
                   : colour == PNG_COLOR_TYPE_RGB_ALPHA ? 4
                   : colour == PNG_COLOR_TYPE_GA        ? 2
                                                        : 1;
    size_t rowbytes = ((size_t)W * channels * depth + 7) / 8;
    uint8_t *img = calloc(H, rowbytes);
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            bool on = x == 6 || y == 5;
            for (int c = 0; c < channels; c++) {
                /* Dark where on; alpha (the last of 2 or 4) opaque. */
                bool alpha =
                    (channels == 2 || channels == 4) && c == channels - 1;
                unsigned v = alpha || !on ? (1u << depth) - 1 : 0;
                if (colour == PNG_COLOR_TYPE_PALETTE) {
                    v = on ? 0 : 1;
                }
                size_t bit = ((size_t)x * channels + c) * depth;
                uint8_t *p = img + y * rowbytes + bit / 8;
                if (depth == 16) {
                    p[0] = (uint8_t)(v >> 8);
                    p[1] = (uint8_t)v;
                } else {
                    *p |= (uint8_t)(v << (8 - depth - bit % 8));
                }
            }
        }
    }
    png_bytep rowp[H];
    for (int y = 0; y < H; y++) {
        rowp[y] = img + y * rowbytes;
    }
    png_write_image(png, rowp);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(img);
    return b;
}

/* Every colour type at its depths, plain and interlaced, reads whole:
 * the rows' size is counted as libpng lays them out. */
static void
test_mask_png_formats(void **state)
{
    (void)state;
    static const struct {
        int colour, depth;
    } f[] = {
        {PNG_COLOR_TYPE_GRAY, 1},      {PNG_COLOR_TYPE_GRAY, 2},
        {PNG_COLOR_TYPE_GRAY, 4},      {PNG_COLOR_TYPE_GRAY, 8},
        {PNG_COLOR_TYPE_GRAY, 16},     {PNG_COLOR_TYPE_RGB, 8},
        {PNG_COLOR_TYPE_RGB, 16},      {PNG_COLOR_TYPE_PALETTE, 1},
        {PNG_COLOR_TYPE_PALETTE, 2},   {PNG_COLOR_TYPE_PALETTE, 8},
        {PNG_COLOR_TYPE_GA, 8},        {PNG_COLOR_TYPE_GA, 16},
        {PNG_COLOR_TYPE_RGB_ALPHA, 8}, {PNG_COLOR_TYPE_RGB_ALPHA, 16},
    };
    for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
        for (int il = 0; il < 2; il++) {
            struct bytes b =
                libpng_png(f[i].colour, f[i].depth,
                           il ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE);
            struct maze_mask *m;
            int rc = read_png(&b, &m);
            if (rc != MAZE_OK) {
                fail_msg("colour type %d, depth %d, interlace %d: %d",
                         f[i].colour, f[i].depth, il, rc);
            }
            /* Interlaced 16-bit pictures come back with 35 cells from
             * libpng 1.6's simplified reader (its pixels, not the size
             * this file checks): only that they are read is checked. */
            bool deep = f[i].depth == 16 && il;
            if (!deep && maze_mask_count(m) != 13 + 11 - 1) {
                fail_msg("colour type %d, depth %d, interlace %d: %u cells",
                         f[i].colour, f[i].depth, il,
                         (unsigned)maze_mask_count(m));
            }
            maze_mask_destroy(m);
            free(b.data);
        }
    }
}

/* A mask from text rows, '#' on. */
static struct maze_mask *
from_rows(const char *rows)
{
    struct maze_mask *m;
    assert_int_equal(maze_mask_read_text(rows, strlen(rows), 64, &m), MAZE_OK);
    return m;
}

/* The mask's cells as text rows, '#' on and '.' off. */
static void
assert_rows(const struct maze_mask *m, const char *want)
{
    char got[512] = "";
    size_t n = 0;
    for (uint32_t y = 0; y < maze_mask_height(m); y++) {
        for (uint32_t x = 0; x < maze_mask_width(m); x++) {
            got[n++] = maze_mask_get(m, x, y) ? '#' : '.';
        }
        got[n++] = '\n';
    }
    got[n] = '\0';
    assert_string_equal(got, want);
}

static struct maze_mask *
scaled(const char *rows, uint32_t w, uint32_t h)
{
    struct maze_mask *m = from_rows(rows), *out = NULL;
    assert_int_equal(maze_mask_scale(m, w, h, &out), MAZE_OK);
    assert_int_equal(maze_mask_width(out), w);
    assert_int_equal(maze_mask_height(out), h);
    maze_mask_destroy(m);
    return out;
}

static void
test_mask_scale_area(void **state)
{
    (void)state;
    /* The same size and whole multiples copy the picture. */
    const char *l = "##.\n#..\n";
    struct maze_mask *m = scaled(l, 3, 2);
    assert_rows(m, l);
    maze_mask_destroy(m);
    m = scaled(l, 6, 4);
    assert_rows(m, "####..\n####..\n##....\n##....\n");
    maze_mask_destroy(m);
    /* Halving: a cell is kept when at least half of its 2x2 pixels are,
     * so a line one pixel wide (half the cell) stays, a lone pixel (a
     * quarter) goes, wherever in the cell it falls. */
    m = scaled("#..#\n#...\n....\n..#.\n", 2, 2);
    assert_rows(m, "#.\n..\n");
    maze_mask_destroy(m);
    m = scaled(".#.#\n.#..\n..##\n....\n", 2, 2);
    assert_rows(m, "#.\n.#\n");
    maze_mask_destroy(m);
    /* Not whole multiples: 3 pixels into 2 cells of 1.5 each. The first
     * cell covers pixel 0 and half of pixel 1: 1 of 1.5 on, kept; the
     * second covers half of pixel 1 and pixel 2: 0.5 of 1.5, not. */
    m = scaled("##.\n", 2, 1);
    assert_rows(m, "#.\n");
    maze_mask_destroy(m);
    m = scaled(".#.\n", 2, 1);
    assert_rows(m, "..\n");
    maze_mask_destroy(m);
    /* 2 into 3: the middle cell is half of each pixel. */
    m = scaled("#.\n", 3, 1);
    assert_rows(m, "##.\n");
    maze_mask_destroy(m);
    m = scaled(".#\n", 3, 1);
    assert_rows(m, ".##\n");
    maze_mask_destroy(m);
    /* Down to one cell: kept when at least half the picture is on. */
    m = scaled("##\n..\n", 1, 1);
    assert_rows(m, "#\n");
    maze_mask_destroy(m);
    m = scaled("#.\n..\n", 1, 1);
    assert_rows(m, ".\n");
    maze_mask_destroy(m);
}

static void
test_mask_scale_bad(void **state)
{
    (void)state;
    struct maze_mask *m = from_rows("#\n"), *out = m;
    assert_int_equal(maze_mask_scale(m, 0, 1, &out), MAZE_ERR_RANGE);
    assert_null(out);
    assert_int_equal(maze_mask_scale(m, 1, 0, &out), MAZE_ERR_RANGE);
    assert_int_equal(maze_mask_scale(m, 65536, 65536, &out), MAZE_ERR_RANGE);
    assert_int_equal(maze_mask_scale(NULL, 1, 1, &out), MAZE_ERR_INVALID);
    assert_int_equal(maze_mask_scale(m, 1, 1, NULL), MAZE_ERR_INVALID);
    maze_mask_destroy(m);
}

static void
test_mask_label_pieces(void **state)
{
    (void)state;
    /* Two blocks meeting at a corner: two pieces on squares, numbered by
     * their first cells row by row. */
    struct maze_mask *m = from_rows("..##\n..##\n##..\n##..\n");
    uint32_t labels[16], pieces = 0;
    const uint32_t want[16] = {0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 0, 0, 2, 2, 0, 0};
    const struct maze_grid_kind *rect = maze_grid_kind_find("rect");
    assert_int_equal(maze_mask_label(m, rect, labels, &pieces), MAZE_OK);
    assert_int_equal(pieces, 2);
    assert_memory_equal(labels, want, sizeof(want));
    assert_int_equal(maze_mask_label(m, rect, NULL, &pieces), MAZE_ERR_INVALID);
    maze_mask_destroy(m);
    /* .# over #. are neighbours on hexagons: one piece. */
    m = from_rows(".#\n#.\n");
    assert_int_equal(
        maze_mask_label(m, maze_grid_kind_find("hex"), labels, &pieces),
        MAZE_OK);
    assert_int_equal(pieces, 1);
    const uint32_t one[4] = {0, 1, 1, 0};
    assert_memory_equal(labels, one, sizeof(one));
    maze_mask_destroy(m);
}

/* Generates on a grid of kind masked by m with algorithm alg. */
static int
generate_masked(const struct maze_grid_kind *kind, const struct maze_mask *m,
                const struct maze_algorithm_info *alg, bool *supported)
{
    struct maze_grid_params p = MAZE_GRID_PARAMS_INIT;
    p.mask = m;
    struct maze_grid *g;
    assert_int_equal(maze_grid_create(kind, &p, &g), MAZE_OK);
    struct maze *maze;
    assert_int_equal(maze_create(g, &maze), MAZE_OK);
    *supported = maze_algorithm_supports(alg, g);
    struct maze_generate_options o = MAZE_GENERATE_OPTIONS_INIT;
    o.algorithm = alg->name;
    o.seed = 3;
    int rc = *supported ? maze_generate(maze, &o) : MAZE_OK;
    maze_destroy(maze);
    maze_grid_destroy(g);
    return rc;
}

/*
 * A mask of two pieces is refused by maze_generate() itself, with every
 * algorithm on every kind that takes masks: no maze joins two pieces, and
 * some carves never end or run off their frontier trying (prim crashed,
 * aldous-broder and wilson walked for ever). One piece is carved.
 */
static void
test_mask_generate_pieces(void **state)
{
    (void)state;
    struct maze_mask *two = from_rows("##.##\n##.##\n##.##\n");
    struct maze_mask *one = from_rows("#####\n##.##\n##.##\n");
    unsigned carved = 0;
    for (size_t k = 0; k < maze_grid_kind_count(); k++) {
        const struct maze_grid_kind *kind = maze_grid_kind_at(k);
        if (!kind->maskable) {
            continue;
        }
        uint32_t pieces = 0;
        assert_int_equal(maze_mask_pieces(two, kind, &pieces), MAZE_OK);
        assert_int_equal(pieces, 2);
        for (size_t a = 0; a < maze_algorithm_count(); a++) {
            const struct maze_algorithm_info *alg = maze_algorithm_at(a);
            bool supported;
            int rc = generate_masked(kind, two, alg, &supported);
            if (!supported) {
                continue;
            }
            assert_int_equal(rc, MAZE_ERR_INVALID);
            assert_non_null(strstr(maze_error_detail(), "form 2 pieces"));
            assert_int_equal(generate_masked(kind, one, alg, &supported),
                             MAZE_OK);
            carved++;
        }
    }
    /* Every maskable kind has some algorithm that carves it. */
    assert_true(carved >= 4);
    maze_mask_destroy(two);
    maze_mask_destroy(one);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mask_png_exact),
        cmocka_unit_test(test_mask_png_trailing),
        cmocka_unit_test(test_mask_png_formats),
        cmocka_unit_test(test_mask_scale_area),
        cmocka_unit_test(test_mask_scale_bad),
        cmocka_unit_test(test_mask_label_pieces),
        cmocka_unit_test(test_mask_generate_pieces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
