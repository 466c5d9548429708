/* SPDX-License-Identifier: MIT */
/*
 * The PNG exporter, checked by decoding its output with libpng: image size,
 * pixel format, pHYs and tEXt chunks, every pixel of a hand-made maze with
 * and without a solution, walls and a centred solution line on generated
 * mazes, range errors, determinism, and a sink that fails part way; and
 * the same bytes deflated on 1, 2 or 7 threads, in memory, streamed, on a
 * sheet and in cairo's bands, for images of under a block, of several
 * and of exactly two blocks of deflate's input (png_deflate.h).
 */
#include <math.h>
#include <png.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "export/png_deflate.h"
#include "export/png_impl.h"
#include "support.h"

/* A decoded image, expanded to 8-bit RGB, with the chunks we check. */
struct image {
    png_uint_32 width, height;
    int depth, color_type;
    int palette_size;
    png_color palette[PNG_MAX_PALETTE_LENGTH];
    png_uint_32 ppm_x, ppm_y;
    int unit;
    char seed[32], size[32], algorithm[40], software[64], title[64];
    bool has_description;
    unsigned char *rgb;
};

struct reader {
    const char *data;
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
copy_text(char *dst, size_t size, const char *src)
{
    strncpy(dst, src, size - 1);
    dst[size - 1] = '\0';
}

static void
read_chunks(png_structp png, png_infop info, struct image *img)
{
    png_get_IHDR(png, info, &img->width, &img->height, &img->depth,
                 &img->color_type, NULL, NULL, NULL);
    png_colorp pal;
    if (png_get_PLTE(png, info, &pal, &img->palette_size) & PNG_INFO_PLTE) {
        memcpy(img->palette, pal, (size_t)img->palette_size * sizeof(*pal));
    }
    png_get_pHYs(png, info, &img->ppm_x, &img->ppm_y, &img->unit);
    png_textp text;
    int n = png_get_text(png, info, &text, NULL);
    for (int i = 0; i < n; i++) {
        const char *k = text[i].key, *v = text[i].text;
        if (strcmp(k, "Seed") == 0) {
            copy_text(img->seed, sizeof(img->seed), v);
        } else if (strcmp(k, "Size") == 0) {
            copy_text(img->size, sizeof(img->size), v);
        } else if (strcmp(k, "Algorithm") == 0) {
            copy_text(img->algorithm, sizeof(img->algorithm), v);
        } else if (strcmp(k, "Software") == 0) {
            copy_text(img->software, sizeof(img->software), v);
        } else if (strcmp(k, "Title") == 0) {
            copy_text(img->title, sizeof(img->title), v);
        } else if (strcmp(k, "Description") == 0) {
            img->has_description = true;
        }
    }
}

static void
decode(const struct membuf *b, struct image *img)
{
    *img = (struct image){0};
    struct reader rd = {b->data, b->len, 0};
    png_structp png =
        png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    assert_non_null(png);
    png_infop info = png_create_info_struct(png);
    assert_non_null(info);
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        fail_msg("libpng could not decode the output");
    }
    png_set_read_fn(png, &rd, read_fn);
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_read_info(png, info);
    read_chunks(png, info, img);
    png_set_expand(png);
    png_set_gray_to_rgb(png);
    png_read_update_info(png, info);
    assert_int_equal(png_get_rowbytes(png, info), (size_t)img->width * 3);
    img->rgb = malloc((size_t)img->width * img->height * 3);
    assert_non_null(img->rgb);
    for (png_uint_32 y = 0; y < img->height; y++) {
        png_read_row(png, img->rgb + (size_t)y * img->width * 3, NULL);
    }
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
}

#define BLACK 0x000000u
#define WHITE 0xffffffu
#define BLUE 0x1f5fd1u
#define GREEN 0x1a9850u
#define RED 0xd73027u

static uint32_t
pixel(const struct image *img, uint32_t x, uint32_t y)
{
    assert_true(x < img->width && y < img->height);
    const unsigned char *p = img->rgb + ((size_t)y * img->width + x) * 3;
    return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

static uint32_t
colour_of(char c)
{
    switch (c) {
    case '#':
        return BLACK;
    case 'B':
        return BLUE;
    case 'G':
        return GREEN;
    case 'R':
        return RED;
    default:
        return WHITE;
    }
}

/* Compares every pixel with a picture drawn in '#', '.', 'B', 'G', 'R'. */
static void
expect_picture(const struct image *img, const char *const *rows, size_t n)
{
    assert_int_equal(img->height, n);
    for (uint32_t y = 0; y < n; y++) {
        assert_int_equal(strlen(rows[y]), img->width);
        for (uint32_t x = 0; x < img->width; x++) {
            if (pixel(img, x, y) != colour_of(rows[y][x])) {
                fail_msg("pixel (%u, %u) is %06x, expected '%c'", x, y,
                         pixel(img, x, y), rows[y][x]);
            }
        }
    }
}

static struct maze_length
px(double v)
{
    return (struct maze_length){v, MAZE_UNIT_PX};
}

/*
 * Default cells and walls with no margin, so the ends are marked in their
 * cells: 10 px cells, 2 px walls. Cell interiors are pixels 2-9 and 12-19;
 * the start marker fills 4-7, the finish outline is 14-17 with a hole at
 * 15-16.
 */
static void
test_png_pixels_2x2(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "######################", "######################",
        "....................##", "....................##",
        "....####............##", "....####............##",
        "....####............##", "....####............##",
        "....................##", "....................##",
        "##........############", "##........############",
        "##....................", "##....................",
        "##............####....", "##............#..#....",
        "##............#..#....", "##............####....",
        "##....................", "##....................",
        "######################", "######################",
    };
    struct fixture f;
    fixture_2x2(&f);
    struct maze_export_options opt = {.struct_size =
                                          sizeof(struct maze_export_options),
                                      .margin = MAZE_LENGTH_NONE};
    struct membuf b;
    assert_int_equal(export_to(f.maze, "png", &opt, &b, SIZE_MAX), MAZE_OK);
    struct image img;
    decode(&b, &img);
    assert_int_equal(img.depth, 1);
    assert_int_equal(img.color_type, PNG_COLOR_TYPE_GRAY);
    expect_picture(&img, rows, sizeof(rows) / sizeof(rows[0]));
    free(img.rgb);
    free(b.data);
    fixture_finish(&f);
}

/*
 * The solution 0, 2, 3 as a 2 px line centred in the 8 px interiors,
 * running out through both openings and over the markers (no margin).
 */
static void
test_png_pixels_2x2_solution(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "######################", "######################",
        "....................##", "....................##",
        "BBBBGGGG............##", "BBBBGGGG............##",
        "BBBBGGGG............##", "BBBBGGGG............##",
        "....BBBB............##", "....BBBB............##",
        "##..BBBB..############", "##..BBBB..############",
        "##..BBBB..............", "##..BBBB..............",
        "##..BBBBBBBBBBRRRRBBBB", "##..BBBBBBBBBBRRRRBBBB",
        "##..BBBBBBBBBBRRRRBBBB", "##..BBBBBBBBBBRRRRBBBB",
        "##....................", "##....................",
        "######################", "######################",
    };
    struct fixture f;
    fixture_2x2(&f);
    struct maze_export_options opt = {.struct_size =
                                          sizeof(struct maze_export_options),
                                      .solution = f.path,
                                      .margin = MAZE_LENGTH_NONE};
    struct membuf b;
    assert_int_equal(export_to(f.maze, "png", &opt, &b, SIZE_MAX), MAZE_OK);
    struct image img;
    decode(&b, &img);
    assert_int_equal(img.depth, 4);
    assert_int_equal(img.color_type, PNG_COLOR_TYPE_PALETTE);
    /* Five colours, and five blends each of the arrows' two. */
    assert_int_equal(img.palette_size, 15);
    expect_picture(&img, rows, sizeof(rows) / sizeof(rows[0]));
    free(img.rgb);
    free(b.data);
    fixture_finish(&f);
}

/* Width 2m + W*c + t and height 2m + H*c + t, margins left as floor. */
static void
test_png_dimensions(void **state)
{
    (void)state;
    struct fixture f;
    fixture_generate(&f, 7, 3, 1, false);
    struct maze_export_options opt = {.struct_size =
                                          sizeof(struct maze_export_options),
                                      .cell_size = px(12),
                                      .wall_width = px(3),
                                      .margin = px(5)};
    struct membuf b;
    assert_int_equal(export_to(f.maze, "png", &opt, &b, SIZE_MAX), MAZE_OK);
    struct image img;
    decode(&b, &img);
    assert_int_equal(img.width, 2 * 5 + 7 * 12 + 3);
    assert_int_equal(img.height, 2 * 5 + 3 * 12 + 3);
    for (uint32_t i = 0; i < 5; i++) {
        for (uint32_t x = 0; x < img.width; x++) {
            assert_int_equal(pixel(&img, x, i), WHITE);
            assert_int_equal(pixel(&img, x, img.height - 1 - i), WHITE);
        }
        for (uint32_t y = 0; y < img.height; y++) {
            assert_int_equal(pixel(&img, i, y), WHITE);
            assert_int_equal(pixel(&img, img.width - 1 - i, y), WHITE);
        }
    }
    assert_int_equal(pixel(&img, 5, 5), BLACK);
    assert_int_equal(pixel(&img, img.width - 6, img.height - 6), BLACK);
    free(img.rgb);
    free(b.data);
    fixture_finish(&f);
}

/*
 * Cells of 2 px with 1 px walls: 100000 cells make 200001 pixels (and
 * 16 px of margin each side: 12pt at 96 dpi), and 600000 cells go past
 * the million pixels libpng allows by default.
 */
static void
test_png_wide(void **state)
{
    (void)state;
    const uint32_t widths[] = {100000, 600000};
    for (size_t i = 0; i < 2; i++) {
        struct maze_grid *grid;
        struct maze *maze;
        assert_int_equal(maze_grid_create_rect(widths[i], 1, &grid), MAZE_OK);
        assert_int_equal(maze_create(grid, &maze), MAZE_OK);
        struct maze_export_options opt = {
            .struct_size = sizeof(struct maze_export_options),
            .cell_size = px(2)};
        struct membuf b;
        assert_int_equal(export_to(maze, "png", &opt, &b, SIZE_MAX), MAZE_OK);
        struct image img;
        decode(&b, &img);
        const uint32_t m = 16;
        assert_int_equal(img.width, 2 * widths[i] + 1 + 2 * m);
        assert_int_equal(img.height, 3 + 2 * m);
        /* Every edge is closed: 1 px walls alternate with 1 px cells
         * (but the openings of the first and last cells). */
        for (uint32_t x = 2; x + 2 < img.width - 2 * m; x++) {
            assert_int_equal(pixel(&img, m + x, m + 1), x % 2 ? WHITE : BLACK);
        }
        free(img.rgb);
        free(b.data);
        maze_destroy(maze);
        maze_grid_destroy(grid);
    }
}

static void
test_png_metadata(void **state)
{
    (void)state;
    struct fixture f;
    fixture_generate(&f, 20, 20, 424242, false);
    struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
    struct membuf b;
    assert_int_equal(export_to(f.maze, "png", &opt, &b, SIZE_MAX), MAZE_OK);
    struct image img;
    decode(&b, &img);
    assert_int_equal(img.unit, PNG_RESOLUTION_METER);
    assert_int_equal(img.ppm_x, 3780); /* 96 / 0.0254 = 3779.53 */
    assert_int_equal(img.ppm_y, 3780);
    assert_string_equal(img.seed, "424242");
    assert_string_equal(img.size, "20x20");
    assert_string_equal(img.algorithm, "backtracker");
    assert_string_equal(img.title, "mazegen maze");
    assert_string_equal(img.software, "mazegen " MAZEGEN_VERSION);
    assert_true(img.has_description);
    free(img.rgb);
    free(b.data);

    opt.dpi = 300;
    opt.solution = f.path;
    assert_int_equal(export_to(f.maze, "png", &opt, &b, SIZE_MAX), MAZE_OK);
    decode(&b, &img);
    assert_int_equal(img.ppm_x, 11811); /* 300 / 0.0254 = 11811.02 */
    assert_int_equal(img.ppm_y, 11811);
    assert_string_equal(img.seed, "424242");
    free(img.rgb);
    free(b.data);
    /* A physical cell size is converted at the dpi: 0.1 in = 30 px, and
     * the margin is 12pt = 50 px. */
    opt.cell_size = (struct maze_length){0.1, MAZE_UNIT_IN};
    assert_int_equal(export_to(f.maze, "png", &opt, &b, SIZE_MAX), MAZE_OK);
    decode(&b, &img);
    assert_int_equal(img.width, 20 * 30 + 6 + 2 * 50);
    free(img.rgb);
    free(b.data);
    fixture_finish(&f);
}

struct geometry {
    uint32_t c, t, m;
};

static uint32_t
band_px(const struct geometry *g, uint32_t i)
{
    return g->m + i * g->c;
}

static uint32_t
interior_px(const struct geometry *g, uint32_t i)
{
    return g->m + i * g->c + g->t;
}

/* Whether side `side` (N, E, S, W) of cell (x, y) is a wall. */
static bool
side_is_wall(const struct maze *maze, uint32_t x, uint32_t y, unsigned side)
{
    const struct maze_grid *grid = maze_grid(maze);
    uint32_t cell = y * maze_grid_width(grid) + x;
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    maze_grid_cell_sides(grid, cell, sides);
    return sides[side].edge == MAZE_NONE
               ? !is_opening(maze, cell, side)
               : !maze_is_open(maze, sides[side].edge);
}

/* Whether a wall meets lattice point (i, j), so that it has a post. */
static bool
has_post(const struct maze *maze, uint32_t i, uint32_t j)
{
    uint32_t w = maze_grid_width(maze_grid(maze));
    uint32_t h = maze_grid_height(maze_grid(maze));
    /* West and east along line j: the north side of the cell below it, or
     * the south side of the last row; north and south along line i: the
     * west side of the cell to its right, or the east side of the last
     * column. */
    return (i > 0 && (j < h ? side_is_wall(maze, i - 1, j, 0)
                            : side_is_wall(maze, i - 1, j - 1, 2))) ||
           (i < w && (j < h ? side_is_wall(maze, i, j, 0)
                            : side_is_wall(maze, i, j - 1, 2))) ||
           (j > 0 && (i < w ? side_is_wall(maze, i, j - 1, 3)
                            : side_is_wall(maze, i - 1, j - 1, 1))) ||
           (j < h && (i < w ? side_is_wall(maze, i, j, 3)
                            : side_is_wall(maze, i - 1, j, 1)));
}

/*
 * Every post where a wall meets it is black, every other post floor (a
 * room or a loop has points no wall touches), and the middle of every side
 * of every cell is black exactly where the side is a wall (closed, or
 * boundary that is not an opening). Returns the number of bare posts.
 */
static unsigned
check_lattice(const struct image *img, const struct maze *maze,
              const struct geometry *g)
{
    uint32_t w = maze_grid_width(maze_grid(maze));
    uint32_t h = maze_grid_height(maze_grid(maze));
    uint32_t mid = (g->c - g->t) / 2;
    unsigned bare = 0;
    for (uint32_t j = 0; j <= h; j++) {
        for (uint32_t i = 0; i <= w; i++) {
            uint32_t ink = has_post(maze, i, j) ? BLACK : WHITE;
            bare += ink == WHITE;
            assert_int_equal(pixel(img, band_px(g, i), band_px(g, j)), ink);
            assert_int_equal(
                pixel(img, band_px(g, i) + g->t - 1, band_px(g, j) + g->t - 1),
                ink);
        }
    }
    for (uint32_t y = 0; y < h; y++) {
        for (uint32_t x = 0; x < w; x++) {
            uint32_t cell = y * w + x;
            bool east = x + 1 < w ? !maze_is_open(maze, 2 * cell)
                                  : !is_opening(maze, cell, 1);
            bool south = y + 1 < h ? !maze_is_open(maze, 2 * cell + 1)
                                   : !is_opening(maze, cell, 2);
            uint32_t e = pixel(img, band_px(g, x + 1), interior_px(g, y) + mid);
            uint32_t s = pixel(img, interior_px(g, x) + mid, band_px(g, y + 1));
            assert_int_equal(e == BLACK, east);
            assert_int_equal(s == BLACK, south);
            if (x == 0) {
                uint32_t wp =
                    pixel(img, band_px(g, 0), interior_px(g, y) + mid);
                assert_int_equal(wp == BLACK, !is_opening(maze, cell, 3));
            }
            if (y == 0) {
                uint32_t np =
                    pixel(img, interior_px(g, x) + mid, band_px(g, 0));
                assert_int_equal(np == BLACK, !is_opening(maze, cell, 0));
            }
        }
    }
    return bare;
}

/* The blue run crossing the gap between path cells a and b. */
static void
check_gap(const struct image *img, const struct geometry *g, uint32_t w,
          uint32_t a, uint32_t b, uint32_t line)
{
    uint32_t s = g->c - g->t;
    uint32_t lo = s, hi = 0;
    bool horizontal = b == a + 1 || a == b + 1;
    uint32_t first = a < b ? a : b;
    uint32_t fx = first % w, fy = first / w;
    for (uint32_t k = 0; k < s; k++) {
        uint32_t colour =
            horizontal ? pixel(img, band_px(g, fx + 1), interior_px(g, fy) + k)
                       : pixel(img, interior_px(g, fx) + k, band_px(g, fy + 1));
        if (colour == BLUE) {
            lo = k < lo ? k : lo;
            hi = k > hi ? k : hi;
        }
    }
    assert_true(lo <= hi);
    assert_int_equal(hi - lo + 1, line);
    /* As far from one side of the interior as from the other. */
    assert_int_equal(lo, s - 1 - hi);
}

/*
 * The centre pixels of every path cell are blue, and the line crossing
 * each gap between consecutive cells has the expected width and is
 * centred, for several cell and wall sizes (odd and even interiors).
 */
static void
test_png_solution_centred(void **state)
{
    (void)state;
    static const struct {
        uint32_t c, t, line;
    } cases[] = {
        {10, 2, 4}, {9, 2, 5}, {16, 3, 7}, {7, 1, 2},
        {4, 2, 2},  {3, 1, 2}, {5, 2, 3},  {24, 4, 8},
    };
    struct fixture f;
    fixture_generate(&f, 20, 20, 2024, false);
    uint32_t w = 20;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct geometry g = {cases[i].c, cases[i].t, 3};
        struct maze_export_options opt = {
            .struct_size = sizeof(struct maze_export_options),
            .cell_size = px(g.c),
            .wall_width = px(g.t),
            .margin = px(g.m),
            .solution = f.path};
        struct membuf b;
        assert_int_equal(export_to(f.maze, "png", &opt, &b, SIZE_MAX), MAZE_OK);
        struct image img;
        decode(&b, &img);
        check_lattice(&img, f.maze, &g);
        uint32_t s = g.c - g.t;
        for (size_t k = 0; k < f.path->length; k++) {
            uint32_t cell = f.path->cells[k];
            uint32_t x0 = interior_px(&g, cell % w),
                     y0 = interior_px(&g, cell / w);
            /* The markers cover the middle of the two end cells. */
            uint32_t mid = k == 0                    ? GREEN
                           : k + 1 == f.path->length ? RED
                                                     : BLUE;
            assert_int_equal(pixel(&img, x0 + (s - 1) / 2, y0 + (s - 1) / 2),
                             mid);
            assert_int_equal(pixel(&img, x0 + s / 2, y0 + s / 2), mid);
            if (k > 0) {
                check_gap(&img, &g, w, f.path->cells[k - 1], cell,
                          cases[i].line);
            }
        }
        free(img.rgb);
        free(b.data);
    }
    fixture_finish(&f);
}

/* Without a solution: walls everywhere they should be, black markers. */
static void
test_png_generated_walls(void **state)
{
    (void)state;
    struct fixture f;
    fixture_generate(&f, 31, 17, 77, false);
    assert_int_equal(maze_set_endpoints(f.maze, 0, 31 * 17 - 1), MAZE_OK);
    struct geometry g = {11, 3, 4};
    struct maze_export_options opt = {.struct_size =
                                          sizeof(struct maze_export_options),
                                      .cell_size = px(g.c),
                                      .wall_width = px(g.t),
                                      .margin = px(g.m)};
    struct membuf b;
    assert_int_equal(export_to(f.maze, "png", &opt, &b, SIZE_MAX), MAZE_OK);
    struct image img;
    decode(&b, &img);
    /* A perfect maze has a wall at every lattice point. */
    assert_int_equal(check_lattice(&img, f.maze, &g), 0);
    /* Interior 8 px: markers are 4 px at offset 2; the finish outline is
     * 1 px wide, so its centre is floor. */
    assert_int_equal(
        pixel(&img, interior_px(&g, 0) + 3, interior_px(&g, 0) + 3), BLACK);
    assert_int_equal(
        pixel(&img, interior_px(&g, 0) + 1, interior_px(&g, 0) + 1), WHITE);
    uint32_t fx = interior_px(&g, 30), fy = interior_px(&g, 16);
    assert_int_equal(pixel(&img, fx + 2, fy + 2), BLACK);
    assert_int_equal(pixel(&img, fx + 5, fy + 5), BLACK);
    assert_int_equal(pixel(&img, fx + 3, fy + 4), WHITE);
    free(img.rgb);
    free(b.data);
    fixture_finish(&f);
}

/*
 * Small cells are packed several to a word (png_fast.c: 8 cells up to 7
 * pixels, 4 up to 14, then one at a time, and the cells left over one at
 * a time): every pixel of the wall box of a bilevel image, at every cell
 * size from 2 to 16 pixels, thin and thick walls, on widths that leave
 * cells over, is ink exactly where a wall or a post is, the interiors of
 * start and finish (their markers) aside.
 */
static void
test_png_small_cells(void **state)
{
    (void)state;
    const uint32_t widths[] = {21, 37};
    for (size_t wi = 0; wi < 2; wi++) {
        uint32_t w = widths[wi], h = 5;
        struct fixture f;
        fixture_generate(&f, w, h, 40 + (unsigned)wi, false);
        uint32_t finish = w * h - 1;
        assert_int_equal(maze_set_endpoints(f.maze, 0, finish), MAZE_OK);
        for (uint32_t c = 2; c <= 16; c++) {
            for (uint32_t t = 1; t <= c / 2; t += c / 3 + 1) {
                struct geometry g = {c, t, 3};
                struct maze_export_options opt = {
                    .struct_size = sizeof(struct maze_export_options),
                    .cell_size = px(c),
                    .wall_width = px(t),
                    .margin = px(g.m)};
                struct membuf b;
                assert_int_equal(export_to(f.maze, "png", &opt, &b, SIZE_MAX),
                                 MAZE_OK);
                struct image img;
                decode(&b, &img);
                for (uint32_t y = g.m; y < g.m + h * c + t; y++) {
                    uint32_t yi = (y - g.m) / c, yo = (y - g.m) % c;
                    for (uint32_t x = g.m; x < g.m + w * c + t; x++) {
                        uint32_t xi = (x - g.m) / c, xo = (x - g.m) % c;
                        bool ink;
                        if (xo < t && yo < t) {
                            ink = has_post(f.maze, xi, yi);
                        } else if (yo < t) {
                            ink = yi < h ? side_is_wall(f.maze, xi, yi, 0)
                                         : side_is_wall(f.maze, xi, h - 1, 2);
                        } else if (xo < t) {
                            ink = xi < w ? side_is_wall(f.maze, xi, yi, 3)
                                         : side_is_wall(f.maze, w - 1, yi, 1);
                        } else if (yi * w + xi == 0 || yi * w + xi == finish) {
                            continue;
                        } else {
                            ink = false;
                        }
                        if (pixel(&img, x, y) != (ink ? BLACK : WHITE)) {
                            fail_msg("%ux%u, c %u t %u: pixel (%u, %u)", w, h,
                                     c, t, x, y);
                        }
                    }
                }
                free(img.rgb);
                free(b.data);
            }
        }
        fixture_finish(&f);
    }
}

/* A pixel of the start's arrow (green, or a blend of it over the
 * floor), or of the finish's (red). */
static bool
arrow_colour(uint32_t px, bool start)
{
    unsigned r = px >> 16, g = px >> 8 & 0xff, b = px & 0xff;
    return start ? g > r && g > b : r > g && r > b;
}

/* Whether (x, y) lies in the margin beyond side (N, E, S, W) of the wall
 * box [m, xe) x [m, ye). */
static bool
beyond(unsigned side, uint32_t x, uint32_t y, uint32_t m, uint32_t xe,
       uint32_t ye)
{
    return side == 0   ? y < m
           : side == 1 ? x >= xe
           : side == 2 ? y >= ye
                       : x < m;
}

/*
 * The arrow of the start (or the finish) of maze in img (cells g at dpi):
 * wholly outside the walls with a floor pixel between, centred on the
 * opening, as long as the vector formats draw it (0.75 of a cell, but 8pt
 * to 24pt) within 2 px, its head towards the maze at the start and away
 * from it at the finish. In a bilevel image it is the ink in the margin
 * beyond its side.
 */
static void
check_arrow(const struct image *img, const struct maze *maze,
            const struct geometry *g, unsigned dpi, bool start, bool bilevel)
{
    uint32_t w = maze_grid_width(maze_grid(maze));
    uint32_t cell = start ? maze_start(maze) : maze_finish(maze);
    unsigned side =
        start ? maze_start_opening(maze) : maze_finish_opening(maze);
    bool vertical = side == 0 || side == 2;
    uint32_t xe = img->width - g->m, ye = img->height - g->m;
    uint32_t x0 = UINT32_MAX, y0 = UINT32_MAX, x1 = 0, y1 = 0;
    uint32_t *profile = calloc(vertical ? img->height : img->width, 4);
    assert_non_null(profile);
    for (uint32_t y = 0; y < img->height; y++) {
        for (uint32_t x = 0; x < img->width; x++) {
            uint32_t px = pixel(img, x, y);
            bool hit = bilevel ? px == BLACK && beyond(side, x, y, g->m, xe, ye)
                               : arrow_colour(px, start);
            if (!hit) {
                continue;
            }
            assert_true(beyond(side, x, y, g->m, xe, ye));
            x0 = x < x0 ? x : x0;
            x1 = x > x1 ? x : x1;
            y0 = y < y0 ? y : y0;
            y1 = y > y1 ? y : y1;
            profile[vertical ? y : x]++;
        }
    }
    assert_true(x0 <= x1);
    /* A floor pixel at least between the arrow and the wall. */
    assert_true(side == 0   ? y1 + 2 <= g->m
                : side == 1 ? x0 >= xe + 1
                : side == 2 ? y0 >= ye + 1
                            : x1 + 2 <= g->m);
    double want = fmin(fmax(0.75 * g->c * 72 / dpi, 8), 24) * dpi / 72;
    uint32_t a0 = vertical ? y0 : x0, a1 = vertical ? y1 : x1;
    if (fabs(a1 - a0 + 1 - want) > 2) {
        fail_msg("%u px cells at %u dpi: an arrow of %u px, want %.1f", g->c,
                 dpi, a1 - a0 + 1, want);
    }
    /* Centred across on the opening's middle, the middle of the cell's
     * interior. */
    uint32_t at = vertical ? cell % w : cell / w;
    double mid = g->m + at * g->c + (g->c + g->t) / 2.0;
    double got = vertical ? (x0 + x1 + 1) / 2.0 : (y0 + y1 + 1) / 2.0;
    assert_true(fabs(got - mid) <= 1);
    /* The head (a triangle over half the length, 0.86 of it wide) has
     * more pixels than the shaft (0.32 of it wide): it is the half nearer
     * the maze at the start, which points in. */
    uint32_t low = 0, high = 0;
    for (uint32_t k = a0; k <= a1; k++) {
        low += 2 * k < a0 + a1 ? profile[k] : 0;
        high += 2 * k > a0 + a1 ? profile[k] : 0;
    }
    bool head_in = side == 0 || side == 3 ? high > low : low > high;
    assert_int_equal(head_in, start);
    free(profile);
}

/*
 * Both arrows sit outside the wall beside their openings, on each side of
 * the maze, with the default margin (the room the vector formats give
 * them), at two dpis and with small and large cells, in colour with a
 * solution and in ink without one.
 */
static void
test_png_arrows(void **state)
{
    (void)state;
    static const struct {
        uint32_t c;
        unsigned dpi;
    } cases[] = {{10, 96}, {60, 96}, {8, 300}, {100, 300}};
    /* Start and finish cells (x, y) and sides: north and east, then west
     * and south. */
    static const uint32_t ends[2][6] = {{5, 0, 0, 11, 4, 1},
                                        {0, 4, 3, 6, 8, 2}};
    struct fixture f;
    fixture_generate(&f, 12, 9, 31, false);
    for (size_t e = 0; e < 2; e++) {
        const uint32_t *k = ends[e];
        assert_int_equal(maze_set_endpoints(f.maze, cell_at(&f, k[0], k[1]),
                                            cell_at(&f, k[3], k[4])),
                         MAZE_OK);
        assert_int_equal(maze_set_openings(f.maze, k[2], k[5]), MAZE_OK);
        struct maze_path *path;
        assert_int_equal(maze_solve(f.maze, &path), MAZE_OK);
        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
            uint32_t c = cases[i].c;
            unsigned dpi = cases[i].dpi;
            /* A cell of margin, or 12pt when cells are smaller. */
            uint32_t room = (uint32_t)lround(12.0 * dpi / 72);
            struct geometry g = {c, (uint32_t)maze__png_default_wall(c, dpi),
                                 c > room ? c : room};
            for (int solved = 0; solved < 2; solved++) {
                struct maze_export_options opt = {
                    .struct_size = sizeof(struct maze_export_options),
                    .cell_size = px(c),
                    .dpi = dpi,
                    .solution = solved ? path : NULL};
                struct membuf b;
                assert_int_equal(export_to(f.maze, "png", &opt, &b, SIZE_MAX),
                                 MAZE_OK);
                struct image img;
                decode(&b, &img);
                assert_int_equal(img.width, 2 * g.m + 12 * c + g.t);
                assert_int_equal(img.height, 2 * g.m + 9 * c + g.t);
                check_lattice(&img, f.maze, &g);
                check_arrow(&img, f.maze, &g, dpi, true, !solved);
                check_arrow(&img, f.maze, &g, dpi, false, !solved);
                free(img.rgb);
                free(b.data);
            }
        }
        maze_path_destroy(path);
    }
    fixture_finish(&f);
}

static void
test_png_rooms_and_loops(void **state)
{
    (void)state;
    /* Open rooms and braided loops leave lattice points that no wall
     * meets: they are floor, not stray posts. */
    struct geometry g = {11, 3, 4};
    struct maze_export_options opt = {.struct_size =
                                          sizeof(struct maze_export_options),
                                      .cell_size = px(g.c),
                                      .wall_width = px(g.t),
                                      .margin = px(g.m)};
    for (int k = 0; k < 2; k++) {
        struct fixture f;
        fixture_create(&f, 23, 19);
        struct maze_generate_options o = {
            .struct_size = sizeof(struct maze_generate_options),
            .algorithm = k ? "backtracker" : "division",
            .seed = 5,
            .room_size = k ? 0 : 3};
        assert_int_equal(maze_generate(f.maze, &o), MAZE_OK);
        if (k) {
            assert_int_equal(maze_braid(f.maze, MAZE_FRACTION_ONE, 5), MAZE_OK);
        }
        struct membuf b;
        assert_int_equal(export_to(f.maze, "png", &opt, &b, SIZE_MAX), MAZE_OK);
        struct image img;
        decode(&b, &img);
        assert_true(check_lattice(&img, f.maze, &g) > 0);
        free(img.rgb);
        free(b.data);
        fixture_finish(&f);
    }
}

static void
test_png_range_errors(void **state)
{
    (void)state;
    struct fixture f;
    fixture_2x2(&f);
    struct membuf b;
    const struct maze_export_options bad[] = {
        {.struct_size = sizeof(struct maze_export_options),
         .cell_size = px(10),
         .wall_width = px(10)},
        {.struct_size = sizeof(struct maze_export_options),
         .cell_size = px(10),
         .wall_width = px(12)},
        {.struct_size = sizeof(struct maze_export_options),
         .cell_size = px(10),
         .wall_width = px(0.2)},
        {.struct_size = sizeof(struct maze_export_options), .cell_size = px(1)},
        {.struct_size = sizeof(struct maze_export_options),
         .cell_size = px(1.5e9)},
        {.struct_size = sizeof(struct maze_export_options),
         .cell_size = px(NAN)},
        {.struct_size = sizeof(struct maze_export_options),
         .cell_size = px(INFINITY)},
        {.struct_size = sizeof(struct maze_export_options),
         .margin = px(1.5e9)},
        {.struct_size = sizeof(struct maze_export_options),
         .cell_size = px(1e9)},
        {.struct_size = sizeof(struct maze_export_options), .dpi = 4000000000u},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        assert_int_equal(export_to(f.maze, "png", &bad[i], &b, SIZE_MAX),
                         MAZE_ERR_RANGE);
        assert_int_equal(b.len, 0);
        free(b.data);
    }
    fixture_finish(&f);
}

static void
test_png_rejects_bad_solution(void **state)
{
    (void)state;
    struct fixture f;
    fixture_2x2(&f);
    uint32_t jump[] = {0, 3};
    struct maze_path bad = {jump, 2};
    struct maze_export_options opt = {
        .struct_size = sizeof(struct maze_export_options), .solution = &bad};
    struct membuf b;
    assert_int_equal(export_to(f.maze, "png", &opt, &b, SIZE_MAX),
                     MAZE_ERR_INVALID);
    assert_int_equal(b.len, 0);
    free(b.data);
    fixture_finish(&f);
}

static void
test_png_deterministic(void **state)
{
    (void)state;
    struct fixture f, g;
    fixture_generate(&f, 20, 20, 9, false);
    fixture_generate(&g, 20, 20, 9, false);
    struct maze_export_options fo = {
        .struct_size = sizeof(struct maze_export_options), .solution = f.path};
    struct maze_export_options go = {
        .struct_size = sizeof(struct maze_export_options), .solution = g.path};
    struct membuf a, b;
    assert_int_equal(export_to(f.maze, "png", &fo, &a, SIZE_MAX), MAZE_OK);
    assert_int_equal(export_to(g.maze, "png", &go, &b, SIZE_MAX), MAZE_OK);
    assert_int_equal(a.len, b.len);
    assert_memory_equal(a.data, b.data, a.len);
    free(a.data);
    free(b.data);
    fixture_finish(&f);
    fixture_finish(&g);
}

/* A sink that gives up after n bytes, at the signature, inside a chunk
 * header, in the text chunks, in IDAT or at IEND, always gives
 * MAZE_ERR_IO (and, under ASan, leaks nothing). */
static void
test_png_failing_sink(void **state)
{
    (void)state;
    struct fixture f;
    fixture_generate(&f, 40, 30, 5, false);
    for (int with_path = 0; with_path < 2; with_path++) {
        struct maze_export_options opt = {
            .struct_size = sizeof(struct maze_export_options),
            .solution = with_path ? f.path : NULL};
        struct membuf b;
        assert_int_equal(export_to(f.maze, "png", &opt, &b, SIZE_MAX), MAZE_OK);
        size_t total = b.len;
        free(b.data);
        const size_t limits[] = {0,   1,         8,          12,       33,
                                 100, total / 2, total - 12, total - 1};
        for (size_t i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
            assert_int_equal(export_to(f.maze, "png", &opt, &b, limits[i]),
                             MAZE_ERR_IO);
            assert_true(b.len <= limits[i]);
            free(b.data);
        }
    }
    fixture_finish(&f);
}

static void
test_png_registered(void **state)
{
    (void)state;
    const struct maze_format_info *info = maze_format_find("png");
    assert_non_null(info);
    assert_string_equal(info->extensions[0], "png");
    assert_null(info->extensions[1]);
    assert_int_equal(info->flags, MAZE_FORMAT_RASTER);
    assert_ptr_equal(maze_format_for_path("maze.PNG"), info);
}

#if MAZE_HAS_DRAWING
/*
 * Other kinds go through cairo in bands: cut into bands of one row or a
 * few rows, the image is the one drawn in a single band (no seam, no
 * wall lost between bands; antialiased edges may differ by a few levels,
 * as cairo clips each band's strokes), and it is a real image of the
 * maze: dark walls, the blue solution, white floor.
 */
static void
test_png_bands(void **state)
{
    (void)state;
    const char *kinds[] = {"hex", "triangle"};
    for (int k = 0; k < 2; k++) {
        struct fixture f = {0};
        struct maze_grid_params p = {
            .struct_size = sizeof(struct maze_grid_params), .size = {13, 17}};
        assert_int_equal(
            maze_grid_create(maze_grid_kind_find(kinds[k]), &p, &f.grid),
            MAZE_OK);
        assert_int_equal(maze_create(f.grid, &f.maze), MAZE_OK);
        assert_int_equal(generate(f.maze, "wilson", 3, 0, 0), MAZE_OK);
        assert_int_equal(maze_solve(f.maze, &f.path), MAZE_OK);
        struct maze_export_options opt = {
            .struct_size = sizeof(struct maze_export_options),
            .solution = f.path};
        struct membuf whole, banded;
        assert_int_equal(export_to(f.maze, "png", &opt, &whole, SIZE_MAX),
                         MAZE_OK);
        size_t saved = maze__png_band_bytes;
        maze__png_band_bytes = 1; /* one row a band */
        assert_int_equal(export_to(f.maze, "png", &opt, &banded, SIZE_MAX),
                         MAZE_OK);
        maze__png_band_bytes = 3000; /* a few rows a band */
        struct membuf few;
        assert_int_equal(export_to(f.maze, "png", &opt, &few, SIZE_MAX),
                         MAZE_OK);
        maze__png_band_bytes = saved;
        struct image a, b, c;
        decode(&whole, &a);
        decode(&banded, &b);
        decode(&few, &c);
        assert_int_equal(a.width, b.width);
        assert_int_equal(a.height, b.height);
        size_t bytes = (size_t)a.width * a.height * 3;
        for (size_t i = 0; i < bytes; i++) {
            if (abs(a.rgb[i] - b.rgb[i]) > 12 ||
                abs(a.rgb[i] - c.rgb[i]) > 12) {
                fail_msg("%s: bands differ at pixel %zu, row %zu: %d %d %d",
                         kinds[k], i / 3, i / 3 / a.width, a.rgb[i], b.rgb[i],
                         c.rgb[i]);
            }
        }
        size_t dark = 0, blue = 0, white = 0;
        for (uint32_t y = 0; y < a.height; y++) {
            for (uint32_t x = 0; x < a.width; x++) {
                uint32_t px = pixel(&a, x, y);
                dark += px == BLACK;
                blue += px == BLUE;
                white += px == WHITE;
            }
        }
        assert_true(dark > bytes / 3 / 20);
        assert_true(blue > 0);
        assert_true(white > bytes / 3 / 2);
        assert_string_equal(a.seed, "3");
        free(a.rgb);
        free(b.rgb);
        free(c.rgb);
        free(whole.data);
        free(banded.data);
        free(few.data);
        fixture_finish(&f);
    }
}

/* Draws kind's maze of w x h cells, unsolved, at 10 px cells into b, in
 * bands of band_bytes, in RGB if rgb (maze__png_band_rgb). */
static void
plain_png(const char *kind, uint32_t w, uint32_t h, size_t band_bytes, bool rgb,
          struct membuf *b)
{
    struct fixture f = {0};
    struct maze_grid_params p = {.struct_size = sizeof(struct maze_grid_params),
                                 .size = {w, h}};
    assert_int_equal(maze_grid_create(maze_grid_kind_find(kind), &p, &f.grid),
                     MAZE_OK);
    assert_int_equal(maze_create(f.grid, &f.maze), MAZE_OK);
    assert_int_equal(generate(f.maze, "wilson", 5, 0, 0), MAZE_OK);
    struct maze_export_options opt = {.struct_size =
                                          sizeof(struct maze_export_options),
                                      .cell_size = {10, MAZE_UNIT_PX}};
    size_t saved = maze__png_band_bytes;
    maze__png_band_bytes = band_bytes;
    maze__png_band_rgb = rgb;
    assert_int_equal(export_to(f.maze, "png", &opt, b, SIZE_MAX), MAZE_OK);
    maze__png_band_bytes = saved;
    maze__png_band_rgb = false;
    fixture_finish(&f);
}

/*
 * Without a solution, slanted and curved walls are written as a palette
 * of grey levels and the markers' colours: every coloured pixel exactly
 * the RGB drawing's, every grey within one level of it, the palette's
 * greys first and evenly spaced from black to white, and the same bytes
 * in one band or many (a band of 7 rows at most, so that the markers'
 * bands are not the whole image).
 */
static void
test_png_band_greys(void **state)
{
    (void)state;
    static const struct {
        const char *kind;
        uint32_t w, h;
    } kinds[] = {{"hex", 12, 9},
                 {"theta", 0, 9},
                 {"triangle", 12, 9},
                 {"upsilon", 12, 9}};
    for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
        struct membuf rgb, pal, banded;
        uint32_t w = kinds[k].w, h = kinds[k].h;
        plain_png(kinds[k].kind, w, h, SIZE_MAX, true, &rgb);
        plain_png(kinds[k].kind, w, h, SIZE_MAX, false, &pal);
        plain_png(kinds[k].kind, w, h, 7000, false, &banded);
        assert_int_equal(pal.len, banded.len);
        assert_memory_equal(pal.data, banded.data, pal.len);
        struct image a, q;
        decode(&rgb, &a);
        decode(&pal, &q);
        assert_int_equal(a.color_type, PNG_COLOR_TYPE_RGB);
        assert_int_equal(q.color_type, PNG_COLOR_TYPE_PALETTE);
        assert_int_equal(q.depth, 8);
        assert_int_equal(q.palette_size, 256);
        assert_int_equal(a.width, q.width);
        assert_int_equal(a.height, q.height);
        /* The greys: from black up to white, steps of one or two. */
        int greys = 0;
        while (
            greys < q.palette_size &&
            q.palette[greys].red == q.palette[greys].green &&
            q.palette[greys].green == q.palette[greys].blue &&
            (greys == 0
                 ? q.palette[0].red == 0
                 : q.palette[greys].red > q.palette[greys - 1].red &&
                       q.palette[greys].red - q.palette[greys - 1].red <= 2)) {
            greys++;
        }
        assert_true(greys >= 128 && greys < 256);
        assert_int_equal(q.palette[greys - 1].red, 255);
        size_t coloured = 0, moved = 0;
        for (uint32_t y = 0; y < a.height; y++) {
            for (uint32_t x = 0; x < a.width; x++) {
                uint32_t was = pixel(&a, x, y), now = pixel(&q, x, y);
                unsigned r = was >> 16, g = was >> 8 & 0xff, b = was & 0xff;
                if (r != g || g != b) {
                    coloured++;
                    assert_int_equal(now, was);
                    continue;
                }
                unsigned v = now & 0xff;
                assert_int_equal(now, v << 16 | v << 8 | v);
                assert_true(v + 1 >= b && v <= b + 1);
                moved += v != b;
            }
        }
        assert_true(coloured > 0);
        assert_true(moved > 0);
        free(a.rgb);
        free(q.rgb);
        free(rgb.data);
        free(pal.data);
        free(banded.data);
    }
}

/*
 * In a palette of grey levels and the markers' colours, each grey is the
 * nearest of the n levels exactly, level (v (n - 1) + 127) / 255, and
 * each colour is the RGB drawing's, whether a pixel is converted eight
 * at a time or alone: hexagons 5 to 12 cells wide (images whose widths
 * leave every remainder after the last group of eight) and the other
 * slanted kinds, in one band and in bands of one row (the same bytes).
 */
static void
test_png_band_grey_index(void **state)
{
    (void)state;
    static const struct {
        const char *kind;
        uint32_t w, h;
    } kinds[] = {{"hex", 5, 4},      {"hex", 6, 4},  {"hex", 7, 4},
                 {"hex", 8, 4},      {"hex", 9, 4},  {"hex", 10, 4},
                 {"hex", 11, 4},     {"hex", 12, 4}, {"triangle", 9, 5},
                 {"upsilon", 7, 6},  {"hex", 13, 2}, {"theta", 0, 5},
                 {"triangle", 14, 3}};
    for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
        struct membuf rgb, pal, rows;
        uint32_t w = kinds[k].w, h = kinds[k].h;
        plain_png(kinds[k].kind, w, h, SIZE_MAX, true, &rgb);
        plain_png(kinds[k].kind, w, h, SIZE_MAX, false, &pal);
        plain_png(kinds[k].kind, w, h, 1, false, &rows);
        assert_int_equal(pal.len, rows.len);
        assert_memory_equal(pal.data, rows.data, pal.len);
        struct image a, q;
        decode(&rgb, &a);
        decode(&pal, &q);
        assert_int_equal(q.color_type, PNG_COLOR_TYPE_PALETTE);
        assert_int_equal(a.width, q.width);
        assert_int_equal(a.height, q.height);
        unsigned n = 0;
        while (n < (unsigned)q.palette_size &&
               q.palette[n].red == q.palette[n].green &&
               q.palette[n].green == q.palette[n].blue &&
               (n == 0 || q.palette[n].red > q.palette[n - 1].red)) {
            n++;
        }
        assert_true(n >= 128);
        for (uint32_t y = 0; y < a.height; y++) {
            for (uint32_t x = 0; x < a.width; x++) {
                uint32_t was = pixel(&a, x, y), now = pixel(&q, x, y);
                unsigned v = was & 0xff;
                if (was != (v << 16 | v << 8 | v)) {
                    assert_int_equal(now, was);
                    continue;
                }
                unsigned level = q.palette[(v * (n - 1) + 127) / 255].red;
                if (now != (level << 16 | level << 8 | level)) {
                    fail_msg("%s %ux%u: grey %u at %u,%u written as "
                             "0x%06x, not level %u",
                             kinds[k].kind, w, h, v, x, y, now, level);
                }
            }
        }
        free(a.rgb);
        free(q.rgb);
        free(rgb.data);
        free(pal.data);
        free(rows.data);
    }
}

/* Rows for test_png_paeth_rows: row_bytes bytes a row, made by
 * paeth_body(). */
struct paeth_rows {
    uint32_t row_bytes, height;
    uint8_t *data;
};

static int
paeth_body(struct maze__png_writer *w, void *ctx)
{
    const struct paeth_rows *r = ctx;
    for (uint32_t y = 0; y < r->height; y++) {
        int rc = maze__png_row(w, r->data + (size_t)y * r->row_bytes, 1);
        if (rc != MAZE_OK) {
            return rc;
        }
    }
    return MAZE_OK;
}

/*
 * The Paeth filter, whose stretches of bytes equal to the row above (and
 * whole rows equal to it) take shortcuts: images of rows made to hit
 * them (noise; the row above again; the row above with one byte changed,
 * or its last; runs; one byte off a flat row under a flat row, at every
 * place over the rows, then that byte moved left) decode, through libpng,
 * to exactly those rows, one
 * byte a pixel (grey) and three (RGB), at widths on and off eight bytes.
 */
static void
test_png_paeth_rows(void **state)
{
    (void)state;
    static const struct {
        enum maze__png_colour colour;
        uint32_t width;
    } cases[] = {{MAZE__PNG_GRAY, 1},  {MAZE__PNG_GRAY, 7},
                 {MAZE__PNG_GRAY, 8},  {MAZE__PNG_GRAY, 9},
                 {MAZE__PNG_GRAY, 17}, {MAZE__PNG_GRAY, 100},
                 {MAZE__PNG_RGB, 1},   {MAZE__PNG_RGB, 3},
                 {MAZE__PNG_RGB, 5},   {MAZE__PNG_RGB, 37}};
    uint32_t seed = 12345;
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        unsigned channels = cases[k].colour == MAZE__PNG_RGB ? 3 : 1;
        struct paeth_rows r = {.row_bytes = cases[k].width * channels,
                               .height = 160};
        r.data = malloc((size_t)r.row_bytes * r.height);
        assert_non_null(r.data);
        for (uint32_t y = 0; y < r.height; y++) {
            uint8_t *row = r.data + (size_t)y * r.row_bytes;
            const uint8_t *up = row - r.row_bytes;
            for (uint32_t i = 0; i < r.row_bytes; i++) {
                seed = seed * 1103515245u + 12345u;
                uint8_t noise = (uint8_t)(seed >> 16);
                switch (y % 8) {
                case 0:
                    row[i] = noise;
                    break;
                case 1:
                    row[i] = up[i];
                    break;
                case 2:
                    row[i] = i == (y * 7) % r.row_bytes ? noise : up[i];
                    break;
                case 3:
                    row[i] =
                        i + 1 == r.row_bytes ? (uint8_t)(up[i] + 1) : up[i];
                    break;
                case 4:
                    row[i] = (uint8_t)((i / 11) * 40 + y);
                    break;
                case 5:
                    row[i] = 9;
                    break;
                case 6:
                    row[i] = i == (y * 3) % r.row_bytes ? 200 : 9;
                    break;
                default: /* the spike above, a byte to the left */
                    row[i] = i + 1 == ((y - 1) * 3) % r.row_bytes ? 200 : 9;
                }
            }
        }
        struct membuf out = {0};
        struct maze_sink sink = membuf_sink(&out, SIZE_MAX, SIZE_MAX);
        struct maze__png_meta meta = {.title = "paeth"};
        struct maze__png_image im = {
            .width = cases[k].width,
            .height = r.height,
            .depth = 8,
            .colour = cases[k].colour,
            .ppm = 3780,
            .filter = MAZE__PNG_FILTER_PAETH,
            .threads = 1,
            .body = paeth_body,
            .ctx = &r,
        };
        assert_int_equal(maze__png_write(&sink, &im, &meta), MAZE_OK);
        struct image img;
        decode(&out, &img);
        assert_int_equal(img.width, cases[k].width);
        assert_int_equal(img.height, r.height);
        for (uint32_t y = 0; y < r.height; y++) {
            for (uint32_t x = 0; x < cases[k].width; x++) {
                const uint8_t *want =
                    r.data + (size_t)y * r.row_bytes + (size_t)x * channels;
                const uint8_t *got = img.rgb + ((size_t)y * img.width + x) * 3;
                for (unsigned c = 0; c < 3; c++) {
                    if (got[c] != want[channels == 3 ? c : 0]) {
                        fail_msg("width %u, %u channels: pixel %u,%u "
                                 "channel %u is %u, not %u",
                                 cases[k].width, channels, x, y, c, got[c],
                                 want[channels == 3 ? c : 0]);
                    }
                }
            }
        }
        free(img.rgb);
        free(out.data);
        free(r.data);
    }
}

/* Draws kind's maze of w x h cells (levels, 0 for none), solved, at
 * 10 px cells into b, in bands of band_bytes. */
static void
band_png(const char *kind, uint32_t w, uint32_t h, uint32_t levels,
         size_t band_bytes, struct membuf *b)
{
    struct fixture f = {0};
    struct maze_grid_params p = {.struct_size = sizeof(struct maze_grid_params),
                                 .size = {w, h}};
    p.size[MAZE_SIZE_LEVELS] = levels;
    assert_int_equal(maze_grid_create(maze_grid_kind_find(kind), &p, &f.grid),
                     MAZE_OK);
    assert_int_equal(maze_create(f.grid, &f.maze), MAZE_OK);
    assert_int_equal(generate(f.maze, "wilson", 5, 0, 0), MAZE_OK);
    assert_int_equal(maze_solve(f.maze, &f.path), MAZE_OK);
    struct maze_export_options opt = {.struct_size =
                                          sizeof(struct maze_export_options),
                                      .solution = f.path,
                                      .cell_size = {10, MAZE_UNIT_PX}};
    size_t saved = maze__png_band_bytes;
    maze__png_band_bytes = band_bytes;
    assert_int_equal(export_to(f.maze, "png", &opt, b, SIZE_MAX), MAZE_OK);
    maze__png_band_bytes = saved;
    fixture_finish(&f);
}

/* A ring-masked rectangle (rect, 30 x 30 cells, 6 wide) or kind's maze
 * of size cells, by wilson, solved or not, at `cell` px cells (with no
 * margin when bare) in bands of 20 rows, keeping at most kept_bytes of
 * the census's drawing, into b; returns how many times it drew a band. */
static unsigned long long
kept_png_at(const char *kind, const uint32_t size[3], bool solved,
            size_t kept_bytes, double cell, bool bare, struct membuf *b)
{
    struct fixture f = {0};
    struct maze_mask *mask = NULL;
    struct maze_grid_params p = {.struct_size =
                                     sizeof(struct maze_grid_params)};
    memcpy(p.size, size, 3 * sizeof(size[0]));
    if (strcmp(kind, "rect") == 0) {
        assert_int_equal(maze_mask_create(30, 30, &mask), MAZE_OK);
        for (uint32_t y = 0; y < 30; y++) {
            for (uint32_t x = 0; x < 30; x++) {
                maze_mask_set(mask, x, y, x < 6 || x >= 24 || y < 6 || y >= 24);
            }
        }
        p.mask = mask;
    }
    assert_int_equal(maze_grid_create(maze_grid_kind_find(kind), &p, &f.grid),
                     MAZE_OK);
    maze_mask_destroy(mask);
    assert_int_equal(maze_create(f.grid, &f.maze), MAZE_OK);
    assert_int_equal(generate(f.maze, "wilson", 9, 0, 0), MAZE_OK);
    if (solved) {
        assert_int_equal(maze_solve(f.maze, &f.path), MAZE_OK);
    }
    struct maze_export_options opt = {.struct_size =
                                          sizeof(struct maze_export_options),
                                      .solution = f.path,
                                      .cell_size = {cell, MAZE_UNIT_PX}};
    if (bare) {
        opt.margin = MAZE_LENGTH_NONE;
    }
    size_t saved_band = maze__png_band_bytes, saved_kept = maze__png_kept_bytes;
    double ew, eh;
    maze_grid_extent(f.grid, &ew, &eh);
    maze__png_band_bytes = 4 * (size_t)(ew * cell + 40) * 20;
    maze__png_kept_bytes = kept_bytes;
    unsigned long long draws = maze__png_band_draws;
    assert_int_equal(export_to(f.maze, "png", &opt, b, SIZE_MAX), MAZE_OK);
    draws = maze__png_band_draws - draws;
    maze__png_band_bytes = saved_band;
    maze__png_kept_bytes = saved_kept;
    fixture_finish(&f);
    return draws;
}

static unsigned long long
kept_png(const char *kind, const uint32_t size[3], bool solved,
         size_t kept_bytes, struct membuf *b)
{
    return kept_png_at(kind, size, solved, kept_bytes, 10, false, b);
}

/*
 * An image of few colours (walls along the axes) is drawn once to count
 * its colours, and what that drawing showed is kept for writing, up to
 * maze__png_kept_bytes, rather than drawn again: the same bytes whether
 * nothing is kept (every band drawn twice), a few bands are (the first
 * ones, the rest drawn again) or all of it is, with and without the
 * solution, the image a palette throughout; and the bands kept are not
 * drawn again.
 */
static void
test_png_band_kept(void **state)
{
    (void)state;
    static const struct {
        const char *kind;
        uint32_t size[3];
    } cases[] = {{"3d", {9, 7, 2}}, {"rect", {0, 0, 0}}};
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        for (int solved = 0; solved < 2; solved++) {
            struct membuf none, part, all;
            unsigned long long none_draws =
                                   kept_png(cases[k].kind, cases[k].size,
                                            solved, 0, &none),
                               part_draws =
                                   kept_png(cases[k].kind, cases[k].size,
                                            solved, 6000, &part),
                               all_draws =
                                   kept_png(cases[k].kind, cases[k].size,
                                            solved, (size_t)1 << 20, &all);
            assert_true(all_draws < part_draws);
            assert_true(part_draws < none_draws);
            struct image img;
            decode(&none, &img);
            assert_int_equal(img.color_type, PNG_COLOR_TYPE_PALETTE);
            assert_int_equal(part.len, none.len);
            assert_memory_equal(part.data, none.data, none.len);
            assert_int_equal(all.len, none.len);
            assert_memory_equal(all.data, none.data, none.len);
            free(img.rgb);
            free(none.data);
            free(part.data);
            free(all.data);
        }
    }
}

/*
 * Kept rows are written as packed indices straight from their runs: a
 * ring of squares at 3 px cells with no margin (16 colours or fewer: 4
 * bits a pixel or less) gives the same bytes with its rows kept as drawn
 * again and converted pixel by pixel, and is a packed palette.
 */
static void
test_png_band_kept_packed(void **state)
{
    (void)state;
    static const uint32_t ring[3] = {0, 0, 0};
    for (int solved = 0; solved < 2; solved++) {
        struct membuf none, all;
        kept_png_at("rect", ring, solved, 0, 3, true, &none);
        kept_png_at("rect", ring, solved, (size_t)1 << 20, 3, true, &all);
        struct image img;
        decode(&all, &img);
        assert_int_equal(img.color_type, PNG_COLOR_TYPE_PALETTE);
        assert_true(img.depth < 8);
        assert_int_equal(all.len, none.len);
        assert_memory_equal(all.data, none.data, none.len);
        free(img.rgb);
        free(none.data);
        free(all.data);
    }
}

/*
 * A band-drawn image is written with the bits its colours need: 3d at
 * 10 px cells (walls along the axes, few colours) as a palette of
 * exactly the colours drawn, each used, the same bytes in one band or
 * many; hexagons (all 256 greys and the markers' blends) stay RGB.
 */
static void
test_png_band_colour_type(void **state)
{
    (void)state;
    struct membuf whole, banded, hex;
    band_png("3d", 9, 7, 2, SIZE_MAX, &whole);
    band_png("3d", 9, 7, 2, 3000, &banded);
    band_png("hex", 9, 7, 0, SIZE_MAX, &hex);
    assert_int_equal(whole.len, banded.len);
    assert_memory_equal(whole.data, banded.data, whole.len);
    struct image img, h;
    decode(&whole, &img);
    decode(&hex, &h);
    assert_int_equal(h.color_type, PNG_COLOR_TYPE_RGB);
    assert_int_equal(img.color_type, PNG_COLOR_TYPE_PALETTE);
    assert_true(img.palette_size > 4 && img.palette_size <= 256);
    assert_true(img.depth == 8 || (1 << img.depth) >= img.palette_size);
    bool used[PNG_MAX_PALETTE_LENGTH] = {false};
    size_t seen[4] = {0};
    for (uint32_t y = 0; y < img.height; y++) {
        for (uint32_t x = 0; x < img.width; x++) {
            uint32_t px = pixel(&img, x, y);
            static const uint32_t want[4] = {BLACK, WHITE, BLUE, GREEN};
            for (int i = 0; i < 4; i++) {
                seen[i] += px == want[i];
            }
            for (int i = 0; i < img.palette_size; i++) {
                const png_color *c = &img.palette[i];
                if (px == ((uint32_t)c->red << 16 | (uint32_t)c->green << 8 |
                           c->blue)) {
                    used[i] = true;
                }
            }
        }
    }
    for (int i = 0; i < 4; i++) {
        assert_true(seen[i] > 0);
    }
    for (int i = 0; i < img.palette_size; i++) {
        assert_true(used[i]);
    }
    free(img.rgb);
    free(h.rgb);
    free(whole.data);
    free(banded.data);
    free(hex.data);
}
#endif

/* What an image is written by, on opt's threads. */
enum writer { BY_EXPORT, BY_STREAM, BY_SHEET };

static void
write_with(enum writer by, const struct fixture *f,
           const struct maze_export_options *opt, struct membuf *b)
{
    struct maze_sink sink = membuf_sink(b, SIZE_MAX, SIZE_MAX);
    if (by == BY_EXPORT) {
        assert_int_equal(maze_export(f->maze, "png", opt, &sink), MAZE_OK);
    } else if (by == BY_STREAM) {
        const struct maze_grid *g = maze_grid(f->maze);
        struct maze_generate_options go = {
            .struct_size = sizeof(struct maze_generate_options),
            .algorithm = "eller",
            .seed = 12};
        struct maze_stream *s;
        assert_int_equal(maze_stream_create(maze_grid_width(g),
                                            maze_grid_height(g), &go, &s),
                         MAZE_OK);
        assert_int_equal(maze_stream_export(s, "png", opt, &sink), MAZE_OK);
        maze_stream_destroy(s);
    } else {
        struct maze_puzzle p = {
            .maze = f->maze, .solution = f->path, .number = 1};
        struct maze_sheet_options so = {.struct_size =
                                            sizeof(struct maze_sheet_options),
                                        .answers = MAZE_ANSWERS_SAME_PAGE};
        assert_int_equal(maze_export_sheet(&p, 1, "png", opt, &so, &sink),
                         MAZE_OK);
    }
}

/*
 * Writes f's image on 1, 2 and 7 threads: the same bytes every time, an
 * image libpng reads; the first decoded into img. Returns the bytes of
 * deflate's input (rows and their filter bytes), from the header.
 */
static uint64_t
same_on_any_threads(enum writer by, const struct fixture *f,
                    struct maze_export_options opt, struct image *img)
{
    static const unsigned threads[] = {1, 2, 7};
    struct membuf first = {0};
    for (size_t i = 0; i < 3; i++) {
        opt.threads = threads[i];
        struct membuf b;
        write_with(by, f, &opt, &b);
        if (i == 0) {
            first = b;
            continue;
        }
        assert_int_equal(b.len, first.len);
        assert_memory_equal(b.data, first.data, b.len);
        free(b.data);
    }
    decode(&first, img);
    free(first.data);
    int channels = img->color_type == PNG_COLOR_TYPE_RGB ? 3 : 1;
    uint64_t row = ((uint64_t)img->width * img->depth * channels + 7) / 8;
    return (row + 1) * img->height;
}

static void
test_png_threads(void **state)
{
    (void)state;
    SKIP_WITHOUT_DRAWING();
    struct fixture f;
    fixture_generate(&f, 400, 300, 12, false);
    struct image img;
    /* 4010 x 3010 at 4 bits: 23 blocks. */
    struct maze_export_options opt = {
        .struct_size = sizeof(struct maze_export_options), .solution = f.path};
    uint64_t bytes = same_on_any_threads(BY_EXPORT, &f, opt, &img);
    assert_true(bytes > 20 * MAZE__DEFLATE_BLOCK);
    free(img.rgb);
    /* Streamed, bilevel, with walls checked pixel by pixel, and the very
     * bytes of the maze eller makes in memory, written on one thread. */
    assert_int_equal(generate(f.maze, "eller", 12, 0, 0), MAZE_OK);
    assert_int_equal(maze_set_endpoints(f.maze, 0, 400 * 300 - 1), MAZE_OK);
    struct geometry g = {8, 2, 3};
    opt = (struct maze_export_options){.struct_size =
                                           sizeof(struct maze_export_options),
                                       .cell_size = px(g.c),
                                       .wall_width = px(g.t),
                                       .margin = px(g.m)};
    bytes = same_on_any_threads(BY_STREAM, &f, opt, &img);
    assert_true(bytes > 3 * MAZE__DEFLATE_BLOCK);
    assert_int_equal(check_lattice(&img, f.maze, &g), 0);
    free(img.rgb);
    struct membuf mem, streamed;
    opt.threads = 7;
    write_with(BY_STREAM, &f, &opt, &streamed);
    opt.threads = 1;
    assert_int_equal(export_to(f.maze, "png", &opt, &mem, SIZE_MAX), MAZE_OK);
    assert_int_equal(mem.len, streamed.len);
    assert_memory_equal(mem.data, streamed.data, mem.len);
    free(mem.data);
    free(streamed.data);
    fixture_finish(&f);
    /* A sheet's page at 150 dpi: 8-bit RGB, Paeth-filtered. */
    fixture_generate(&f, 40, 30, 12, false);
    opt = (struct maze_export_options){
        .struct_size = sizeof(struct maze_export_options), .dpi = 150};
    bytes = same_on_any_threads(BY_SHEET, &f, opt, &img);
    assert_true(bytes > 20 * MAZE__DEFLATE_BLOCK);
    assert_int_equal(img.width, 1275);
    free(img.rgb);
    fixture_finish(&f);
    /* Another kind, in cairo's bands. */
    struct fixture h = {0};
    struct maze_grid_params p = {.struct_size = sizeof(struct maze_grid_params),
                                 .size = {60, 60}};
    assert_int_equal(maze_grid_create(maze_grid_kind_find("hex"), &p, &h.grid),
                     MAZE_OK);
    assert_int_equal(maze_create(h.grid, &h.maze), MAZE_OK);
    assert_int_equal(generate(h.maze, "wilson", 3, 0, 0), MAZE_OK);
    opt = (struct maze_export_options)MAZE_EXPORT_OPTIONS_INIT;
    bytes = same_on_any_threads(BY_EXPORT, &h, opt, &img);
    assert_true(bytes > MAZE__DEFLATE_BLOCK);
    free(img.rgb);
    fixture_finish(&h);
}

/* A maze under a block of deflate's input, and one of exactly two
 * blocks, where the last block is empty. */
static void
test_png_threads_block_edges(void **state)
{
    (void)state;
    struct fixture f;
    fixture_generate(&f, 20, 10, 4, false);
    struct image img;
    uint64_t bytes = same_on_any_threads(
        BY_EXPORT, &f, (struct maze_export_options)MAZE_EXPORT_OPTIONS_INIT,
        &img);
    assert_true(bytes < MAZE__DEFLATE_BLOCK);
    free(img.rgb);
    fixture_finish(&f);
    /* 339 x 341 cells of 6 px, walls of 2 and no margin: 2036 x 2048
     * pixels, 255 bytes a row and its filter byte: 2 x 256 KiB. */
    fixture_generate(&f, 339, 341, 4, false);
    struct geometry g = {6, 2, 0};
    struct maze_export_options opt = {.struct_size =
                                          sizeof(struct maze_export_options),
                                      .cell_size = px(g.c),
                                      .wall_width = px(g.t),
                                      .margin = MAZE_LENGTH_NONE};
    bytes = same_on_any_threads(BY_EXPORT, &f, opt, &img);
    assert_int_equal(img.width, 2036);
    assert_int_equal(img.height, 2048);
    assert_int_equal(bytes, 2 * MAZE__DEFLATE_BLOCK);
    assert_int_equal(check_lattice(&img, f.maze, &g), 0);
    free(img.rgb);
    fixture_finish(&f);
}

/* A sheet's title in any script survives as UTF-8 (iTXt); an ASCII one
 * stays in tEXt. */
static void
test_png_utf8_title(void **state)
{
    (void)state;
    SKIP_WITHOUT_DRAWING();
    static const char *const titles[] = {
        "\xe8\xbf\xb7\xe8\xb7\xaf \xd9\x85\xd8\xaa\xd8\xa7\xd9\x87\xd8\xa9 "
        "\xce\x9b\xce\xb1\xce\xb2\xcf\x8d\xcf\x81\xce\xb9\xce\xbd\xce\xb8"
        "\xce\xbf\xcf\x82",
        "Plain maze",
    };
    struct fixture f;
    fixture_generate(&f, 6, 6, 3, false);
    for (size_t i = 0; i < 2; i++) {
        struct maze_sheet_options so = {.struct_size =
                                            sizeof(struct maze_sheet_options),
                                        .title = titles[i]};
        struct maze_export_options opt = {
            .struct_size = sizeof(struct maze_export_options),
            .sheet = &so,
            .dpi = 30};
        struct membuf b;
        assert_int_equal(export_to(f.maze, "png", &opt, &b, SIZE_MAX), MAZE_OK);
        struct image img;
        decode(&b, &img);
        assert_string_equal(img.title, titles[i]);
        assert_true(membuf_holds(&b, i == 0 ? "iTXtTitle" : "tEXtTitle"));
        assert_false(membuf_holds(&b, i == 0 ? "tEXtTitle" : "iTXtTitle"));
        free(img.rgb);
        free(b.data);
    }
    fixture_finish(&f);
}

#if MAZE_HAS_DRAWING
/* The band rasteriser's work for one export (maze__png_band_work). */
static unsigned long long
band_work(const struct maze *m, const struct maze_export_options *opt,
          size_t band_bytes, struct membuf *out)
{
    size_t saved = maze__png_band_bytes;
    maze__png_band_bytes = band_bytes;
    unsigned long long before = maze__png_band_work;
    assert_int_equal(export_to(m, "png", opt, out, SIZE_MAX), MAZE_OK);
    maze__png_band_bytes = saved;
    return maze__png_band_work - before;
}

/*
 * Every kind drawn in bands does about the same work in many bands as in
 * one: each band draws what reaches it (its cells, their stair marks, the
 * pieces of the solution, the labels), not the whole maze again, so the
 * time of an image grows with its pixels. Bands two cells tall let an
 * item reach at most three of them; a band drawing every stair or
 * looking at every point of the solution does a multiple of the bands.
 */
static void
test_png_band_work(void **state)
{
    (void)state;
    static const struct {
        const char *kind;
        uint32_t size[3];
        bool mask;
    } cases[] = {
        {"hex", {30, 30, 0}, false},     {"triangle", {40, 30, 0}, false},
        {"upsilon", {30, 30, 0}, false}, {"theta", {0, 18, 0}, false},
        {"zeta", {30, 30, 0}, false},    {"3d", {16, 16, 6}, false},
        {"weave", {30, 30, 0}, false},   {"rect", {0, 0, 0}, true},
    };
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        struct fixture f = {0};
        struct maze_mask *mask = NULL;
        struct maze_grid_params p = {.struct_size =
                                         sizeof(struct maze_grid_params)};
        memcpy(p.size, cases[k].size, sizeof(cases[k].size));
        if (cases[k].mask) {
            /* A ring 30 cells across, 6 wide. */
            assert_int_equal(maze_mask_create(30, 30, &mask), MAZE_OK);
            for (uint32_t y = 0; y < 30; y++) {
                for (uint32_t x = 0; x < 30; x++) {
                    bool in = x < 6 || x >= 24 || y < 6 || y >= 24;
                    maze_mask_set(mask, x, y, in);
                }
            }
            p.mask = mask;
        }
        assert_int_equal(
            maze_grid_create(maze_grid_kind_find(cases[k].kind), &p, &f.grid),
            MAZE_OK);
        maze_mask_destroy(mask);
        assert_int_equal(maze_create(f.grid, &f.maze), MAZE_OK);
        assert_int_equal(generate(f.maze, "backtracker", 7, 0, 0), MAZE_OK);
        assert_int_equal(maze_solve(f.maze, &f.path), MAZE_OK);
        struct maze_export_options opt = {
            .struct_size = sizeof(struct maze_export_options),
            .solution = f.path};
        struct membuf one, many;
        unsigned long long w1 = band_work(f.maze, &opt, SIZE_MAX, &one);
        struct image img;
        decode(&one, &img);
        /* 10 px cells: bands of 20 rows. */
        size_t bytes = 4 * (size_t)img.width * 20;
        unsigned long long wk = band_work(f.maze, &opt, bytes, &many);
        uint32_t bands = (img.height + 19) / 20;
        print_message("%s: %llu in one band, %llu in %u bands\n", cases[k].kind,
                      w1, wk, bands);
        assert_true(w1 > 0);
        if (wk > 3 * w1) {
            fail_msg("%s: %llu units of work in %u bands, %llu in one",
                     cases[k].kind, wk, bands, w1);
        }
        free(img.rgb);
        free(one.data);
        free(many.data);
        fixture_finish(&f);
    }
}

/* A maze of kind (a ring mask on a rectangle when mask; fractal levels
 * when fractal > 1) of `size`, its solution in f->path. */
static void
growth_maze(struct fixture *f, const char *kind, const uint32_t size[3],
            bool mask, unsigned fractal)
{
    struct maze_mask *mk = NULL;
    struct maze_grid_params p = {.struct_size =
                                     sizeof(struct maze_grid_params)};
    for (int i = 0; i < 3; i++) {
        p.size[i] = size[i];
    }
    if (mask) {
        /* A ring size[0] cells across, a fifth of that wide. */
        uint32_t n = size[0], w = n / 5;
        assert_int_equal(maze_mask_create(n, n, &mk), MAZE_OK);
        for (uint32_t y = 0; y < n; y++) {
            for (uint32_t x = 0; x < n; x++) {
                maze_mask_set(mk, x, y,
                              x < w || x >= n - w || y < w || y >= n - w);
            }
        }
        p.mask = mk;
        p.size[0] = p.size[1] = 0;
    }
    assert_int_equal(maze_grid_create(maze_grid_kind_find(kind), &p, &f->grid),
                     MAZE_OK);
    maze_mask_destroy(mk);
    assert_int_equal(maze_create(f->grid, &f->maze), MAZE_OK);
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = "backtracker",
                                      .seed = 11,
                                      .fractal = fractal};
    assert_int_equal(maze_generate(f->maze, &o), MAZE_OK);
    assert_int_equal(maze_solve(f->maze, &f->path), MAZE_OK);
}

/*
 * The work of a kind's image grows as its pixels do: a maze twice as
 * large each way (four times the cells) costs at most 1.3 times the growth of
 * its cells, every kind, with its solution, in bands of the same bytes (so the
 * larger image has twice as many, half as tall, as a wider image has: the cells
 * that reach two bands are a larger share of thinner ones, 1.02 to 1.22 times
 * the growth here, which cairo's time does not follow). A band that drew
 * anything of the whole maze (its stair marks, its solution, its
 * labels), or looked at every cell, would multiply the larger image's
 * work by its bands.
 */
static void
test_png_band_growth(void **state)
{
    (void)state;
    static const struct {
        const char *kind;
        uint32_t small[3], large[3];
        bool mask;
        unsigned fractal;
    } cases[] = {
        {"hex", {40, 40, 0}, {80, 80, 0}, false, 0},
        {"triangle", {60, 40, 0}, {120, 80, 0}, false, 0},
        {"upsilon", {40, 40, 0}, {80, 80, 0}, false, 0},
        {"zeta", {40, 40, 0}, {80, 80, 0}, false, 0},
        {"theta", {0, 20, 0}, {0, 40, 0}, false, 0},
        {"3d", {12, 12, 6}, {24, 24, 6}, false, 0},
        {"weave", {40, 40, 0}, {80, 80, 0}, false, 0},
        {"rect", {40, 0, 0}, {80, 0, 0}, true, 0},
        /* 4^2 x 4^2 cells and 4^2 x 8^2 (four times as tall: no side
         * of a fractal maze can double), in bands like the rest. */
        {"rect", {16, 16, 0}, {16, 64, 0}, false, 2},
    };
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        struct fixture small = {0}, large = {0};
        growth_maze(&small, cases[k].kind, cases[k].small, cases[k].mask,
                    cases[k].fractal);
        growth_maze(&large, cases[k].kind, cases[k].large, cases[k].mask,
                    cases[k].fractal);
        struct maze_export_options opt = {
            .struct_size = sizeof(struct maze_export_options),
            .solution = small.path};
        struct membuf a, b;
        struct image ia, ib;
        /* Bands a quarter of the smaller image: 4 bands, 8 of the
         * larger (a band looks at a cell or two more than it draws, so
         * one band against many would be unfair). */
        band_work(small.maze, &opt, SIZE_MAX, &a);
        decode(&a, &ia);
        free(a.data);
        size_t rows = (ia.height + 3) / 4;
        size_t bytes = 4 * (size_t)ia.width * rows;
        unsigned long long ws = band_work(small.maze, &opt, bytes, &a);
        opt.solution = large.path;
        unsigned long long wl = band_work(large.maze, &opt, bytes, &b);
        decode(&b, &ib);
        /* The cells, each the same pixels at the same cell size. */
        double px = (double)maze_grid_cell_count(large.grid) /
                    maze_grid_cell_count(small.grid);
        double ratio = (double)wl / (double)ws;
        size_t rows_b = bytes / (4 * (size_t)ib.width);
        print_message("%s%s: %llu units in %zu bands, %llu in %zu for %.2f "
                      "times the cells (%.2f times the work)\n",
                      cases[k].kind, cases[k].mask ? " mask" : "", ws,
                      (ia.height + rows - 1) / rows, wl,
                      (ib.height + rows_b - 1) / rows_b, px, ratio);
        if (ratio > 1.3 * px) {
            fail_msg("%s: %.2f times the work for %.2f times the cells",
                     cases[k].kind, ratio, px);
        }
        free(ia.rgb);
        free(ib.rgb);
        free(a.data);
        free(b.data);
        fixture_finish(&small);
        fixture_finish(&large);
    }
}
#endif

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_png_pixels_2x2),
#if MAZE_HAS_DRAWING
        cmocka_unit_test(test_png_band_work),
        cmocka_unit_test(test_png_band_growth),
#endif
        cmocka_unit_test(test_png_pixels_2x2_solution),
        cmocka_unit_test(test_png_dimensions),
        cmocka_unit_test(test_png_wide),
        cmocka_unit_test(test_png_metadata),
        cmocka_unit_test(test_png_utf8_title),
        cmocka_unit_test(test_png_solution_centred),
        cmocka_unit_test(test_png_generated_walls),
        cmocka_unit_test(test_png_small_cells),
        cmocka_unit_test(test_png_arrows),
        cmocka_unit_test(test_png_rooms_and_loops),
        cmocka_unit_test(test_png_range_errors),
        cmocka_unit_test(test_png_rejects_bad_solution),
        cmocka_unit_test(test_png_deterministic),
        cmocka_unit_test(test_png_failing_sink),
        cmocka_unit_test(test_png_registered),
#if MAZE_HAS_DRAWING
        cmocka_unit_test(test_png_bands),
        cmocka_unit_test(test_png_band_colour_type),
        cmocka_unit_test(test_png_band_kept),
        cmocka_unit_test(test_png_band_kept_packed),
        cmocka_unit_test(test_png_band_greys),
        cmocka_unit_test(test_png_band_grey_index),
        cmocka_unit_test(test_png_paeth_rows),
#endif
        cmocka_unit_test(test_png_threads),
        cmocka_unit_test(test_png_threads_block_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
