/*
 * Unit tests for bias weights as text (maze_bias_parse, maze_bias_format):
 * the accepted grammar, exact fixed-point values, the error class of each
 * rejection, round trips, and independence from the locale.
 *
 * On the edges of the grammar the parser takes a decimal as digits with an
 * optional fraction, where either side of the point may be empty but not
 * both, except that a trailing point ("1.") is refused: so ".5" is 0.5 and
 * "1." is a syntax error. maze_length_parse() reads decimals the same way.
 */
#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <mazegen/mazegen.h>

#define ONE MAZE_WEIGHT_ONE

struct good {
    const char *text;
    uint32_t h, v;
};

static const struct good goods[] = {
    {"h=3,v=1", 3 * ONE, ONE},
    {"v=1,h=3", 3 * ONE, ONE},
    {"h=1.5", 1500000, ONE},
    {"v=2", ONE, 2 * ONE},
    {"h=0,v=2", 0, 2 * ONE},
    {"h=2,v=0", 2 * ONE, 0},
    {"h=0.000001,v=1", 1, ONE},
    {"h=1000,v=1", MAZE_WEIGHT_MAX, ONE},
    {"h=1000.000000", MAZE_WEIGHT_MAX, ONE},
    {"h=1,v=1", ONE, ONE},
    {"h=0.5", 500000, ONE},
    {"h=.5", 500000, ONE},
    {"h=007", 7 * ONE, ONE},
    {"h=1.250000", 1250000, ONE},
    {"h=999.999999", MAZE_WEIGHT_MAX - 1, ONE},
    {"v=0.1,h=0.2", 200000, 100000},
};

static void
test_bias_parse_accepts(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(goods) / sizeof(goods[0]); i++) {
        struct maze_bias b = {{12345, 12345}};
        int rc = maze_bias_parse(goods[i].text, &b);
        if (rc != MAZE_OK) {
            fail_msg("\"%s\" refused: %s", goods[i].text, maze_strerror(rc));
        }
        if (b.weight[MAZE_CLASS_H] != goods[i].h ||
            b.weight[MAZE_CLASS_V] != goods[i].v) {
            fail_msg("\"%s\" gave h=%u v=%u", goods[i].text,
                     (unsigned)b.weight[MAZE_CLASS_H],
                     (unsigned)b.weight[MAZE_CLASS_V]);
        }
    }
}

struct bad {
    const char *text;
    int status;
};

static const struct bad bads[] = {
    {"", MAZE_ERR_INVALID},
    {"h", MAZE_ERR_INVALID},
    {"h=", MAZE_ERR_INVALID},
    {"=1", MAZE_ERR_INVALID},
    {"h=-1", MAZE_ERR_INVALID},
    {"h=+1", MAZE_ERR_INVALID},
    {"h=1,,v=2", MAZE_ERR_INVALID},
    {"h=1,", MAZE_ERR_INVALID},
    {",h=1", MAZE_ERR_INVALID},
    {"h=1,h=2", MAZE_ERR_INVALID},
    {"v=1,v=1", MAZE_ERR_INVALID},
    {"x=1", MAZE_ERR_INVALID},
    {"H=1", MAZE_ERR_INVALID},
    {"h:1", MAZE_ERR_INVALID},
    {"h==1", MAZE_ERR_INVALID},
    {" h=1", MAZE_ERR_INVALID},
    {"h=1 ", MAZE_ERR_INVALID},
    {"h= 1", MAZE_ERR_INVALID},
    {"h=1;v=2", MAZE_ERR_INVALID},
    {"h=nan", MAZE_ERR_INVALID},
    {"h=inf", MAZE_ERR_INVALID},
    {"h=1e3", MAZE_ERR_INVALID},
    {"h=0x10", MAZE_ERR_INVALID},
    {"h=1.", MAZE_ERR_INVALID},
    {"h=.", MAZE_ERR_INVALID},
    {"h=1,5", MAZE_ERR_INVALID}, /* a decimal comma is not a separator */
    {"h=1.0000001", MAZE_ERR_INVALID},
    {"h=0.0000000", MAZE_ERR_INVALID},
    {"h=1.5.5", MAZE_ERR_INVALID},
    {"h=0,v=0", MAZE_ERR_RANGE},
    {"h=0.000000,v=0", MAZE_ERR_RANGE},
    {"h=1000.5", MAZE_ERR_RANGE},
    {"h=1000.000001", MAZE_ERR_RANGE},
    {"h=1001", MAZE_ERR_RANGE},
    {"v=99999999999999999999999", MAZE_ERR_RANGE},
};

static void
test_bias_parse_rejects(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(bads) / sizeof(bads[0]); i++) {
        const struct maze_bias before = {{4242, 2424}};
        struct maze_bias b = before;
        int rc = maze_bias_parse(bads[i].text, &b);
        if (rc != bads[i].status) {
            fail_msg("\"%s\" gave \"%s\", expected \"%s\"", bads[i].text,
                     maze_strerror(rc), maze_strerror(bads[i].status));
        }
        /* A refused text leaves the output alone. */
        assert_memory_equal(&b, &before, sizeof(b));
    }
}

static void
test_bias_parse_null(void **state)
{
    (void)state;
    struct maze_bias b;
    assert_int_equal(maze_bias_parse(NULL, &b), MAZE_ERR_INVALID);
    assert_int_equal(maze_bias_parse("h=1", NULL), MAZE_ERR_INVALID);
}

static void
test_bias_format_exact(void **state)
{
    (void)state;
    static const struct {
        uint32_t h, v;
        const char *text;
    } cases[] = {
        {3 * ONE, ONE, "h=3,v=1"},
        {1500000, ONE, "h=1.5,v=1"},
        {0, 2 * ONE, "h=0,v=2"},
        {1, ONE, "h=0.000001,v=1"},
        {MAZE_WEIGHT_MAX, 10, "h=1000,v=0.00001"},
        {MAZE_WEIGHT_MAX - 1, 120000, "h=999.999999,v=0.12"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct maze_bias b = {{cases[i].h, cases[i].v}};
        char buf[64];
        maze_bias_format(&b, buf, sizeof(buf));
        assert_string_equal(buf, cases[i].text);
    }
}

static void
test_bias_format_truncates(void **state)
{
    (void)state;
    struct maze_bias b = {{1500000, 2 * ONE}};
    char buf[8];
    memset(buf, 'X', sizeof(buf));
    maze_bias_format(&b, buf, 6);
    /* snprintf semantics: terminated within size, a prefix of the whole. */
    assert_string_equal(buf, "h=1.5");
    assert_int_equal(buf[6], 'X');
}

static void
check_round_trip(uint32_t h, uint32_t v)
{
    struct maze_bias b = {{h, v}}, back = {{0, 0}};
    char buf[64];
    maze_bias_format(&b, buf, sizeof(buf));
    int rc = maze_bias_parse(buf, &back);
    if (rc != MAZE_OK) {
        fail_msg("\"%s\" (h=%u v=%u) refused: %s", buf, (unsigned)h,
                 (unsigned)v, maze_strerror(rc));
    }
    assert_int_equal(back.weight[MAZE_CLASS_H], h);
    assert_int_equal(back.weight[MAZE_CLASS_V], v);
}

static void
test_bias_format_round_trip(void **state)
{
    (void)state;
    static const uint32_t special[] = {
        0,
        1,
        9,
        10,
        999999,
        ONE,
        1000001,
        1500000,
        2 * ONE,
        123,
        MAZE_WEIGHT_MAX - 1,
        MAZE_WEIGHT_MAX,
    };
    size_t n = sizeof(special) / sizeof(special[0]);
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < n; j++) {
            if (special[i] != 0 || special[j] != 0) {
                check_round_trip(special[i], special[j]);
            }
        }
    }
    struct maze_rng rng;
    maze_rng_seed(&rng, 5);
    for (int i = 0; i < 20000; i++) {
        uint32_t h = (uint32_t)maze_rng_below(&rng, MAZE_WEIGHT_MAX + 1ull);
        uint32_t v = (uint32_t)maze_rng_below(&rng, MAZE_WEIGHT_MAX + 1ull);
        if (h != 0 || v != 0) {
            check_round_trip(h, v);
        }
    }
}

/*
 * Switches to a locale whose decimal separator is a comma, if one is
 * installed; returns whether it did.
 */
static int
use_comma_locale(void)
{
    static const char *const names[] = {
        "de_DE.UTF-8", "de_DE.utf8",  "de_DE",       "fr_FR.UTF-8",
        "fr_FR.utf8",  "nl_NL.UTF-8", "ru_RU.UTF-8",
    };
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (setlocale(LC_ALL, names[i]) != NULL &&
            strcmp(localeconv()->decimal_point, ",") == 0) {
            return 1;
        }
    }
    setlocale(LC_ALL, "C");
    return 0;
}

static void
test_bias_locale_independent(void **state)
{
    (void)state;
    int comma = use_comma_locale();
    print_message("testing under %s\n",
                  comma ? setlocale(LC_ALL, NULL) : "C (no comma locale)");
    struct maze_bias b;
    assert_int_equal(maze_bias_parse("h=1.5,v=0.25", &b), MAZE_OK);
    assert_int_equal(b.weight[MAZE_CLASS_H], 1500000);
    assert_int_equal(b.weight[MAZE_CLASS_V], 250000);
    assert_int_equal(maze_bias_parse("h=1,5", &b), MAZE_ERR_INVALID);
    char buf[64];
    maze_bias_format(&(struct maze_bias){{1500000, 250000}}, buf, sizeof(buf));
    assert_string_equal(buf, "h=1.5,v=0.25");
    setlocale(LC_ALL, "C");
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bias_parse_accepts),
        cmocka_unit_test(test_bias_parse_rejects),
        cmocka_unit_test(test_bias_parse_null),
        cmocka_unit_test(test_bias_format_exact),
        cmocka_unit_test(test_bias_format_truncates),
        cmocka_unit_test(test_bias_format_round_trip),
        cmocka_unit_test(test_bias_locale_independent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
