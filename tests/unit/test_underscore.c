/* SPDX-License-Identifier: MIT */
/*
 * The text format's underscore style (--charset underscore): the exact
 * drawing of a hand-made maze and of a corridor; for generated mazes, the
 * same walls and openings as the ASCII drawing, position for position;
 * no solution and no levels; a failing sink.
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

static int
export_style(const struct maze *m, enum maze_charset charset,
             const struct maze_path *solution, struct membuf *b, size_t limit)
{
    struct maze_export_options opt = {.struct_size =
                                          sizeof(struct maze_export_options),
                                      .charset = charset,
                                      .solution = solution};
    return export_to(m, "text", &opt, b, limit);
}

static void
test_underscore_2x2(void **state)
{
    (void)state;
    struct fixture f;
    fixture_2x2(&f);
    struct membuf b;
    assert_int_equal(
        export_style(f.maze, MAZE_CHARSET_UNDERSCORE, NULL, &b, SIZE_MAX),
        MAZE_OK);
    /* Entered at the west of the top-left cell, left at the east of the
     * bottom-right one; passages 0-1, 0-2 and 2-3. */
    assert_string_equal(b.data,
                        " _ _\n"
                        "   _|\n"
                        "|_ _ \n"
                        "# 2x2 maze, algorithm hand, seed 7, bias h=1,v=1\n");
    free(b.data);
    fixture_finish(&f);
}

static void
test_underscore_corridor(void **state)
{
    (void)state;
    struct fixture f;
    fixture_create(&f, 3, 1);
    maze_set_open(f.maze, 0, true);
    maze_set_open(f.maze, 2, true);
    assert_int_equal(maze_set_endpoints(f.maze, 0, 2), MAZE_OK);
    set_hand_provenance(f.maze);
    struct membuf b;
    assert_int_equal(
        export_style(f.maze, MAZE_CHARSET_UNDERSCORE, NULL, &b, SIZE_MAX),
        MAZE_OK);
    assert_string_equal(b.data, " _ _ _\n"
                                " _ _ _ \n"
                                "# 3x1 maze, algorithm hand, seed 7, bias "
                                "h=1,v=1\n");
    free(b.data);
    fixture_finish(&f);
}

/* Line n (from 0) of text, as a pointer into it and its length. */
static const char *
line_of(const char *text, unsigned n, size_t *len)
{
    for (; n > 0; n--) {
        text = strchr(text, '\n') + 1;
    }
    *len = strcspn(text, "\n");
    return text;
}

/* Every wall of the ASCII drawing is in the underscore one, and no more. */
static void
check_like_ascii(uint32_t w, uint32_t h, uint64_t seed)
{
    struct fixture f;
    fixture_generate(&f, w, h, seed, seed % 2 == 1);
    struct membuf a, u;
    assert_int_equal(
        export_style(f.maze, MAZE_CHARSET_ASCII, NULL, &a, SIZE_MAX), MAZE_OK);
    assert_int_equal(
        export_style(f.maze, MAZE_CHARSET_UNDERSCORE, NULL, &u, SIZE_MAX),
        MAZE_OK);
    size_t n;
    const char *top = line_of(u.data, 0, &n);
    const char *atop = line_of(a.data, 0, &n);
    for (uint32_t x = 0; x < w; x++) {
        assert_int_equal(top[2 * x], ' ');
        assert_int_equal(top[2 * x + 1] == '_', atop[3 * x + 1] == '-');
    }
    for (uint32_t y = 0; y < h; y++) {
        const char *row = line_of(u.data, y + 1, &n);
        assert_int_equal(n, 2 * (size_t)w + 1);
        const char *cells = line_of(a.data, 2 * y + 1, &n);
        const char *below = line_of(a.data, 2 * y + 2, &n);
        assert_int_equal(row[0] == '|', cells[0] == '|');
        for (uint32_t x = 0; x < w; x++) {
            assert_int_equal(row[2 * x + 1] == '_', below[3 * x + 1] == '-');
            assert_int_equal(row[2 * x + 2] == '|', cells[3 * x + 3] == '|');
        }
    }
    /* The same closing line names the maze. */
    const char *last = line_of(u.data, h + 1, &n);
    assert_true(strncmp(last, "# ", 2) == 0);
    assert_non_null(strstr(a.data, last));
    free(a.data);
    free(u.data);
    fixture_finish(&f);
}

static void
test_underscore_like_ascii(void **state)
{
    (void)state;
    static const struct size sizes[] = {{1, 1}, {1, 6},   {6, 1}, {2, 2},
                                        {7, 5}, {30, 12}, {80, 3}};
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        for (uint64_t seed = 0; seed < 6; seed++) {
            check_like_ascii(sizes[i].w, sizes[i].h, seed);
        }
    }
}

static void
test_underscore_refuses(void **state)
{
    (void)state;
    struct fixture f;
    fixture_2x2(&f);
    struct membuf b;
    assert_int_equal(
        export_style(f.maze, MAZE_CHARSET_UNDERSCORE, f.path, &b, SIZE_MAX),
        MAZE_ERR_UNSUPPORTED);
    free(b.data);
    assert_int_equal(
        export_style(f.maze, (enum maze_charset)7, NULL, &b, SIZE_MAX),
        MAZE_ERR_INVALID);
    free(b.data);
    fixture_finish(&f);

    struct maze_grid_params p = {.struct_size = sizeof(struct maze_grid_params),
                                 .size = {3, 3, 2}};
    struct maze_grid *g;
    struct maze *m;
    assert_int_equal(maze_grid_create(maze_grid_kind_find("3d"), &p, &g),
                     MAZE_OK);
    assert_int_equal(maze_create(g, &m), MAZE_OK);
    assert_int_equal(
        maze_generate(
            m, &(struct maze_generate_options)MAZE_GENERATE_OPTIONS_INIT),
        MAZE_OK);
    assert_int_equal(
        export_style(m, MAZE_CHARSET_UNDERSCORE, NULL, &b, SIZE_MAX),
        MAZE_ERR_UNSUPPORTED);
    free(b.data);
    maze_destroy(m);
    maze_grid_destroy(g);
}

static void
test_underscore_failing_sink(void **state)
{
    (void)state;
    struct fixture f;
    fixture_generate(&f, 40, 40, 5, false);
    for (size_t limit = 0; limit < 3000; limit += 997) {
        struct membuf b;
        assert_int_equal(
            export_style(f.maze, MAZE_CHARSET_UNDERSCORE, NULL, &b, limit),
            MAZE_ERR_IO);
        free(b.data);
    }
    fixture_finish(&f);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_underscore_2x2),
        cmocka_unit_test(test_underscore_corridor),
        cmocka_unit_test(test_underscore_like_ascii),
        cmocka_unit_test(test_underscore_refuses),
        cmocka_unit_test(test_underscore_failing_sink),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
