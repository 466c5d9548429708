/* SPDX-License-Identifier: MIT */
/*
 * The option table (mazegen/option.h): one row an id, names and letters
 * that do not clash, help with every placeholder filled, values read and
 * refused with the messages every client shows, and the default paper
 * found in the environment as libpaper finds it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

static void
assert_detail_is(const char *want)
{
    if (strcmp(maze_error_detail(), want) != 0) {
        fail_msg("detail \"%s\", expected \"%s\"", maze_error_detail(), want);
    }
}

static const struct maze_option *
row(const char *name)
{
    const struct maze_option *o = maze_option_find(name);
    assert_non_null(o);
    return o;
}

static void
test_option_rows_are_ids(void **state)
{
    (void)state;
    assert_int_equal(maze_option_count(), MAZE_OPT_COUNT_);
    for (size_t i = 0; i < maze_option_count(); i++) {
        const struct maze_option *o = maze_option_at(i);
        assert_int_equal(o->id, i);
        assert_non_null(o->name);
        assert_non_null(o->summary);
        assert_non_null(o->help);
        assert_true(o->group < MAZE_GROUP_COUNT_);
        /* A value has a placeholder in the help; a flag none. */
        assert_true((o->type == MAZE_OPTION_FLAG) == (o->metavar == NULL));
        assert_true(o->type != MAZE_OPTION_CHOICE || o->choices != NULL ||
                    o->registry != MAZE_REGISTRY_NONE);
    }
    assert_null(maze_option_at(maze_option_count()));
}

static void
test_option_names_do_not_clash(void **state)
{
    (void)state;
    for (size_t i = 0; i < maze_option_count(); i++) {
        const struct maze_option *a = maze_option_at(i);
        assert_ptr_equal(maze_option_find(a->name), a);
        if (a->alias) {
            assert_ptr_equal(maze_option_find(a->alias), a);
        }
        if (a->letter) {
            char letter[2] = {a->letter, '\0'};
            assert_ptr_equal(maze_option_find(letter), a);
        }
        for (size_t j = i + 1; j < maze_option_count(); j++) {
            const struct maze_option *b = maze_option_at(j);
            assert_string_not_equal(a->name, b->name);
            assert_true(a->letter == 0 || a->letter != b->letter);
        }
    }
    assert_null(maze_option_find("no-such-option"));
    assert_null(maze_option_find(""));
    assert_null(maze_option_find(NULL));
    assert_string_equal(maze_option_label(row("width")), "-W/--width");
    assert_string_equal(maze_option_label(row("center")), "--centre");
}

static void
test_option_help_filled_in(void **state)
{
    (void)state;
    char buf[2048];
    for (size_t i = 0; i < maze_option_count(); i++) {
        const struct maze_option *o = maze_option_at(i);
        size_t n = maze_option_describe(o, buf, sizeof(buf));
        assert_int_equal(n, strlen(buf));
        assert_true(n > 0);
        if (strchr(buf, '{') != NULL) {
            fail_msg("--%s: a placeholder is left: %s", o->name, buf);
        }
    }
    maze_option_describe(row("width"), buf, sizeof(buf));
    assert_non_null(strstr(buf, "1 to 1000000 (default 20)"));
    /* The streaming algorithms come from the registry. */
    maze_option_describe(row("stream"), buf, sizeof(buf));
    for (size_t i = 0; i < maze_algorithm_count(); i++) {
        const struct maze_algorithm_info *a = maze_algorithm_at(i);
        char word[64];
        snprintf(word, sizeof(word), " %s", a->name);
        assert_int_equal(strstr(buf, word) != NULL, a->streamable);
    }
    /* A short buffer is cut, and the length still told. */
    char small[8];
    size_t need = maze_option_describe(row("width"), small, sizeof(small));
    assert_int_equal(strlen(small), 7);
    assert_true(need > 7);
}

static void
test_option_parse_numbers(void **state)
{
    (void)state;
    struct maze_option_value v;
    assert_int_equal(maze_option_parse(row("W"), "30", &v), MAZE_OK);
    assert_int_equal(v.number, 30);
    const char *bad[] = {
        "0", "-1", "12x", "", " 3", "1000001", "99999999999999999999"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        assert_int_equal(maze_option_parse(row("W"), bad[i], &v),
                         MAZE_ERR_INVALID);
    }
    maze_option_parse(row("W"), "0", &v);
    assert_detail_is("-W/--width: '0' is not valid; expected a whole number "
                     "from 1 to 1000000");
    assert_int_equal(maze_option_parse(row("seed"), "18446744073709551615", &v),
                     MAZE_OK);
    assert_int_equal(v.number, UINT64_MAX);
    assert_int_equal(maze_option_parse(row("count"), "10001", &v),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_option_parse(row("weave"), "30%", &v), MAZE_OK);
    assert_int_equal(v.number, 30);
    assert_int_equal(maze_option_parse(row("weave"), NULL, &v), MAZE_OK);
    assert_null(v.text);
    assert_int_equal(maze_option_parse(row("braid"), "0.25", &v), MAZE_OK);
    assert_int_equal(v.number, MAZE_FRACTION_ONE / 4);
    assert_int_equal(maze_option_parse(row("braid"), "1.5", &v),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_option_parse(row("max-memory"), "4G", &v), MAZE_OK);
    assert_int_equal(v.number, (uint64_t)4 << 30);
    assert_int_equal(maze_option_parse(row("max-memory"), "1K", &v),
                     MAZE_ERR_INVALID);
}

static void
test_option_parse_choices_and_text(void **state)
{
    (void)state;
    struct maze_option_value v;
    assert_int_equal(maze_option_parse(row("t"), "txt", &v), MAZE_OK);
    assert_string_equal(v.text, "text");
    assert_int_equal(maze_option_parse(row("t"), "none", &v), MAZE_OK);
    assert_int_equal(maze_option_parse(row("t"), "list", &v), MAZE_ERR_INVALID);
    assert_int_equal(maze_option_parse(row("grid"), "hex", &v), MAZE_OK);
    assert_int_equal(maze_option_parse(row("a"), "dfs", &v), MAZE_ERR_INVALID);
    assert_non_null(strstr(maze_error_detail(), "-a/--algorithm: unknown "
                                                "algorithm 'dfs'"));
    assert_int_equal(maze_option_parse(row("openings"), "corners", &v),
                     MAZE_ERR_INVALID);
    assert_detail_is("--openings: unknown value 'corners'; expected one of "
                     "longest, left-right, top-bottom");
    assert_int_equal(maze_option_parse(row("openings"), "top-bottom", &v),
                     MAZE_OK);
    assert_int_equal(v.number, 2);
    assert_int_equal(maze_option_parse(row("paper"), "A4", &v), MAZE_OK);
    assert_int_equal(maze_option_parse(row("paper"), "a11", &v),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_option_parse(row("start"), "3,4", &v), MAZE_OK);
    assert_int_equal(v.cell_count, 2);
    assert_int_equal(v.cell[1], 4);
    assert_int_equal(maze_option_parse(row("start"), "3,", &v),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_option_parse(row("margin"), "0mm", &v), MAZE_OK);
    assert_true(v.length.value < 0); /* MAZE_LENGTH_NONE */
    assert_int_equal(maze_option_parse(row("cell-size"), "0", &v),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_option_parse(row("cell-size"), "12", &v), MAZE_OK);
    assert_true(v.bare);
    /* Text: UTF-8 kept in the message's quote, controls refused. */
    assert_int_equal(
        maze_option_parse(row("title"), "Labyrinthe \xc3\xa9t\xc3\xa9", &v),
        MAZE_OK);
    assert_int_equal(maze_option_parse(row("title"), "a\nb", &v),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_option_parse(row("instructions"), "a\nb", &v),
                     MAZE_OK);
    assert_int_equal(maze_option_parse(row("W"), "\xc3\xa9", &v),
                     MAZE_ERR_INVALID);
    assert_non_null(strstr(maze_error_detail(), "'\xc3\xa9'"));
    assert_int_equal(maze_option_parse(row("blocks"), "##SF", &v),
                     MAZE_ERR_INVALID);
    /* Flags take no value; values need one unless optional. */
    assert_int_equal(maze_option_parse(row("solution"), "yes", &v),
                     MAZE_ERR_INVALID);
    assert_int_equal(maze_option_parse(row("solution"), NULL, &v), MAZE_OK);
    assert_int_equal(maze_option_parse(row("W"), NULL, &v), MAZE_ERR_INVALID);
}

/* Format names, paper names and units in any case, as --paper A4 is; a
 * length with its unit in capitals is not bare. */
static void
test_option_parse_any_case(void **state)
{
    (void)state;
    struct maze_option_value v;
    assert_int_equal(maze_option_parse(row("t"), "PNG", &v), MAZE_OK);
    assert_string_equal(v.text, "png");
    assert_int_equal(maze_option_parse(row("cell-size"), "12PT", &v), MAZE_OK);
    assert_false(v.bare);
    assert_int_equal(v.length.unit, MAZE_UNIT_PT);
    assert_true(v.length.value == 12);
    assert_int_equal(maze_option_parse(row("cell-size"), "1Cm", &v), MAZE_OK);
    assert_int_equal(v.length.unit, MAZE_UNIT_MM);
    assert_true(v.length.value == 10);
    assert_int_equal(maze_option_parse(row("margin"), "0IN", &v), MAZE_OK);
    assert_true(v.length.value < 0); /* MAZE_LENGTH_NONE */
    assert_int_equal(maze_option_parse(row("bleed"), "3MM,all", &v), MAZE_OK);
    assert_int_equal(maze_option_parse(row("paper"), "8.5X11IN", &v), MAZE_OK);
    assert_int_equal(maze_option_parse(row("paper"), "LEDGER", &v), MAZE_OK);
    assert_int_equal(maze_option_parse(row("cell-size"), "12qq", &v),
                     MAZE_ERR_INVALID);
    assert_non_null(strstr(maze_error_detail(), "px, pt, mm, cm or in"));
}

/* Runs maze_paper_default() with PAPERSIZE and PAPERCONF as given (NULL:
 * unset). */
static int
paper(const char *size, const char *conf, double *w, double *h, char *name)
{
    if (size) {
        setenv("PAPERSIZE", size, 1);
    } else {
        unsetenv("PAPERSIZE");
    }
    if (conf) {
        setenv("PAPERCONF", conf, 1);
    } else {
        unsetenv("PAPERCONF");
    }
    return maze_paper_default(w, h, name, 32);
}

static void
test_option_paper_default(void **state)
{
    (void)state;
    double w, h;
    char name[32];
    assert_int_equal(paper("a4", NULL, &w, &h, name), MAZE_OK);
    assert_int_equal((int)(w * 100 + 0.5), 59528);
    assert_string_equal(name, "a4");
    char path[] = "/tmp/mazegen-paperXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    const char conf[] = "# the paper\n  legal  # US legal\n";
    assert_int_equal(write(fd, conf, sizeof(conf) - 1), sizeof(conf) - 1);
    close(fd);
    assert_int_equal(paper(NULL, path, &w, &h, name), MAZE_OK);
    assert_string_equal(name, "legal");
    assert_int_equal((int)h, 1008);
    /* PAPERSIZE wins over the file. */
    assert_int_equal(paper("letter", path, &w, &h, name), MAZE_OK);
    assert_int_equal((int)w, 612);
    unlink(path);
    /* No file: letter. */
    assert_int_equal(paper(NULL, path, &w, &h, name), MAZE_OK);
    assert_string_equal(name, "letter");
    assert_int_equal(paper("foolscap-ish", NULL, &w, &h, name),
                     MAZE_ERR_INVALID);
    assert_non_null(strstr(maze_error_detail(), "PAPERSIZE (the environment): "
                                                "'foolscap-ish' is not valid"));
    unsetenv("PAPERSIZE");
    unsetenv("PAPERCONF");
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_option_rows_are_ids),
        cmocka_unit_test(test_option_names_do_not_clash),
        cmocka_unit_test(test_option_help_filled_in),
        cmocka_unit_test(test_option_parse_numbers),
        cmocka_unit_test(test_option_parse_choices_and_text),
        cmocka_unit_test(test_option_parse_any_case),
        cmocka_unit_test(test_option_paper_default),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
