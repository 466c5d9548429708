/* SPDX-License-Identifier: MIT */
/*
 * Unit tests for the languages of sheets (export/lang.c, sheet_words.c):
 * names of languages read with their regions and encodings, messages and
 * their plural forms looked up in the compiled catalogues, label
 * templates filled and cut on a character's edge, and the sheet options
 * that name a language, replace words and choose the footer, refused
 * with a detail when they are wrong; an older caller's struct without
 * them gets English.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "export/lang.h"
#include <mazegen/mazegen.h>

#include "support.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void
test_lang_find(void **state)
{
    (void)state;
    static const char *const codes[] = {"en", "es", "fr", "de", "pt", "it",
                                        "nl", "ar", "he", "ja", "zh"};
    for (size_t i = 0; i < COUNT(codes); i++) {
        assert_string_equal(maze_language_at(i), codes[i]);
        assert_string_equal(maze_language_find(codes[i]), codes[i]);
    }
    assert_null(maze_language_at(COUNT(codes)));
    assert_string_equal(maze_language_find("pt_BR"), "pt");
    assert_string_equal(maze_language_find("zh-CN"), "zh");
    assert_string_equal(maze_language_find("FR_ca.UTF-8"), "fr");
    assert_string_equal(maze_language_find("de_DE@euro"), "de");
    assert_null(maze_language_find("english"));
    assert_null(maze_language_find("e"));
    assert_null(maze_language_find("kl_GL"));
    assert_null(maze_language_find(""));
    assert_null(maze_language_find(NULL));
}

static void
test_lang_translate(void **state)
{
    (void)state;
    assert_string_equal(maze_translate("de", "Mazes"), "Labyrinthe");
    assert_string_equal(maze_translate("ja_JP", "Maze"),
                        "\xe8\xbf\xb7\xe8\xb7\xaf"); /* 迷路 */
    assert_string_equal(maze_translate(NULL, "Mazes"), "Mazes");
    assert_string_equal(maze_translate("xx", "Mazes"), "Mazes");
    assert_string_equal(maze_translate("fr", "no such message"),
                        "no such message");
    assert_null(maze_translate("fr", NULL));
}

/* Arabic has six plural forms, French counts 0 as singular, Japanese
 * one form. */
static void
test_lang_plurals(void **state)
{
    (void)state;
    const struct maze__po_lang *ar = maze__lang_find("ar");
    static const struct {
        unsigned long long n;
        const char *form;
    } cases[] = {
        {1, "%s \xd9\x85\xd8\xb1\xd8\xa8\xd8\xb9"}, /* مربع */
        {2, "%s \xd9\x85\xd8\xb1\xd8\xa8\xd8\xb9\xd8\xa7\xd9\x86"}, /* مربعان */
        {5, "%s \xd9\x85\xd8\xb1\xd8\xa8\xd8\xb9\xd8\xa7\xd8\xaa"}, /* مربعات */
        {103, "%s \xd9\x85\xd8\xb1\xd8\xa8\xd8\xb9\xd8\xa7\xd8\xaa"},
    };
    for (size_t i = 0; i < COUNT(cases); i++) {
        assert_string_equal(
            maze__lang_nget(ar, "%s cell", "%s cells", cases[i].n),
            cases[i].form);
    }
    const struct maze__po_lang *fr = maze__lang_find("fr");
    assert_string_equal(maze__lang_nget(fr, "%s cell", "%s cells", 0),
                        "%s case");
    assert_string_equal(maze__lang_nget(fr, "%s cell", "%s cells", 2),
                        "%s cases");
    const struct maze__po_lang *en = maze__lang_find(NULL);
    assert_string_equal(maze__lang_nget(en, "%s cell", "%s cells", 0),
                        "%s cells");
    assert_string_equal(maze__lang_get(fr, "decimal separator", "."), ",");
    assert_string_equal(maze__lang_get(fr, NULL, "."), ".");
}

static void
test_lang_format(void **state)
{
    (void)state;
    char buf[64];
    const char *args[] = {"3", "12"};
    maze__lang_format(buf, sizeof(buf), "Page %s of %s", args, 2);
    assert_string_equal(buf, "Page 3 of 12");
    maze__lang_format(buf, sizeof(buf), "100%% %s %s %d", args, 1);
    assert_string_equal(buf, "100% 3  %d");
    /* Cut short on a character's edge: "ページ" is 9 bytes. */
    maze__lang_format(buf, 8, "%s \xe3\x83\x9a\xe3\x83\xbc\xe3\x82\xb8", args,
                      1);
    assert_string_equal(buf, "3 \xe3\x83\x9a");
    assert_true(maze__lang_template_ok("%s/%s 100%%", 2));
    assert_false(maze__lang_template_ok("%s/%s/%s", 2));
    assert_false(maze__lang_template_ok("No %d", 1));
    assert_false(maze__lang_template_ok("50%", 1));
}

/* One 6 x 6 puzzle as a PDF with so; its bytes in m. */
static int
one_sheet(const struct maze_sheet_options *so, struct membuf *m)
{
    struct fixture f;
    fixture_generate(&f, 6, 6, 5, false);
    struct maze_puzzle p = {.maze = f.maze, .solution = f.path, .number = 1};
    struct maze_sink sink = membuf_sink(m, SIZE_MAX, SIZE_MAX);
    int rc = maze_export_sheet(&p, 1, "pdf", NULL, so, &sink);
    fixture_finish(&f);
    return rc;
}

static void
test_lang_sheet_options(void **state)
{
    (void)state;
    SKIP_WITHOUT_DRAWING();
    struct membuf m = {0};
    struct maze_sheet_options so = MAZE_SHEET_OPTIONS_INIT;
    so.language = "pt_BR";
    assert_int_equal(one_sheet(&so, &m), MAZE_OK);
    free(m.data);
    so.language = "klingon";
    assert_int_equal(one_sheet(&so, &m), MAZE_ERR_INVALID);
    assert_non_null(strstr(maze_error_detail(), "'klingon'"));
    free(m.data);

    so.language = "fr";
    struct maze_sheet_label labels[] = {{MAZE_WORD_PUZZLE, "D\xc3\xa9"
                                                           "fi"},
                                        {MAZE_WORD_PAGE, "%s/%s"}};
    so.labels = labels;
    so.label_count = COUNT(labels);
    so.footer = MAZE_FOOTER_SEED;
    assert_int_equal(one_sheet(&so, &m), MAZE_OK);
    free(m.data);
    labels[1].text = "%s/%s/%s";
    assert_int_equal(one_sheet(&so, &m), MAZE_ERR_INVALID);
    assert_non_null(strstr(maze_error_detail(), "page"));
    free(m.data);
    labels[1] = (struct maze_sheet_label){MAZE_WORD_NAME, "a\x01z"};
    assert_int_equal(one_sheet(&so, &m), MAZE_ERR_INVALID);
    free(m.data);
    labels[1] = (struct maze_sheet_label){MAZE_WORD_COUNT_, "x"};
    assert_int_equal(one_sheet(&so, &m), MAZE_ERR_INVALID);
    free(m.data);
    so.labels = NULL;
    assert_int_equal(one_sheet(&so, &m), MAZE_ERR_INVALID);
    free(m.data);

    /* A caller built before the language: its struct ends at page, and
     * what follows in memory is not read. */
    struct maze_sheet_options old = MAZE_SHEET_OPTIONS_INIT;
    old.struct_size = offsetof(struct maze_sheet_options, language);
    old.language = "klingon";
    assert_int_equal(one_sheet(&old, &m), MAZE_OK);
    free(m.data);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lang_find),
        cmocka_unit_test(test_lang_translate),
        cmocka_unit_test(test_lang_plurals),
        cmocka_unit_test(test_lang_format),
        cmocka_unit_test(test_lang_sheet_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
