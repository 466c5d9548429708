/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for the SVG and PDF exporters (export/vector.c) and the cairo
 * drawing they share (export/cairo_util.h). The drawing is checked by
 * painting the same page onto a cairo image surface and reading pixels at
 * the lattice lines, rather than by diffing bytes that change between
 * cairo versions; the documents are checked for what readers rely on
 * (signature, page size, title, metadata), for byte-identical output from
 * run to run, and for I/O errors from a sink that gives out part way.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include <cairo.h>

#include "core/grid_impl.h"
#include "export/cairo_util.h"
#include <mazegen/mazegen.h>

#include "support.h"

static void
test_vector_registered(void **state)
{
    (void)state;
    const struct maze_format_info *svg = maze_format_find("svg");
    const struct maze_format_info *pdf = maze_format_find("pdf");
    assert_non_null(svg);
    assert_non_null(pdf);
    assert_int_equal(svg->flags, MAZE_FORMAT_VECTOR);
    assert_int_equal(pdf->flags, MAZE_FORMAT_VECTOR | MAZE_FORMAT_PAGED);
    assert_ptr_equal(maze_format_for_path("out/Maze.SVG"), svg);
    assert_ptr_equal(maze_format_for_path("maze.pdf"), pdf);
}

static void
test_vector_pdf_documents(void **state)
{
    (void)state;
    static const struct maze_sheet_options a4 = {
        .struct_size = sizeof(struct maze_sheet_options),
        .page_width = MAZE_A4_WIDTH,
        .page_height = MAZE_A4_HEIGHT};
    static const struct maze_sheet_options letter = MAZE_SHEET_OPTIONS_INIT;
    static const struct {
        const struct maze_sheet_options *sheet;
        const char *media_box;
    } pages[] = {
        {NULL, "/MediaBox [ 0 0 264 264 ]"},
        {&letter, "/MediaBox [ 0 0 612 792 ]"},
        {&a4, "/MediaBox [ 0 0 595.275591 841.889764 ]"},
    };
    struct fixture f;
    fixture_generate(&f, 20, 20, 42, false);
    for (size_t p = 0; p < 3; p++) {
        for (int with = 0; with < 2; with++) {
            struct maze_export_options opt = {
                .struct_size = sizeof(struct maze_export_options),
                .sheet = pages[p].sheet,
                .solution = with ? f.path : NULL};
            struct membuf b;
            assert_int_equal(export_to(f.maze, "pdf", &opt, &b, SIZE_MAX),
                             MAZE_OK);
            assert_true(b.len > 1000);
            assert_memory_equal(b.data, "%PDF-", 5);
            assert_true(membuf_holds(&b, "%%EOF"));
            assert_true(membuf_holds(&b, pages[p].media_box));
            if (pages[p].sheet == NULL) {
                assert_true(membuf_holds(&b, "/Title (mazegen -W 20 -H 20 -a "
                                             "backtracker -s 42"));
                assert_true(membuf_holds(&b, "answer key") == (with == 1));
            } else {
                /* A one-puzzle sheet: titled, with its provenance. */
                assert_true(membuf_holds(&b, "/Title (Maze)"));
                assert_true(membuf_holds(&b, "1 maze of 20x20 cells"));
            }
            assert_true(membuf_holds(&b, "seed=42"));
            assert_true(membuf_holds(&b, "/Creator (mazegen " MAZEGEN_VERSION));
            /* Only sheets carry text: the title and the footer. */
            assert_true(membuf_holds(&b, "/Font") == (pages[p].sheet != NULL));
            free(b.data);
        }
    }
    fixture_finish(&f);
}

static void
test_vector_svg_documents(void **state)
{
    (void)state;
    struct fixture f;
    fixture_generate(&f, 20, 20, 42, false);
    struct membuf none[2];
    for (int with = 0; with < 2; with++) {
        struct maze_export_options opt = {
            .struct_size = sizeof(struct maze_export_options),
            .solution = with ? f.path : NULL};
        assert_int_equal(export_to(f.maze, "svg", &opt, &none[with], SIZE_MAX),
                         MAZE_OK);
        struct membuf *b = &none[with];
        assert_memory_equal(b->data, "<?xml", 5);
        assert_true(membuf_holds(b, "-title\">mazegen -W 20 -H 20 -a "
                                    "backtracker -s 42</title>"));
        assert_true(membuf_holds(b, "-desc\">Made by mazegen"));
        assert_true(membuf_holds(b, "viewBox=\"0 0 264 264\""));
        assert_true(membuf_holds(b, "width=\"264pt\""));
        assert_true(membuf_holds(b, "height=\"264pt\""));
        assert_memory_equal(b->data + b->len - 7, "</svg>\n", 7);
        /* On paper, SVG draws the sheet's one page. */
        struct maze_sheet_options sheet = {
            .struct_size = sizeof(struct maze_sheet_options),
            .title = "Fish & <chips>"};
        opt.sheet = &sheet;
        struct membuf letter;
        assert_int_equal(export_to(f.maze, "svg", &opt, &letter, SIZE_MAX),
                         MAZE_OK);
        assert_true(membuf_holds(&letter, "width=\"612pt\""));
        assert_true(membuf_holds(&letter, "height=\"792pt\""));
        assert_true(
            membuf_holds(&letter, "-title\">Fish &amp; &lt;chips&gt;: "));
        free(letter.data);
    }
    /* The solution adds a stroke. */
    assert_true(none[1].len > none[0].len);
    free(none[0].data);
    free(none[1].data);
    fixture_finish(&f);
}

static void
test_vector_svg_title_escaped(void **state)
{
    (void)state;
    struct fixture f;
    fixture_generate(&f, 5, 5, 42, false);
    struct maze_provenance p = {.algorithm = "a<b&\"c'\x01\xff", .seed = 9};
    maze_set_provenance(f.maze, &p);
    struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
    struct membuf b;
    assert_int_equal(export_to(f.maze, "svg", &opt, &b, SIZE_MAX), MAZE_OK);
    assert_true(
        membuf_holds(&b, "algorithm a&lt;b&amp;&quot;c&apos;??, seed 9"));
    assert_false(membuf_holds(&b, "a<b"));
    free(b.data);
    assert_int_equal(export_to(f.maze, "pdf", &opt, &b, SIZE_MAX), MAZE_OK);
    free(b.data);
    fixture_finish(&f);
}

/* Every id="X" of b starts with prefix, and every reference names one. */
static void
assert_ids_prefixed(const struct membuf *b, const char *prefix)
{
    static const char *const refs[] = {" id=\"", "href=\"#", "url(#",
                                       "aria-labelledby=\""};
    size_t np = strlen(prefix), found = 0;
    for (size_t r = 0; r < 4; r++) {
        size_t n = strlen(refs[r]);
        for (size_t i = 0; i + n <= b->len; i++) {
            if (memcmp(b->data + i, refs[r], n) == 0) {
                assert_true(i + n + np < b->len);
                assert_memory_equal(b->data + i + n, prefix, np);
                assert_int_equal(b->data[i + n + np], '-');
                found++;
            }
        }
    }
    assert_true(found >= 3);
}

static void
test_vector_svg_inline(void **state)
{
    (void)state;
    struct fixture f, g;
    fixture_generate(&f, 12, 9, 42, false);
    fixture_generate(&g, 12, 9, 43, false);
    struct maze_sheet_options paper = {.struct_size =
                                           sizeof(struct maze_sheet_options),
                                       .title = "Zebra Quiz",
                                       .answers = MAZE_ANSWERS_SAME_PAGE};
    for (int sheet = 0; sheet < 2; sheet++) {
        struct maze_export_options opt = {
            .struct_size = sizeof(struct maze_export_options),
            .solution = f.path,
            .sheet = sheet ? &paper : NULL};
        struct membuf a, a2, b, named;
        assert_int_equal(export_to(f.maze, "svg", &opt, &a, SIZE_MAX), MAZE_OK);
        assert_int_equal(export_to(f.maze, "svg", &opt, &a2, SIZE_MAX),
                         MAZE_OK);
        opt.solution = g.path;
        assert_int_equal(export_to(g.maze, "svg", &opt, &b, SIZE_MAX), MAZE_OK);
        /* The prefix is a hash of the document: the same document, the
         * same bytes; another maze, another prefix. */
        assert_int_equal(a.len, a2.len);
        assert_memory_equal(a.data, a2.data, a.len);
        const char *id = strstr(a.data, "<title id=\"");
        assert_non_null(id);
        char prefix[14];
        memcpy(prefix, id + 11, 13);
        prefix[13] = '\0';
        assert_int_equal(prefix[0], 'm');
        assert_true(maze_id_prefix_valid(prefix));
        assert_ids_prefixed(&a, prefix);
        assert_false(membuf_holds(&b, prefix));
        /* Classes, the layer, the role. */
        assert_true(membuf_holds(&a, " role=\"img\" aria-labelledby=\""));
        assert_true(membuf_holds(&a, "class=\"mazegen-walls\""));
        assert_true(membuf_holds(&a, "class=\"mazegen-solution\" "
                                     "inkscape:groupmode=\"layer\""));
        assert_true(membuf_holds(&a, "xmlns:inkscape=\""));
        assert_true(membuf_holds(&a, "class=\"mazegen-start\""));
        assert_true(membuf_holds(&a, "class=\"mazegen-finish\""));
        assert_true(membuf_holds(&a, "class=\"mazegen-text\"") == sheet);
        /* Sheets are white by default, mazes transparent. */
        assert_true(membuf_holds(&a, "mazegen-background") == sheet);
        /* A prefix of one's own, and the other background. */
        struct maze_svg_options svg = {
            .struct_size = sizeof(struct maze_svg_options),
            .id_prefix = "Fig_2.a-",
            .background = sheet ? MAZE_BACKGROUND_NONE : MAZE_BACKGROUND_WHITE};
        opt.svg = &svg;
        assert_int_equal(export_to(g.maze, "svg", &opt, &named, SIZE_MAX),
                         MAZE_OK);
        assert_ids_prefixed(&named, "Fig_2.a-");
        assert_true(membuf_holds(&named, "mazegen-background") == !sheet);
        free(named.data);
        svg.id_prefix = "2fig";
        assert_int_equal(export_to(g.maze, "svg", &opt, &named, SIZE_MAX),
                         MAZE_ERR_INVALID);
        assert_int_equal(named.len, 0);
        free(named.data);
        free(a.data);
        free(a2.data);
        free(b.data);
    }
    static const char *const bad[] = {"",    "1a",       "-a",  "a b",
                                      "a:b", "\xc3\xa9", "a\"", NULL};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        assert_false(maze_id_prefix_valid(bad[i]));
    }
    char longest[MAZE_ID_PREFIX_MAX + 2];
    memset(longest, 'a', sizeof(longest));
    longest[MAZE_ID_PREFIX_MAX] = '\0';
    assert_true(maze_id_prefix_valid(longest));
    longest[MAZE_ID_PREFIX_MAX] = 'a';
    longest[MAZE_ID_PREFIX_MAX + 1] = '\0';
    assert_false(maze_id_prefix_valid(longest));
    assert_true(maze_id_prefix_valid("_"));
    fixture_finish(&f);
    fixture_finish(&g);
}

/* A page drawn onto an image surface, one pixel per point, on white. */
struct picture {
    cairo_surface_t *surface;
    unsigned char *data;
    int stride, width, height;
};

static void
picture_draw(struct picture *pic, const struct fixture *f,
             const struct maze_export_options *opt, struct maze__page *pg)
{
    double w, h;
    maze_grid_extent(f->grid, &w, &h);
    assert_int_equal(maze__page_plan(w, h, opt, 1e6, pg), MAZE_OK);
    struct maze__layout lay;
    assert_int_equal(maze__layout_build(f->maze, opt->solution, &lay), MAZE_OK);
    pic->width = (int)ceil(pg->width);
    pic->height = (int)ceil(pg->height);
    pic->surface =
        cairo_image_surface_create(CAIRO_FORMAT_RGB24, pic->width, pic->height);
    cairo_t *cr = cairo_create(pic->surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    maze__draw_maze(cr, f->maze, &lay, pg);
    assert_int_equal(cairo_status(cr), CAIRO_STATUS_SUCCESS);
    cairo_destroy(cr);
    cairo_surface_flush(pic->surface);
    pic->data = cairo_image_surface_get_data(pic->surface);
    pic->stride = cairo_image_surface_get_stride(pic->surface);
    maze__layout_finish(&lay);
}

/* The pixel at page point (x, y) as 0xRRGGBB. */
static uint32_t
pixel(const struct picture *pic, double x, double y)
{
    int px = (int)floor(x), py = (int)floor(y);
    assert_true(px >= 0 && px < pic->width && py >= 0 && py < pic->height);
    uint32_t v;
    memcpy(&v, pic->data + (size_t)py * pic->stride + (size_t)px * 4, 4);
    return v & 0xffffff;
}

static bool
is_dark(uint32_t c)
{
    return (c >> 16 & 0xff) < 64 && (c >> 8 & 0xff) < 64 && (c & 0xff) < 64;
}

static bool
is_white(uint32_t c)
{
    return (c >> 16 & 0xff) > 230 && (c >> 8 & 0xff) > 230 && (c & 0xff) > 230;
}

/* Near #1f5fd1, #1a9850, #d73027: the solution, start and finish. */
static bool
is_near(uint32_t c, uint32_t want)
{
    for (int shift = 0; shift <= 16; shift += 8) {
        int d = (int)(c >> shift & 0xff) - (int)(want >> shift & 0xff);
        if (d < -24 || d > 24) {
            return false;
        }
    }
    return true;
}

/* Whether side `side` of cell (x, y) is drawn as a wall, from the API. */
static bool
side_is_wall(const struct maze *m, uint32_t x, uint32_t y, unsigned side)
{
    const struct maze_grid *g = maze_grid(m);
    uint32_t c = y * maze_grid_width(g) + x;
    struct maze_side s[MAZE_GRID_MAX_DEGREE];
    maze_grid_cell_sides(g, c, s);
    if (s[side].edge != MAZE_NONE) {
        return !maze_is_open(m, s[side].edge);
    }
    return !is_opening(m, c, side);
}

static void
test_vector_draw_walls(void **state)
{
    (void)state;
    struct fixture f;
    fixture_generate(&f, 20, 20, 42, true);
    struct maze_export_options opt = {.struct_size =
                                          sizeof(struct maze_export_options),
                                      .cell_size = {12, MAZE_UNIT_PT},
                                      .wall_width = {3, MAZE_UNIT_PT}};
    struct picture pic;
    struct maze__page pg;
    picture_draw(&pic, &f, &opt, &pg);
    assert_true(pg.cell == 12 && pg.wall == 3 && pg.x == 12 && pg.y == 12);
    /* The middle of every cell's north and west side (and the south and
     * east of the last row and column): dark exactly where a wall is. */
    size_t walls = 0, gaps = 0;
    for (uint32_t y = 0; y < 20; y++) {
        for (uint32_t x = 0; x < 20; x++) {
            double cx = pg.x + (x + 0.5) * pg.cell;
            double cy = pg.y + (y + 0.5) * pg.cell;
            double half = pg.cell / 2;
            const struct {
                unsigned side;
                double px, py;
                bool check;
            } probes[] = {
                {MAZE__SIDE_N, cx, cy - half, true},
                {MAZE__SIDE_W, cx - half, cy, true},
                {MAZE__SIDE_S, cx, cy + half, y == 19},
                {MAZE__SIDE_E, cx + half, cy, x == 19},
            };
            for (int i = 0; i < 4; i++) {
                if (!probes[i].check) {
                    continue;
                }
                uint32_t c = pixel(&pic, probes[i].px, probes[i].py);
                bool wall = side_is_wall(f.maze, x, y, probes[i].side);
                assert_true(wall ? is_dark(c) : is_white(c));
                walls += wall;
                gaps += !wall;
            }
        }
    }
    /* Perfect maze: 399 passages; 80 boundary units less two openings. */
    assert_int_equal(gaps, 399 + 2);
    assert_int_equal(walls, 2 * 20 * 19 - 399 + 80 - 2);
    /* Corners close: the square caps reach past the outer corners. */
    assert_true(is_dark(pixel(&pic, pg.x - 1, pg.y - 1)));
    assert_true(is_dark(pixel(&pic, pg.x + 240.5, pg.y + 240.5)));
    /* Arrows in the margin: green into the start (west of cell 0), red
     * out of the finish (east of the last cell). */
    assert_true(is_near(pixel(&pic, pg.x - 7, pg.y + 6), 0x1a9850));
    assert_true(is_near(pixel(&pic, pg.x + 246, pg.y + 234), 0xd73027));
    assert_true(is_white(pixel(&pic, pg.x - 7, pg.y + 18)));
    cairo_surface_destroy(pic.surface);
    fixture_finish(&f);
}

static void
test_vector_draw_solution(void **state)
{
    (void)state;
    struct fixture f;
    fixture_generate(&f, 20, 20, 42, true);
    struct maze_export_options opt = {
        .struct_size = sizeof(struct maze_export_options), .solution = f.path};
    struct picture pic;
    struct maze__page pg;
    picture_draw(&pic, &f, &opt, &pg);
    bool *on_path = calloc(400, sizeof(bool));
    assert_non_null(on_path);
    for (size_t i = 0; i < f.path->length; i++) {
        on_path[f.path->cells[i]] = true;
    }
    for (uint32_t c = 0; c < 400; c++) {
        double x = pg.x + (c % 20 + 0.5) * pg.cell;
        double y = pg.y + (c / 20 + 0.5) * pg.cell;
        assert_true(on_path[c] == is_near(pixel(&pic, x, y), 0x1f5fd1));
    }
    /* The line runs on to the openings in the outer wall. */
    assert_true(is_near(pixel(&pic, pg.x + 1, pg.y + 6), 0x1f5fd1));
    free(on_path);
    cairo_surface_destroy(pic.surface);
    fixture_finish(&f);
}

/* Luminance 0 to 255 of a pixel, as a grayscale printer sees it. */
static double
luma(uint32_t c)
{
    return 0.299 * (c >> 16 & 0xff) + 0.587 * (c >> 8 & 0xff) +
           0.114 * (c & 0xff);
}

/* The solution line is at least twice as thick as the walls, whatever
 * walls are asked for (so it is never mistaken for one), and prints as a
 * mid grey between them and paper. */
static void
test_vector_solution_reads(void **state)
{
    (void)state;
    static const double walls[] = {0, 1, 3, 5};
    struct fixture f;
    fixture_generate(&f, 20, 20, 42, true);
    for (size_t k = 0; k < sizeof(walls) / sizeof(walls[0]); k++) {
        struct maze_export_options opt = {
            .struct_size = sizeof(struct maze_export_options),
            .cell_size = {14, MAZE_UNIT_PT},
            .wall_width = {walls[k], MAZE_UNIT_PT},
            .solution = f.path};
        struct picture pic;
        struct maze__page pg;
        picture_draw(&pic, &f, &opt, &pg);
        size_t measured = 0;
        for (size_t i = 1; i + 1 < f.path->length; i++) {
            uint32_t a = f.path->cells[i - 1], c = f.path->cells[i],
                     b = f.path->cells[i + 1];
            /* A cell the path crosses west to east: its column through
             * the centre cuts the line across. */
            if (a / 20 != c / 20 || b / 20 != c / 20) {
                continue;
            }
            double x = pg.x + (c % 20 + 0.5) * pg.cell;
            double y0 = pg.y + (c / 20) * pg.cell;
            int run = 0;
            for (int d = 0; d < (int)pg.cell; d++) {
                uint32_t px = pixel(&pic, x, y0 + d + 0.5);
                run += is_near(px, 0x1f5fd1);
            }
            /* The walls go over the line's edges: what shows is twice
             * the wall, or the whole passage when walls are thicker than
             * a third of the cell. */
            double shows = fmin(2 * pg.wall, pg.cell - pg.wall);
            assert_true(run >= (int)floor(shows) - 1);
            double mid = luma(pixel(&pic, x, y0 + pg.cell / 2));
            assert_true(mid > 0.25 * 255 && mid < 0.6 * 255);
            measured++;
        }
        assert_true(measured > 0);
        assert_true(maze__solution_width(&pg) >= 2 * pg.wall);
        cairo_surface_destroy(pic.surface);
    }
    fixture_finish(&f);
}

static void
test_vector_draw_discs(void **state)
{
    (void)state;
    /* Interior endpoints, and corner ones with too thin a margin for an
     * arrow: both marked by a disc in the cell. */
    for (int corners = 0; corners < 2; corners++) {
        struct fixture f;
        fixture_generate(&f, 20, 20, 42, corners);
        struct maze_export_options opt = {
            .struct_size = sizeof(struct maze_export_options),
            .margin = {3, MAZE_UNIT_PT}};
        if (!corners) {
            opt.margin.value = 0;
            uint32_t a = 5 * 20 + 4, b = 12 * 20 + 15;
            assert_int_equal(maze_set_endpoints(f.maze, a, b), MAZE_OK);
        }
        struct picture pic;
        struct maze__page pg;
        picture_draw(&pic, &f, &opt, &pg);
        uint32_t s = maze_start(f.maze), e = maze_finish(f.maze);
        double sx = pg.x + (s % 20 + 0.5) * pg.cell;
        double sy = pg.y + (s / 20 + 0.5) * pg.cell;
        double ex = pg.x + (e % 20 + 0.5) * pg.cell;
        double ey = pg.y + (e / 20 + 0.5) * pg.cell;
        assert_true(is_near(pixel(&pic, sx, sy), 0x1a9850));
        assert_true(is_near(pixel(&pic, ex, ey), 0xd73027));
        cairo_surface_destroy(pic.surface);
        fixture_finish(&f);
    }
}

static void
test_vector_page_plan(void **state)
{
    (void)state;
    struct maze__page pg;
    struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
    assert_int_equal(maze__page_plan(20, 20, &opt, 14400, &pg), MAZE_OK);
    assert_true(pg.cell == 12 && pg.wall == 1.5 && pg.width == 264);
    assert_true(pg.x == 12 && pg.room == 12);

    /* A margin in millimetres, a wall in pixels (1/96 in). */
    opt.margin = (struct maze_length){25.4, MAZE_UNIT_MM};
    opt.wall_width = (struct maze_length){4, MAZE_UNIT_PX};
    assert_int_equal(maze__page_plan(10, 5, &opt, 14400, &pg), MAZE_OK);
    assert_true(fabs(pg.room - 72) < 1e-9 && fabs(pg.wall - 3) < 1e-9);
    assert_true(fabs(pg.width - (120 + 144)) < 1e-9);
    assert_true(fabs(pg.height - (60 + 144)) < 1e-9);
    /* Wider than the format allows. */
    assert_int_equal(maze__page_plan(10, 5, &opt, 200, &pg), MAZE_ERR_RANGE);
}

static void
sleep_a_while(void)
{
    struct timespec ts = {1, 100000000};
    while (nanosleep(&ts, &ts) != 0) {
    }
}

static void
test_vector_deterministic(void **state)
{
    (void)state;
    static const char *const formats[] = {"pdf", "svg"};
    struct fixture f;
    fixture_generate(&f, 20, 20, 42, true);
    struct maze_sheet_options sheet = {.struct_size =
                                           sizeof(struct maze_sheet_options),
                                       .title = "Tuesday",
                                       .name_line = true};
    struct maze_export_options opt = {.struct_size =
                                          sizeof(struct maze_export_options),
                                      .sheet = &sheet,
                                      .solution = f.path};
    struct membuf first[2], second[2];
    for (int i = 0; i < 2; i++) {
        assert_int_equal(
            export_to(f.maze, formats[i], &opt, &first[i], SIZE_MAX), MAZE_OK);
    }
    /* Past a second boundary, so a clock anywhere in the output shows. */
    sleep_a_while();
    for (int i = 0; i < 2; i++) {
        assert_int_equal(
            export_to(f.maze, formats[i], &opt, &second[i], SIZE_MAX), MAZE_OK);
        assert_int_equal(first[i].len, second[i].len);
        assert_memory_equal(first[i].data, second[i].data, first[i].len);
        free(first[i].data);
        free(second[i].data);
    }
    fixture_finish(&f);
}

static void
test_vector_source_date_epoch(void **state)
{
    (void)state;
    struct fixture f;
    fixture_generate(&f, 4, 4, 42, true);
    struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
    struct membuf b;
    assert_int_equal(setenv("SOURCE_DATE_EPOCH", "1700000000", 1), 0);
    assert_int_equal(export_to(f.maze, "pdf", &opt, &b, SIZE_MAX), MAZE_OK);
    assert_true(membuf_holds(&b, "/CreationDate ("));
    assert_true(membuf_holds(&b, "20231114221320"));
    free(b.data);
    /* Garbage falls back to the epoch rather than to the clock. */
    assert_int_equal(setenv("SOURCE_DATE_EPOCH", "soon", 1), 0);
    assert_int_equal(export_to(f.maze, "pdf", &opt, &b, SIZE_MAX), MAZE_OK);
    assert_true(membuf_holds(&b, "19700101000000"));
    free(b.data);
    assert_int_equal(unsetenv("SOURCE_DATE_EPOCH"), 0);
    assert_int_equal(export_to(f.maze, "pdf", &opt, &b, SIZE_MAX), MAZE_OK);
    assert_true(membuf_holds(&b, "19700101000000"));
    free(b.data);
    fixture_finish(&f);
}

static void
test_vector_failing_sink(void **state)
{
    (void)state;
    static const char *const formats[] = {"pdf", "svg"};
    struct fixture f;
    fixture_generate(&f, 20, 20, 42, true);
    struct maze_sheet_options sheet = {.struct_size =
                                           sizeof(struct maze_sheet_options),
                                       .title = "Tuesday",
                                       .name_line = true};
    struct maze_export_options opt = {.struct_size =
                                          sizeof(struct maze_export_options),
                                      .sheet = &sheet,
                                      .solution = f.path};
    for (int i = 0; i < 2; i++) {
        struct membuf full;
        assert_int_equal(export_to(f.maze, formats[i], &opt, &full, SIZE_MAX),
                         MAZE_OK);
        size_t limits[] = {0,   1,   10,   100,          200,
                           300, 400, 1000, full.len / 2, full.len - 1};
        /* Leaks on these paths are caught by the sanitizer build's leak
         * checker (and valgrind): cairo's caches keep growing for a few
         * hundred documents, so heap totals here would prove nothing. */
        for (size_t k = 0; k < sizeof(limits) / sizeof(limits[0]); k++) {
            struct membuf b;
            assert_int_equal(export_to(f.maze, formats[i], &opt, &b, limits[k]),
                             MAZE_ERR_IO);
            assert_true(b.len <= limits[k]);
            free(b.data);
        }
        /* Exactly enough room is enough. */
        struct membuf b;
        assert_int_equal(export_to(f.maze, formats[i], &opt, &b, full.len),
                         MAZE_OK);
        assert_int_equal(b.len, full.len);
        free(b.data);
        free(full.data);
    }
    fixture_finish(&f);
}

static void
test_vector_range(void **state)
{
    (void)state;
    struct fixture big;
    fixture_generate(&big, 600, 600, 42, false);
    struct fixture f;
    fixture_generate(&f, 20, 20, 42, false);
    struct membuf b;
    /* Cells under a point on letter paper. */
    struct maze_sheet_options paper = MAZE_SHEET_OPTIONS_INIT;
    struct maze_export_options letter = {
        .struct_size = sizeof(struct maze_export_options), .sheet = &paper};
    assert_int_equal(export_to(big.maze, "pdf", &letter, &b, SIZE_MAX),
                     MAZE_ERR_RANGE);
    assert_int_equal(b.len, 0);
    free(b.data);
    /* A page larger than PDF allows (600 x 30pt plus margins). */
    struct maze_export_options none = {.struct_size =
                                           sizeof(struct maze_export_options),
                                       .cell_size = {30, MAZE_UNIT_PT}};
    assert_int_equal(export_to(big.maze, "pdf", &none, &b, SIZE_MAX),
                     MAZE_ERR_RANGE);
    free(b.data);
    const struct maze_export_options bad[] = {
        {.struct_size = sizeof(struct maze_export_options),
         .cell_size = {0.5, MAZE_UNIT_PT}},
        {.struct_size = sizeof(struct maze_export_options),
         .cell_size = {10, MAZE_UNIT_PT},
         .wall_width = {10, MAZE_UNIT_PT}},
        {.struct_size = sizeof(struct maze_export_options),
         .cell_size = {NAN, MAZE_UNIT_PT}},
        {.struct_size = sizeof(struct maze_export_options),
         .margin = {INFINITY, MAZE_UNIT_MM}},
        {.struct_size = sizeof(struct maze_export_options),
         .cell_size = {1e300, MAZE_UNIT_IN}},
        /* Margins that leave no room on the paper. */
        {.struct_size = sizeof(struct maze_export_options),
         .sheet = &paper,
         .margin = {5, MAZE_UNIT_IN}},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        for (int pdf = 0; pdf < 2; pdf++) {
            assert_int_equal(
                export_to(f.maze, pdf ? "pdf" : "svg", &bad[i], &b, SIZE_MAX),
                MAZE_ERR_RANGE);
            free(b.data);
        }
    }
    /* A solution naming a cell off the grid. */
    struct maze_path path = {(uint32_t[]){0, 400}, 2};
    struct maze_export_options opt = {
        .struct_size = sizeof(struct maze_export_options), .solution = &path};
    assert_int_equal(export_to(f.maze, "svg", &opt, &b, SIZE_MAX),
                     MAZE_ERR_INVALID);
    free(b.data);
    fixture_finish(&f);
    fixture_finish(&big);
}

/*
 * The sanitizer build's leak checker reads this hook. fontconfig, reached
 * through cairo's text on paper pages, leaks part of its parsed
 * configuration once per process; that is not ours to fix, and suppressing
 * it by library leaves every leak on our own paths reported.
 */
const char *__lsan_default_suppressions(void);

const char *
__lsan_default_suppressions(void)
{
    return "leak:libfontconfig.so\n";
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vector_registered),
        cmocka_unit_test(test_vector_pdf_documents),
        cmocka_unit_test(test_vector_svg_documents),
        cmocka_unit_test(test_vector_svg_title_escaped),
        cmocka_unit_test(test_vector_svg_inline),
        cmocka_unit_test(test_vector_draw_walls),
        cmocka_unit_test(test_vector_draw_solution),
        cmocka_unit_test(test_vector_solution_reads),
        cmocka_unit_test(test_vector_draw_discs),
        cmocka_unit_test(test_vector_page_plan),
        cmocka_unit_test(test_vector_deterministic),
        cmocka_unit_test(test_vector_source_date_epoch),
        cmocka_unit_test(test_vector_failing_sink),
        cmocka_unit_test(test_vector_range),
    };
    return cmocka_run_group_tests(tests, NULL, teardown_cairo);
}
