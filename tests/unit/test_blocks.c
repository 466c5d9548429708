/* SPDX-License-Identifier: MIT */
/*
 * Block maps (blocks, blocks-csv, blocks-raw): the exact map of a
 * hand-made maze; for generated mazes of many sizes and seeds, the size
 * (2W + 1) x (2H + 1), a wall border but for the two openings, floor on
 * every cell, and a floor block between two cells exactly when the
 * library says their passage is open; the three forms agreeing block for
 * block; the characters of --blocks and their validation; kinds and
 * masks refused; a failing sink.
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

static char *
export_blocks(const struct maze *m, const char *format, const char *chars,
              size_t *len)
{
    struct membuf b;
    struct maze_export_options opt = {
        .struct_size = sizeof(struct maze_export_options), .blocks = chars};
    assert_int_equal(export_to(m, format, &opt, &b, SIZE_MAX), MAZE_OK);
    *len = b.len;
    return b.data;
}

static void
test_blocks_2x2_exact(void **state)
{
    (void)state;
    struct fixture f;
    fixture_2x2(&f);
    size_t len;
    char *map = export_blocks(f.maze, "blocks", NULL, &len);
    assert_string_equal(map, "#####\n"
                             ".S..#\n"
                             "#.###\n"
                             "#..F.\n"
                             "#####\n");
    free(map);
    map = export_blocks(f.maze, "blocks", "X SE", &len);
    assert_string_equal(map, "XXXXX\n"
                             " S  X\n"
                             "X XXX\n"
                             "X  E \n"
                             "XXXXX\n");
    free(map);
    map = export_blocks(f.maze, "blocks-csv", NULL, &len);
    assert_string_equal(map, "0,0,0,0,0\n"
                             "1,2,1,1,0\n"
                             "0,1,0,0,0\n"
                             "0,1,1,3,1\n"
                             "0,0,0,0,0\n");
    free(map);
    map = export_blocks(f.maze, "blocks-raw", NULL, &len);
    static const char raw[25] = {0, 0, 0, 0, 0, 1, 2, 1, 1, 0, 0, 1, 0,
                                 0, 0, 0, 1, 1, 3, 1, 0, 0, 0, 0, 0};
    assert_int_equal(len, 25);
    assert_memory_equal(map, raw, 25);
    free(map);
    fixture_finish(&f);
}

/* The raw map agrees with the library's passages, and the other two forms
 * with the raw one. */
static void
check_generated(uint32_t w, uint32_t h, uint64_t seed)
{
    struct fixture f;
    fixture_generate(&f, w, h, seed, seed % 2 == 0);
    const struct maze_grid *g = f.grid;
    size_t bw = 2 * (size_t)w + 1, bh = 2 * (size_t)h + 1, len;
    unsigned char *raw =
        (unsigned char *)export_blocks(f.maze, "blocks-raw", NULL, &len);
    assert_int_equal(len, bw * bh);
    unsigned border_floor = 0;
    for (size_t y = 0; y < bh; y++) {
        for (size_t x = 0; x < bw; x++) {
            unsigned v = raw[y * bw + x];
            assert_true(v <= 3);
            bool border = x == 0 || y == 0 || x == bw - 1 || y == bh - 1;
            if (x % 2 == 0 && y % 2 == 0) {
                assert_int_equal(v, 0); /* posts */
            } else if (border) {
                border_floor += v != 0;
            } else if (x % 2 == 1 && y % 2 == 1) {
                uint32_t c = cell_at(&f, (uint32_t)x / 2, (uint32_t)y / 2);
                unsigned want = c == maze_start(f.maze)    ? 2
                                : c == maze_finish(f.maze) ? 3
                                                           : 1;
                assert_int_equal(v, want);
            } else {
                /* Between two cells, west and east of a wall column or
                 * north and south of a wall row: floor iff their passage
                 * is open. */
                uint32_t cx = (uint32_t)(x - 1) / 2, cy = (uint32_t)(y - 1) / 2;
                uint32_t a = cell_at(&f, cx, cy);
                uint32_t b = x % 2 == 0 ? cell_at(&f, cx + 1, cy)
                                        : cell_at(&f, cx, cy + 1);
                assert_int_equal(v == 1,
                                 maze_is_open(f.maze, edge_between(g, a, b)));
            }
        }
    }
    unsigned openings = (maze_start_opening(f.maze) != MAZE_NONE) +
                        (maze_finish_opening(f.maze) != MAZE_NONE);
    assert_int_equal(border_floor, openings);

    char *chars = export_blocks(f.maze, "blocks", "#.SF", &len);
    char *csv = export_blocks(f.maze, "blocks-csv", NULL, &len);
    const char *p = chars, *q = csv;
    for (size_t y = 0; y < bh; y++) {
        for (size_t x = 0; x < bw; x++) {
            unsigned v = raw[y * bw + x];
            assert_int_equal(*p++, "#.SF"[v]);
            assert_int_equal(*q++, '0' + (int)v);
            assert_int_equal(*q++, x + 1 < bw ? ',' : '\n');
        }
        assert_int_equal(*p++, '\n');
    }
    assert_int_equal(*p, '\0');
    assert_int_equal(*q, '\0');
    free(chars);
    free(csv);
    free(raw);
    fixture_finish(&f);
}

static void
test_blocks_generated(void **state)
{
    (void)state;
    static const struct size sizes[] = {{1, 1}, {1, 7},  {7, 1}, {2, 2},
                                        {5, 3}, {12, 9}, {70, 4}};
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        for (uint64_t seed = 0; seed < 6; seed++) {
            check_generated(sizes[i].w, sizes[i].h, seed);
        }
    }
}

static void
test_blocks_chars_valid(void **state)
{
    (void)state;
    assert_true(maze_blocks_valid("#.SF"));
    assert_true(maze_blocks_valid("# SF"));
    assert_true(maze_blocks_valid(MAZE_BLOCKS_DEFAULT));
    assert_false(maze_blocks_valid(NULL));
    assert_false(maze_blocks_valid(""));
    assert_false(maze_blocks_valid("#.S"));
    assert_false(maze_blocks_valid("#.SFX"));
    assert_false(maze_blocks_valid("#.S#"));
    assert_false(maze_blocks_valid("#.S\t"));
    assert_false(maze_blocks_valid("#.S\x7f"));
    assert_false(maze_blocks_valid("#.S\xc3"));

    struct fixture f;
    fixture_2x2(&f);
    struct membuf b;
    struct maze_export_options opt = {
        .struct_size = sizeof(struct maze_export_options), .blocks = "##SF"};
    assert_int_equal(export_to(f.maze, "blocks", &opt, &b, SIZE_MAX),
                     MAZE_ERR_INVALID);
    free(b.data);
    /* The numeric forms do not use the characters. */
    assert_int_equal(export_to(f.maze, "blocks-csv", &opt, &b, SIZE_MAX),
                     MAZE_OK);
    free(b.data);
    fixture_finish(&f);
}

static void
test_blocks_refuses_kinds(void **state)
{
    (void)state;
    static const char *const formats[] = {"blocks", "blocks-csv", "blocks-raw"};
    struct maze_grid_params p = {.struct_size = sizeof(struct maze_grid_params),
                                 .size = {4, 4}};
    struct maze_grid *g;
    struct maze *m;
    assert_int_equal(maze_grid_create(maze_grid_kind_find("hex"), &p, &g),
                     MAZE_OK);
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    assert_int_equal(
        maze_generate(
            m, &(struct maze_generate_options)MAZE_GENERATE_OPTIONS_INIT),
        MAZE_OK);
    for (int i = 0; i < 3; i++) {
        struct membuf b;
        assert_int_equal(export_to(m, formats[i], NULL, &b, SIZE_MAX),
                         MAZE_ERR_UNSUPPORTED);
        free(b.data);
    }
    maze_destroy(m);
    maze_grid_destroy(g);
}

static void
test_blocks_failing_sink(void **state)
{
    (void)state;
    struct fixture f;
    fixture_generate(&f, 30, 30, 3, false);
    static const char *const formats[] = {"blocks", "blocks-csv", "blocks-raw"};
    for (int i = 0; i < 3; i++) {
        struct membuf b;
        assert_int_equal(export_to(f.maze, formats[i], NULL, &b, 10),
                         MAZE_ERR_IO);
        free(b.data);
    }
    fixture_finish(&f);
}

static void
test_blocks_registered(void **state)
{
    (void)state;
    const struct maze_format_info *i = maze_format_find("blocks");
    assert_non_null(i);
    assert_ptr_equal(maze_format_for_path("level.blocks"), i);
    assert_ptr_equal(maze_format_for_path("level.CSV"),
                     maze_format_find("blocks-csv"));
    assert_ptr_equal(maze_format_for_path("level.raw"),
                     maze_format_find("blocks-raw"));
    assert_true(maze_stream_format_supported("blocks"));
    assert_true(maze_stream_format_supported("blocks-csv"));
    assert_true(maze_stream_format_supported("blocks-raw"));
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blocks_2x2_exact),
        cmocka_unit_test(test_blocks_generated),
        cmocka_unit_test(test_blocks_chars_valid),
        cmocka_unit_test(test_blocks_refuses_kinds),
        cmocka_unit_test(test_blocks_failing_sink),
        cmocka_unit_test(test_blocks_registered),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
