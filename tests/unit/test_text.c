/* SPDX-License-Identifier: MIT */
/*
 * The text exporter: exact output for small hand-made mazes in ASCII and
 * UTF-8, with and without a solution; the shape of a generated maze; the
 * provenance line; determinism; and a sink that fails on any write.
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

/* Exports maze as text; returns the status and leaves the output in b. */
static int
export_text(const struct maze *maze, enum maze_charset charset,
            const struct maze_path *solution, struct membuf *b, size_t fail_at)
{
    struct maze_sink sink = membuf_sink(b, SIZE_MAX, fail_at);
    struct maze_export_options opt = {.struct_size =
                                          sizeof(struct maze_export_options),
                                      .charset = charset,
                                      .solution = solution};
    return maze_export(maze, "text", &opt, &sink);
}

/* A corridor of three cells, start at the west end and finish at the east. */
static void
make_3x1(struct fixture *f)
{
    fixture_create(f, 3, 1);
    maze_set_open(f->maze, 0, true);
    maze_set_open(f->maze, 2, true);
    set_hand_provenance(f->maze);
    assert_int_equal(maze_solve(f->maze, &f->path), MAZE_OK);
    assert_int_equal(f->path->length, 3);
}

static void
expect_text(const struct maze *maze, enum maze_charset charset,
            const struct maze_path *solution, const char *expected)
{
    struct membuf b;
    assert_int_equal(export_text(maze, charset, solution, &b, SIZE_MAX),
                     MAZE_OK);
    assert_non_null(b.data);
    assert_string_equal(b.data, expected);
    free(b.data);
}

#define PROV_2X2 "# 2x2 maze, algorithm hand, seed 7, bias h=1,v=1\n"
#define PROV_3X1 "# 3x1 maze, algorithm hand, seed 7, bias h=1,v=1\n"

static void
test_text_ascii_2x2(void **state)
{
    (void)state;
    struct fixture f;
    fixture_2x2(&f);
    expect_text(f.maze, MAZE_CHARSET_ASCII, NULL,
                "+--+--+\n"
                " S    |\n"
                "+  +--+\n"
                "|   F  \n"
                "+--+--+\n" PROV_2X2);
    fixture_finish(&f);
}

static void
test_text_ascii_2x2_solution(void **state)
{
    (void)state;
    struct fixture f;
    fixture_2x2(&f);
    expect_text(f.maze, MAZE_CHARSET_ASCII, f.path,
                "+--+--+\n"
                "*S    |\n"
                "+**+--+\n"
                "|***F *\n"
                "+--+--+\n" PROV_2X2);
    fixture_finish(&f);
}

static void
test_text_utf8_2x2(void **state)
{
    (void)state;
    struct fixture f;
    fixture_2x2(&f);
    expect_text(f.maze, MAZE_CHARSET_UTF8, NULL,
                "╶─────┐\n"
                " S    │\n"
                "╷  ╶──┘\n"
                "│   F  \n"
                "└─────╴\n" PROV_2X2);
    fixture_finish(&f);
}

static void
test_text_utf8_2x2_solution(void **state)
{
    (void)state;
    struct fixture f;
    fixture_2x2(&f);
    expect_text(f.maze, MAZE_CHARSET_UTF8, f.path,
                "╶─────┐\n"
                "░S    │\n"
                "╷░░╶──┘\n"
                "│░░░F ░\n"
                "└─────╴\n" PROV_2X2);
    fixture_finish(&f);
}

static void
test_text_ascii_3x1(void **state)
{
    (void)state;
    struct fixture f;
    make_3x1(&f);
    expect_text(f.maze, MAZE_CHARSET_ASCII, NULL,
                "+--+--+--+\n"
                " S     F  \n"
                "+--+--+--+\n" PROV_3X1);
    expect_text(f.maze, MAZE_CHARSET_ASCII, f.path,
                "+--+--+--+\n"
                "*S ****F *\n"
                "+--+--+--+\n" PROV_3X1);
    fixture_finish(&f);
}

static void
test_text_utf8_3x1(void **state)
{
    (void)state;
    struct fixture f;
    make_3x1(&f);
    expect_text(f.maze, MAZE_CHARSET_UTF8, NULL,
                "╶────────╴\n"
                " S     F  \n"
                "╶────────╴\n" PROV_3X1);
    expect_text(f.maze, MAZE_CHARSET_UTF8, f.path,
                "╶────────╴\n"
                "░S ░░░░F ░\n"
                "╶────────╴\n" PROV_3X1);
    fixture_finish(&f);
}

/* One cell that is both start and finish opens on two sides. */
static void
test_text_single_cell(void **state)
{
    (void)state;
    struct maze_grid *grid;
    struct maze *maze;
    struct maze_path *path;
    assert_int_equal(maze_grid_create_rect(1, 1, &grid), MAZE_OK);
    assert_int_equal(maze_create(grid, &maze), MAZE_OK);
    assert_int_equal(maze_solve(maze, &path), MAZE_OK);
    expect_text(maze, MAZE_CHARSET_ASCII, NULL,
                "+--+\n"
                " SF \n"
                "+--+\n"
                "# 1x1 maze, algorithm none, seed 0, bias h=0,v=0\n");
    expect_text(maze, MAZE_CHARSET_ASCII, path,
                "+--+\n"
                "*SF*\n"
                "+--+\n"
                "# 1x1 maze, algorithm none, seed 0, bias h=0,v=0\n");
    maze_path_destroy(path);
    maze_destroy(maze);
    maze_grid_destroy(grid);
}

/* Characters (code points) in a UTF-8 string of n bytes. */
static size_t
code_points(const char *s, size_t n)
{
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        count += ((unsigned char)s[i] & 0xc0) != 0x80;
    }
    return count;
}

/* 2H+1 lines of 3W+1 characters, then one provenance line. */
static void
check_shape(const char *text, uint32_t w, uint32_t h)
{
    const char *line = text;
    size_t lines = 0;
    for (const char *nl; (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
        if (lines < 2 * h + 1) {
            assert_int_equal(code_points(line, (size_t)(nl - line)), 3 * w + 1);
        } else {
            assert_int_equal(lines, 2 * h + 1);
            assert_memory_equal(line, "# ", 2);
        }
        lines++;
    }
    assert_int_equal(lines, 2 * h + 2);
    assert_int_equal(*line, '\0');
}

static void
test_text_generated_shape(void **state)
{
    (void)state;
    struct fixture f;
    fixture_generate(&f, 37, 23, 12345, false);
    const enum maze_charset sets[] = {MAZE_CHARSET_ASCII, MAZE_CHARSET_UTF8};
    for (size_t i = 0; i < 2; i++) {
        for (int with_path = 0; with_path < 2; with_path++) {
            struct membuf b;
            assert_int_equal(export_text(f.maze, sets[i],
                                         with_path ? f.path : NULL, &b,
                                         SIZE_MAX),
                             MAZE_OK);
            check_shape(b.data, 37, 23);
            free(b.data);
        }
    }
    fixture_finish(&f);
}

/*
 * The outer wall is closed except at the two openings: with the endpoints
 * at opposite corners, west of the first cell and east of the last.
 */
static void
test_text_generated_border(void **state)
{
    (void)state;
    struct fixture f;
    fixture_generate(&f, 37, 23, 99, false);
    assert_int_equal(maze_set_endpoints(f.maze, 0, 37 * 23 - 1), MAZE_OK);
    struct membuf b;
    assert_int_equal(
        export_text(f.maze, MAZE_CHARSET_ASCII, NULL, &b, SIZE_MAX), MAZE_OK);
    size_t stride = 3 * 37 + 2;
    for (size_t row = 0; row < 2 * 23 + 1; row++) {
        const char *line = b.data + row * stride;
        assert_int_equal(line[stride - 1], '\n');
        if (row == 0 || row == 2 * 23) {
            for (size_t x = 0; x < 37; x++) {
                assert_memory_equal(line + 3 * x, "+--", 3);
            }
        } else if (row % 2 == 1) {
            assert_int_equal(line[0], row == 1 ? ' ' : '|');
            assert_int_equal(line[3 * 37], row == 2 * 23 - 1 ? ' ' : '|');
        } else {
            assert_int_equal(line[0], '+');
            assert_int_equal(line[3 * 37], '+');
        }
    }
    assert_memory_equal(b.data + stride + 1, "S ", 2);
    assert_memory_equal(b.data + 45 * stride + 3 * 36 + 1, "F ", 2);
    free(b.data);
    fixture_finish(&f);
}

static void
test_text_provenance_seed(void **state)
{
    (void)state;
    struct fixture f;
    fixture_generate(&f, 37, 23, 1234567890123ull, false);
    struct membuf b;
    assert_int_equal(
        export_text(f.maze, MAZE_CHARSET_UTF8, f.path, &b, SIZE_MAX), MAZE_OK);
    const char *last = b.data + b.len - 1;
    assert_int_equal(*last, '\n');
    while (last > b.data && last[-1] != '\n') {
        last--;
    }
    assert_string_equal(last, "# mazegen -W 37 -H 23 -a backtracker "
                              "-s 1234567890123\n");
    free(b.data);
    fixture_finish(&f);
}

static void
test_text_deterministic(void **state)
{
    (void)state;
    struct fixture f, g;
    fixture_generate(&f, 37, 23, 5, false);
    fixture_generate(&g, 37, 23, 5, false);
    struct membuf a, b;
    assert_int_equal(
        export_text(f.maze, MAZE_CHARSET_UTF8, f.path, &a, SIZE_MAX), MAZE_OK);
    assert_int_equal(
        export_text(g.maze, MAZE_CHARSET_UTF8, g.path, &b, SIZE_MAX), MAZE_OK);
    assert_int_equal(a.len, b.len);
    assert_memory_equal(a.data, b.data, a.len);
    free(a.data);
    free(b.data);
    fixture_finish(&f);
    fixture_finish(&g);
}

/* Failing the first write, or any later one, stops with MAZE_ERR_IO. */
static void
test_text_failing_sink(void **state)
{
    (void)state;
    struct fixture f;
    fixture_generate(&f, 7, 5, 3, false);
    struct membuf b;
    assert_int_equal(
        export_text(f.maze, MAZE_CHARSET_UTF8, f.path, &b, SIZE_MAX), MAZE_OK);
    size_t writes = b.writes;
    free(b.data);
    assert_true(writes >= 2);
    for (size_t n = 0; n < writes; n++) {
        assert_int_equal(export_text(f.maze, MAZE_CHARSET_UTF8, f.path, &b, n),
                         MAZE_ERR_IO);
        assert_int_equal(b.writes, n + 1);
        free(b.data);
    }
    fixture_finish(&f);
}

static void
test_text_rejects_bad_input(void **state)
{
    (void)state;
    struct fixture f;
    fixture_2x2(&f);
    struct membuf b;
    /* Cells 0 and 3 are diagonal, not neighbours. */
    uint32_t jump[] = {0, 3};
    struct maze_path bad = {jump, 2};
    assert_int_equal(
        export_text(f.maze, MAZE_CHARSET_ASCII, &bad, &b, SIZE_MAX),
        MAZE_ERR_INVALID);
    free(b.data);
    uint32_t off[] = {0, 4};
    bad = (struct maze_path){off, 2};
    assert_int_equal(
        export_text(f.maze, MAZE_CHARSET_ASCII, &bad, &b, SIZE_MAX),
        MAZE_ERR_INVALID);
    free(b.data);
    /* Cell 1 is at the end of row 0, cell 2 starts row 1. */
    uint32_t wrap[] = {1, 2};
    bad = (struct maze_path){wrap, 2};
    assert_int_equal(
        export_text(f.maze, MAZE_CHARSET_ASCII, &bad, &b, SIZE_MAX),
        MAZE_ERR_INVALID);
    free(b.data);
    assert_int_equal(
        export_text(f.maze, (enum maze_charset)7, NULL, &b, SIZE_MAX),
        MAZE_ERR_INVALID);
    assert_int_equal(b.writes, 0);
    free(b.data);
    fixture_finish(&f);
}

static void
test_text_registered(void **state)
{
    (void)state;
    const struct maze_format_info *info = maze_format_find("text");
    assert_non_null(info);
    assert_string_equal(info->extensions[0], "txt");
    assert_null(info->extensions[1]);
    assert_int_equal(info->flags, MAZE_FORMAT_TEXT);
    assert_ptr_equal(maze_format_for_path("out/maze.TXT"), info);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text_ascii_2x2),
        cmocka_unit_test(test_text_ascii_2x2_solution),
        cmocka_unit_test(test_text_utf8_2x2),
        cmocka_unit_test(test_text_utf8_2x2_solution),
        cmocka_unit_test(test_text_ascii_3x1),
        cmocka_unit_test(test_text_utf8_3x1),
        cmocka_unit_test(test_text_single_cell),
        cmocka_unit_test(test_text_generated_shape),
        cmocka_unit_test(test_text_generated_border),
        cmocka_unit_test(test_text_provenance_seed),
        cmocka_unit_test(test_text_deterministic),
        cmocka_unit_test(test_text_failing_sink),
        cmocka_unit_test(test_text_rejects_bad_input),
        cmocka_unit_test(test_text_registered),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
