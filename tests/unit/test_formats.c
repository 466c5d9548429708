/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of what each format declares (struct maze_format_info: draws,
 * reads, unit, default cell size), and each kind's `rectangle`, against
 * what it does: every registered
 * format on every registered kind, masked and not, must draw exactly the
 * grids maze_format_supports() says; the rows, sheet, pages, trim, lone
 * and solution bits must match what the format accepts and writes; an
 * option it does not read must not change its bytes, and one it does
 * must. A program (or the command) deciding by these declarations
 * therefore decides as the formats do, without naming any of them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#include "support.h"

/* A small maze of kind, masked (one cell cut) or not; false when the kind
 * refuses those sizes or no algorithm carves it. */
static bool
make(const struct maze_grid_kind *kind, bool masked, struct maze_grid **g,
     struct maze **m, struct maze_path **path)
{
    struct maze_grid_params p = MAZE_GRID_PARAMS_INIT;
    struct maze_mask *mask = NULL;
    p.size[MAZE_SIZE_WIDTH] = 6;
    p.size[MAZE_SIZE_HEIGHT] = 6;
    if (masked) {
        assert_int_equal(maze_mask_create(6, 6, &mask), MAZE_OK);
        maze_mask_set(mask, 5, 5, false);
        p.mask = mask;
    }
    int rc = maze_grid_create(kind, &p, g);
    maze_mask_destroy(mask);
    if (rc != MAZE_OK) {
        return false;
    }
    assert_int_equal(maze_create(*g, m), MAZE_OK);
    const struct maze_algorithm_info *alg = NULL;
    for (size_t i = 0; i < maze_algorithm_count() && alg == NULL; i++) {
        const struct maze_algorithm_info *a = maze_algorithm_at(i);
        alg = maze_algorithm_supports(a, *g) ? a : NULL;
    }
    assert_non_null(alg);
    struct maze_generate_options o = MAZE_GENERATE_OPTIONS_INIT;
    o.algorithm = alg->name;
    o.seed = 3;
    assert_int_equal(maze_generate(*m, &o), MAZE_OK);
    assert_int_equal(maze_solve(*m, path), MAZE_OK);
    return true;
}

static void
unmake(struct maze_grid *g, struct maze *m, struct maze_path *path)
{
    maze_path_destroy(path);
    maze_destroy(m);
    maze_grid_destroy(g);
}

static void
test_formats_draw_the_grids_they_declare(void **state)
{
    (void)state;
    unsigned checked = 0;
    for (size_t k = 0; k < maze_grid_kind_count(); k++) {
        const struct maze_grid_kind *kind = maze_grid_kind_at(k);
        for (int masked = 0; masked < 2; masked++) {
            struct maze_grid *g;
            struct maze *m;
            struct maze_path *path;
            if ((masked && !kind->maskable) ||
                !make(kind, masked, &g, &m, &path)) {
                continue;
            }
            for (size_t i = 0; i < maze_format_count(); i++) {
                const struct maze_format_info *f = maze_format_at(i);
                struct membuf b = {0};
                int rc = export_to(m, f->name, NULL, &b, SIZE_MAX);
                free(b.data);
                bool says = maze_format_supports(f, kind, masked);
                if (says != (rc != MAZE_ERR_UNSUPPORTED)) {
                    fail_msg("%s on %s%s: declares %s, export returns %d",
                             f->name, kind->name, masked ? " (masked)" : "",
                             says ? "drawn" : "not drawn", rc);
                }
                checked++;
            }
            unmake(g, m, path);
        }
    }
    assert_true(checked >= 2 * maze_format_count());
    assert_false(maze_format_supports(NULL, RECT_KIND, false));
    assert_false(maze_format_supports(maze_format_at(0), NULL, false));
}

/* Whether two outputs of f differ; both must succeed. */
static bool
differs(const struct maze *m, const struct maze_format_info *f,
        const struct maze_export_options *a,
        const struct maze_export_options *b)
{
    struct membuf x = {0}, y = {0};
    int ra = export_to(m, f->name, a, &x, SIZE_MAX);
    int rb = export_to(m, f->name, b, &y, SIZE_MAX);
    if (ra != MAZE_OK || rb != MAZE_OK) {
        fail_msg("%s: export returns %d and %d", f->name, ra, rb);
    }
    bool d = x.len != y.len || memcmp(x.data, y.data, x.len) != 0;
    free(x.data);
    free(y.data);
    return d;
}

static void
test_formats_rows_sheets_and_solution(void **state)
{
    (void)state;
    struct maze_grid *g;
    struct maze *m;
    struct maze_path *path;
    assert_true(make(RECT_KIND, false, &g, &m, &path));
    for (size_t i = 0; i < maze_format_count(); i++) {
        const struct maze_format_info *f = maze_format_at(i);
        unsigned d = f->draws;
        if (d == 0) {
            /* A core build's pdf and sheet: every maze refused, and
             * why said, before a byte is written. */
            struct membuf b = {0};
            assert_int_equal(export_to(m, f->name, NULL, &b, SIZE_MAX),
                             MAZE_ERR_UNSUPPORTED);
            assert_non_null(strstr(maze_error_detail(), "drawing"));
            assert_int_equal(b.len, 0);
            free(b.data);
            continue;
        }
        assert_int_equal((d & MAZE_DRAWS_ROWS) != 0,
                         maze_stream_format_supported(f->name));
        assert_true((d & MAZE_DRAWS_RECT) != 0);

        /* Sheets: one page, two pages, and a gutter. */
        struct maze_puzzle p[2] = {{m, path, 1, NULL}, {m, path, 2, NULL}};
        struct maze_sheet_options sh = MAZE_SHEET_OPTIONS_INIT;
        struct membuf b = {0};
        struct maze_sink sink = membuf_sink(&b, SIZE_MAX, SIZE_MAX);
        int one = maze_export_sheet(p, 1, f->name, NULL, &sh, &sink);
        free(b.data);
        b = (struct membuf){0};
        sink = membuf_sink(&b, SIZE_MAX, SIZE_MAX);
        int two = maze_export_sheet(p, 2, f->name, NULL, &sh, &sink);
        free(b.data);
        sh.gutter = (struct maze_length){0.25, MAZE_UNIT_IN};
        b = (struct membuf){0};
        sink = membuf_sink(&b, SIZE_MAX, SIZE_MAX);
        int gutter = maze_export_sheet(p, 1, f->name, NULL, &sh, &sink);
        free(b.data);
        if (((d & MAZE_DRAWS_SHEET) != 0) != (one == MAZE_OK) ||
            ((d & MAZE_DRAWS_PAGES) != 0) != (two == MAZE_OK) ||
            ((d & MAZE_DRAWS_TRIM) != 0) != (gutter == MAZE_OK)) {
            fail_msg("%s: draws %#x, a sheet %d, two pages %d, a gutter %d",
                     f->name, d, one, two, gutter);
        }

        /* A lone maze is not a one-puzzle sheet. */
        struct maze_export_options lone = MAZE_EXPORT_OPTIONS_INIT;
        struct maze_export_options as_sheet = MAZE_EXPORT_OPTIONS_INIT;
        struct maze_sheet_options empty = MAZE_SHEET_OPTIONS_INIT;
        as_sheet.sheet = &empty;
        if ((d & MAZE_DRAWS_SHEET) != 0) {
            assert_int_equal((d & MAZE_DRAWS_LONE) != 0,
                             differs(m, f, &lone, &as_sheet));
        } else {
            assert_true((d & MAZE_DRAWS_LONE) != 0);
        }

        struct maze_export_options solved = MAZE_EXPORT_OPTIONS_INIT;
        solved.solution = path;
        assert_int_equal((d & MAZE_DRAWS_SOLUTION) != 0,
                         differs(m, f, &lone, &solved));
    }
    unmake(g, m, path);
}

static void
test_formats_read_what_they_declare(void **state)
{
    (void)state;
    struct maze_grid *g;
    struct maze *m;
    struct maze_path *path;
    assert_true(make(RECT_KIND, false, &g, &m, &path));
    static const struct maze_svg_options svg = {
        .struct_size = sizeof(struct maze_svg_options), .id_prefix = "x"};
    for (size_t i = 0; i < maze_format_count(); i++) {
        const struct maze_format_info *f = maze_format_at(i);
        if (f->draws == 0) {
            continue; /* a core build's pdf and sheet: draw nothing */
        }
        struct maze_export_options base = MAZE_EXPORT_OPTIONS_INIT;
        struct maze_export_options o[8];
        unsigned bits[8] = {MAZE_READS_CELL_SIZE, MAZE_READS_WALL_WIDTH,
                            MAZE_READS_MARGIN,    MAZE_READS_DPI,
                            MAZE_READS_CHARSET,   MAZE_READS_SVG,
                            MAZE_READS_BLOCKS,    MAZE_READS_THREADS};
        for (int j = 0; j < 8; j++) {
            o[j] = base;
        }
        o[0].cell_size = (struct maze_length){20, MAZE_UNIT_PT};
        o[1].wall_width = (struct maze_length){3, MAZE_UNIT_PT};
        o[2].margin = (struct maze_length){40, MAZE_UNIT_PT};
        o[3].dpi = 300;
        o[4].charset = MAZE_CHARSET_UTF8;
        o[5].svg = &svg;
        o[6].blocks = "@ ab";
        o[7].threads = 4; /* never changes the bytes, read or not */
        for (int j = 0; j < 8; j++) {
            bool read = (f->reads & bits[j]) != 0;
            bool changed = differs(m, f, &base, &o[j]);
            if (changed && !read) {
                fail_msg("%s: option %#x changes it, undeclared", f->name,
                         bits[j]);
            }
            if (read && !changed && bits[j] != MAZE_READS_THREADS) {
                fail_msg("%s: declares option %#x, which changes nothing",
                         f->name, bits[j]);
            }
        }
        /* Its default cell is the one it declares. */
        if ((f->reads & MAZE_READS_CELL_SIZE) != 0) {
            struct maze_export_options def = base;
            def.cell_size = f->cell_size;
            /* None declared: the largest that fits a sheet's slot. */
            assert_true(f->cell_size.value > 0 ||
                        (f->draws & MAZE_DRAWS_LONE) == 0);
            assert_int_equal(f->cell_size.unit, f->unit);
            if (differs(m, f, &base, &def)) {
                fail_msg("%s: its default cell is not %g (unit %d)", f->name,
                         f->cell_size.value, (int)f->cell_size.unit);
            }
        }
        assert_true(f->unit == MAZE_UNIT_PX || f->unit == MAZE_UNIT_PT);
        assert_int_equal((f->reads & MAZE_READS_DPI) != 0,
                         (f->flags & MAZE_FORMAT_RASTER) != 0);
    }
    unmake(g, m, path);
}

/* A kind declares whether its unmasked grids are whole rectangles, which
 * is what the rectangle-only algorithms take. */
static void
test_kinds_declare_rectangle(void **state)
{
    (void)state;
    const struct maze_algorithm_info *rows = NULL;
    for (size_t i = 0; i < maze_algorithm_count() && rows == NULL; i++) {
        rows = maze_algorithm_at(i)->rect_only ? maze_algorithm_at(i) : NULL;
    }
    assert_non_null(rows);
    unsigned rectangles = 0;
    for (size_t k = 0; k < maze_grid_kind_count(); k++) {
        const struct maze_grid_kind *kind = maze_grid_kind_at(k);
        struct maze_grid *g;
        struct maze_grid_params p = MAZE_GRID_PARAMS_INIT;
        p.size[MAZE_SIZE_WIDTH] = 6;
        p.size[MAZE_SIZE_HEIGHT] = 6;
        assert_int_equal(maze_grid_create(kind, &p, &g), MAZE_OK);
        if (kind->rectangle != maze_algorithm_supports(rows, g)) {
            fail_msg("%s: rectangle %d", kind->name, kind->rectangle);
        }
        rectangles += kind->rectangle;
        maze_grid_destroy(g);
    }
    assert_int_equal(rectangles, 1);
}

/*
 * What each build draws (docs/library.md): with drawing, pdf, png and svg
 * draw every kind and sheets; a core build (MAZE_HAS_DRAWING 0) keeps
 * every format name, but pdf and sheet draw nothing, png whole
 * rectangles only, svg every kind but no sheets; text, json and block
 * maps are the same in both.
 */
static void
test_formats_of_this_build(void **state)
{
    (void)state;
    const struct maze_format_info *pdf = maze_format_find("pdf");
    const struct maze_format_info *sheet = maze_format_find("sheet");
    const struct maze_format_info *png = maze_format_find("png");
    const struct maze_format_info *svg = maze_format_find("svg");
    assert_non_null(pdf);
    assert_non_null(sheet);
    assert_non_null(png);
    assert_non_null(svg);
    const struct maze_grid_kind *hex = maze_grid_kind_find("hex");
    assert_true(maze_format_supports(png, RECT_KIND, false));
    assert_true(maze_format_supports(svg, hex, true));
    assert_int_equal(maze_format_supports(png, hex, false), MAZE_HAS_DRAWING);
    assert_int_equal(maze_format_supports(pdf, RECT_KIND, false),
                     MAZE_HAS_DRAWING);
    assert_int_equal((svg->draws & MAZE_DRAWS_SHEET) != 0, MAZE_HAS_DRAWING);
    assert_int_equal((png->draws & MAZE_DRAWS_SHEET) != 0, MAZE_HAS_DRAWING);
    assert_int_equal(sheet->draws != 0, MAZE_HAS_DRAWING);
    static const char *const same[] = {"text", "json", "blocks", "blocks-raw"};
    for (size_t i = 0; i < sizeof(same) / sizeof(same[0]); i++) {
        assert_true(
            maze_format_supports(maze_format_find(same[i]), RECT_KIND, false));
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_formats_draw_the_grids_they_declare),
        cmocka_unit_test(test_formats_rows_sheets_and_solution),
        cmocka_unit_test(test_formats_read_what_they_declare),
        cmocka_unit_test(test_formats_of_this_build),
        cmocka_unit_test(test_kinds_declare_rectangle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
