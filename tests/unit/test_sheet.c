/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for puzzle sheets (export/sheet.c and maze_export_sheet()):
 * paper names, UTF-8 checks, the fit and capacity arithmetic, the plan
 * (pages, slots, keys a page), pages drawn onto an image surface and read
 * back (walls in every slot, nothing in the margins, the solution colour
 * only on keys), the documents' page counts and metadata, and every error
 * the API promises; text fitted by shrinking, then wrapping, then refused
 * with what fits, and every script set.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <cairo.h>

#include "core/utf8.h"
#include "export/pdf_pages.h"
#include "export/sheet.h"
#include "export/sheet_impl.h"
#include <mazegen/mazegen.h>

#include "support.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* A book of n generated w x h puzzles, numbered from 1, solved. */
struct book {
    struct fixture f[12];
    struct maze_puzzle p[12];
    size_t n;
};

static void
book_make(struct book *b, size_t n, uint32_t w, uint32_t h)
{
    assert_true(n <= COUNT(b->f));
    b->n = n;
    for (size_t i = 0; i < n; i++) {
        fixture_generate(&b->f[i], w, h, maze_seed_derive(9, i + 1), false);
        b->p[i] = (struct maze_puzzle){.maze = b->f[i].maze,
                                       .solution = b->f[i].path,
                                       .number = (unsigned)i + 1};
    }
}

static void
book_finish(struct book *b)
{
    for (size_t i = 0; i < b->n; i++) {
        fixture_finish(&b->f[i]);
    }
}

static size_t
count_of(const struct membuf *m, const char *needle)
{
    size_t n = 0, len = strlen(needle);
    for (size_t i = 0; i + len <= m->len; i++) {
        n += memcmp(m->data + i, needle, len) == 0;
    }
    return n;
}

static int
sheet_to(const struct book *b, const char *format,
         const struct maze_export_options *opt,
         const struct maze_sheet_options *so, struct membuf *m)
{
    struct maze_sink sink = membuf_sink(m, SIZE_MAX, SIZE_MAX);
    return maze_export_sheet(b->p, b->n, format, opt, so, &sink);
}

/* PDF pages: cairo writes "/Type /Page" once per page (and /Pages once). */
static size_t
pdf_pages(const struct membuf *m)
{
    return count_of(m, "/Type /Page\n") + count_of(m, "/Type /Page ");
}

/* Points in a millimetre, for ISO sizes. */
#define MM (72 / 25.4)

static void
test_sheet_paper_parse(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int rc;
        double w, h;
    } cases[] = {
        {"letter", MAZE_OK, 612, 792},
        {"a4", MAZE_OK, 595.2755905511812, 841.8897637795276},
        {"legal", MAZE_OK, 612, 1008},
        {"8.5x11in", MAZE_OK, 612, 792},
        {"210x297mm", MAZE_OK, 595.2755905511812, 841.8897637795276},
        {"400x600pt", MAZE_OK, 400, 600},
        {".5x11in", MAZE_ERR_RANGE, 0, 0},
        {"1x1in", MAZE_OK, 72, 72},
        {"200x200in", MAZE_OK, 14400, 14400},
        {"201x10in", MAZE_ERR_RANGE, 0, 0},
        {"8.5x11", MAZE_ERR_INVALID, 0, 0},
        {"8.5x11ft", MAZE_ERR_INVALID, 0, 0},
        {"8.5X11in", MAZE_OK, 612, 792},
        {"8.5x11IN", MAZE_OK, 612, 792},
        {"11x17", MAZE_OK, 792, 1224},
        {"11x17in", MAZE_OK, 792, 1224},
        {"x11in", MAZE_ERR_INVALID, 0, 0},
        {"8.x11in", MAZE_ERR_INVALID, 0, 0},
        {"-8x11in", MAZE_ERR_INVALID, 0, 0},
        {"8x11in ", MAZE_ERR_INVALID, 0, 0},
        {"Letter", MAZE_OK, 612, 792},
        {"A3", MAZE_OK, 841.8897637795276, 1190.551181102362},
        {"a5", MAZE_OK, 419.5275590551181, 595.2755905511812},
        {"b5", MAZE_OK, 498.8976377952756, 708.6614173228346},
        {"TABLOID", MAZE_OK, 792, 1224},
        {"ledger", MAZE_OK, 1224, 792},
        {"LEDGER", MAZE_OK, 1224, 792},
        {"executive", MAZE_OK, 522, 756},
        {"half-letter", MAZE_OK, 396, 612},
        {"21x29.7cm", MAZE_OK, 595.2755905511812, 841.8897637795276},
        {"letterx", MAZE_ERR_INVALID, 0, 0},
        {"a6", MAZE_OK, 105 * MM, 148 * MM},
        {"A10", MAZE_OK, 26 * MM, 37 * MM},
        {"b0", MAZE_OK, 1000 * MM, 1414 * MM},
        {"b10", MAZE_OK, 31 * MM, 44 * MM},
        {"c4", MAZE_OK, 229 * MM, 324 * MM},
        {"C8", MAZE_OK, 57 * MM, 81 * MM},
        {"dl", MAZE_OK, 110 * MM, 220 * MM},
        {"a11", MAZE_ERR_INVALID, 0, 0},
        {"c9", MAZE_ERR_INVALID, 0, 0},
        {"", MAZE_ERR_INVALID, 0, 0},
        {"1e2x1e2pt", MAZE_ERR_INVALID, 0, 0},
    };
    for (size_t i = 0; i < COUNT(cases); i++) {
        double w = -1, h = -1;
        int rc = maze_paper_parse(cases[i].text, &w, &h);
        if (rc != cases[i].rc) {
            fail_msg("'%s': status %d, want %d", cases[i].text, rc,
                     cases[i].rc);
        }
        if (rc == MAZE_OK) {
            assert_true(fabs(w - cases[i].w) < 1e-6);
            assert_true(fabs(h - cases[i].h) < 1e-6);
        }
    }
    double w, h;
    assert_int_equal(maze_paper_parse(NULL, &w, &h), MAZE_ERR_INVALID);
    assert_int_equal(maze_paper_parse("a4", NULL, &h), MAZE_ERR_INVALID);
}

/* Every name maze_paper_name_at() lists parses, letter first. */
static void
test_sheet_paper_names(void **state)
{
    (void)state;
    size_t n = 0;
    double w, h;
    for (const char *name; (name = maze_paper_name_at(n)) != NULL; n++) {
        assert_int_equal(maze_paper_parse(name, &w, &h), MAZE_OK);
    }
    /* libpaper's list (a0-a10, b0-b10, c2-c8, the US sizes...). */
    assert_true(n >= 50);
    assert_string_equal(maze_paper_name_at(0), "letter");
    assert_null(maze_paper_name_at(SIZE_MAX));
}

static void
test_sheet_utf8(void **state)
{
    (void)state;
    static const struct {
        const char *s;
        bool ok;
    } cases[] = {
        {"", true},
        {"plain ASCII", true},
        {"caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x90\xad", true},
        {"\xc3", false},             /* cut short */
        {"\xc3\x28", false},         /* bad continuation */
        {"\xc0\xaf", false},         /* overlong '/' */
        {"\xe0\x80\xaf", false},     /* overlong */
        {"\xed\xa0\x80", false},     /* a surrogate */
        {"\xf4\x90\x80\x80", false}, /* past U+10FFFF */
        {"\xff", false},
        {"\x80", false},
    };
    for (size_t i = 0; i < COUNT(cases); i++) {
        assert_int_equal(maze__utf8_valid(cases[i].s), cases[i].ok);
    }
    assert_false(maze__utf8_valid(NULL));
}

static void
test_sheet_fit_and_capacity(void **state)
{
    (void)state;
    struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
    struct maze_sheet_options so = MAZE_SHEET_OPTIONS_INIT;
    double one, four;
    assert_int_equal(maze_sheet_fit(&opt, &so, 20, 20, &one), MAZE_OK);
    so.per_page = 4;
    assert_int_equal(maze_sheet_fit(&opt, &so, 20, 20, &four), MAZE_OK);
    /* Four to a page: about half the size, and never more. */
    assert_true(four < one && four > one / 2.5);
    /* A wide maze fits landscape paper better. */
    so = (struct maze_sheet_options)MAZE_SHEET_OPTIONS_INIT;
    double wide_p, wide_l;
    assert_int_equal(maze_sheet_fit(&opt, &so, 80, 20, &wide_p), MAZE_OK);
    so.landscape = true;
    assert_int_equal(maze_sheet_fit(&opt, &so, 80, 20, &wide_l), MAZE_OK);
    assert_true(wide_l > wide_p);

    /* Capacity at a cell size: that many cells fit, one more does not. */
    so = (struct maze_sheet_options)MAZE_SHEET_OPTIONS_INIT;
    uint32_t w, h;
    assert_int_equal(maze_sheet_capacity(&opt, &so, 9, &w, &h), MAZE_OK);
    assert_int_equal(w, 57); /* 1/8 in cells on letter, as documented */
    double fit;
    assert_int_equal(maze_sheet_fit(&opt, &so, w, h, &fit), MAZE_OK);
    assert_true(fit >= 9 - 1e-9);
    assert_int_equal(maze_sheet_fit(&opt, &so, w + 1, h, &fit), MAZE_OK);
    assert_true(fit < 9);
    assert_int_equal(maze_sheet_fit(&opt, &so, w, h + 1, &fit), MAZE_OK);
    assert_true(fit < 9);

    /* Errors. */
    assert_int_equal(maze_sheet_fit(&opt, &so, 2000, 2000, &fit),
                     MAZE_ERR_RANGE);
    assert_int_equal(maze_sheet_capacity(&opt, &so, 600, &w, &h),
                     MAZE_ERR_RANGE);
    assert_int_equal(maze_sheet_capacity(&opt, &so, 0.5, &w, &h),
                     MAZE_ERR_INVALID);
    so.per_page = 3;
    assert_int_equal(maze_sheet_fit(&opt, &so, 20, 20, &fit), MAZE_ERR_INVALID);
    so.per_page = 0;
    opt.margin = (struct maze_length){5, MAZE_UNIT_IN};
    assert_int_equal(maze_sheet_fit(&opt, &so, 20, 20, &fit), MAZE_ERR_RANGE);
    assert_int_equal(maze_sheet_fit(NULL, NULL, 20, 20, NULL),
                     MAZE_ERR_INVALID);
}

static void
test_sheet_key_floor(void **state)
{
    (void)state;
    struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
    struct maze_sheet_options so = {.struct_size =
                                        sizeof(struct maze_sheet_options),
                                    .per_page = 6,
                                    .answers = MAZE_ANSWERS_SAME_PAGE};
    double cell, key, floor_pt;
    /* Six 40x40 puzzles a page: their keys' 1.87pt cells are refused. */
    assert_int_equal(maze_sheet_fit(&opt, &so, 40, 40, &cell), MAZE_OK);
    assert_true(cell < 4);
    assert_int_equal(
        maze_sheet_key_fit(&opt, &so, 40, 40, cell, &key, &floor_pt),
        MAZE_ERR_RANGE);
    assert_true(key < 2 && floor_pt == cell);
    /* 17x17: the puzzles' cells are larger than 4pt, and so are the keys'. */
    assert_int_equal(maze_sheet_fit(&opt, &so, 17, 17, &cell), MAZE_OK);
    assert_int_equal(
        maze_sheet_key_fit(&opt, &so, 17, 17, cell, &key, &floor_pt), MAZE_OK);
    assert_true(floor_pt == 4 && key >= 4);
    /* Planning keeps to it too. */
    struct book b;
    book_make(&b, 6, 40, 40);
    struct maze_sheet_options plan = so;
    struct maze__sheet sh;
    assert_int_equal(maze__sheet_plan(b.p, 6, &opt, &plan, false, &sh),
                     MAZE_ERR_RANGE);
    book_finish(&b);
    /* Only same-page keys are asked about. */
    so.answers = MAZE_ANSWERS_END;
    assert_int_equal(
        maze_sheet_key_fit(&opt, &so, 17, 17, cell, &key, &floor_pt),
        MAZE_ERR_INVALID);
}

static void
test_sheet_plan_pages(void **state)
{
    (void)state;
    struct book b;
    book_make(&b, 10, 20, 20);
    static const struct {
        unsigned per;
        enum maze_answers answers;
        size_t pages, slots;
    } cases[] = {
        {1, MAZE_ANSWERS_NONE, 10, 10},
        {4, MAZE_ANSWERS_NONE, 3, 10},
        {6, MAZE_ANSWERS_NONE, 2, 10},
        /* Keys at the end: 3 puzzle pages, then 6 keys a page. */
        {4, MAZE_ANSWERS_END, 3 + 2, 20},
        {4, MAZE_ANSWERS_SAME_PAGE, 3, 20},
        {4, MAZE_ANSWERS_ONLY, 2, 10},
    };
    struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
    for (size_t i = 0; i < COUNT(cases); i++) {
        struct maze_sheet_options so = {.struct_size =
                                            sizeof(struct maze_sheet_options),
                                        .per_page = cases[i].per,
                                        .answers = cases[i].answers};
        struct maze__sheet sh;
        assert_int_equal(maze__sheet_plan(b.p, b.n, &opt, &so, false, &sh),
                         MAZE_OK);
        assert_int_equal(sh.page_count, cases[i].pages);
        assert_int_equal(sh.slot_count, cases[i].slots);
        /* Every slot inside the margins, and its maze (with a cell of room
         * for the arrows) inside its slot. */
        for (size_t s = 0; s < sh.slot_count; s++) {
            const struct maze__slot *sl = &sh.slots[s];
            double room = sl->cell;
            assert_true(sl->box.x >= 36 - 1e-9 && sl->box.y >= 36 - 1e-9);
            assert_true(sl->box.x + sl->box.w <= 612 - 36 + 1e-9);
            assert_true(sl->box.y + sl->box.h <= 792 - 36 + 1e-9);
            assert_true(sl->x - room >= sl->box.x - 1e-9);
            assert_true(sl->x + 20 * sl->cell + room <=
                        sl->box.x + sl->box.w + 1e-9);
            assert_true(sl->y - room >= sl->box.y - 1e-9);
            assert_true(sl->y + 20 * sl->cell + room <=
                        sl->box.y + sl->box.h + 1e-9);
            assert_true(sl->wall >= 0.5 && sl->wall < sl->cell);
        }
        /* Slots of one page never overlap. */
        for (size_t p = 0; p < sh.page_count; p++) {
            const struct maze__sheet_page *pg = &sh.pages[p];
            for (size_t s = 0; s < pg->count; s++) {
                for (size_t t = 0; t < s; t++) {
                    struct maze__box a = sh.slots[pg->first + s].box;
                    struct maze__box c = sh.slots[pg->first + t].box;
                    bool apart =
                        a.x + a.w <= c.x + 1e-9 || c.x + c.w <= a.x + 1e-9 ||
                        a.y + a.h <= c.y + 1e-9 || c.y + c.h <= a.y + 1e-9;
                    assert_true(apart);
                }
            }
        }
        maze__sheet_finish(&sh);
    }
    book_finish(&b);
}

/* Keys at the end share their pages: full-page puzzles still get several
 * keys a page, each readable, and a lone key keeps a page of its own. */
static void
test_sheet_keys_per_page(void **state)
{
    (void)state;
    static const struct {
        size_t n;
        uint32_t w, h;
        size_t key_pages, keys_first;
    } cases[] = {
        {12, 30, 40, 2, 6}, /* full-page puzzles: 6 keys a page */
        {8, 58, 70, 2, 4},  /* the full 1/8 in page: 4 */
        {1, 30, 40, 1, 1},  /* one key: the whole page */
        {3, 30, 40, 1, 3},  /* three: on one page of four */
        {5, 20, 20, 1, 5},
    };
    struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
    for (size_t i = 0; i < COUNT(cases); i++) {
        struct book b;
        book_make(&b, cases[i].n, cases[i].w, cases[i].h);
        struct maze_sheet_options so = {.struct_size =
                                            sizeof(struct maze_sheet_options),
                                        .answers = MAZE_ANSWERS_END};
        struct maze__sheet sh;
        assert_int_equal(maze__sheet_plan(b.p, b.n, &opt, &so, false, &sh),
                         MAZE_OK);
        assert_int_equal(sh.page_count, cases[i].n + cases[i].key_pages);
        const struct maze__sheet_page *first = &sh.pages[cases[i].n];
        assert_true(first->keys);
        assert_int_equal(first->count, cases[i].keys_first);
        double puzzle = sh.slots[0].cell;
        for (size_t s = cases[i].n; s < sh.slot_count; s++) {
            double key = sh.slots[s].cell;
            assert_true(key >= 4.0 - 1e-9 || key >= puzzle / 2 - 1e-9);
            /* Key pages have no name line: a lone key may be a little
             * larger than its puzzle, never much. */
            assert_true(key <= puzzle * 1.2);
        }
        if (cases[i].n == 1) {
            assert_true(fabs(sh.slots[1].cell - puzzle) < 1.0);
        }
        maze__sheet_finish(&sh);
        book_finish(&b);
    }
}

/* A page drawn at one pixel per point on white. */
static cairo_surface_t *
draw_page(const struct maze__sheet *sh, size_t page)
{
    cairo_surface_t *s;
    assert_int_equal(maze__sheet_raster(sh, page, 72, &s), MAZE_OK);
    assert_int_equal(cairo_image_surface_get_width(s), (int)ceil(sh->width));
    return s;
}

static uint32_t
px(cairo_surface_t *s, int x, int y)
{
    uint32_t v;
    memcpy(&v,
           cairo_image_surface_get_data(s) +
               (size_t)y * (size_t)cairo_image_surface_get_stride(s) +
               4 * (size_t)x,
           4);
    return v & 0xffffff;
}

static bool
dark(uint32_t c)
{
    return (c >> 16 & 0xff) < 80 && (c >> 8 & 0xff) < 80 && (c & 0xff) < 80;
}

static bool
blue(uint32_t c)
{
    int r = c >> 16 & 0xff, g = c >> 8 & 0xff, b = c & 0xff;
    return abs(r - 0x1f) < 40 && abs(g - 0x5f) < 40 && abs(b - 0xd1) < 40;
}

/* Dark and blue pixels inside box (points). */
static void
census(cairo_surface_t *s, struct maze__box box, size_t *n_dark, size_t *n_blue)
{
    *n_dark = *n_blue = 0;
    for (int y = (int)box.y; y < (int)(box.y + box.h); y++) {
        for (int x = (int)box.x; x < (int)(box.x + box.w); x++) {
            uint32_t c = px(s, x, y);
            *n_dark += dark(c);
            *n_blue += blue(c);
        }
    }
}

static void
test_sheet_pages_drawn(void **state)
{
    (void)state;
    struct book b;
    book_make(&b, 6, 15, 15);
    struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
    struct maze_sheet_options so = {.struct_size =
                                        sizeof(struct maze_sheet_options),
                                    .per_page = 4,
                                    .answers = MAZE_ANSWERS_END,
                                    .title = "T\xc3\xa9st",
                                    .instructions = "Find the way out.",
                                    .name_line = true};
    struct maze__sheet sh;
    assert_int_equal(maze__sheet_plan(b.p, b.n, &opt, &so, false, &sh),
                     MAZE_OK);
    assert_int_equal(sh.page_count, 3); /* 4 + 2 puzzles, 6 keys */
    for (size_t p = 0; p < sh.page_count; p++) {
        cairo_surface_t *s = draw_page(&sh, p);
        int w = cairo_image_surface_get_width(s);
        int h = cairo_image_surface_get_height(s);
        /* Nothing in the half-inch margins (a pixel of antialiasing). */
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                bool margin = x < 35 || y < 35 || x >= w - 35 || y >= h - 35;
                if (margin && px(s, x, y) != 0xffffff) {
                    fail_msg("page %zu: ink at %d,%d in the margin", p, x, y);
                }
            }
        }
        const struct maze__sheet_page *pg = &sh.pages[p];
        for (size_t k = 0; k < pg->count; k++) {
            const struct maze__slot *sl = &sh.slots[pg->first + k];
            struct maze__box maze_box = {sl->x, sl->y, 15 * sl->cell,
                                         15 * sl->cell};
            size_t n_dark, n_blue;
            census(s, maze_box, &n_dark, &n_blue);
            /* Walls in every slot; the solution only on the keys. */
            assert_true(n_dark > 15 * 15 * sl->cell * sl->wall / 2);
            assert_true(pg->keys ? n_blue > 100 : n_blue == 0);
        }
        /* The heading band holds the title's ink. */
        size_t n_dark, n_blue;
        census(s, (struct maze__box){36, 36, 540, 24}, &n_dark, &n_blue);
        assert_true(n_dark > 50);
        cairo_surface_destroy(s);
    }
    maze__sheet_finish(&sh);
    book_finish(&b);
}

static void
test_sheet_documents(void **state)
{
    (void)state;
    struct book b;
    book_make(&b, 10, 12, 12);
    struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
    struct maze_sheet_options so = {.struct_size =
                                        sizeof(struct maze_sheet_options),
                                    .per_page = 4,
                                    .answers = MAZE_ANSWERS_END,
                                    .title = "Spring",
                                    .seed = 77,
                                    .has_seed = true};
    struct membuf m;
    assert_int_equal(sheet_to(&b, "sheet", &opt, &so, &m), MAZE_OK);
    assert_memory_equal(m.data, "%PDF-", 5);
    assert_int_equal(pdf_pages(&m), 5);
    assert_int_equal(count_of(&m, "/Title (Spring)"), 1);
    assert_int_equal(
        count_of(&m, "10 mazes of 12x12 cells by backtracker, with answer"), 1);
    assert_int_equal(count_of(&m, "seed=77"), 1);
    /* Same call, same bytes; "pdf" is the same writer as "sheet". */
    struct membuf again;
    assert_int_equal(sheet_to(&b, "pdf", &opt, &so, &again), MAZE_OK);
    assert_int_equal(again.len, m.len);
    assert_memory_equal(again.data, m.data, m.len);
    free(again.data);
    free(m.data);

    /* Keys only: a separate answer-key file. */
    so.answers = MAZE_ANSWERS_ONLY;
    assert_int_equal(sheet_to(&b, "sheet", &opt, &so, &m), MAZE_OK);
    assert_int_equal(pdf_pages(&m), 2);
    free(m.data);

    /* One page as SVG and as PNG. */
    b.n = 4;
    so.answers = MAZE_ANSWERS_SAME_PAGE;
    so.keys_upside_down = true;
    assert_int_equal(sheet_to(&b, "svg", &opt, &so, &m), MAZE_OK);
    assert_int_equal(count_of(&m, "width=\"612pt\""), 1);
    assert_int_equal(count_of(&m, "-title\">Spring: "), 1);
    free(m.data);
    opt.dpi = 50;
    assert_int_equal(sheet_to(&b, "png", &opt, &so, &m), MAZE_OK);
    assert_memory_equal(m.data, "\x89PNG", 4);
    /* IHDR: 8.5 x 11 in at 50 dpi is 425 x 550 pixels. */
    assert_memory_equal(m.data + 16, "\0\0\x01\xa9\0\0\x02\x26", 8);
    free(m.data);
    b.n = 10;
    book_finish(&b);
}

/* The pages qpdf counts in a PDF (written to a temporary file), or the
 * pages cairo marks when qpdf is not installed. */
static size_t
qpdf_pages(const struct membuf *m)
{
    if (system("command -v qpdf >/dev/null 2>&1") != 0) {
        return pdf_pages(m);
    }
    char path[] = "/tmp/mazegen-pagesXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, m->data, m->len), (ssize_t)m->len);
    close(fd);
    char cmd[96];
    snprintf(cmd, sizeof(cmd), "qpdf --show-npages '%s'", path);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    unsigned long n = 0;
    assert_int_equal(fscanf(p, "%lu", &n), 1);
    assert_int_equal(pclose(p), 0);
    unlink(path);
    return n;
}

/*
 * maze_sheet_page_count() is the PDF's page count, and SVG and PNG draw
 * each of those pages with sheet.page (and refuse the page after, and
 * page 0 of a document of several).
 */
static void
test_sheet_page_count(void **state)
{
    (void)state;
    struct book b;
    book_make(&b, 11, 10, 10);
    static const unsigned per[] = {1, 2, 4, 6};
    static const enum maze_answers answers[] = {
        MAZE_ANSWERS_NONE, MAZE_ANSWERS_END, MAZE_ANSWERS_SAME_PAGE,
        MAZE_ANSWERS_ONLY};
    static const size_t counts[] = {1, 5, 11};
    struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
    opt.dpi = 20;
    for (size_t c = 0; c < COUNT(counts); c++) {
        for (size_t i = 0; i < COUNT(per) * COUNT(answers); i++) {
            struct maze_sheet_options so = MAZE_SHEET_OPTIONS_INIT;
            so.per_page = per[i % COUNT(per)];
            so.answers = answers[i / COUNT(per)];
            b.n = counts[c];
            size_t pages = 0;
            int rc = maze_sheet_page_count(b.p, b.n, &opt, &so, &pages);
            struct membuf m;
            int want = sheet_to(&b, "pdf", &opt, &so, &m);
            assert_int_equal(rc, want);
            if (rc != MAZE_OK) {
                continue; /* same-page keys too small six a page */
            }
            if (qpdf_pages(&m) != pages || pdf_pages(&m) != pages) {
                fail_msg("%zu puzzles, %u a page, answers %d: %zu pages "
                         "counted, the PDF has %zu",
                         b.n, so.per_page, (int)so.answers, pages,
                         qpdf_pages(&m));
            }
            free(m.data);
            /* The last page and the one after, as PNG and SVG. */
            const char *formats[] = {"png", "svg"};
            for (int f = 0; f < 2; f++) {
                so.page = (unsigned)pages;
                assert_int_equal(sheet_to(&b, formats[f], &opt, &so, &m),
                                 MAZE_OK);
                free(m.data);
                so.page = (unsigned)pages + 1;
                assert_int_equal(sheet_to(&b, formats[f], &opt, &so, &m),
                                 MAZE_ERR_RANGE);
                char has[64];
                snprintf(has, sizeof(has), "the document has %zu page", pages);
                assert_non_null(strstr(maze_error_detail(), has));
                free(m.data);
                so.page = 0;
                assert_int_equal(sheet_to(&b, formats[f], &opt, &so, &m),
                                 pages == 1 ? MAZE_OK : MAZE_ERR_RANGE);
                free(m.data);
            }
        }
    }
    b.n = 11;
    book_finish(&b);
}

/* Pages of a book drawn one by one differ, and are each the page the
 * PDF draws: its number and, in SVG, its puzzles' seeds. */
static void
test_sheet_one_page(void **state)
{
    (void)state;
    struct book b;
    book_make(&b, 5, 8, 8);
    struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
    struct maze_sheet_options so = MAZE_SHEET_OPTIONS_INIT;
    so.per_page = 2;
    so.answers = MAZE_ANSWERS_END;
    size_t pages;
    assert_int_equal(maze_sheet_page_count(b.p, b.n, &opt, &so, &pages),
                     MAZE_OK);
    assert_int_equal(pages, 4); /* 3 pages of puzzles, 1 of keys */
    struct membuf first, svg;
    opt.dpi = 30;
    so.page = 1;
    assert_int_equal(sheet_to(&b, "png", &opt, &so, &first), MAZE_OK);
    for (unsigned p = 2; p <= pages; p++) {
        struct membuf m;
        so.page = p;
        assert_int_equal(sheet_to(&b, "png", &opt, &so, &m), MAZE_OK);
        assert_false(m.len == first.len &&
                     memcmp(m.data, first.data, m.len) == 0);
        free(m.data);
    }
    free(first.data);
    /* Page 2's puzzles are 3 and 4; page 4 holds every key. */
    so.page = 2;
    assert_int_equal(sheet_to(&b, "svg", &opt, &so, &svg), MAZE_OK);
    char seeds[96];
    snprintf(seeds, sizeof(seeds), "page 2 of 4, seeds %llu, %llu",
             (unsigned long long)maze_provenance(b.p[2].maze)->seed,
             (unsigned long long)maze_provenance(b.p[3].maze)->seed);
    assert_int_equal(count_of(&svg, seeds), 1);
    free(svg.data);
    so.page = 4;
    assert_int_equal(sheet_to(&b, "svg", &opt, &so, &svg), MAZE_OK);
    assert_int_equal(count_of(&svg, "page 4 of 4, seeds"), 1);
    free(svg.data);
    /* A caller built before the member was added asks for page 0. */
    so.struct_size = offsetof(struct maze_sheet_options, page);
    so.page = 0;
    assert_int_equal(sheet_to(&b, "png", &opt, &so, &first), MAZE_ERR_RANGE);
    free(first.data);
    book_finish(&b);
}

/* Far more than four lines of a page. */
#define WORDS10 "words words words words words words words words words words "
#define LONG_TEXT                                                              \
    WORDS10 WORDS10 WORDS10 WORDS10 WORDS10 WORDS10 WORDS10 WORDS10 WORDS10    \
        WORDS10 WORDS10 WORDS10

static void
test_sheet_errors(void **state)
{
    (void)state;
    struct book b;
    book_make(&b, 3, 10, 10);
    struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
    struct maze_sheet_options so = MAZE_SHEET_OPTIONS_INIT;
    struct membuf m;
    struct maze_sink sink = membuf_sink(&m, SIZE_MAX, SIZE_MAX);
    /* Arguments. */
    assert_int_equal(maze_export_sheet(NULL, 1, "pdf", &opt, &so, &sink),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_export_sheet(b.p, 0, "pdf", &opt, &so, &sink),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_export_sheet(b.p, 3, "text", &opt, &so, &sink),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_export_sheet(b.p, 3, "json", &opt, &so, &sink),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_export_sheet(b.p, 3, NULL, &opt, &so, &sink),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_export_sheet(b.p, 3, "pdf", &opt, &so, NULL),
                     MAZE_ERR_INVALID);
    static const struct {
        struct maze_sheet_options so;
        const char *format;
        int rc;
    } cases[] = {
        {{.struct_size = sizeof(struct maze_sheet_options), .per_page = 5},
         "pdf",
         MAZE_ERR_INVALID},
        {{.struct_size = sizeof(struct maze_sheet_options),
          .title = "bad \xff"},
         "pdf",
         MAZE_ERR_INVALID},
        {{.struct_size = sizeof(struct maze_sheet_options),
          .instructions = "\xc3\x28"},
         "pdf",
         MAZE_ERR_INVALID},
        /* Characters XML 1.0 forbids, in every format. */
        {{.struct_size = sizeof(struct maze_sheet_options),
          .title = "A\xef\xbf\xbe"},
         "svg",
         MAZE_ERR_INVALID},
        {{.struct_size = sizeof(struct maze_sheet_options),
          .title = "A\xef\xbf\xbf"},
         "pdf",
         MAZE_ERR_INVALID},
        {{.struct_size = sizeof(struct maze_sheet_options),
          .instructions = "a\x01b"},
         "svg",
         MAZE_ERR_INVALID},
        {{.struct_size = sizeof(struct maze_sheet_options),
          .author = "\xef\xbf\xbf"},
         "pdf",
         MAZE_ERR_INVALID},
        {{.struct_size = sizeof(struct maze_sheet_options),
          .answers = (enum maze_answers)9},
         "pdf",
         MAZE_ERR_INVALID},
        {{.struct_size = sizeof(struct maze_sheet_options),
          .page_width = 10,
          .page_height = 10},
         "pdf",
         MAZE_ERR_RANGE},
        /* Three pages will not go in a one-page format. */
        {{.struct_size = sizeof(struct maze_sheet_options), .per_page = 1},
         "svg",
         MAZE_ERR_RANGE},
        {{.struct_size = sizeof(struct maze_sheet_options), .per_page = 1},
         "png",
         MAZE_ERR_RANGE},
        {{.struct_size = sizeof(struct maze_sheet_options),
          .instructions = LONG_TEXT},
         "pdf",
         MAZE_ERR_RANGE},
    };
    for (size_t i = 0; i < COUNT(cases); i++) {
        int rc = sheet_to(&b, cases[i].format, &opt, &cases[i].so, &m);
        if (rc != cases[i].rc) {
            fail_msg("case %zu: status %d, want %d", i, rc, cases[i].rc);
        }
        assert_int_equal(m.len, 0); /* refused before writing a byte */
        free(m.data);
    }
    /* The detail names the text and the character. */
    struct maze_sheet_options bad = {.struct_size =
                                         sizeof(struct maze_sheet_options),
                                     .title = "A\xef\xbf\xbf"};
    assert_int_equal(sheet_to(&b, "pdf", &opt, &bad, &m), MAZE_ERR_INVALID);
    assert_non_null(
        strstr(maze_error_detail(), "sheet title: U+FFFF (byte 2)"));
    free(m.data);
    /* Answers need every puzzle's solution. */
    b.p[1].solution = NULL;
    so.answers = MAZE_ANSWERS_END;
    assert_int_equal(sheet_to(&b, "pdf", &opt, &so, &m), MAZE_ERR_INVALID);
    free(m.data);
    so.answers = MAZE_ANSWERS_NONE;
    assert_int_equal(sheet_to(&b, "pdf", &opt, &so, &m), MAZE_OK);
    free(m.data);
    /* A cell size that does not fit, a wall as thick as a cell. */
    opt.cell_size = (struct maze_length){2, MAZE_UNIT_IN};
    assert_int_equal(sheet_to(&b, "pdf", &opt, &so, &m), MAZE_ERR_RANGE);
    free(m.data);
    opt.cell_size = (struct maze_length){10, MAZE_UNIT_PT};
    opt.wall_width = (struct maze_length){10, MAZE_UNIT_PT};
    assert_int_equal(sheet_to(&b, "pdf", &opt, &so, &m), MAZE_ERR_RANGE);
    free(m.data);
    /* A thin wall is thickened to 0.5pt rather than refused. */
    opt.wall_width = (struct maze_length){0.1, MAZE_UNIT_PT};
    struct maze__sheet sh;
    assert_int_equal(maze__sheet_plan(b.p, 3, &opt, &so, false, &sh), MAZE_OK);
    assert_true(sh.slots[0].wall == 0.5 && sh.slots[0].cell == 10);
    maze__sheet_finish(&sh);
    book_finish(&b);
}

static void
test_sheet_single_maze(void **state)
{
    (void)state;
    /* maze_export() with a sheet draws a one-puzzle sheet in PDF, SVG and
     * PNG, with its solution when given one. */
    struct fixture f;
    fixture_generate(&f, 10, 10, 4, false);
    struct maze_sheet_options so = {.struct_size =
                                        sizeof(struct maze_sheet_options),
                                    .page_width = MAZE_A4_WIDTH,
                                    .page_height = MAZE_A4_HEIGHT};
    static const char *const formats[] = {"pdf", "svg", "png", "sheet"};
    for (size_t i = 0; i < COUNT(formats); i++) {
        struct membuf plain, solved;
        struct maze_export_options opt = {
            .struct_size = sizeof(struct maze_export_options), .sheet = &so};
        assert_int_equal(export_to(f.maze, formats[i], &opt, &plain, SIZE_MAX),
                         MAZE_OK);
        opt.solution = f.path;
        assert_int_equal(export_to(f.maze, formats[i], &opt, &solved, SIZE_MAX),
                         MAZE_OK);
        /* The solution is drawn: the documents differ. */
        assert_true(plain.len != solved.len ||
                    memcmp(plain.data, solved.data, plain.len) != 0);
        if (strcmp(formats[i], "svg") == 0) {
            assert_int_equal(count_of(&plain, "width=\"595.2756pt\""), 1);
        } else if (strcmp(formats[i], "png") == 0) {
            /* A4 at 96 dpi: 794 x 1123 pixels. */
            assert_memory_equal(plain.data + 16, "\0\0\x03\x1a\0\0\x04\x63", 8);
        } else {
            assert_int_equal(pdf_pages(&plain), 1);
            assert_int_equal(count_of(&plain, "/Title (Maze)"), 1);
        }
        free(plain.data);
        free(solved.data);
    }
    /* The "sheet" format puts a lone maze on letter paper by itself. */
    struct maze_export_options none = MAZE_EXPORT_OPTIONS_INIT;
    struct membuf m;
    assert_int_equal(export_to(f.maze, "sheet", &none, &m, SIZE_MAX), MAZE_OK);
    assert_int_equal(count_of(&m, "/MediaBox [ 0 0 612 792 ]"), 1);
    free(m.data);
    /* The slot of a lone maze draws its solution, but is no answer key. */
    struct maze_puzzle p = {.maze = f.maze, .solution = f.path};
    struct maze__sheet sh;
    struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
    assert_int_equal(maze__sheet_plan(&p, 1, &opt, &so, false, &sh), MAZE_OK);
    assert_int_equal(sh.slot_count, 1);
    assert_false(sh.slots[0].key);
    maze__sheet_finish(&sh);
    fixture_finish(&f);
}

/* Whatever bytes a caller stored in the provenance, every format writes
 * the maze, with the footer and metadata in printable ASCII. */
static void
test_sheet_provenance_bytes(void **state)
{
    (void)state;
    struct fixture f;
    fixture_generate(&f, 8, 8, 3, false);
    struct maze_provenance p = *maze_provenance(f.maze);
    snprintf(p.algorithm, sizeof(p.algorithm), "bad\xff\xfe\nname");
    snprintf(p.params, sizeof(p.params), "x=\xc3\x28");
    maze_set_provenance(f.maze, &p);
    static const char *const formats[] = {"sheet", "svg", "png", "pdf", "text"};
    for (size_t i = 0; i < COUNT(formats); i++) {
        struct membuf b;
        struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
        assert_int_equal(export_to(f.maze, formats[i], &opt, &b, SIZE_MAX),
                         MAZE_OK);
        /* Where the description is stored as it is (not in a compressed
         * stream), it reads with '?' for each byte that was not ASCII. */
        if (strcmp(formats[i], "pdf") != 0 &&
            strcmp(formats[i], "sheet") != 0) {
            assert_true(count_of(&b, "bad???name") >= 1);
        }
        free(b.data);
    }
    struct maze_puzzle puzzle = {
        .maze = f.maze, .solution = f.path, .number = 1};
    struct maze_sheet_options so = {.struct_size =
                                        sizeof(struct maze_sheet_options),
                                    .answers = MAZE_ANSWERS_END};
    struct membuf b;
    struct maze_sink sink = membuf_sink(&b, SIZE_MAX, SIZE_MAX);
    struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
    assert_int_equal(maze_export_sheet(&puzzle, 1, "pdf", &opt, &so, &sink),
                     MAZE_OK);
    free(b.data);
    fixture_finish(&f);
}

#define SPRING "Spring Term Maze Workbook for Year 3, Volume 2 (Ages 7-8)"

static void
test_sheet_text_fit(void **state)
{
    (void)state;
    struct maze__type *t;
    assert_int_equal(maze__type_create(&t), MAZE_OK);
    const struct maze__text_rule *r = &maze__sheet_title_rule;
    struct maze__text fit;
    /* A short title: as it is. */
    assert_int_equal(maze__text_fit(t, "Maze", r, 540, &fit), MAZE_OK);
    assert_true(fit.size == MAZE__SHEET_TITLE_PT && fit.lines == 1);
    /* The long title of a letter page: shrunk to one line, the largest
     * quarter point that fits. */
    assert_true(maze__text_width(t, SPRING, true, 18) > 540);
    assert_int_equal(maze__text_fit(t, SPRING, r, 540, &fit), MAZE_OK);
    assert_int_equal(fit.lines, 1);
    assert_true(fit.size >= MAZE__SHEET_TITLE_FLOOR && fit.size < 18);
    assert_true(maze__text_width(t, SPRING, true, fit.size) <= 540);
    assert_true(maze__text_width(t, SPRING, true, fit.size + 0.25) > 540);
    /* Twice as long: below the floor on one line, so two lines. */
    const char *twice = SPRING " and " SPRING;
    assert_int_equal(maze__text_fit(t, twice, r, 540, &fit), MAZE_OK);
    assert_int_equal(fit.lines, 2);
    assert_true(fit.size >= MAZE__SHEET_TITLE_FLOOR);
    /* Too long even so: refused, and the characters that fit are named:
     * that many fit, one more does not. */
    char longer[512];
    snprintf(longer, sizeof(longer), "%s %s %s", SPRING, SPRING, SPRING);
    assert_int_equal(maze__text_fit(t, longer, r, 300, &fit), MAZE_ERR_RANGE);
    size_t n = maze__text_fits_chars(t, longer, "", r, 300);
    assert_true(n > 20 && n < strlen(longer));
    char prefix[512];
    snprintf(prefix, sizeof(prefix), "%.*s", (int)n, longer);
    assert_int_equal(maze__text_fit(t, prefix, r, 300, &fit), MAZE_OK);
    snprintf(prefix, sizeof(prefix), "%.*s", (int)n + 1, longer);
    assert_int_equal(maze__text_fit(t, prefix, r, 300, &fit), MAZE_ERR_RANGE);
    /* Instructions wrap at full size before they shrink. */
    const char *text = "Enter at the green arrow and find the way out to the "
                       "red arrow, then colour the path you took.";
    assert_int_equal(maze__text_fit(t, text, &maze__sheet_text_rule, 200, &fit),
                     MAZE_OK);
    assert_true(fit.size == MAZE__SHEET_TEXT_PT && fit.lines >= 2);
    /* A footer wraps within its band. */
    const char *footer = "40x40 hex maze, algorithm growing-tree, seed "
                         "18446744073709551615, bias h=1,ne=1,nw=1, "
                         "braid=0.5";
    assert_int_equal(
        maze__text_fit(t, footer, &maze__sheet_footer_rule, 200, &fit),
        MAZE_OK);
    assert_int_equal(fit.lines, 2);
    assert_true(fit.height <= MAZE__SHEET_FOOTER_BAND);
    /* A footer of options breaks between them, never inside one: where
     * plain text breaks after "--", leaving "growing=..." to the second
     * line, an option that does not fit whole is refused. */
    const char *options = "mazegen --growing=newest:75,random:25";
    double one = maze__text_width(t, "--growing=newest:75,random:25", false,
                                  MAZE__SHEET_FOOTER_FLOOR);
    assert_int_equal(
        maze__text_fit(t, options, &maze__sheet_footer_rule, 0.97 * one, &fit),
        MAZE_OK);
    assert_false(fit.words);
    assert_int_equal(
        maze__text_fit(t, options, &maze__sheet_options_rule, 0.97 * one, &fit),
        MAZE_ERR_RANGE);
    assert_int_equal(
        maze__text_fit(t, options, &maze__sheet_options_rule, 1.1 * one, &fit),
        MAZE_OK);
    assert_true(fit.words && fit.lines == 2);
    assert_true(fit.size >= MAZE__SHEET_FOOTER_FLOOR);
    /* Japanese, Arabic and Hebrew are measured with real glyphs: not the
     * zero-width or box-sized guesses of a font without them. */
    assert_true(maze__text_width(t, "\xe8\xbf\xb7\xe8\xb7\xaf", false, 10) >
                15);
    assert_true(maze__text_width(t, "\xd9\x85\xd8\xaa\xd8\xa7\xd9\x87\xd8\xa9",
                                 false, 10) > 10);
    maze__type_destroy(t);
}

static void
test_sheet_text_check(void **state)
{
    (void)state;
    struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
    enum maze_sheet_text what;
    size_t fits;
    /* What fits on letter fits; three long titles in one do not, and the
     * check names how much would. */
    struct maze_sheet_options so = {.struct_size =
                                        sizeof(struct maze_sheet_options),
                                    .title = SPRING,
                                    .answers = MAZE_ANSWERS_END};
    assert_int_equal(maze_sheet_text_check(&opt, &so, 4, NULL, &what, &fits),
                     MAZE_OK);
    assert_int_equal(what, MAZE_SHEET_TEXT_FITS);
    so.title = SPRING " " SPRING " " SPRING " " SPRING;
    assert_int_equal(maze_sheet_text_check(&opt, &so, 4, NULL, &what, &fits),
                     MAZE_ERR_RANGE);
    assert_int_equal(what, MAZE_SHEET_TEXT_TITLE);
    assert_true(fits > 100 && fits < strlen(so.title));
    /* What fits with " — Answers" added is named: that much fits. */
    char title[256];
    snprintf(title, sizeof(title), "%.*s", (int)fits, so.title);
    const char *four = so.title;
    so.title = title;
    assert_int_equal(maze_sheet_text_check(&opt, &so, 4, NULL, &what, NULL),
                     MAZE_OK);
    /* A title that just fits puzzle pages, but not with " — Answers". */
    so.title = four;
    so.answers = MAZE_ANSWERS_NONE;
    size_t alone;
    assert_int_equal(maze_sheet_text_check(&opt, &so, 4, NULL, &what, &alone),
                     MAZE_ERR_RANGE);
    assert_true(alone > fits);
    snprintf(title, sizeof(title), "%.*s", (int)alone, four);
    so.title = title;
    assert_int_equal(maze_sheet_text_check(&opt, &so, 4, NULL, &what, NULL),
                     MAZE_OK);
    so.answers = MAZE_ANSWERS_END;
    assert_int_equal(maze_sheet_text_check(&opt, &so, 4, NULL, &what, &fits),
                     MAZE_ERR_RANGE);
    assert_int_equal(what, MAZE_SHEET_TEXT_HEADING);
    assert_true(fits < alone);
    /* Footers of six slots on 4in paper; labels of ten thousand puzzles
     * on 2x3in. */
    struct maze_sheet_options small = {.struct_size =
                                           sizeof(struct maze_sheet_options),
                                       .page_width = 288,
                                       .page_height = 288,
                                       .per_page = 6};
    const char *footer = "40x40 maze, algorithm backtracker, seed "
                         "18446744073709551615, bias h=1,v=1";
    assert_int_equal(
        maze_sheet_text_check(&opt, &small, 6, footer, &what, NULL),
        MAZE_ERR_RANGE);
    assert_int_equal(what, MAZE_SHEET_TEXT_FOOTER);
    small.page_width = 144;
    small.page_height = 216;
    assert_int_equal(
        maze_sheet_text_check(&opt, &small, 10000, NULL, &what, NULL),
        MAZE_ERR_RANGE);
    assert_int_equal(what, MAZE_SHEET_TEXT_LABEL);
    assert_int_equal(maze_sheet_text_check(&opt, &small, 6, NULL, NULL, NULL),
                     MAZE_ERR_INVALID);
}

/* Pages of a long-titled book: nothing in the margins, the title shrunk
 * on one line and the answers' heading wrapped or shrunk, and the slots
 * of a two-line title lower by the second line. */
static void
test_sheet_long_title_drawn(void **state)
{
    (void)state;
    struct book b;
    book_make(&b, 6, 12, 12);
    struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
    struct maze_sheet_options so = {.struct_size =
                                        sizeof(struct maze_sheet_options),
                                    .per_page = 6,
                                    .landscape = true,
                                    .answers = MAZE_ANSWERS_END,
                                    .title = SPRING,
                                    .instructions = SPRING};
    struct maze__sheet sh;
    assert_int_equal(maze__sheet_plan(b.p, b.n, &opt, &so, false, &sh),
                     MAZE_OK);
    assert_int_equal(sh.title_fit.lines, 1);
    assert_true(sh.title_band == MAZE__SHEET_TITLE_BAND);
    for (size_t p = 0; p < sh.page_count; p++) {
        cairo_surface_t *s = draw_page(&sh, p);
        int w = cairo_image_surface_get_width(s);
        int h = cairo_image_surface_get_height(s);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                bool margin = x < 35 || y < 35 || x >= w - 35 || y >= h - 35;
                if (margin && px(s, x, y) != 0xffffff) {
                    fail_msg("page %zu: ink at %d,%d in the margin", p, x, y);
                }
            }
        }
        cairo_surface_destroy(s);
    }
    for (size_t i = 0; i < sh.slot_count; i++) {
        assert_true(sh.slots[i].label.size >= 6);
        assert_true(sh.slots[i].key || sh.slots[i].footer.size >= 5);
    }
    double y1 = sh.slots[0].y;
    maze__sheet_finish(&sh);
    so.title = SPRING " " SPRING " " SPRING;
    assert_int_equal(maze__sheet_plan(b.p, b.n, &opt, &so, false, &sh),
                     MAZE_OK);
    assert_int_equal(sh.title_fit.lines, 2);
    assert_true(sh.title_band > MAZE__SHEET_TITLE_BAND);
    assert_true(sh.slots[0].y > y1);
    maze__sheet_finish(&sh);
    book_finish(&b);
}

/* A document laid out as cairo 1.16 writes one: two pages, a stream
 * whose bytes look like nothing, the catalog last. */
static void
fake_pdf(struct membuf *b)
{
    size_t off[7] = {0};
    char buf[256];
#define PUT(...)                                                               \
    do {                                                                       \
        int n_ = snprintf(buf, sizeof(buf), __VA_ARGS__);                      \
        assert_int_equal(membuf_write(b, buf, (size_t)n_), MAZE_OK);           \
    } while (0)
    PUT("%%PDF-1.5\n");
    off[3] = b->len;
    PUT("3 0 obj\n<< /Length 9 >>\nstream\n\n<< /Type /Page %% 9\n   /MediaBox "
        "[ 1 ]\nendstream\n"
        "endobj\n");
    for (int p = 0; p < 2; p++) {
        off[4 + p] = b->len;
        PUT("%d 0 obj\n<< /Type /Page %% %d\n   /Parent 1 0 R\n"
            "   /MediaBox [ 0 0 441 666 ]\n   /Contents 3 0 R\n>>\nendobj\n",
            4 + p, p + 1);
    }
    off[1] = b->len;
    PUT("1 0 obj\n<< /Type /Pages\n   /Kids [ 4 0 R 5 0 R ]\n   /Count 2\n"
        ">>\nendobj\n");
    off[2] = b->len;
    PUT("2 0 obj\n<< /Producer (x) >>\nendobj\n");
    off[6] = b->len;
    PUT("6 0 obj\n<< /Type /Catalog\n   /Pages 1 0 R\n   /PageLabels 2 0 R\n"
        ">>\nendobj\n");
    size_t xref = b->len;
    PUT("xref\n0 7\n0000000000 65535 f \n");
    for (int i = 1; i < 7; i++) {
        PUT("%010zu 00000 n \n", off[i]);
    }
    PUT("trailer\n<< /Size 7\n   /Root 6 0 R\n   /Info 2 0 R\n>>\n"
        "startxref\n%zu\n%%%%EOF\n",
        xref);
#undef PUT
}

static bool
fake_box(void *ctx, size_t page, struct maze__pdf_page_box *out)
{
    (void)ctx;
    double x = page % 2 ? 9 : 0;
    *out = (struct maze__pdf_page_box){{x, 9, x + 432, 657}, {0, 0, 441, 666}};
    return true;
}

/* The filter of pdf_pages.c, fed a few bytes at a time: boxes after each
 * page's /MediaBox, labels from page 0, and every cross-reference entry
 * pointing at its object; a document it does not understand is refused
 * rather than written wrong. */
static void
test_sheet_pdf_pages(void **state)
{
    (void)state;
    struct membuf in = {0}, out = {0};
    (void)membuf_sink(&in, SIZE_MAX, SIZE_MAX);
    struct maze_sink sink = membuf_sink(&out, SIZE_MAX, SIZE_MAX);
    fake_pdf(&in);
    struct maze__pdf_pages f;
    assert_int_equal(maze__pdf_pages_init(&f, &sink, 1, fake_box, NULL),
                     MAZE_OK);
    for (size_t i = 0; i < in.len; i += 7) {
        size_t n = in.len - i < 7 ? in.len - i : 7;
        assert_int_equal(maze__pdf_pages_write(&f, in.data + i, n), MAZE_OK);
    }
    assert_int_equal(maze__pdf_pages_end(&f), MAZE_OK);
    maze__pdf_pages_finish(&f);
    assert_int_equal(membuf_write(&out, "", 1), MAZE_OK);
    const char *doc = out.data;
    assert_non_null(strstr(doc, "% 1\n   /Parent 1 0 R\n   /MediaBox [ 0 0 "
                                "441 666 ]\n   /TrimBox [ 0.0000 9.0000 "
                                "432.0000 657.0000 ]\n   /BleedBox [ 0.0000 "
                                "0.0000 441.0000 666.0000 ]\n"));
    assert_non_null(strstr(doc, "/TrimBox [ 9.0000 9.0000 441.0000"));
    /* The stream's look-alike line is left alone. */
    assert_non_null(
        strstr(doc, "\n<< /Type /Page % 9\n   /MediaBox [ 1 ]\nendstream"));
    assert_null(strstr(doc, "/PageLabels 2 0 R"));
    assert_non_null(strstr(doc, "/PageLabels 7 0 R"));
    assert_non_null(strstr(doc, "7 0 obj\n<< /Nums [ 0 << /S /D >> 1 << /S "
                                "/D /P (Answers ) >> ] >>"));
    const char *x = strstr(doc, "\nxref\n0 8\n");
    assert_non_null(x);
    for (int i = 1; i < 8; i++) {
        size_t at = strtoull(x + 11 + 20 * i, NULL, 10);
        char want[16];
        snprintf(want, sizeof(want), "%d 0 obj\n", i);
        assert_true(at < out.len);
        assert_memory_equal(doc + at, want, strlen(want));
    }
    const char *sx = strstr(doc, "startxref\n");
    assert_non_null(sx);
    assert_int_equal(strtoull(sx + 10, NULL, 10), (size_t)(x + 1 - doc));
    assert_non_null(strstr(doc, "/Size 8\n   /Root 6 0 R\n   /Info 2 0 R"));

    /* Cut before the cross-references: refused. */
    free(out.data);
    out = (struct membuf){0};
    sink = membuf_sink(&out, SIZE_MAX, SIZE_MAX);
    assert_int_equal(maze__pdf_pages_init(&f, &sink, SIZE_MAX, NULL, NULL),
                     MAZE_OK);
    size_t cut = (size_t)(strstr(in.data, "xref") - in.data);
    assert_int_equal(maze__pdf_pages_write(&f, in.data, cut), MAZE_OK);
    assert_int_equal(maze__pdf_pages_end(&f), MAZE_ERR_BACKEND);
    maze__pdf_pages_finish(&f);
    free(in.data);
    free(out.data);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sheet_paper_parse),
        cmocka_unit_test(test_sheet_pdf_pages),
        cmocka_unit_test(test_sheet_paper_names),
        cmocka_unit_test(test_sheet_utf8),
        cmocka_unit_test(test_sheet_fit_and_capacity),
        cmocka_unit_test(test_sheet_key_floor),
        cmocka_unit_test(test_sheet_plan_pages),
        cmocka_unit_test(test_sheet_keys_per_page),
        cmocka_unit_test(test_sheet_pages_drawn),
        cmocka_unit_test(test_sheet_documents),
        cmocka_unit_test(test_sheet_errors),
        cmocka_unit_test(test_sheet_single_maze),
        cmocka_unit_test(test_sheet_provenance_bytes),
        cmocka_unit_test(test_sheet_text_fit),
        cmocka_unit_test(test_sheet_text_check),
        cmocka_unit_test(test_sheet_long_title_drawn),
        cmocka_unit_test(test_sheet_page_count),
        cmocka_unit_test(test_sheet_one_page),
    };
    return cmocka_run_group_tests(tests, NULL, teardown_cairo);
}
